"""Passwords that administration tools take by position on their command lines, after the user or the thing they
set it for: the place a password stands is known from each tool's usage, not from any name beside the value. Each
tool is an alternative of one pattern, ending where its password begins; the value is judged as any password given
to a command (no reference nor placeholder)."""

from __future__ import annotations

from .commands import _ARG, _UNC

#: Tools that take a user and then a password by position, with the options that put them so: Apache's
#: ``htpasswd -b file user pw`` (``-b``: the password on the command line), unixODBC's ``isql DSN user pw``,
#: Windows' ``net user name pw /add`` and ``net use \\host\share pw /user:name``, a package index's login kept by
#: Poetry (``poetry config http-basic.NAME user pw``), SAP HANA's secure store (``hdbuserstore SET KEY host:port
#: user pw``), macOS's ``dscl . -passwd /Users/name pw``, qpdf's ``--encrypt user-pw owner-pw``, iRODS' ``iinit pw``
#: a Synology NAS's ``synouser --setpw user pw``, SteamCMD's ``+login user pw``, ``idevicebackup2 encryption on pw``,
#: Android Backup Extractor's ``abe.jar unpack in out pw`` and the MinIO client's ``mc alias set NAME URL ACCESS
#: SECRET`` (``mc config host add`` before it), MAAS's ``maas login PROFILE URL KEY`` and ``deluge-console "connect
#: HOST:PORT USER PW"``; Webmin's ``changepass.pl CONFIG USER PW`` and the Hestia and Vesta control panels' ``v-``
#: commands that add or change a user, a database or a mailbox with its password (``v-add-database USER DB DBUSER
#: PW``), OpenNebula's ``oneuser passwd ID PW`` and ``oneuser create NAME PW``, Xen Orchestra's ``xo-cli register URL
#: USER PW`` and PocketBase's ``pocketbase superuser upsert EMAIL PW``.
POSITIONAL = (
    r"\b(?:htpasswd(?:[ \t]{1,4}-[A-Za-z]{1,4}){0,4}?[ \t]{1,4}-[A-Za-z]{0,3}b[A-Za-z]{0,3}"
    r"(?:[ \t]{1,4}-[A-Za-z]{1,4}){0,4}"
    rf"(?:[ \t]{{1,4}}{_ARG}{{1,256}})?[ \t]{{1,4}}{_ARG}{{1,64}}"
    rf"|isql(?:[ \t]{{1,4}}-[A-Za-z]{{1,8}}){{0,4}}[ \t]{{1,4}}{_ARG}{{1,128}}[ \t]{{1,4}}{_ARG}{{1,64}}"
    rf"|(?i:net[ \t]{{1,4}}user)[ \t]{{1,4}}(?:\"[^\"\n]{{1,64}}\"|{_ARG}{{1,64}})"
    rf"|(?i:net[ \t]{{1,4}}use)[ \t]{{1,4}}(?:(?:[A-Za-z]:|\*)[ \t]{{1,4}})?\\{{2,4}}{_UNC}{{1,256}}"
    r"(?:[ \t]{1,4}/(?i:user|u):[^\s/]{1,128})?"
    rf"|http-basic\.[A-Za-z0-9_.\-]{{1,64}}[ \t]{{1,4}}{_ARG}{{1,64}}"
    rf"|hdbuserstore(?:[ \t]{{1,4}}-[A-Za-z]{{1,8}}){{0,4}}[ \t]{{1,4}}(?i:set)(?:[ \t]{{1,4}}{_ARG}{{1,256}}){{3}}"
    rf"|dscl[ \t]{{1,4}}{_ARG}{{1,128}}[ \t]{{1,4}}-passwd[ \t]{{1,4}}{_ARG}{{1,128}}"
    rf"|qpdf(?:[ \t]{{1,4}}{_ARG}{{1,128}}){{0,6}}?[ \t]{{1,4}}--encrypt|iinit"
    rf"|synouser[ \t]{{1,4}}--setpw[ \t]{{1,4}}{_ARG}{{1,64}}"
    rf"|(?<=\+)login[ \t]{{1,4}}{_ARG}{{1,64}}"
    rf"|idevicebackup2(?:[ \t]{{1,4}}-[A-Za-z]{{1,2}}[ \t]{{1,4}}{_ARG}{{1,64}}){{0,3}}"
    rf"[ \t]{{1,4}}encryption[ \t]{{1,4}}on"
    rf"|abe\.jar[ \t]{{1,4}}(?:un)?pack(?:-kk)?[ \t]{{1,4}}{_ARG}{{1,256}}[ \t]{{1,4}}{_ARG}{{1,256}}"
    rf"|\bmc[ \t]{{1,4}}(?:alias[ \t]{{1,4}}set|config[ \t]{{1,4}}host[ \t]{{1,4}}add)"
    rf"(?:[ \t]{{1,4}}{_ARG}{{1,256}}){{3}}"
    rf"|\bmaas[ \t]{{1,4}}login[ \t]{{1,4}}{_ARG}{{1,64}}[ \t]{{1,4}}{_ARG}{{1,256}}"
    rf"|deluge-console[ \t]{{1,4}}\\{{0,8}}[\"']?connect[ \t]{{1,4}}{_ARG}{{1,128}}[ \t]{{1,4}}{_ARG}{{1,64}}"
    rf"|changepass\.pl(?:[ \t]{{1,4}}{_ARG}{{1,256}}){{2}}"
    rf"|\bv-(?:add-user|change-user-password)[ \t]{{1,4}}{_ARG}{{1,128}}"
    rf"|\bv-change-database-password(?:[ \t]{{1,4}}{_ARG}{{1,128}}){{2}}"
    rf"|\bv-(?:add-database|add-mail-account|change-mail-account-password)(?:[ \t]{{1,4}}{_ARG}{{1,128}}){{3}}"
    rf"|\boneuser[ \t]{{1,4}}(?:passwd|create)[ \t]{{1,4}}{_ARG}{{1,128}}"
    rf"|\bxo-cli[ \t]{{1,4}}register(?:[ \t]{{1,4}}--[A-Za-z-]{{1,32}}){{0,4}}(?:[ \t]{{1,4}}{_ARG}{{1,256}}){{2}}"
    rf"|\bpocketbase[ \t]{{1,4}}(?:superuser|admin)[ \t]{{1,4}}(?:upsert|create|update)[ \t]{{1,4}}{_ARG}{{1,128}})"
    rf"[ \t]{{1,4}}(?P<q>['\"]?)(?P<secret>[^\s/\"'`\\<>|;&\x00-\x1f\x7f\x80-\U0010ffff]{_ARG}{{5,255}})(?P=q)"
    r"(?=[\s;|&)\"]|\\[nrt\"]|$)"  # a JSON string's end too, where the command ends it
)
POSITIONAL_ANCHORS = (
    "htpasswd", "isql", "net use", "NET USE", "Net use", "net user", "NET USER", "Net user", "http-basic.",
    "hdbuserstore", "dscl", "qpdf", "iinit", "synouser", "login ", "idevicebackup2", "abe.jar", "mc alias", "mc config",
    "maas login", "deluge-console", "changepass.pl", "v-add-user", "v-change-user-password",
    "v-change-database-password", "v-add-database", "v-add-mail-account", "v-change-mail-account-password",
    "oneuser passwd", "oneuser create", "xo-cli register", "pocketbase superuser", "pocketbase admin",
)  # fmt: skip


#: A node's join command with the cluster's one-time token in its address (MicroK8s' ``microk8s join
#: HOST:PORT/TOKEN/HASH``, as ``microk8s add-node`` prints it): whoever holds it joins the cluster.
JOIN_TOKEN = r"\bmicrok8s[ \t]{1,4}join[ \t]{1,4}[A-Za-z0-9.\-\[\]:]{1,256}/(?P<secret>[0-9a-f]{32})(?=/|[\s\"']|\\|$)"
JOIN_TOKEN_ANCHORS = ("microk8s join",)
