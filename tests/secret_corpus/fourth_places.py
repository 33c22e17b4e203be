"""Where the fourth held-out part (fourth.py) shows its vendors' secrets: surroundings in which the variable's
name tells what it holds. Each takes ``(rng, name, value)`` and gives ``(text, secret)``: a ``curl -v`` dump, a Rust
const, a docker-compose map, ``heroku config``, ``aws ssm get-parameter``, supervisord, a JS config, a ConfigMap,
``gh secret set``, a HAR header, ``vault kv get``'s JSON, ``kubectl create secret`` and a Ruby initializer."""

from __future__ import annotations

import json
import random

from .makers import uuid4


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
