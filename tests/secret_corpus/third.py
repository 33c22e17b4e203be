"""The third held-out part (split ``held_out_3``): formats and surroundings neither of the first two parts has,
captured before any rule was written from the second part's misses, so that its recall tells what the rules
catch of credentials nobody wrote a rule from. Every shape is taken, as a fact, from a public rule set
(gitleaks' config, detect-secrets' keyword plugin, secretlint's presets), named in ``source``; every value is
synthetic, made afresh with its own seed, so the other parts' rows stay as they were.

Surroundings: Jupyter notebook outputs, shell history, git config (``insteadOf`` URLs, ``http.extraHeader``),
``.yarnrc.yml``, ``pip.conf``, Maven ``settings.xml``, Gradle properties, ``aws configure set``, tfvars, HCL,
INI, CSV exports, stack traces printing the environment, SQL ``CREATE USER``/``ALTER ROLE``, ``PGPASSWORD=``,
``mongosh`` flags, a JDBC string of SQL Server, an SMTP session's ``AUTH PLAIN``, a signed S3 URL, a CI log
of ``printenv``, a cookie jar, a Helm values file and an nginx ``proxy_set_header``."""

from __future__ import annotations

import base64
import json
import random
import urllib.parse

from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, s, uuid4

SEED = 3302
SPLIT = "held_out_3"
LOW_NUM = LOWER + DIGITS


def authress(rng: random.Random) -> str:
    return f"sc_{s(rng, 12, LOW_NUM)}.{s(rng, 5, LOW_NUM)}.acc_{s(rng, 20, LOW_NUM)}.{s(rng, 64, ALNUM + '+/')}"


def defined_networking(rng: random.Random) -> str:
    return f"dnkey-{s(rng, 26, LOW_NUM)}-{s(rng, 52, LOW_NUM)}"


def intra42(rng: random.Random) -> str:
    return f"s-s4t2ud-{s(rng, 64, HEX)}"


def mailgun_signing(rng: random.Random) -> str:
    a = "abcdefgh0123456789"
    return f"{s(rng, 32, a)}-{s(rng, 8, a)}-{s(rng, 8, a)}"


def maxmind(rng: random.Random) -> str:
    return f"{s(rng, 6)}_{s(rng, 29)}_mmk"


def grafana_key(rng: random.Random) -> str:
    body = json.dumps({"k": s(rng, 32), "n": "ci-" + s(rng, 6, LOWER), "id": rng.randint(1, 99)})
    return base64.b64encode(body.encode()).decode().rstrip("=")


def jwt_base64(rng: random.Random) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    claims = base64.urlsafe_b64encode(json.dumps({"sub": uuid4(rng), "iat": 1760000000}).encode()).decode()
    jwt = f"{head}.{claims.rstrip('=')}.{s(rng, 43, ALNUM + '-_')}"
    return base64.b64encode(jwt.encode()).decode()


def kraken(rng: random.Random) -> str:
    return s(rng, 86, ALNUM + "/+") + "=="


def human_password(rng: random.Random) -> str:
    words = ["copper", "Meadow", "lantern", "Violet", "granite", "Saffron", "thistle", "Beacon"]
    return rng.choice(words) + rng.choice("-_.") + rng.choice(words).lower() + s(rng, 3, DIGITS) + rng.choice("!$%&")


def generated_password(rng: random.Random) -> str:
    return s(rng, 20, ALNUM + "!%^*-_")


