"""Where the eighth held-out part (eighth.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: Woodpecker CI, Tekton and TeamCity's Kotlin DSL, Render's ``render.yaml``,
``dokku config:set``, Nushell's ``$env``, IPython's ``%env``, an R ``.Renviron``, a dev container's
``containerEnv``, ``gp env`` and ``launchctl setenv``. Places of one vendor follow, each named for it: its SDK or
CLI as its documentation shows it, or the file its tool writes."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import B64URL, HEX, s


def woodpecker_yml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "when:\n  - event: push\n    branch: main\nsteps:\n  - name: deploy\n    image: node:20-alpine\n"
        f"    environment:\n      NODE_ENV: production\n      {var}: {value}\n    commands:\n      - npm run deploy\n"
    ), value


def tekton_step_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: tekton.dev/v1\nkind: Task\nmetadata:\n  name: publish\nspec:\n  steps:\n"
        "    - name: publish\n      image: python:3.12-slim\n      script: |\n        python publish.py\n"
        f'      env:\n        - name: {var}\n          value: "{value}"\n'
    ), value


def teamcity_kts_param(rng: random.Random, var: str, value: str) -> Place:
    return (
        'object Deploy : BuildType({\n    name = "Deploy"\n    params {\n'
        f'        param("env.{var}", "{value}")\n        param("env.STAGE", "prod")\n    }}\n'
        '    steps {\n        script { scriptContent = "./deploy.sh" }\n    }\n})\n'
    ), value


def render_yaml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  - type: web\n    name: api\n    runtime: python\n"
        "    buildCommand: pip install -r requirements.txt\n"
        "    startCommand: gunicorn app:app\n    envVars:\n      - key: PYTHON_VERSION\n        value: 3.12.3\n"
        f"      - key: {var}\n        value: {value}\n"
    ), value


def dokku_config_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ dokku config:set --no-restart api {var}={value}\n-----> Setting config vars\n       {var}:  {value}\n"
    ), value


def nushell_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# env.nu\n$env.EDITOR = 'hx'\n$env.PATH = ($env.PATH | prepend '~/.cargo/bin')\n$env.{var} = '{value}'\n"
    ), value


def ipython_env_magic(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"In [1]: %env {var}={value}\nenv: {var}={value}\n\nIn [2]: import pipeline; pipeline.run('2026-03-02')\n"
    ), value


def renviron_file(rng: random.Random, var: str, value: str) -> Place:
    return f"# ~/.Renviron\nR_LIBS_USER=~/R/library\n{var}={value}\nTZ=Europe/Zurich\n", value


def devcontainer_json_env(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "name": "api",
        "image": "mcr.microsoft.com/devcontainers/python:3.12",
        "containerEnv": {"APP_ENV": "dev", var: value},
        "postCreateCommand": "pip install -e .[dev]",
    }
    return "// .devcontainer/devcontainer.json\n" + json.dumps(doc, indent=2) + "\n", value


def gitpod_env_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"gitpod /workspace/api (main) $ gp env {var}={value}\ngitpod /workspace/api (main) $ gp env | wc -l\n4\n",
        value,
    )


def launchctl_setenv(rng: random.Random, var: str, value: str) -> Place:
    return f"% launchctl setenv {var} '{value}'\n% launchctl getenv {var}\n{value}\n", value


# places of one vendor ---------------------------------------------------------------------------------------------
def adyen_checkout_node(rng: random.Random, var: str, value: str) -> Place:
    return (
        'const { Client, CheckoutAPI } = require("@adyen/api-library");\n'
        f'const client = new Client({{ apiKey: "{value}", environment: "LIVE",\n'
        f'  liveEndpointUrlPrefix: "{s(rng, 16, HEX)}-AcmeShop" }});\nconst checkout = new CheckoutAPI(client);\n'
    ), value


def castai_tf_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        'provider "castai" {\n  api_url   = "https://api.cast.ai"\n'
        f'  api_token = "{value}"\n}}\n\nmodule "castai-eks-cluster" {{\n  source = "castai/eks-cluster/castai"\n}}\n'
    ), value


def chargebee_ruby_configure(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/initializers/chargebee.rb\nrequire 'chargebee'\n"
        f'ChargeBee.configure(site: "acme", api_key: "{value}")\n'
    ), value


def chief_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s https://account.chief.app/api/v1/me -H 'Authorization: Bearer {value}' | jq .email\n"
        '"ops@acme.dev"\n'
    ), value


def chief_oauth_refresh_body(rng: random.Random, var: str, value: str) -> Place:
    return (
        "POST /oauth/token HTTP/1.1\nHost: account.chief.app\nContent-Type: application/x-www-form-urlencoded\n\n"
        f"grant_type=refresh_token&refresh_token={value}&client_id={rng.randint(100, 999)}&scope=profile\n"
    ), value


def claude_credentials_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "claudeAiOauth": {
            "accessToken": value,
            "expiresAt": 1804060800000,
            "scopes": ["user:inference", "user:profile"],
            "subscriptionType": "max",
        }
    }
    return "$ cat ~/.claude/.credentials.json\n" + json.dumps(doc) + "\n", value


def claude_setup_token_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ claude setup-token\n\n✓ Long-lived authentication token created successfully!\n\n"
        f"Your OAuth token (valid for 1 year):\n\n{value}\n\n"
        "Store this token securely. You won't be able to see it again.\n"
        "Use this token by setting: export CLAUDE_CODE_OAUTH_TOKEN=<token>\n"
    ), value


def looker_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[Looker]\nbase_url=https://acme.cloud.looker.com:19999\n"
        f"client_id={s(rng, 20)}\nclient_secret={value}\nverify_ssl=True\ntimeout=120\n"
    ), value


def shir_dmgcmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        r"PS C:\Program Files\Microsoft Integration Runtime\5.0\Shared> "
        f'.\\dmgcmd.exe -RegisterNewNode "{value}" "SHIR-NODE-02"\n'
        "Integration Runtime node registered successfully.\n"
    ), value


def adf_list_auth_keys(rng: random.Random, var: str, value: str) -> Place:
    other = value.rsplit("@", 1)[0] + "@" + value.rsplit("@", 1)[1][::-1]
    cmd = "$ az datafactory integration-runtime list-auth-key --factory-name adf-shop-prod --name shir -g rg-data\n"
    return cmd + json.dumps({"authKey1": value, "authKey2": other}, indent=2) + "\n", value


def settlemint_sdk_ts(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import { createSettleMintClient } from "@settlemint/sdk-js";\n\nconst client = createSettleMintClient({\n'
        f'  accessToken: "{value}",\n  instance: "https://console.settlemint.com",\n}});\n'
    ), value


def settlemint_cli_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ npx settlemint login --accessToken {value} --default\n"
        "✔ Logged in to https://console.settlemint.com as ops@acme.dev\n"
    ), value


def airtable_py_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from airtable import Airtable\n\n"
        f"orders = Airtable('app{s(rng, 14)}', 'Orders', api_key='{value}')\n"
        "for record in orders.get_all(view='Open'):\n    print(record['fields'])\n"
    ), value


def firecrawl_app_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from firecrawl import FirecrawlApp\n\n"
        f'app = FirecrawlApp(api_key="{value}")\nresult = app.scrape_url("https://acme.dev", formats=["markdown"])\n'
    ), value


def tavily_client_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from tavily import TavilyClient\n\n"
        f'tavily_client = TavilyClient(api_key="{value}")\nresponse = tavily_client.search("zurich weather")\n'
    ), value


def appconfig_dotnet(rng: random.Random, var: str, value: str) -> Place:
    return (
        "var builder = WebApplication.CreateBuilder(args);\nbuilder.Configuration.AddAzureAppConfiguration(\n"
        f'    "Endpoint=https://acme-cfg.azconfig.io;Id={s(rng, 4)}-l0-s0:{s(rng, 20)};Secret={value}");\n'
        "var app = builder.Build();\n"
    ), value


def az_appconfig_credential_list(rng: random.Random, var: str, value: str) -> Place:
    key_id = f"{s(rng, 4)}-l0-s0:{s(rng, 20)}"
    conn = f"Endpoint=https://acme-cfg.azconfig.io;Id={key_id};Secret={value}"
    rows = [{"connectionString": conn, "id": key_id, "name": "Primary", "readOnly": False, "value": value}]
    return "$ az appconfig credential list -n acme-cfg\n" + json.dumps(rows, indent=2) + "\n", value


def wandb_netrc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ wandb login\nwandb: Appending key for api.wandb.ai to your netrc file: /home/ml/.netrc\n$ cat ~/.netrc\n"
        f"machine api.wandb.ai\n  login user\n  password {value}\n"
    ), value


def cerebras_sdk_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from cerebras.cloud.sdk import Cerebras\n\n"
        f'client = Cerebras(api_key="{value}")\n'
        'chat = client.chat.completions.create(model="llama3.1-8b", messages=[{"role": "user", "content": "hi"}])\n'
    ), value


def azure_openai_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from openai import AzureOpenAI\n\nclient = AzureOpenAI(\n"
        '    azure_endpoint="https://acme-eastus.openai.azure.com/",\n'
        f'    api_key="{value}",\n    api_version="2024-06-01",\n)\n'
    ), value


def exa_py_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from exa_py import Exa\n\n"
        f'exa = Exa(api_key="{value}")\nresults = exa.search("llm evaluation papers", num_results=5)\n'
    ), value


def heygen_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl --request GET --url https://api.heygen.com/v2/avatars \\\n"
        f"     --header 'accept: application/json' \\\n     --header 'X-Api-Key: {value}'\n"
    ), value


def runway_sdk_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import RunwayML from '@runwayml/sdk';\n\n"
        f"const client = new RunwayML({{ apiKey: '{value}' }});\n"
        "const task = await client.imageToVideo.create({ model: 'gen4_turbo', promptImage: url });\n"
    ), value


def vercel_cli_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"+ npx vercel deploy --prod --yes --token {value}\n"
        "Vercel CLI 39.1.2\n🔍  Inspect: https://vercel.com/acme/web/9xQ2 [2s]\n"
    ), value


def railway_token_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ RAILWAY_TOKEN={value} railway up --service api --detach\n"
        "  Indexed\n  Compressed [====================] 100%\n  Uploaded\n"
    ), value


def batch_shared_key_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from azure.batch import BatchServiceClient\nfrom azure.batch.batch_auth import SharedKeyCredentials\n\n"
        f'credentials = SharedKeyCredentials("acmebatch", "{value}")\n'
        'client = BatchServiceClient(credentials, batch_url="https://acmebatch.westeurope.batch.azure.com")\n'
    ), value


def az_batch_keys_list(rng: random.Random, var: str, value: str) -> Place:
    doc = {"accountName": "acmebatch", "primary": value, "secondary": s(rng, 86) + "=="}
    return "$ az batch account keys list --name acmebatch -g rg-render\n" + json.dumps(doc, indent=2) + "\n", value


def auth0_deploy_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "AUTH0_DOMAIN": "acme.eu.auth0.com",
        "AUTH0_CLIENT_ID": s(rng, 32),
        "AUTH0_CLIENT_SECRET": value,
        "AUTH0_ALLOW_DELETE": False,
    }
    return "$ a0deploy import --config_file config.json --input_file tenant.yaml\n" + json.dumps(doc, indent=2), value


def sanity_client_ts(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import { createClient } from '@sanity/client'\n\nexport const client = createClient({\n"
        f"  projectId: '{s(rng, 8, 'abcdefghijklmnopqrstuvwxyz0123456789')}',\n  dataset: 'production',\n"
        f"  token: '{value}',\n  useCdn: false,\n  apiVersion: '2025-02-19',\n}})\n"
    ), value


def paypal_sdk_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import paypalrestsdk\n\npaypalrestsdk.configure({\n"
        f'    "mode": "live",\n    "client_id": "A{s(rng, 79, B64URL)}",\n    "client_secret": "{value}",\n}})\n'
    ), value


SHARED = (
    woodpecker_yml_env, tekton_step_env, teamcity_kts_param, render_yaml_env, dokku_config_set, nushell_env,
    ipython_env_magic, renviron_file, devcontainer_json_env, gitpod_env_cmd, launchctl_setenv,
)  # fmt: skip
ONE_VENDOR = (
    adyen_checkout_node, castai_tf_provider, chargebee_ruby_configure, chief_api_curl, chief_oauth_refresh_body,
    claude_credentials_json, claude_setup_token_output, looker_ini, shir_dmgcmd, adf_list_auth_keys,
    settlemint_sdk_ts, settlemint_cli_login, airtable_py_client, firecrawl_app_py, tavily_client_py,
    appconfig_dotnet, az_appconfig_credential_list, wandb_netrc, cerebras_sdk_py, azure_openai_py, exa_py_client,
    heygen_curl, runway_sdk_js, vercel_cli_token, railway_token_env, batch_shared_key_py, az_batch_keys_list,
    auth0_deploy_config_json, sanity_client_ts, paypal_sdk_config,
)  # fmt: skip
