"""The generic places of the eighth held-out part (eighth.py) that configure tools, call them or hold code: surroundings
none of the other parts has, each taking ``(rng, name, value)`` and giving ``(text, secret)``. Named in eighth.py
beside the format that uses them; eighth_traces.py holds the rest (outputs, logs, traces, documents)."""

from __future__ import annotations

import random
import urllib.parse

from .fifth_places import Place
from .fresh import Shown
from .makers import HEX, s


def q(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def wget_ftp_log(rng: random.Random, var: str, value: str) -> Place:
    url = f"ftp://backup:{q(value)}@ftp.acme.dev/exports/orders-2026-03-01.csv.gz"
    return (
        f"--2026-03-02 02:00:01--  {url}\n           => ‘orders-2026-03-01.csv.gz’\n"
        "Resolving ftp.acme.dev (ftp.acme.dev)... 203.0.113.40\nLogging in as backup ... Logged in!\n"
    ), q(value)


def curlftpfs_fstab(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/fstab\nUUID=3f1c0a9e-2b7d-4d1e-9a55-0c2f1d7e8b10 /     ext4 defaults 0 1\n"
        f"curlftpfs#ftp://scanner:{q(value)}@nas.acme.lan/scans /mnt/scans fuse allow_other,_netdev 0 0\n"
    ), q(value)


def sqlcmd_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ sqlcmd -S tcp:sql01.acme.lan,1433 -U sa -P '{value}' -d Shop -Q \"SELECT COUNT(*) FROM dbo.Orders\"\n"
        "-----------\n      48211\n\n(1 rows affected)\n"
    ), value


def bcp_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"bcp Shop.dbo.Orders out orders.dat -S sql01.acme.lan -U etl -P '{value}' -n\n\n"
        "Starting copy...\n48211 rows copied.\n"
    ), value


def rails_seeds_rb(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# db/seeds.rb\nUser.find_or_create_by!(email: 'admin@acme.dev') do |user|\n"
        f"  user.password = '{value}'\n  user.role = :admin\nend\n"
    ), value


def laravel_seeder_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "public function run(): void\n{\n    User::factory()->create([\n        'name' => 'Admin',\n"
        f"        'email' => 'admin@acme.dev',\n        'password' => Hash::make('{value}'),\n    ]);\n}}\n"
    ), value


def tf_provider_postgresql(rng: random.Random, var: str, value: str) -> Place:
    return (
        'provider "postgresql" {\n  host            = "pg.acme.internal"\n  port            = 5432\n'
        f'  username        = "terraform"\n  password        = "{value}"\n  sslmode         = "require"\n}}\n'
    ), value


def tf_provider_rabbitmq(rng: random.Random, var: str, value: str) -> Place:
    return (
        'provider "rabbitmq" {\n  endpoint = "https://mq.acme.internal:15671"\n  username = "admin"\n'
        f'  password = "{value}"\n}}\n\nresource "rabbitmq_vhost" "orders" {{\n  name = "orders"\n}}\n'
    ), value


def kustomize_secret_generator(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\nresources:\n  - deployment.yaml\n"
        f"secretGenerator:\n  - name: db-credentials\n    literals:\n      - username=orders\n"
        f"      - password={value}\n"
    ), value


def kubectl_set_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ kubectl -n shop set env deployment/orders-api DB_USER=orders DB_PASSWORD='{value}'\n"
        "deployment.apps/orders-api env updated\n"
    ), value


def appveyor_yml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "version: 1.0.{build}\nimage: Visual Studio 2022\nenvironment:\n  CONFIGURATION: Release\n"
        f"  PACKAGES_TOKEN: {value}\nbuild_script:\n  - ps: .\\build.ps1\n"
    ), value


def cirrus_yml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "task:\n  name: publish\n  container:\n    image: rust:1.79\n  env:\n"
        f"    CARGO_TERM_COLOR: always\n    REGISTRY_TOKEN: {value}\n  publish_script: cargo publish\n"
    ), value


def java_drivermanager(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Connection conn = DriverManager.getConnection(\n"
        '        "jdbc:postgresql://pg.acme.internal:5432/orders",\n'
        f'        "orders_app",\n        "{value}");\n'
    ), value


def perl_dbi_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        "use DBI;\nmy $dbh = DBI->connect('DBI:mysql:database=shop;host=db.acme.lan', 'report',\n"
        f"    '{value}', {{ RaiseError => 1, AutoCommit => 1 }});\n"
    ), value


def ps_convertto_securestring(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$secure = ConvertTo-SecureString '{value}' -AsPlainText -Force\n"
        "$cred = New-Object System.Management.Automation.PSCredential ('ACME\\svc-deploy', $secure)\n"
        "Invoke-Command -ComputerName web01 -Credential $cred -ScriptBlock { iisreset }\n"
    ), value


def psreadline_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS> Get-Content (Get-PSReadLineOption).HistorySavePath -Tail 3\nGet-Service W3SVC\n"
        f"New-LocalUser -Name backup -Password (ConvertTo-SecureString '{value}' -AsPlainText -Force)\n"
        "Add-LocalGroupMember -Group 'Backup Operators' -Member backup\n"
    ), value


