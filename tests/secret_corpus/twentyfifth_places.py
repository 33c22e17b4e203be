"""Where the twenty-fifth held-out part (twentyfifth.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: workflow runners' ways of handing a run a parameter (Snakemake's ``--config``,
dbt's ``--vars``, Kedro's ``--params``, a Hydra override, Tekton's ``tkn pipeline start -p``, Prefect's ``deployment
run --param``). Places of one vendor follow, each named for it: its API called, as its documentation shows, from a
data pipeline, a monitor, a gateway or an automation tool no other part has (Home Assistant's ClickSend notifier, a
Kestra flow, Telegraf's HTTP input, Grafana's Infinity data source, Logstash's ``http_poller``, an Azure Logic App, an
n8n workflow, a Huginn agent, Kong's declarative configuration, Prometheus's json_exporter, Varnish's VCL, an Apache
Camel route, APISIX's admin API, KrakenD, Redpanda Connect, the blackbox exporter, Gatus, Tyk, OpenResty, GraphQL
Mesh, a Google Sheets formula, a Tines story and an Airbyte low-code manifest)."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, UPPER, s


def snakemake_config_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(snakemake) analyst@hpc-login2:~/pipelines/geo$ snakemake --cores 16 --use-conda "
        f"--config {var}={value} region=emea\n"
        "Building DAG of jobs...\nUsing shell: /usr/bin/bash\nProvided cores: 16\nRules claiming more threads "
        "will be scaled down.\n"
    ), value


def dbt_run_vars_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ dbt run --select marts.logistics "
        f'--vars \'{{"{var}": "{value}", "run_date": "2026-11-27"}}\'\n'
        "21:04:11  Running with dbt=1.8.7\n21:04:12  Registered adapter: snowflake=1.8.4\n"
        "21:04:13  Found 84 models, 212 data tests, 9 sources, 611 macros\n"
    ), value


def kedro_run_params_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ kedro run --pipeline=enrich --params="{var}={value},batch_size=500"\n'
        "[11/27/26 09:12:44] INFO     Kedro project enrichment                        session.py:324\n"
        "                    INFO     Loading data from companies (CSVDataset)...   data_catalog.py:539\n"
    ), value


def hydra_override_cli(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(train) ml@gpu-04:~/forecast$ python train.py trainer.max_epochs=40 "
        f"+{var}={value} dataset=shipments_v3\n"
        "[2026-11-27 10:01:17,412][__main__][INFO] - Run dir: outputs/2026-11-27/10-01-17\n"
        "[2026-11-27 10:01:19,086][lightning][INFO] - GPU available: True (cuda), used: True\n"
    ), value


def tkn_pipeline_start_param(rng: random.Random, var: str, value: str) -> Place:
    run = s(rng, 5, LOWER + DIGITS)
    return (
        "$ tkn pipeline start nightly-sync -n data-jobs "
        f"-p {var}={value} -p target=prod -w name=shared,claimName=sync-pvc --showlog\n"
        f"PipelineRun started: nightly-sync-run-{run}\nWaiting for logs to be available...\n"
    ), value


def prefect_deployment_run_param(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ prefect deployment run 'sync-orders/nightly' "
        f"--param {var}={value} --param days=2\n"
        "Creating flow run for deployment 'sync-orders/nightly'...\nCreated flow run 'vivacious-heron'.\n"
        "└── UUID: 5b0c3a8e-1f2d-4c7a-9e61-2b8f0d4c6a13\n"
    ), value


SHARED = (
    snakemake_config_flag,
    dbt_run_vars_flag,
    kedro_run_params_flag,
    hydra_override_cli,
    tkn_pipeline_start_param,
    prefect_deployment_run_param,
)


# -- places of one vendor: its API called from a pipeline, a monitor, a gateway or an automation tool -------------


def clicksend_home_assistant_notify(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /config/configuration.yaml (Home Assistant)\nnotify:\n  - platform: clicksend\n    name: oncall_sms\n"
        "    username: facilities@corp.example\n"
        f"    api_key: {value}\n"
        '    recipient:\n      - "+447700900123"\n'
    ), value


def currencycloud_kestra_flow_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        "id: fx-settlement-auth\nnamespace: finance.treasury\n\ntasks:\n  - id: login\n"
        "    type: io.kestra.plugin.core.http.Request\n"
        "    uri: https://api.currencycloud.com/v2/authenticate/api\n    method: POST\n"
        "    contentType: application/json\n    body: |\n"
        f'      {{"login_id": "treasury@corp.example", "api_key": "{value}"}}\n'
        "  - id: rates\n    type: io.kestra.plugin.core.http.Request\n"
    ), value


def zipcodebase_telegraf_inputs_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/telegraf/telegraf.d/zipcodebase.conf\n[[inputs.http]]\n"
        '  urls = ["https://app.zipcodebase.com/api/v1/status"]\n  method = "GET"\n  data_format = "json"\n'
        '  name_override = "zipcodebase_quota"\n  interval = "10m"\n\n  [inputs.http.headers]\n'
        f'    apikey = "{value}"\n'
    ), value


def tmetric_grafana_infinity_datasource(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# provisioning/datasources/tmetric.yaml\napiVersion: 1\ndatasources:\n  - name: TMetric\n"
        "    type: yesoreyeram-infinity-datasource\n    jsonData:\n      auth_method: bearerToken\n"
        "      allowedHosts:\n        - https://app.tmetric.com\n    secureJsonData:\n"
        f"      bearerToken: {value}\n"
    ), value


def surveysparrow_logstash_http_poller(rng: random.Random, var: str, value: str) -> Place:
    survey = s(rng, 5, DIGITS)
    return (
        "# /etc/logstash/conf.d/surveysparrow.conf\ninput {\n  http_poller {\n    urls => {\n"
        "      responses => {\n        method => get\n"
        f'        url => "https://api.surveysparrow.com/v3/responses?survey_id={survey}"\n'
        f'        headers => {{ Authorization => "Bearer {value}" }}\n'
        '      }\n    }\n    schedule => { every => "15m" }\n    codec => "json"\n  }\n}\n'
    ), value


def onfleet_logic_app_http_basic(rng: random.Random, var: str, value: str) -> Place:
    workflow = {
        "definition": {
            "$schema": "https://schema.management.azure.com/providers/Microsoft.Logic/schemas/2016-06-01/"
            "workflowdefinition.json#",
            "actions": {
                "Get_completed_tasks": {
                    "type": "Http",
                    "inputs": {
                        "method": "GET",
                        "uri": "https://onfleet.com/api/v2/tasks/all?state=3",
                        "authentication": {"type": "Basic", "username": value, "password": ""},
                    },
                    "runAfter": {},
                }
            },
            "triggers": {"Recurrence": {"type": "Recurrence", "recurrence": {"frequency": "Hour", "interval": 1}}},
        },
        "kind": "Stateful",
    }
    return "// wf-delivery-sync/workflow.json\n" + json.dumps(workflow, indent=2) + "\n", value


def dynalist_n8n_http_request_node_body(rng: random.Random, var: str, value: str) -> Place:
    doc = s(rng, 24, LOWER + UPPER + DIGITS)
    workflow = {
        "name": "Dynalist inbox to tickets",
        "nodes": [
            {
                "parameters": {
                    "method": "POST",
                    "url": "https://dynalist.io/api/v1/doc/read",
                    "sendBody": True,
                    "specifyBody": "json",
                    "jsonBody": f'{{"token": "{value}", "file_id": "{doc}"}}',
                },
                "name": "Read inbox",
                "type": "n8n-nodes-base.httpRequest",
                "typeVersion": 4.2,
                "position": [460, 300],
            }
        ],
        "connections": {},
    }
    return "$ n8n export:workflow --id=17 --pretty\n" + json.dumps(workflow, indent=2) + "\n", value


def fetchrss_huginn_website_agent(rng: random.Random, var: str, value: str) -> Place:
    agent = {
        "type": "Agents::WebsiteAgent",
        "name": "Supplier news feeds",
        "schedule": "every_1h",
        "options": {
            "url": f"https://fetchrss.com/api/v1/feed/list?auth={value}",
            "type": "json",
            "mode": "on_change",
            "extract": {"title": {"path": "feeds[*].title"}, "link": {"path": "feeds[*].rss_url"}},
        },
    }
    return "# huginn scenario export, agent 3 of 5\n" + json.dumps(agent, indent=2) + "\n", value


def lexigram_kong_deck_request_transformer(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# kong.yaml (deck gateway sync)\n_format_version: "3.0"\nservices:\n  - name: lexigram\n'
        "    url: https://api.lexigram.io/v1\n    routes:\n      - name: lexigram-route\n"
        "        paths:\n          - /clinical/lexigram\n    plugins:\n      - name: request-transformer\n"
        "        config:\n          add:\n            headers:\n"
        f'              - "Authorization:Bearer {value}"\n'
    ), value


def madkudu_json_exporter_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/json_exporter/config.yml (scraped as /probe?module=madkudu&target=https://api.madkudu.com/v1/ping)\n"
        "modules:\n  madkudu:\n    metrics:\n      - name: madkudu_ping_ok\n        path: '{.ok}'\n"
        "        type: value\n    http_client_config:\n      basic_auth:\n"
        f"        username: {value}\n"
        '        password: ""\n'
    ), value


def cloudimage_varnish_vcl_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/varnish/default.vcl: PURGE requests forwarded to Cloudimage's invalidation API\nvcl 4.1;\n\n"
        'backend cloudimage_api {\n    .host = "127.0.0.1";\n'
        '    .port = "8443";  # stunnel to api.cloudimage.com\n}\n\n'
        'sub vcl_recv {\n    if (req.method == "PURGE") {\n        set req.backend_hint = cloudimage_api;\n'
        f'        set req.http.X-Client-Key = "{value}";\n'
        '        set req.url = "/invalidate";\n        return (pass);\n    }\n}\n'
    ), value


def codequiry_camel_route_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# routes/plagiarism-checks.camel.yaml\n- route:\n    id: codequiry-checks\n    from:\n"
        "      uri: timer:poll\n      parameters:\n        period: 600000\n      steps:\n"
        "        - setHeader:\n            name: apikey\n"
        f"            constant: {value}\n"
        "        - to: https://codequiry.com/api/v1/checks\n        - log: '${body}'\n"
    ), value


def conversiontools_apisix_proxy_rewrite(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s http://127.0.0.1:9180/apisix/admin/routes/conversions \\\n"
        '    -H "X-API-KEY: $APISIX_ADMIN_KEY" -X PUT -d \'\n{\n'
        '  "uri": "/convert/*",\n  "plugins": {\n    "proxy-rewrite": {\n'
        '      "regex_uri": ["^/convert/(.*)", "/v1/$1"],\n'
        f'      "headers": {{"set": {{"Authorization": "Bearer {value}"}}}}\n'
        '    }\n  },\n  "upstream": {"type": "roundrobin", "scheme": "https", '
        '"nodes": {"api.conversiontools.io:443": 1}}\n}\'\n'
    ), value


def rentman_krakend_martian_header(rng: random.Random, var: str, value: str) -> Place:
    config = {
        "version": 3,
        "endpoints": [
            {
                "endpoint": "/crew/projects",
                "backend": [
                    {
                        "host": ["https://api.rentman.net"],
                        "url_pattern": "/projects",
                        "extra_config": {
                            "modifier/martian": {
                                "header.Modifier": {"scope": ["request"], "name": "Authorization",
                                                    "value": f"Bearer {value}"}
                            }
                        },
                    }
                ],
            }
        ],
    }  # fmt: skip
    return "$ cat krakend.json\n" + json.dumps(config, indent=2) + "\n", value


def hybiscus_redpanda_connect_http_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# pipelines/reports.yaml (Redpanda Connect)\ninput:\n  kafka_franz:\n    seed_brokers: [ redpanda-0:9092 ]\n"
        "    topics: [ report-requests ]\n    consumer_group: pdf-reports\n\npipeline:\n  processors:\n"
        "    - http:\n        url: https://api.hybiscus.dev/api/v1/build-report\n        verb: POST\n"
        "        headers:\n"
        f"          X-API-KEY: {value}\n"
        "          Content-Type: application/json\n"
    ), value


def pollsapi_blackbox_exporter_module(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/prometheus/blackbox.yml\nmodules:\n  pollsapi_up:\n    prober: http\n    timeout: 10s\n"
        "    http:\n      method: GET\n      headers:\n"
        f"        api-key: {value}\n"
        "      valid_status_codes: [200]\n      preferred_ip_protocol: ip4\n"
    ), value


def nozbe_gatus_endpoint_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# gatus/config.yaml\nendpoints:\n  - name: nozbe-api\n    group: saas\n"
        '    url: "https://api4.nozbe.com/v1/api/users"\n    interval: 5m\n    headers:\n'
        f"      Authorization: {value}\n"
        '    conditions:\n      - "[STATUS] == 200"\n'
    ), value


def storecove_tyk_api_definition(rng: random.Random, var: str, value: str) -> Place:
    api = {
        "name": "storecove-einvoicing",
        "api_id": s(rng, 32, HEX),
        "use_keyless": False,
        "proxy": {"listen_path": "/einvoice/", "target_url": "https://api.storecove.com/api/v2/",
                  "strip_listen_path": True},
        "version_data": {
            "not_versioned": True,
            "versions": {"Default": {"name": "Default", "global_headers": {"Authorization": f"Bearer {value}"}}},
        },
    }  # fmt: skip
    return "# tyk/apps/storecove.json\n" + json.dumps(api, indent=2) + "\n", value


def sigopt_openresty_access_lua(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/openresty/conf.d/sigopt.conf: the tuning jobs reach SigOpt through the proxy\n"
        "location /sigopt/ {\n    access_by_lua_block {\n"
        f'        ngx.req.set_header("Authorization", "Basic " .. ngx.encode_base64("{value}" .. ":"))\n'
        "    }\n    proxy_pass https://api.sigopt.com/v1/;\n}\n"
    ), value


def tallyfy_graphql_mesh_operation_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .meshrc.yaml\nsources:\n  - name: Tallyfy\n    handler:\n      openapi:\n"
        "        source: ./specs/tallyfy.json\n        endpoint: https://api.tallyfy.com\n"
        "        operationHeaders:\n"
        f"          Authorization: Bearer {value}\n"
        "serve:\n  port: 4000\n"
    ), value


def verimail_sheets_api_formula_values(rng: random.Random, var: str, value: str) -> Place:
    sheet = s(rng, 44, LOWER + UPPER + DIGITS)
    values = {
        "range": "Leads!E2:E3",
        "majorDimension": "ROWS",
        "values": [
            [f'=IMPORTDATA("https://api.verimail.io/v3/verify?email="&B2&"&key={value}")'],
            [f'=IMPORTDATA("https://api.verimail.io/v3/verify?email="&B3&"&key={value}")'],
        ],
    }
    return (
        '$ curl -s -H "Authorization: Bearer $(gcloud auth print-access-token)" \\\n'
        f'    "https://sheets.googleapis.com/v4/spreadsheets/{sheet}/values/Leads!E2:E3?valueRenderOption=FORMULA"\n'
        + json.dumps(values, indent=2)
        + "\n"
    ), value


def zonka_tines_story_http_action(rng: random.Random, var: str, value: str) -> Place:
    story = {
        "schema_version": 18,
        "name": "NPS detractor follow-up",
        "agents": [
            {
                "type": "Agents::HTTPRequestAgent",
                "name": "Fetch Zonka responses",
                "options": {
                    "url": "https://us1.apis.zonkafeedback.com/responses",
                    "method": "get",
                    "headers": {"Z-API-TOKEN": value},
                    "payload": {"limit": 50, "sort": "desc"},
                },
            }
        ],
    }
    return "nps-detractor-follow-up.json (Tines story export)\n" + json.dumps(story, indent=2) + "\n", value


def vbout_airbyte_manifest_request_parameters(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# source-vbout/manifest.yaml (Airbyte low-code connector)\nversion: 5.12.0\ntype: DeclarativeSource\n"
        "definitions:\n  requester:\n    type: HttpRequester\n    url_base: https://api.vbout.com/1\n"
        "    http_method: GET\n    request_parameters:\n"
        f'      key: "{value}"\n'
        "  lists_stream:\n    type: DeclarativeStream\n    name: lists\n"
    ), value


ONE_VENDOR = (
    clicksend_home_assistant_notify,
    currencycloud_kestra_flow_request,
    zipcodebase_telegraf_inputs_http,
    tmetric_grafana_infinity_datasource,
    surveysparrow_logstash_http_poller,
    onfleet_logic_app_http_basic,
    dynalist_n8n_http_request_node_body,
    fetchrss_huginn_website_agent,
    lexigram_kong_deck_request_transformer,
    madkudu_json_exporter_basic_auth,
    cloudimage_varnish_vcl_header,
    codequiry_camel_route_yaml,
    conversiontools_apisix_proxy_rewrite,
    rentman_krakend_martian_header,
    hybiscus_redpanda_connect_http_client,
    pollsapi_blackbox_exporter_module,
    nozbe_gatus_endpoint_headers,
    storecove_tyk_api_definition,
    sigopt_openresty_access_lua,
    tallyfy_graphql_mesh_operation_headers,
    verimail_sheets_api_formula_values,
    zonka_tines_story_http_action,
    vbout_airbyte_manifest_request_parameters,
)
