"""Where the nineteenth held-out part (nineteenth.py) shows generic secrets that observability agents, IoT gateways,
browser services and mobile apps hold or print: a Netdata streaming API key (a child's ``stream.conf``, a parent's),
collectd's network password (its ``network`` plugin, its ``AuthFile``), NSClient++'s password (``nsclient.ini``,
``check_nscp_api``), an OpenTelemetry Collector's basic auth password (its ``basicauth`` extension, a ``--set`` on its
command line), a Checkmk automation secret (``cmk-agent-ctl register``, its REST API with curl), ChirpStack's API
secret (``chirpstack.toml``, its Docker environment), EMQX's dashboard password (``emqx ctl admins passwd``, ``docker
run``), a Web Push VAPID private key (``web-push generate-vapid-keys``, Django's settings), a Firefox sync server's
master secret (syncstorage-rs's ``local.toml``, its Docker environment), a mobile app's SQLCipher key (Kotlin, Swift
with FMDB) and an IoT gateway's identity (an RSA 4096 private key and its certificate in PEM) in base64 longer than
a stream's window (``balena env add``, cloud-init's ``write_files``). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, b64, s, uuid4


def netdata_stream_conf_child(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/netdata/stream.conf (on the child, plc-gw-07)\n[stream]\n    enabled = yes\n"
        "    destination = 10.20.0.5:19999\n"
        f"    api key = {value}\n"
        "    timeout seconds = 60\n    buffer size bytes = 10485760\n"
    ), value


def netdata_stream_conf_parent(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/netdata/stream.conf (on the parent, obs-01)\n"
        f"[{value}]\n"
        "    enabled = yes\n    default history = 3600\n    default memory mode = dbengine\n"
        "    health enabled by default = auto\n    allow from = 10.20.*\n"
    ), value


def collectd_network_server_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/collectd/collectd.conf.d/network.conf\nLoadPlugin network\n<Plugin network>\n"
        '  <Server "metrics.acme.internal" "25826">\n    SecurityLevel Encrypt\n    Username "edge07"\n'
        f'    Password "{value}"\n'
        "  </Server>\n  TimeToLive 128\n</Plugin>\n"
    ), value


def collectd_auth_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@metrics:~# grep -A4 '<Listen' /etc/collectd/collectd.conf\n"
        '  <Listen "0.0.0.0" "25826">\n    SecurityLevel Encrypt\n    AuthFile "/etc/collectd/passwd"\n  </Listen>\n'
        "root@metrics:~# cat /etc/collectd/passwd\n"
        f"edge07: {value}\n"
        f"edge08: {s(rng, 18)}\n"
    ), value


def nsclient_ini_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; C:\\Program Files\\NSClient++\\nsclient.ini\n[/settings/default]\n"
        f"password = {value}\n"
        "allowed hosts = 10.0.5.10,127.0.0.1\n\n[/modules]\nCheckSystem = enabled\nCheckDisk = enabled\n"
        "WEBServer = enabled\n"
    ), value


def check_nscp_api_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "nagios@mon01:~$ /usr/lib/nagios/plugins/check_nscp_api -H fs02.acme.local "
        f"--password '{value}' -q check_drivesize -a 'drive=C:' 'warn=used > 80%'\n"
        "OK: All 1 drive(s) are ok|'C:\\ used'=71.2GB;95.9;0;0;119.9\n"
    ), value


def otelcol_basicauth_client_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/otelcol-contrib/config.yaml\nextensions:\n  basicauth/gateway:\n    client_auth:\n"
        "      username: edge-agent\n"
        f"      password: {value}\n"
        "exporters:\n  otlphttp:\n    endpoint: https://otel-gw.acme.internal:4318\n    auth:\n"
        "      authenticator: basicauth/gateway\nservice:\n  extensions: [basicauth/gateway]\n"
    ), value


def otelcol_set_flag_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ExecStart=/usr/bin/otelcol-contrib --config=/etc/otelcol-contrib/config.yaml \\\n"
        f"    '--set=extensions::basicauth/gateway::client_auth::password={value}'\n"
    ), value


def checkmk_agent_register_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@db07:~# cmk-agent-ctl register --hostname db07 --server monitor.acme.internal \\\n"
        f"    --site prod --user automation --password '{value}' --trust-cert\n"
        "Registration complete.\nroot@db07:~# cmk-agent-ctl status | head -3\n"
        "Version: 2.3.0p12\nAgent socket: operational\nIP allowlist: any\n"
    ), value


def checkmk_rest_api_curl_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -H 'Accept: application/json' \\\n"
        f"    -H 'Authorization: Bearer automation {value}' \\\n"
        "    'https://monitor.acme.internal/prod/check_mk/api/1.0/domain-types/host_config/collections/all' "
        "| jq '.value | length'\n214\n"
    ), value


def chirpstack_toml_api_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/chirpstack/chirpstack.toml\n[logging]\n  level="info"\n\n[postgresql]\n'
        '  dsn="postgres://chirpstack:chirpstack@localhost/chirpstack?sslmode=disable"\n\n[api]\n'
        '  bind="0.0.0.0:8080"\n'
        f'  secret="{value}"\n\n'
        '[network]\n  net_id="000000"\n  enabled_regions=["eu868"]\n'
    ), value


def chirpstack_docker_env_api_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name chirpstack -p 8080:8080 \\\n"
        "    -e POSTGRESQL__DSN=postgres://chirpstack:chirpstack@pg/chirpstack?sslmode=disable \\\n"
        "    -e REDIS__SERVERS=redis://redis/ \\\n"
        f"    -e API__SECRET='{value}' \\\n"
        "    chirpstack/chirpstack:4 -c /etc/chirpstack\n" + s(rng, 64, HEX) + "\n"
    ), value


def emqx_ctl_admins_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@broker01:~# emqx ctl admins passwd admin '{value}'\n"
        "ok\nroot@broker01:~# emqx ctl status\nNode 'emqx@broker01.acme.internal' 5.7.2 is started\n"
    ), value


def emqx_docker_run_default_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name emqx -p 1883:1883 -p 8883:8883 -p 18083:18083 \\\n"
        "    -e EMQX_NODE__NAME=emqx@broker01.acme.internal \\\n"
        f"    -e EMQX_DASHBOARD__DEFAULT_PASSWORD='{value}' \\\n"
        "    emqx/emqx:5.7.2\n" + s(rng, 64, HEX) + "\n"
    ), value


def web_push_generate_vapid_keys_output(rng: random.Random, var: str, value: str) -> Place:
    public = b64(b"\x04" + rng.randbytes(64), url=True, pad=False)
    return (
        "$ npx web-push generate-vapid-keys\n\n=======================================\n\nPublic Key:\n"
        f"{public}\n\nPrivate Key:\n{value}\n\n=======================================\n"
    ), value


def django_webpush_settings_vapid(rng: random.Random, var: str, value: str) -> Place:
    public = b64(b"\x04" + rng.randbytes(64), url=True, pad=False)
    return (
        "# notify/settings/production.py\nWEBPUSH_SETTINGS = {\n"
        f'    "VAPID_PUBLIC_KEY": "{public}",\n'
        f'    "VAPID_PRIVATE_KEY": "{value}",\n'
        '    "VAPID_ADMIN_EMAIL": "ops@acme.example",\n}\n'
    ), value


def syncstorage_local_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# syncstorage-rs/config/local.toml\n"
        f'master_secret = "{value}"\n'
        'human_logs = 1\nhost = "0.0.0.0"\nport = 8000\n'
        'syncstorage.database_url = "mysql://sync:sync@localhost/syncstorage_rs"\n'
        "syncstorage.enabled = true\ntokenserver.enabled = true\n"
        'tokenserver.database_url = "mysql://sync:sync@localhost/tokenserver_rs"\n'
    ), value


def syncstorage_docker_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/ffsync/.env (docker compose for a self-hosted Firefox Sync server)\n"
        "SYNC_HOST=0.0.0.0\nSYNC_URL=https://sync.home.example\n"
        f"SYNC_MASTER_SECRET={value}\n"
        f"METRICS_HASH_SECRET={s(rng, 64, HEX)}\n"
        "SYNC_SYNCSTORAGE__DATABASE_URL=mysql://sync:sync@mariadb:3306/syncstorage\n"
    ), value


def android_sqlcipher_open_kt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// app/src/main/java/dev/acme/field/data/LocalStore.kt\n"
        "import net.zetetic.database.sqlcipher.SQLiteDatabase\n\nobject LocalStore {\n"
        "    fun open(context: Context): SQLiteDatabase {\n"
        '        System.loadLibrary("sqlcipher")\n'
        '        val file = context.getDatabasePath("inspections.db")\n'
        f'        return SQLiteDatabase.openOrCreateDatabase(file, "{value}", null, null)\n'
        "    }\n}\n"
    ), value


def ios_fmdb_pragma_key_swift(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// FieldApp/Storage/Database.swift\nlet queue = FMDatabaseQueue(path: dbURL.path)\n"
        "queue?.inDatabase { db in\n"
        f'    db.setKey("{value}")\n'
        '    try? db.executeUpdate("CREATE TABLE IF NOT EXISTS visits (id TEXT PRIMARY KEY, site TEXT)", '
        "values: nil)\n}\n"
    ), value


def balena_env_add_gateway_identity(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ balena env add {var} '{value}' --fleet acme/line-gateways\n"
        f"$ balena envs --fleet acme/line-gateways | grep -c {var}\n1\n"
    ), value


def cloud_init_write_files_gateway_identity(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#cloud-config\n# user-data for gateway plc-gw-" + s(rng, 2, DIGITS) + "\nhostname: plc-gw\n"
        "write_files:\n  - path: /etc/gateway/identity.pem\n    owner: root:gateway\n    permissions: '0640'\n"
        "    encoding: b64\n"
        f"    content: {value}\n"
        "runcmd:\n  - [systemctl, enable, --now, opcua-bridge.service]\n"
        f"  - [sh, -c, 'echo {uuid4(rng)} > /etc/gateway/device-id']\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        netdata_stream_conf_child, netdata_stream_conf_parent, collectd_network_server_password,
        collectd_auth_file, nsclient_ini_password, check_nscp_api_password_flag, otelcol_basicauth_client_auth,
        otelcol_set_flag_password, checkmk_agent_register_cmd, checkmk_rest_api_curl_bearer,
        chirpstack_toml_api_secret, chirpstack_docker_env_api_secret, emqx_ctl_admins_passwd,
        emqx_docker_run_default_password, web_push_generate_vapid_keys_output, django_webpush_settings_vapid,
        syncstorage_local_toml, syncstorage_docker_env, android_sqlcipher_open_kt, ios_fmdb_pragma_key_swift,
        balena_env_add_gateway_identity, cloud_init_write_files_gateway_identity,
    )
}  # fmt: skip
