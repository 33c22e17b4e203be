"""The generic places of the ninth held-out part (ninth.py) in a host's or a user's config files and the command
lines that go with them: surroundings none of the other parts has, each taking ``(rng, name, value)`` and giving
``(text, secret)``: ``~/.boto``, ``cqlshrc`` and ``nodetool``, OCI's config and ``openssl -passin``, ``.wgetrc``
and ``.curlrc``, the Hetzner CLI, apt's ``auth.conf`` and dnf repos, PPP, sSMTP and nullmailer, davfs2 and
nextcloudcmd, Bacula, Network UPS Tools, Asterisk, chrony and ntpd keys, BIND's TSIG keys and ``nsupdate``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .fresh import Shown
from .makers import s


def boto_config_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.boto\n[Credentials]\n"
        f"gs_access_key_id = GOOG1E{s(rng, 55, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}\n"
        f"gs_secret_access_key = {value}\n\n[GSUtil]\ndefault_project_id = acme-data-4821\n"
    ), value


def cqlshrc_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; ~/.cassandra/cqlshrc\n[authentication]\nusername = reporting\n"
        f"password = {value}\n\n[connection]\nhostname = cass-1.acme.lan\nport = 9042\n"
    ), value


def nodetool_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ nodetool -h cass-1.acme.lan -u cassandra -pw '{value}' status\nDatacenter: eu-west\n"
        "===================\nStatus=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n"
        "--  Address     Load       Tokens  Owns   Host ID   Rack\nUN  10.0.6.11   212.4 GiB  16      ?      "
        "4f3c...  r1\n"
    ), value


def oci_config_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.oci/config\n[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa"
        + s(rng, 52, "abcdefghijklmnopqrstuvwxyz0123456789")
        + "\nfingerprint="
        + ":".join(s(rng, 2, "0123456789abcdef") for _ in range(16))
        + f"\nkey_file=~/.oci/oci_api_key.pem\npass_phrase={value}\nregion=eu-frankfurt-1\n"
    ), value


def openssl_rsa_passin(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ openssl rsa -in ~/.oci/oci_api_key.pem -passin 'pass:{value}' -pubout -out oci_api_key_public.pem\n"
        "writing RSA key\n"
    ), value


def wgetrc_file(rng: random.Random, var: str, value: str) -> Place:
    return f"# ~/.wgetrc\ntimeout = 30\ntries = 3\nuser = mirror\npassword = {value}\nuse_proxy = off\n", value


def wget_http_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ wget --http-user=release-bot --http-password='{value}' "
        "https://artifacts.acme.lan/releases/shop-2.4.0.tar.gz\n"
        "HTTP request sent, awaiting response... 401 Unauthorized\n"
        'Authentication selected: Basic realm="artifacts"\nHTTP request sent, awaiting response... 200 OK\n'
    ), value


def curlrc_file(rng: random.Random, var: str, value: str) -> Place:
    return f'# ~/.curlrc\nsilent\nshow-error\nuser = "mirror:{value}"\nretry = 3\n', value


def curl_config_stdin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -K - https://artifacts.acme.lan/api/storage/releases <<'EOF'\n"
        f'user = "release-bot:{value}"\nfail\nEOF\n'
    ), value


def hcloud_cli_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.config/hcloud/cli.toml\nactive_context = "acme-prod"\n\n[[contexts]]\n  name = "acme-prod"\n'
        f'  token = "{value}"\n'
    ), value


def hcloud_context_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ HCLOUD_TOKEN={value} hcloud context create acme-staging\nContext acme-staging created and activated\n"
    ), value


def apt_auth_conf(rng: random.Random, var: str, value: str) -> Place:
    return (f"# /etc/apt/auth.conf.d/acme.conf\nmachine apt.acme.dev/debian\nlogin ci-apt\npassword {value}\n"), value


def dnf_repo_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/yum.repos.d/acme.repo\n[acme-stable]\nname=Acme packages\n"
        "baseurl=https://rpm.acme.dev/el9/$basearch\nenabled=1\ngpgcheck=1\n"
        f"username=ci-rpm\npassword={value}\n"
    ), value


def ppp_chap_secrets_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/ppp/chap-secrets\n# Secrets for authentication using CHAP\n"
        "# client\tserver\tsecret\t\t\tIP addresses\n"
        f'"acme-dsl@isp.example"\t*\t"{value}"\t*\n'
    ), value


def pppd_peer_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/ppp/peers/lte\n/dev/ttyUSB2\n115200\nnoipdefault\nusepeerdns\ndefaultroute\n"
        f'user "acme-m2m"\npassword "{value}"\nconnect "/usr/sbin/chat -v -f /etc/chatscripts/lte"\n'
    ), value


def ssmtp_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/ssmtp/ssmtp.conf\nroot=ops@acme.dev\nmailhub=smtp.acme.dev:587\nUseSTARTTLS=YES\n"
        f"AuthUser=alerts@acme.dev\nAuthPass={value}\nFromLineOverride=YES\n"
    ), value


def nullmailer_remotes(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /etc/nullmailer/remotes\n"
        f"smtp.acme.dev smtp --port=587 --starttls --user=alerts@acme.dev --pass={value}\n"
    ), value


def davfs2_secrets_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/davfs2/secrets\n# mount point or server URL   user   password\n"
        f'https://cloud.acme.dev/remote.php/dav/files/backup  backup  "{value}"\n'
    ), value


def nextcloudcmd_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ nextcloudcmd --non-interactive -u backup -p '{value}' ~/Nextcloud https://cloud.acme.dev\n"
        "03-02 10:14:07:120 [ info nextcloud.sync.engine ]: Sync started\n"
    ), value


def bacula_fd_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/bacula/bacula-fd.conf\nDirector {\n  Name = backup-dir\n"
        f'  Password = "{value}"\n}}\n\nFileDaemon {{\n  Name = web-01-fd\n  FDport = 9102\n}}\n'
    ), value


def bconsole_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/bacula/bconsole.conf\nDirector {\n  Name = backup-dir\n  DIRport = 9101\n"
        f'  address = backup.acme.lan\n  Password = "{value}"\n}}\n'
    ), value


def upsd_users_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/nut/upsd.users\n[upsmon]\n"
        f"\tpassword = {value}\n\tupsmon primary\n\n[admin]\n\tactions = SET\n\tinstcmds = ALL\n"
    ), value


def upsmon_conf_monitor(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/nut/upsmon.conf\nMINSUPPLIES 1\nSHUTDOWNCMD "/sbin/shutdown -h +0"\n'
        f"MONITOR rack-ups@nas.acme.lan 1 upsmon {value} secondary\nPOLLFREQ 5\n"
    ), value


def asterisk_sip_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/asterisk/sip.conf\n[general]\ncontext=default\nallowguest=no\n\n[frontdesk]\ntype=friend\n"
        f"host=dynamic\nsecret={value}\ncontext=internal\ndisallow=all\nallow=ulaw\n"
    ), value


def pjsip_auth_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/asterisk/pjsip.conf\n[trunk-auth]\ntype=auth\nauth_type=userpass\n"
        f"username=acme-trunk\npassword={value}\n\n[trunk]\ntype=registration\noutbound_auth=trunk-auth\n"
    ), value


def chrony_keys_file(rng: random.Random, var: str, value: str) -> Place:
    return f"# /etc/chrony/chrony.keys\n1 SHA1 HEX:{value}\n", value


def ntp_keys_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/ntp.keys (ntpd)\n# id type key\n"
        f"10 SHA1 {value}\n$ grep -E '^(trustedkey|controlkey)' /etc/ntp.conf\ntrustedkey 10\ncontrolkey 10\n"
    ), value


def bind_tsig_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'// /etc/bind/keys/ddns.key\nkey "ddns-key" {{\n\talgorithm hmac-sha256;\n\tsecret "{value}";\n}};\n'
    ), value


def nsupdate_key_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ nsupdate -y hmac-sha256:ddns-key:{value} <<'EOF'\nserver ns1.acme.dev\nzone acme.dev\n"
        "update add vpn.acme.dev. 300 A 203.0.113.77\nsend\nEOF\n"
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        boto_config_file, cqlshrc_file, nodetool_flags, oci_config_file, openssl_rsa_passin, wgetrc_file,
        wget_http_password_flag, curlrc_file, curl_config_stdin, hcloud_cli_toml, hcloud_context_create,
        apt_auth_conf, dnf_repo_password, ppp_chap_secrets_file, pppd_peer_password, ssmtp_conf, nullmailer_remotes,
        davfs2_secrets_file, nextcloudcmd_flags, bacula_fd_conf, bconsole_conf, upsd_users_file, upsmon_conf_monitor,
        asterisk_sip_conf, pjsip_auth_conf, chrony_keys_file, ntp_keys_file, bind_tsig_key, nsupdate_key_flag,
    )
}  # fmt: skip
