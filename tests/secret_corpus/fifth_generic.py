"""Where the fifth held-out part (fifth.py) shows its generic secrets: surroundings none of the other parts has,
where only the place tells a secret apart. Each takes ``(rng, name, value)`` and gives ``(text, secret)``:
WireGuard, wpa_supplicant, netplan, IPsec, Hardhat and ``cast send``, apt and pip proxies, CIFS credentials, mail
relays and clients, sbt, git's credentials and remotes, HAProxy, Logstash, Fluent Bit, Helm, Keycloak, OpenVPN,
Airflow, Alembic, pyodbc, NATS and MQTT URLs, Snowflake, ODBC, RabbitMQ, MongoDB, tracebacks, curl traces, Splunk
and Vector, Terraform output, escaped dotenv values, Kubernetes ``stringData``, SAML, CI logs, cloud-init,
continued properties and multi-line TOML.
The WireGuard key maker is here too: the WireGuard places give a peer's public key with it."""

from __future__ import annotations

import base64
import json
import random

from .fifth_places import Place, body, quoted
from .fresh import Shown
from .makers import HEX, s


def wireguard(rng: random.Random) -> str:
    return base64.b64encode(rng.randbytes(32)).decode()


# -- generic places ----------------------------------------------------------------------------------------------


def wg_quick_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[Interface]\nAddress = 10.8.0.2/24\nPrivateKey = {value}\nDNS = 10.8.0.1\n\n[Peer]\n"
        f"PublicKey = {wireguard(rng)}\nEndpoint = vpn.acme.dev:51820\nAllowedIPs = 0.0.0.0/0\n"
    ), value


def nm_wireguard(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[connection]\nid=office\ntype=wireguard\ninterface-name=wg0\n\n"
        f"[wireguard]\nlisten-port=51820\nprivate-key={value}\n\n[wireguard-peer.{wireguard(rng)}]\n"
        "endpoint=vpn.acme.dev:51820\nallowed-ips=10.8.0.0/24;\n"
    ), value


def wpa_supplicant(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'ctrl_interface=/run/wpa_supplicant\nnetwork={{\n\tssid="acme-office"\n\tpsk={value}\n\tkey_mgmt=WPA-PSK\n}}\n',
        value,
    )


def netplan_wifi(rng: random.Random, var: str, value: str) -> Place:
    return (
        "network:\n  version: 2\n  wifis:\n    wlan0:\n      dhcp4: true\n      access-points:\n"
        f'        "acme-office":\n          password: "{value}"\n'
    ), value


def ipsec_secrets(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'# /etc/ipsec.secrets\n203.0.113.10 198.51.100.7 : PSK "{value}"\n: RSA /etc/ipsec.d/private/gw.pem\n',
        value,
    )


def swanctl_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "connections {\n  office {\n    remote_addrs = 198.51.100.7\n  }\n}\nsecrets {\n  ike-office {\n"
        f'    id-1 = gw.acme.dev\n    secret = "{value}"\n  }}\n}}\n'
    ), value


def hardhat_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        'require("@nomicfoundation/hardhat-toolbox");\n\nmodule.exports = {\n  solidity: "0.8.24",\n  networks: {\n'
        f'    sepolia: {{\n      url: "https://rpc.sepolia.org",\n      accounts: ["{value}"],\n    }},\n  }},\n}};\n'
    ), value


def cast_send(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ cast send --rpc-url $RPC --private-key {value} 0x{s(rng, 40, HEX)} "mint(address,uint256)" '
        f"0x{s(rng, 40, HEX)} 1000\n"
    ), value


def apt_proxy(rng: random.Random, var: str, value: str) -> Place:
    return f'Acquire::http::Proxy "http://svc-apt:{quoted(value)}@proxy.acme.internal:3128/";\n', quoted(value)


def pip_proxy(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ pip install --proxy http://svc-build:{quoted(value)}@proxy.acme.internal:3128 -r requirements.txt\n",
        quoted(value),
    )


def fstab_cifs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "UUID=3f1c0a2e-58b1-4d8c-9a0e-7c2f6d1e9b44 /    ext4 defaults 0 1\n"
        f"//nas01/backup /mnt/backup cifs username=svc-backup,password={value},uid=1000,vers=3.0 0 0\n"
    ), value


