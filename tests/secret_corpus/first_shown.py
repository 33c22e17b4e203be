"""The surroundings the first parts of the secrets corpus show a value in (an .env line, a log line, YAML, JSON
with escapes, connection strings, URLs, headers of curl, .netrc, kubeconfig, code), by name: ``formats.Format.shown``
names them, and ``make_corpus.cases`` puts each value in each. Each takes the seeded generator, the variable's name
and the value, and gives the text and the part of it that must not be stored."""

from __future__ import annotations

import json
import random
import urllib.parse
from collections.abc import Callable

from .makers import HEX, s


def q(value: str) -> str:
    return urllib.parse.quote(value, safe="")


def pem_body(value: str) -> str:
    return "\n".join(line for line in value.splitlines() if not line.startswith("-----"))


Shown = Callable[[random.Random, str, str], tuple[str, str]]


def env(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    spelled = rng.choice([f"{var}={value}", f'{var}="{value}"', f"export {var}={value}", f"export {var}='{value}'"])
    return f"NODE_ENV=production\nLOG_LEVEL=info\n{spelled}\nPORT=8080\n", value


def log(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    line = rng.choice(
        [
            f"2026-03-02T10:14:07.120Z DEBUG client.auth using {value} from keychain",
            f"[worker-3] retrying upload with credentials {value} (attempt 2/5)",
            f'time=2026-03-02T10:14:07Z level=error msg="request rejected" key={value} status=401',
        ]
    )
    return f"2026-03-02T10:14:06.981Z INFO http GET /healthz 200 1.2ms\n{line}\n", value


def yaml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"service:\n  name: billing\n  replicas: 3\n  {var.lower()}: {value}\n  region: eu-west-1\n", value


def json_neutral(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return json.dumps({"id": rng.randint(1, 999), "data": value, "expires_in": 3599}), value


def json_named(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return json.dumps({"host": "db.acme.internal", "user": "app", var: value, "pool": 10}, indent=2), value


def json_escaped_kv(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    inner = json.dumps({"user": "app", var: value}, separators=(",", ":"))
    return json.dumps({"event": "config.loaded", "body": inner}), value


def json_escaped(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return json.dumps({"name": "deploy-key", "type": "ssh", var: value + "\n"}), pem_body(value)


def gcp_json(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {
        "type": "service_account",
        "project_id": "acme-prod-4821",
        "private_key_id": s(rng, 40, HEX),
        "private_key": value + "\n",
        "client_email": "deployer@acme-prod-4821.iam.gserviceaccount.com",
        "client_id": str(rng.randint(10**20, 10**21)),
        "token_uri": "https://oauth2.googleapis.com/token",
    }
    return json.dumps(doc, indent=2), pem_body(value)


def ini_aws(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    key_id = "AKIA" + s(rng, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    return f"[default]\naws_access_key_id = {key_id}\naws_secret_access_key = {value}\nregion = eu-west-1\n", value


def sts_json(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    session = var == "AWS_SESSION_TOKEN"
    creds = {
        "AccessKeyId": "ASIA" + s(rng, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"),
        "SecretAccessKey": s(rng, 40) if session else value,
        "SessionToken": value if session else "IQoJb3JpZ2luX2VjE" + s(rng, 300),
        "Expiration": "2026-03-02T11:14:07+00:00",
    }
    return json.dumps({"Credentials": creds, "AssumedRoleUser": {"Arn": "arn:aws:sts::1:assumed-role/ci"}}), value


def azure_conn(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"DefaultEndpointsProtocol=https;AccountName=acmestore;AccountKey={value};EndpointSuffix=core.windows.net"
    ), value


def sas_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "Downloading https://acmestore.blob.core.windows.net/backups/db.tar.gz?sv=2022-11-02&ss=b&srt=co&sp=rl"
        f"&se=2026-12-31T00:00:00Z&st=2026-01-01T00:00:00Z&spr=https&sig={q(value)} ...\n"
    ), q(value)


def sas_conn(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "BlobEndpoint=https://acmestore.blob.core.windows.net/;"
        f"SharedAccessSignature=sv=2022-11-02&ss=b&srt=sco&sp=rwdlac&se=2026-12-31T00:00:00Z&sig={q(value)}"
    ), q(value)


def servicebus_conn(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "Endpoint=sb://acme-bus.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
        f"SharedAccessKey={value}"
    ), value


def url_query(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    name = "access_token" if "TOKEN" in var else "key"
    return f'127.0.0.1 - - [02/Mar/2026:10:14:07] "GET /geo/json?address=Zurich&{name}={value} HTTP/1.1" 200\n', value


def bearer_header(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"> GET /v1/me HTTP/1.1\n> Host: api.example.com\n> Authorization: Bearer {value}\n> Accept: */*\n", value


def fcm_header(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -X POST -H 'Authorization: key={value}' https://fcm.googleapis.com/fcm/send -d @msg.json", value


def private_token(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'curl --header "PRIVATE-TOKEN: {value}" "https://gitlab.example.com/api/v4/projects"', value


def curl_form(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"curl -X POST --fail -F token={value} -F ref=main "
        "https://gitlab.example.com/api/v4/projects/4/trigger/pipeline",
        value,
    )


def toml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'[[runners]]\n  name = "ci-1"\n  url = "https://gitlab.com"\n  token = "{value}"\n  executor = "docker"\n',
        value,
    )


def git_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ git clone https://x-access-token:{value}@github.com/acme/api.git\nCloning into 'api'...\n", value


def npmrc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken={value}\n", value


def pypirc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"[distutils]\nindex-servers = pypi\n\n[pypi]\n  username = __token__\n  password = {value}\n", value


def nuget_cli(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"dotnet nuget push bin/Release/Acme.1.2.0.nupkg --api-key {value} "
        "--source https://api.nuget.org/v3/index.json",
        value,
    )


def docker_login(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"+ docker login -u acmeci -p {value}\nWARNING! Using --password via the CLI is insecure.\n", value


def docker_config(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return json.dumps({"auths": {"https://index.docker.io/v1/": {"auth": value}}}, indent="\t"), value


def x_api_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'curl https://api.example.com/v1/messages -H "x-api-key: {value}" -H "content-type: application/json"',
        value,
    )


def bot_header(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"GET /api/v10/users/@me\nAuthorization: Bot {value}\nUser-Agent: DiscordBot\n", value


def curl_post(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -X POST -H 'Content-type: application/json' --data '{{\"text\":\"deploy done\"}}' {value}", value


def telegram_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'INFO httpx: HTTP Request: POST https://api.telegram.org/bot{value}/getUpdates "HTTP/1.1 200 OK"', value


def curl_u_sid(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -X GET 'https://api.twilio.com/2010-04-01/Accounts.json' -u {value}:{s(rng, 32)}", value


def curl_u_api(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -s --user 'api:{value}' https://api.example.com/v3/acme.dev/messages -F to=ops@acme.dev", value


def curl_u_email(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"curl -u ops@acme.dev:{value} -H 'Accept: application/json' https://acme.atlassian.net/rest/api/3/myself",
        value,
    )


def curl_u(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -u admin:{value} https://jenkins.acme.internal/api/json?pretty=true", value


def header(name: str) -> Shown:
    def shown(rng: random.Random, var: str, value: str) -> tuple[str, str]:
        return f"< HTTP/1.1 200 OK\n> POST /api HTTP/1.1\n> {name}: {value}\n> Content-Length: 52\n", value

    return shown


def vault_header(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'curl --header "X-Vault-Token: {value}" https://vault.acme.internal:8200/v1/secret/data/app', value


def tfrc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'credentials "app.terraform.io" {{\n  token = "{value}"\n}}\n', value


def cf_headers(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        'curl -X GET "https://api.cloudflare.com/client/v4/zones" -H "X-Auth-Email: ops@acme.dev" '
        f'-H "X-Auth-Key: {value}"'
    ), value


def mysql_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"DATABASE_URL='mysql://acme_app:{value}@aws.connect.psdb.cloud/acme?sslaccept=strict'", value


def age_file(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "# created: 2026-01-02T10:00:00Z\n"
        f"# public key: age1{s(rng, 58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}\n{value}\n",
        value,
    )


def rails_yaml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"production:\n  secret_key_base: {value}\n  database: acme_production\n", value


def django(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"DEBUG = False\nSECRET_KEY = '{value}'\nALLOWED_HOSTS = ['acme.dev']\n", value


def cookie(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"< Set-Cookie: auth={value}; Path=/; Secure; HttpOnly; SameSite=Lax\n", value


def kubeconfig_token(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"users:\n- name: ci\n  user:\n    token: {value}\ncontexts: []\n", value


def kubeconfig_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "users:\n- name: admin\n  user:\n    client-certificate-data: LS0tLS1CRUdJTiBDRVJU\n"
        f"    client-key-data: {value}\n",
        value,
    )


def pem_file(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ cat ~/.ssh/deploy_key\n{value}\n$ ssh-add ~/.ssh/deploy_key\n", pem_body(value)


def yaml_block(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    indented = "\n".join("    " + line for line in value.splitlines())
    return f"deploy:\n  host: 10.0.0.5\n  ssh_key: |\n{indented}\n  user: deploy\n", pem_body(value)


def postgres_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ psql postgresql://app_user:{q(value)}@db.acme.internal:5432/orders -c 'select 1'", q(value)


def jdbc_like(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'DATABASE_URL="postgres://orders:{q(value)}@10.0.3.7/orders?sslmode=require"', q(value)


def mongo_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"MongoServerError: connect mongodb+srv://admin:{q(value)}@cluster0.ab1cd.mongodb.net/prod?retryWrites=true",
        q(value),
    )


def redis_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"Error 111 connecting to redis://:{q(value)}@cache.acme.internal:6379/0. Connection refused.", q(value)


def amqp_url(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"celery worker --broker=amqp://guest:{q(value)}@rabbit.acme.internal:5672// --loglevel=info", q(value)


def netrc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"machine api.heroku.com\n  login ops@acme.dev\n  password {value}\n", value


def netrc_one_line(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"machine github.com login acme-bot password {value}\n", value


def jdbc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"url=jdbc:mysql://db.acme.internal:3306/shop?user=shop&password={q(value)}&useSSL=true", q(value)


def odbc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "Server=tcp:acme.database.windows.net,1433;Database=shop;User ID=shop_admin;"
        f"Password={value};Encrypt=True;Connection Timeout=30;"
    ), value


def docker_run(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"docker run -d --name db -e POSTGRES_USER=app -e POSTGRES_{var.split('_')[-1]}={value} postgres:16", value


def spring(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"spring.datasource.url=jdbc:postgresql://db:5432/app\nspring.datasource.password={value}\n", value


def xml(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"<datasource>\n  <user>app</user>\n  <password>{value}</password>\n</datasource>\n", value


def mysql_p(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ mysql -h db.acme.internal -u root -p{value} shop < dump.sql", value


def password_flag(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"+ ./bin/migrate --db-user app --password={value} --target latest", value


def sshpass(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"sshpass -p '{value}' ssh -o StrictHostKeyChecking=no deploy@10.0.0.5 uptime", value


def jaas(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "sasl.mechanism=PLAIN\nsasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
        f'username="svc-orders" password="{value}";\n'
    ), value


def php_define(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"define('DB_HOST', 'localhost');\ndefine('{var}', '{value}');\n", value


def python(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'oauth = OAuth2Session(client_id="acme-web")\n{var} = "{value}"\n', value


def python_dict(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'config = {{"client_id": "acme-web", "{var}": "{value}", "scope": "openid"}}', value


SURROUNDINGS: dict[str, Shown] = {
    "env": env, "log": log, "yaml": yaml, "json_neutral": json_neutral, "json_named": json_named,
    "json_escaped_kv": json_escaped_kv, "json_escaped": json_escaped, "gcp_json": gcp_json, "ini_aws": ini_aws,
    "sts_json": sts_json, "azure_conn": azure_conn, "sas_url": sas_url, "sas_conn": sas_conn,
    "servicebus_conn": servicebus_conn, "url_query": url_query, "bearer_header": bearer_header,
    "fcm_header": fcm_header, "private_token": private_token, "curl_form": curl_form, "toml": toml,
    "git_url": git_url, "npmrc": npmrc, "pypirc": pypirc, "nuget_cli": nuget_cli, "docker_login": docker_login,
    "docker_config": docker_config, "x_api_key": x_api_key, "bot_header": bot_header, "curl_post": curl_post,
    "telegram_url": telegram_url, "curl_u_sid": curl_u_sid, "curl_u_api": curl_u_api, "curl_u_email": curl_u_email,
    "curl_u": curl_u, "postmark_header": header("X-Postmark-Server-Token"),
    "shopify_header": header("X-Shopify-Access-Token"), "vault_header": vault_header, "tfrc": tfrc,
    "ssws_header": header("Authorization"),
    "dd_header": header("DD-API-KEY"), "dd_app_header": header("DD-APPLICATION-KEY"), "cf_headers": cf_headers,
    "x_figma_header": header("X-Figma-Token"), "mysql_url": mysql_url, "age_file": age_file,
    "rails_yaml": rails_yaml, "django": django, "cookie": cookie, "kubeconfig_token": kubeconfig_token,
    "kubeconfig_key": kubeconfig_key, "pem_file": pem_file, "yaml_block": yaml_block,
    "basic_header": header("Authorization"), "token_header": header("Authorization"),
    "x_auth_token": header("X-Auth-Token"), "postgres_url": postgres_url, "jdbc_like": jdbc_like,
    "mongo_url": mongo_url, "redis_url": redis_url, "amqp_url": amqp_url, "netrc": netrc,
    "netrc_one_line": netrc_one_line, "jdbc": jdbc, "odbc": odbc, "docker_run": docker_run, "spring": spring,
    "xml": xml, "mysql_p": mysql_p, "password_flag": password_flag, "sshpass": sshpass, "jaas": jaas,
    "php_define": php_define, "python": python, "python_dict": python_dict,
}  # fmt: skip
#: Header values carry their scheme word in the value itself.
SCHEMES = {"ssws_header": "SSWS ", "basic_header": "Basic ", "token_header": "Token "}
DEFAULT_SHOWN = ("env", "log")
