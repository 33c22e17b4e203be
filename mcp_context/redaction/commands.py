"""Credentials a command or a call is given by position rather than by name: the password argument of a login or bind
call (``smtp.login(user, 'pw')``, ``conn.simple_bind_s(dn, 'pw')``, ``new NetworkCredential(user, "pw")``, a
credentials call's last literal), a password piped into a command that reads it from its input (``echo 'pw' | docker
login --password-stdin``) or a value into one that stores it under a secret's name, the password a user verb sets
(``add_user u pw``; administration tools' own, see positional), ``auth user:pw``, the value a secret store's command
sets under a name that says secret (``gh secret set API_TOKEN --body v``, ``aws ssm put-parameter --name
/x/DB_PASSWORD --value v``), the password of ``AUTH`` in Redis' protocol, and the ``user/password@`` of an Oracle
connect descriptor. Each is a pattern, to find the place, and a judgement in Python of the value: the same calls and
commands take names, hosts and files far more often than passwords."""

from __future__ import annotations

import re
from typing import Any

from . import generic, values
from .placed import random_value
from .values import ascii_of, password_like, plausible_value

#: A value on a command line: no white space, quote, backslash (a JSON escape), shell operator or non-ASCII.
_ARG = r"""[^\s"'`\\<>|;&\x00-\x1f\x7f\x80-\U0010ffff]"""
#: A Windows path's characters (a share's ``\\host\share``): an argument's and the backslash.
_UNC = r"""[^\s"'`<>|;&\x00-\x1f\x7f\x80-\U0010ffff]"""
#: Between a call's arguments: white space, over lines too (a JSON string's escaped ones).
_SPACE = r"(?:[ \t\r\n]|\\[nrt]){0,24}"
#: A quoted argument's characters: anything but its quote, a backslash, a line's end or non-ASCII.
_QUOTED = r"""[^"'\\\n\r\x00-\x1f\x7f\x80-\U0010ffff]"""

#: A URL's scheme: a connect call's last literal is its server (WLST's ``connect('user', 'pw', 't3://host:7001')``),
#: never its password, which stands before it.
_URL = r"[A-Za-z][A-Za-z0-9+.\-]{0,16}://"

#: A call whose name says it logs in or binds with credentials, its first arguments (the user, and a realm or a
#: host before it: literals, names, attributes) and the next a literal: the password (``NetworkCredential(user,
#: "pw")``, a build tool's ``Credentials("realm", "host", "user", "pw")``).
LOGIN_CALL = (
    r"(?i:login|bind_s|credentials?|authenticat(?:e|ion)|auth(?:[ \t]{0,4}=[ \t]{0,4})?|basic(?:_?auth)?|connect"
    r"|getconnection|__construct"
    r"|pdo|x509certificate2)\("
    + _SPACE
    + rf"(?:(?:(?P<q1>\\{{0,8}}['\"]){_QUOTED}{{0,256}}(?P=q1)|[A-Za-z_][A-Za-z0-9_.\[\]]{{0,64}})"
    rf"{_SPACE},{_SPACE}){{1,3}}(?:Some\()?(?P<q>\\{{0,8}}['\"])(?!{_URL})(?P<secret>{_QUOTED}{{8,256}})(?P=q)"
    r"(?:\)|\.to\w{1,16}\(\))?[ \t]{0,8}[,)]"  # Rust's ``Some("pw")``, Java's ``"pw".toCharArray()``
)
#: As code spells them (``NetworkCredential(``, ``HTTPBasicAuth(``, requests' ``auth=(``, ``session.auth = (``), and a
#: database's connect call given a data source, a user and the password (``DriverManager.getConnection(url, "user",
#: "pw")``, Perl DBI's ``connect``, ``new PDO(dsn, user, pw)`` and a stack trace's ``PDO->__construct(...)``), a
#: certificate's file and its password (``new X509Certificate2("x.pfx", "pw")``); not ``bind(``, which JavaScript
#: calls everywhere. A ``connect(`` with other arguments (a host and a port) is no match: its last literal is made as
#: a password.
LOGIN_CALL_ANCHORS = (
    "login(", "Login(", "bind_s(", "Credential(", "credential(", "Credentials(", "credentials(", "authenticate(",
    "Authenticate(", "Auth(", "auth=(", "Authentication(", "basic(", "basic_auth(", "BasicAuth(", "connect(",
    "Connect(", "getConnection(", "__construct(", "PDO(", "X509Certificate2(", "auth = (", "auth= (", "auth =(",
)  # fmt: skip


