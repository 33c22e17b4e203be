"""Where the twelfth held-out part (twelfth.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: a Podman Quadlet ``.container`` unit, a Cloud Foundry ``manifest.yml``, NSSM's
``AppEnvironmentExtra``, IIS's ``web.config``, ``az webapp config appsettings set``, ``gcloud functions deploy
--set-env-vars``, ``koyeb service create --env``, Bamboo Specs, an OpenRC ``conf.d`` file, a runit ``env`` directory,
``supabase secrets set``, a CloudFormation Lambda and an Azure Container App. Places of one vendor follow, each named
for it: its API called as its documentation shows, its SDK or CLI, or the file its tool reads."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, LOWER, s, uuid4


def podman_quadlet_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/containers/systemd/worker.container\n[Unit]\nDescription=Billing worker\n\n[Container]\n"
        "Image=ghcr.io/acme/billing-worker:2.8.0\nEnvironment=LOG_LEVEL=info\n"
        f"Environment={var}={value}\nPublishPort=127.0.0.1:9100:9100\n\n[Install]\nWantedBy=default.target\n"
    ), value


def cf_manifest_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "---\napplications:\n- name: storefront\n  memory: 512M\n  instances: 2\n  buildpacks:\n"
        "  - nodejs_buildpack\n  routes:\n  - route: storefront.apps.acme.dev\n  env:\n"
        f"    NODE_ENV: production\n    {var}: {value}\n"
    ), value


def nssm_set_app_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        'PS C:\\> nssm install AcmeSync C:\\acme\\sync\\sync.exe\nService "AcmeSync" installed successfully!\n'
        f"PS C:\\> nssm set AcmeSync AppEnvironmentExtra {var}={value} SYNC_INTERVAL=300\n"
        'Set parameter "AppEnvironmentExtra" for service "AcmeSync".\n'
    ), value


def iis_web_config_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n'
        '  <location path="." inheritInChildApplications="false">\n'
        "    <system.webServer>\n      <handlers>\n"
        '        <add name="aspNetCore" path="*" verb="*" modules="AspNetCoreModuleV2" resourceType="Unspecified" />\n'
        "      </handlers>\n"
        '      <aspNetCore processPath="dotnet" arguments=".\\Acme.Web.dll" hostingModel="inprocess">\n'
        "        <environmentVariables>\n"
        '          <environmentVariable name="ASPNETCORE_ENVIRONMENT" value="Production" />\n'
        f'          <environmentVariable name="{var}" value="{value}" />\n'
        "        </environmentVariables>\n      </aspNetCore>\n    </system.webServer>\n  </location>\n"
        "</configuration>\n"
    ), value


def az_webapp_appsettings_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ az webapp config appsettings set -g rg-shop -n acme-shop-api "
        f'--settings WEBSITE_RUN_FROM_PACKAGE=1 {var}="{value}" -o table\n'
        "Name                      Value    SlotSetting\n------------------------  -------  -------------\n"
        "WEBSITE_RUN_FROM_PACKAGE  1        False\n"
    ), value


def gcloud_functions_set_env_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ gcloud functions deploy sync-orders --gen2 --runtime=python312 --region=europe-west1 "
        f"--source=. --entry-point=handle --trigger-http --set-env-vars={var}={value},LOG_LEVEL=info\n"
        "Preparing function...done.\n"
    ), value


def koyeb_service_create_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ koyeb service create api --app acme --docker ghcr.io/acme/api:1.9.2 --ports 8000:http "
        f"--routes /:8000 --env PORT=8000 --env {var}={value} --regions fra\n"
    ), value


def bamboo_specs_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# bamboo-specs/bamboo.yml\n---\nversion: 2\nplan:\n  project-key: SHOP\n  key: API\n  name: API build\n"
        f"variables:\n  deploy_region: eu-central-1\n  {var.lower()}: {value}\nstages:\n  - Build:\n      jobs:\n"
        "        - Package\nPackage:\n  tasks:\n    - script:\n        - ./gradlew assemble\n"
    ), value


def openrc_conf_d_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/conf.d/acme-worker\ncommand_user="acme:acme"\noutput_log="/var/log/acme-worker.log"\n'
        f'export {var}="{value}"\nexport WORKER_CONCURRENCY=4\n'
    ), value


def runit_envdir_grep(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# grep . /etc/sv/acme-worker/env/*\n/etc/sv/acme-worker/env/HOME:/var/lib/acme\n"
        f"/etc/sv/acme-worker/env/{var}:{value}\n/etc/sv/acme-worker/env/QUEUE:default\n"
    ), value


def supabase_secrets_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ supabase secrets set {var}={value} --project-ref qwertyuiopasdfghjklz\n"
        "Finished supabase secrets set.\n$ supabase functions deploy notify\n"
    ), value


def cloudformation_lambda_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  SyncFunction:\n    Type: AWS::Lambda::Function\n"
        "    Properties:\n      Runtime: python3.12\n      Handler: app.handler\n"
        "      Role: !GetAtt SyncRole.Arn\n      Code:\n        S3Bucket: acme-artifacts\n        S3Key: sync.zip\n"
        f"      Environment:\n        Variables:\n          STAGE: prod\n          {var}: {value}\n"
    ), value


def azure_containerapp_yaml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# containerapp.yaml (az containerapp create --yaml)\nproperties:\n  template:\n    containers:\n"
        "      - name: api\n        image: acmecr.azurecr.io/api:4.2.0\n        env:\n"
        f"          - name: {var}\n            value: {value}\n"
        "          - name: ASPNETCORE_URLS\n            value: http://+:8080\n"
    ), value


SHARED = (
    podman_quadlet_environment, cf_manifest_env, nssm_set_app_environment, iis_web_config_environment,
    az_webapp_appsettings_set, gcloud_functions_set_env_vars, koyeb_service_create_env, bamboo_specs_variables,
    openrc_conf_d_export, runit_envdir_grep, supabase_secrets_set, cloudformation_lambda_environment,
    azure_containerapp_yaml_env,
)  # fmt: skip


def saladcloud_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -H 'Salad-Api-Key: {value}' "
        "https://api.salad.com/api/public/organizations/acme/projects/render/containers\n"
        '{"items":[{"name":"blender-farm","current_state":{"status":"running"}}]}\n'
    ), value


def tickettailor_basic_auth_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -G https://api.tickettailor.com/v1/orders -H 'Accept: application/json' "
        f"-u {value}: --data-urlencode 'status=completed'\n"
    ), value


def pagarme_node_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "const pagarme = require('pagarme')\n\n"
        f"pagarme.client.connect({{ api_key: '{value}' }})\n"
        "  .then(client => client.transactions.all({ count: 10 }))\n  .then(console.log)\n"
    ), value


def dfuse_auth_issue_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -sS https://auth.dfuse.io/v1/auth/issue -H 'Content-Type: application/json' "
        f'--data \'{{"api_key":"{value}"}}\'\n'
    ), value


def recharge_python_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import requests\n\nsession = requests.Session()\nsession.headers.update({\n"
        f'    "X-Recharge-Access-Token": "{value}",\n    "X-Recharge-Version": "2021-11",\n}})\n'
        'subs = session.get("https://api.rechargeapps.com/subscriptions", params={"limit": 50}).json()\n'
    ), value


def flexport_logistics_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl https://logistics-api.flexport.com/logistics/api/2024-04/shipments?page=1 "
        f'-H "Authorization: Bearer {value}" -H "Flexport-Version: 2"\n'
    ), value


def paymongo_curl_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl --request POST --url https://api.paymongo.com/v1/payment_intents "
        f"-u {value}: --header 'content-type: application/json' "
        '--data \'{"data":{"attributes":{"amount":10000,"currency":"PHP"}}}\'\n'
    ), value


def ramp_token_curl(rng: random.Random, var: str, value: str) -> Place:
    client_id = "ramp_id_" + s(rng, 40)
    return (
        f"curl -s https://api.ramp.com/developer/v1/token -u {client_id}:{value} "
        "-d grant_type=client_credentials -d 'scope=transactions:read'\n"
    ), value


def stytch_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import stytch\n\nclient = stytch.Client(\n"
        f'    project_id="project-live-{uuid4(rng)}",\n    secret="{value}",\n)\n'
        'resp = client.magic_links.email.login_or_create(email="ops@acme.dev")\n'
    ), value


def fleetbase_sdk_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import Fleetbase from '@fleetbase/sdk';\n\n"
        f"const fleetbase = new Fleetbase('{value}');\n"
        "const orders = await fleetbase.orders.query({ status: 'dispatched' });\n"
    ), value


def magicbell_headers_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl https://api.magicbell.com/broadcasts -X POST "
        f"-H 'X-MAGICBELL-API-KEY: {s(rng, 40, LOWER + DIGITS)}' -H 'X-MAGICBELL-API-SECRET: {value}' "
        '-H \'Content-Type: application/json\' -d \'{"broadcast":{"title":"Deploy finished"}}\'\n'
    ), value


def mailmodo_campaign_trigger_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -X POST https://api.mailmodo.com/api/v1/triggerCampaign/{uuid4(rng)} "
        f"-H 'mmApiKey: {value}' -H 'Content-Type: application/json' "
        '-d \'{"email":"ana@acme.dev","data":{"first_name":"Ana"}}\'\n'
    ), value


def nylas_v3_grants_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl --request GET --url 'https://api.us.nylas.com/v3/grants/{uuid4(rng)}/messages?limit=5' "
        f"--header 'Authorization: Bearer {value}' --header 'Accept: application/json'\n"
    ), value


def apideck_unify_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl 'https://unify.apideck.com/crm/contacts?limit=20' "
        f"-H 'Authorization: Bearer {value}' -H 'x-apideck-app-id: {s(rng, 40)}' "
        "-H 'x-apideck-consumer-id: acme-test-consumer'\n"
    ), value


def omnisend_contacts_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -s 'https://api.omnisend.com/v3/contacts?limit=100&offset=0' -H 'X-API-KEY: {value}' "
        "| jq '.contacts | length'\n"
    ), value


def voiceflow_runtime_interact_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST 'https://general-runtime.voiceflow.com/state/user/visitor-42/interact' "
        f"-H 'Authorization: {value}' -H 'versionID: production' "
        '-H \'Content-Type: application/json\' -d \'{"action":{"type":"launch"}}\'\n'
    ), value


def finage_last_quote_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"INFO  quotes.poll GET https://api.finage.co.uk/last/stock/AAPL?apikey={value} -> 200 (84 ms)\n"
        "INFO  quotes.poll stored 1 quote for AAPL\n"
    ), value


def scrapingbee_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from scrapingbee import ScrapingBeeClient\n\n"
        f"client = ScrapingBeeClient(api_key='{value}')\n"
        "response = client.get('https://example.com/pricing', params={'render_js': 'false'})\n"
    ), value


def smartsheet_python_sdk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import smartsheet\n\n"
        f"smart = smartsheet.Smartsheet('{value}')\nsmart.errors_as_exceptions(True)\n"
        "sheet = smart.Sheets.get_sheet(4583173393803140)\n"
    ), value


def couchbase_cbq_shell(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cbq -e couchbases://cb.{s(rng, 16, LOWER + DIGITS)}.cloud.couchbase.com -u app_reader -p '{value}'\n"
        " Connected to : couchbases://cb.cloud.couchbase.com/. Type Ctrl-D or \\QUIT to exit.\ncbq> \n"
    ), value


def uploadcare_simple_auth_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl 'https://api.uploadcare.com/files/?limit=10' "
        "-H 'Accept: application/vnd.uploadcare-v0.7+json' "
        f"-H 'Authorization: Uploadcare.Simple {s(rng, 20, LOWER + DIGITS)}:{value}'\n"
    ), value


def pipedream_cli_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# ~/.config/pipedream/config\n[default]\napi_key = {value}\n\n[acme-staging]\norg_id = o_{s(rng, 7)}\n",
        value,
    )


def eventbrite_users_me_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s 'https://www.eventbriteapi.com/v3/users/me/?token={value}' | jq .name\n\"Acme Events\"\n"
    ), value


def bitfinex_api_py_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from bfxapi import Client, REST_HOST\n\nbfx = Client(\n    rest_host=REST_HOST,\n"
        f'    api_key="{s(rng, 43, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")}",\n'
        f'    api_secret="{value}",\n)\nwallets = bfx.rest.auth.get_wallets()\n'
    ), value


def shortcut_token_header_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X GET -H 'Content-Type: application/json' "
        f"-H 'Shortcut-Token: {value}' -L 'https://api.app.shortcut.com/api/v3/member'\n"
    ), value


def webflow_sites_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl --request GET --url https://api.webflow.com/v2/sites --header 'accept: application/json' "
        f"--header 'authorization: Bearer {value}'\n"
    ), value


def twelvedata_python_tdclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from twelvedata import TDClient\n\n"
        f'td = TDClient(apikey="{value}")\n'
        'ts = td.time_series(symbol="EUR/USD", interval="1min", outputsize=30).as_pandas()\n'
    ), value


def zerobounce_getcredits_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[2026-05-04 09:12:44] local.DEBUG: GET "
        f'https://api.zerobounce.net/v2/getcredits?api_key={value} {{"status":200}}\n'
    ), value


def moonclerk_token_header_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -H 'Accept: application/vnd.moonclerk+json;version=1' "
        f"-H 'Authorization: Token token={value}' https://api.moonclerk.com/customers?count=20\n"
    ), value


def kanbantool_api_v3_curl(rng: random.Random, var: str, value: str) -> Place:
    return (f"curl -H 'Authorization: Bearer {value}' https://acme.kanbantool.com/api/v3/users/current.json\n"), value


ONE_VENDOR = (
    saladcloud_api_curl, tickettailor_basic_auth_curl, pagarme_node_client, dfuse_auth_issue_curl,
    recharge_python_requests, flexport_logistics_api_curl, paymongo_curl_basic, ramp_token_curl, stytch_python_client,
    fleetbase_sdk_js, magicbell_headers_curl, mailmodo_campaign_trigger_curl, nylas_v3_grants_curl, apideck_unify_curl,
    omnisend_contacts_curl, voiceflow_runtime_interact_curl, finage_last_quote_url, scrapingbee_python_client,
    smartsheet_python_sdk, couchbase_cbq_shell, uploadcare_simple_auth_curl, pipedream_cli_config,
    eventbrite_users_me_url, bitfinex_api_py_client, shortcut_token_header_curl, webflow_sites_curl,
    twelvedata_python_tdclient, zerobounce_getcredits_url, moonclerk_token_header_curl, kanbantool_api_v3_curl,
)  # fmt: skip