def smb_credentials(rng: random.Random, var: str, value: str) -> Place:
    return f"$ sudo cat /root/.smbcredentials\nusername=svc-backup\npassword={value}\ndomain=ACME\n", value


def sasl_passwd(rng: random.Random, var: str, value: str) -> Place:
    return f"# /etc/postfix/sasl_passwd\n[smtp.relay.example]:587 mailer@acme.dev:{value}\n", value


def exim_passwd_client(rng: random.Random, var: str, value: str) -> Place:
    return f"# /etc/exim4/passwd.client\n*.relay.example:mailer@acme.dev:{value}\n", value


def msmtprc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "defaults\nauth on\ntls on\n\naccount acme\nhost smtp.relay.example\nport 587\nfrom ops@acme.dev\n"
        f"user ops@acme.dev\npassword {value}\n\naccount default : acme\n"
    ), value


def muttrc(rng: random.Random, var: str, value: str) -> Place:
    return (
        'set from = "ops@acme.dev"\nset smtp_url = "smtps://ops@acme.dev@smtp.relay.example:465/"\n'
        f'set smtp_pass = "{value}"\n',
        value,
    )


def sbt_credentials(rng: random.Random, var: str, value: str) -> Place:
    return f"realm=Sonatype Nexus Repository Manager\nhost=nexus.acme.dev\nuser=deployer\npassword={value}\n", value


def build_sbt(rng: random.Random, var: str, value: str) -> Place:
    return (
        'ThisBuild / organization := "dev.acme"\n'
        f'credentials += Credentials("Artifactory Realm", "artifactory.acme.dev", "deployer", "{value}")\n'
    ), value


def git_credentials(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cat ~/.git-credentials\nhttps://ci-bot:{value}@git.acme.dev\n", value


def git_remote_v(rng: random.Random, var: str, value: str) -> Place:
    url = f"https://ci-bot:{value}@git.acme.dev/shop/api.git"
    return f"$ git remote -v\norigin\t{url} (fetch)\norigin\t{url} (push)\n", value


def haproxy_userlist(rng: random.Random, var: str, value: str) -> Place:
    return f"userlist admins\n    user ops insecure-password {value}\n\nfrontend web\n    bind :443\n", value


def haproxy_stats(rng: random.Random, var: str, value: str) -> Place:
    return f"listen stats\n    bind :8404\n    stats enable\n    stats uri /\n    stats auth admin:{value}\n", value


def logstash_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        'output {\n  elasticsearch {\n    hosts => ["https://es01:9200"]\n    user => "logstash_writer"\n'
        f'    password => "{value}"\n    index => "logs-%{{+YYYY.MM.dd}}"\n  }}\n}}\n'
    ), value


def fluentbit_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[OUTPUT]\n    Name        es\n    Match       *\n    Host        es01\n    HTTP_User   fluent\n"
        f"    HTTP_Passwd {value}\n    tls         On\n"
    ), value


def helm_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ helm upgrade --install sso oci://registry-1.docker.io/bitnamicharts/keycloak -n auth "
        f"--set auth.adminUser=admin --set auth.{var}='{value}'\nRelease \"sso\" has been upgraded. Happy Helming!\n"
    ), value


def keycloak_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# conf/keycloak.conf\ndb=postgres\ndb-username=keycloak\ndb-password={value}\nhostname=sso.acme.dev\n",
        value,
    )


def ovpn_auth_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ sudo cat /etc/openvpn/client/auth.txt\nvpn-ops\n{value}\n"
        "$ sudo openvpn --config office.ovpn --auth-user-pass /etc/openvpn/client/auth.txt\n"
    ), value


def ovpn_inline(rng: random.Random, var: str, value: str) -> Place:
    return (
        "client\ndev tun\nproto udp\nremote vpn.acme.dev 1194\n"
        f"<auth-user-pass>\nvpn-ops\n{value}\n</auth-user-pass>\n",
        value,
    )


def airflow_conn_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"AIRFLOW_CONN_WAREHOUSE='snowflake://etl:{quoted(value)}@xy12345/ANALYTICS/PUBLIC?warehouse=ETL_WH&role=LOADER'\n"
    ), quoted(value)