#: (name, source, maker, variable name, surroundings)
THIRD: tuple[tuple[str, str, Make, str, tuple[str, ...]], ...] = (
    ("authress_access_key", "gitleaks authress-service-client-access-key", authress, "AUTHRESS_KEY",
     ("jupyter_output", "ci_printenv")),
    ("aws_bedrock_key", "gitleaks aws-amazon-bedrock-api-key-long-lived", fx("ABSK", 132, ALNUM + "+/"),
     "AWS_BEARER_TOKEN_BEDROCK", ("shell_history", "stacktrace_env")),
    ("beamer_token", "gitleaks beamer-api-token", fx("b_", 44, LOW_NUM + "_-"), "BEAMER_API_TOKEN",
     ("tfvars", "helm_values")),
    ("bitbucket_client_secret", "gitleaks bitbucket-client-secret", fx("", 64, LOW_NUM + "_-"),
     "BITBUCKET_CLIENT_SECRET", ("ini_section", "gradle_properties")),
    ("cisco_meraki_key", "gitleaks cisco-meraki-api-key", fx("", 40, HEX), "MERAKI_DASHBOARD_API_KEY",
     ("jupyter_output", "hcl_block")),
    ("coinbase_token", "gitleaks coinbase-access-token", fx("", 64, LOW_NUM + "_-"), "COINBASE_ACCESS_TOKEN",
     ("csv_export", "stacktrace_env")),
    ("defined_networking_key", "gitleaks defined-networking-api-token", defined_networking, "DNKEY",
     ("shell_history", "yarnrc")),
    ("digitalocean_refresh", "gitleaks digitalocean-refresh-token", fx("dor_v1_", 64, HEX),
     "DIGITALOCEAN_REFRESH_TOKEN", ("ci_printenv", "cookie_jar")),
    ("facebook_page_token", "gitleaks facebook-page-access-token", fx("EAAM", 120), "FB_PAGE_ACCESS_TOKEN",
     ("jupyter_output", "nginx_header")),
    ("finicity_client_secret", "gitleaks finicity-client-secret", fx("", 20, LOW_NUM), "FINICITY_CLIENT_SECRET",
     ("tfvars", "ini_section")),
    ("gitlab_deploy_token", "gitleaks gitlab-deploy-token", fx("gldt-", 20, ALNUM + "_-"), "CI_DEPLOY_TOKEN",
     ("gitconfig_insteadof", "shell_history")),
    ("gitlab_feed_token", "gitleaks gitlab-feed-token", fx("glft-", 20, ALNUM + "_-"), "GITLAB_FEED_TOKEN",
     ("csv_export", "ci_printenv")),
    ("gitlab_oauth_app_secret", "gitleaks gitlab-oauth-app-secret", fx("gloas-", 64, ALNUM + "_-"),
     "GITLAB_OAUTH_SECRET", ("helm_values", "hcl_block")),
    ("gitlab_agent_token", "gitleaks gitlab-kubernetes-agent-token", fx("glagent-", 50, ALNUM + "_-"),
     "GITLAB_AGENT_TOKEN", ("helm_values", "jupyter_output")),
    ("gitlab_runner_registration", "gitleaks gitlab-rrt", fx("GR1348941", 20, ALNUM + "_-"),
     "REGISTRATION_TOKEN", ("shell_history", "gitconfig_extraheader")),
    ("gitlab_session_cookie", "gitleaks gitlab-session-cookie", fx("", 32, LOW_NUM), "_gitlab_session",
     ("cookie_jar", "stacktrace_env")),
    ("gocardless_token", "gitleaks gocardless-api-token", fx("live_", 40, ALNUM + "_-"), "GOCARDLESS_ACCESS_TOKEN",
     ("gradle_properties", "csv_export")),
    ("grafana_api_key", "gitleaks grafana-api-key", grafana_key, "GRAFANA_API_KEY",
     ("nginx_header", "yarnrc")),
    ("heroku_key_v2", "gitleaks heroku-api-key-v2", fx("HRKU-AA", 58, ALNUM + "_-"), "HEROKU_API_KEY",
     ("gitconfig_extraheader", "ci_printenv")),
    ("huggingface_org_token", "gitleaks huggingface-organization-api-token", fx("api_org_", 34, LOWER + UPPER),
     "HF_ORG_TOKEN", ("jupyter_output", "shell_history")),
    ("intercom_token", "gitleaks intercom-api-key", fx("", 60, LOW_NUM + "_-"), "INTERCOM_ACCESS_TOKEN",
     ("hcl_block", "stacktrace_env")),
    ("intra42_secret", "gitleaks intra42-client-secret", intra42, "FT_CLIENT_SECRET",
     ("ini_section", "ci_printenv")),
    ("kraken_token", "gitleaks kraken-access-token", kraken, "KRAKEN_PRIVATE_KEY", ("tfvars", "csv_export")),
    ("lob_api_key", "gitleaks lob-api-key", fx("live_", 35, HEX), "LOB_API_KEY", ("yarnrc", "gradle_properties")),
    ("mailgun_signing_key", "gitleaks mailgun-signing-key", mailgun_signing, "MAILGUN_WEBHOOK_SIGNING_KEY",
     ("helm_values", "stacktrace_env")),
    ("maxmind_license_key", "gitleaks maxmind-license-key", maxmind, "MAXMIND_LICENSE_KEY",
     ("shell_history", "ini_section")),
    ("new_relic_insert_key", "gitleaks new-relic-insert-key", fx("NRII-", 32, LOW_NUM + "-"), "NEW_RELIC_INSERT_KEY",
     ("ci_printenv", "hcl_block")),
    ("planetscale_oauth_token", "gitleaks planetscale-oauth-token", fx("pscale_oauth_", 43, ALNUM + "_-"),
     "PLANETSCALE_OAUTH_TOKEN", ("nginx_header", "jupyter_output")),
    ("settlemint_pat", "gitleaks settlemint-personal-access-token", fx("sm_pat_", 16), "SETTLEMINT_TOKEN",
     ("yarnrc", "cookie_jar")),
    ("shopify_private_app", "gitleaks shopify-private-app-access-token", fx("shppa_", 32, HEX), "SHOPIFY_PASSWORD",
     ("gitconfig_insteadof", "tfvars")),
    ("jwt_base64", "gitleaks jwt-base64", jwt_base64, "SESSION_BLOB", ("cookie_jar", "stacktrace_env")),
    ("rapidapi_key", "gitleaks rapidapi-access-token", fx("", 50, LOW_NUM + "_-"), "X_RAPIDAPI_KEY",
     ("nginx_header", "csv_export")),
    # passwords, which only the setting says are secret (detect-secrets' keyword plugin, secretlint's presets)
    ("sql_user_password", "detect-secrets KeywordDetector", human_password, "DB_PASSWORD",
     ("sql_create_user", "sql_alter_role")),
    ("pg_env_password", "secretlint", generated_password, "PGPASSWORD", ("pgpassword_env", "mongosh_flags")),
    ("maven_repo_password", "secretlint", human_password, "MAVEN_PASSWORD", ("maven_settings", "pip_conf")),
    ("mssql_jdbc_password", "detect-secrets KeywordDetector", generated_password, "SQLSERVER_PASSWORD",
     ("jdbc_sqlserver", "aws_configure")),
    ("smtp_password", "detect-secrets KeywordDetector", human_password, "SMTP_PASSWORD",
     ("smtp_auth_plain", "ini_section")),
    ("s3_presigned_signature", "secretlint", fx("", 64, HEX), "X_AMZ_SIGNATURE", ("s3_presigned", "jupyter_output")),
)  # fmt: skip


