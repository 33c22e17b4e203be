"""Where the seventh held-out part (seventh.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: Azure Pipelines, CircleCI, Travis CI, Buildkite and GitLab CI variables,
``fly secrets set``, ``doppler secrets set``'s table, ``aws secretsmanager create-secret``, a direnv ``.envrc``,
PowerShell's ``SetEnvironmentVariable``, ``JAVA_OPTS`` with ``-D``, a notebook cell's JSON source, Cargo's
``[env]``, ``TF_VAR_`` on a command line, ``serverless.yml``, an AWS SAM template, ``netlify.toml``,
``wrangler.toml``, ``vercel.json``, App Engine's ``app.yaml`` and ``firebase functions:config:set``. Places of one
vendor follow, each named for it."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import ALNUM, DIGITS, HEX, s, uuid4


def _vendor(var: str) -> tuple[str, str]:
    vendor, _, rest = var.lower().partition("_")
    return vendor, rest or "key"


def azure_pipelines_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "trigger:\n  - main\npool:\n  vmImage: ubuntu-latest\nvariables:\n  - name: buildConfiguration\n"
        f"    value: Release\n  - name: {var}\n    value: '{value}'\nsteps:\n  - script: make release\n"
    ), value


def circleci_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "version: 2.1\njobs:\n  deploy:\n    docker:\n      - image: cimg/python:3.12\n    environment:\n"
        f"      {var}: {value}\n    steps:\n      - checkout\n      - run: make deploy\n"
    ), value


def travis_env_global(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"language: node_js\nnode_js:\n  - 20\nenv:\n  global:\n    - NODE_ENV=test\n    - {var}={value}\n"
        "script: npm test\n"
    ), value


def buildkite_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'env:\n  {var}: "{value}"\nsteps:\n  - label: ":rocket: deploy"\n    command: scripts/deploy.sh\n'
        "    agents:\n      queue: deploy\n"
    ), value


def gitlab_ci_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'stages: [test, deploy]\nvariables:\n  GIT_DEPTH: "10"\n  {var}: "{value}"\n\ndeploy:\n  stage: deploy\n'
        "  script:\n    - ./deploy.sh\n"
    ), value


def fly_secrets_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ fly secrets set {var}={value} --app acme-api\nUpdating existing machines in 'acme-api' with rolling "
        "strategy\n  Finished 2 of 2 machines\n"
    ), value


def doppler_secrets_set(rng: random.Random, var: str, value: str) -> Place:
    name, val = max(len(var), 4), max(len(value), 5)
    rule = "─" * (name + 2), "─" * (val + 2)
    return (
        f"$ doppler secrets set {var}='{value}' --project shop --config prd\n"
        f"┌{rule[0]}┬{rule[1]}┐\n│ {'NAME'.ljust(name)} │ {'VALUE'.ljust(val)} │\n├{rule[0]}┼{rule[1]}┤\n"
        f"│ {var.ljust(name)} │ {value.ljust(val)} │\n└{rule[0]}┴{rule[1]}┘\n"
    ), value


def secretsmanager_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ aws secretsmanager create-secret --name prod/shop/integrations "
        f"--secret-string '{json.dumps({var: value})}'\n"
        '{\n    "ARN": "arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/shop/integrations-Ab12Cd",\n'
        '    "Name": "prod/shop/integrations"\n}\n'
    ), value


def direnv_envrc(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# .envrc\nuse flake\nexport AWS_PROFILE=shop-dev\nexport {var}={value}\n"
        "direnv: loading ~/src/shop/.envrc\ndirenv: export +AWS_PROFILE +" + var + "\n"
    ), value


def powershell_setenv_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"PS C:\\> [Environment]::SetEnvironmentVariable('{var}', '{value}', 'User')\r\nPS C:\\> refreshenv\r\n",
        value,
    )


def java_opts_define(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'JAVA_OPTS="-Xms512m -Xmx2g -D{var.lower().replace("_", ".")}={value} -Dfile.encoding=UTF-8"\n'
        "exec java $JAVA_OPTS -jar /opt/shop/shop.jar\n"
    ), value


def notebook_cell_source(rng: random.Random, var: str, value: str) -> Place:
    cell = {"cell_type": "code", "execution_count": 3, "metadata": {}, "outputs": [],
            "source": ["import os\n", f"os.environ[\"{var}\"] = \"{value}\"\n", "client = make_client()"]}  # fmt: skip
    return json.dumps({"cells": [cell], "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n", value


def cargo_config_env(rng: random.Random, var: str, value: str) -> Place:
    return f'# .cargo/config.toml\n[build]\njobs = 4\n\n[env]\nRUST_LOG = "info"\n{var} = "{value}"\n', value


def tf_var_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ TF_VAR_{var.lower()}='{value}' terraform apply -auto-approve\n"
        "module.shop.aws_lambda_function.api: Modifying... [id=shop-api]\n"
    ), value


def serverless_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "service: shop-api\nprovider:\n  name: aws\n  runtime: nodejs20.x\n  environment:\n"
        f"    STAGE: ${{sls:stage}}\n    {var}: {value}\nfunctions:\n  api:\n    handler: dist/handler.main\n"
    ), value


def sam_template(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Resources:\n  ApiFunction:\n    Type: AWS::Serverless::Function\n    Properties:\n"
        "      Handler: app.handler\n      Runtime: python3.12\n      Environment:\n        Variables:\n"
        f"          {var}: {value}\n"
    ), value


def netlify_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'[build]\n  command = "npm run build"\n  publish = "dist"\n\n[build.environment]\n  NODE_VERSION = "20"\n'
        f'  {var} = "{value}"\n'
    ), value


def wrangler_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'name = "shop-edge"\nmain = "src/index.ts"\ncompatibility_date = "2026-03-01"\n\n[vars]\n{var} = "{value}"\n'
    ), value


def vercel_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"version": 2, "builds": [{"src": "api/*.ts", "use": "@vercel/node"}], "env": {var: value}}
    return json.dumps(doc, indent=2) + "\n", value


def appengine_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"runtime: python312\nentrypoint: gunicorn -b :$PORT main:app\nenv_variables:\n  {var}: '{value}'\n",
        value,
    )


def firebase_functions_config(rng: random.Random, var: str, value: str) -> Place:
    vendor, rest = _vendor(var)
    return (
        f'$ firebase functions:config:set {vendor}.{rest}="{value}"\n+  Functions config updated.\n\n'
        "Please deploy your functions for the change to take effect by running firebase deploy --only functions\n"
    ), value


# -- places of one vendor ----------------------------------------------------------------------------------------


def klaviyo_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        'const res = await fetch("https://a.klaviyo.com/api/profiles", {\n'
        f'  headers: {{ revision: "2024-10-15", Authorization: "Klaviyo-API-Key {value}" }},\n}});\n'
    ), value


def zuliprc(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cat ~/.zuliprc\n[api]\nemail = deploy-bot@acme.zulipchat.com\nkey = {value}\nsite = https://acme.zulipchat.com\n",
        value,
    )


def vt_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s --request GET --url https://www.virustotal.com/api/v3/files/{s(rng, 64, HEX)} "
        f"--header 'x-apikey: {value}'\n"
    ), value


def shodan_init(rng: random.Random, var: str, value: str) -> Place:
    return f"$ shodan init {value}\nSuccessfully initialized\n$ shodan info\nQuery credits available: 100\n", value


def langfuse_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from langfuse import Langfuse\n\nlangfuse = Langfuse(\n"
        f'    public_key="pk-lf-{uuid4(rng)}",\n    secret_key="{value}",\n'
        '    host="https://cloud.langfuse.com",\n)\n'
    ), value


def deepseek_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'from openai import OpenAI\n\nclient = OpenAI(api_key="{value}", base_url="https://api.deepseek.com")\n',
        value,
    )


def apify_login(rng: random.Random, var: str, value: str) -> Place:
    return f"$ apify login -t {value}\nSuccess: You are logged in to Apify as acme-scrapers!\n", value


def hubspot_hapikey_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl 'https://api.hubapi.com/contacts/v1/lists/all/contacts/all?hapikey={value}&count=5'\n"
        '{"contacts":[],"has-more":false,"vid-offset":0}\n'
    ), value


_TWEEPY = {"TWITTER_API_SECRET": "consumer_secret", "TWITTER_ACCESS_TOKEN": "access_token",
           "TWITTER_ACCESS_SECRET": "access_token_secret"}  # fmt: skip


def tweepy_client(rng: random.Random, var: str, value: str) -> Place:
    args = {"consumer_key": s(rng, 25), "consumer_secret": s(rng, 50),
            "access_token": f"{s(rng, 19, DIGITS)}-{s(rng, 40)}", "access_token_secret": s(rng, 45)}  # fmt: skip
    args[_TWEEPY[var]] = value
    lines = "".join(f'    {k}="{v}",\n' for k, v in args.items())
    return "import tweepy\n\nclient = tweepy.Client(\n" + lines + ")\n", value


def slack_api_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s 'https://slack.com/api/users.list?token={value}&limit=2&pretty=1'\n"
        '{\n    "ok": true,\n    "members": []\n}\n'
    ), value


def vault_login_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ vault login -method=ldap username=ops\nSuccess! You are now authenticated. The token information "
        "displayed below\nis already stored in the token helper.\n\nKey                    Value\n"
        f"---                    -----\ntoken                  {value}\ntoken_accessor         {s(rng, 24, ALNUM)}\n"
        'token_duration         768h\ntoken_policies         ["default" "ops"]\n'
    ), value


def git_clone_oauth2(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ git clone https://oauth2:{value}@gitlab.acme.dev/platform/shop.git\nCloning into 'shop'...\n"
        "remote: Enumerating objects: 1284, done.\n"
    ), value


def glab_auth_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ glab auth login --hostname gitlab.acme.dev --token {value}\n"
        "- glab config set -h gitlab.acme.dev git_protocol https\n✓ Logged in to gitlab.acme.dev as ops\n"
    ), value


def runner_config_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        'concurrent = 4\n\n[[runners]]\n  name = "docker-eu-1"\n  url = "https://gitlab.acme.dev"\n'
        f'  token = "{value}"\n  executor = "docker"\n  [runners.docker]\n    image = "alpine:3.20"\n'
    ), value


def runner_register(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo gitlab-runner register --non-interactive --url https://gitlab.acme.dev "
        f'--token "{value}" --executor docker --docker-image alpine:3.20\n'
        "Runner registered successfully. Feel free to start it\n"
    ), value


def imagekit_node(rng: random.Random, var: str, value: str) -> Place:
    return (
        "const ImageKit = require('imagekit');\n\nconst imagekit = new ImageKit({\n"
        f"  publicKey: 'public_{s(rng, 27)}=',\n  privateKey: '{value}',\n"
        "  urlEndpoint: 'https://ik.imagekit.io/acme',\n});\n"
    ), value


VENDOR_PLACES = (
    azure_pipelines_vars, circleci_env, travis_env_global, buildkite_env, gitlab_ci_yaml, fly_secrets_set,
    doppler_secrets_set, secretsmanager_create, direnv_envrc, powershell_setenv_user, java_opts_define,
    notebook_cell_source, cargo_config_env, tf_var_env, serverless_yml, sam_template, netlify_toml, wrangler_toml,
    vercel_json, appengine_yaml, firebase_functions_config,
)  # fmt: skip
ONE_VENDOR = (
    klaviyo_fetch, zuliprc, vt_curl, shodan_init, langfuse_client, deepseek_client, apify_login, hubspot_hapikey_url,
    tweepy_client, slack_api_query, vault_login_output, git_clone_oauth2, glab_auth_login, runner_config_toml,
    runner_register, imagekit_node,
)  # fmt: skip