#: A database's connect call given the source (a host, a data source's name), the user and the password as its first
#: three literals, and more after them (the database, a port, options as names and values): MATLAB's
#: ``database('dsn', 'user', 'pw', 'Vendor', 'PostgreSQL')``, MySQLdb's and PyMySQL's ``connect("host", "user", "pw",
#: "db")``, whose last literal (read by the rule above) is no password.
CONNECT_CALL = (
    rf"\b(?:database|connect|Connect)\({_SPACE}(?:(?P<q1>\\{{0,8}}['\"]){_QUOTED}{{1,256}}(?P=q1){_SPACE},{_SPACE}){{2}}"
    rf"(?P<q>\\{{0,8}}['\"])(?P<secret>{_QUOTED}{{6,256}})(?P=q){_SPACE},"
)
CONNECT_CALL_ANCHORS = ("database(", "connect(", "Connect(")

#: ``echo`` or ``printf`` and what comes before the value they print: ``-n``, a ``'%s'`` format.
_ECHOED = r"\b(?:echo|printf)[ \t]{1,4}(?:-[nE]{1,2}[ \t]{1,4})?(?:(?P<f>['\"]?)%s(?:\\n)?(?P=f)[ \t]{1,4})?"
#: A value echoed into a command that reads a secret from its input: ``echo 'pw' | cmd ... --password-stdin``
#: (docker, podman, helm, oras login; openconnect's ``--passwd-on-stdin``, cryptsetup's ``--key-file=-``), or a secret
#: store's command that names what it stores (``printf '%s' v | docker secret create api_token -``, ``echo v | gh
#: secret set API_KEY``, ``| wrangler secret put X``).
PIPED = (
    _ECHOED + rf"(?P<q>(?:\\{{0,8}}['\"])?)(?P<secret>{_ARG}{{6,256}})(?P=q)"
    r"[ \t]{0,4}\|(?P<command>[^\n|;&]{0,256})"
)
PIPED_ANCHORS = ("echo", "printf")


