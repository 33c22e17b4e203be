"""Where the ninth held-out part (ninth.py) shows its vendors' secrets: surroundings none of the other parts has.
Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: a JetBrains run configuration, VS Code's ``launch.json``, an Android
manifest's ``<meta-data>``, ``mise.toml``, a ``justfile``, a go-task ``Taskfile.yml``, tox and pytest-env settings,
a Jenkinsfile's ``withEnv``, ``systemd-run --setenv``, ``tmux set-environment`` and a runit ``env/`` directory.
Places of one vendor follow, each named for it: its API called with curl as its documentation shows, its SDK or
CLI, firmware that embeds it, or the file its tool writes."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def jetbrains_run_config_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- .idea/runConfigurations/worker.xml -->\n"
        '<component name="ProjectRunConfigurationManager">\n'
        '  <configuration default="false" name="worker" type="PythonConfigurationType" factoryName="Python">\n'
        '    <envs>\n      <env name="PYTHONUNBUFFERED" value="1" />\n'
        f'      <env name="{var}" value="{value}" />\n    </envs>\n'
        '    <option name="SCRIPT_NAME" value="$PROJECT_DIR$/worker/main.py" />\n  </configuration>\n</component>\n'
    ), value


def vscode_launch_json_env(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "version": "0.2.0",
        "configurations": [
            {
                "name": "Launch API",
                "type": "node",
                "request": "launch",
                "program": "${workspaceFolder}/src/server.ts",
                "env": {"NODE_ENV": "development", var: value},
            }
        ],
    }
    return "// .vscode/launch.json\n" + json.dumps(doc, indent=4) + "\n", value


def android_manifest_meta_data(rng: random.Random, var: str, value: str) -> Place:
    name = "dev.acme.shop." + var.lower()
    return (
        '<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.acme.shop">\n'
        '    <application android:name=".ShopApp" android:label="@string/app_name">\n'
        f'        <meta-data\n            android:name="{name}"\n            android:value="{value}" />\n'
        '        <activity android:name=".MainActivity" android:exported="true" />\n'
        "    </application>\n</manifest>\n"
    ), value


def mise_toml_env(rng: random.Random, var: str, value: str) -> Place:
    return f'# mise.toml\n[tools]\nnode = "22"\npython = "3.12"\n\n[env]\nAPP_ENV = "dev"\n{var} = "{value}"\n', value


def justfile_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'set dotenv-load\n\nexport {var} := "{value}"\n\n'
        "test:\n    pytest -q\n\nrelease: test\n    ./scripts/release.sh\n"
    ), value


def taskfile_yml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Taskfile.yml\nversion: '3'\n\nenv:\n  STAGE: prod\n"
        f"  {var}: {value}\n\ntasks:\n  scan:\n    cmds:\n      - ./scripts/scan.sh\n"
    ), value


def tox_ini_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[tox]\nenv_list = py312, lint\n\n[testenv]\ndeps = -r requirements-dev.txt\n"
        f"setenv =\n    PYTHONHASHSEED = 0\n    {var} = {value}\ncommands = pytest {{posargs}}\n"
    ), value


def pytest_ini_env(rng: random.Random, var: str, value: str) -> Place:
    return f"# pytest.ini (pytest-env)\n[pytest]\naddopts = -ra\nenv =\n    D:APP_ENV=test\n    {var}={value}\n", value


def jenkinsfile_withenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "pipeline {\n  agent { label 'linux' }\n  stages {\n    stage('Publish') {\n      steps {\n"
        f"        withEnv(['STAGE=prod', '{var}={value}']) {{\n          sh './scripts/publish.sh'\n        }}\n"
        "      }\n    }\n  }\n}\n"
    ), value


def systemd_run_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ sudo systemd-run --unit=sync-once --setenv={var}={value} --property=User=sync /opt/sync/bin/sync\n"
        "Running as unit: sync-once.service\n"
    ), value


def tmux_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.tmux.conf\nset -g mouse on\nset -g history-limit 50000\n"
        f'set-environment -g {var} "{value}"\nbind r source-file ~/.tmux.conf\n'
    ), value


def runit_env_dir(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ls /etc/sv/nas-sync/env/\nNAS_HOST  {var}\n$ cat /etc/sv/nas-sync/env/{var}\n{value}\n"
        "$ sv restart nas-sync\nok: run: nas-sync: (pid 4121) 0s\n"
    ), value


def bedrock_converse_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -s https://bedrock-runtime.us-east-1.amazonaws.com/model/"
        "anthropic.claude-3-haiku-20240307-v1:0/converse \\\n  -H 'Content-Type: application/json' \\\n"
        f"  -H 'Authorization: Bearer {value}' \\\n"
        '  -d \'{"messages":[{"role":"user","content":[{"text":"ping"}]}]}\'\n'
    ), value


def contentful_cda_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s 'https://cdn.contentful.com/spaces/{s(rng, 12, HEX)}/environments/master/entries"
        f"?content_type=post&limit=1&access_token={value}' | jq '.total'\n37\n"
    ), value


def gemfile_source_block(rng: random.Random, var: str, value: str) -> Place:
    return (
        "source 'https://rubygems.org'\n\ngem 'rails', '~> 7.1'\ngem 'sidekiq'\n\n"
        f'source "https://{value}@enterprise.contribsys.com/" do\n  gem "sidekiq-ent"\nend\n'
    ), value


def gemfile_lock_remote(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"GEM\n  remote: https://{value}@gems.contribsys.com/\n  specs:\n    sidekiq-pro (7.2.0)\n"
        "      sidekiq (>= 7.2.0)\n\nGEM\n  remote: https://rubygems.org/\n  specs:\n    sidekiq (7.2.4)\n"
    ), value


def deployctl_token_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ deployctl deploy --project=acme-edge --prod --token={value} main.ts\n"
        "✔ Deploying to project acme-edge.\n✔ Deployment complete.\n"
    ), value


def portainer_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (f'curl -sk -H "X-API-Key: {value}" https://portainer.acme.lan:9443/api/stacks | jq ".[].Name"\n'), value


def ubidots_arduino_sketch(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// greenhouse.ino\n#include "UbidotsEsp32Mqtt.h"\n\n'
        f'const char *UBIDOTS_TOKEN = "{value}";\nconst char *WIFI_SSID = "greenhouse";\n'
        'const char *DEVICE_LABEL = "esp32-gh1";\n\nUbidots ubidots(UBIDOTS_TOKEN);\n'
    ), value


def pubnub_js_init(rng: random.Random, var: str, value: str) -> Place:
    sub = f"sub-c-{uuid4(rng)}"
    return (
        "import PubNub from 'pubnub';\n\nconst pubnub = new PubNub({\n"
        f"  publishKey: '{value}',\n  subscribeKey: '{sub}',\n  userId: 'dashboard-01',\n}});\n"
    ), value


def aiven_credentials_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"auth_token": value, "user_email": "ops@acme.dev"}
    return "$ cat ~/.config/aiven/aiven-credentials.json\n" + json.dumps(doc) + "\n", value


def lokalise2_cli_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ lokalise2 --token {value} --project-id {rng.randint(10**8, 10**9)}.{s(rng, 8, HEX)} "
        "file download --format json --unzip-to ./locales\nDownloading translations... done\n"
    ), value


def dtrack_bom_upload_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST https://dtrack.acme.lan/api/v1/bom \\\n"
        f'  -H "X-Api-Key: {value}" \\\n  -F "autoCreate=true" -F "projectName=api" -F "projectVersion=2.4.0" \\\n'
        '  -F "bom=@target/bom.json"\n'
    ), value


def jina_reader_curl(rng: random.Random, var: str, value: str) -> Place:
    return f'curl "https://r.jina.ai/https://acme.dev/blog/launch" \\\n  -H "Authorization: Bearer {value}"\n', value


def kagi_search_curl(rng: random.Random, var: str, value: str) -> Place:
    return f'curl -H "Authorization: Bot {value}" "https://kagi.com/api/v0/search?q=acme+status&limit=5"\n', value


def hawkscan_docker_run(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'docker run --rm -v "$(pwd):/hawk:rw" -t -e API_KEY={value} -e NO_COLOR=true stackhawk/hawkscan\n'
        "HawkScan 4.2.0 starting scan of https://staging.acme.dev\n"
    ), value


def teamcity_rest_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'curl -s -H "Authorization: Bearer {value}" -H "Accept: application/json" \\\n'
        '  "https://teamcity.acme.lan/app/rest/builds?locator=buildType:Api_Build,count:1"\n'
    ), value


def truenas_websocket_login(rng: random.Random, var: str, value: str) -> Place:
    frame = {"id": uuid4(rng), "msg": "method", "method": "auth.login_with_api_key", "params": [value]}
    return (
        "$ websocat ws://nas.acme.lan/websocket\n"
        '{"msg": "connect", "version": "1", "support": ["1"]}\n{"msg": "connected", "session": "'
        f'{uuid4(rng)}"}}\n{json.dumps(frame)}\n{{"msg": "result", "result": true}}\n'
    ), value


def thingsboard_telemetry_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -v -X POST https://thingsboard.cloud/api/v1/{value}/telemetry \\\n"
        '  --header Content-Type:application/json --data \'{"temperature":21.4,"humidity":48}\'\n'
    ), value


def thingsboard_coap_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ coap-client -m post coap://coap.thingsboard.cloud/api/v1/{value}/telemetry -t json "
        "-e '{\"battery\":3.71}'\nv:1 t:CON c:POST i:4e1a {} [ ]\n"
    ), value


def particle_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return f'curl https://api.particle.io/v1/devices \\\n  -H "Authorization: Bearer {value}"\n', value


def particle_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"username": "ops@acme.dev", "access_token": value}
    return "$ cat ~/.particle/particle.config.json\n" + json.dumps(doc, indent=2) + "\n", value


def segment_public_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -s https://api.segmentapis.com/sources?pagination.count=10 \\\n"
        f'  -H "Authorization: Bearer {value}" -H "Content-Type: application/json"\n'
    ), value


def uv_publish_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ uv publish --index pyx --token {value}\nPublishing 2 files https://api.pyx.dev/v1/upload/acme/main\n"
        "Uploading acme_core-1.4.0-py3-none-any.whl (41.2KiB)\n"
    ), value


def cc_test_reporter_after_build(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ./cc-test-reporter format-coverage -t lcov coverage/lcov.info\n"
        f"$ ./cc-test-reporter upload-coverage -r {value}\nUploading coverage... done\n"
    ), value


def blynk_https_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return f'curl "https://fra1.blynk.cloud/external/api/update?token={value}&V1=23.5"\n', value


def blynk_firmware_define(rng: random.Random, var: str, value: str) -> Place:
    return (
        '#define BLYNK_TEMPLATE_ID "TMPL4' + s(rng, 7) + '"\n#define BLYNK_TEMPLATE_NAME "Pump"\n'
        f'#define BLYNK_AUTH_TOKEN "{value}"\n\n#include <BlynkSimpleEsp8266.h>\n'
    ), value


def mws_java_client_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "MarketplaceWebServiceOrdersConfig config = new MarketplaceWebServiceOrdersConfig();\n"
        'config.setServiceURL("https://mws-eu.amazonservices.com");\n'
        "MarketplaceWebServiceOrdersAsyncClient client = new MarketplaceWebServiceOrdersAsyncClient(\n"
        '        accessKey, secretKey, "acme-sync", "1.0", config, null);\n'
        f'request.setMWSAuthToken("{value}");\n'
    ), value


def amplify_aws_exports_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/aws-exports.js (generated by the Amplify CLI)\nconst awsmobile = {\n"
        '    "aws_project_region": "eu-central-1",\n'
        f'    "aws_appsync_graphqlEndpoint": "https://{s(rng, 26, "abcdefghijklmnopqrstuvwxyz")}.appsync-api.'
        'eu-central-1.amazonaws.com/graphql",\n'
        f'    "aws_appsync_authenticationType": "API_KEY",\n    "aws_appsync_apiKey": "{value}"\n}};\n'
        "export default awsmobile;\n"
    ), value


def amplifyconfiguration_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "api": {
            "plugins": {
                "awsAPIPlugin": {
                    "shop": {
                        "endpointType": "GraphQL",
                        "endpoint": "https://api.acme.dev/graphql",
                        "region": "eu-central-1",
                        "authorizationType": "API_KEY",
                        "apiKey": value,
                    }
                }
            }
        }
    }
    return "// app/src/main/res/raw/amplifyconfiguration.json\n" + json.dumps(doc, indent=4) + "\n", value


SHARED = (
    jetbrains_run_config_xml, vscode_launch_json_env, android_manifest_meta_data, mise_toml_env, justfile_export,
    taskfile_yml_env, tox_ini_setenv, pytest_ini_env, jenkinsfile_withenv, systemd_run_setenv, tmux_setenv,
    runit_env_dir,
)  # fmt: skip
ONE_VENDOR = (
    bedrock_converse_curl, contentful_cda_curl, gemfile_source_block, gemfile_lock_remote, deployctl_token_flag,
    portainer_api_curl, ubidots_arduino_sketch, pubnub_js_init, aiven_credentials_json, lokalise2_cli_flags,
    dtrack_bom_upload_curl, jina_reader_curl, kagi_search_curl, hawkscan_docker_run, teamcity_rest_curl,
    truenas_websocket_login, thingsboard_telemetry_curl, thingsboard_coap_client, particle_api_curl,
    particle_config_json, segment_public_api_curl, uv_publish_token, cc_test_reporter_after_build,
    blynk_https_api_curl, blynk_firmware_define, mws_java_client_config, amplify_aws_exports_js,
    amplifyconfiguration_json,
)  # fmt: skip
