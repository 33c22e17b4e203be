"""Where the twentieth held-out part (twentieth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: the configuration files of coding agents and their tool servers (Codex's
``config.toml``, Goose's ``config.yaml``, opencode's ``opencode.json``, Windsurf's ``mcp_config.json``, Gemini CLI's
``settings.json``), Hatch's environment variables in ``hatch.toml`` and a Zellij layout's command environment. Places
of one vendor follow, each named for it: its API called as its documentation shows (curl, fetch, Go's net/http,
Rust's reqwest, Swift's URLRequest, Faraday, PowerShell, Guzzle, Perl's LWP, C#'s HttpClient, Kotlin), or its SDK or
client in the language its users write (a client class, a module's settings, a constructor's arguments)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, s, uuid4


def codex_config_toml_mcp_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.codex/config.toml\nmodel = "o4-mini"\napproval_policy = "on-request"\n\n'
        '[mcp_servers.crm]\ncommand = "npx"\nargs = ["-y", "@acme/crm-mcp"]\n'
        f'env = {{ "{var}" = "{value}", "LOG_LEVEL" = "warn" }}\n'
    ), value


def goose_config_yaml_extension_envs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/goose/config.yaml\nGOOSE_PROVIDER: ollama\nGOOSE_MODEL: qwen2.5-coder:14b\nextensions:\n"
        "  ops-tools:\n    enabled: true\n    type: stdio\n    cmd: uvx\n    args: [acme-ops-mcp]\n"
        "    timeout: 300\n    envs:\n"
        f"      {var}: {value}\n"
    ), value


def opencode_json_mcp_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// opencode.json\n{\n  "$schema": "https://opencode.ai/config.json",\n  "mcp": {\n    "data": {\n'
        '      "type": "local",\n      "command": ["bun", "x", "acme-data-mcp"],\n      "enabled": true,\n'
        '      "environment": {\n'
        f'        "{var}": "{value}"\n'
        "      }\n    }\n  }\n}\n"
    ), value


def windsurf_mcp_config_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// ~/.codeium/windsurf/mcp_config.json\n{\n  "mcpServers": {\n    "field-data": {\n'
        '      "command": "node",\n      "args": ["/Users/dana/src/field-mcp/dist/index.js"],\n      "env": {\n'
        f'        "{var}": "{value}",\n'
        '        "NODE_ENV": "production"\n      }\n    }\n  }\n}\n'
    ), value


def gemini_cli_settings_mcp_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// ~/.gemini/settings.json\n{\n  "theme": "GitHub",\n  "mcpServers": {\n    "reports": {\n'
        '      "command": "python",\n      "args": ["-m", "acme_reports.mcp"],\n      "cwd": "./tools",\n'
        '      "env": {\n'
        f'        "{var}": "{value}"\n'
        '      },\n      "timeout": 30000\n    }\n  }\n}\n'
    ), value


def hatch_toml_env_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# hatch.toml\n[envs.default]\ndependencies = ["pytest", "httpx"]\n\n[envs.default.env-vars]\n'
        f'{var} = "{value}"\n'
        'PYTHONWARNINGS = "error"\n\n[envs.default.scripts]\ntest = "pytest {args:tests}"\n'
    ), value


def zellij_layout_command_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// ~/.config/zellij/layouts/dev.kdl\nlayout {\n    pane split_direction="vertical" {\n'
        '        pane command="bash" {\n'
        f'            args "-c" "{var}={value} npm run dev"\n'
        '        }\n        pane command="lazygit"\n    }\n}\n'
    ), value


SHARED = (
    codex_config_toml_mcp_env,
    goose_config_yaml_extension_envs,
    opencode_json_mcp_environment,
    windsurf_mcp_config_env,
    gemini_cli_settings_mcp_env,
    hatch_toml_env_vars,
    zellij_layout_command_env,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def graphhopper_java_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/java/dev/acme/routes/RoutePlanner.java\nGraphHopperWeb gh = new GraphHopperWeb();\n"
        f'gh.setKey("{value}");\n'
        'GHRequest req = new GHRequest(52.5170, 13.3889, 52.5094, 13.3763).setProfile("car");\n'
        "GHResponse rsp = gh.route(req);\n"
        'System.out.println(rsp.getBest().getDistance() / 1000 + " km");\n'
    ), value


def currencyfreaks_rust_reqwest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/rates.rs\npub async fn latest(client: &reqwest::Client) -> reqwest::Result<Rates> {\n"
        '    client\n        .get("https://api.currencyfreaks.com/v2.0/rates/latest")\n'
        f'        .query(&[("apikey", "{value}"), ("symbols", "EUR,GBP,JPY")])\n'
        "        .send()\n        .await?\n        .json::<Rates>()\n        .await\n}\n"
    ), value


def edamam_python_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# menu/recipes.py\nimport requests\n\nresp = requests.get(\n"
        '    "https://api.edamam.com/api/recipes/v2",\n'
        f'    params={{"type": "public", "q": "lentil soup", "app_id": "{s(rng, 8, HEX)}",\n'
        f'            "app_key": "{value}"}},\n'
        "    timeout=10,\n)\nfor hit in resp.json()['hits'][:5]:\n    print(hit['recipe']['label'])\n"
    ), value


def nutritionix_swift_urlrequest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Sources/Diary/NutritionClient.swift\n"
        'var request = URLRequest(url: URL(string: "https://trackapi.nutritionix.com/v2/natural/nutrients")!)\n'
        'request.httpMethod = "POST"\n'
        f'request.setValue("{s(rng, 8, HEX)}", forHTTPHeaderField: "x-app-id")\n'
        f'request.setValue("{value}", forHTTPHeaderField: "x-app-key")\n'
        'request.setValue("application/json", forHTTPHeaderField: "Content-Type")\n'
        'request.httpBody = try JSONEncoder().encode(["query": "two eggs and toast"])\n'
    ), value


def helpscout_ruby_faraday(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/docs_sync.rb\nrequire 'faraday'\n\n"
        "conn = Faraday.new(url: 'https://docsapi.helpscout.net/v1') do |f|\n"
        f"  f.request :authorization, :basic, '{value}', 'X'\n"
        "  f.response :json\nend\n"
        "conn.get('collections').body['collections']['items'].each { |c| puts c['name'] }\n"
    ), value


def insightly_powershell_rest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Export-Contacts.ps1\n"
        f"$pair = '{value}:'\n"
        "$auth = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes($pair))\n"
        "Invoke-RestMethod -Uri 'https://api.na1.insightly.com/v3.1/Contacts?top=100' `\n"
        '    -Headers @{ Authorization = "Basic $auth" } | Export-Csv contacts.csv -NoTypeInformation\n'
    ), value


def mite_ruby_gem(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# script/weekly_hours.rb\nrequire 'mite-rb'\n\nMite.account = 'acme'\n"
        f"Mite.key = '{value}'\n"
        "Mite.user_agent = 'acme-weekly-hours/1.2'\n"
        "entries = Mite::TimeEntry.all(params: { at: 'last_week', user_id: 'current' })\n"
        "puts entries.sum(&:minutes) / 60.0\n"
    ), value


def docparser_php_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// bin/upload-invoices.php\nrequire __DIR__ . '/../vendor/autoload.php';\n\n"
        f"$docparser = new \\Docparser\\Docparser('{value}');\n"
        "if ($docparser->ping()) {\n"
        "    $result = $docparser->uploadDocumentByPath('" + s(rng, 12, LOWER) + "', 'inbox/invoice-2211.pdf');\n"
        "    echo $result['id'], PHP_EOL;\n}\n"
    ), value


def snipcart_node_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// netlify/functions/orders.js\n"
        f"const auth = Buffer.from('{value}:').toString('base64');\n"
        "export async function handler() {\n"
        "  const res = await fetch('https://app.snipcart.com/api/orders?limit=20', {\n"
        "    headers: { Accept: 'application/json', Authorization: `Basic ${auth}` },\n  });\n"
        "  return { statusCode: 200, body: JSON.stringify((await res.json()).items) };\n}\n"
    ), value


def loyverse_go_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// cmd/receipts/main.go\n"
        'req, _ := http.NewRequest("GET", "https://api.loyverse.com/v1.0/receipts?limit=50", nil)\n'
        f'req.Header.Set("Authorization", "Bearer {value}")\n'
        "res, err := http.DefaultClient.Do(req)\nif err != nil {\n\tlog.Fatal(err)\n}\n"
        "defer res.Body.Close()\nio.Copy(os.Stdout, res.Body)\n"
    ), value


def luno_python_sdk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# treasury/balances.py\nfrom luno_python.client import Client\n\n"
        f"c = Client(api_key_id='{s(rng, 13, LOWER + DIGITS)}', api_key_secret='{value}')\n"
        "for b in c.get_balances()['balance']:\n    print(b['asset'], b['balance'])\n"
    ), value


def bitmex_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# desk/positions.py\nimport bitmex\n\n"
        f"client = bitmex.bitmex(test=False, api_key='{s(rng, 24, ALNUM)}',\n"
        f"                       api_secret='{value}')\n"
        "positions, _ = client.Position.Position_get(filter='{\"isOpen\": true}').result()\n"
        "print([(p['symbol'], p['currentQty']) for p in positions])\n"
    ), value


def cryptocompare_curl_apikey_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s 'https://min-api.cryptocompare.com/data/pricemulti?fsyms=BTC,ETH&tsyms=EUR' \\\n"
        f"    -H 'authorization: Apikey {value}'\n"
        '{"BTC":{"EUR":81234.5},"ETH":{"EUR":3011.72}}\n'
    ), value


def sirv_node_token_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/sirv-upload.mjs\nconst res = await fetch('https://api.sirv.com/v2/token', {\n"
        "  method: 'POST',\n  headers: { 'content-type': 'application/json' },\n  body: JSON.stringify({\n"
        f"    clientId: '{s(rng, 26, ALNUM)}',\n"
        f"    clientSecret: '{value}',\n"
        "  }),\n});\nconst { token, expiresIn } = await res.json();\n"
    ), value


def shipday_python_sdk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# dispatch/assign.py\nfrom shipday import Shipday\n\n"
        f"shipday = Shipday(api_key='{value}')\n"
        "for carrier in shipday.CarrierService.get_carriers():\n"
        "    print(carrier.name, carrier.is_on_shift)\n"
    ), value


def poloniex_node_client(rng: random.Random, var: str, value: str) -> Place:
    key = "-".join(s(rng, 8, UPPER + DIGITS) for _ in range(4))
    return (
        "// bots/rebalance.js\nconst Poloniex = require('poloniex-api-node');\n\n"
        f"const poloniex = new Poloniex('{key}',\n"
        f"  '{value}');\n"
        "poloniex.returnBalances().then((b) => console.log(b.BTC, b.USDT));\n"
    ), value


def deputy_curl_oauth_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -H "Authorization: OAuth {value}" \\\n'
        "    https://acme" + s(rng, 4, DIGITS) + ".as.deputy.com/api/v1/me | jq -r '.Name, .Company'\n"
        "Dana Okafor\nAcme Bakeries Pty Ltd\n"
    ), value


def positionstack_kotlin_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// app/src/main/java/dev/acme/stores/Geocoder.kt\nsuspend fun forward(address: String): Location? {\n"
        '    val url = "https://api.positionstack.com/v1/forward" +\n'
        f'        "?access_key={value}" +\n'
        '        "&query=" + URLEncoder.encode(address, "UTF-8") + "&limit=1"\n'
        "    return json.decodeFromString<Result>(client.get(url).bodyAsText()).data.firstOrNull()\n}\n"
    ), value


def rownd_curl_app_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s https://api.rownd.io/applications/{s(rng, 18, DIGITS)}/users/data \\\n"
        f"    -H 'x-rownd-app-key: {uuid4(rng)}' \\\n"
        f"    -H 'x-rownd-app-secret: {value}' | jq '.total_results'\n"
        "1284\n"
    ), value


def travelpayouts_php_guzzle(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// app/Services/FareFeed.php\n$client = new \\GuzzleHttp\\Client(['base_uri' => "
        "'https://api.travelpayouts.com/']);\n$res = $client->get('aviasales/v3/prices_for_dates', [\n"
        "    'query' => ['origin' => 'BER', 'destination' => 'LIS', 'currency' => 'eur'],\n"
        f"    'headers' => ['X-Access-Token' => '{value}'],\n]);\n"
        "$fares = json_decode($res->getBody(), true)['data'];\n"
    ), value


def worksnaps_python_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# payroll/worksnaps_hours.py\nimport requests\n\n"
        "r = requests.get('https://api.worksnaps.com/api/projects.xml',\n"
        f"                 auth=('{value}', 'ignored'), timeout=20)\n"
        "r.raise_for_status()\nprint(r.text[:200])\n"
    ), value


def whoxy_perl_lwp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/perl\n# bin/whois-expiry.pl\nuse strict;\nuse LWP::UserAgent;\nuse JSON::PP;\n\n"
        f"my $key = '{value}';\n"
        "my $ua = LWP::UserAgent->new(timeout => 15);\n"
        'my $res = $ua->get("https://api.whoxy.com/?key=$key&whois=$ARGV[0]");\n'
        'print decode_json($res->decoded_content)->{expiry_date}, "\\n";\n'
    ), value


def zipcodeapi_csharp_httpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Services/DeliveryZone.cs\npublic async Task<double> MilesBetween(string from, string to)\n{\n"
        "    var json = await _http.GetStringAsync(\n"
        f'        $"https://www.zipcodeapi.com/rest/{value}/distance.json/{{from}}/{{to}}/mile");\n'
        '    return JsonDocument.Parse(json).RootElement.GetProperty("distance").GetDouble();\n}\n'
    ), value


ONE_VENDOR = (
    graphhopper_java_client,
    currencyfreaks_rust_reqwest,
    edamam_python_requests,
    nutritionix_swift_urlrequest,
    helpscout_ruby_faraday,
    insightly_powershell_rest,
    mite_ruby_gem,
    docparser_php_client,
    snipcart_node_basic_auth,
    loyverse_go_bearer,
    luno_python_sdk,
    bitmex_python_client,
    cryptocompare_curl_apikey_header,
    sirv_node_token_fetch,
    shipday_python_sdk,
    poloniex_node_client,
    deputy_curl_oauth_header,
    positionstack_kotlin_url,
    rownd_curl_app_headers,
    travelpayouts_php_guzzle,
    worksnaps_python_requests,
    whoxy_perl_lwp,
    zipcodeapi_csharp_httpclient,
)
