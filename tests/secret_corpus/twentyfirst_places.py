"""Where the twenty-first held-out part (twentyfirst.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: editors' and IDEs' environment settings (a VS Code workspace's terminal
environment, a Sublime Text project's build system, Neovim's ``init.lua``, Emacs' ``.dir-locals.el``, Helix's
``languages.toml``, Zed's ``settings.json`` and an Eclipse launch configuration). Places of one vendor follow, each
named for it: its API called as its documentation shows (Dart's http, Elixir's Req, PHP, Ruby's Net::HTTP, Go, Python, a
GitLab CI job with curl, OkHttp, Ktor, R's httr, C#'s HttpClient, fetch, PowerShell, HTTParty), or its SDK or client in
the language its users write (a client's constructor, an SDK's init, a static setup call)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import B64URL, DIGITS, LOWER, s


def code_workspace_terminal_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// acme-services.code-workspace\n{\n  "folders": [{ "path": "api" }, { "path": "web" }],\n'
        '  "settings": {\n    "editor.formatOnSave": true,\n    "terminal.integrated.env.linux": {\n'
        f'      "{var}": "{value}",\n'
        '      "PYTHONPATH": "${workspaceFolder:api}/src"\n    }\n  }\n}\n'
    ), value


def sublime_project_build_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// acme.sublime-project\n{\n  "folders": [{ "path": "." }],\n  "build_systems": [\n    {\n'
        '      "name": "Run worker",\n      "cmd": ["python3", "-m", "acme.worker"],\n'
        '      "working_dir": "$project_path",\n      "env": {\n'
        f'        "{var}": "{value}"\n'
        "      }\n    }\n  ]\n}\n"
    ), value


def neovim_init_lua_vim_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- ~/.config/nvim/init.lua\nvim.opt.number = true\nvim.opt.expandtab = true\nvim.g.mapleader = ' '\n"
        f'vim.env.{var} = "{value}"\n'
        "require('lazy').setup('plugins')\n"
        "vim.keymap.set('n', '<leader>t', ':split | terminal<CR>')\n"
    ), value


def emacs_dir_locals_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        ";;; ~/src/acme-site/.dir-locals.el\n((nil . ((indent-tabs-mode . nil)\n"
        f'         (eval . (setenv "{var}" "{value}"))))\n'
        ' (python-mode . ((python-shell-interpreter . "~/src/acme-site/.venv/bin/python"))))\n'
    ), value


def helix_languages_toml_server_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# .helix/languages.toml\n[language-server.acme-lsp]\ncommand = "acme-lsp"\nargs = ["--stdio"]\n'
        f'environment = {{ "{var}" = "{value}", "RUST_LOG" = "info" }}\n\n'
        '[[language]]\nname = "python"\nlanguage-servers = ["pyright", "acme-lsp"]\n'
    ), value


def zed_settings_terminal_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// ~/.config/zed/settings.json\n{\n  "theme": "One Dark",\n  "buffer_font_size": 14,\n  "terminal": {\n'
        '    "shell": "system",\n    "env": {\n'
        f'      "{var}": "{value}"\n'
        '    }\n  },\n  "vim_mode": true\n}\n'
    ), value


def eclipse_launch_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- .launch/ImportJob.launch -->\n'
        '<launchConfiguration type="org.eclipse.jdt.launching.localJavaApplication">\n'
        '    <mapAttribute key="org.eclipse.debug.core.environmentVariables">\n'
        f'        <mapEntry key="{var}" value="{value}"/>\n'
        "    </mapAttribute>\n"
        '    <stringAttribute key="org.eclipse.jdt.launching.MAIN_TYPE" value="com.acme.jobs.ImportJob"/>\n'
        '    <stringAttribute key="org.eclipse.jdt.launching.PROJECT_ATTR" value="acme-jobs"/>\n'
        "</launchConfiguration>\n"
    ), value


SHARED = (
    code_workspace_terminal_env,
    sublime_project_build_env,
    neovim_init_lua_vim_env,
    emacs_dir_locals_setenv,
    helix_languages_toml_server_env,
    zed_settings_terminal_env,
    eclipse_launch_environment,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def numverify_dart_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// lib/phone_check.dart\nimport 'dart:convert';\nimport 'package:http/http.dart' as http;\n\n"
        "Future<bool> isValid(String number) async {\n  final uri = Uri.https('apilayer.net', '/api/validate', {\n"
        f"    'access_key': '{value}',\n"
        "    'number': number,\n    'country_code': 'DE',\n  });\n  final res = await http.get(uri);\n"
        "  return jsonDecode(res.body)['valid'] == true;\n}\n"
    ), value


def tatum_node_sdk_init(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/chain.ts\nimport { Ethereum, Network, TatumSDK } from '@tatumio/tatum'\n\n"
        "const tatum = await TatumSDK.init<Ethereum>({\n  network: Network.ETHEREUM_SEPOLIA,\n"
        f"  apiKey: {{ v4: '{value}' }},\n"
        "})\nconst balance = await tatum.address.getBalance({ addresses: [process.argv[2]] })\n"
        "console.log(balance.data)\nawait tatum.destroy()\n"
    ), value


def happyscribe_elixir_req(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/podcast/transcripts.ex\ndefmodule Podcast.Transcripts do\n  def list(org_id) do\n"
        '    Req.get!("https://www.happyscribe.com/api/v1/transcriptions",\n'
        f'      auth: {{:bearer, "{value}"}},\n'
        '      params: [organization_id: org_id]\n    ).body["results"]\n  end\nend\n'
    ), value


def besttime_python_forecast(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# footfall/forecast.py\nimport requests\n\nparams = {\n"
        f"    'api_key_private': '{value}',\n"
        "    'venue_name': 'Markthalle Neun',\n    'venue_address': 'Eisenbahnstrasse 42, Berlin',\n}\n"
        "r = requests.post('https://besttime.app/api/v1/forecasts', params=params, timeout=30)\n"
        "print(r.json()['analysis'][0]['day_info'])\n"
    ), value


def skybiometry_php_detect(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// admin/faces/detect.php\n"
        f"$apiKey = '{s(rng, 26, LOWER + DIGITS)}';\n"
        f"$apiSecret = '{value}';\n"
        "$url = 'https://api.skybiometry.com/fc/faces/detect.json?' . http_build_query([\n"
        "    'api_key' => $apiKey, 'api_secret' => $apiSecret, 'urls' => $_GET['img'], 'attributes' => 'all',\n]);\n"
        "$faces = json_decode(file_get_contents($url), true);\n"
    ), value


def cloverly_ruby_net_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app/services/carbon_offset.rb\nrequire 'net/http'\nrequire 'json'\n\n"
        "uri = URI('https://api.cloverly.com/2021-10/estimates/shipping')\n"
        "req = Net::HTTP::Post.new(uri, 'Content-Type' => 'application/json')\n"
        f"req['Authorization'] = 'Bearer {value}'\n"
        "req.body = { weight: { value: 2.4, units: 'kg' }, distance: { value: 640, units: 'km' } }.to_json\n"
        "res = Net::HTTP.start(uri.host, uri.port, use_ssl: true) { |h| h.request(req) }\n"
    ), value


def scrapeowl_go_post_form(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// internal/crawl/owl.go\nfunc fetch(target string) (*http.Response, error) {\n"
        '\treturn http.PostForm("https://api.scrapeowl.com/v1/scrape", url.Values{\n'
        f'\t\t"api_key":   {{"{value}"}},\n'
        '\t\t"url":       {target},\n\t\t"render_js": {"true"},\n\t})\n}\n'
    ), value


def planyo_python_urlencode(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# bookings/sync_planyo.py\nfrom urllib.parse import urlencode\nfrom urllib.request import urlopen\n\n"
        "query = urlencode({\n    'method': 'list_reservations',\n"
        f"    'api_key': '{value}',\n"
        "    'start_time': '2024-06-01 00:00:00',\n    'end_time': '2024-06-30 23:59:59',\n})\n"
        "print(urlopen('https://www.planyo.com/rest/?' + query).read().decode())\n"
    ), value


def gtmetrix_gitlab_ci_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .gitlab-ci.yml\nperformance:\n  stage: verify\n  image: curlimages/curl:8.8.0\n  script:\n"
        f'    - curl -sf -u "{value}:" -H "Content-Type: application/vnd.api+json"\n'
        '        -d \'{"data":{"type":"test","attributes":{"url":"https://staging.acme.example"}}}\'\n'
        "        https://gtmetrix.com/api/2.0/tests\n  only:\n    - main\n"
    ), value


def chartmogul_ruby_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/initializers/chartmogul.rb\nrequire 'chartmogul'\n\n"
        f"CHARTMOGUL = ChartMogul::Client.new(api_key: '{value}')\n"
        'CHARTMOGUL.ping\nRails.logger.info("ChartMogul data sources: #{ChartMogul::DataSource.all.count}")\n'
    ), value


def disqus_python_disqusapi(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# comments/moderate.py\nfrom disqusapi import DisqusAPI\n\ndisqus = DisqusAPI(\n"
        f"    secret_key='{value}',\n"
        f"    public_key='{s(rng, 64)}',\n"
        ")\nfor post in disqus.posts.list(forum='acme-blog', include=['unapproved']):\n"
        "    print(post['id'], post['raw_message'][:60])\n"
    ), value


def mesibo_java_okhttp_form(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/java/com/acme/chat/MesiboUsers.java\nRequestBody form = new FormBody.Builder()\n"
        '        .add("op", "useradd")\n'
        f'        .add("token", "{value}")\n'
        f'        .add("appid", "com.acme.chat")\n        .add("addr", user.getPhone())\n        .build();\n'
        'Request req = new Request.Builder().url("https://api.mesibo.com/api.php").post(form).build();\n'
        "try (Response res = http.newCall(req).execute()) { return res.body().string(); }\n"
    ), value


def meistertask_kotlin_ktor_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/kotlin/acme/tasks/Meister.kt\nval client = HttpClient(CIO) {\n"
        "    install(ContentNegotiation) { json() }\n}\n\nsuspend fun projects(): List<Project> =\n"
        '    client.get("https://www.meistertask.com/api/projects") {\n'
        f'        bearerAuth("{value}")\n'
        "    }.body()\n"
    ), value


def stockdata_r_httr_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# analysis/quotes.R\nlibrary(httr)\nlibrary(jsonlite)\n\n"
        'res <- GET("https://api.stockdata.org/v1/data/quote",\n'
        f'           query = list(symbols = "SAP,SIE,ALV", api_token = "{value}"))\n'
        'quotes <- fromJSON(content(res, as = "text"))$data\nprint(quotes[, c("ticker", "price")])\n'
    ), value


def iconfinder_csharp_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Assets/IconSearch.cs\nusing var http = new HttpClient();\n"
        "http.DefaultRequestHeaders.Authorization =\n"
        f'    new AuthenticationHeaderValue("Bearer", "{value}");\n'
        'var json = await http.GetStringAsync("https://api.iconfinder.com/v4/icons/search?query=invoice&count=10");\n'
        "Console.WriteLine(json);\n"
    ), value


def calorieninjas_js_fetch_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/lib/nutrition.js\nexport async function nutrition(query) {\n  const res = await fetch(\n"
        "    'https://api.calorieninjas.com/v1/nutrition?query=' + encodeURIComponent(query),\n"
        f"    {{ headers: {{ 'X-Api-Key': '{value}' }} }},\n"
        "  )\n  return (await res.json()).items\n}\n"
    ), value


def hypertrack_python_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# fleet/trips.py\nimport requests\nfrom requests.auth import HTTPBasicAuth\n\n"
        f"ACCOUNT_ID = '{s(rng, 1)}{s(rng, 25, B64URL)}{s(rng, 1)}'\n"
        f"SECRET_KEY = '{value}'\n\n"
        "trips = requests.get('https://v3.api.hypertrack.com/trips/',\n"
        "                     auth=HTTPBasicAuth(ACCOUNT_ID, SECRET_KEY), timeout=15).json()\n"
    ), value


def sportmonks_php_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// cron/fixtures.php\n$ch = curl_init('https://soccer.sportmonks.com/api/v2.0/fixtures/date/'\n"
        f"    . date('Y-m-d') . '?api_token={value}&include=localTeam,visitorTeam');\n"
        "curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\n$fixtures = json_decode(curl_exec($ch), true)['data'];\n"
        "curl_close($ch);\n"
    ), value


def oopspam_go_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// contact/spam.go\nbody, _ := json.Marshal(map[string]any{"content": msg, "senderIP": ip})\n'
        'req, _ := http.NewRequest("POST", "https://api.oopspam.com/v1/spamdetection", bytes.NewReader(body))\n'
        'req.Header.Set("Content-Type", "application/json")\n'
        f'req.Header.Set("X-Api-Key", "{value}")\n'
        "res, err := http.DefaultClient.Do(req)\n"
    ), value


def podio_php_authenticate_with_app(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// scripts/import_leads.php\nrequire 'vendor/autoload.php';\n\n"
        f"Podio::setup('acme-leads', '{s(rng, 64)}');\n"
        f"Podio::authenticate_with_app({s(rng, 8, DIGITS)}, '{value}');\n"
        "$items = PodioItem::filter(28310457, ['limit' => 50]);\nforeach ($items as $item) { echo $item->title, "
        '"\\n"; }\n'
    ), value


def caspio_python_client_credentials(rng: random.Random, var: str, value: str) -> Place:
    host = "c" + s(rng, 7, LOWER + DIGITS)
    return (
        "# integrations/caspio_token.py\nimport requests\n\n"
        f"resp = requests.post('https://{host}.caspio.com/oauth/token', data={{\n"
        "    'grant_type': 'client_credentials',\n"
        f"    'client_id': '{s(rng, 50, LOWER + DIGITS)}',\n"
        f"    'client_secret': '{value}',\n"
        "})\ntoken = resp.json()['access_token']\n"
    ), value


def text2data_powershell_form(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Get-ReviewSentiment.ps1\nparam([string]$Text)\n$body = @{\n    DocumentText = $Text\n"
        f"    PrivateKey   = '{value}'\n"
        "}\n$r = Invoke-RestMethod -Method Post -Uri 'http://api.text2data.com/v3/Analyze' -Body $body\n"
        "$r.DocSentimentResultString\n"
    ), value


def owlbot_ruby_httparty_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/glossary/define.rb\nrequire 'httparty'\n\ndef define(word)\n"
        '  HTTParty.get("https://owlbot.info/api/v4/dictionary/#{word}",\n'
        f"               headers: {{ 'Authorization' => 'Token {value}' }})['definitions']\n"
        "end\n"
    ), value


ONE_VENDOR = (
    numverify_dart_http,
    tatum_node_sdk_init,
    happyscribe_elixir_req,
    besttime_python_forecast,
    skybiometry_php_detect,
    cloverly_ruby_net_http,
    scrapeowl_go_post_form,
    planyo_python_urlencode,
    gtmetrix_gitlab_ci_curl,
    chartmogul_ruby_client,
    disqus_python_disqusapi,
    mesibo_java_okhttp_form,
    meistertask_kotlin_ktor_bearer,
    stockdata_r_httr_query,
    iconfinder_csharp_bearer,
    calorieninjas_js_fetch_header,
    hypertrack_python_basic_auth,
    sportmonks_php_curl,
    oopspam_go_header,
    podio_php_authenticate_with_app,
    caspio_python_client_credentials,
    text2data_powershell_form,
    owlbot_ruby_httparty_token,
)
