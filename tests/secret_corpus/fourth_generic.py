"""Where the fourth held-out part (fourth.py) shows generic secrets: surroundings where the place says it is a secret,
or nothing does. Each takes ``(rng, name, value)`` and gives ``(text, secret)``: Tomcat's ``context.xml``,
``web.config``, Dockerfile ``ENV`` and ``--build-arg``, Kubernetes Secrets, tfstate, ``docker login``, psql and JDBC
URLs, Django settings, sssd.conf, keys inside JSON, YAML and heredocs, cookies, OAuth token requests, Alertmanager
and Jenkins, signed URLs, client ini files, TOML and Java properties, Ansible inventories, Composer's ``auth.json``,
Redis, ``Proxy-Authorization``, ``.npmrc`` and library calls given the password by position."""

from __future__ import annotations

import base64
import json
import random
import urllib.parse

from .makers import ALNUM, HEX, s, uuid4

# -- generic surroundings: the place says it is a secret, or nothing does ----------------------------------------


def tomcat_context_xml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        '<Context>\n  <Resource name="jdbc/shop" auth="Container" type="javax.sql.DataSource"\n'
        '            driverClassName="org.postgresql.Driver" url="jdbc:postgresql://db:5432/shop"\n'
        f'            username="shop" {var}="{value}" maxTotal="20"/>\n</Context>\n'
    ), value


def web_config(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        '<configuration>\n  <connectionStrings>\n    <add name="Shop" providerName="System.Data.SqlClient"\n'
        f'         connectionString="Server=sql01;Database=Shop;User Id=shop_app;Password={value};" />\n'
        "  </connectionStrings>\n</configuration>\n"
    ), value


