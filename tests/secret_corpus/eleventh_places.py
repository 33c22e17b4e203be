"""Where the eleventh held-out part (eleventh.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: AWS App Runner's ``apprunner.yaml``, an OpenFaaS ``stack.yml``, a Knative
Service, a CodeBuild ``buildspec.yml``, ``codefresh.yml``, ``okteto.yml``, an AWS Copilot manifest, Elastic
Beanstalk's ``.ebextensions``, App Engine's ``app.yaml``, ``nixpacks.toml``, Semaphore's pipeline and Vela's
``.vela.yml``. Places of one vendor follow, each named for it: its API called as its documentation shows, its SDK or
CLI, or the file its tool reads."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s, uuid4


def apprunner_yaml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# apprunner.yaml\nversion: 1.0\nruntime: python311\nbuild:\n  commands:\n    build:\n"
        "      - pip install -r requirements.txt\nrun:\n  command: gunicorn app:app -b 0.0.0.0:8080\n  network:\n"
        f'    port: 8080\n  env:\n    - name: LOG_LEVEL\n      value: info\n    - name: {var}\n      value: "{value}"\n'
    ), value


def openfaas_stack_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "version: 1.0\nprovider:\n  name: openfaas\n  gateway: http://127.0.0.1:8080\nfunctions:\n  invoice-hook:\n"
        "    lang: python3-http\n    handler: ./invoice-hook\n    image: ghcr.io/acme/invoice-hook:latest\n"
        f"    environment:\n      write_timeout: 30s\n      {var}: {value}\n"
    ), value


def knative_service_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: serving.knative.dev/v1\nkind: Service\nmetadata:\n  name: checkout\n  namespace: shop\nspec:\n"
        "  template:\n    spec:\n      containers:\n        - image: ghcr.io/acme/checkout:3.4.1\n          env:\n"
        f"            - name: {var}\n              value: {value}\n"
        '            - name: PORT_HINT\n              value: "8080"\n'
    ), value


def codebuild_buildspec_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# buildspec.yml\nversion: 0.2\nenv:\n  variables:\n    NODE_ENV: production\n"
        f'    {var}: "{value}"\nphases:\n  install:\n    runtime-versions:\n      nodejs: 20\n  build:\n'
        "    commands:\n      - npm ci\n      - npm run build\n"
    ), value


def codefresh_yml_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        'version: "1.0"\nstages:\n  - test\n  - deploy\nsteps:\n  integration:\n    stage: test\n'
        "    image: node:20\n    commands:\n      - npm test\n    environment:\n"
        f"      - {var}={value}\n      - CI=true\n"
    ), value


def okteto_yml_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# okteto.yml\ndev:\n  api:\n    image: okteto/python:3\n    command: bash\n    sync:\n      - .:/usr/src/app\n"
        f"    environment:\n      FLASK_ENV: development\n      {var}: {value}\n    forward:\n      - 8080:8080\n"
    ), value


def copilot_manifest_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# copilot/api/manifest.yml\nname: api\ntype: Load Balanced Web Service\nhttp:\n  path: '/'\n"
        "image:\n  build: Dockerfile\n  port: 8000\ncpu: 256\nmemory: 512\ncount: 2\n"
        f"variables:\n  LOG_LEVEL: info\n  {var}: {value}\n"
    ), value


def ebextensions_option_settings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .ebextensions/01-env.config\noption_settings:\n  aws:elasticbeanstalk:application:environment:\n"
        f"    DJANGO_SETTINGS_MODULE: shop.settings.prod\n    {var}: {value}\n"
        "  aws:elasticbeanstalk:container:python:\n    WSGIPath: shop.wsgi:application\n"
    ), value


def gae_app_yaml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app.yaml\nruntime: python312\ninstance_class: F2\nentrypoint: gunicorn -b :$PORT main:app\n"
        f'env_variables:\n  BUCKET: acme-uploads\n  {var}: "{value}"\nhandlers:\n- url: /.*\n  script: auto\n'
    ), value


def nixpacks_toml_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# nixpacks.toml\nproviders = ['node']\n\n[variables]\nNODE_ENV = 'production'\n"
        f"{var} = '{value}'\n\n[phases.build]\ncmds = ['npm run build']\n\n[start]\ncmd = 'node dist/server.js'\n"
    ), value


def semaphore_yml_env_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "version: v1.0\nname: Deploy\nagent:\n  machine:\n    type: e1-standard-2\n    os_image: ubuntu2204\n"
        "blocks:\n  - name: Release\n    task:\n      env_vars:\n"
        "        - name: RELEASE_CHANNEL\n          value: stable\n"
        f"        - name: {var}\n          value: {value}\n      jobs:\n        - name: publish\n"
        "          commands:\n            - checkout\n            - make release\n"
    ), value


def vela_yml_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        'version: "1"\nsteps:\n  - name: test\n    image: golang:1.22\n    environment:\n'
        f'      CGO_ENABLED: "0"\n      {var}: {value}\n    commands:\n      - go test ./...\n'
    ), value


SHARED = (
    apprunner_yaml_env, openfaas_stack_yml, knative_service_env, codebuild_buildspec_env, codefresh_yml_variables,
    okteto_yml_environment, copilot_manifest_variables, ebextensions_option_settings, gae_app_yaml_env,
    nixpacks_toml_variables, semaphore_yml_env_vars, vela_yml_environment,
)  # fmt: skip


def swarm_unlock_key_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker swarm unlock-key\nTo unlock a swarm manager after it restarts, run the `docker swarm unlock`\n"
        "command and provide the following key:\n\n"
        f"    {value}\n\n"
        "Please remember to store this key in a password manager, since without it you\n"
        "will not be able to restart the manager.\n"
    ), value


def ebay_oauth_client_credentials(rng: random.Random, var: str, value: str) -> Place:
    app = f"AcmeShop-Listing-PRD-{s(rng, 9, HEX)}-{s(rng, 8, HEX)}"
    return (
        "# ebay-config.yaml (ebay-oauth-python-client)\napi.ebay.com:\n"
        f"    appid: {app}\n    certid: {value}\n    devid: {uuid4(rng)}\n"
        "    redirecturi: Acme_Shop-AcmeShop-Listin-abcdefg\n"
    ), value


def evervault_node_init(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import Evervault from '@evervault/sdk';\n\n"
        f"const evervault = new Evervault('app_{s(rng, 12, HEX)}', '{value}');\n"
        "export const encrypt = (data) => evervault.encrypt(data);\n"
    ), value


def fullstory_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -s https://api.fullstory.com/v2/users \\\n"
        f"  -H 'Authorization: Basic {value}' \\\n  -H 'Content-Type: application/json' \\\n"
        '  -d \'{"uid": "u-1842", "display_name": "Ada"}\'\n'
    ), value


def gsutil_boto_hmac(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.boto (written by gsutil config -a)\n[Credentials]\n"
        f"gs_access_key_id = {value}\ngs_secret_access_key = {s(rng, 40)}\n\n[GSUtil]\ndefault_project_id = acme-data\n"
    ), value


def ionic_appflow_cli_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ IONIC_TOKEN={value} ionic deploy build --environment="Production" --channel="Master"\n'
        "[INFO] Running deploy build for app 8a1c2f3e...\n"
    ), value


def jdcloud_cli_configure(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ jdc configure add --profile prod --access-key "
        f"{value} --secret-key {s(rng, 32, HEX.upper())} --region-id cn-north-1\n"
        "Profile prod added.\n"
    ), value


def localstack_docker_run(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ docker run --rm -it -p 4566:4566 -e LOCALSTACK_API_KEY={value} localstack/localstack-pro\n"
        "LocalStack version: 3.4.0\nLocalStack build date: 2024-04-25\nReady.\n"
    ), value


def logicmonitor_rest_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -s 'https://acme.logicmonitor.com/santaba/rest/device/devices?size=50' \\\n"
        f"  -H 'Authorization: Bearer {value}' \\\n  -H 'X-Version: 3'\n"
    ), value


def mercury_api_python(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import requests\n\nresp = requests.get(\n    'https://api.mercury.com/api/v1/accounts',\n"
        f"    headers={{'Authorization': 'Bearer secret-token:{value}'}},\n"
        "    timeout=10,\n)\nresp.raise_for_status()\n"
    ), value


def mercury_dotenv_secret_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .env.production\nMERCURY_ACCOUNT_ID=" + uuid4(rng) + "\n"
        f"MERCURY_API_TOKEN=secret-token:{value}\nPAYOUT_DRY_RUN=false\n"
    ), value


def midtrans_php_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\nrequire_once dirname(__FILE__) . '/vendor/autoload.php';\n\n"
        f"\\Midtrans\\Config::$serverKey = '{value}';\n\\Midtrans\\Config::$isProduction = true;\n"
        "\\Midtrans\\Config::$isSanitized = true;\n\\Midtrans\\Config::$is3ds = true;\n"
    ), value


def onechronos_fix_session_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# onechronos-api.toml\n[api]\nbase_url = "https://api.onechronos.com/v1"\n'
        f'api_key = "{value}"\nparticipant = "ACME"\n'
    ), value


def orbit_members_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl --request GET \\\n  --url 'https://app.orbit.love/api/v1/acme/members?items=100' \\\n"
        f"  --header 'accept: application/json' \\\n  --header 'authorization: Bearer {value}'\n"
    ), value


def persona_inquiry_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl https://withpersona.com/api/v1/inquiries \\\n  -X POST \\\n"
        f"  -H 'Authorization: Bearer {value}' \\\n  -H 'Persona-Version: 2023-01-05' \\\n"
        '  -d \'{"data":{"attributes":{"inquiry-template-id":"itmpl_Z1ZfJ3"}}}\'\n'
    ), value


def sslmate_conf_file(rng: random.Random, var: str, value: str) -> Place:
    return f"# ~/.sslmate\naccount_id 20032\napi_key {value}\nwildcard_filename _wildcard\n", value


def certspotter_cluster_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/sslmate-agent/config\n[agent]\nkey_directory = "/etc/sslmate/keys"\n'
        f'secret = "{value}"\ncluster = "prod-edge"\n'
    ), value


def getstream_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from stream_chat import StreamChat\n\n"
        f'chat = StreamChat(api_key="{s(rng, 12, "abcdefghijklmnopqrstuvwxyz0123456789")}", api_secret="{value}")\n'
        'token = chat.create_token("john")\n'
    ), value


def thunderstore_cli_publish(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ tcli publish --token {value} --file build/Acme-BetterLoot-1.2.0.zip\n"
        "Publishing build/Acme-BetterLoot-1.2.0.zip\nUploading... done\nSuccessfully published Acme-BetterLoot-1.2.0\n"
    ), value


def valour_bot_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        'using Valour.Sdk.Client;\n\nvar client = new ValourClient("https://app.valour.gg");\n'
        f'await client.InitializeUser("{value}");\nConsole.WriteLine("Logged in");\n'
    ), value


def wiseflow_api_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "GET /v1/flows?limit=20 HTTP/1.1\r\nHost: europe-api.wiseflow.net\r\n"
        f"x-api-key: {value}\r\nAccept: application/json\r\n\r\n"
    ), value


def workato_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'curl -s https://www.workato.com/api/recipes?per_page=10 \\\n  -H "Authorization: Bearer {value}"\n'
    ), value


def workos_node_init(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import { WorkOS } from '@workos-inc/node';\n\n"
        f"const workos = new WorkOS('{value}');\n"
        "const { data } = await workos.organizations.listOrganizations();\n"
    ), value


def wechat_access_token_url(rng: random.Random, var: str, value: str) -> Place:
    appid = "wx" + s(rng, 16, HEX)
    return (
        "GET https://api.weixin.qq.com/cgi-bin/token?grant_type=client_credential"
        f"&appid={appid}&secret={value}\n"
        '200 OK {"access_token":"ACCESS_TOKEN","expires_in":7200}\n'
    ), value


def wechat_miniprogram_config_js(rng: random.Random, var: str, value: str) -> Place:
    appid = "wx" + s(rng, 16, HEX)
    return (
        f"// server/config.js\nmodule.exports = {{\n  appId: '{appid}',\n  appSecret: '{value}',\n  port: 5757,\n}};\n"
    ), value


def paypal_rest_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -v -X GET https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T \\\n"
        f"  -H 'Content-Type: application/json' \\\n  -H 'Authorization: Bearer {value}'\n"
    ), value


def cleardb_heroku_config(rng: random.Random, var: str, value: str) -> Place:
    user, db = s(rng, 14, HEX), s(rng, 15, HEX)
    return (
        "$ heroku config:get CLEARDB_DATABASE_URL -a acme-legacy\n"
        f"mysql://{user}:{value}@us-cdbr-east-06.cleardb.net/heroku_{db}?reconnect=true\n"
    ), value


def cleardb_php_parse_url(rng: random.Random, var: str, value: str) -> Place:
    user, db = s(rng, 14, HEX), s(rng, 15, HEX)
    return (
        "<?php\n// fallback when the env var is missing\n"
        f"$url = parse_url(getenv('CLEARDB_DATABASE_URL') ?: 'mysql://{user}:{value}"
        f"@us-cdbr-iron-east-02.cleardb.net/heroku_{db}?reconnect=true');\n$server = $url['host'];\n"
    ), value


def bot_appsettings_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"MicrosoftAppType": "MultiTenant", "MicrosoftAppId": uuid4(rng), "MicrosoftAppPassword": value,
           "MicrosoftAppTenantId": ""}  # fmt: skip
    return "// appsettings.json (Bot Framework)\n" + json.dumps(doc, indent=2) + "\n", value


def bot_env_file(rng: random.Random, var: str, value: str) -> Place:
    return f"# .env (Bot Framework Emulator)\nMicrosoftAppId={uuid4(rng)}\nMicrosoftAppPassword={value}\n", value


def publish_settings_xml(rng: random.Random, var: str, value: str) -> Place:
    site = "acme-api-" + s(rng, 4, DIGITS)
    return (
        '<publishData>\n  <publishProfile profileName="' + site + ' - Web Deploy" publishMethod="MSDeploy" '
        f'publishUrl="{site}.scm.azurewebsites.net:443" msdeploySite="{site}" userName="${site}" '
        f'userPWD="{value}" destinationAppUrl="https://{site}.azurewebsites.net" />\n</publishData>\n'
    ), value


def az_webapp_publishing_credentials(rng: random.Random, var: str, value: str) -> Place:
    site = "acme-web-" + s(rng, 4, DIGITS)
    doc = {"name": site, "publishingPassword": value, "publishingUserName": "$" + site,
           "scmUri": f"https://${site}:{value}@{site}.scm.azurewebsites.net"}  # fmt: skip
    return (
        f"$ az webapp deployment list-publishing-credentials -n {site} -g rg-web\n" + json.dumps(doc, indent=2) + "\n"
    ), value


ONE_VENDOR = (
    swarm_unlock_key_output, ebay_oauth_client_credentials, evervault_node_init, fullstory_api_curl,
    gsutil_boto_hmac, ionic_appflow_cli_login, jdcloud_cli_configure, localstack_docker_run, logicmonitor_rest_curl,
    mercury_api_python, mercury_dotenv_secret_token, midtrans_php_config, onechronos_fix_session_cfg,
    orbit_members_curl, persona_inquiry_curl,
    sslmate_conf_file, certspotter_cluster_secret, getstream_python_client, thunderstore_cli_publish,
    valour_bot_client, wiseflow_api_header, workato_api_curl, workos_node_init, wechat_access_token_url,
    wechat_miniprogram_config_js, paypal_rest_curl, cleardb_heroku_config, cleardb_php_parse_url, bot_appsettings_json,
    bot_env_file, publish_settings_xml, az_webapp_publishing_credentials,
)  # fmt: skip
