"""Where the thirty-second held-out part (thirtysecond.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: command-line tools that keep a secret for an application or hand it one
(Cloud Foundry's ``cf set-env``, ``gopass insert``, Berglas' ``berglas create``, ``envchain --set``, libsecret's
``secret-tool store`` and ``podman secret create``). Places of one vendor follow, each named for it: its API called
from a web framework's route, app, action or handler, a monitoring check, a data app, a configuration language, a test
suite, a static site's settings, a task queue's actor, a stream processor's agent, a workflow, a documentation build or
a command-line tool, none of them in an earlier part (a Hono route, a Sinatra app, a Mojolicious::Lite app, Dancer2's
``config.yml``, a Sensu check definition, an Elysia handler, a Fastify plugin, a Reflex state, a Dhall configuration,
a NiceGUI app, Sails' ``config/custom.js``, a Bats test, Pelican's ``pelicanconf.py``, a Dramatiq actor, Zola's
``config.toml``, a Faust agent, a Hatchet workflow, Feathers' ``config/production.json``, a Pester test, AdonisJS'
``config/services.ts``, Hanami's ``settings.rb``, a Typer command line and Sphinx's ``conf.py``)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def cf_set_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cf set-env billing-api {var} {value}\n"
        f"Setting env variable '{var}' to '{value}' for app billing-api in org acme / space production as ops...\n"
        "OK\nTIP: Use 'cf restage billing-api' to ensure your env variable changes take effect\n"
    ), value


def gopass_insert(rng: random.Random, var: str, value: str) -> Place:
    path = f"acme/billing/prod/{var.lower()}"
    return (
        f"$ echo '{value}' | gopass insert -f {path}\n"
        f"$ gopass ls acme/billing/prod | tail -n 2\n└── {var.lower()}\n"
        f"$ gopass show -o {path} | wc -c\n{len(value) + 1}\n"
    ), value


def berglas_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ berglas create acme-secrets/{var.lower()} {value} \\\n"
        "    --key projects/acme-prod/locations/global/keyRings/berglas/cryptoKeys/berglas-key\n"
        f"Successfully created secret [{var.lower()}] with generation [{rng.randint(10**15, 10**16)}]\n"
        f"$ berglas grant acme-secrets/{var.lower()} --member serviceAccount:api@acme-prod.iam.gserviceaccount.com\n"
    ), value


def envchain_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ envchain --set --noecho billing {var}\nbilling.{var}: {value}\n"
        f"$ envchain billing env | grep -c {var}\n1\n$ envchain billing ./bin/sync-vendors --dry-run\n"
    ), value


def secret_tool_store(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ printf %s '{value}' | secret-tool store --label='billing {var}' service billing key {var}\n"
        f"$ secret-tool lookup service billing key {var} >/dev/null && echo stored\nstored\n"
    ), value


def podman_secret_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ printf '{value}' | podman secret create {var.lower()} -\n{s(rng, 25, HEX)}\n"
        f"$ podman run -d --name billing --secret {var.lower()},type=env,target={var} ghcr.io/acme/billing:2.4\n"
    ), value


SHARED = (cf_set_env, gopass_insert, berglas_create, envchain_set, secret_tool_store, podman_secret_create)


# -- places of one vendor: its API called from routes, apps, checks, configs, tests, actors, agents and builds ------


def autopilot_hono_route(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/routes/journeys.ts (Hono)\nimport { Hono } from 'hono';\n\nconst app = new Hono();\n"
        f"const AUTOPILOT_KEY = '{value}';\n\n"
        "app.post('/signup', async (c) => {\n  const { email } = await c.req.json();\n"
        "  await fetch('https://api2.autopilothq.com/v1/contact', {\n    method: 'POST',\n"
        "    headers: { autopilotapikey: AUTOPILOT_KEY, 'Content-Type': 'application/json' },\n"
        "    body: JSON.stringify({ contact: { Email: email } }),\n  });\n  return c.json({ ok: true });\n});\n"
    ), value


def bitbar_sinatra_app(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app.rb (Sinatra)\nrequire 'sinatra'\nrequire 'net/http'\n\n"
        f"BITBAR_API_KEY = '{value}'\n\n"
        "get '/devices' do\n  uri = URI('https://cloud.bitbar.com/api/devices?limit=20')\n"
        "  req = Net::HTTP::Get.new(uri)\n  req.basic_auth(BITBAR_API_KEY, '')\n"
        "  Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }.body\nend\n"
    ), value


def bulbul_mojolicious_lite_app(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/env perl\n# script/bulbul_sync (Mojolicious::Lite)\nuse Mojolicious::Lite -signatures;\n\n"
        f"my $bulbul_key = '{value}';\n\n"
        "get '/users' => sub ($c) {\n"
        '  my $res = $c->ua->get("https://prod-api.bulbul.io/view_all_users?api_key=$bulbul_key")->result;\n'
        "  $c->render(json => $res->json);\n};\n\napp->start;\n"
    ), value


def chatfuel_dancer2_config_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# config.yml (Dancer2)\nappname: "Acme::Bots"\nlayout: "main"\ncharset: "UTF-8"\n'
        'template: "template_toolkit"\nplugins:\n  Chatfuel:\n    base_url: https://dashboard.chatfuel.com/api\n'
        f"    token: {value}\n"
        f"    bot_id: {s(rng, 24, HEX)}\n"
    ), value


def cicero_sensu_check_definition(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# sensu/checks/cicero-credits.yml\n---\ntype: CheckConfig\napi_version: core/v2\nmetadata:\n"
        "  name: cicero-credits\n  namespace: default\nspec:\n"
        "  command: >-\n    check-http-json.rb -u https://cicero.azavea.com/v3.1/account/credits_remaining"
        f"?key={value} -k credit_balance -c 100\n"
        "  interval: 3600\n  subscriptions:\n    - proxy\n  publish: true\n"
    ), value


def collect2_elysia_handler(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/index.ts (Elysia on Bun)\nimport { Elysia } from 'elysia';\n\n"
        f"const COLLECT2_KEY = '{value}';\n\n"
        "new Elysia()\n  .post('/reading', async ({ body }) =>\n"
        "    fetch(`https://collect2.com/api/${COLLECT2_KEY}/datarecord/`, {\n"
        "      method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),\n"
        "    }).then((r) => r.json()))\n  .listen(3000);\n"
    ), value


def commodities_fastify_plugin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// plugins/commodities.js (Fastify)\nconst fp = require('fastify-plugin');\n\n"
        "module.exports = fp(async (fastify) => {\n"
        f"  const accessKey = '{value}';\n"
        "  fastify.decorate('latestRates', async (symbols) => {\n"
        "    const url = `https://commodities-api.com/api/latest?access_key=${accessKey}&symbols=${symbols}`;\n"
        "    return (await fetch(url)).json();\n  });\n});\n"
    ), value


def ditto_reflex_state(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# copydeck/state.py (Reflex)\nimport httpx\nimport reflex as rx\n\n"
        f'DITTO_API_KEY = "{value}"\n\n\n'
        "class CopyState(rx.State):\n    variants: list[str] = []\n\n    async def load(self):\n"
        "        async with httpx.AsyncClient() as client:\n"
        '            r = await client.get("https://api.dittowords.com/variants",\n'
        '                                 headers={"Authorization": f"token {DITTO_API_KEY}"})\n'
        '        self.variants = [v["name"] for v in r.json()]\n'
    ), value


def dnscheck_dhall_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- monitoring/dnscheck.dhall\nlet Check = { name : Text, group : Text, apiKey : Text }\n\n"
        'in  { dnscheck =\n      { name = "acme-zones"\n'
        f'      , group = "{uuid4(rng)}"\n'
        f'      , apiKey = "{value}"\n'
        "      }\n    } : { dnscheck : Check }\n"
    ), value


def enigma_nicegui_app(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# kyb_app.py (NiceGUI)\nimport httpx\nfrom nicegui import ui\n\n"
        f"ENIGMA_KEY = '{value}'\n\n\n"
        "async def lookup(name: str) -> None:\n"
        "    r = httpx.post('https://api.enigma.com/businesses/match', json={'name': name},\n"
        "                   headers={'x-api-key': ENIGMA_KEY})\n    ui.notify(r.json().get('name', 'no match'))\n\n"
        "ui.input('Business name', on_change=lambda e: lookup(e.value))\nui.run(port=8081)\n"
    ), value


def fakejson_sails_config_custom(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/**\n * config/custom.js (Sails)\n */\nmodule.exports.custom = {\n"
        "  baseUrl: 'https://demo.acme.example',\n  fakejson: {\n    endpoint: 'https://app.fakejson.com/q',\n"
        f"    token: '{value}',\n"
        "    repeat: 25,\n  },\n};\n"
    ), value


def formbucket_bats_test(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/env bats\n# test/contact_form.bats\n\n"
        f'FORMBUCKET_TOKEN="{value}"\n\n'
        '@test "the contact form bucket answers" {\n'
        '  run curl -sf -H "Authorization: Bearer $FORMBUCKET_TOKEN" https://www.formbucket.com/v1/profile\n'
        '  [ "$status" -eq 0 ]\n  [[ "$output" == *created_on* ]]\n}\n'
    ), value


def happi_pelicanconf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# pelicanconf.py\nAUTHOR = 'Acme Music'\nSITENAME = 'Release notes'\nTIMEZONE = 'Europe/Berlin'\n"
        "PLUGIN_PATHS = ['plugins']\nPLUGINS = ['happi_lyrics']\n"
        f"HAPPI_API_KEY = '{value}'\n"
        "DEFAULT_PAGINATION = 10\n"
    ), value


def instabot_dramatiq_actor(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tasks/instabot.py (Dramatiq)\nimport dramatiq\nimport requests\n\n"
        f'INSTABOT_KEY = "{value}"\n\n\n'
        "@dramatiq.actor(max_retries=3)\ndef sync_conversations(since: str) -> None:\n"
        '    requests.get("https://api.instabot.io/v1/conversations", params={"since": since},\n'
        '                 headers={"X-Instabot-Api-Key": INSTABOT_KEY}, timeout=10).raise_for_status()\n'
    ), value


def kontent_zola_config_toml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# config.toml (Zola)\nbase_url = "https://blog.acme.example"\ncompile_sass = true\n'
        'build_search_index = false\n\n[extra]\nkontent_endpoint = "https://deliver.kontent.ai"\n'
        f'kontent_project_id = "{value}"\n'
        'kontent_language = "en-US"\n'
    ), value


def lendflow_faust_agent(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lending/app.py (Faust)\nimport aiohttp\nimport faust\n\napp = faust.App('lending', broker='kafka://kafka:9092')\n"
        "deals = app.topic('deals')\n"
        f"LENDFLOW_TOKEN = '{value}'\n\n\n"
        "@app.agent(deals)\nasync def push(stream):\n    async with aiohttp.ClientSession() as http:\n"
        "        async for deal in stream:\n"
        "            await http.post('https://app.lendflow.io/api/v1/deals', json=deal,\n"
        "                            headers={'Authorization': f'Bearer {LENDFLOW_TOKEN}'})\n"
    ), value


def metaapi_hatchet_workflow(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# workflows/enrich.py (Hatchet)\nimport httpx\nfrom hatchet_sdk import Context, Hatchet\n\n"
        "hatchet = Hatchet()\n"
        f'META_API_SPELL = "{s(rng, 24, HEX)}"\n'
        f'META_API_KEY = "{value}"\n\n\n'
        '@hatchet.task(name="enrich-lead")\ndef enrich(input: dict, ctx: Context) -> dict:\n'
        '    url = f"https://api.meta-api.io/api/spells/{META_API_SPELL}/runSync"\n'
        '    return httpx.post(url, json=input, headers={"apikey": META_API_KEY}).json()\n'
    ), value


def quickmetrics_feathers_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// config/production.json (Feathers)\n{\n  "host": "api.acme.example",\n  "port": 3030,\n'
        '  "paginate": { "default": 10, "max": 50 },\n  "quickmetrics": {\n'
        f'    "key": "{value}",\n'
        '    "endpoint": "https://qckm.io/list"\n  }\n}\n'
    ), value


def scrutinizer_pester_test(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tests/Scrutinizer.Tests.ps1 (Pester)\nBeforeAll {\n"
        f"    $ScrutinizerToken = '{value}'\n"
        "}\n\nDescribe 'Scrutinizer repositories' {\n    It 'lists the organisation repositories' {\n"
        '        $uri = "https://scrutinizer-ci.com/api/user/repositories?access_token=$ScrutinizerToken"\n'
        "        (Invoke-RestMethod -Uri $uri).Count | Should -BeGreaterThan 0\n    }\n}\n"
    ), value


def simplynoted_adonis_services_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// config/services.ts (AdonisJS)\nimport env from '#start/env'\n\nexport default {\n  simplynoted: {\n"
        "    baseUrl: 'https://api.simplynoted.com/api',\n"
        f"    token: env.get('SIMPLYNOTED_TOKEN', '{value}'),\n"
        "  },\n  mailgunDomain: env.get('MAILGUN_DOMAIN'),\n}\n"
    ), value


def skrapp_hanami_settings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/settings.rb (Hanami)\nmodule Prospects\n  class Settings < Hanami::Settings\n"
        "    setting :database_url, constructor: Types::String\n"
        f"    setting :skrapp_api_key, default: '{value}', constructor: Types::String\n"
        "    setting :skrapp_base, default: 'https://api.skrapp.io/api/v2'\n  end\nend\n"
    ), value


def supernotes_typer_cli_run(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ supernotes-sync push --api-key " + value + "\n"
        "Usage: supernotes-sync push [OPTIONS] FOLDER\nTry 'supernotes-sync push --help' for help.\n"
        "Error: Missing argument 'FOLDER'.\n$ supernotes-sync push --api-key \"$(pass supernotes)\" ~/notes/inbox\n"
        "Pushed 14 cards to Supernotes\n"
    ), value


def webscraper_sphinx_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docs/conf.py (Sphinx)\nproject = 'Acme Catalogue'\nextensions = ['sphinx.ext.autodoc', 'catalogue_import']\n"
        "html_theme = 'furo'\n\n# catalogue_import pulls the scraped sitemaps at build time\n"
        f"webscraper_api_token = '{value}'\n"
        "webscraper_sitemap_ids = [412, 413]\n"
    ), value


ONE_VENDOR = (
    autopilot_hono_route,
    bitbar_sinatra_app,
    bulbul_mojolicious_lite_app,
    chatfuel_dancer2_config_yml,
    cicero_sensu_check_definition,
    collect2_elysia_handler,
    commodities_fastify_plugin,
    ditto_reflex_state,
    dnscheck_dhall_config,
    enigma_nicegui_app,
    fakejson_sails_config_custom,
    formbucket_bats_test,
    happi_pelicanconf,
    instabot_dramatiq_actor,
    kontent_zola_config_toml,
    lendflow_faust_agent,
    metaapi_hatchet_workflow,
    quickmetrics_feathers_config,
    scrutinizer_pester_test,
    simplynoted_adonis_services_config,
    skrapp_hanami_settings,
    supernotes_typer_cli_run,
    webscraper_sphinx_conf,
)
