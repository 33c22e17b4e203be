"""Where the eighteenth held-out part (eighteenth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: Replit's ``.replit`` ``[env]``, ``next.config.mjs``'s ``env``, an Android
project's ``local.properties``, a conda ``environment.yml``'s ``variables``, an Xcode scheme's environment, a
``.runsettings`` file's ``EnvironmentVariables`` and a sourcehut build manifest's ``environment``. Places of one vendor
follow, each named for it: its API called as its documentation shows (curl, HTTPie, PowerShell, Julia, Swift, Rust),
or its SDK or client in the language its users write (a class, a configuration object, a module-level setter, a
builder, a Terraform provider)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, s, uuid4


def replit_env_section(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# .replit\nentrypoint = "index.js"\nmodules = ["nodejs-20"]\nrun = "npm run dev"\n\n'
        '[deployment]\nrun = ["sh", "-c", "node index.js"]\ndeploymentTarget = "cloudrun"\n\n'
        f'[env]\n{var} = "{value}"\nPORT = "3000"\n'
    ), value


def next_config_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// next.config.mjs\n/** @type {import('next').NextConfig} */\nconst nextConfig = {\n"
        "  reactStrictMode: true,\n  output: 'standalone',\n  env: {\n"
        f"    {var}: '{value}',\n    NEXT_PUBLIC_SITE_NAME: 'Atlas',\n  }},\n}};\n\nexport default nextConfig;\n"
    ), value


def android_local_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "## This file must *NOT* be checked into Version Control Systems,\n"
        "# as it contains information specific to your local configuration.\n"
        "sdk.dir=/Users/mira/Library/Android/sdk\n"
        f"{var}={value}\n"
    ), value


def conda_environment_yml_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# environment.yml (conda env create -f environment.yml)\nname: market-research\nchannels:\n"
        "  - conda-forge\ndependencies:\n  - python=3.12\n  - pandas\n  - requests\n  - jupyterlab\n"
        f"variables:\n  {var}: {value}\n  PYTHONWARNINGS: ignore::DeprecationWarning\n"
    ), value


def xcscheme_environment_variable(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- Atlas.xcodeproj/xcshareddata/xcschemes/Atlas.xcscheme -->\n"
        '   <LaunchAction\n      buildConfiguration = "Debug"\n      launchStyle = "0"\n'
        '      debugDocumentVersioning = "YES">\n      <EnvironmentVariables>\n         <EnvironmentVariable\n'
        f'            key = "{var}"\n            value = "{value}"\n            isEnabled = "YES">\n'
        "         </EnvironmentVariable>\n      </EnvironmentVariables>\n   </LaunchAction>\n"
    ), value


def runsettings_environment_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!-- tests/integration.runsettings -->\n<RunSettings>\n'
        "  <RunConfiguration>\n    <ResultsDirectory>./TestResults</ResultsDirectory>\n"
        f"    <EnvironmentVariables>\n      <{var}>{value}</{var}>\n"
        "      <ASPNETCORE_ENVIRONMENT>Integration</ASPNETCORE_ENVIRONMENT>\n    </EnvironmentVariables>\n"
        "  </RunConfiguration>\n</RunSettings>\n"
    ), value


def srht_build_manifest_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .build.yml (builds.sr.ht)\nimage: alpine/3.20\npackages:\n  - go\nsources:\n"
        "  - https://git.sr.ht/~mira/atlas\n"
        f"environment:\n  {var}: {value}\n  GOFLAGS: -mod=readonly\n"
        "tasks:\n  - test: |\n      cd atlas\n      go test ./...\n"
    ), value


SHARED = (
    replit_env_section,
    next_config_env,
    android_local_properties,
    conda_environment_yml_variables,
    xcscheme_environment_variable,
    runsettings_environment_variables,
    srht_build_manifest_environment,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def onesignal_node_create_configuration(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/push.ts\nimport * as OneSignal from '@onesignal/node-onesignal';\n\n"
        "const configuration = OneSignal.createConfiguration({\n"
        f"  restApiKey: '{value}',\n}});\nconst client = new OneSignal.DefaultApi(configuration);\n\n"
        "export async function notifyAll(text: string) {\n  const n = new OneSignal.Notification();\n"
        f"  n.app_id = '{uuid4(rng)}';\n  n.contents = {{ en: text }};\n"
        "  n.included_segments = ['Subscribed Users'];\n  return client.createNotification(n);\n}\n"
    ), value


def weatherstack_ktor_parameter(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// app/src/main/java/dev/acme/weather/WeatherApi.kt\n"
        'suspend fun current(city: String): Current = client.get("http://api.weatherstack.com/current") {\n'
        f'    parameter("access_key", "{value}")\n'
        '    parameter("query", city)\n    parameter("units", "m")\n}.body()\n'
    ), value


def rockset_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from rockset import RocksetClient, Regions\n\n"
        f'rs = RocksetClient(host=Regions.usw2a1, api_key="{value}")\n'
        'result = rs.Queries.query(sql={"query": "SELECT COUNT(*) FROM commons.orders"})\n'
        "print(result.results)\n"
    ), value


def keen_ruby_client_new(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/analytics.rb\nrequire 'keen'\n\nKEEN = Keen::Client.new(\n"
        f"  project_id: '{s(rng, 24, LOWER + DIGITS)}',\n  master_key: '{value}',\n)\n\n"
        "KEEN.publish(:signups, { plan: 'team', seats: 12 })\n"
    ), value


def infobip_java_api_client_builder(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/java/dev/acme/notify/SmsSender.java\nvar apiClient = ApiClient\n"
        f'    .forApiKey(ApiKey.from("{value}"))\n'
        f'    .withBaseUrl(BaseUrl.from("https://{s(rng, 6, LOWER + DIGITS)}.api.infobip.com"))\n'
        "    .build();\nvar smsApi = new SmsApi(apiClient);\n"
        "var message = new SmsTextualMessage()\n"
        '    .from("Acme")\n    .destinations(List.of(new SmsDestination().to("491701234567")))\n'
        '    .text("Your code is 482913");\n'
    ), value


def moralis_node_start(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/nft-holders.js\nconst Moralis = require('moralis').default;\n\n(async () => {\n"
        f"  await Moralis.start({{ apiKey: '{value}' }});\n"
        "  const res = await Moralis.EvmApi.nft.getNFTOwners({\n"
        "    chain: '0x1',\n    address: '0x" + s(rng, 40, HEX) + "',\n  });\n"
        "  console.log(res.raw.result.length);\n})();\n"
    ), value


def statuspage_incident_curl(rng: random.Random, var: str, value: str) -> Place:
    page = s(rng, 12, LOWER + DIGITS)
    return (
        f"$ curl -s https://api.statuspage.io/v1/pages/{page}/incidents \\\n"
        f'    -H "Authorization: OAuth {value}" \\\n'
        "    -d 'incident[name]=Delayed webhooks' -d 'incident[status]=investigating'\n"
        '{"id":"' + s(rng, 12, LOWER + DIGITS) + '","name":"Delayed webhooks","status":"investigating",'
        '"page_id":"' + page + '"}\n'
    ), value


def edenai_python_requests_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import requests\n\n"
        f'headers = {{"Authorization": "Bearer {value}"}}\n'
        "payload = {\n"
        '    "providers": "google,amazon",\n    "language": "en",\n'
        '    "text": "The delivery was late but support sorted it out quickly.",\n}\n'
        'resp = requests.post("https://api.edenai.run/v2/text/sentiment_analysis", json=payload, headers=headers)\n'
        'print(resp.json()["google"]["general_sentiment"])\n'
    ), value


def cloudmersive_python_configuration(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import cloudmersive_virus_api_client\n\n"
        "configuration = cloudmersive_virus_api_client.Configuration()\n"
        f"configuration.api_key['Apikey'] = '{value}'\n"
        "api = cloudmersive_virus_api_client.ScanApi(cloudmersive_virus_api_client.ApiClient(configuration))\n"
        "result = api.scan_file('uploads/invoice.pdf')\nprint(result.clean_result)\n"
    ), value


def convertapi_csharp_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Tools/DocxToPdf/Program.cs\nusing ConvertApiDotNet;\n\n"
        f'var convertApi = new ConvertApi("{value}");\n'
        'var result = await convertApi.ConvertAsync("docx", "pdf",\n'
        '    new ConvertApiFileParam("File", @"C:\\reports\\q3.docx"));\n'
        'await result.SaveFilesAsync(@"C:\\reports\\out");\n'
    ), value


def detectlanguage_ruby_configure(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/initializers/detect_language.rb\nrequire 'detect_language'\n\n"
        "DetectLanguage.configure do |config|\n"
        f"  config.api_key = '{value}'\n  config.secure = true\nend\n"
    ), value


def monkeylearn_php_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\nrequire 'vendor/autoload.php';\n\n"
        f"$ml = new MonkeyLearn\\Client('{value}');\n"
        "$res = $ml->classifiers->classify('cl_pi3C7JiL', ['The checkout page keeps timing out']);\n"
        "print_r($res->result);\n"
    ), value


def intrinio_js_sdk_authentications(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// jobs/prices.js\nconst intrinioSDK = require('intrinio-sdk');\n"
        f"intrinioSDK.ApiClient.instance.authentications['ApiKeyAuth'].apiKey = '{value}';\n\n"
        "const securityAPI = new intrinioSDK.SecurityApi();\n"
        "securityAPI.getSecurityStockPrices('AAPL', { pageSize: 5 })\n"
        "  .then((data) => console.log(data.stock_prices));\n"
    ), value


def imagga_tags_curl_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s 'https://api.imagga.com/v2/tags?image_url=https://cdn.acme.dev/catalog/" + s(rng, 8, HEX) + ".jpg'"
        f" \\\n    -H 'Authorization: Basic {value}'\n"
        '{"result":{"tags":[{"confidence":61.4,"tag":{"en":"chair"}},{"confidence":38.9,"tag":{"en":"furniture"}}]},'
        '"status":{"text":"","type":"success"}}\n'
    ), value


def miro_terraform_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# boards/main.tf\nterraform {\n  required_providers {\n"
        '    miro = {\n      source = "Miro-Ecosystem/miro"\n    }\n  }\n}\n\n'
        f'provider "miro" {{\n  access_token = "{value}"\n}}\n\n'
        'resource "miro_board" "retro" {\n  name        = "Sprint 48 retro"\n'
        '  description = "Team board"\n}\n'
    ), value


def sinch_powershell_invoke_restmethod(rng: random.Random, var: str, value: str) -> Place:
    plan = s(rng, 32, HEX)
    return (
        f"PS C:\\ops> $plan = '{plan}'\n"
        f"PS C:\\ops> $headers = @{{ Authorization = 'Bearer {value}' }}\n"
        "PS C:\\ops> $body = @{ from = 'Acme'; to = @('447700900123'); body = 'Backup finished' } | ConvertTo-Json\n"
        'PS C:\\ops> Invoke-RestMethod -Method Post -Uri "https://eu.sms.api.sinch.com/xms/v1/$plan/batches" `\n'
        ">>   -Headers $headers -ContentType 'application/json' -Body $body\n"
    ), value


def pandascore_rust_reqwest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/esports.rs\npub async fn upcoming(client: &reqwest::Client) -> reqwest::Result<Vec<Match>> {\n"
        "    client\n"
        '        .get("https://api.pandascore.co/csgo/matches/upcoming")\n'
        f'        .bearer_auth("{value}")\n'
        '        .query(&[("per_page", "10")])\n        .send()\n        .await?\n        .json()\n        .await\n}\n'
    ), value


def glassnode_julia_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# notebooks/sopr.jl\nusing HTTP, JSON3\n\n"
        f'const GN_KEY = "{value}"\n'
        'r = HTTP.get("https://api.glassnode.com/v1/metrics/indicators/sopr";\n'
        '             query = ["a" => "BTC", "i" => "24h", "api_key" => GN_KEY])\n'
        "data = JSON3.read(r.body)\n"
    ), value


def simfin_python_set_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import simfin as sf\n\n"
        f"sf.set_api_key('{value}')\n"
        "sf.set_data_dir('~/simfin_data/')\n"
        "df = sf.load_income(variant='annual', market='us')\nprint(df.loc['MSFT'].tail(3))\n"
    ), value


def route4me_go_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// cmd/routes/main.go\npackage main\n\n"
        'import (\n\t"fmt"\n\n\t"github.com/route4me/route-optimization-go-sdk"\n'
        '\t"github.com/route4me/route-optimization-go-sdk/routing"\n)\n\n'
        "func main() {\n"
        f'\tclient := route4me.NewClient("{value}")\n'
        "\tservice := &routing.Service{Client: client}\n"
        "\troutes, err := service.GetTeamRoutes(&routing.RouteQuery{Limit: 10})\n\tfmt.Println(len(routes), err)\n}\n"
    ), value


def optimizely_httpie_projects(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ http GET https://api.optimizely.com/v2/projects per_page==5 'Authorization:Bearer {value}'\n"
        "HTTP/1.1 200 OK\nContent-Type: application/json\n\n"
        '[\n    {\n        "id": ' + s(rng, 11, DIGITS) + ',\n        "name": "Checkout experiments",\n'
        '        "platform": "web",\n        "status": "active"\n    }\n]\n'
    ), value


def openuv_swift_urlrequest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Sources/UVIndex/OpenUVClient.swift\n"
        'var request = URLRequest(url: URL(string: "https://api.openuv.io/api/v1/uv?lat=\\(lat)&lng=\\(lng)")!)\n'
        f'request.setValue("{value}", forHTTPHeaderField: "x-access-token")\n'
        "let (data, _) = try await URLSession.shared.data(for: request)\n"
        "let uv = try JSONDecoder().decode(UVResponse.self, from: data)\n"
    ), value


def paralleldots_python_set_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import paralleldots\n\n"
        f'paralleldots.set_api_key("{value}")\n'
        'print(paralleldots.sentiment("The new release fixed every crash we reported"))\n'
        'print(paralleldots.keywords("Quarterly revenue rose on strong cloud demand"))\n'
    ), value


ONE_VENDOR = (
    onesignal_node_create_configuration,
    weatherstack_ktor_parameter,
    rockset_python_client,
    keen_ruby_client_new,
    infobip_java_api_client_builder,
    moralis_node_start,
    statuspage_incident_curl,
    edenai_python_requests_bearer,
    cloudmersive_python_configuration,
    convertapi_csharp_client,
    detectlanguage_ruby_configure,
    monkeylearn_php_client,
    intrinio_js_sdk_authentications,
    imagga_tags_curl_basic,
    miro_terraform_provider,
    sinch_powershell_invoke_restmethod,
    pandascore_rust_reqwest,
    glassnode_julia_http,
    simfin_python_set_api_key,
    route4me_go_client,
    optimizely_httpie_projects,
    openuv_swift_urlrequest,
    paralleldots_python_set_api_key,
)
