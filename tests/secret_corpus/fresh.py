"""The second held-out part (split ``held_out_new``): formats and surroundings none of the first corpus has,
captured before the rules were made general, so that its recall tells what the rules catch of credentials
nobody wrote a rule from. Every shape is taken, as a fact, from a public rule set (gitleaks' config, GitHub
secret scanning's partner patterns, secretlint's presets, detect-secrets' keyword plugin), named in ``source``;
every value is synthetic, made afresh with its own seed, so the first part's rows stay as they were.

Surroundings are the places the issue names and more: .env with comments and spaces, Dockerfile ``ENV``/``ARG``,
docker-compose and GitHub Actions YAML, a Kubernetes Secret (the value base64-encoded), Terraform, .NET
appSettings, Java properties, PowerShell and cmd, systemd units, libpq key/value strings, ``.pgpass``,
``redis-cli -a``, ``ldapsearch -w``, CLI flags, query strings, raw HTTP requests with other header names,
structured JSON logs with the JSON escaped once more, JS/Python/Go source, and log lines naming nothing."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable

from .makers import ALNUM, B64, B64URL, DIGITS, HEX, LOWER, UPPER, s, uuid4

Make = Callable[[random.Random], str]
Shown = Callable[[random.Random, str, str], tuple[str, str]]
SEED = 3201
SPLIT = "held_out_new"


def fx(prefix: str, n: int, alphabet: str = ALNUM, suffix: str = "") -> Make:
    return lambda rng: prefix + s(rng, n, alphabet) + suffix


def one_password_secret_key(rng: random.Random) -> str:
    a = UPPER + DIGITS
    return f"A3-{s(rng, 6, a)}-{s(rng, 11, a)}-{s(rng, 5, a)}-{s(rng, 5, a)}-{s(rng, 5, a)}"


def harness(rng: random.Random) -> str:
    return f"pat.{s(rng, 22, B64URL)}.{s(rng, 24, ALNUM)}.{s(rng, 20, ALNUM)}"


def cf_origin(rng: random.Random) -> str:
    return f"v1.0-{s(rng, 24, HEX)}-{s(rng, 146, HEX)}"


def plaid(rng: random.Random) -> str:
    return f"access-production-{uuid4(rng)}"


def hubspot(rng: random.Random) -> str:
    return f"pat-na1-{uuid4(rng)}"


def asana(rng: random.Random) -> str:
    return f"2/{s(rng, 16, DIGITS)}/{s(rng, 16, DIGITS)}:{s(rng, 32, HEX)}"


def brevo(rng: random.Random) -> str:
    return f"xkeysib-{s(rng, 64, HEX)}-{s(rng, 16, ALNUM)}"


def sourcegraph(rng: random.Random) -> str:
    return f"sgp_{s(rng, 16, HEX)}_{s(rng, 40, HEX)}"


def resend(rng: random.Random) -> str:
    return f"re_{s(rng, 8, ALNUM)}_{s(rng, 24, ALNUM)}"


def yandex_iam(rng: random.Random) -> str:
    return f"t1.{s(rng, 40, B64URL)}.{s(rng, 86, B64URL)}"


def ldap_password(rng: random.Random) -> str:
    return s(rng, 6, LOWER) + s(rng, 4, DIGITS) + s(rng, 4, UPPER) + "!"


def nextauth(rng: random.Random) -> str:
    return base64.b64encode(rng.randbytes(32)).decode()


def launchdarkly(rng: random.Random) -> str:
    return f"sdk-{uuid4(rng)}"


#: (name, source, maker, variable name, surroundings)
FRESH: tuple[tuple[str, str, Make, str, tuple[str, ...]], ...] = (
    ("adobe_client_secret", "gitleaks adobe-client-secret", fx("p8e-", 32), "ADOBE_CLIENT_SECRET",
     ("plain_log", "dockerfile")),
    ("artifactory_api_key", "gitleaks artifactory-api-key", fx("AKCp", 69), "ARTIFACTORY_API_KEY",
     ("plain_log", "curl_header_apikey")),
    ("clickhouse_cloud_secret", "gitleaks clickhouse-cloud-api-secret-key", fx("4b1d", 38), "CLICKHOUSE_SECRET",
     ("dotenv_spaced", "terraform")),
    ("cloudflare_origin_ca_key", "gitleaks cloudflare-origin-ca-key", cf_origin, "CF_ORIGIN_CA_KEY",
     ("plain_log", "gha_env")),
    ("flutterwave_secret_key", "gitleaks flutterwave-secret-key", fx("FLWSECK_TEST-", 32, "abcdefgh0123456789", "-X"),
     "FLW_SECRET_KEY", ("plain_log", "js_client")),
    ("frameio_token", "gitleaks frameio-api-token", fx("fio-u-", 64, LOWER + DIGITS + "-_"), "FRAMEIO_TOKEN",
     ("plain_log", "powershell")),
    ("flyio_machines_token", "gitleaks flyio-access-token", fx("fm2_", 120, B64), "FLY_ACCESS_TOKEN",
     ("plain_log", "gha_env")),
    ("one_password_secret_key", "gitleaks 1password-secret-key", one_password_secret_key, "OP_SECRET_KEY",
     ("plain_log", "dotenv_spaced")),
    ("duffel_token", "gitleaks duffel-api-token", fx("duffel_live_", 43, LOWER + DIGITS + "_-"), "DUFFEL_TOKEN",
     ("plain_log", "python_client")),
    ("easypost_key", "gitleaks easypost-api-token", fx("EZAK", 54), "EASYPOST_API_KEY",
     ("plain_log", "curl_u_key")),
    ("dropbox_short_lived", "gitleaks dropbox-short-lived-api-token", fx("sl.", 135, ALNUM + "-_"),
     "DROPBOX_TOKEN", ("http_raw", "json_log_escaped")),
    ("harness_pat", "gitleaks harness-api-key", harness, "HARNESS_API_KEY", ("plain_log", "curl_header_xapi")),
    ("infracost_key", "gitleaks infracost-api-token", fx("ico-", 32), "INFRACOST_API_KEY",
     ("plain_log", "gha_env")),
    ("octopus_deploy_key", "gitleaks octopus-deploy-api-key", fx("API-", 26, UPPER + DIGITS), "OCTOPUS_API_KEY",
     ("cli_flag", "plain_log")),
    ("openshift_user_token", "gitleaks openshift-user-token", fx("sha256~", 43, B64URL), "OC_TOKEN",
     ("cli_flag", "plain_log")),
    ("plaid_access_token", "gitleaks plaid-api-token", plaid, "PLAID_ACCESS_TOKEN",
     ("json_log_escaped", "plain_log")),
    ("planetscale_api_token", "gitleaks planetscale-api-token", fx("pscale_tkn_", 43, B64URL), "PLANETSCALE_TOKEN",
     ("plain_log", "compose_list")),
    ("readme_api_key", "gitleaks readme-api-token", fx("rdme_", 70, LOWER + DIGITS), "README_API_KEY",
     ("plain_log", "dotenv_spaced")),
    ("scalingo_token", "gitleaks scalingo-api-token", fx("tk-us-", 48, B64URL), "SCALINGO_API_TOKEN",
     ("plain_log", "systemd")),
    ("brevo_key", "gitleaks sendinblue-api-token", brevo, "BREVO_API_KEY", ("plain_log", "http_raw_apikey")),
    ("shippo_token", "gitleaks shippo-api-token", fx("shippo_live_", 40, HEX), "SHIPPO_TOKEN",
     ("plain_log", "http_raw")),
    ("sourcegraph_token", "gitleaks sourcegraph-access-token", sourcegraph, "SRC_ACCESS_TOKEN",
     ("plain_log", "http_raw")),
    ("yandex_iam_token", "gitleaks yandex-access-token", yandex_iam, "YC_TOKEN", ("http_raw", "plain_log")),
    ("yandex_api_key", "gitleaks yandex-api-key", fx("AQVN", 36, B64URL), "YC_API_KEY",
     ("plain_log", "dockerfile")),
    ("new_relic_browser_key", "gitleaks new-relic-browser-api-token", fx("NRJS-", 19, HEX), "NEW_RELIC_BROWSER_KEY",
     ("plain_log", "k8s_secret")),
    ("adafruit_io_key", "GitHub adafruit_io_key", fx("aio_", 28), "ADAFRUIT_IO_KEY", ("plain_log", "python_client")),
    ("lichess_token", "GitHub lichess_personal_access_token", fx("lip_", 20), "LICHESS_TOKEN",
     ("plain_log", "http_raw")),
    ("hubspot_private_app", "GitHub hubspot_private_app_access_token", hubspot, "HUBSPOT_ACCESS_TOKEN",
     ("http_raw", "plain_log")),
    ("openrouter_key", "GitHub openrouter_api_key", fx("sk-or-v1-", 64, HEX), "OPENROUTER_API_KEY",
     ("plain_log", "js_client")),
    ("nvidia_key", "GitHub nvidia_api_key", fx("nvapi-", 64, B64URL), "NVIDIA_API_KEY",
     ("plain_log", "powershell")),
    ("render_key", "GitHub render_api_key", fx("rnd_", 32), "RENDER_API_KEY", ("plain_log", "terraform")),
    ("resend_key", "GitHub resend_api_key", resend, "RESEND_API_KEY", ("plain_log", "go_source")),
    ("posthog_personal_key", "GitHub posthog_personal_api_key", fx("phx_", 43), "POSTHOG_PERSONAL_API_KEY",
     ("plain_log", "compose_list")),
    ("asana_pat", "GitHub asana_personal_access_token", asana, "ASANA_PAT", ("http_raw", "plain_log")),
    ("launchdarkly_sdk_key", "gitleaks launchdarkly-access-token", launchdarkly, "LD_SDK_KEY",
     ("dotenv_spaced", "plain_log")),
    # no prefix: only the name given the value, or the setting, says it is secret
    ("fastly_api_token", "gitleaks fastly-api-token", fx("", 32, ALNUM + "_-"), "FASTLY_API_TOKEN",
     ("dockerfile", "k8s_secret")),
    ("confluent_secret", "gitleaks confluent-secret-key", fx("", 64, ALNUM), "CONFLUENT_API_SECRET",
     ("properties", "terraform")),
    ("cohere_key", "gitleaks cohere-api-token", fx("", 40, ALNUM), "CO_API_KEY", ("python_client", "compose_list")),
    ("azure_devops_pat", "GitHub azure_devops_personal_access_token", fx("", 52, "abcdefghijklmnopqrstuvwxyz234567"),
     "AZURE_DEVOPS_PAT", ("curl_u_empty", "gha_env")),
    ("slack_signing_secret", "detect-secrets KeywordDetector", fx("", 32, HEX), "SLACK_SIGNING_SECRET",
     ("systemd", "appsettings")),
    ("nextauth_secret", "detect-secrets KeywordDetector", nextauth, "NEXTAUTH_SECRET",
     ("dotenv_spaced", "cmd_set")),
    ("codecov_token", "gitleaks codecov-access-token", uuid4, "CODECOV_TOKEN", ("gha_with", "cli_flag")),
    ("mssql_sa_password", "detect-secrets KeywordDetector", ldap_password, "MSSQL_SA_PASSWORD",
     ("compose_list", "libpq")),
    ("ldap_bind_password", "secretlint", ldap_password, "LDAP_BIND_PASSWORD", ("ldapsearch", "pgpass")),
    ("redis_password", "secretlint", ldap_password, "REDIS_PASSWORD", ("redis_cli", "properties")),
)  # fmt: skip


def plain_log(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    line = rng.choice(
        [
            f"2026-04-11 09:02:17,554 WARNING retry 3/5 POST https://api.vendor.io/v2/jobs using {value}",
            f"[deploy] step 4/9: configured client with {value} for region eu-central-1",
            f"Apr 11 09:02:17 web-3 app[2211]: upstream rejected {value} (401 Unauthorized)",
        ]
    )
    return f"Apr 11 09:02:16 web-3 app[2211]: GET /ready 200 0.8ms\n{line}\n", value


def dotenv_spaced(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"# {var.lower().replace('_', ' ')}, rotate quarterly\n{var} = {value}  # prod\nDEBUG = false\n", value


def dockerfile(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    line = rng.choice([f"ENV {var}={value}", f"ENV {var} {value}", f'ARG {var}="{value}"'])
    return f"FROM python:3.12-slim\nWORKDIR /app\n{line}\nCOPY . .\nRUN pip install -r requirements.txt\n", value


def compose_list(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"services:\n  api:\n    image: acme/api:1.4\n    environment:\n      - TZ=UTC\n      - {var}={value}\n"
        '    ports:\n      - "8080:8080"\n'
    ), value


def gha_env(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"jobs:\n  deploy:\n    runs-on: ubuntu-latest\n    env:\n      {var}: {value}\n    steps:\n"
        "      - uses: actions/checkout@v4\n"
    ), value


def gha_with(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"      - uses: codecov/codecov-action@v4\n        with:\n          token: {value}\n"
        "          fail_ci_if_error: true\n"
    ), value


def k8s_secret(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    encoded = base64.b64encode(value.encode()).decode()
    key = var.lower().replace("_", "-")
    return (
        f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-secrets\ntype: Opaque\ndata:\n  {key}: {encoded}\n"
    ), encoded


def terraform(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    name = var.lower().split("_", 1)[1] if "_" in var else "api_key"
    return f'provider "vendor" {{\n  region = "eu-west-1"\n  {name} = "{value}"\n}}\n', value


def appsettings(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    name = "".join(w.capitalize() for w in var.split("_"))
    return (
        f'<appSettings>\n  <add key="Environment" value="Production" />\n  <add key="{name}" value="{value}" />\n'
        "</appSettings>\n"
    ), value


def properties(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    name = var.lower().replace("_", ".")
    return f"app.region=eu-west-1\n{name}={value}\napp.pool.size=10\n", value


def powershell(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'PS C:\\deploy> $env:{var} = "{value}"\nPS C:\\deploy> .\\publish.ps1 -Stage prod\n', value


def cmd_set(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"C:\\build> set {var}={value}\nC:\\build> npm run build\n", value


def systemd(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'[Service]\nUser=app\nEnvironment="{var}={value}"\nExecStart=/usr/local/bin/app serve\nRestart=always\n'
    ), value


def libpq(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'$ psql "host=db.acme.internal port=5432 dbname=shop user=sa password={value} sslmode=require"', value


def pgpass(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ cat ~/.pgpass\ndb.acme.internal:5432:shop:app_rw:{value}\n*:*:*:readonly:{value}\n", value


def redis_cli(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ redis-cli -h cache.acme.internal -p 6379 -a {value} --no-auth-warning PING\nPONG\n", value


def ldapsearch(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'ldapsearch -x -H ldaps://ldap.acme.internal -D "cn=admin,dc=acme,dc=dev" -w {value} -b "dc=acme,dc=dev"'
    ), value


def cli_flag(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    flag = rng.choice(["--token", "--api-key", "--auth-token"])
    sep = rng.choice([" ", "="])
    return f"+ ./bin/release --env prod {flag}{sep}{value} --verbose\nrelease: uploading 3 artifacts\n", value


def curl_header_apikey(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'curl -sS -H "Accept: application/json" -H "apikey: {value}" https://repo.acme.dev/api/repositories', value


def curl_header_xapi(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -X GET 'https://app.harness.io/ng/api/user/currentUser' -H 'x-api-token: {value}'", value


def curl_u_key(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'curl -X GET https://api.easypost.com/v2/shipments -u "{value}:"', value


def curl_u_empty(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"curl -u :{value} https://dev.azure.com/acme/_apis/projects?api-version=7.1", value


def http_raw(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    scheme = rng.choice(["Bearer", "token", "OAuth"])
    return (
        f"POST /api/v1/items HTTP/1.1\r\nHost: api.vendor.io\r\nauthorization: {scheme} {value}\r\n"
        'Content-Type: application/json\r\n\r\n{"name":"x"}'
    ), value


def http_raw_apikey(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"GET /v3/account HTTP/1.1\r\nHost: api.brevo.com\r\napi-key: {value}\r\naccept: application/json\r\n", value


def json_log_escaped(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    inner = json.dumps({"method": "POST", "body": json.dumps({"access_token": value, "count": 2})})
    return json.dumps({"ts": "2026-04-11T09:02:17Z", "level": "debug", "msg": inner}), value


def js_client(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"import Vendor from 'vendor';\n\nconst client = new Vendor({{ apiKey: '{value}', timeout: 5000 }});\n",
        value,
    )


def python_client(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'import vendor\n\nclient = vendor.Client(api_key="{value}", retries=3)\n', value


def go_source(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'func init() {{\n\tos.Setenv("{var}", "{value}")\n}}\n', value


SURROUNDINGS: dict[str, Shown] = {
    f.__name__: f
    for f in (
        plain_log, dotenv_spaced, dockerfile, compose_list, gha_env, gha_with, k8s_secret, terraform, appsettings,
        properties, powershell, cmd_set, systemd, libpq, pgpass, redis_cli, ldapsearch, cli_flag, curl_header_apikey,
        curl_header_xapi, curl_u_key, curl_u_empty, http_raw, http_raw_apikey, json_log_escaped, js_client,
        python_client, go_source,
    )
}  # fmt: skip


Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]


def part_rows(seed: int, split: str, part: Part, places: dict[str, Shown]) -> list[dict[str, str]]:
    """A held-out part's cases, as make_corpus writes them: each format's value made afresh for each of its places,
    from the part's own seed, so that one part's rows never move another's. Every line of a secret stands in its
    text, as it is or JSON-escaped."""
    rng = random.Random(seed)
    out = []
    for name, source, make, var, shown in part:
        for n, where in enumerate(shown):
            text, secret = places[where](rng, var, make(rng))
            assert all(line in text or json.dumps(line)[1:-1] in text for line in secret.splitlines()), (name, where)
            out.append(
                {"id": f"{name}/{n}", "split": split, "format": name, "source": source, "shown": where,
                 "text": text, "secret": secret}
            )  # fmt: skip
    return out


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, FRESH, SURROUNDINGS)