def dockerfile_env_space(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"FROM postgres:16\nENV POSTGRES_USER shop\nENV POSTGRES_{var.split('_')[-1]} {value}\nEXPOSE 5432\n", value


def docker_build_arg(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ docker build --build-arg {var}='{value}' -t acme/api:1.9 .\n[+] Building 12.4s (9/9) FINISHED\n", value


def k8s_secret_data(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: shop-db\ntype: Opaque\ndata:\n"
        f"  db-user: c2hvcA==\n  {var}: {value}\n"
    ), value


def kubectl_get_json(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {"apiVersion": "v1", "kind": "Secret", "type": "Opaque",
           "metadata": {"name": "shop-db", "namespace": "prod", "uid": uuid4(rng)},
           "data": {"db-user": "c2hvcA==", var: value}}  # fmt: skip
    return json.dumps(doc, indent=4), value


def tfstate(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    res = {"mode": "managed", "type": "azurerm_mssql_server", "name": "main", "instances": [{"schema_version": 0,
           "attributes": {"administrator_login": "sqladmin", var: value, "id": f"/subscriptions/{uuid4(rng)}",
                          "version": "12.0"}, "sensitive_attributes": []}]}  # fmt: skip
    return json.dumps({"version": 4, "terraform_version": "1.9.5", "resources": [res]}, indent=2), value


def tfvars_heredoc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'location = "westeurope"\n{var} = <<-EOT\n  {value}\nEOT\nsku_name = "S0"\n', value


def docker_login_p(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"$ docker login registry.acme.dev -u ci-bot -p '{value}'\n"
        "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n"
    ), value


def docker_login_stdin(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"+ echo '{value}' | docker login ghcr.io -u ci-bot --password-stdin\nLogin Succeeded\n", value


def psql_conninfo(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"$ psql \"host=db.acme.internal port=5432 dbname=shop user=report password='{value}' sslmode=require\"\n",
        value,
    )


def mysql_long_flag(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ mysqldump --host=db01 --user=backup --password='{value}' --single-transaction shop > shop.sql\n", value


def jdbc_oracle_thin(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    pw = value.replace("@", "").replace("/", "")
    return f"db.url=jdbc:oracle:thin:scott/{pw}@//ora01.acme.internal:1521/ORCLPDB1\ndb.pool.max=20\n", pw


def jdbc_postgres_query(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    q = urllib.parse.quote(value, safe="")
    return (
        "2026-02-11 10:15:00.120 INFO  HikariDataSource - HikariPool-1 - Starting with "
        f"jdbc:postgresql://db01:5432/shop?user=shop&password={q}&ssl=true\n"
    ), q


def django_settings(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "EMAIL_BACKEND = 'django.core.mail.backends.smtp.EmailBackend'\nEMAIL_HOST = 'smtp.acme.dev'\n"
        f"EMAIL_PORT = 587\nEMAIL_HOST_USER = 'mailer@acme.dev'\n{var} = '{value}'\nEMAIL_USE_TLS = True\n"
    ), value


def smtp_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    q = urllib.parse.quote(value, safe="")
    return f"MAILER_DSN=smtp://mailer%40acme.dev:{q}@smtp.acme.dev:587?encryption=tls\n", q


def sssd_conf(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "[domain/acme.dev]\nid_provider = ldap\nldap_uri = ldaps://ldap.acme.dev\n"
        f"ldap_default_bind_dn = cn=sssd,ou=services,dc=acme,dc=dev\nldap_default_authtok = {value}\n"
    ), value


def python_ldap_bind(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"conn = ldap.initialize('ldaps://ldap.acme.dev')\nconn.simple_bind_s('cn=admin,dc=acme,dc=dev', '{value}')\n"
    ), value


def json_escaped_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {"name": "deploy", "created": "2026-02-11", var: value + "\n", "comment": "ci@acme"}
    body = "\n".join(line for line in value.splitlines() if not line.startswith("-----") and line)
    return json.dumps(doc), body


def yaml_literal_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    indented = "\n".join("    " + line for line in value.splitlines())
    body = "\n".join(line for line in value.splitlines() if not line.startswith("-----"))
    return f"deploy:\n  user: ci\n  {var}: |\n{indented}\n  known_hosts: github.com\n", body


def tf_heredoc_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    body = "\n".join(line for line in value.splitlines() if not line.startswith("-----"))
    return f'resource "tls_locally_signed_cert" "ca" {{\n  ca_{var}_pem = <<EOF\n{value}\nEOF\n}}\n', body


def log_dump_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    body = "\n".join(line for line in value.splitlines() if not line.startswith("-----"))
    return (
        f"2026-02-11 10:15:00 DEBUG loading key material from /etc/app/dsa.pem:\n{value}\n"
        "2026-02-11 10:15:00 INFO ready\n",
        body,
    )


def gpg_export(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    body = "\n".join(line for line in value.splitlines() if not line.startswith("-----") and line)
    return f"$ gpg --armor --export-secret-keys release@acme.dev\n{value}\n", body


def cookie_request_dump(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    name = rng.choice(["PHPSESSID", "sessionid", "laravel_session", "JSESSIONID", "connect.sid"])
    return (
        "POST /account/settings HTTP/1.1\nHost: shop.acme.dev\nContent-Type: application/x-www-form-urlencoded\n"
        f"Cookie: theme=dark; {name}={value}; _ga=GA1.2.1234567.1700000000\n\nemail=a%40acme.dev\n"
    ), value


def har_cookie(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    cookies = [{"name": "theme", "value": "dark"}, {"name": "sessionid", "value": value, "httpOnly": True}]
    entry = {"request": {"method": "GET", "url": "https://shop.acme.dev/cart", "cookies": cookies, "headers": []}}
    return json.dumps({"log": {"entries": [entry]}}, indent=1), value


def token_request_body(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    q = urllib.parse.quote(value, safe="")
    return (
        "POST /oauth2/token HTTP/1.1\nHost: auth.acme.dev\nContent-Type: application/x-www-form-urlencoded\n\n"
        f"grant_type=client_credentials&client_id=reporting-svc&{var}={q}&scope=reports.read\n"
    ), q


def spring_oauth_yaml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "spring:\n  security:\n    oauth2:\n      client:\n        registration:\n          acme:\n"
        f"            client-id: reporting-svc\n            client-secret: {value}\n            scope: openid\n"
    ), value


def alertmanager_yaml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    key = "slack_api_url" if "slack" in value else "url"
    return (
        "receivers:\n  - name: oncall\n    slack_configs:\n"
        if "slack" in value
        else "receivers:\n  - name: oncall\n    webhook_configs:\n"  # noqa: E501
    ) + f"      - {key}: '{value}'\n        send_resolved: true\n", value.rsplit("/", 1)[1]


def jenkins_groovy(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        'post {\n  failure {\n    sh """curl -s -X POST -H \'Content-Type: application/json\' \\\\\n'
        f'      -d \'{{"text": "build failed"}}\' {value}"""\n  }}\n}}\n'
    ), value.rsplit("/", 1)[1]


def _logic_app_url(rng: random.Random, value: str) -> str:
    return (f"https://prod-{rng.randint(10, 99)}.westeurope.logic.azure.com:443/workflows/{s(rng, 32, HEX)}"
            "/triggers/manual/paths/invoke?api-version=2016-06-01&sp=%2Ftriggers%2Fmanual%2Frun&sv=1.0"
            f"&sig={value}")  # fmt: skip


def teams_workflow_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"TEAMS_WORKFLOW_URL={_logic_app_url(rng, value)}\n", value


def teams_workflow_json(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return json.dumps({"notify": {"channel": "deploys", "target": _logic_app_url(rng, value)}}, indent=2), value


def _gcs_url(rng: random.Random, value: str) -> str:
    return ("https://storage.googleapis.com/acme-exports/reports/2026-02.csv?X-Goog-Algorithm=GOOG4-RSA-SHA256"
            "&X-Goog-Credential=exporter%40acme-prod.iam.gserviceaccount.com%2F20260211%2Fauto%2Fstorage%2F"
            "goog4_request&X-Goog-Date=20260211T101500Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host"
            f"&X-Goog-Signature={value}")  # fmt: skip


def gcs_signed_curl(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ curl -fsSL -o report.csv '{_gcs_url(rng, value)}'\n", value


def gcs_signed_log(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'{{"severity":"INFO","message":"signed download link issued","url":"{_gcs_url(rng, value)}"}}\n', value


def _s3_v2(rng: random.Random, value: str) -> str:
    key_id = "AKIA" + s(rng, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    sig = urllib.parse.quote(value, safe="")
    return f"https://acme-media.s3.amazonaws.com/v/intro.mp4?AWSAccessKeyId={key_id}&Expires=1790000000&Signature={sig}"


def s3_v2_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'<video src="{_s3_v2(rng, value)}" controls></video>\n', urllib.parse.quote(value, safe="")


def s3_v2_log(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'10.0.3.7 - - [11/Feb/2026:10:15:00 +0000] "GET {_s3_v2(rng, value)} HTTP/1.1" 302 0\n', urllib.parse.quote(
        value, safe=""
    )


def my_cnf(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'[client]\nuser = backup\n{var} = "{value}"\nhost = db01.acme.internal\n\n[mysqldump]\nquick\n', value


def s3cfg(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    key_id = "AKIA" + s(rng, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    secret = s(rng, 40, ALNUM + "+/")
    return (
        f"[default]\naccess_key = {key_id}\nhost_base = s3.amazonaws.com\nsecret_key = {secret}\nuse_https = True\n"
    ), secret


def streamlit_secrets_toml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'[connections.postgresql]\ndialect = "postgresql"\nhost = "db01"\nusername = "app"\n{var} = "{value}"\n',
        value,
    )


def toml_nested(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"[server]\nport = 8443\n\n[server.admin]\nuser = \"root\"\n{var} = '{value}'\n", value


def hibernate_properties(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "hibernate.connection.driver_class=org.postgresql.Driver\nhibernate.connection.username=shop\n"
        f"hibernate.connection.{var}={value}\nhibernate.dialect=org.hibernate.dialect.PostgreSQLDialect\n"
    ), value


def kafka_properties(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "security.protocol=SSL\nssl.keystore.location=/etc/kafka/client.jks\n"
        f"ssl.keystore.{var}={value}\nssl.key.{var}={value}\n"
    ), value


def ansible_ini(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"[web]\nweb01 ansible_host=10.0.3.11 ansible_user=deploy {var}='{value}'\nweb02 ansible_host=10.0.3.12\n",
        value,
    )


def ansible_yaml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'all:\n  vars:\n    ansible_user: deploy\n    ansible_become_pass: "{value}"\n  hosts:\n    web01:\n', value


def composer_auth(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {"http-basic": {"repo.packagist.com": {"username": "token", var: value}}}
    return json.dumps(doc, indent=4), value


def postman_bearer(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {"info": {"name": "Acme API", "schema": "https://schema.getpostman.com/json/collection/v2.1.0/"},
           "auth": {"type": "bearer", "bearer": [{"key": "token", "value": value, "type": "string"}]},
           "item": [{"name": "me", "request": {"method": "GET", "url": "{{base}}/v1/me"}}]}  # fmt: skip
    return json.dumps(doc, indent="\t"), value


def redis_cli_auth(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ redis-cli -h cache01\ncache01:6379> AUTH default {value}\nOK\ncache01:6379> INFO keyspace\n", value


def redis_conf(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"bind 0.0.0.0\nport 6379\n{var} {value}\nmaxmemory 2gb\nmaxmemory-policy allkeys-lru\n", value


def proxy_auth_dump(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    token = base64.b64encode(f"svc-crawler:{value}".encode()).decode()
    return (
        "CONNECT api.acme.dev:443 HTTP/1.1\nHost: api.acme.dev:443\n"
        f"Proxy-Authorization: Basic {token}\nUser-Agent: crawler/1.4\n\n"
    ), token


def npmrc_auth(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    token = base64.b64encode(f"ci-bot:{value}".encode()).decode()
    return f"registry=https://npm.acme.dev/\n_auth={token}\nalways-auth=true\nemail=ci@acme.dev\n", token


def csharp_network_credential(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        'var client = new SmtpClient("smtp.acme.dev", 587) {\n    EnableSsl = true,\n'
        f'    Credentials = new NetworkCredential("mailer@acme.dev", "{value}")\n}};\n'
    ), value


def python_smtplib_login(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "with smtplib.SMTP('smtp.acme.dev', 587) as smtp:\n    smtp.starttls()\n"
        f"    smtp.login('mailer@acme.dev', '{value}')\n    smtp.send_message(msg)\n"
    ), value
