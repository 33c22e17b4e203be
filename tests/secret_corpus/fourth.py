"""The fourth held-out part (split ``held_out_4``): formats and surroundings none of the first three parts has,
captured before any rule was written from the third part's misses, so that its recall tells what the rules catch
of credentials nobody wrote a rule from. Vendor shapes are taken, as facts, from public rule sets (gitleaks'
config, GitHub secret scanning's partner patterns, Microsoft's identifiable-key shapes as the scanners carry them,
secretlint's presets, detect-secrets' keyword plugin), named in ``source``; the rest are generic shapes, secrets
only their setting tells apart (a password in an XML attribute, a base64 Kubernetes Secret, a signed URL's
signature, a webhook's path). Every value is synthetic, made afresh with its own seed, with the format's length,
alphabet and fixed parts, so the other parts' rows stay as they were.

Surroundings: HAR files, ``curl -v`` dumps, docker-compose maps, JS and Rust source, ConfigMaps, supervisord,
Ruby initializers, ``aws ssm get-parameter`` and ``vault kv get`` output, ``gh secret set``, ``heroku config``,
``kubectl create secret``, Tomcat ``context.xml``, ``web.config``, Dockerfile ``ENV`` with a space, ``--build-arg``,
tfstate JSON, ``docker login``, psql conninfo, Oracle and PostgreSQL JDBC URLs, Django settings, sssd.conf,
python-ldap, OpenSSH and PGP blocks inside JSON and YAML, Terraform heredocs, HTTP cookies, OAuth token requests,
Alertmanager and Jenkins configs, Power Automate and GCS/S3 signed URLs, ``.my.cnf``, ``.s3cfg``, ``secrets.toml``,
Hibernate and Kafka properties, Ansible inventories, Composer's ``auth.json``, ``redis-cli`` sessions, Postman
collections, ``Proxy-Authorization``, ``.npmrc`` ``_auth``, and library calls given the password by position."""

from __future__ import annotations

import base64
import json
import random
import urllib.parse

from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, s, uuid4

SEED = 3403
SPLIT = "held_out_4"
LOW_NUM = LOWER + DIGITS
B64STD = ALNUM + "+/"


def glcbt(rng: random.Random) -> str:
    return f"glcbt-{s(rng, 2, HEX)}_{s(rng, 20, ALNUM + '_-')}"


def circleci(rng: random.Random) -> str:
    return f"CCIPAT_{s(rng, 22, ALNUM)}_{s(rng, 40, HEX)}"


def anthropic_admin(rng: random.Random) -> str:
    return f"sk-ant-admin01-{s(rng, 93, ALNUM + '_-')}AA"


def openai_admin(rng: random.Random) -> str:
    return f"sk-admin-{s(rng, 58, ALNUM + '_-')}T3BlbkFJ{s(rng, 58, ALNUM + '_-')}"


def azure_redis(rng: random.Random) -> str:
    return f"{s(rng, 33, ALNUM)}AzCa{rng.choice('ABCDEFGHIJKLMNOP')}{s(rng, 5, ALNUM)}="


def azure_acr(rng: random.Random) -> str:
    return f"{s(rng, 42, B64STD)}+ACR{rng.choice('ABCD')}{s(rng, 5, B64STD)}"


def azure_cosmos(rng: random.Random) -> str:
    return f"{s(rng, 76, B64STD)}ACDb{s(rng, 5, B64STD)}{rng.choice('AQgw')}=="


def azure_function(rng: random.Random) -> str:
    return f"{s(rng, 44, B64URL)}AzFu{s(rng, 5, B64URL)}{rng.choice('AQgw')}=="


def azure_search(rng: random.Random) -> str:
    return f"{s(rng, 42, ALNUM)}AzSe{rng.choice('ABCD')}{s(rng, 5, ALNUM)}"


def jfrog_reference(rng: random.Random) -> str:
    raw = f"reftkn:01:{rng.randint(1_780_000_000, 1_800_000_000)}:{s(rng, 32, ALNUM)}"
    return base64.b64encode(raw.encode()).decode().rstrip("=")


