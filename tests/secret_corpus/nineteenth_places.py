"""Where the nineteenth held-out part (nineteenth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: a PowerShell profile's ``$env:``, a systemd user ``environment.d`` file,
a Spack environment's ``env_vars``, an Angular ``environment.ts``, a Leiningen ``profiles.clj`` (environ), a
``CMakePresets.json`` configure preset's ``environment`` and a Conan profile's ``[buildenv]``. Places of one vendor
follow, each named for it: its API called as its documentation shows (curl, fetch, Net::HTTP, OkHttp, Go's net/http,
HttpClient, R's httr, Dart's http, PHP, Elixir's Req), or its SDK or client in the language its users write (a
client class, a configuration object, a request object, a CLI's configuration file)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, s, uuid4


def powershell_profile_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# C:\\Users\\dana\\Documents\\PowerShell\\Microsoft.PowerShell_profile.ps1\n"
        "Import-Module posh-git\nSet-PSReadLineOption -EditMode Emacs\n"
        f"$env:{var} = '{value}'\n"
        "$env:PATH += ';C:\\tools\\bin'\nfunction gs { git status -sb }\n"
    ), value


def environment_d_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/environment.d/60-work.conf (read by systemd --user at login)\n"
        "EDITOR=nvim\nGOPATH=${HOME}/go\n"
        f"{var}={value}\n"
        "XDG_SCREENSHOTS_DIR=${HOME}/Pictures/shots\n"
    ), value


def spack_yaml_env_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# envs/analysis/spack.yaml (spack env activate envs/analysis)\nspack:\n  specs:\n"
        "  - py-numpy\n  - py-xarray\n  - netcdf-c +mpi\n  view: true\n  concretizer:\n    unify: true\n"
        "  env_vars:\n    set:\n"
        f"      {var}: '{value}'\n"
        "      OMP_NUM_THREADS: '8'\n"
    ), value


def angular_environment_ts(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/environments/environment.development.ts\nexport const environment = {\n  production: false,\n"
        "  apiBaseUrl: 'http://localhost:8080/api',\n"
        f"  {var}: '{value}',\n"
        "  featureFlags: { newCheckout: true },\n};\n"
    ), value


def lein_profiles_clj_env(rng: random.Random, var: str, value: str) -> Place:
    key = var.lower().replace("_", "-")
    return (
        ";; profiles.clj (environ reads :env into (env :" + key + "))\n"
        '{:dev  {:env {:database-url "jdbc:postgresql://localhost/atlas_dev"\n'
        f'              :{key} "{value}"}}}}\n'
        ' :test {:env {:database-url "jdbc:postgresql://localhost/atlas_test"}}}\n'
    ), value


def cmake_presets_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// CMakePresets.json\n{\n  "version": 6,\n  "configurePresets": [\n    {\n'
        '      "name": "dev",\n      "generator": "Ninja",\n      "binaryDir": "${sourceDir}/build/dev",\n'
        '      "environment": {\n'
        f'        "{var}": "{value}",\n'
        '        "CTEST_OUTPUT_ON_FAILURE": "1"\n      }\n    }\n  ]\n}\n'
    ), value


def conan_profile_buildenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.conan2/profiles/ci\n[settings]\narch=x86_64\nbuild_type=Release\ncompiler=gcc\n"
        "compiler.cppstd=20\ncompiler.libcxx=libstdc++11\ncompiler.version=13\nos=Linux\n\n[buildenv]\n"
        f"{var}={value}\n"
        "CMAKE_BUILD_PARALLEL_LEVEL=8\n"
    ), value


SHARED = (
    powershell_profile_env,
    environment_d_conf,
    spack_yaml_env_vars,
    angular_environment_ts,
    lein_profiles_clj_env,
    cmake_presets_environment,
    conan_profile_buildenv,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def fulcrum_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# field/export_forms.py\nfrom fulcrum import Fulcrum\n\n"
        f"fulcrum = Fulcrum(key='{value}')\n"
        "forms = fulcrum.forms.search(url_params={'schema': 'false'})\n"
        "for form in forms['forms']:\n    print(form['id'], form['name'], form['record_count'])\n"
    ), value


def lemlist_axios_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/sync-campaigns.mjs\nimport axios from 'axios';\n\nconst lemlist = axios.create({\n"
        "  baseURL: 'https://api.lemlist.com/api',\n"
        f"  auth: {{ username: '', password: '{value}' }},\n}});\n\n"
        "const { data: campaigns } = await lemlist.get('/campaigns');\n"
        "console.log(campaigns.map((c) => c.name).join('\\n'));\n"
    ), value


def loginradius_node_sdk_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// server/auth.js\nconst config = {\n  apiDomain: 'api.loginradius.com',\n"
        f"  apiKey: '{value}',\n"
        "  apiSecret: process.env.LR_API_SECRET,\n  siteName: 'acme-portal',\n  apiRequestSigning: false,\n};\n"
        "const lrv2 = require('loginradius-sdk')(config);\n\n"
        "module.exports = (token) => lrv2.authenticationApi.getProfileByAccessToken(token);\n"
    ), value


def nftport_elixir_req(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/badges/minter.ex\ndefmodule Badges.Minter do\n  def mint(attendee) do\n"
        '    Req.post!("https://api.nftport.xyz/v0/mints/easy/urls",\n'
        f'      headers: [authorization: "{value}"],\n'
        '      json: %{\n        chain: "polygon",\n        name: "Summit badge ##{attendee.id}",\n'
        '        file_url: "https://cdn.acme.dev/badges/summit.png",\n'
        "        mint_to_address: attendee.wallet\n      }\n    ).body\n  end\nend\n"
    ), value


def sheety_deno_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// sync_rows.ts (deno run --allow-net sync_rows.ts)\n"
        f'const res = await fetch("https://api.sheety.co/{s(rng, 32, LOWER + DIGITS)}/inventory/items", {{\n'
        f'  headers: {{ Authorization: "Bearer {value}" }},\n}});\n'
        "const { items } = await res.json();\nconsole.log(`${items.length} rows`);\n"
    ), value


def thinkific_ruby_net_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# lib/tasks/courses.rake\nrequire 'net/http'\nrequire 'json'\n\n"
        "uri = URI('https://api.thinkific.com/api/public/v1/courses?page=1&limit=25')\n"
        f"req = Net::HTTP::Get.new(uri)\nreq['X-Auth-API-Key'] = '{value}'\n"
        "req['X-Auth-Subdomain'] = 'acme-academy'\n"
        "res = Net::HTTP.start(uri.hostname, uri.port, use_ssl: true) { |http| http.request(req) }\n"
        "puts JSON.parse(res.body)['items'].map { |c| c['name'] }\n"
    ), value


def timecamp_curl_token_path(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ curl -s "https://app.timecamp.com/third_party/api/entries/format/json/api_token/'
        f"{value}/from/2026-11-23/to/2026-11-27\" | jq 'map(.duration | tonumber) | add / 3600'\n"
        "37.75\n"
    ), value


def yousign_php_symfony_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// src/Contract/SignatureRequester.php\nuse Symfony\\Component\\HttpClient\\HttpClient;\n\n"
        "$client = HttpClient::createForBaseUri('https://api.yousign.app/v3/', [\n"
        f"    'auth_bearer' => '{value}',\n]);\n"
        "$response = $client->request('POST', 'signature_requests', ['json' => [\n"
        "    'name' => 'Supplier agreement 2027',\n    'delivery_mode' => 'email',\n"
        "    'timezone' => 'Europe/Paris',\n]]);\necho $response->toArray()['id'], PHP_EOL;\n"
    ), value


def calendarific_r_httr(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# R/holidays.R\nlibrary(httr)\nlibrary(jsonlite)\n\n"
        'resp <- GET("https://calendarific.com/api/v2/holidays",\n'
        f'            query = list(api_key = "{value}", country = "DE", year = 2027))\n'
        'holidays <- fromJSON(content(resp, as = "text"))$response$holidays\n'
        'head(holidays[, c("name", "date")])\n'
    ), value


def salesmate_java_okhttp(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main/java/dev/acme/crm/DealsClient.java\nRequest request = new Request.Builder()\n"
        '    .url("https://acme.salesmate.io/apis/v3/deals/search?rows=25&from=0")\n'
        f'    .addHeader("accessToken", "{value}")\n'
        '    .addHeader("x-linkname", "acme.salesmate.io")\n'
        '    .post(RequestBody.create(query, MediaType.get("application/json")))\n    .build();\n'
        "try (Response response = client.newCall(request).execute()) {\n"
        "    return mapper.readValue(response.body().string(), DealPage.class);\n}\n"
    ), value


def meaningcloud_python_sdk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import meaningcloud\n\nreq = meaningcloud.SentimentRequest(\n"
        f"    '{value}',\n"
        "    lang='en',\n    txt='The onboarding was smooth and support answered within the hour.',\n"
        "    txt_type='plain',\n)\nres = meaningcloud.SentimentResponse(req.sendReq())\n"
        "print(res.getGlobalScoreTag(), res.getGlobalAgreement())\n"
    ), value


def accuweather_dart_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// lib/services/weather_service.dart\nFuture<Conditions> current(String locationKey) async {\n"
        "  final uri = Uri.https('dataservice.accuweather.com', '/currentconditions/v1/$locationKey', {\n"
        f"    'apikey': '{value}',\n"
        "    'details': 'true',\n  });\n  final res = await http.get(uri);\n"
        "  return Conditions.fromJson(jsonDecode(res.body)[0]);\n}\n"
    ), value


def walkscore_php_file_get_contents(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// listing/score.php\n$params = http_build_query([\n    'format' => 'json',\n"
        "    'address' => '1119 8th Avenue Seattle WA 98101',\n    'lat' => 47.6085,\n    'lon' => -122.3295,\n"
        f"    'wsapikey' => '{value}',\n]);\n"
        '$score = json_decode(file_get_contents("https://api.walkscore.com/score?$params"), true);\n'
        "echo $score['walkscore'], ' ', $score['description'], PHP_EOL;\n"
    ), value


def closecrm_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# crm/import_leads.py\nfrom closeio_api import Client\n\n"
        f'api = Client("{value}")\n'
        'lead = api.post("lead", data={"name": "Harbor Freight Lines", "url": "https://harborfreight.example"})\n'
        'print(lead["id"], lead["status_label"])\n'
    ), value


def teamgate_go_net_http(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// internal/teamgate/deals.go\nfunc listDeals(ctx context.Context) (*http.Response, error) {\n"
        '\treq, err := http.NewRequestWithContext(ctx, "GET", "https://api.teamgate.com/v4/deals?limit=20", nil)\n'
        "\tif err != nil {\n\t\treturn nil, err\n\t}\n"
        '\treq.Header.Set("X-App-Key", os.Getenv("TEAMGATE_APP_KEY"))\n'
        f'\treq.Header.Set("X-Auth-Token", "{value}")\n'
        "\treturn http.DefaultClient.Do(req)\n}\n"
    ), value


def gengo_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# i18n/order_translations.py\nimport os\n\nfrom gengo import Gengo\n\ngengo = Gengo(\n"
        f"    public_key='{value}',\n"
        "    private_key=os.environ['GENGO_PRIVATE_KEY'],\n    sandbox=True,\n)\n"
        "print(gengo.getAccountBalance()['response']['credits'])\n"
    ), value


def appcues_curl_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -u "{value}:$APPCUES_API_SECRET" \\\n'
        f"    https://api.appcues.com/v2/accounts/{s(rng, 6, DIGITS)}/flows | jq -r '.[].name' | head -3\n"
        "Welcome tour\nBilling page tips\nNew dashboard announcement\n"
    ), value


def jupiterone_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# audit/open_buckets.py\nfrom jupiterone import JupiterOneClient\n\n"
        f'j1 = JupiterOneClient(account="{uuid4(rng)}", token="{value}")\n'
        'result = j1.query_v1("FIND aws_s3_bucket WITH public = true")\n'
        'for bucket in result["data"]:\n    print(bucket["entity"]["displayName"])\n'
    ), value


def budibase_csharp_httpclient(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Jobs/RowExport.cs\nusing var http = new HttpClient\n"
        '    { BaseAddress = new Uri("https://budibase.app/api/public/v1/") };\n'
        f'http.DefaultRequestHeaders.Add("x-budibase-api-key", "{value}");\n'
        f'http.DefaultRequestHeaders.Add("x-budibase-app-id", "app_{s(rng, 32, HEX)}");\n'
        'var res = await http.PostAsJsonAsync("tables/ta_users/rows/search", new { query = new { } });\n'
        "Console.WriteLine(await res.Content.ReadAsStringAsync());\n"
    ), value


def privacy_node_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/cards.mjs\n"
        "const res = await fetch('https://api.privacy.com/v1/cards?page=1&page_size=50', {\n"
        f"  headers: {{ Authorization: 'api-key {value}' }},\n}});\n"
        "const { data } = await res.json();\nfor (const card of data) console.log(card.memo, card.state);\n"
    ), value


def scalr_cli_conf_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.scalr/scalr.conf\n{\n"
        '  "hostname": "acme.scalr.io",\n'
        f'  "token": "{value}",\n'
        f'  "account": "acc-{s(rng, 15, LOWER + DIGITS)}"\n}}\n'
        "$ scalr get-workspaces | jq -r '.[].name'\nnetwork-prod\nbilling-staging\n"
    ), value


def anypoint_curl_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -H "Authorization: Bearer {value}" \\\n'
        f'    -H "X-ANYPNT-ORG-ID: {uuid4(rng)}" -H "X-ANYPNT-ENV-ID: {uuid4(rng)}" \\\n'
        "    https://anypoint.mulesoft.com/cloudhub/api/v2/applications | jq -r '.[].domain'\n"
        "orders-api-prod\ninventory-sync-prod\n"
    ), value


def instamojo_curl_client_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -X POST https://api.instamojo.com/oauth2/token/ \\\n"
        "    -d grant_type=client_credentials \\\n"
        f"    -d client_id={s(rng, 40)} \\\n"
        f"    -d client_secret={value}\n"
        '{"expires_in": 36000, "token_type": "Bearer", "scope": "read write"}\n'
    ), value


ONE_VENDOR = (
    fulcrum_python_client,
    lemlist_axios_basic_auth,
    loginradius_node_sdk_config,
    nftport_elixir_req,
    sheety_deno_fetch,
    thinkific_ruby_net_http,
    timecamp_curl_token_path,
    yousign_php_symfony_client,
    calendarific_r_httr,
    salesmate_java_okhttp,
    meaningcloud_python_sdk,
    accuweather_dart_http,
    walkscore_php_file_get_contents,
    closecrm_python_client,
    teamgate_go_net_http,
    gengo_python_client,
    appcues_curl_basic,
    jupiterone_python_client,
    budibase_csharp_httpclient,
    privacy_node_fetch,
    scalr_cli_conf_json,
    anypoint_curl_bearer,
    instamojo_curl_client_credentials,
)
