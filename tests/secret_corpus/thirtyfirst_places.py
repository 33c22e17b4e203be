"""Where the thirty-first held-out part (thirtyfirst.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: command-line tools that hand an application or a service a setting or a
secret (Qovery's ``qovery env create``, Akeyless' ``akeyless create-secret``, Phase's ``phase secrets create``,
Northflank's ``northflank create secret``, Encore's ``encore secret set`` and Convex's ``npx convex env set``). Places
of one vendor follow, each named for it: its API called from a web framework's loader, handler, route or endpoint, a
test suite's hook or keywords, a home automation script, a documentation site's configuration, a load test's
listener, a data app, a data science flow, a chat bot's plugin or action, a static site's theme, a background job, a
model server, a monitoring plugin, a JVM service's configuration, a build file or a spreadsheet formula, none of them
in an earlier part (a Remix loader, a Cucumber hook, a Domoticz dzVents script, ``docusaurus.config.js``, a Locust
listener, an R Shiny app, a Robot Framework suite, Behave's ``environment.py``, a Metaflow flow, an Axum handler, a
maubot plugin's ``base-config.yaml``, a Rasa custom action, Vapor's ``configure.swift``, a Hexo theme's
``_config.yml``, a Trigger.dev task, an Inngest function, a Qwik City endpoint, a Ray Serve deployment, a Munin
plugin, Micronaut's ``application.yml``, a Buildout ``buildout.cfg``, a Grist formula and a VitePress data
loader)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, DIGITS, HEX, LOWER, s

LOWER_NUM = LOWER + DIGITS


def qovery_env_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ qovery env create --organization acme --project billing --environment production --application api "
        f"--key {var} --value {value}\n"
        f"Environment variable {var} has been created\n"
        "$ qovery application redeploy --application api --watch\nDeployment queued... RUNNING... DEPLOYED\n"
    ), value


def akeyless_create_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ akeyless create-secret --name /billing/prod/{var.lower()} --value {value} --tags team:billing\n"
        f"A new secret named /billing/prod/{var.lower()} was successfully created\n"
        f"$ akeyless list-items --path /billing/prod | jq -r '.items[].item_name'\n/billing/prod/{var.lower()}\n"
    ), value


def phase_secrets_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ echo '{value}' | phase secrets create {var} --app billing-api --env production\n"
        "✅ Successfully created secret\n"
        "$ phase secrets list --app billing-api --env production --show | grep -c .\n14\n"
    ), value


def northflank_create_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ northflank create secret --projectId billing --input '{\n"
        '    "name": "api-vendors", "secretType": "environment-arguments", "priority": 10,\n'
        f'    "secrets": {{ "variables": {{ "{var}": "{value}" }} }}\n'
        "  }'\n✔ Secret group api-vendors created in project billing\n"
    ), value


def encore_secret_set(rng: random.Random, var: str, value: str) -> Place:
    name = "".join(part.capitalize() for part in var.lower().split("_"))
    return (
        f"$ printf %s '{value}' | encore secret set --type prod {name}\n"
        f"Successfully created secret value for {name}.\n"
        f"$ encore secret list | grep {name}\n{name:<28} ✓ production   ✗ development   ✗ preview\n"
    ), value


def convex_env_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ npx convex env set {var} {value} --prod\n✔ Successfully set {var} (on prod deployment)\n"
        "$ npx convex env list --prod | cut -d= -f1\nSITE_URL\n"
        f"{var}\n"
    ), value


SHARED = (
    qovery_env_create,
    akeyless_create_secret,
    phase_secrets_create,
    northflank_create_secret,
    encore_secret_set,
    convex_env_set,
)


# -- places of one vendor: its API called from loaders, hooks, scripts, flows, bots, jobs, checks and builds ... --


def avaza_remix_loader(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// app/routes/timesheets.tsx (Remix)\nimport { json } from '@remix-run/node';\n\n"
        f"const AVAZA_TOKEN = '{value}';\n\n"
        "export async function loader() {\n"
        "  const r = await fetch('https://api.avaza.com/api/Timesheet?pageSize=50', {\n"
        "    headers: { Authorization: `Bearer ${AVAZA_TOKEN}` },\n  });\n"
        "  return json((await r.json()).Timesheets);\n}\n"
    ), value


def bugherd_cucumber_after_hook(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# features/support/bugherd.rb\nrequire 'net/http'\n\n"
        f"BUGHERD_KEY = '{value}'\n\n"
        "After do |scenario|\n  next unless scenario.failed?\n"
        f"  uri = URI('https://www.bugherd.com/api_v2/projects/{rng.randint(10000, 99999)}/tasks.json')\n"
        "  req = Net::HTTP::Post.new(uri, 'Content-Type' => 'application/json')\n"
        "  req.basic_auth(BUGHERD_KEY, 'x')\n"
        '  req.body = { task: { description: "Failed: #{scenario.name}" } }.to_json\n'
        "  Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }\nend\n"
    ), value


def bulksms_domoticz_dzvents_script(rng: random.Random, var: str, value: str) -> Place:
    token_id = "-".join(s(rng, n, "ABCDEF" + DIGITS) for n in (8, 4, 4, 4, 13))
    return (
        "-- domoticz/scripts/dzVents/scripts/freezer_alarm.lua\nreturn {\n"
        "  on = { devices = { 'Freezer temperature' } },\n  execute = function(domoticz, device)\n"
        "    if device.temperature < -12 then return end\n    domoticz.openURL({\n"
        "      url = 'https://api.bulksms.com/v1/messages', method = 'POST',\n"
        f"      headers = {{ ['Authorization'] = 'Basic ' .. domoticz.utils.toBase64('{token_id}:{value}') }},\n"
        "      postData = { to = '+447700900321', body = 'Freezer above -12C' },\n    })\n  end\n}\n"
    ), value


def clickhelp_docusaurus_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// docusaurus.config.js (excerpt)\nmodule.exports = {\n  title: 'Acme Docs',\n  plugins: [\n"
        "    ['./plugins/clickhelp-import', {\n      portal: 'acme-docs.clickhelp.co',\n"
        "      user: 'docs-bot@acme.example',\n"
        f"      apiKey: '{value}',\n"
        "      project: 'user-guide',\n    }],\n  ],\n};\n"
    ), value


def databox_locustfile_listener(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# locustfile.py\nimport requests\nfrom locust import HttpUser, events, task\n\n"
        f"DATABOX_TOKEN = '{value}'\n\n\n"
        "@events.test_stop.add_listener\ndef push_to_databox(environment, **_kw):\n"
        "    stats = environment.stats.total\n"
        "    requests.post('https://push.databox.com', auth=(DATABOX_TOKEN, ''),\n"
        "                  headers={'Accept': 'application/vnd.databox.v2+json'},\n"
        "                  json={'data': [{'$p95_ms': stats.get_response_time_percentile(0.95)}]})\n\n\n"
        "class Shopper(HttpUser):\n    @task\n    def browse(self):\n        self.client.get('/catalog')\n"
    ), value


def formsite_shiny_app(rng: random.Random, var: str, value: str) -> Place:
    server, user = f"fs{rng.randint(1, 30)}", s(rng, 6, ALNUM)
    return (
        "# app.R (Shiny)\nlibrary(shiny)\nlibrary(httr2)\n\n"
        f'formsite_token <- "{value}"\n\n'
        "results <- function() {\n"
        f'  request("https://{server}.formsite.com/api/v2/{user}/forms/volunteer/results") |>\n'
        "    req_auth_bearer_token(formsite_token) |> req_perform() |> resp_body_json()\n}\n\n"
        'ui <- fluidPage(tableOutput("signups"))\nserver <- function(input, output) {\n'
        "  output$signups <- renderTable(do.call(rbind, lapply(results()$results, as.data.frame)))\n}\n"
        "shinyApp(ui, server)\n"
    ), value


def klipfolio_robot_framework_suite(rng: random.Random, var: str, value: str) -> Place:
    return (
        "*** Settings ***\nLibrary    RequestsLibrary\n\n*** Variables ***\n"
        "${KLIPFOLIO_URL}    https://app.klipfolio.com/api/1.0\n"
        f"${{KLIPFOLIO_KEY}}    {value}\n\n"
        "*** Test Cases ***\nDashboards Are Shared\n"
        "    ${headers}=    Create Dictionary    kf-api-key=${KLIPFOLIO_KEY}\n"
        "    ${resp}=    GET    ${KLIPFOLIO_URL}/tabs    headers=${headers}    expected_status=200\n"
        "    Should Not Be Empty    ${resp.json()}[data][tabs]\n"
    ), value


def loadmill_behave_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# features/environment.py (behave)\nimport requests\n\n"
        f"LOADMILL_TOKEN = '{value}'\n\n\n"
        "def before_all(context):\n"
        "    r = requests.post('https://app.loadmill.com/api/test-suites/checkout-smoke/run',\n"
        "                      headers={'Authorization': f'Bearer {LOADMILL_TOKEN}'})\n"
        "    context.loadmill_run = r.json()['testSuiteRunId']\n"
    ), value


def mixpanel_metaflow_flow(rng: random.Random, var: str, value: str) -> Place:
    user = f"metaflow-export.{s(rng, 6, LOWER_NUM)}.mp-service-account"
    return (
        "# flows/mixpanel_export.py\nfrom metaflow import FlowSpec, schedule, step\nimport requests\n\n"
        f"MIXPANEL_USER = '{user}'\n"
        f"MIXPANEL_SECRET = '{value}'\n\n\n"
        "@schedule(daily=True)\nclass MixpanelExport(FlowSpec):\n    @step\n    def start(self):\n"
        "        r = requests.get('https://data.mixpanel.com/api/2.0/export',\n"
        "                         params={'project_id': 2231877, 'from_date': '2026-11-28', 'to_date': '2026-11-28'},\n"
        "                         auth=(MIXPANEL_USER, MIXPANEL_SECRET))\n"
        "        self.lines = r.text.splitlines()\n        self.next(self.end)\n\n"
        "    @step\n    def end(self):\n        print(len(self.lines), 'events')\n"
    ), value


def proxycrawl_axum_handler(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/preview.rs (axum)\nuse axum::{extract::Query, Json};\n\n"
        f'const PROXYCRAWL_TOKEN: &str = "{value}";\n\n'
        "pub async fn preview(Query(q): Query<Target>) -> Json<serde_json::Value> {\n"
        "    let target = urlencoding::encode(&q.url);\n"
        '    let url = format!("https://api.proxycrawl.com/?token={}&url={}", PROXYCRAWL_TOKEN, target);\n'
        "    Json(reqwest::get(url).await.unwrap().json().await.unwrap())\n}\n"
    ), value


def reachmail_maubot_base_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# plugins/newsletter/base-config.yaml (maubot)\ncommand_prefix: newsletter\n"
        "allowed_rooms:\n  - '!marketing:matrix.acme.example'\nreachmail:\n"
        f"  account_id: {s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}\n"
        f"  token: {value}\n"
        "  list: weekly-digest\n"
    ), value


def replyio_rasa_custom_action(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# actions/actions.py (Rasa)\nimport requests\nfrom rasa_sdk import Action\n\n"
        f'REPLYIO_KEY = "{value}"\n\n\n'
        "class ActionAddLead(Action):\n    def name(self):\n        return 'action_add_lead'\n\n"
        "    def run(self, dispatcher, tracker, domain):\n"
        "        requests.post('https://api.reply.io/v1/people', headers={'X-Api-Key': REPLYIO_KEY},\n"
        "                      json={'email': tracker.get_slot('email'), 'firstName': tracker.get_slot('name')})\n"
        "        dispatcher.utter_message(response='utter_lead_added')\n        return []\n"
    ), value


def ringcentral_vapor_configure(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Sources/App/configure.swift (Vapor)\nimport Vapor\n\n"
        "public func configure(_ app: Application) async throws {\n"
        "    app.ringcentral = .init(\n"
        f'        clientID: "{s(rng, 22, ALNUM)}",\n'
        f'        clientSecret: "{value}",\n'
        '        redirectURI: "https://www.acme-voice.com/oauth/ringcentral",\n'
        '        server: "https://platform.ringcentral.com")\n    try routes(app)\n}\n'
    ), value


def satismeter_hexo_theme_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# themes/acme/_config.yml (Hexo)\nmenu:\n  Home: /\n  Archives: /archives\n"
        "satismeter:\n  enable: true\n"
        f"  write_key: {value}\n"
        "  traits_from: author\nfavicon: /favicon.svg\n"
    ), value


def stitchdata_trigger_dev_task(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/trigger/push-orders.ts (Trigger.dev)\nimport { schedules } from '@trigger.dev/sdk/v3';\n\n"
        f"const STITCH_TOKEN = '{value}';\n\n"
        "export const pushOrders = schedules.task({\n  id: 'push-orders', cron: '*/15 * * * *',\n"
        "  run: async () => {\n"
        "    await fetch('https://api.stitchdata.com/v2/import/batch', { method: 'POST',\n"
        "      headers: { Authorization: `Bearer ${STITCH_TOKEN}`, 'Content-Type': 'application/json' },\n"
        "      body: JSON.stringify({ table_name: 'orders', schema: {}, messages: [] }) });\n  },\n});\n"
    ), value


def surveybot_inngest_function(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/inngest/nps.ts\nimport { inngest } from './client';\n\n"
        f'const SURVEYBOT_KEY = "{value}";\n\n'
        "export const sendNps = inngest.createFunction({ id: 'send-nps' }, { event: 'order/delivered' },\n"
        "  async ({ event, step }) => step.run('surveybot', () =>\n"
        "    fetch('https://app.surveybot.io/api/v1/surveys/nps-q4/send', {\n"
        "      method: 'POST', headers: { 'X-Api-Key': SURVEYBOT_KEY },\n"
        "      body: JSON.stringify({ respondent: event.data.customerId }) })));\n"
    ), value


def swell_qwik_city_endpoint(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/routes/api/stock/index.ts (Qwik City)\nimport type { RequestHandler } from '@builder.io/qwik-city';\n\n"
        "const SWELL_STORE = 'acme-outdoor';\n"
        f"const SWELL_SECRET = '{value}';\n\n"
        "export const onGet: RequestHandler = async ({ json }) => {\n"
        "  const r = await fetch('https://api.swell.store/products?limit=100&fields=stock_level', {\n"
        "    headers: { Authorization: 'Basic ' + btoa(`${SWELL_STORE}:${SWELL_SECRET}`) } });\n"
        "  json(200, await r.json());\n};\n"
    ), value


def voicegain_ray_serve_deployment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# serve_transcribe.py (Ray Serve)\nimport requests\nfrom ray import serve\n\n"
        f'VOICEGAIN_JWT = "{value}"\n\n\n'
        "@serve.deployment(num_replicas=2)\nclass Transcriber:\n    async def __call__(self, request):\n"
        "        body = await request.json()\n"
        "        r = requests.post('https://api.voicegain.ai/v1/asr/transcribe/async',\n"
        "                          headers={'Authorization': f'Bearer {VOICEGAIN_JWT}'},\n"
        "                          json={'audio': {'source': {'fromUrl': {'url': body['url']}}}})\n"
        "        return r.json()\n\n\napp = Transcriber.bind()\n"
    ), value


def websitepulse_munin_plugin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /etc/munin/plugins/websitepulse_down\n"
        "WP_USER=acmeops\n"
        f"WP_KEY={value}\n"
        'if [ "$1" = config ]; then echo "graph_title WebsitePulse targets down"; echo "down.label down"; exit 0; fi\n'
        'n=$(curl -s "https://api.websitepulse.com/textserver.php?method=GetStatus&username=$WP_USER&key=$WP_KEY'
        '&format=json" | jq \'[.[] | select(.status != "OK")] | length\')\n'
        'echo "down.value $n"\n'
    ), value


def wepay_micronaut_application_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# src/main/resources/application-prod.yml (Micronaut)\nmicronaut:\n  application:\n"
        "    name: donations\n  http:\n    services:\n      wepay:\n        url: https://api.wepay.com\n"
        "wepay:\n"
        f"  app-id: '{rng.randint(100000, 999999)}'\n"
        f"  app-token: {value}\n"
        "  api-version: '3.0'\n"
    ), value


def versioneye_buildout_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# buildout.cfg\n[buildout]\nparts = app versioneye\nextends = versions.cfg\n\n"
        "[versioneye]\nrecipe = collective.recipe.template\noutput = ${buildout:directory}/bin/versioneye-update\n"
        "input = inline:\n    #!/bin/sh\n"
        f"    curl -s -F project_file=@requirements.txt 'https://www.versioneye.com/api/v2/projects?api_key={value}'\n"
        "mode = 755\n"
    ), value


def fxmarket_grist_formula(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Grist: Invoices.EUR_rate (formula column, Python)\nimport requests\n"
        f'FXMARKET_KEY = "{value}"\n'
        "r = requests.get('https://fxmarketapi.com/apilive',\n"
        "                 params={'api_key': FXMARKET_KEY, 'currency': 'EUR' + $Currency})\n"
        "return r.json()['price']['EUR' + $Currency]\n"
    ), value


def graphcms_vitepress_data_loader(rng: random.Random, var: str, value: str) -> Place:
    project = s(rng, 25, LOWER_NUM)
    return (
        "// docs/changelog.data.ts (VitePress)\nimport { defineLoader } from 'vitepress'\n\n"
        f"const GRAPHCMS_ENDPOINT = 'https://api-eu-central-1.graphcms.com/v2/{project}/master'\n"
        f"const GRAPHCMS_TOKEN = '{value}'\n\n"
        "export default defineLoader({\n  async load() {\n    const r = await fetch(GRAPHCMS_ENDPOINT, {\n"
        "      method: 'POST', headers: { Authorization: `Bearer ${GRAPHCMS_TOKEN}`,\n"
        "        'Content-Type': 'application/json' },\n"
        "      body: JSON.stringify({ query: '{ releases(orderBy: date_DESC) { version notes } }' }) })\n"
        "    return (await r.json()).data.releases\n  },\n})\n"
    ), value


ONE_VENDOR = (
    avaza_remix_loader,
    bugherd_cucumber_after_hook,
    bulksms_domoticz_dzvents_script,
    clickhelp_docusaurus_config,
    databox_locustfile_listener,
    formsite_shiny_app,
    klipfolio_robot_framework_suite,
    loadmill_behave_environment,
    mixpanel_metaflow_flow,
    proxycrawl_axum_handler,
    reachmail_maubot_base_config,
    replyio_rasa_custom_action,
    ringcentral_vapor_configure,
    satismeter_hexo_theme_config,
    stitchdata_trigger_dev_task,
    surveybot_inngest_function,
    swell_qwik_city_endpoint,
    voicegain_ray_serve_deployment,
    websitepulse_munin_plugin,
    wepay_micronaut_application_yml,
    versioneye_buildout_cfg,
    fxmarket_grist_formula,
    graphcms_vitepress_data_loader,
)