def jupyter_output(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    cell = {
        "cell_type": "code", "execution_count": 7, "metadata": {},
        "outputs": [{"name": "stdout", "output_type": "stream",
                     "text": ["loaded settings\n", f"{var.lower()} {value}\n", "region eu-west-1\n"]}],
        "source": ["import settings\n", "settings.dump()"],
    }  # fmt: skip
    return json.dumps({"cells": [cell], "nbformat": 4, "nbformat_minor": 5}, indent=1), value


def shell_history(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    line = rng.choice([f"export {var}={value}", f"{var}={value} ./deploy.sh --stage prod"])
    return f": 1760001000:0;cd ~/src/app\n: 1760001012:0;{line}\n: 1760001044:0;git status\n", value


def stacktrace_env(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        'Traceback (most recent call last):\n  File "/app/worker.py", line 41, in run\n    connect(**cfg)\n'
        f"RuntimeError: connect failed; environment: {{'HOME': '/root', '{var}': '{value}', 'LANG': 'C.UTF-8'}}\n"
    ), value


def ci_printenv(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"$ printenv | sort\nCI=true\nCI_JOB_ID=88412\n{var}={value}\nHOME=/root\nPATH=/usr/local/bin:/usr/bin\n"
    ), value


def tfvars(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f'region        = "eu-west-1"\n{var.lower():<13} = "{value}"\ninstance_type = "t3.small"\n', value


def hcl_block(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'resource "vendor_integration" "main" {{\n  name = "prod"\n  credentials {{\n'
        f'    {var.lower()} = "{value}"\n  }}\n}}\n'
    ), value


def helm_values(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    key = "".join(w.capitalize() if i else w.lower() for i, w in enumerate(var.split("_")))
    return f'image:\n  tag: 1.8.2\nsecrets:\n  {key}: "{value}"\nreplicaCount: 2\n', value


def ini_section(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"[integration]\nenabled = true\n{var.lower()} = {value}\ntimeout = 30\n", value


def gradle_properties(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    key = "".join(w.capitalize() if i else w.lower() for i, w in enumerate(var.split("_")))
    return f"org.gradle.jvmargs=-Xmx2g\nsystemProp.{key}={value}\nkotlin.code.style=official\n", value


def csv_export(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"name,environment,{var.lower()},created\nbilling,prod,{value},2026-02-11\nsearch,staging,,2026-02-12\n"
    ), value


def yarnrc(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        'npmScopes:\n  acme:\n    npmRegistryServer: "https://npm.acme.dev"\n'
        f'    npmAuthToken: "{value}"\nnodeLinker: node-modules\n'
    ), value


def cookie_jar(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "# Netscape HTTP Cookie File\n"
        f"#HttpOnly_.acme.dev\tTRUE\t/\tTRUE\t1790000000\t{var.lower()}\t{value}\n"
        ".acme.dev\tTRUE\t/\tFALSE\t1790000000\tlocale\ten\n"
    ), value


def nginx_header(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    header = var.replace("_", "-").title() if var.startswith("X_") else "Authorization"
    shown = value if header != "Authorization" else f"Bearer {value}"
    return (
        f'location /api/ {{\n    proxy_pass https://upstream.acme.dev;\n    proxy_set_header {header} "{shown}";\n}}\n'
    ), value


def gitconfig_insteadof(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "[user]\n\tname = ci\n[credential]\n\thelper = store\n"
        f'[url "https://oauth2:{value}@gitlab.acme.dev/"]\n\tinsteadOf = https://gitlab.acme.dev/\n'
    ), value


def gitconfig_extraheader(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f'[http "https://git.acme.dev/"]\n\textraHeader = PRIVATE-TOKEN: {value}\n[core]\n\tautocrlf = input\n',
        value,
    )


def sql_create_user(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"CREATE DATABASE shop;\nCREATE USER shop_app WITH PASSWORD '{value}';\n"
        "GRANT ALL ON DATABASE shop TO shop_app;\n"
    ), value


def sql_alter_role(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"mysql> ALTER USER 'report'@'%' IDENTIFIED BY '{value}';\nQuery OK, 0 rows affected (0.01 sec)\n", value


def pgpassword_env(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ PGPASSWORD='{value}' pg_dump -h db.acme.internal -U backup shop > shop.sql\n", value


def mongosh_flags(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        f"$ mongosh --host mongo-0.acme.internal --username admin --password '{value}' --authenticationDatabase admin\n"
    ), value


def maven_settings(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "<settings>\n  <servers>\n    <server>\n      <id>acme-releases</id>\n      <username>deploy</username>\n"
        f"      <password>{value}</password>\n    </server>\n  </servers>\n</settings>\n"
    ), value


def pip_conf(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    quoted = urllib.parse.quote(value, safe="")
    return f"[global]\ntimeout = 60\nindex-url = https://deploy:{quoted}@pypi.acme.dev/simple\n", quoted


def jdbc_sqlserver(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return (
        "spring.datasource.url=jdbc:sqlserver://sql.acme.internal:1433;databaseName=shop;"
        f"user=sa;password={value};encrypt=true\n"
    ), value


def aws_configure(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    return f"$ aws configure set aws_secret_access_key {value} --profile prod\n$ aws s3 ls --profile prod\n", value


def smtp_auth_plain(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    token = base64.b64encode(f"\0mailer@acme.dev\0{value}".encode()).decode()
    return (
        "S: 220 smtp.acme.dev ESMTP\nC: EHLO web-1\nS: 250-AUTH PLAIN LOGIN\n"
        f"C: AUTH PLAIN {token}\nS: 235 2.7.0 Authentication successful\n"
    ), token


def s3_presigned(rng: random.Random, var: str, value: str) -> tuple[str, str]:
    key_id = "AKIA" + s(rng, 16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    return (
        "GET https://acme-exports.s3.eu-west-1.amazonaws.com/reports/2026-02.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256"
        f"&X-Amz-Credential={key_id}%2F20260211%2Feu-west-1%2Fs3%2Faws4_request&X-Amz-Date=20260211T101500Z"
        f"&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={value} 200\n"
    ), value


SURROUNDINGS: dict[str, Shown] = {
    f.__name__: f
    for f in (
        jupyter_output, shell_history, stacktrace_env, ci_printenv, tfvars, hcl_block, helm_values, ini_section,
        gradle_properties, csv_export, yarnrc, cookie_jar, nginx_header, gitconfig_insteadof, gitconfig_extraheader,
        sql_create_user, sql_alter_role, pgpassword_env, mongosh_flags, maven_settings, pip_conf, jdbc_sqlserver,
        aws_configure, smtp_auth_plain, s3_presigned,
    )
}  # fmt: skip


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, THIRD, SURROUNDINGS)