def airflow_cli(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ airflow connections add warehouse --conn-type postgres --conn-host db01 --conn-login etl "
        f"--conn-password '{value}' --conn-port 5432\nSuccessfully added `conn_id`=warehouse\n"
    ), value


def alembic_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[alembic]\nscript_location = migrations\nsqlalchemy.url = postgresql+asyncpg://app:{quoted(value)}@db01:5432/shop\n",
        quoted(value),
    )


def mssql_pyodbc(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'engine = create_engine("mssql+pyodbc://sa:{quoted(value)}@sql01:1433/shop'
        '?driver=ODBC+Driver+18+for+SQL+Server&TrustServerCertificate=yes")\n'
    ), quoted(value)


def nats_url(rng: random.Random, var: str, value: str) -> Place:
    return f"NATS_URL=nats://orders:{quoted(value)}@nats.acme.internal:4222\nNATS_STREAM=ORDERS\n", quoted(value)


def mqtt_url(rng: random.Random, var: str, value: str) -> Place:
    return f"$ mosquitto_pub -L mqtts://sensor-12:{quoted(value)}@broker.acme.dev:8883/plant/temp -m 21.5\n", quoted(
        value
    )


def snowsql_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[connections.prod]\naccountname = xy12345.eu-central-1\nusername = LOADER\n"
        f"password = {value}\nwarehousename = ETL_WH\n",
        value,
    )


def snowflake_jdbc(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"jdbc:snowflake://xy12345.snowflakecomputing.com/?user=LOADER&password={quoted(value)}&warehouse=ETL_WH&db=RAW\n"
    ), quoted(value)


def odbc_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[ShopDSN]\nDriver = ODBC Driver 18 for SQL Server\nServer = sql01,1433\nUID = shop_ro\nPWD = {value}\n",
        value,
    )


def isql_command(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ isql -v ShopDSN shop_ro '{value}'\n"
        "+---------------------------------------+\n| Connected!                            |\n",
        value,
    )


def rabbitmqctl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ rabbitmqctl add_user orders '{value}'\nAdding user \"orders\" ...\n"
        "Done. Don't forget to grant the user permissions.\n",
        value,
    )


def kombu_amqps(rng: random.Random, var: str, value: str) -> Place:
    return f'broker_url = "amqps://orders:{quoted(value)}@mq.acme.dev:5671/%2Fprod"\nbroker_heartbeat = 30\n', quoted(
        value
    )


def mongodb_replset(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"MONGO_URI=mongodb://app:{quoted(value)}@mongo-0.db:27017,mongo-1.db:27017,mongo-2.db:27017/shop"
        "?replicaSet=rs0&authSource=admin\n"
    ), quoted(value)


def mongodump_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ mongodump --uri="mongodb+srv://backup:{quoted(value)}@cluster1.ab12c.mongodb.net/shop" '
        "--gzip --archive=shop.gz\n"
    ), quoted(value)


def rich_traceback(rng: random.Random, var: str, value: str) -> Place:
    return (
        "╭───────────────────── Traceback (most recent call last) ─────────────────────╮\n"
        "│ /srv/app/sync.py:41 in fetch                                                 │\n"
        "│ ╭──────────────────────────────── locals ────────────────────────────────╮   │\n"
        + f"│ │ {var} = '{value}'".ljust(76)
        + "│   │\n"
        "│ │    url = 'https://api.acme.dev/v1/items'                                │   │\n"
        "╰──────────────────────────────────────────────────────────────────────────────╯\n"
        "HTTPError: 401 Client Error: Unauthorized\n"
    ), value


def curl_trace_ascii(rng: random.Random, var: str, value: str) -> Place:
    return (
        "== Info: Connected to es01 (10.0.3.21) port 9200\n=> Send header, 112 bytes (0x70)\n"
        "0000: GET /_cluster/health HTTP/1.1\n001f: Host: es01:9200\n"
        f"0030: Authorization: ApiKey {value}\n0086: Accept: */*\n"
    ), value


def http_client_apikey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "send: b'POST /logs-app/_doc HTTP/1.1\\r\\nHost: es01:9200\\r\\nContent-Type: application/json\\r\\n"
        f"Authorization: ApiKey {value}\\r\\n\\r\\n'\nreply: 'HTTP/1.1 201 Created\\r\\n'\n"
    ), value


