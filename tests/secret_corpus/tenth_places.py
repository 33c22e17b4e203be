"""Where the tenth held-out part (tenth.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: Google Cloud Build's ``cloudbuild.yaml``, a Nomad job's ``env`` block, an
Argo Workflows template, ``bitrise.yml``, ``earthly --secret``, Quarkus' ``application.properties`` with a profile,
Azure Functions' ``local.settings.json``, ``devbox.json``, Heroku's ``app.json``, ``fly.toml``, ``nodemon.json`` and
Symfony's ``secrets:list --reveal``. Places of one vendor follow, each named for it: its API called with curl as its
documentation shows, its SDK or CLI, or the file its tool reads."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def cloudbuild_yaml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# cloudbuild.yaml\nsteps:\n  - name: gcr.io/cloud-builders/docker\n    args: ['build', '-t', "
        "'europe-docker.pkg.dev/acme/api/api:$SHORT_SHA', '.']\n  - name: bash\n    entrypoint: bash\n"
        f"    args: ['-c', './scripts/scan.sh']\n    env:\n      - 'STAGE=prod'\n      - '{var}={value}'\n"
    ), value


def nomad_job_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        'job "metrics-relay" {\n  datacenters = ["dc1"]\n  group "relay" {\n    task "relay" {\n'
        '      driver = "docker"\n      config {\n        image = "acme/metrics-relay:1.8"\n      }\n'
        f'      env {{\n        RELAY_REGION = "eu"\n        {var} = "{value}"\n      }}\n    }}\n  }}\n}}\n'
    ), value


def argo_workflow_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: argoproj.io/v1alpha1\nkind: Workflow\nmetadata:\n  generateName: nightly-sync-\nspec:\n"
        "  entrypoint: sync\n  templates:\n    - name: sync\n      container:\n        image: acme/sync:2.1\n"
        f'        command: [/app/sync]\n        env:\n          - name: {var}\n            value: "{value}"\n'
    ), value


def bitrise_yml_envs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "format_version: '13'\ndefault_step_lib_source: https://github.com/bitrise-io/bitrise-steplib.git\n"
        f"app:\n  envs:\n    - BITRISE_PROJECT_PATH: ios/Shop.xcworkspace\n    - {var}: {value}\n"
        "workflows:\n  primary:\n    steps:\n      - git-clone@8: {}\n      - script@1:\n"
        "          inputs:\n            - content: ./scripts/notify.sh\n"
    ), value


def earthly_secret_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ earthly --secret {var}={value} --push +release\n"
        " Init 🚀\n————————————————————————————————————————————————————————————————————————————————\n"
        "           buildkitd | Found buildkit daemon as docker container (earthly-buildkitd)\n"
    ), value


def quarkus_application_properties(rng: random.Random, var: str, value: str) -> Place:
    key = var.lower().replace("_", ".")
    return (
        "# src/main/resources/application.properties\nquarkus.http.port=8080\n"
        "quarkus.datasource.db-kind=postgresql\n%dev.quarkus.log.level=DEBUG\n"
        f"%prod.{key}={value}\n%prod.quarkus.http.cors=false\n"
    ), value


def azure_functions_local_settings(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "IsEncrypted": False,
        "Values": {"AzureWebJobsStorage": "UseDevelopmentStorage=true", "FUNCTIONS_WORKER_RUNTIME": "python",
                   var: value},
    }  # fmt: skip
    return "// local.settings.json\n" + json.dumps(doc, indent=2) + "\n", value


def devbox_json_env(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "packages": ["nodejs@20", "python@3.12"],
        "env": {"APP_ENV": "dev", var: value},
        "shell": {"init_hook": ["echo 'devbox ready'"], "scripts": {"test": "pytest -q"}},
    }
    return "// devbox.json\n" + json.dumps(doc, indent=2) + "\n", value


def heroku_app_json_env(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "name": "acme-links",
        "repository": "https://github.com/acme/links",
        "env": {"WEB_CONCURRENCY": {"value": "2"}, var: {"description": "API token", "value": value}},
        "buildpacks": [{"url": "heroku/python"}],
    }
    return "// app.json\n" + json.dumps(doc, indent=2) + "\n", value


def fly_toml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# fly.toml\napp = 'acme-status'\nprimary_region = 'ams'\n\n[build]\n  image = 'acme/status:3.0'\n\n"
        f"[env]\n  LOG_LEVEL = 'info'\n  {var} = '{value}'\n\n[http_service]\n  internal_port = 8080\n"
    ), value


def nodemon_json_env(rng: random.Random, var: str, value: str) -> Place:
    doc = {"watch": ["src"], "ext": "ts,json", "exec": "ts-node src/server.ts", "env": {"NODE_ENV": "dev", var: value}}
    return "// nodemon.json\n" + json.dumps(doc, indent=2) + "\n", value


def symfony_secrets_reveal(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ php bin/console secrets:list --reveal --env=prod\n\n // Use "%env(<name>)%" to reference a secret.\n\n'
        " ------------------ ------------------------------------------ -------------\n"
        "  Secret             Value                                      Local Value\n"
        " ------------------ ------------------------------------------ -------------\n"
        f'  DATABASE_URL       "postgresql://shop@db:5432/shop"\n  {var}  "{value}"\n'
        " ------------------ ------------------------------------------ -------------\n"
    ), value


def mandrill_python_send(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import mailchimp_transactional as MailchimpTransactional\n\n"
        f'mailchimp = MailchimpTransactional.Client("{value}")\n'
        'response = mailchimp.messages.send({"message": {"to": [{"email": "ops@acme.dev"}], "subject": "Nightly"}})\n'
    ), value


def lemonsqueezy_js_setup(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import { lemonSqueezySetup, getAuthenticatedUser } from "@lemonsqueezy/lemonsqueezy.js";\n\n'
        f'lemonSqueezySetup({{\n  apiKey: "{value}",\n  onError: (error) => console.error(error),\n}});\n'
        "const { data } = await getAuthenticatedUser();\n"
    ), value


def lark_oapi_client_builder(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import lark_oapi as lark\n\nclient = (\n    lark.Client.builder()\n"
        f'    .app_id("cli_{s(rng, 16, "abcdef" + DIGITS)}")\n    .app_secret("{value}")\n'
        "    .log_level(lark.LogLevel.INFO)\n    .build()\n)\n"
    ), value


def lark_tenant_token_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST https://open.larksuite.com/open-apis/auth/v3/tenant_access_token/internal \\\n"
        "  -H 'Content-Type: application/json; charset=utf-8' \\\n"
        f'  -d \'{{"app_id": "cli_{s(rng, 16, "abcdef" + DIGITS)}", "app_secret": "{value}"}}\'\n'
        '{"code":0,"expire":7200,"msg":"ok","tenant_access_token":"t-' + s(rng, 40, HEX) + '"}\n'
    ), value


def endorctl_api_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ endorctl scan --namespace=acme --api-key=endr+{s(rng, 16)} --api-secret={value} --dependencies\n"
        "Scanning repository github.com/acme/api ... 412 dependencies, 3 findings\n"
    ), value


def ccxt_gemini_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import ccxt\n\nexchange = ccxt.gemini({\n"
        f"    'apiKey': 'account-{s(rng, 20)}',\n    'secret': '{value}',\n    'enableRateLimit': True,\n}})\n"
        "print(exchange.fetch_balance()['total'])\n"
    ), value


def freqtrade_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "max_open_trades": 3, "stake_currency": "USD", "dry_run": False,
        "exchange": {"name": "gemini", "key": f"master-{s(rng, 20)}", "secret": value, "pair_whitelist": ["BTC/USD"]},
    }  # fmt: skip
    return "// user_data/config.json\n" + json.dumps(doc, indent=4) + "\n", value


def rsyslog_loggly_template(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/rsyslog.d/22-loggly.conf\n"
        f'template(name="LogglyFormat" type="string" string="<%pri%>%protocol-version% %timestamp:::date-rfc3339% '
        f'%HOSTNAME% %app-name% %procid% %msgid% [{value}@41058 tag=\\"web\\"] %msg%\\n")\n'
        'action(type="omfwd" protocol="tcp" target="logs-01.loggly.com" port="514" template="LogglyFormat")\n'
    ), value


def loggly_http_inputs_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -H \"content-type:text/plain\" -d 'deploy finished' http://logs-01.loggly.com/inputs/{value}/tag/http/\n"
        '{"response" : "ok"}\n'
    ), value


def logzio_whoami_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'curl -s https://api.logz.io/v2/whoami -H "X-API-TOKEN: {value}" -H "Content-Type: application/json"\n'
        '{"accountName":"acme-prod","accountId":' + s(rng, 6, DIGITS) + "}\n"
    ), value


def line_notify_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -X POST -H 'Authorization: Bearer {value}' -F 'message=backup finished' "
        "https://notify-api.line.me/api/notify\n"
        '{"status":200,"message":"ok"}\n'
    ), value


def coveralls_yml_file(rng: random.Random, var: str, value: str) -> Place:
    return f"# .coveralls.yml\nservice_name: jenkins\nrepo_token: {value}\nparallel: true\n", value


def coveralls_report_cli(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ coveralls report --repo-token {value} coverage/lcov.info\n"
        "⭐️ Coveralls.io Reporter v0.6.9\n🚀 Posting coverage data to https://coveralls.io/api/v1/jobs\n"
    ), value


def cloudsmith_cli_push(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cloudsmith push python acme/internal dist/acme_core-1.4.0-py3-none-any.whl -k {value}\n"
        "Checking python package upload parameters ... OK\nUploading acme_core-1.4.0-py3-none-any.whl: 100%\n"
    ), value


def cloudsmith_credentials_ini(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cat ~/.cloudsmith/credentials.ini\n[default]\napi_key={value}\n", value


def betteruptime_tf_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        'terraform {\n  required_providers {\n    betteruptime = {\n      source = "BetterStackHQ/better-uptime"\n'
        f'    }}\n  }}\n}}\n\nprovider "betteruptime" {{\n  api_token = "{value}"\n}}\n'
    ), value


def web3py_infura_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from web3 import Web3\n\n"
        f'w3 = Web3(Web3.HTTPProvider("https://mainnet.infura.io/v3/{value}"))\nprint(w3.eth.block_number)\n'
    ), value


def foundry_toml_rpc_endpoints(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# foundry.toml\n[profile.default]\nsrc = "src"\nout = "out"\nlibs = ["lib"]\n\n[rpc_endpoints]\n'
        f'sepolia = "https://sepolia.infura.io/v3/{value}"\n'
    ), value


def jumpcloud_pwsh_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"PS C:\\> Connect-JCOnline -JumpCloudApiKey {value} -force\nSuccessfully connected to JumpCloud\n"
        "PS C:\\> Get-JCUser -username alice | Select-Object email\n"
    ), value


def foundry_toml_etherscan(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'# foundry.toml\n[profile.default]\nsolc = "0.8.26"\n\n[etherscan]\nmainnet = {{ key = "{value}" }}\n'
    ), value


def forge_verify_contract_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ forge verify-contract 0x{s(rng, 40, HEX)} src/Token.sol:Token --chain mainnet "
        f"--etherscan-api-key {value} --watch\nStart verifying contract\nContract successfully verified\n"
    ), value


def mailerlite_php_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\nrequire 'vendor/autoload.php';\n\n"
        f"$groupsApi = (new \\MailerLiteApi\\MailerLite('{value}'))->groups();\n"
        "$groups = $groupsApi->get();\n"
    ), value


def hellosign_ruby_client(rng: random.Random, var: str, value: str) -> Place:
    return (f"require 'hello_sign'\n\nclient = HelloSign::Client.new(api_key: '{value}')\nclient.get_account\n"), value


def codemagic_builds_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'curl -H "Content-Type: application/json" -H "x-auth-token: {value}" \\\n'
        f'  --data \'{{"appId": "{s(rng, 24, HEX)}", "workflowId": "ios-release", "branch": "main"}}\' \\\n'
        "  -X POST https://api.codemagic.io/builds\n"
    ), value


def apim_ocp_header_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -s https://acme-gw.azure-api.net/orders/v1/orders?top=5 \\\n"
        f'  -H "Ocp-Apim-Subscription-Key: {value}" -H "Accept: application/json"\n'
    ), value


def apim_subscription_key_query_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'10.4.2.17 - - [02/Mar/2026:10:14:07 +0000] "GET /orders/v1/orders?subscription-key={value}&top=5 '
        'HTTP/1.1" 200 1832 "-" "python-requests/2.31.0" host=acme-gw.azure-api.net\n'
    ), value


def bitly_shorten_python(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import requests\n\nresp = requests.post(\n    "https://api-ssl.bitly.com/v4/shorten",\n'
        f'    headers={{"Authorization": "Bearer {value}"}},\n    json={{"long_url": "https://acme.dev/spring-sale"}},\n)\n'
    ), value


def dwolla_node_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        'const Client = require("dwolla-v2").Client;\n\nconst dwolla = new Client({\n'
        f'  key: "{s(rng, 50)}",\n  secret: "{value}",\n  environment: "production",\n}});\n'
    ), value


def paddle_node_sdk_init(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import { Environment, Paddle } from '@paddle/paddle-node-sdk';\n\n"
        f"const paddle = new Paddle('{value}', {{ environment: Environment.production }});\n"
        "const products = paddle.products.list();\n"
    ), value


def paddle_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (f"curl -s https://api.paddle.com/subscriptions?status=active -H 'Authorization: Bearer {value}'\n"), value


def newrelic_ini_python(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# newrelic.ini\n[newrelic]\n"
        f"license_key = {value}\napp_name = Acme API (prod)\nmonitor_mode = true\nlog_level = info\n"
    ), value


def newrelic_infra_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ sudo cat /etc/newrelic-infra.yml\nlicense_key: {value}\ndisplay_name: web-03\nlog:\n  level: info\n",
        value,
    )


def newrelic_tf_provider_admin(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'provider "newrelic" {{\n  account_id    = {s(rng, 7, DIGITS)}\n  admin_api_key = "{value}"\n'
        '  region        = "EU"\n}\n'
    ), value


def insights_query_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'curl -H "Accept: application/json" -H "X-Query-Key: {value}" \\\n'
        f'  "https://insights-api.newrelic.com/v1/accounts/{s(rng, 7, DIGITS)}/query?nrql=SELECT%20count(*)%20FROM'
        '%20Transaction"\n'
    ), value


def newrelic_deployment_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'curl -X POST "https://api.newrelic.com/v2/applications/{s(rng, 9, DIGITS)}/deployments.json" \\\n'
        f'     -H "X-Api-Key:{value}" -i -H "Content-Type: application/json" \\\n'
        '     -d \'{"deployment": {"revision": "v2.4.0"}}\'\n'
    ), value


def px_auth_login_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ px auth login --api_key={value}\nPixie CLI\nAuthentication Successful\n"
        "$ px get viziers\nClusterName  ID  K8sVersion  Status\n"
    ), value


def nri_bundle_values_pixie(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-newrelic.yaml (nri-bundle)\nglobal:\n  cluster: prod-eu\n  lowDataMode: true\n"
        f"newrelic-pixie:\n  enabled: true\n  apiKey: {value}\npixie-chart:\n  enabled: true\n  clusterName: prod-eu\n"
    ), value


def psexec_deploy_bat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "@echo off\nrem deploy.bat - push the agent to the build hosts\nfor %%H in (BUILD01 BUILD02) do (\n"
        f"  PsExec.exe \\\\%%H -accepteula -u ACME\\svc_deploy -p {value} -c -f agent-setup.exe /quiet\n)\n"
    ), value


def psexec_python_subprocess(rng: random.Random, var: str, value: str) -> Place:
    host = f"10.0.{rng.randint(1, 250)}.{rng.randint(2, 250)}"
    return (
        "import subprocess\n\nsubprocess.run(\n"
        f'    ["psexec", r"\\\\{host}", "-u", "Administrator", "-p", "{value}", "cmd", "/c", "ipconfig"],\n'
        "    check=True,\n)\n"
    ), value


SHARED = (
    cloudbuild_yaml_env, nomad_job_env, argo_workflow_env, bitrise_yml_envs, earthly_secret_flag,
    quarkus_application_properties, azure_functions_local_settings, devbox_json_env, heroku_app_json_env,
    fly_toml_env, nodemon_json_env, symfony_secrets_reveal,
)  # fmt: skip
ONE_VENDOR = (
    mandrill_python_send, lemonsqueezy_js_setup, lark_oapi_client_builder, lark_tenant_token_curl,
    endorctl_api_flags, ccxt_gemini_config, freqtrade_config_json, rsyslog_loggly_template, loggly_http_inputs_curl,
    logzio_whoami_curl, line_notify_curl, coveralls_yml_file, coveralls_report_cli, cloudsmith_cli_push,
    cloudsmith_credentials_ini, betteruptime_tf_provider, web3py_infura_provider, foundry_toml_rpc_endpoints,
    jumpcloud_pwsh_connect, foundry_toml_etherscan, forge_verify_contract_flag, mailerlite_php_client,
    hellosign_ruby_client, codemagic_builds_curl, apim_ocp_header_curl, apim_subscription_key_query_log,
    bitly_shorten_python, dwolla_node_client, paddle_node_sdk_init, paddle_api_curl, newrelic_ini_python,
    newrelic_infra_yml, newrelic_tf_provider_admin, insights_query_curl, newrelic_deployment_curl,
    px_auth_login_api_key, nri_bundle_values_pixie, psexec_deploy_bat, psexec_python_subprocess,
)  # fmt: skip
