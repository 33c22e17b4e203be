"""Where the thirteenth held-out part (thirteenth.py) shows generic secrets that tools, editors, crash reports and
services print or keep: code-server's password, a password-reset link in a captured mail (MailHog's API, Django's
console backend), a traceback's locals (Django's technical 500, IPython's verbose mode), a debugger's frame (lldb,
Delve), a process's environment (a Node.js diagnostic report, ``pm2 env``, WinDbg's ``!peb``, ``ps eww``), an issued
certificate's private key (Vault's PKI, cfssl), Wi-Fi passphrases (iwd, Android's ``WifiConfigStore.xml``), an OIDC
client's secret (``kcadm.sh``, Vouch Proxy), Samba AD's administrator, ClickHouse and RabbitMQ users, applications'
database DSNs (Mattermost, SonarQube), signing passphrases in build logs (Maven, Gradle), Kubernetes and Compose
(``kubectl create secret --from-literal``, ``docker compose config``), editors' SFTP uploads (Sublime, VS Code) and
PHP's view of its environment (``php -i``, ``phpinfo()``). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place, body
from .makers import HEX, s, uuid4


def code_server_config_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cat ~/.config/code-server/config.yaml\nbind-addr: 127.0.0.1:8080\nauth: password\npassword: {value}\n"
        "cert: false\n"
    ), value


def code_server_compose_password_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  code-server:\n    image: lscr.io/linuxserver/code-server:4.96.4\n    environment:\n"
        f"      - PUID=1000\n      - PGID=1000\n      - TZ=Etc/UTC\n      - PASSWORD={value}\n"
        "      - DEFAULT_WORKSPACE=/config/workspace\n    ports:\n      - 8443:8443\n"
    ), value


def mailhog_api_messages_json(rng: random.Random, var: str, value: str) -> Place:
    mail = (f"Hi Ana,\r\n\r\nReset your password here:\r\nhttps://portal.acme.dev/account/reset?token={value}\r\n\r\n"
            "The link expires in 60 minutes.\r\n")  # fmt: skip
    doc = {"total": 1, "count": 1, "start": 0, "items": [{"ID": f"{s(rng, 20)}@mailhog.example", "Content": {
        "Headers": {"Subject": ["Reset your password"], "To": ["ana@acme.dev"]}, "Body": mail}}]}  # fmt: skip
    return f"$ curl -s http://localhost:8025/api/v2/messages?limit=1\n{json.dumps(doc)}\n", value


def django_console_email_backend(rng: random.Random, var: str, value: str) -> Place:
    return (
        'web-1  | Content-Type: text/plain; charset="utf-8"\nweb-1  | MIME-Version: 1.0\n'
        "web-1  | Content-Transfer-Encoding: 7bit\nweb-1  | Subject: Password reset on portal.acme.dev\n"
        "web-1  | From: noreply@acme.dev\nweb-1  | To: marc@acme.dev\nweb-1  | \n"
        "web-1  | Please go to the following page and choose a new password:\nweb-1  | \n"
        f"web-1  | https://portal.acme.dev/accounts/reset/confirm?token={value}\n"
        "web-1  | \nweb-1  | -------------------------------------------------------------------------------\n"
    ), value


def django_technical_500_local_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/billing/gateway.py", line 88, in charge\n'
        "    resp = session.post(url, auth=(user, secret))\n\n"
        "Local Vars:\nVariable      Value\n"
        f"amount        Decimal('49.00')\nsecret        '{value}'\nuser          'billing-svc'\n"
        "url           'https://pay.acme.internal/v2/charges'\n"
    ), value


def ipython_verbose_traceback_locals(rng: random.Random, var: str, value: str) -> Place:
    return (
        "In [4]: %xmode Verbose\nException reporting mode: Verbose\n\nIn [5]: sync_ledger(conn_args)\n"
        "---------------------------------------------------------------------------\n"
        "OperationalError                          Traceback (most recent call last)\n"
        "Cell In[3], line 4, in sync_ledger(conn_args={'host': 'ledger.acme.internal', 'user': 'etl', "
        f"'password': '{value}', 'dbname': 'ledger'}})\n"
        "      3 def sync_ledger(conn_args):\n----> 4     conn = psycopg.connect(**conn_args)\n"
    ), value


def lldb_frame_variable(rng: random.Random, var: str, value: str) -> Place:
    return (
        '(lldb) frame variable\n(const char *) host = 0x00000001000040a0 "mq.acme.internal"\n'
        f'(const char *) password = 0x00000001000040c8 "{value}"\n(int) port = 5671\n'
        "(amqp_connection_state_t) conn = 0x0000600001c04000\n"
    ), value


def delve_print_locals(rng: random.Random, var: str, value: str) -> Place:
    return (
        '(dlv) locals\ncfg = main.Config {Addr: "mq.acme.internal:5672", User: "orders", '
        f'Password: "{value}", Vhost: "/prod"}}\nerr = error nil\n(dlv) continue\n'
    ), value


def node_diagnostic_report_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"header": {"reportVersion": 3, "event": "Allocation failed - JavaScript heap out of memory",
                      "trigger": "FatalError", "nodejsVersion": "v22.11.0"},
           "environmentVariables": {"NODE_ENV": "production", "PORT": "3000", "SEARCH_API_TOKEN": value,
                                    "HOME": "/home/node"}}  # fmt: skip
    return f"$ cat report.20261120.091407.4211.0.001.json\n{json.dumps(doc, indent=2)}\n", value


def pm2_env_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ pm2 env 0\nNODE_APP_INSTANCE: 0\nPORT: 3000\n"
        f"SEARCH_API_TOKEN: {value}\nNODE_ENV: production\nname: search-api\nexec_mode: cluster_mode\n"
    ), value


def windbg_peb_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "0:000> !peb\nPEB at 00000073a5c1e000\n    ImageFile:    'C:\\Program Files\\Acme\\Sync\\AcmeSync.exe'\n"
        "    CommandLine:  '\"C:\\Program Files\\Acme\\Sync\\AcmeSync.exe\" --service'\n"
        "    Environment:  000001c2d6a10fe0\n        ALLUSERSPROFILE=C:\\ProgramData\n"
        "        COMPUTERNAME=WIN-APP01\n"
        f"        SYNC_DB_PASSWORD={value}\n        SystemRoot=C:\\Windows\n"
    ), value


def ps_eww_process_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ps eww -p 2211\n    PID TTY      STAT   TIME COMMAND\n"
        "   2211 ?        Ssl    4:12 /usr/bin/java -jar /opt/sync/sync.jar LANG=C.UTF-8 "
        f"PATH=/usr/local/sbin:/usr/local/bin:/usr/bin SYNC_DB_PASSWORD={value} INVOCATION_ID={s(rng, 32, HEX)}\n"
    ), value


def vault_pki_issue_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"request_id": uuid4(rng), "lease_id": "", "lease_duration": 0, "renewable": False,
           "data": {"certificate": "-----BEGIN CERTIFICATE-----\nMIIC" + s(rng, 60) + "\n-----END CERTIFICATE-----",
                    "expiration": 1766620800, "private_key": value, "private_key_type": "ec",
                    "serial_number": ":".join(s(rng, 2, HEX) for _ in range(16))}}  # fmt: skip
    return (
        "$ vault write -format=json pki_int/issue/internal common_name=api.acme.internal ttl=720h\n"
        + json.dumps(doc, indent=2)
        + "\n"
    ), body(value)


def cfssl_gencert_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"cert": "-----BEGIN CERTIFICATE-----\nMIIB" + s(rng, 60) + "\n-----END CERTIFICATE-----\n",
           "csr": "-----BEGIN CERTIFICATE REQUEST-----\nMIIB" + s(rng, 40) + "\n-----END CERTIFICATE REQUEST-----\n",
           "key": value + "\n"}  # fmt: skip
    return (
        "$ cfssl gencert -ca ca.pem -ca-key ca-key.pem -config ca-config.json -profile server server-csr.json\n"
        + json.dumps(doc)
        + "\n"
    ), body(value)


def iwd_psk_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# cat /var/lib/iwd/AcmeGuest.psk\n[Security]\nPassphrase={value}\n"
        f"PreSharedKey={s(rng, 64, HEX)}\n\n[Settings]\nAutoConnect=true\n"
    ), value


def android_wificonfigstore_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?xml version='1.0' encoding='utf-8' standalone='yes' ?>\n<WifiConfigStoreData>\n"
        '<int name="Version" value="3" />\n<NetworkList>\n<Network>\n<WifiConfiguration>\n'
        '<string name="ConfigKey">&quot;AcmeOffice&quot;WPA_PSK</string>\n'
        '<string name="SSID">&quot;AcmeOffice&quot;</string>\n'
        f'<string name="PreSharedKey">&quot;{value}&quot;</string>\n<boolean name="HiddenSSID" value="false" />\n'
        "</WifiConfiguration>\n</Network>\n</NetworkList>\n</WifiConfigStoreData>\n"
    ), value


def kcadm_get_client_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ kcadm.sh get clients/{uuid4(rng)}/client-secret -r acme\n"
        + json.dumps({"type": "secret", "value": value}, indent=2)
        + "\n"
    ), value


def vouch_proxy_config_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/vouch-proxy/config.yml\nvouch:\n  domains:\n  - acme.dev\n  cookie:\n    secure: true\n"
        "oauth:\n  provider: oidc\n  client_id: vouch-proxy\n"
        f"  client_secret: {value}\n  auth_url: https://sso.acme.dev/realms/acme/protocol/openid-connect/auth\n"
        "  callback_url: https://vouch.acme.dev/auth\n"
    ), value


def samba_tool_domain_provision(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo samba-tool domain provision --use-rfc2307 --realm=AD.ACME.DEV --domain=ACME --server-role=dc "
        f"--dns-backend=SAMBA_INTERNAL --adminpass='{value}'\nLooking up IPv4 addresses\n"
        "Setting up share.ldb\nSetting up secrets.ldb\n"
    ), value


def samba_tool_user_create_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@dc1:~# samba-tool user create svc-backup '{value}' --description='Backup agent' "
        "--use-username-as-cn\nUser 'svc-backup' added successfully\n"
    ), value


def clickhouse_users_xml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /etc/clickhouse-server/users.d/analytics.xml -->\n<clickhouse>\n  <users>\n    <analytics>\n"
        f"      <password>{value}</password>\n      <networks>\n        <ip>10.0.0.0/8</ip>\n      </networks>\n"
        "      <profile>default</profile>\n      <quota>default</quota>\n    </analytics>\n  </users>\n</clickhouse>\n"
    ), value


def clickhouse_create_user_sql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ch1.acme.internal :) CREATE USER grafana IDENTIFIED WITH sha256_password "
        f"BY '{value}' HOST IP '10.0.0.0/8' SETTINGS readonly = 1;\n\nOk.\n\n0 rows in set. Elapsed: 0.004 sec.\n"
    ), value


def rabbitmq_conf_default_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/rabbitmq/rabbitmq.conf\nlisteners.tcp.default = 5672\nmanagement.tcp.port = 15672\n"
        f"default_vhost = /\ndefault_user = ops\ndefault_pass = {value}\nloopback_users.guest = true\n"
    ), value


def rabbitmqadmin_declare_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ rabbitmqadmin -H mq1.acme.internal declare user name=orders password={value} tags=\nuser declared\n"
        '$ rabbitmqadmin declare permission vhost=/prod user=orders configure=".*" write=".*" read=".*"\n'
    ), value


def mattermost_config_json_datasource(rng: random.Random, var: str, value: str) -> Place:
    doc = {"ServiceSettings": {"SiteURL": "https://chat.acme.dev", "ListenAddress": ":8065"},
           "SqlSettings": {"DriverName": "postgres",
                           "DataSource": f"postgres://mmuser:{value}@db1.acme.internal:5432/mattermost?sslmode=require",
                           "MaxIdleConns": 20}}  # fmt: skip
    return f"// /opt/mattermost/config/config.json\n{json.dumps(doc, indent=4)}\n", value


def sonar_properties_jdbc_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/sonarqube/conf/sonar.properties\nsonar.jdbc.username=sonar\n"
        f"sonar.jdbc.password={value}\nsonar.jdbc.url=jdbc:postgresql://db1.acme.internal/sonarqube\n"
        "sonar.web.port=9000\n"
    ), value


def maven_gpg_passphrase_ci_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"[Pipeline] sh\n+ mvn -B -Prelease deploy -Dgpg.passphrase={value} -DskipTests\n"
        "[INFO] Scanning for projects...\n[INFO] --- maven-gpg-plugin:3.2.7:sign (sign-artifacts) @ acme-client ---\n"
        "[INFO] Signing 3 files with default secret key.\n"
    ), value


def gradle_signing_password_ci_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-11-20T09:14:07.1204117Z ##[group]Run ./gradlew publish\n"
        f"2026-11-20T09:14:07.1205220Z ./gradlew publish -Psigning.keyId={s(rng, 8, HEX).upper()} "
        f"-Psigning.password={value} -Psigning.secretKeyRingFile=/tmp/secring.gpg\n"
        "2026-11-20T09:14:31.8805113Z > Task :signMavenJavaPublication\n"
    ), value


def kubectl_create_secret_from_literal(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl -n payments create secret generic ledger-db --from-literal=username=ledger "
        f"--from-literal=password='{value}'\nsecret/ledger-db created\n"
    ), value


def docker_compose_config_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker compose config\nname: ledger\nservices:\n  db:\n    environment:\n"
        f"      POSTGRES_DB: ledger\n      POSTGRES_PASSWORD: {value}\n      POSTGRES_USER: ledger\n"
        "    image: postgres:16.4\n    networks:\n      default: null\n"
    ), value


def sublime_sftp_config_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// sftp-config.json (Sublime SFTP)\n{\n    "type": "sftp",\n    "save_before_upload": true,\n'
        '    "upload_on_save": true,\n    "host": "web1.acme.dev",\n    "user": "deploy",\n'
        f'    "password": "{value}",\n    "port": "22",\n    "remote_path": "/var/www/shop/",\n'
        '    "ignore_regexes": ["\\\\.git/", "node_modules/"]\n}\n'
    ), value


def vscode_sftp_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"name": "staging", "host": "stage1.acme.dev", "protocol": "sftp", "port": 22, "username": "deploy",
           "password": value, "remotePath": "/var/www/shop", "uploadOnSave": True}  # fmt: skip
    return f"// .vscode/sftp.json\n{json.dumps(doc, indent=4)}\n", value


def php_i_environment_section(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ php -i | sed -n '/^Environment/,/^PHP Variables/p'\nEnvironment\n\nVariable => Value\n"
        f"APP_ENV => production\nDB_HOST => db1.acme.internal\nDB_PASSWORD => {value}\nHOSTNAME => web-7f9c\n\n"
        "PHP Variables\n"
    ), value


def phpinfo_html_table_row(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<h2>Environment</h2>\n<table>\n<tr class="h"><th>Variable</th><th>Value</th></tr>\n'
        '<tr><td class="e">APP_ENV </td><td class="v">production </td></tr>\n'
        f'<tr><td class="e">DB_PASSWORD </td><td class="v">{value} </td></tr>\n'
        '<tr><td class="e">HOSTNAME </td><td class="v">web-7f9c </td></tr>\n</table>\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        code_server_config_yaml, code_server_compose_password_env, mailhog_api_messages_json,
        django_console_email_backend, django_technical_500_local_vars, ipython_verbose_traceback_locals,
        lldb_frame_variable, delve_print_locals, node_diagnostic_report_json, pm2_env_output, windbg_peb_environment,
        ps_eww_process_env, vault_pki_issue_json, cfssl_gencert_json, iwd_psk_file, android_wificonfigstore_xml,
        kcadm_get_client_secret, vouch_proxy_config_yml, samba_tool_domain_provision, samba_tool_user_create_cmd,
        clickhouse_users_xml_password, clickhouse_create_user_sql, rabbitmq_conf_default_pass,
        rabbitmqadmin_declare_user, mattermost_config_json_datasource, sonar_properties_jdbc_password,
        maven_gpg_passphrase_ci_log, gradle_signing_password_ci_log, kubectl_create_secret_from_literal,
        docker_compose_config_output, sublime_sftp_config_json, vscode_sftp_json, php_i_environment_section,
        phpinfo_html_table_row,
    )
}  # fmt: skip