def r_dbconnect(rng: random.Random, var: str, value: str) -> Place:
    return (
        'library(DBI)\ncon <- dbConnect(RPostgres::Postgres(), dbname = "warehouse",\n'
        f'                 host = "dwh.acme.internal", user = "analyst", password = "{value}")\n'
        'sales <- dbGetQuery(con, "SELECT * FROM sales_daily")\n'
    ), value


def julia_libpq(rng: random.Random, var: str, value: str) -> Place:
    return (
        "using LibPQ, DataFrames\n"
        f'conn = LibPQ.Connection("host=dwh.acme.internal dbname=warehouse user=analyst password={value}")\n'
        'df = DataFrame(execute(conn, "SELECT * FROM sales_daily"))\n'
    ), value


def grafana_ini_security(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[server]\nhttp_port = 3000\nroot_url = https://grafana.acme.dev/\n\n[security]\n"
        f"admin_user = admin\nadmin_password = {value}\ncookie_secure = true\n"
    ), value


def grafana_cli_reset(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ docker exec -it grafana grafana cli admin reset-admin-password '{value}'\n"
        "INFO [03-02|10:14:07] Starting Grafana  logger=settings version=11.1.0\n\n"
        "Admin password changed successfully ✔\n"
    ), value


def pgbouncer_userlist(rng: random.Random, var: str, value: str) -> Place:
    return f'$ cat /etc/pgbouncer/userlist.txt\n"pgbouncer" "md5{s(rng, 32, HEX)}"\n"orders" "{value}"\n', value


def pgbouncer_ini_databases(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[databases]\n"
        f"orders = host=pg01.acme.internal port=5432 dbname=orders user=orders password={value}\n\n"
        "[pgbouncer]\nlisten_port = 6432\npool_mode = transaction\n"
    ), value


def icecast_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<icecast>\n    <location>Zurich</location>\n    <authentication>\n"
        f"        <source-password>{value}</source-password>\n        <admin-user>admin</admin-user>\n"
        "    </authentication>\n</icecast>\n"
    ), value


def ffmpeg_icecast_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ffmpeg -re -i show.mp3 -c:a libmp3lame -b:a 128k -content_type audio/mpeg "
        f"icecast://source:{q(value)}@radio.acme.dev:8000/live\n"
    ), q(value)


def airflow_cfg_core(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[core]\ndags_folder = /opt/airflow/dags\nexecutor = CeleryExecutor\n"
        f"fernet_key = {value}\nload_examples = False\n"
    ), value


def fernet_generate_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'\n"
        f"{value}\n$ kubectl -n airflow create secret generic airflow-fernet --from-literal=key=$(pbpaste)\n"
    ), value


def express_session_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "app.use(session({\n"
        f"  secret: '{value}',\n  resave: false,\n  saveUninitialized: false,\n"
        "  cookie: { secure: true, maxAge: 86400000 },\n}));\n"
    ), value


def cookie_parser_ts(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import cookieParser from 'cookie-parser';\n\nconst app = express();\n"
        f"app.use(cookieParser('{value}'));\napp.use(express.json());\n"
    ), value


def nestjs_jwt_module(rng: random.Random, var: str, value: str) -> Place:
    return (
        "@Module({\n  imports: [\n    JwtModule.register({\n      global: true,\n"
        f"      secret: '{value}',\n      signOptions: {{ expiresIn: '3600s' }},\n    }}),\n  ],\n}})\n"
        "export class AuthModule {}\n"
    ), value


def go_jwt_signed_string(rng: random.Random, var: str, value: str) -> Place:
    return (
        'token := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"sub": user.ID, "exp": exp})\n'
        f'signed, err := token.SignedString([]byte("{value}"))\nif err != nil {{\n\treturn "", err\n}}\n'
    ), value


def cat_master_key(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cat config/master.key\n{value}\n$ bin/rails credentials:show | head -1\naws:\n", value


def kamal_secrets_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .kamal/secrets\nKAMAL_REGISTRY_PASSWORD=$KAMAL_REGISTRY_PASSWORD\n"
        f"RAILS_MASTER_KEY={value}\nPOSTGRES_HOST=10.0.0.12\n"
    ), value


def gpg_batch_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"+ gpg --batch --yes --pinentry-mode loopback --passphrase '{value}' --decrypt secrets.tar.gz.gpg "
        "| tar xz\ngpg: encrypted with rsa4096 key, ID 3F1C0A9E2B7D4D1E, created 2025-01-10\n"
    ), value


def duply_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.duply/offsite/conf\nGPG_KEY='3F1C0A9E2B7D4D1E'\n"
        f"GPG_PW='{value}'\nTARGET='b2://acme-offsite/host01'\nSOURCE='/'\nMAX_AGE=6M\n"
    ), value


def sevenzip_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ 7z a -t7z -mhe=on '-p{value}' hr-export.7z hr/\n\n7-Zip 23.01 (x64)\nScanning the drive:\n"
        "3 folders, 41 files, 8221931 bytes (8030 KiB)\nEverything is Ok\n"
    ), value