def httpie_splunk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ http --verify=no POST https://splunk.acme.dev:8088/services/collector/event "
        f"Authorization:'Splunk {value}' event=deploy sourcetype=ci\n"
    ), value


def vector_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '[sinks.splunk]\ntype = "splunk_hec_logs"\ninputs = ["app"]\nendpoint = "https://splunk.acme.dev:8088"\n'
        f'default_token = "{value}"\nencoding.codec = "json"\n'
    ), value


def tf_output_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {var: {"sensitive": True, "type": "string", "value": value + "\n"}, "issuer": {"sensitive": False,
           "type": "string", "value": "https://auth.acme.dev"}}  # fmt: skip
    return "$ terraform output -json\n" + json.dumps(doc, indent=2) + "\n", body(value)


def dotenv_escaped_newlines(rng: random.Random, var: str, value: str) -> Place:
    return f'APP_URL=https://shop.acme.dev\n{var}="{value.replace(chr(10), chr(92) + "n")}"\nQUEUE=redis\n', body(value)


def secret_string_data_block(rng: random.Random, var: str, value: str) -> Place:
    indented = "\n".join("    " + line for line in value.splitlines())
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: idp-signing\ntype: Opaque\nstringData:\n"
        f"  key-password: changeit-later\n  {var}: |\n{indented}\n"
    ), body(value)


def saml_signing_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<SPConfig xmlns="urn:mace:shibboleth:3.0:native:sp:config">\n  <SigningCredential use="signing">\n'
        f"    <PrivateKey>{value}</PrivateKey>\n  </SigningCredential>\n</SPConfig>\n"
    ), body(value)


def ci_log_stamped(rng: random.Random, var: str, value: str) -> Place:
    stamped = "\n".join(
        f"2026-03-11T08:12:{40 + i // 40:02d}.{i:07d}Z {line}" for i, line in enumerate(value.splitlines())
    )
    return (
        f'2026-03-11T08:12:39.9999000Z + echo "${var}"\n{stamped}\n2026-03-11T08:12:42.0000000Z + ssh-add -\n'
    ), body(value)


def cloud_init(rng: random.Random, var: str, value: str) -> Place:
    indented = "\n".join("    " + line for line in value.splitlines())
    return f"#cloud-config\nhostname: build-07\nssh_keys:\n  rsa_private: |\n{indented}\npackage_update: true\n", body(
        value
    )


def properties_continued(rng: random.Random, var: str, value: str) -> Place:
    continued = "\\n\\\n    ".join(value.splitlines())
    return f"server.port=8443\njwt.{var}={continued}\njwt.issuer=https://auth.acme.dev\n", body(value)


def toml_multiline(rng: random.Random, var: str, value: str) -> Place:
    return f'[signing]\nalgorithm = "ES256"\n{var} = """\n{value}\n"""\n', body(value)


GENERIC: dict[str, Shown] = {
    f.__name__: f
    for f in (
        wg_quick_conf, nm_wireguard, wpa_supplicant, netplan_wifi, ipsec_secrets, swanctl_conf, hardhat_config,
        cast_send, apt_proxy, pip_proxy, fstab_cifs, smb_credentials, sasl_passwd, exim_passwd_client, msmtprc, muttrc,
        sbt_credentials, build_sbt, git_credentials, git_remote_v, haproxy_userlist, haproxy_stats, logstash_output,
        fluentbit_output, helm_set, keycloak_conf, ovpn_auth_file, ovpn_inline, airflow_conn_env, airflow_cli,
        alembic_ini, mssql_pyodbc, nats_url, mqtt_url, snowsql_config, snowflake_jdbc, odbc_ini, isql_command,
        rabbitmqctl, kombu_amqps, mongodb_replset, mongodump_uri, rich_traceback, curl_trace_ascii,
        http_client_apikey, httpie_splunk, vector_toml, tf_output_json, dotenv_escaped_newlines,
        secret_string_data_block, saml_signing_xml, ci_log_stamped, cloud_init, properties_continued, toml_multiline,
    )
}  # fmt: skip
