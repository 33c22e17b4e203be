"""Where the twenty-ninth held-out part (twentyninth.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: deployment tools' ways of handing an application a setting (Juju's ``juju
config``, a Piku app's ``ENV`` file, CapRover's ``caprover api`` updating an app's environment, HashiCorp Waypoint's
``waypoint config set``, AWS SAM's ``--parameter-overrides`` and a GNU Guix home's environment variables). Places of
one vendor follow, each named for it: its API called from an editor's notebook, a CI service's pipeline, a legacy
desktop language, a load tester's targets or settings, a REPL's history, an intercepting proxy's capture, a music
notation program's plugin, a microcontroller, a game engine, a desktop automation, a workflow engine's script, a
data pipeline's task or stage, a log collector's filter or a media installation's script, none of them in an earlier
part (an Emacs Org Babel block, Buddy.Works' ``buddy.yml``, PowerBuilder's ``HTTPClient``, a Vegeta targets file, a
Zuul job's variables, Ruby's ``.irb_history``, a SageMath session, a Fiddler capture, a MuseScore plugin in QML,
Siege's ``siege.conf``, CircuitPython's ``adafruit_requests``, Visual FoxPro's ``WinHttpRequest``, Fluentd's
``record_transformer`` filter, AppleScript's ``do shell script``, Solar2D's ``network.request``, a Windmill script,
Luigi's ``luigi.cfg``, a Temporal activity, the Scriptable app, a StreamSets HTTP Client stage, a RapidMiner process,
a macOS Automator workflow and TouchDesigner's Web Client DAT)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, DIGITS, HEX, s


def juju_config_set(rng: random.Random, var: str, value: str) -> Place:
    key = var.lower().replace("_", "-")
    return (
        f"ubuntu@ops01:~$ juju config crm-sync {key}={value} region=eu\n"
        "ubuntu@ops01:~$ juju status crm-sync --format=short\n\n"
        "- crm-sync/0: 10.4.12.31 (agent:idle, workload:active) 8080/tcp\n"
    ), value


def piku_env_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "piku@apps01:~$ cat ~/.piku/envs/crm-sync/ENV\nBIND_ADDRESS=127.0.0.1\nPORT=9130\n"
        "NGINX_SERVER_NAME=crm.acme.example\n"
        f"{var}={value}\n"
        "piku@apps01:~$ piku restart crm-sync\n-----> Restarting app 'crm-sync'\n"
    ), value


def caprover_api_env_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ caprover api --caproverUrl https://captain.apps.acme.example --path /user/apps/appDefinitions/update \\\n"
        '    --method POST --data \'{"appName": "crm-sync", "instanceCount": 1, "envVars": ['
        f'{{"key": "CRM_REGION", "value": "eu"}}, {{"key": "{var}", "value": "{value}"}}]}}\'\n'
        '{"status":100,"description":"Updated App Definition Saved","data":{}}\n'
    ), value


def waypoint_config_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ waypoint config set -app=crm-sync {var}={value}\n"
        "$ waypoint config get -app=crm-sync\n  SCOPE | NAME | VALUE | WORKSPACE | LABELS\n"
        f"  app   | {var} | {value} |           |\n"
    ), value


def sam_deploy_parameter_overrides(rng: random.Random, var: str, value: str) -> Place:
    param = "".join(part.capitalize() for part in var.split("_"))
    return (
        "$ sam deploy --stack-name crm-sync --resolve-s3 --capabilities CAPABILITY_IAM \\\n"
        f"    --parameter-overrides Stage=prod {param}={value}\n\n"
        "\tDeploying with following values\n\t===============================\n"
        "\tStack name                   : crm-sync\n\tRegion                       : eu-west-1\n"
        f'\tParameter overrides          : {{"Stage": "prod", "{param}": "{value}"}}\n'
    ), value


def guix_home_environment_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        ";; ~/src/guix-config/home.scm\n(home-environment\n  (services\n   (list\n"
        "    (simple-service 'crm-sync-env home-environment-variables-service-type\n"
        f'                    \'(("CRM_REGION" . "eu")\n                      ("{var}" . "{value}"))))))\n'
    ), value


SHARED = (
    juju_config_set,
    piku_env_file,
    caprover_api_env_vars,
    waypoint_config_set,
    sam_deploy_parameter_overrides,
    guix_home_environment_variables,
)


# -- places of one vendor: its API called from notebooks, pipelines, histories, proxies, devices and tools ... --


def aletheiaapi_org_babel_block(rng: random.Random, var: str, value: str) -> Place:
    return (
        "* Portfolio check                                                   :finance:\n"
        f'#+begin_src shell :var key="{value}" :results output\n'
        '  curl -s -H "Key: $key" "https://api.aletheiaapi.com/StockData?symbol=msft&summary=true" | jq .Price\n'
        "#+end_src\n\n#+RESULTS:\n: 431.27\n"
    ), value


def appfollow_buddy_yml_variable(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# buddy.yml\n- pipeline: "Release notes to reviews"\n  on: "EVENT"\n  events:\n  - type: "PUSH"\n'
        '    refs:\n    - "refs/tags/v*"\n  variables:\n  - key: "APPFOLLOW_API_TOKEN"\n'
        f'    value: "{value}"\n'
        '  actions:\n  - action: "Fetch reviews"\n    type: "BUILD"\n    docker_image_name: "curlimages/curl"\n'
        '    execute_commands:\n    - curl -s -H "X-AppFollow-API-Token: $APPFOLLOW_API_TOKEN" '
        "https://api.appfollow.io/api/v2/reviews\n"
    ), value


def campayn_powerbuilder_httpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// w_subscribers.cb_sync.clicked (PowerBuilder 2022)\nHttpClient lnv_http\nString ls_body\n"
        "lnv_http = Create HttpClient\n"
        f'lnv_http.SetRequestHeader("Authorization", "TRUEREST apikey={value}")\n'
        'lnv_http.SendRequest("GET", "https://campayn.com/api/v1/lists.json")\n'
        "lnv_http.GetResponseBody(ls_body)\nDestroy lnv_http\n"
    ), value


def commercejs_vegeta_targets(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat targets/catalogue.txt\nGET https://api.chec.io/v1/products?limit=50\n"
        f"X-Authorization: {value}\n\n"
        "GET https://api.chec.io/v1/categories\n"
        f"X-Authorization: {value}\n\n"
        "$ vegeta attack -targets=targets/catalogue.txt -rate=20 -duration=60s | vegeta report\n"
        "Requests      [total, rate, throughput]  1200, 20.02, 19.87\n"
    ), value


def dareboost_zuul_job_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# zuul.d/jobs.yaml\n- job:\n    name: storefront-perf-check\n    parent: base\n"
        "    run: playbooks/dareboost-analysis.yaml\n    vars:\n"
        "      dareboost_url: https://www.acme.example/\n      dareboost_location: Paris\n"
        f"      dareboost_token: {value}\n"
        "    nodeset: ubuntu-jammy\n"
    ), value


def dronahq_irb_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tail -4 ~/.irb_history\nrequire 'rest-client'\n"
        f'tokenkey = "{value}"\n'
        'users = JSON.parse(RestClient.get("https://plugin.api.dronahq.com/users/?tokenkey=#{tokenkey}"))\n'
        "users.map { |u| u['email'] }\n"
    ), value


def easyinsight_sagemath_session(rng: random.Random, var: str, value: str) -> Place:
    ident = s(rng, 20, ALNUM)
    return (
        "sage: import requests\n"
        f"sage: auth = ('{ident}', '{value}')  # Easy Insight API key id and key\n"
        "sage: r = requests.get('https://www.easy-insight.com/app/api/users.json', auth=auth)\n"
        "sage: r.status_code\n200\nsage: matrix(QQ, [[u['id'], u['logins']] for u in r.json()]).rank()\n2\n"
    ), value


def exportsdk_fiddler_raw_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        "POST https://api.exportsdk.com/v1/pdf HTTP/1.1\nHost: api.exportsdk.com\nContent-Type: application/json\n"
        f"X-API-KEY: {value}\n"
        "Content-Length: 62\n\n"
        f'{{"templateId":"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-4{s(rng, 3, HEX)}-8{s(rng, 3, HEX)}-{s(rng, 12, HEX)}"}}\n'
    ), value


def flatio_musescore_plugin_qml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// ~/Documents/MuseScore4/Plugins/flat-sync/flat-sync.qml\nimport QtQuick 2.0\nimport MuseScore 3.0\n\n"
        'MuseScore {\n    title: "Send to Flat"\n    onRun: {\n        var xhr = new XMLHttpRequest()\n'
        '        xhr.open("POST", "https://api.flat.io/v2/scores")\n'
        f'        xhr.setRequestHeader("Authorization", "Bearer {value}")\n'
        '        xhr.setRequestHeader("Content-Type", "application/json")\n'
        '        xhr.send(JSON.stringify({title: curScore.title, privacy: "private"}))\n    }\n}\n'
    ), value


def getgist_siege_conf_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.siege/siege.conf (contacts API soak test)\nverbose = false\nconcurrent = 15\ntime = 5M\n"
        "file = /home/qa/gist-urls.txt\n"
        f"header = Authorization: Bearer {value}\n"
        "protocol = HTTP/1.1\n"
    ), value


def glitterlyapi_circuitpython_code(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# CIRCUITPY/code.py (MagTag lobby sign)\nimport os, ssl, wifi, socketpool, adafruit_requests\n"
        "pool = socketpool.SocketPool(wifi.radio)\n"
        "requests = adafruit_requests.Session(pool, ssl.create_default_context())\n"
        f'resp = requests.post("https://www.glitterlyapi.com/v1/images", headers={{"x-api-key": "{value}"}},\n'
        '                      json={"template": "lobby-welcome", "format": "bmp"})\n'
    ), value


def heatmapapi_foxpro_winhttp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "* heatclicks.prg (Visual FoxPro 9)\nLOCAL loHttp, lcUrl\n"
        f'lcUrl = "http://www.heatmapapi.com/javascript/HeatmapAPI2.aspx?k={value}"\n'
        'loHttp = CREATEOBJECT("WinHttp.WinHttpRequest.5.1")\nloHttp.Open("GET", lcUrl, .F.)\nloHttp.Send()\n'
        "STRTOFILE(loHttp.ResponseText, 'heatmap.js')\n"
    ), value


def metrilo_fluentd_record_transformer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/fluent/conf.d/metrilo.conf (shop events to Metrilo)\n<filter shop.orders>\n  @type record_transformer\n"
        "  <record>\n"
        f"    token {value}\n"
        "    platform custom\n  </record>\n</filter>\n\n<match shop.orders>\n  @type http\n"
        "  endpoint https://trk.mtrl.me/order\n  content_type application/json\n  json_array false\n</match>\n"
    ), value


def noticeable_applescript_shell(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- ~/Library/Scripts/Post changelog.applescript\n"
        'set notes to text returned of (display dialog "Release notes:" default answer "")\n'
        'do shell script "curl -s -X POST https://api.noticeable.io/graphql " & ¬\n'
        "    \"-H 'Content-Type: application/json' \" & ¬\n"
        f"    \"-H 'Authorization: Apikey {value}' \" & ¬\n"
        '    "--data @/tmp/changelog.json"\n'
    ), value


def onwaterio_solar2d_network_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        '-- main.lua (Solar2D, the sailing game\'s spawn check)\nlocal json = require("json")\n\n'
        "local function onWater(lat, lon, done)\n"
        '  local url = string.format("https://api.onwater.io/api/v1/results/%f,%f?access_token=%s",\n'
        f'    lat, lon, "{value}")\n'
        '  network.request(url, "GET", function(e) done(json.decode(e.response).water) end)\nend\n'
    ), value


def overloop_windmill_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// f/sales/push_prospect.ts (a Windmill script, Bun)\n"
        "export async function main(email: string, name: string) {\n"
        '  const res = await fetch("https://api.overloop.com/public/v1/prospects", {\n    method: "POST",\n'
        f'    headers: {{ Authorization: "{value}", "Content-Type": "application/vnd.api+json" }},\n'
        '    body: JSON.stringify({ data: { type: "prospects", attributes: { email, first_name: name } } }),\n'
        "  });\n  return await res.json();\n}\n"
    ), value


def parsehub_luigi_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# pipelines/luigi.cfg\n[core]\nscheduler_host = luigid.internal\n\n[parsehub]\n"
        f"project_token = t{s(rng, 11, ALNUM)}\n"
        f"api_key = {value}\n"
        "\n[retcode]\nfailed = 30\n"
    ), value


def partnerstack_temporal_activity(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// activities/partners.go (a Temporal worker's activity)\nfunc (a *Activities) ListPartnerships("
        "ctx context.Context) ([]byte, error) {\n"
        '\treq, _ := http.NewRequestWithContext(ctx, "GET", "https://api.partnerstack.com/api/v2/partnerships", nil)\n'
        f'\treq.Header.Set("Authorization", "Bearer {value}")\n'
        '\tactivity.GetLogger(ctx).Info("listing partnerships")\n\treturn a.do(req)\n}\n'
    ), value


def postageapp_scriptable_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// Scriptable: Mail quota.js\nlet req = new Request("https://api.postageapp.com/v.1.0/get_account_info.json")\n'
        'req.method = "POST"\nreq.headers = { "Content-Type": "application/json" }\n'
        f'req.body = JSON.stringify({{ api_key: "{value}" }})\n'
        "let info = await req.loadJSON()\nScript.setWidget(makeWidget(info.data.account.transmissions))\n"
    ), value


def signaturit_streamsets_http_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        '{\n  "instanceName": "HTTPClient_01",\n'
        '  "stageName": "com_streamsets_pipeline_stage_origin_http_HttpClientDSource",\n'
        '  "configuration": [\n    {"name": "conf.resourceUrl", "value": "https://api.signaturit.com/v3/signatures.json"},\n'
        '    {"name": "conf.httpMethod", "value": "GET"},\n    {"name": "conf.headers", "value": [\n'
        f'      {{"key": "Authorization", "value": "Bearer {value}"}}\n'
        "    ]}\n  ]\n}\n"
    ), value


def survicate_rapidminer_process(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<operator activated="true" class="web:get_webpage" name="Get Survicate surveys">\n'
        '  <parameter key="url" value="https://data-api.survicate.com/v1/surveys"/>\n'
        '  <parameter key="request_method" value="GET"/>\n  <list key="request_properties">\n'
        f'    <parameter key="Authorization" value="Basic {value}"/>\n'
        "  </list>\n</operator>\n"
    ), value


def typetalk_automator_run_shell_script(rng: random.Random, var: str, value: str) -> Place:
    client = s(rng, 32, ALNUM)
    return (
        "$ plutil -extract actions.0.action.ActionParameters.COMMAND_STRING raw "
        "'Post to Typetalk.workflow/Contents/document.wflow'\n"
        "token=$(curl -s -X POST https://typetalk.com/oauth2/access_token \\\n"
        f"  -d client_id={client} -d client_secret={value} \\\n"
        "  -d grant_type=client_credentials -d scope=topic.post | jq -r .access_token)\n"
        'curl -s -H "Authorization: Bearer $token" -d "message=$1" https://typetalk.com/api/v1/topics/88211\n'
    ), value


def viewneo_touchdesigner_webclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /project1/signage/refresh_playlist (TouchDesigner Text DAT, run from a Timer CHOP)\n"
        "client = op('webclient1')\n"
        f"headers = {{'Accept': 'application/json', 'Authorization': 'Bearer {value}'}}\n"
        "client.request('https://cloud.viewneo.com/api/v1.0/playlist', 'GET', header=headers)\n"
        f"op('status').text = 'requested at frame {s(rng, 4, DIGITS)}'\n"
    ), value


ONE_VENDOR = (
    aletheiaapi_org_babel_block,
    appfollow_buddy_yml_variable,
    campayn_powerbuilder_httpclient,
    commercejs_vegeta_targets,
    dareboost_zuul_job_vars,
    dronahq_irb_history,
    easyinsight_sagemath_session,
    exportsdk_fiddler_raw_request,
    flatio_musescore_plugin_qml,
    getgist_siege_conf_header,
    glitterlyapi_circuitpython_code,
    heatmapapi_foxpro_winhttp,
    metrilo_fluentd_record_transformer,
    noticeable_applescript_shell,
    onwaterio_solar2d_network_request,
    overloop_windmill_script,
    parsehub_luigi_cfg,
    partnerstack_temporal_activity,
    postageapp_scriptable_request,
    signaturit_streamsets_http_client,
    survicate_rapidminer_process,
    typetalk_automator_run_shell_script,
    viewneo_touchdesigner_webclient,
)
