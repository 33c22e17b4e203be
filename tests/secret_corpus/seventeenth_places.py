"""Where the seventeenth held-out part (seventeenth.py) shows its vendors' secrets: surroundings none of the other
parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: a ``justfile``'s exported variable, PDM's script ``env``, an SST function's
``environment``, a Bicep web app's ``appSettings``, a Nix flake's ``devShell`` hook, a Cloud Native Buildpacks
``project.toml`` and an Apps Script project's script properties. Places of one vendor follow, each named for it: its
API called as its documentation shows (curl, wget, a spreadsheet formula, a query string), or its SDK or client in
the language its users write."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, s, uuid4


def justfile_export_assignment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# justfile\nset dotenv-load := false\n\n"
        f'export {var} := "{value}"\nexport RUST_LOG := "info"\n\n'
        "run:\n    cargo run --release -- --port 8080\n\ntest:\n    cargo nextest run\n"
    ), value


def pdm_scripts_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# pyproject.toml\n[project]\nname = "trip-planner"\nversion = "0.7.2"\nrequires-python = ">=3.11"\n\n'
        "[tool.pdm.scripts]\n"
        f'dev = {{cmd = "uvicorn planner.app:app --reload", env = {{{var} = "{value}", LOG_LEVEL = "debug"}}}}\n'
        'test = "pytest -q"\n'
    ), value


def sst_config_function_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// sst.config.ts\n/// <reference path="./.sst/platform/config.d.ts" />\nexport default $config({\n'
        '  app(input) {\n    return { name: "atlas", home: "aws" };\n  },\n  async run() {\n'
        '    const api = new sst.aws.Function("Api", {\n      handler: "packages/api/index.handler",\n'
        f'      url: true,\n      environment: {{\n        {var}: "{value}",\n      }},\n    }});\n'
        "    return { api: api.url };\n  },\n});\n"
    ), value


def bicep_webapp_app_settings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// infra/webapp.bicep\nparam location string = resourceGroup().location\n\n"
        "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'atlas-web-prod'\n  location: location\n"
        "  properties: {\n    siteConfig: {\n      appSettings: [\n"
        "        { name: 'WEBSITE_RUN_FROM_PACKAGE', value: '1' }\n"
        f"        {{ name: '{var}', value: '{value}' }}\n"
        "      ]\n    }\n  }\n}\n"
    ), value


def nix_flake_devshell_shellhook(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# flake.nix\n{\n  inputs.nixpkgs.url = "github:NixOS/nixpkgs/nixos-24.05";\n'
        "  outputs = { self, nixpkgs }: let pkgs = nixpkgs.legacyPackages.x86_64-linux; in {\n"
        "    devShells.x86_64-linux.default = pkgs.mkShell {\n      packages = [ pkgs.nodejs_20 pkgs.pnpm ];\n"
        f"      shellHook = ''\n        export {var}={value}\n        echo \"atlas dev shell\"\n      '';\n"
        "    };\n  };\n}\n"
    ), value


def project_toml_build_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# project.toml (Cloud Native Buildpacks)\n[_]\nschema-version = "0.2"\nid = "acme.atlas-web"\n\n'
        '[[io.buildpacks.build.env]]\nname = "BP_NODE_VERSION"\nvalue = "20.*"\n\n'
        f'[[io.buildpacks.build.env]]\nname = "{var}"\nvalue = "{value}"\n'
    ), value


def apps_script_set_script_property(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Setup.gs (run once from the Apps Script editor)\nfunction setup() {\n"
        "  const props = PropertiesService.getScriptProperties();\n"
        f"  props.setProperty('{var}', '{value}');\n"
        "  props.setProperty('SHEET_ID', '1" + s(rng, 43) + "');\n}\n"
    ), value


SHARED = (
    justfile_export_assignment,
    pdm_scripts_env,
    sst_config_function_environment,
    bicep_webapp_app_settings,
    nix_flake_devshell_shellhook,
    project_toml_build_env,
    apps_script_set_script_property,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def locationiq_search_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s "https://us1.locationiq.com/v1/search?key={value}&q=Brandenburger%20Tor%2C%20Berlin&format=json"'
        " | jq '.[0] | {lat, lon}'\n"
        '{\n  "lat": "52.5162746",\n  "lon": "13.3777041"\n}\n'
    ), value


def mailsac_axios_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// e2e/helpers/inbox.ts\nimport axios from 'axios';\n\nconst mailsac = axios.create({\n"
        "  baseURL: 'https://mailsac.com/api',\n"
        f"  headers: {{ 'Mailsac-Key': '{value}' }},\n}});\n\n"
        "export async function latestMessage(address: string) {\n"
        "  const { data } = await mailsac.get(`/addresses/${address}/messages`);\n  return data[0];\n}\n"
    ), value


def daily_rooms_python_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import requests\n\nresp = requests.post(\n    'https://api.daily.co/v1/rooms',\n"
        f"    headers={{'Authorization': 'Bearer {value}'}},\n"
        "    json={'name': 'standup-"
        + s(rng, 6, DIGITS)
        + "', 'privacy': 'private', 'properties': {'exp': 1764500000}},\n"
        ")\nprint(resp.json()['url'])\n"
    ), value


def pixabay_swift_url_components(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// ImageSearch.swift\nvar components = URLComponents(string: "https://pixabay.com/api/")!\n'
        "components.queryItems = [\n"
        f'    URLQueryItem(name: "key", value: "{value}"),\n'
        '    URLQueryItem(name: "q", value: query),\n    URLQueryItem(name: "image_type", value: "photo"),\n]\n'
        "let (data, _) = try await URLSession.shared.data(from: components.url!)\n"
    ), value


def here_maps_js_platform(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<script src="https://js.api.here.com/v3/3.1/mapsjs-core.js"></script>\n'
        '<script src="https://js.api.here.com/v3/3.1/mapsjs-service.js"></script>\n<script>\n'
        f"  const platform = new H.service.Platform({{ apikey: '{value}' }});\n"
        "  const layers = platform.createDefaultLayers();\n"
        "  const map = new H.Map(document.getElementById('map'), layers.vector.normal.map, {\n"
        "    center: { lat: 50.11, lng: 8.68 }, zoom: 11,\n  });\n</script>\n"
    ), value


def stormglass_fetch_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// surf-report/fetch.mjs\nconst params = 'waveHeight,wavePeriod,windSpeed';\n"
        "const res = await fetch(\n"
        "  `https://api.stormglass.io/v2/weather/point?lat=43.48&lng=-1.56&params=${params}`,\n"
        f"  {{ headers: {{ Authorization: '{value}' }} }},\n);\n"
        "const { hours } = await res.json();\nconsole.log(hours[0].waveHeight.sg);\n"
    ), value


def visualcrossing_sheets_importdata(rng: random.Random, var: str, value: str) -> Place:
    return (
        'Sheet "Forecast", cell A1:\n'
        '=IMPORTDATA("https://weather.visualcrossing.com/VisualCrossingWebServices/rest/services/timeline/'
        f'Lyon?unitGroup=metric&include=days&key={value}&contentType=csv")\n'
    ), value


def oanda_rates_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -H 'Authorization: Bearer " + value + "' \\\n"
        "    'https://exchange-rates-api.oanda.com/v2/rates/spot.json?base=EUR&quote=USD&quote=GBP'\n"
        '{"meta":{"effective_params":{"data_set":"OANDA","base_currencies":["EUR"]}},"quotes":[{"base_currency":"EUR",'
        '"quote_currency":"USD","bid":"1.05212","ask":"1.05226"}]}\n'
    ), value


def tomorrow_go_realtime(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// internal/weather/tomorrow.go\npackage weather\n\n"
        f'const apiKey = "{value}"\n\n'
        "func Realtime(ctx context.Context, loc string) (*http.Response, error) {\n"
        '\tu := "https://api.tomorrow.io/v4/weather/realtime?location=" + url.QueryEscape(loc) + "&apikey=" + apiKey\n'
        '\treq, _ := http.NewRequestWithContext(ctx, "GET", u, nil)\n\treturn http.DefaultClient.Do(req)\n}\n'
    ), value


def geoapify_leaflet_tiles(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/map.js\nconst map = L.map('map').setView([48.8566, 2.3522], 13);\n"
        "L.tileLayer(\n"
        f"  'https://maps.geoapify.com/v1/tile/osm-bright/{{z}}/{{x}}/{{y}}.png?apiKey={value}',\n"
        "  { maxZoom: 20, attribution: 'Powered by Geoapify | © OpenStreetMap contributors' },\n).addTo(map);\n"
    ), value


def rawg_dart_uri_https(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// lib/data/games_api.dart\nFuture<List<Game>> searchGames(String term) async {\n"
        "  final uri = Uri.https('api.rawg.io', '/api/games', {\n"
        f"    'key': '{value}',\n    'search': term,\n    'page_size': '20',\n  }});\n"
        "  final res = await http.get(uri);\n  return parseGames(res.body);\n}\n"
    ), value


def aviationstack_php_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n$queryString = http_build_query([\n"
        f"  'access_key' => '{value}',\n  'dep_iata' => 'VIE',\n  'limit' => 5,\n]);\n"
        "$ch = curl_init(sprintf('%s?%s', 'https://api.aviationstack.com/v1/flights', $queryString));\n"
        "curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);\n$api_result = json_decode(curl_exec($ch), true);\n"
    ), value


def pdfshift_convert_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -u 'api:{value}' https://api.pdfshift.io/v3/convert/pdf \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        '    -d \'{"source":"https://invoices.acme.dev/2026/11/INV-' + s(rng, 5, DIGITS) + '","landscape":false}\' \\\n'
        "    -o invoice.pdf\n$ file invoice.pdf\ninvoice.pdf: PDF document, version 1.4, 2 pages\n"
    ), value


def polygon_python_rest_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from polygon import RESTClient\n\n"
        f'client = RESTClient(api_key="{value}")\n'
        'aggs = client.get_aggs("AAPL", 1, "day", "2026-11-01", "2026-11-27")\n'
        "print(len(aggs), aggs[-1].close)\n"
    ), value


def cloudconvert_node_sdk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/convert-docs.mjs\nimport CloudConvert from 'cloudconvert';\n\n"
        f"const cloudConvert = new CloudConvert('{value}');\n\n"
        "const job = await cloudConvert.jobs.create({\n  tasks: {\n"
        "    'import-docx': { operation: 'import/url', url: 'https://files.acme.dev/handbook.docx' },\n"
        "    'to-pdf': { operation: 'convert', input: 'import-docx', output_format: 'pdf' },\n  },\n});\n"
    ), value


def buttercms_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from butter_cms import ButterCMS\n\n"
        f"client = ButterCMS('{value}')\n"
        "posts = client.posts.all({'page': 1, 'page_size': 10, 'exclude_body': 'true'})\n"
        "for post in posts['data']:\n    print(post['slug'])\n"
    ), value


def guardian_ruby_net_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/tasks/headlines.rake\nrequire 'net/http'\nrequire 'json'\n\ntask :headlines do\n"
        f"  uri = URI('https://content.guardianapis.com/search?section=technology&page-size=5&api-key={value}')\n"
        "  JSON.parse(Net::HTTP.get(uri))['response']['results'].each { |r| puts r['webTitle'] }\nend\n"
    ), value


def elasticemail_send_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -X POST https://api.elasticemail.com/v2/email/send \\\n"
        f"    --data-urlencode 'apikey={value}' \\\n"
        "    --data-urlencode 'from=alerts@acme.dev' --data-urlencode 'to=oncall@acme.dev' \\\n"
        "    --data-urlencode 'subject=Disk above 90%' --data-urlencode 'bodyText=db-3 /var at 93%'\n"
        '{"success":true,"data":{"transactionid":"' + uuid4(rng) + '","messageid":"' + s(rng, 22) + '"}}\n'
    ), value


def peopledatalabs_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from peopledatalabs import PDLPY\n\n"
        f'client = PDLPY(api_key="{value}")\n'
        'result = client.company.enrichment(website="acme.dev", pretty=True).json()\n'
        'print(result["employee_count"], result["industry"])\n'
    ), value


def fmp_r_jsonlite(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# analysis/quotes.R\nlibrary(jsonlite)\n\n"
        f'fmp_key <- "{value}"\n'
        'quote <- fromJSON(paste0("https://financialmodelingprep.com/api/v3/quote/MSFT,NVDA?apikey=", fmp_key))\n'
        'quote[, c("symbol", "price", "pe")]\n'
    ), value


def clarifai_grpc_metadata(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from clarifai_grpc.channel.clarifai_channel import ClarifaiChannel\n"
        "from clarifai_grpc.grpc.api import service_pb2_grpc\n\n"
        "stub = service_pb2_grpc.V2Stub(ClarifaiChannel.get_grpc_channel())\n"
        f"metadata = (('authorization', 'Key {value}'),)\n"
        "# response = stub.PostModelOutputs(request, metadata=metadata)\n"
    ), value


def rocketreach_account_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s https://api.rocketreach.co/v2/api/account \\\n"
        f"    -H 'Api-Key: {value}'\n"
        '{"id":' + s(rng, 7, DIGITS) + ',"first_name":"Lena","last_name":"Kraus","state":"registered",'
        '"plan":{"name":"Essentials"},"lookup_credit_balance":182}\n'
    ), value


def ipinfodb_elixir_module(rng: random.Random, var: str, value: str) -> Place:
    return (
        "defmodule Geo.IpInfoDb do\n"
        f'  @api_key "{value}"\n\n'
        "  def city(ip) do\n"
        '    url = "https://api.ipinfodb.com/v3/ip-city/?key=#{@api_key}&ip=#{ip}&format=json"\n'
        "    %{body: body} = Req.get!(url)\n    body\n  end\nend\n"
    ), value


ONE_VENDOR = (
    locationiq_search_curl,
    mailsac_axios_header,
    daily_rooms_python_requests,
    pixabay_swift_url_components,
    here_maps_js_platform,
    stormglass_fetch_header,
    visualcrossing_sheets_importdata,
    oanda_rates_curl,
    tomorrow_go_realtime,
    geoapify_leaflet_tiles,
    rawg_dart_uri_https,
    aviationstack_php_curl,
    pdfshift_convert_curl,
    polygon_python_rest_client,
    cloudconvert_node_sdk,
    buttercms_python_client,
    guardian_ruby_net_http,
    elasticemail_send_curl,
    peopledatalabs_python_client,
    fmp_r_jsonlite,
    clarifai_grpc_metadata,
    rocketreach_account_curl,
    ipinfodb_elixir_module,
)
