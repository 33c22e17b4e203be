"""Where the thirtieth held-out part (thirtieth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: command-line tools that hand an application or a service a setting or a
secret (Convox's ``convox env set``, Gigalixir's ``gigalixir config:set``, Aptible's ``aptible config:set``, Segment's
``chamber write``, Infisical's ``infisical secrets set`` and Cloud 66's ``cx env-vars set``). Places of one vendor
follow, each named for it: its API called from a delivery pipeline's stage, a static site's build or configuration, a
.NET build script, a text expander, a DNS server's hook, a process monitor's alert, a BASIC dialect, a machine learning
demo, a container pipeline's SDK, a crawler's settings, a robot's parameters, a torrent client's hook, a web
framework's page or configuration, a serverless script, a big data CLI's history, a design tool's plugin, a browser
extension, a note-taking app's plugin or a network automation task, none of them in an earlier part (a Spinnaker
webhook stage, Gatsby's ``gatsby-node.js``, Jekyll's ``_config.yml``, a Cake ``build.cake``, an Espanso match file, a
NSD ``nsd-control addzone`` hook, Monit's ``monitrc``, Gambas' ``HttpClient``, a Gradio app, Dagger's Go SDK, Scrapy's
``settings.py``, a ROS 2 parameters file, qBittorrent's run-on-completion program, an Astro page, Nuxt's
``runtimeConfig``, a Val Town script, the Qubole ``qds.py`` CLI, an Adobe UXP plugin, a SvelteKit server load, the
Siteleaf CLI's dotfile, a Chrome extension's service worker, a Logseq plugin and a Nornir task)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, DIGITS, LOWER, UPPER, s

LOWER_NUM = LOWER + DIGITS


def convox_env_set(rng: random.Random, var: str, value: str) -> Place:
    release = "R" + s(rng, 10, UPPER)
    return (
        f"$ convox env set {var}={value} SYNC_REGION=eu -a crm-sync --rack acme/production\n"
        f"Setting SYNC_REGION, {var}... OK\nRelease: {release}\n"
        f"$ convox releases promote -a crm-sync --rack acme/production\nPromoting {release}... OK\n"
    ), value


def gigalixir_config_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ gigalixir config:set -a crm-sync {var}={value}\n"
        "$ gigalixir config -a crm-sync\n{\n"
        '  "DATABASE_URL": "<hidden>",\n'
        f'  "{var}": "{value}",\n'
        '  "POOL_SIZE": "2"\n}\n'
    ), value


def aptible_config_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ aptible config:set --app crm-sync {var}={value} SYNC_REGION=eu\n"
        "INFO -- : Starting App configure operation with the following options:\n"
        f"INFO -- : {var}={value}\nINFO -- : SYNC_REGION=eu\n"
        "INFO -- : Restarting app... done\n"
    ), value


def chamber_write(rng: random.Random, var: str, value: str) -> Place:
    key = var.lower()
    return (
        f"$ chamber write crm-sync {key} {value}\n"
        "$ chamber list crm-sync\nKey                    Version  LastModified  User\n"
        f"{key:<22} 3        11-27 09:14   arn:aws:iam::481516234200:user/deploy\n"
        "sync_region            1        10-02 17:40   arn:aws:iam::481516234200:user/deploy\n"
    ), value


def infisical_secrets_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ infisical secrets set {var}={value} --env=prod --path=/crm-sync\n"
        "┌───────────────────────────┬─────────────────┬─────────────────┐\n"
        "│ SECRET NAME               │ SECRET VALUE    │ STATUS          │\n"
        f"│ {var:<25} │ {value} │ SECRET CREATED │\n"
        "└───────────────────────────┴─────────────────┴─────────────────┘\n"
    ), value


def cloud66_cx_env_vars_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cx env-vars set -s crm-sync-production {var}={value}\n"
        "Please wait while your environment variable setting is applied...\n"
        "Environment variable(s) updated\n$ cx env-vars list -s crm-sync-production | grep -v ^RAILS\n"
        f"{var}  {value}\nSYNC_REGION  eu\n"
    ), value


SHARED = (
    convox_env_set,
    gigalixir_config_set,
    aptible_config_set,
    chamber_write,
    infisical_secrets_set,
    cloud66_cx_env_vars_set,
)


# -- places of one vendor: its API called from pipelines, builds, hooks, demos, plugins and tasks ... --


def apifonica_spinnaker_webhook_stage(rng: random.Random, var: str, value: str) -> Place:
    sid = f"{s(rng, 11, LOWER_NUM)}-{s(rng, 4, LOWER_NUM)}-{s(rng, 4, LOWER_NUM)}-{s(rng, 4, LOWER_NUM)}-"
    sid += s(rng, 12, LOWER_NUM)
    return (
        '// spinnaker/pipelines/checkout-prod.json (stage excerpt)\n{\n  "type": "webhook",\n'
        '  "name": "SMS on-call after deploy",\n  "method": "POST",\n'
        f'  "url": "https://{sid}:{value}@api.apifonica.com/v2/accounts/{sid}/messages",\n'
        '  "payload": {"from": "AcmeOps", "to": "+447700900123", "text": "checkout ${trigger.tag} is live"},\n'
        '  "waitForCompletion": false\n}\n'
    ), value


def appsynergy_gatsby_node_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// gatsby-node.js\nconst fs = require('fs')\n\nexports.onPostBuild = async ({ reporter }) => {\n"
        "  const html = fs.readFileSync('public/pricing/index.html', 'utf8')\n"
        "  const res = await fetch(\n"
        f"    'https://www.appsynergy.com/api?action=HTML2PDF&apiKey={value}',\n"
        "    { method: 'POST', body: JSON.stringify({ html, filename: 'pricing.pdf' }) })\n"
        "  fs.writeFileSync('public/pricing.pdf', Buffer.from(await res.arrayBuffer()))\n"
        "  reporter.info('pricing.pdf written')\n}\n"
    ), value


def artsy_jekyll_config_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# _config.yml (gallery site)\ntitle: Acme Gallery Notes\nurl: https://notes.acme-gallery.example\n"
        "plugins:\n  - jekyll-feed\n  - jekyll-artsy-artworks\n\nartsy:\n"
        f"  client_id: {s(rng, 20, ALNUM)}\n"
        f"  client_secret: {value}\n"
        "  partner: acme-gallery\n  cache_hours: 24\n"
    ), value


def runscope_cake_build_script(rng: random.Random, var: str, value: str) -> Place:
    bucket = s(rng, 12, LOWER_NUM)
    return (
        '// build.cake\nTask("Smoke-Test")\n    .IsDependentOn("Deploy-Staging")\n    .Does(async () =>\n{\n'
        "    using var http = new HttpClient();\n"
        f'    http.DefaultRequestHeaders.Add("Authorization", "Bearer {value}");\n'
        f'    var res = await http.GetAsync("https://api.runscope.com/buckets/{bucket}/trigger?runscope_environment=staging");\n'
        '    Information("Runscope trigger: {0}", res.StatusCode);\n});\n'
    ), value


def boostnote_espanso_match(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.config/espanso/match/boostnote.yml\nmatches:\n  - trigger: ":docs"\n    replace: "{{docs}}"\n'
        "    vars:\n      - name: docs\n        type: shell\n        params:\n          cmd: >-\n"
        f"            curl -s -H 'Authorization: Bearer {value}'\n"
        "            https://boostnote.io/api/docs | jq -r '.docs[0:5][] | .title'\n"
    ), value


def buddyns_nsd_control_addzone_hook(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /usr/local/sbin/addzone (hidden primary ns0.acme.example, NSD)\nset -eu\nzone=$1\n"
        'nsd-control addzone "$zone" to-buddyns\n'
        f"curl -fsS -X POST -H 'Authorization: Token {value}' \\\n"
        '  -d "name=$zone" -d master=198.51.100.53 https://www.buddyns.com/api/v2/zone/\n'
    ), value


def clockworksms_monitrc_exec_alert(rng: random.Random, var: str, value: str) -> Place:
    user_key = s(rng, 5, DIGITS)
    return (
        "# /etc/monit/conf.d/postgres\ncheck process postgres with pidfile /var/run/postgresql/16-main.pid\n"
        "  if failed port 5432 protocol pgsql for 2 cycles then exec\n"
        "    \"/usr/bin/curl -s -H 'Content-Type: application/json'\n"
        f"     -H 'user_key: {user_key}' -H 'access_token: {value}'\n"
        '     -d \'{\\"message\\":\\"db01 postgres down\\",\\"recipient\\":[\\"+447700900456\\"]}\'\n'
        '     https://api.textanywhere.com/API/v1.0/REST/sms"\n'
    ), value


def cloudplan_gambas_httpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "' FMain.class (Gambas 3, gb.net.curl)\nPublic Sub btnSync_Click()\n  Dim hClient As New HttpClient\n"
        '  hClient.URL = "https://api.cloudplan.biz/api/user/me"\n'
        f'  hClient.Get(["session_id: {value}"])\n'
        '  lblUser.Text = JSON.Decode(hClient.Peek())["name"]\nEnd\n'
    ), value


def deepai_gradio_app(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# spaces/caption-demo/app.py\nimport gradio as gr\nimport requests\n\n"
        f'DEEPAI_KEY = "{value}"\n\n\n'
        "def tag(text):\n    r = requests.post('https://api.deepai.org/api/text-tagging', data={'text': text},\n"
        "                      headers={'api-key': DEEPAI_KEY})\n    return r.json().get('output')\n\n\n"
        'gr.Interface(fn=tag, inputs="text", outputs="text").launch()\n'
    ), value


def detectify_dagger_pipeline(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// ci/main.go (Dagger module)\nfunc (m *Ci) Scan(ctx context.Context) (string, error) {\n"
        f'\tkey := dag.SetSecret("detectify-key", "{value}")\n'
        '\treturn dag.Container().From("curlimages/curl:8.10.1").\n'
        '\t\tWithSecretVariable("DETECTIFY_KEY", key).\n'
        '\t\tWithExec([]string{"sh", "-c", "curl -s -H \\"X-Detectify-Key: $DETECTIFY_KEY\\" '
        'https://api.detectify.com/rest/v2/assets/"}).\n'
        "\t\tStdout(ctx)\n}\n"
    ), value


def diggernaut_scrapy_settings_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# pricewatch/settings.py\nBOT_NAME = 'pricewatch'\nROBOTSTXT_OBEY = True\nDOWNLOAD_DELAY = 1.5\n"
        "ITEM_PIPELINES = {'pricewatch.pipelines.DiggernautCompare': 300}\n"
        "DIGGERNAUT_API = 'https://www.diggernaut.com/api/projects'\n"
        f"DIGGERNAUT_TOKEN = '{value}'  # sent as 'Authorization: Token ...'\n"
    ), value


def faceplusplus_ros2_params_yaml(rng: random.Random, var: str, value: str) -> Place:
    key = rng.choice(ALNUM) + s(rng, 30, ALNUM + "_-") + rng.choice(ALNUM)
    return (
        "# src/greeter_robot/config/face_detector.yaml\nface_detector:\n  ros__parameters:\n"
        "    image_topic: /camera/color/image_raw\n    endpoint: https://api-us.faceplusplus.com/facepp/v3/detect\n"
        f'    api_key: "{key}"\n'
        f'    api_secret: "{value}"\n'
        "    rate_hz: 2.0\n"
    ), value


def fileio_qbittorrent_autorun(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/qBittorrent/qBittorrent.conf (excerpt)\n[AutoRun]\nenabled=true\n"
        f'program=curl -s -H \\"Authorization: Bearer {value}\\" -F \\"file=@%F\\" https://file.io/?expires=1w\n'
        "[BitTorrent]\nSession\\DefaultSavePath=/srv/torrents/done\n"
    ), value


def flightlabs_astro_page(rng: random.Random, var: str, value: str) -> Place:
    return (
        "---\n// src/pages/departures.astro\nimport Board from '../components/Board.astro';\n"
        f"const key = '{value}';\n"
        "const res = await fetch(`https://app.goflightlabs.com/flights?access_key=${key}&dep_iata=BRS`);\n"
        "const { data } = await res.json();\n---\n<Board flights={data.slice(0, 12)} />\n"
    ), value


def foursquare_nuxt_runtime_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// nuxt.config.ts\nexport default defineNuxtConfig({\n  runtimeConfig: {\n    foursquare: {\n"
        f"      clientId: '{s(rng, 48, UPPER + DIGITS)}',\n"
        f"      clientSecret: '{value}',\n"
        "    },\n    public: { mapCenter: '51.4545,-2.5879' },\n  },\n})\n"
    ), value


def mixmax_val_town_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// @acme/mixmaxSequences (val.town HTTP val)\nexport default async function (req: Request) {\n"
        '  const r = await fetch("https://api.mixmax.com/v1/sequences", {\n'
        f'    headers: {{ "X-API-Token": "{value}" }},\n'
        "  });\n  return Response.json((await r.json()).results.map((s) => s.name));\n}\n"
    ), value


def qubole_qds_cli_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "analyst@edge01:~$ history | tail -3\n"
        f'  812  qds.py --token={value} --url=https://us.qubole.com/api hivecmd run --query "show tables"\n'
        "  813  qds.py cluster list | jq '.[].cluster.label'\n  814  history | tail -3\n"
    ), value


def shutterstock_uxp_plugin(rng: random.Random, var: str, value: str) -> Place:
    key = s(rng, 32, ALNUM)
    return (
        "// plugins/stock-search/main.js (Photoshop UXP)\nconst { entrypoints } = require('uxp');\n"
        f"const auth = btoa('{key}:{value}');\n"
        "async function search(q) {\n  const r = await fetch(`https://api.shutterstock.com/v2/images/search?query=${q}`,\n"
        "    { headers: { Authorization: `Basic ${auth}` } });\n  return (await r.json()).data;\n}\n"
    ), value


def signupgenius_sveltekit_server_load(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/routes/volunteers/+page.server.ts\nimport type { PageServerLoad } from './$types';\n\n"
        f"const USER_KEY = '{value}';\n\n"
        "export const load: PageServerLoad = async ({ fetch }) => {\n"
        "  const r = await fetch(`https://api.signupgenius.com/v2/k/signups/created/active/?user_key=${USER_KEY}`);\n"
        "  return { signups: (await r.json()).data };\n};\n"
    ), value


def siteleaf_cli_dotfile(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.siteleaf.yml\n---\n"
        f"api_key: {s(rng, 32, LOWER_NUM)}\n"
        f"api_secret: {value}\n"
        "$ siteleaf pull\nPulling 48 files from acme-blog... done\n"
    ), value


def streak_chrome_extension_worker(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// extension/background.js (manifest_version 3 service worker)\n"
        f"const STREAK_KEY = '{value}';\n"
        "chrome.runtime.onMessage.addListener((msg, _sender, reply) => {\n"
        "  fetch('https://www.streak.com/api/v1/pipelines', {\n"
        "    headers: { Authorization: 'Basic ' + btoa(STREAK_KEY + ':') },\n"
        "  }).then((r) => r.json()).then(reply);\n  return true;\n});\n"
    ), value


def zenkit_logseq_plugin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// logseq-zenkit-sync/index.js\nimport '@logseq/libs'\n\nlogseq.ready(async () => {\n"
        "  const res = await fetch('https://base.zenkit.com/api/v1/users/me/workspacesWithLists', {\n"
        f"    headers: {{ 'Zenkit-API-Key': '{value}' }},\n"
        "  })\n  logseq.UI.showMsg(`Zenkit: ${(await res.json()).length} workspaces`)\n})\n"
    ), value


def thousandeyes_nornir_task(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tasks/te_agents.py (Nornir)\nimport requests\nfrom nornir.core.task import Result, Task\n\n"
        "TE_USER = 'netops@acme.example'\n"
        f"TE_TOKEN = '{value}'  # ThousandEyes basic auth token\n\n\n"
        "def te_agent_check(task: Task) -> Result:\n"
        "    r = requests.get('https://api.thousandeyes.com/v6/agents.json', auth=(TE_USER, TE_TOKEN))\n"
        "    return Result(host=task.host, result=[a['agentName'] for a in r.json()['agents']])\n"
    ), value


ONE_VENDOR = (
    apifonica_spinnaker_webhook_stage,
    appsynergy_gatsby_node_js,
    artsy_jekyll_config_yml,
    runscope_cake_build_script,
    boostnote_espanso_match,
    buddyns_nsd_control_addzone_hook,
    clockworksms_monitrc_exec_alert,
    cloudplan_gambas_httpclient,
    deepai_gradio_app,
    detectify_dagger_pipeline,
    diggernaut_scrapy_settings_py,
    faceplusplus_ros2_params_yaml,
    fileio_qbittorrent_autorun,
    flightlabs_astro_page,
    foursquare_nuxt_runtime_config,
    mixmax_val_town_script,
    qubole_qds_cli_history,
    shutterstock_uxp_plugin,
    signupgenius_sveltekit_server_load,
    siteleaf_cli_dotfile,
    streak_chrome_extension_worker,
    zenkit_logseq_plugin,
    thousandeyes_nornir_task,
)