def dropbox_long(rng: random.Random) -> str:
    return f"{s(rng, 11, LOW_NUM)}AAAAAAAAAA{s(rng, 43, LOW_NUM + '-_=')}"


def sidekiq(rng: random.Random) -> str:
    return f"{s(rng, 8, HEX)}:{s(rng, 8, HEX)}"


def onfido(rng: random.Random) -> str:
    return f"api_live.{s(rng, 11, B64URL)}.{s(rng, 32, B64URL)}"


def checkout(rng: random.Random) -> str:
    return (
        f"sk_sbox_{s(rng, 26, 'abcdefghijklmnopqrstuvwxyz234567')}{rng.choice('abcdefghijklmnopqrstuvwxyz234567#$=')}"
    )


def zuplo(rng: random.Random) -> str:
    return f"zpka_{s(rng, 32, HEX)}_{s(rng, 8, HEX)}"


def slack_config(rng: random.Random) -> str:
    return f"xoxe.xoxp-1-{s(rng, 166, UPPER + DIGITS)}"


def slack_refresh(rng: random.Random) -> str:
    return f"xoxe-1-{s(rng, 146, UPPER + DIGITS)}"


def google_refresh(rng: random.Random) -> str:
    return "1//0" + rng.choice("cdfg") + s(rng, 98, B64URL)


def human_password(rng: random.Random) -> str:
    words = ["harvest", "Pebble", "orchid", "Cobalt", "juniper", "Falcon", "ember", "Nimbus", "walnut", "Quill"]
    return rng.choice(words) + rng.choice(words).lower() + rng.choice(".-_") + s(rng, 4, DIGITS) + rng.choice("!?#@")


def generated_password(rng: random.Random) -> str:
    return s(rng, rng.randint(16, 28), ALNUM + "!#%^*-_+")


def base64_password(rng: random.Random) -> str:
    return base64.b64encode(generated_password(rng).encode()).decode()


def session_id(rng: random.Random) -> str:
    return rng.choice([s(rng, 32, LOW_NUM), s(rng, 26, LOW_NUM), base64.b64encode(rng.randbytes(120)).decode()])


def oauth_secret(rng: random.Random) -> str:
    return rng.choice([s(rng, 40, HEX), s(rng, 64, B64URL), "GOCSPX-" + s(rng, 28, B64URL)])