def piped(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether what is echoed is a secret: a password read from the input (``--password-stdin``: whatever it is
    made of), or a value made as a password or random given to a command that names a secret."""
    # the command ends with its line, in a JSON string too (an escaped newline): a next line's words are no part
    command = _LINE_END.split(ascii_of(match.group("command")), maxsplit=1)[0]
    value = ascii_of(match.group("secret"))
    if any(flag in command for flag in _STDIN_SECRET):
        return given_password(match, text)
    if not _LOGIN_WORDS.isdisjoint(command.split()):  # a login that reads its token from the input
        return value[0] not in "$%{<" and (
            password_like(value, quoted=bool(match.group("q"))) or plausible_value(value, False)
        )
    if value[0] in "$%{<" or not any(generic.secret_name(w) for w in _WORDS.findall(command)):
        return False
    return password_like(value, quoted=bool(match.group("q"))) or (
        plausible_value(value, False) and any(values.random_run(run, 12) for run in _RUN12.findall(value))
    )


#: A value echoed into a file whose name says it holds a secret (``echo "pw" > /var/ossec/etc/authd.pass``, ``printf
#: '%s' v >> ~/.config/app/token``): what the file holds is the value, so the file's name is the value's.
# quoted, the value may hold spaces (a secrets table's line, ``label user:password``)
ECHO_INTO = (
    _ECHOED + rf"(?P<q>\\{{0,8}}['\"])?(?P<secret>(?(q)[^'\"\n\\]{{6,256}}|{_ARG}{{6,256}}))(?(q)(?P=q))"
    r"[ \t]{0,4}>{1,2}[ \t]{0,4}(?P<file>[^\s;|&\"'`\\<>]{1,256})"
)
ECHO_INTO_ANCHORS = ("echo", "printf")


def echo_into(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the file's own name (not its folders': ``secrets/README``) says secret and the value is one: made
    as a password for a password's file, plausible as a token for any other."""
    name = ascii_of(match.group("file")).rstrip("/").rsplit("/", 1)[-1]
    value = ascii_of(match.group("secret"))
    if value[0] in "$%{<" or not generic.secret_name(name):
        return False
    if " " in value:  # a line of words and the secret among them: one made as a password, or random
        return any(password_like(word) or values.random_run(word) for word in re.split(r"[\s:@=]+", value) if word)
    return plausible_value(value, generic.password_name(name))


_RUN12 = re.compile(r"[A-Za-z0-9]{12,}")
#: Flags that make a command read its password or key from its input (docker's, cryptsetup's ``--key-file=-``).
_STDIN_SECRET = ("--password-stdin", "--passwd-on-stdin", "--key-file=-", "--key-file -", "--passphrase-fd 0")
#: Words of a command that logs in with what it reads from its input (``cargo login``, ``gh auth login
#: --with-token``, ``vault login -``).
_LOGIN_WORDS = frozenset({"login", "--with-token", "--token-stdin", "--password-stdin"})
_LINE_END = re.compile(r"\\+[nr]")


#: The value a command sets (``--body``, ``--value``, ``-b``; a key's value in ``kubectl create secret generic x
#: --from-literal=KEY=v``, whatever the key is named) on a line that names a secret before it.
SET_FLAG = (
    r"(?:(?:--body|--value|--secret-value)(?:[ \t]{1,4}|=)|--from-literal[ \t=][A-Za-z0-9_.\-]{1,64}=)"
    rf"(?P<q>(?:\\{{0,8}}['\"])?)(?P<secret>{_ARG}{{8,512}})(?P=q)"
)
SET_FLAG_ANCHORS = ("--body", "--value", "--secret-value", "--from-literal")
#: How far back on its line a command's other arguments are read for a name that says secret.
SET_BACK = 200
#: Where a command's line ends: a line break no backslash continues (in a JSON string too, its escapes escaped).
_COMMAND_LINES = re.compile(r"(?<!\\)\n|(?<!\\\\)\\n")
_WORDS = re.compile(r"[A-Za-z0-9_.\-]{3,}")


def set_flag(match: re.Match[Any], text: str | bytes) -> bool:
    """Whether the command names a secret (``gh secret set X``, ``--name .../DB_PASSWORD``) and the value is one."""
    before = text[max(0, match.start() - SET_BACK) : match.start()]
    line = _COMMAND_LINES.split(before.decode("utf-8", "ignore") if isinstance(before, bytes) else before)[-1]
    value = ascii_of(match.group("secret"))
    if value[0] in "$%{@":
        return False
    words = _WORDS.findall(line)
    if not any(generic.secret_name(w) for w in words):  # a key's name (``--key X_KEY``): its value when random
        return any(generic.key_name(w) for w in words) and random_value(value)
    return plausible_value(value, False) or password_like(value)


#: Redis' ``AUTH [user] password`` (redis-cli's prompt, a MONITOR log, a protocol dump).
REDIS_AUTH = (
    # not SMTP's or IMAP's SASL mechanism (``AUTH PLAIN <base64>``: judged by decoding it, see encoded)
    r"\bAUTH[ \t]{1,4}(?!(?:PLAIN|LOGIN|XOAUTH2|OAUTHBEARER|CRAM-MD5|DIGEST-MD5|SCRAM-SHA-\d+|GSSAPI|EXTERNAL)\b)"
    rf"(?:(?P<user>[A-Za-z0-9_\-]{{1,64}})[ \t]{{1,4}})?(?P<secret>{_ARG}{{8,256}})"
    r"(?=[ \t]*(?:\r?\n|\\[rn]|$))"
)
REDIS_AUTH_ANCHORS = ("AUTH ", "AUTH\t")
#: Tor's control port, given its password quoted (``AUTHENTICATE "pw"``, typed or piped into ``nc``).
CONTROL_AUTH = r"\bAUTHENTICATE[ \t]{1,4}(?P<q>\\{0,8}\")(?P<secret>[^\"\\\n\r]{6,256})(?P=q)"
CONTROL_AUTH_ANCHORS = ("AUTHENTICATE ",)


#: An Oracle connect descriptor's ``user/password@`` (a thin JDBC URL, sqlplus, the Data Pump tools).
ORACLE = (
    r"(?:(?i:thin):|\b(?:sqlplus|expdp|impdp|sqlldr|rman[ \t]{1,4}target)(?:[ \t]{1,4}-[A-Za-z]{1,10}){0,4}[ \t]{1,4}"
    r"(?:[a-z]{2,10}=)?)"
    r"[A-Za-z0-9_$#.]{1,64}/(?P<secret>[^\s/@\"'\\\x80-\U0010ffff]{1,256})@"
)
ORACLE_ANCHORS = ("thin:", "sqlplus", "expdp", "impdp", "sqlldr", "rman target")


#: ``-U user%password`` (smbclient, rpcclient, net, winexe: Samba's tools), the user after its domain too
#: (``-U 'DOMAIN\user%password'``).
SAMBA_USER = (
    rf"(?<![^\s\"'])-U[ \t]{{1,4}}(?P<q>['\"]?)(?:[^\s%'\"\\]{{1,64}}\\{{1,2}})?[^\s%'\"\\]{{1,64}}%"
    rf"(?P<secret>{_ARG}{{6,256}})(?P=q)"
)
SAMBA_USER_ANCHORS = ("-U ",)


#: A command that adds a user or sets a user's password, given the user and then the password by position
#: (``rabbitmqctl add_user orders 'pw'``, ``change_password``, a broker's or a database's admin tool; a tool whose
#: subcommands are a noun and a verb, ``samba-tool user create svc 'pw'``, ``emqx ctl admins passwd admin 'pw'``).
USER_VERB = (
    r"\b(?:add_user|create_user|change_password|set_password|adduser|useradd|users?[ \t]{1,4}(?:create|add)|"
    r"admins?[ \t]{1,4}passwd)[ \t]{1,4}"
    r"(?P<uq>['\"]?)[A-Za-z0-9_.@\-]{1,64}(?P=uq)[ \t]{1,4}"
    rf"(?P<q>(?:\\{{0,8}}['\"])?)(?P<secret>{_ARG}{{6,256}})(?P=q)(?=[\s;|&)]|\\[nrt]|$)"
)
USER_VERB_ANCHORS = (
    "add_user ", "create_user ", "change_password ", "set_password ", "adduser ", "useradd ", "admins passwd ",
    "admin passwd ",
    "user create ", "user add ", "users create ", "users add ",
)  # fmt: skip


#: A user and a password joined by a colon after a word that says auth or login (HAProxy's ``stats auth admin:pw``, a
#: proxy's or a mail relay's ``auth user:pw``), as ``curl -u`` joins them.
AUTH_PAIR = (
    rf"\b(?i:auth|login|logon)(?:[ \t]{{1,4}}|=)(?P<q>['\"]?)[A-Za-z0-9_.@\-]{{1,64}}:(?P<secret>{_ARG}{{6,256}})(?P=q)"
    r"(?=[\s;|&)]|\\[nrt]|$)"
)
#: Also an option that gives the pair (Squid's ``cache_peer ... login=user:pw``, ``auth=user:pw``).
AUTH_PAIR_ANCHORS = ("auth ", "auth\t", "AUTH ", "Auth ", "auth=", "login=", "LOGIN=", "logon=")


#: A password told in a sentence: "your password is: v", "the password was reset to v".
TOLD = (
    r"(?i:passw(?:or)?d|passphrase|passcode)[ \t]{1,4}(?i:(?:is|was|has[ \t]{1,4}been)[ \t]{1,4})?"
    r"(?i:(?:set|reset|changed)[ \t]{1,4}to|is|was|becomes)"
    r"[ \t]{0,4}:?[ \t]{1,4}(?P<q>(?:\\{0,8}[\"'`])?)(?P<secret>[^\s\"'`\\\x80-\U0010ffff]{6,128}?)(?P=q)"
    r"[.,;!]?(?=\s|\\[nrt]|$)"
)
TOLD_ANCHORS = ("password ", "passwd ", "passphrase ", "passcode ")


def made_password(match: re.Match[Any], text: str | bytes) -> bool:
    """A value made as a password (three kinds of character, or random): not a second name or a mode
    (``login(user, 'standard')``), nor a word in a sentence ("the password is required")."""
    quoted = "q" in match.re.groupindex and bool(match.group("q"))
    return password_like(ascii_of(match.group("secret")), quoted=quoted)


def given_password(match: re.Match[Any], text: str | bytes) -> bool:
    """What a command is given as its password, whatever it is made of: no reference (``$VAR``, ``${X}``,
    ``%s``, ``<password>``) nor placeholder."""
    value = ascii_of(match.group("secret"))
    return value[0] not in "$%{<" and plausible_value(value, True)


#: A password given to a call under a name that says password: the call hashes or wraps it (Puppet's
#: ``password => postgresql_password('user', 'pw')``, ``Sensitive('pw')``, ``password: hash('pw')``), the last of
#: up to four literal arguments.
WRAPPED = (
    r"(?i:passw(?:or)?d|passphrase)[A-Za-z0-9_]{0,24}\\{0,8}[\"']?[ \t]{0,8}(?:=>|[:=])[ \t]{0,8}"
    rf"[A-Za-z_][A-Za-z0-9_:.]{{0,64}}\([ \t]{{0,8}}"
    rf"(?:(?P<q1>\\{{0,8}}['\"]){_QUOTED}{{0,128}}(?P=q1)[ \t]{{0,8}},[ \t]{{0,8}}){{0,3}}"
    rf"(?P<q>\\{{0,8}}['\"])(?P<secret>{_ARG}{{8,256}})(?P=q)[ \t]{{0,8}}\)"
)
WRAPPED_ANCHORS = ("passw", "passp")


#: A script that answers a prompt for a password (expect's ``expect "password:"`` then ``send "pw\r"``, pexpect's
#: ``expect('Password:')`` then ``sendline('pw')``): the answer on the next line is the password.
ANSWERED = (
    r"\bexpect[ \t(]{1,4}(?:-[a-z]{1,8}[ \t]{1,4})?[^\n]{0,40}?(?i:passw(?:or)?d|passphrase)[^\n]{0,24}(?:\r?\n|\\n)"
    r"[ \t]{0,16}(?:[A-Za-z_][A-Za-z0-9_.]{0,32}\.)?send(?:line)?[ \t(]{1,4}(?:--[ \t]{1,4})?"
    rf"(?P<q>\\{{0,8}}['\"])(?P<secret>{_ARG}{{6,256}}?)(?:\\{{1,2}}[rn])?(?P=q)"
)
ANSWERED_ANCHORS = ("expect",)


#: A literal key handed to a call that signs, verifies, encrypts or keeps sessions with it, by position: a JWT
#: library's ``sign(payload, 'k')`` and ``SignedString([]byte("k"))``, ``hmac.new(b'k', ...)``, ``createHmac('sha256',
#: 'k')``, a cookie store's or parser's (``NewCookieStore([]byte("k"))``, ``cookieParser('k')``), SQL's
#: ``pgp_sym_decrypt(x, 'k')``, an SDK's client built with its key (``Client("k")``, a vendor's ``ZorbClient("k")`` or
#: ``zorb_client("project", "k")``), SQLCipher's database opened with its key (``openOrCreateDatabase(file, "k", null,
#: null)``); made as a password or random.
KEYED_CALL = (
    r"(?:\b(?:sign|verify|SignedString|NewCookieStore|cookieParser|createHmac|NewHMAC|HMAC|Fernet|SDK|"
    r"openOrCreateDatabase|openDatabase)|Client|_client"
    r"|\bhmac\.new"
    r"|(?i:\bpgp_sym_(?:en|de)crypt(?:_bytea)?|\baes_(?:en|de)crypt|\b(?:en|de)cryptbypassphrase))\("
    # the arguments before it quoted as the key is, escaped too (a call inside a JSON string)
    rf"{_SPACE}(?:[^,()\n\"']{{0,64}},{_SPACE}|(?P<q1>\\{{0,8}}['\"])[^'\"\n\\]{{0,64}}(?P=q1),{_SPACE}){{0,2}}"
    rf"(?:\[\]byte\(|b)?(?P<q>\\{{0,8}}['\"])(?P<secret>{_QUOTED}{{8,256}})(?P=q)"
)
KEYED_CALL_ANCHORS = (
    "sign(", "verify(", "SignedString(", "NewCookieStore(", "cookieParser(", "createHmac(", "NewHMAC(", "HMAC(",
    "Fernet(", "Client(", "_client(", "SDK(", "hmac.new(", "openOrCreateDatabase(", "openDatabase(",
    "pgp_sym_encrypt", "pgp_sym_decrypt", "PGP_SYM_ENCRYPT",
    "PGP_SYM_DECRYPT", "aes_encrypt(", "aes_decrypt(", "AES_ENCRYPT(", "AES_DECRYPT(", "ENCRYPTBYPASSPHRASE(",
    "DECRYPTBYPASSPHRASE(", "EncryptByPassPhrase(", "DecryptByPassPhrase(",
)  # fmt: skip


#: Plain text handed to PowerShell's converter to a secure string (``ConvertTo-SecureString 'pw' -AsPlainText``,
#: ``ConvertTo-SecureString -AsPlainText "pw" -Force``).
SECURE_STRING = (
    r"(?i:convertto-securestring)(?:[ \t]{1,4}-(?i:string|asplaintext|force)\b){0,3}[ \t]{1,4}"
    r"(?P<q>\\{0,8}['\"])(?P<secret>[^'\"\n\\$]{6,256})(?P=q)"
)
SECURE_STRING_ANCHORS = ("convertto-securestring",)


#: ZooKeeper's digest scheme's ``user:password`` (zkCli's ``addauth digest u:pw``, Curator's ``authorization("digest",
#: "u:pw".getBytes())``).
ZK_DIGEST = (
    r"(?:addauth[ \t]{1,4}digest[ \t]{1,4}|authorization\([ \t]{0,4}\\{0,8}[\"']digest\\{0,8}[\"'][ \t]{0,4},"
    r"[ \t]{0,4}\\{0,8}[\"'])[^\s:'\"\\]{1,64}:(?P<secret>[^\s'\"\\]{6,256})"
)
ZK_DIGEST_ANCHORS = ("addauth", "authorization(")


#: A command's verb that sets or registers a credential, given it by position (``shodan init KEY``, ``ngrok
#: authtoken KEY``, ``vault operator unseal KEY``, ``cargo login KEY``): a random value only (``git init repo``,
#: ``docker login registry.io`` are names).
CREDENTIAL_VERB = (
    r"(?<![\w-])(?:init|login|authtoken|add-authtoken|unseal|set-token|set-key)[ \t]{1,4}"
    r"(?P<secret>[A-Za-z0-9_\-+/=.]{20,256})(?=[ \t]*(?:\r?\n|\\[rn]|$))"
)
CREDENTIAL_VERB_ANCHORS = ("init ", "login ", "authtoken ", "unseal ", "set-token ", "set-key ")


def credential_verb(match: re.Match[Any], text: str | bytes) -> bool:
    value = ascii_of(match.group("secret"))
    return value[0] != "/" and any(values.random_run(run, 20) for run in _RUN20.findall(value))


_RUN20 = re.compile(r"[A-Za-z0-9]{20,}")


#: A Windows tool's switch that takes a password (``signtool sign /f cert.pfx /p pw``, ``schtasks /RP pw``,
#: ``/password:pw``), the value quoted or not, its quotes also as an XML attribute holding the command writes them
#: (``Command="... /p &quot;pw&quot;"``, an MSBuild target's).
SLASH_FLAG = (
    r"(?<![^\s\"'])/(?i:p|rp|pw|pwd|pass|passwd|password)(?::|[ \t]{1,4})"
    rf"(?P<q>&quot;|(?:\\{{0,8}}['\"])?)(?P<secret>{_ARG}{{6,256}})(?P=q)(?=[\s;|&)\"']|\\[nrt]|$)"
)
SLASH_FLAG_ANCHORS = ("/p ", "/p:", "/rp ", "/pw ", "/pw:", "/pwd", "/pass")


#: A Redis ACL rule that sets a password, ``>`` and the password among a user's rules: ``ACL SETUSER name on >pw
#: ~keys:* +@read`` (redis-cli, a client's call), a ``users.acl`` file's ``user name on >pw ...`` line (Redis, Valkey,
#: KeyDB take the same).
REDIS_ACL = (
    r"(?:(?<![A-Za-z])(?i:setuser)|(?:\n|\\n)user)[ \t]{1,4}[A-Za-z0-9_.@\-]{1,64}"
    rf"(?:[ \t]{{1,4}}[^\s>]{{1,64}}){{0,8}}?[ \t]{{1,4}}>(?P<secret>{_ARG}{{6,256}})(?=\s|\\[nrt]|$)"
)
#: A file's ``user`` only at a line's start: "user " stands in every other log line.
REDIS_ACL_ANCHORS = ("SETUSER", "setuser", "\nuser ", "\\nuser ")


#: A CI runner's logging command that sets a variable (Azure Pipelines' ``##vso[task.setvariable variable=NAME;
#: issecret=true]value``): the value is a secret when the command says so or the variable's name does.
CI_VARIABLE = (
    r"##vso\[task\.setvariable[ \t]{1,4}variable=(?P<name>[A-Za-z0-9_.\-]{1,64})(?P<flags>(?:;[^\]\n]{0,64}){0,4})\]"
    r"(?P<secret>[^\s\"'`\\]{6,512})"
)
CI_VARIABLE_ANCHORS = ("##vso[task.setvariable",)


def ci_variable(match: re.Match[Any], text: str | bytes) -> bool:
    value = ascii_of(match.group("secret"))
    if "issecret=true" in ascii_of(match.group("flags")).lower():
        return value[0] not in "$%{<"
    name = ascii_of(match.group("name"))
    return generic.secret_name(name) and plausible_value(value, generic.password_name(name))


#: GitHub Actions' command that masks a value in the log (``::add-mask::value``): who wrote it said it is secret.
ADD_MASK = r"::add-mask::(?P<secret>[^\s\"'`\\$]{4,512})"
ADD_MASK_ANCHORS = ("::add-mask::",)


#: A pass phrase given by the flag of a command that takes one so (``ssh-keygen -N 'new' -P 'old'``,
#: ``gpg-preset-passphrase --preset -P 'pp' KEYGRIP``, ``ssh-add`` through ``sshpass -P``'s prompt aside): the same
#: letters are other options' elsewhere (``-N`` a count, ``-P`` a port), so the command is read first.
PHRASE_FLAG = (
    r"\b(?:ssh-keygen|gpg-preset-passphrase|puttygen|ssh-add)\b[^\n|;&]{0,240}?(?<=\s)"
    rf"(?:-[NP]|--passphrase|--new-passphrase|--old-passphrase)[ \t=]{{1,4}}(?P<q>\\?['\"]?)(?P<secret>{_ARG}{{6,256}})"
    r"(?P=q)(?=[\s;|&)]|\\[nrt]|$)"
)
PHRASE_FLAG_ANCHORS = ("ssh-keygen", "gpg-preset-passphrase", "puttygen", "ssh-add")


#: A one-time password's shared secret given to the tool that makes the codes (``oathtool --totp -b SEED``,
#: ``ykman oath accounts add name SEED``): base32 (or hex) as the tool takes it, random.
OTP_SEED = (
    r"\b(?:oathtool|oath[ \t]{1,4}(?:accounts[ \t]{1,4})?add[ \t]{1,4}(?:-[A-Za-z][ \t]{1,4}\S{1,32}[ \t]{1,4}){0,4}"
    r"[^\s'\"]{1,64})\b[^\n|;&]{0,160}?(?<=\s)(?P<q>\\?['\"]?)(?P<secret>[A-Z2-7]{16,128}={0,6}|[0-9a-fA-F]{20,128})"
    r"(?P=q)(?=[\s;|&)]|\\[nrt]|$)"
)
OTP_SEED_ANCHORS = ("oathtool", "oath accounts add", "oath add")


def otp_seed(match: re.Match[Any], text: str | bytes) -> bool:
    """A seed is random: a run of letters and digits that changes class as a random one does."""
    return values.random_run(ascii_of(match.group("secret")), 16)


#: A character of a line, in a text or a JSON string (whose ``\\n`` ends it; any other escape is read whole).
_LINE = r"(?:[^\n\\]|\\[^n])"


#: What an askpass program prints (``SSH_ASKPASS``, ``SUDO_ASKPASS``, git's ``GIT_ASKPASS``: a program whose whole
#: output is the password asked for): a literal echoed on one of the few lines after the program's name, as a
#: script's text shows it (``cat askpass.sh``, a heredoc writing it).
ASKPASS = (
    rf"(?i:askpass){_LINE}{{0,160}}(?:\r?\n|\\n)(?:{_LINE}{{0,160}}(?:\r?\n|\\n)){{0,4}}?[ \t]{{0,16}}"
    r"(?:echo|printf)(?:[ \t]{1,4}-[neE]{1,2}|[ \t]{1,4}(?P<f>\\?['\"])%s(?:\\\\?n)?(?P=f))?[ \t]{1,4}"
    rf"(?P<q>\\?['\"]?)(?P<secret>{_ARG}{{6,256}})(?P=q)[ \t]{{0,4}}(?=\r?\n|\\[rn]|$)"
)
ASKPASS_ANCHORS = ("askpass",)


#: A value sent as a request's body to a URL whose path names the credential it sets (CouchDB's
#: ``curl -X PUT .../_config/admins/name -d '"pw"'``, ``.../users/bob/password -d 'pw'``): the body, a JSON string or
#: bare, made as a password.
SENT_BODY = (
    r"\bcurl\b(?=[^\n]{0,600}?/(?i:_?admins|passwords?|passwd|secrets?|credentials?)"
    r"(?:/[A-Za-z0-9_.@\-]{1,64})?(?=[\s'\"?\\]))"
    r"[^\n]{0,600}?\s(?:-d|--data(?:-raw|-binary)?)[ \t=]{1,4}(?P<q>\\?['\"])(?:\\{0,2}\")?"
    rf"(?P<secret>{_ARG}{{6,256}}?)(?:\\{{0,2}}\")?(?P=q)"
)
SENT_BODY_ANCHORS = ("curl",)


#: An API token given as basic auth's user, with a word for the password the API ignores (requests' ``auth=('<token>',
#: 'x')``, Faraday's ``:authorization, :basic, '<token>', 'X'``, ``HTTPBasicAuth('<token>', '')``), or a bearer's
#: (Elixir's ``{:bearer, "<token>"}``): random.
TOKEN_AS_USER = (
    r"(?:\bauth=\(|:basic,|:bearer,|\bHTTPBasicAuth\(|\bbasic_auth\()[ \t]{0,4}(?P<q>\\{0,8}['\"])"
    r"(?P<secret>[A-Za-z0-9_\-]{16,256})"
    # then the word for the password; a bearer's tuple ends there (Elixir's ``auth: {:bearer, "<token>"}``)
    r"(?P=q)[ \t]{0,4}(?:,[ \t]{0,4}\\{0,8}['\"](?:[A-Za-z_]{0,12})\\{0,8}['\"]|\})"
)
TOKEN_AS_USER_ANCHORS = ("auth=(", ":basic,", ":bearer,", "HTTPBasicAuth(", "basic_auth(")


#: A job's arguments as a queue prints them, a host or a URL, a user and a password (Celery's ``'args':
#: ['sftp.x.example', 'user', 'pw']``, Sidekiq's ``"args":["ftps://x.example","user","pw"]``): the third made as a
#: password.
JOB_ARGS = (
    r"(?P<aq>\\{0,8}['\"])args(?P=aq)[ \t]{0,4}[:=][ \t]{0,4}\[[ \t]{0,4}"
    r"(?P<q1>\\{0,8}['\"])[A-Za-z][\w+.-]{0,16}(?::/)?/?/?[\w.-]{1,128}\.[\w.-]{1,64}(?P=q1)[ \t]{0,4},[ \t]{0,4}"
    r"(?P<q2>\\{0,8}['\"])[\w.@-]{1,64}(?P=q2)[ \t]{0,4},[ \t]{0,4}"
    rf"(?P<q>\\{{0,8}}['\"])(?P<secret>{_QUOTED}{{8,256}})(?P=q)"
)
JOB_ARGS_ANCHORS = ("'args'", '"args"', '\\"args\\"')


def token_as_user(match: re.Match[Any], text: str | bytes) -> bool:
    return values.random_run(ascii_of(match.group("secret")))


#: A password glued to the flag that gives it, or after a flag only one tool names so: RAR's ``-hp<pw>`` and
#: ``-p<pw>`` (``rar a -hpV archive.rar``), SIPp's ``-ap <pw>`` (after ``-au <user>``).
FLAG_GIVEN = (
    rf"(?:\b(?:rar|unrar|7z)[ \t]{{1,4}}[a-z]{{1,2}}(?:[ \t]{{1,4}}-(?!h?p)[^\s]{{1,64}}){{0,8}}?[ \t]{{1,4}}-h?p"
    rf"|(?<![^\s\"'])-au[ \t\"',]{{1,8}}{_ARG}{{1,64}}[\"']?[ \t,]{{1,4}}[\"']?-ap[\"']?[ \t,]{{1,4}})"
    rf"(?P<q>['\"]?)(?P<secret>{_ARG}{{6,256}})(?P=q)(?=[\s;|&)]|\\[nrt]|$)"
)
FLAG_GIVEN_ANCHORS = ("rar ", "7z ", "-au ", '-au"', "-au'")


#: A 3D printer's or CNC board's password set by G-code (RepRapFirmware's ``M551 P"pw"``).
GCODE_PASSWORD = r"\bM551[ \t]{1,4}P\\{0,8}\"(?P<secret>[^\"\n\\]{1,64})\\{0,8}\""
GCODE_PASSWORD_ANCHORS = ("M551 ",)