def zip_p_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ zip -r -P '{value}' invoices-2026-02.zip invoices/2026-02/\n  adding: invoices/2026-02/ (stored 0%)\n",
        value,
    )


def nodemailer_transport(rng: random.Random, var: str, value: str) -> Place:
    return (
        "const transporter = nodemailer.createTransport({\n  host: 'smtp.gmail.com',\n  port: 465,\n  secure: true,\n"
        f"  auth: {{ user: 'alerts@acme.dev', pass: '{value}' }},\n}});\n"
    ), value


def phpmailer_props(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$mail = new PHPMailer(true);\n$mail->isSMTP();\n$mail->Host = 'smtp.gmail.com';\n$mail->SMTPAuth = true;\n"
        f"$mail->Username = 'shop@acme.dev';\n$mail->Password = '{value}';\n$mail->Port = 587;\n"
    ), value


def rsyncd_secrets_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/rsyncd.conf\n[backups]\n    path = /srv/backups\n    auth users = backup\n"
        f"    secrets file = /etc/rsyncd.secrets\n# /etc/rsyncd.secrets\nbackup:{value}\n"
    ), value


def rsync_password_env(rng: random.Random, var: str, value: str) -> Place:
    return (f"RSYNC_PASSWORD='{value}' rsync -az --delete /var/www/ rsync://backup@nas.acme.lan/backups/www/\n"), value


def iscsid_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "node.startup = automatic\nnode.session.auth.authmethod = CHAP\n"
        f"node.session.auth.username = iqn.2026-03.dev.acme:node01\nnode.session.auth.password = {value}\n"
    ), value


def targetcli_set_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/iscsi/iqn.20...t1/tpg1/acls/iqn.2026-03.dev.acme:node01> "
        f"set auth userid=iqn.2026-03.dev.acme:node01 password={value}\n"
        "Parameter userid is now 'iqn.2026-03.dev.acme:node01'.\n"
        f"Parameter password is now '{value}'.\n"
    ), value


def dovecot_passwd_file(rng: random.Random, var: str, value: str) -> Place:
    return (f"# /etc/dovecot/users\nalerts@acme.dev:{{PLAIN}}{value}:5000:5000::/var/vmail/acme.dev/alerts\n"), value


def doveadm_pw_plain(rng: random.Random, var: str, value: str) -> Place:
    return f"$ doveadm pw -s PLAIN -p '{value}'\n{{PLAIN}}{value}\n", value


def gitlab_rb_smtp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "gitlab_rails['smtp_enable'] = true\ngitlab_rails['smtp_address'] = \"smtp.acme.dev\"\n"
        "gitlab_rails['smtp_user_name'] = \"gitlab@acme.dev\"\n"
        f"gitlab_rails['smtp_password'] = \"{value}\"\ngitlab_rails['smtp_port'] = 587\n"
    ), value


def gitlab_rb_initial_root(rng: random.Random, var: str, value: str) -> Place:
    return (
        "external_url 'https://gitlab.acme.dev'\n"
        f"gitlab_rails['initial_root_password'] = '{value}'\nletsencrypt['enable'] = true\n"
    ), value


def altool_upload(rng: random.Random, var: str, value: str) -> Place:
    return (
        "+ xcrun altool --upload-app -f build/Acme.ipa -t ios -u release@acme.dev "
        f"-p {value}\nNo errors uploading 'build/Acme.ipa'\n"
    ), value


def notarytool_store(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ xcrun notarytool store-credentials acme-notary --apple-id release@acme.dev --team-id 7QX2AB4C9D "
        f"--password {value}\nThis process stores your credentials securely in the Keychain.\n"
        'Credentials saved to Keychain.\nTo use them, specify `--keychain-profile "acme-notary"`\n'
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        wget_ftp_log, curlftpfs_fstab, sqlcmd_flags, bcp_flags, rails_seeds_rb, laravel_seeder_php,
        tf_provider_postgresql, tf_provider_rabbitmq, kustomize_secret_generator, kubectl_set_env, appveyor_yml_env,
        cirrus_yml_env, java_drivermanager, perl_dbi_connect, ps_convertto_securestring, psreadline_history,
        r_dbconnect, julia_libpq, grafana_ini_security, grafana_cli_reset, pgbouncer_userlist, pgbouncer_ini_databases,
        icecast_xml, ffmpeg_icecast_url, airflow_cfg_core, fernet_generate_output, express_session_js, cookie_parser_ts,
        nestjs_jwt_module, go_jwt_signed_string, cat_master_key, kamal_secrets_file, gpg_batch_flags, duply_conf,
        sevenzip_flags, zip_p_flags, nodemailer_transport, phpmailer_props, rsyncd_secrets_file, rsync_password_env,
        iscsid_conf, targetcli_set_auth, dovecot_passwd_file, doveadm_pw_plain, gitlab_rb_smtp, gitlab_rb_initial_root,
        altool_upload, notarytool_store,
    )
}  # fmt: skip