def openssh_ed25519(rng: random.Random) -> str:
    body = base64.b64encode(b"openssh-key-v1\0\0\0\0\x04none\0\0\0\x04none" + rng.randbytes(200)).decode()
    lines = [body[i : i + 70] for i in range(0, len(body), 70)]
    kind = "OPENSSH PRIVATE KEY"
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def dsa_key(rng: random.Random) -> str:
    body = base64.b64encode(b"\x30\x82\x01\xbb\x02\x01\x00" + rng.randbytes(436)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    kind = "DSA PRIVATE KEY"
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def pgp_block(rng: random.Random) -> str:
    body = base64.b64encode(b"\x95\x03\xc6\x04" + rng.randbytes(700)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    crc = "=" + base64.b64encode(rng.randbytes(3)).decode()
    kind = "PGP PRIVATE KEY BLOCK"
    return f"-----BEGIN {kind}-----\n\n" + "\n".join(lines) + f"\n{crc}\n-----END {kind}-----"


def gcs_signature(rng: random.Random) -> str:
    return s(rng, 512, HEX)


def s3_v2_signature(rng: random.Random) -> str:
    return base64.b64encode(rng.randbytes(20)).decode()


def logic_app_sig(rng: random.Random) -> str:
    return s(rng, 43, B64URL)


def slack_workflow(rng: random.Random) -> str:
    return (f"https://hooks.slack.com/workflows/T{s(rng, 10, UPPER + DIGITS)}/A{s(rng, 10, UPPER + DIGITS)}/"
            f"{s(rng, 18, DIGITS)}/{s(rng, 24, ALNUM)}")  # fmt: skip


def discord_legacy(rng: random.Random) -> str:
    return f"https://discordapp.com/api/webhooks/{rng.randint(10**17, 10**18)}/{s(rng, 68, B64URL)}"


#: (name, source, maker, variable name, surroundings)
FOURTH: tuple[tuple[str, str, Make, str, tuple[str, ...]], ...] = (
    ("gitlab_cicd_job_token", "gitleaks gitlab-cicd-job-token", glcbt, "CI_JOB_TOKEN", ("curl_v_dump", "rust_const")),
    ("gitlab_incoming_mail_token", "gitleaks gitlab-incoming-mail-token", fx("glimt-", 25, ALNUM + "_-"),
     "INCOMING_EMAIL_TOKEN", ("compose_map", "heroku_config")),
    ("gitlab_scim_token", "gitleaks gitlab-scim-token", fx("glsoat-", 20, ALNUM + "_-"), "GITLAB_SCIM_TOKEN",
     ("ssm_parameter", "supervisord")),
    ("gitlab_feature_flag_client", "gitleaks gitlab-feature-flag-client-token", fx("glffct-", 20, ALNUM + "_-"),
     "UNLEASH_INSTANCE_ID", ("js_config", "configmap")),
    ("buildkite_token", "GitHub secret scanning (Buildkite)", fx("bkua_", 40, HEX), "BUILDKITE_API_TOKEN",
     ("gh_secret_set", "har_header")),
    ("circleci_pat", "GitHub secret scanning (CircleCI)", circleci, "CIRCLECI_TOKEN",
     ("vault_kv_json", "kubectl_secret")),
    ("anthropic_admin_key", "gitleaks anthropic-admin-api-key", anthropic_admin, "ANTHROPIC_ADMIN_KEY",
     ("har_header", "ruby_initializer")),
    ("openai_admin_key", "gitleaks openai-api-key (admin)", openai_admin, "OPENAI_ADMIN_KEY",
     ("js_config", "ssm_parameter")),
    ("azure_cache_redis_key", "GitHub secret scanning (Azure Cache for Redis)", azure_redis, "REDIS_ACCESS_KEY",
     ("heroku_config", "configmap")),
    ("azure_container_registry_key", "GitHub secret scanning (Azure Container Registry)", azure_acr,
     "ACR_PASSWORD", ("gh_secret_set", "compose_map")),
    ("azure_cosmos_key", "GitHub secret scanning (Azure Cosmos DB)", azure_cosmos, "COSMOS_KEY",
     ("vault_kv_json", "rust_const")),
    ("azure_function_key", "GitHub secret scanning (Azure Functions)", azure_function, "FUNCTION_KEY",
     ("curl_v_dump", "supervisord")),
    ("azure_search_key", "GitHub secret scanning (Azure Cognitive Search)", azure_search, "SEARCH_ADMIN_KEY",
     ("kubectl_secret", "ruby_initializer")),
    ("jfrog_reference_token", "GitHub secret scanning (JFrog)", jfrog_reference, "ARTIFACTORY_TOKEN",
     ("heroku_config", "har_header")),
    ("dropbox_long_lived", "gitleaks dropbox-long-lived-api-token", dropbox_long, "DROPBOX_TOKEN",
     ("js_config", "vault_kv_json")),
    ("mailgun_pub_key", "gitleaks mailgun-pub-key", fx("pubkey-", 32, HEX), "MAILGUN_PUBLIC_KEY",
     ("ruby_initializer", "compose_map")),
    ("sidekiq_enterprise", "gitleaks sidekiq-secret", sidekiq, "BUNDLE_ENTERPRISE__CONTRIBSYS__COM",
     ("gh_secret_set", "supervisord")),
    ("sumologic_access_key", "gitleaks sumologic-access-token", fx("", 64, ALNUM), "SUMO_ACCESS_KEY",
     ("configmap", "ssm_parameter")),
    ("onfido_token", "gitleaks onfido-live-secret-key", onfido, "ONFIDO_API_TOKEN", ("curl_v_dump", "js_config")),
    ("checkout_secret_key", "GitHub secret scanning (Checkout.com)", checkout, "CKO_SECRET_KEY",
     ("rust_const", "kubectl_secret")),
    ("zuplo_key", "GitHub secret scanning (Zuplo)", zuplo, "ZUPLO_API_KEY", ("har_header", "heroku_config")),
    ("rootly_key", "GitHub secret scanning (Rootly)", fx("rootly_", 64, HEX), "ROOTLY_API_TOKEN",
     ("supervisord", "vault_kv_json")),
    ("samsara_token", "GitHub secret scanning (Samsara)", fx("samsara_api_", 30), "SAMSARA_API_TOKEN",
     ("ssm_parameter", "gh_secret_set")),
    ("slack_config_access_token", "gitleaks slack-config-access-token", slack_config, "SLACK_CONFIG_TOKEN",
     ("compose_map", "curl_v_dump")),
    ("slack_config_refresh_token", "gitleaks slack-config-refresh-token", slack_refresh, "SLACK_REFRESH_TOKEN",
     ("configmap", "kubectl_secret")),
    ("google_oauth_refresh_token", "GitHub secret scanning (Google OAuth refresh token)", google_refresh,
     "GOOGLE_REFRESH_TOKEN", ("ruby_initializer", "rust_const")),
    ("snyk_token", "gitleaks snyk-api-token", uuid4, "SNYK_TOKEN", ("gh_secret_set", "configmap")),
    ("zendesk_secret", "gitleaks zendesk-secret-key", fx("", 40, ALNUM), "ZENDESK_API_TOKEN",
     ("heroku_config", "supervisord")),
    ("twitch_token", "gitleaks twitch-api-token", fx("", 30, LOW_NUM), "TWITCH_CLIENT_SECRET",
     ("js_config", "kubectl_secret")),
    ("linear_client_secret", "gitleaks linear-client-secret", fx("", 32, HEX), "LINEAR_CLIENT_SECRET",
     ("vault_kv_json", "compose_map")),
    ("algolia_admin_key", "gitleaks algolia-api-key", fx("", 32, LOW_NUM), "ALGOLIA_ADMIN_KEY",
     ("ruby_initializer", "ssm_parameter")),
    ("easypost_test_key", "gitleaks easypost-test-api-token", fx("EZTK", 54, ALNUM), "EASYPOST_TEST_KEY",
     ("rust_const", "har_header")),
    ("lob_pub_key", "gitleaks lob-pub-api-key", fx("test_pub_", 31, HEX), "LOB_PUBLISHABLE_KEY",
     ("js_config", "heroku_config")),
    ("mattermost_token", "gitleaks mattermost-access-token", fx("", 26, LOW_NUM), "MATTERMOST_TOKEN",
     ("supervisord", "curl_v_dump")),
    # generic shapes: secrets only the setting tells apart
    ("xml_attribute_password", "detect-secrets KeywordDetector", human_password, "password",
     ("tomcat_context_xml", "web_config")),
    ("dockerfile_env_space", "detect-secrets KeywordDetector", generated_password, "DB_PASSWORD",
     ("dockerfile_env_space", "docker_build_arg")),
    ("k8s_secret_data_b64", "secretlint", base64_password, "db-password", ("k8s_secret_data", "kubectl_get_json")),
    ("tfstate_password", "detect-secrets KeywordDetector", generated_password, "administrator_login_password",
     ("tfstate", "tfvars_heredoc")),
    ("docker_login_password", "secretlint", generated_password, "REGISTRY_PASSWORD",
     ("docker_login_p", "docker_login_stdin")),
    ("psql_conninfo_password", "detect-secrets KeywordDetector", human_password, "PGPASSWORD",
     ("psql_conninfo", "mysql_long_flag")),
    ("jdbc_url_password", "secretlint", generated_password, "JDBC_URL", ("jdbc_oracle_thin", "jdbc_postgres_query")),
    ("smtp_password_settings", "detect-secrets KeywordDetector", human_password, "EMAIL_HOST_PASSWORD",
     ("django_settings", "smtp_url")),
    ("ldap_bind_credential", "detect-secrets KeywordDetector", generated_password, "LDAP_BIND_PW",
     ("sssd_conf", "python_ldap_bind")),
    ("openssh_key_in_json_yaml", "gitleaks private-key", openssh_ed25519, "ssh_private_key",
     ("json_escaped_key", "yaml_literal_key")),
    ("dsa_private_key", "gitleaks private-key", dsa_key, "private_key", ("tf_heredoc_key", "log_dump_key")),
    ("pgp_private_block", "gitleaks private-key", pgp_block, "signing_key", ("json_escaped_key", "gpg_export")),
    ("session_cookie", "secretlint", session_id, "session", ("cookie_request_dump", "har_cookie")),
    ("oauth_client_secret", "gitleaks generic-api-key", oauth_secret, "client_secret",
     ("token_request_body", "spring_oauth_yaml")),
    ("slack_workflow_webhook", "GitHub secret scanning (Slack workflow webhook)", slack_workflow, "webhook",
     ("alertmanager_yaml", "jenkins_groovy")),
    ("discord_webhook_legacy_host", "gitleaks discord-webhook", discord_legacy, "webhook",
     ("alertmanager_yaml", "jenkins_groovy")),
    ("power_automate_webhook_sig", "secretlint", logic_app_sig, "sig", ("teams_workflow_url", "teams_workflow_json")),
    ("gcs_signed_url_signature", "secretlint", gcs_signature, "X-Goog-Signature",
     ("gcs_signed_curl", "gcs_signed_log")),
    ("s3_presigned_v2_signature", "secretlint", s3_v2_signature, "Signature", ("s3_v2_url", "s3_v2_log")),
    ("client_ini_secret", "detect-secrets KeywordDetector", human_password, "password", ("my_cnf", "s3cfg")),
    ("toml_secrets_password", "detect-secrets KeywordDetector", generated_password, "password",
     ("streamlit_secrets_toml", "toml_nested")),
    ("java_properties_password", "detect-secrets KeywordDetector", generated_password, "password",
     ("hibernate_properties", "kafka_properties")),
    ("ansible_inventory_password", "detect-secrets KeywordDetector", human_password, "ansible_password",
     ("ansible_ini", "ansible_yaml")),
    ("composer_auth_password", "secretlint", fx("", 40, HEX), "password", ("composer_auth", "postman_bearer")),
    ("redis_auth_command", "detect-secrets KeywordDetector", generated_password, "requirepass",
     ("redis_cli_auth", "redis_conf")),
    ("basic_credentials_b64", "detect-secrets BasicAuthDetector", human_password, "proxy",
     ("proxy_auth_dump", "npmrc_auth")),
    ("password_by_position", "detect-secrets KeywordDetector", generated_password, "password",
     ("csharp_network_credential", "python_smtplib_login")),
)  # fmt: skip


def camel(var: str) -> str:
    words = var.lower().replace("-", "_").split("_")
    return words[0] + "".join(w.capitalize() for w in words[1:] if w)


# -- vendor surroundings: the variable's name tells what it holds -------------------------------------------------


def curl_v_dump(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    header = "Authorization: Bearer" if rng.random() < 0.5 else f"X-{var.split('_')[0].title()}-Token:"
    return (
        "*   Trying 203.0.113.7:443...\n* Connected to api.acme.dev (203.0.113.7) port 443\n"
        "> GET /v2/projects HTTP/2\n> Host: api.acme.dev\n> user-agent: curl/8.5.0\n"
        f"> {header} {value}\n> accept: */*\n>\n< HTTP/2 200\n< content-type: application/json\n"
    ), value


def rust_const(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "use std::time::Duration;\n\n"
        f'const {var}: &str = "{value}";\nconst TIMEOUT: Duration = Duration::from_secs(30);\n'
    ), value


def compose_map(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "services:\n  worker:\n    image: ghcr.io/acme/worker:2.4\n    environment:\n      RUST_LOG: info\n"
        f"      {var}: {value}\n      QUEUE: default\n"
    ), value


def heroku_config(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "$ heroku config -a acme-api\n=== acme-api Config Vars\n"
        f"DATABASE_URL_POOL_SIZE: 10\n{var + ':':<34}{value}\nWEB_CONCURRENCY:                  4\n"
    ), value


def ssm_parameter(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {
        "Parameter": {
            "Name": f"/prod/api/{var}",
            "Type": "SecureString",
            "Value": value,
            "Version": 3,
            "LastModifiedDate": "2026-02-11T10:15:00.120000+00:00",
            "ARN": f"arn:aws:ssm:eu-west-1:123456789012:parameter/prod/api/{var}",
            "DataType": "text",
        }
    }
    return "$ aws ssm get-parameter --with-decryption --name /prod/api/" + var + "\n" + json.dumps(doc, indent=4), value


def supervisord(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "[program:worker]\ncommand=/srv/app/bin/worker --queue default\nautorestart=true\n"
        f'environment=APP_ENV="production",{var}="{value}",LOG_LEVEL="info"\n'
    ), value


def js_config(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "module.exports = {\n  region: 'eu-west-1',\n  retries: 3,\n"
        f"  {camel(var)}: '{value}',\n  timeoutMs: 10000,\n}};\n"
    ), value


def configmap(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: api-config\n  namespace: prod\ndata:\n"
        f'  LOG_LEVEL: "info"\n  {var}: "{value}"\n'
    ), value


def gh_secret_set(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'$ gh secret set {var} --repo acme/api --body "{value}"\n✓ Set Actions secret {var} for acme/api\n', value


def har_header(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    name, shown = ("Authorization", f"Bearer {value}") if rng.random() < 0.5 else ("x-api-key", value)
    entry = {"startedDateTime": "2026-02-11T10:15:00.120Z", "time": 142.3,
             "request": {"method": "GET", "url": "https://api.acme.dev/v1/me", "httpVersion": "HTTP/2",
                         "headers": [{"name": "accept", "value": "application/json"}, {"name": name, "value": shown},
                                     {"name": "user-agent", "value": "Mozilla/5.0"}]},
             "response": {"status": 200, "statusText": "OK"}}  # fmt: skip
    return json.dumps({"log": {"version": "1.2", "entries": [entry]}}, indent=2), value


def vault_kv_json(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    doc = {"request_id": uuid4(rng), "lease_duration": 0, "renewable": False,
           "data": {"data": {var.lower(): value, "owner": "platform"},
                    "metadata": {"created_time": "2026-02-11T10:15:00Z", "version": 4}}}  # fmt: skip
    return "$ vault kv get -format=json secret/api\n" + json.dumps(doc, indent=2), value


def kubectl_secret(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"$ kubectl -n prod create secret generic api-credentials --from-literal={var.lower()}={value} "
        "--dry-run=client -o yaml | kubectl apply -f -\nsecret/api-credentials configured\n"
    ), value


def ruby_initializer(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    vendor = var.split("_")[0].capitalize()
    rest = "_".join(var.lower().split("_")[1:]) or "key"
    return (
        f"# config/initializers/{vendor.lower()}.rb\n{vendor}.configure do |config|\n"
        f"  config.{rest} = '{value}'\n  config.timeout = 15\nend\n"
    ), value


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


SURROUNDINGS: dict[str, Shown] = {
    f.__name__: f
    for f in (
        curl_v_dump, rust_const, compose_map, heroku_config, ssm_parameter, supervisord, js_config, configmap,
        gh_secret_set, har_header, vault_kv_json, kubectl_secret, ruby_initializer, tomcat_context_xml, web_config,
        dockerfile_env_space, docker_build_arg, k8s_secret_data, kubectl_get_json, tfstate, tfvars_heredoc,
        docker_login_p, docker_login_stdin, psql_conninfo, mysql_long_flag, jdbc_oracle_thin, jdbc_postgres_query,
        django_settings, smtp_url, sssd_conf, python_ldap_bind, json_escaped_key, yaml_literal_key, tf_heredoc_key,
        log_dump_key, gpg_export, cookie_request_dump, har_cookie, token_request_body, spring_oauth_yaml,
        alertmanager_yaml, jenkins_groovy, teams_workflow_url, teams_workflow_json, gcs_signed_curl, gcs_signed_log,
        s3_v2_url, s3_v2_log, my_cnf, s3cfg, streamlit_secrets_toml, toml_nested, hibernate_properties,
        kafka_properties, ansible_ini, ansible_yaml, composer_auth, postman_bearer, redis_cli_auth, redis_conf,
        proxy_auth_dump, npmrc_auth, csharp_network_credential, python_smtplib_login,
    )
}  # fmt: skip


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, FOURTH, SURROUNDINGS)
