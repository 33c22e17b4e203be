"""Where the sixteenth held-out part (sixteenth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: Skaffold's docker ``buildArgs``, pixi's ``[activation.env]``, a
``docker-bake.hcl`` variable's default, an AWS CDK function's ``environment``, a Jest setup file, a ``deno.json``
task and Home Manager's ``home.sessionVariables``. Places of one vendor follow, each named for it: its API called as
its documentation shows (curl, wget, PowerShell, a query string), its SDK or client, or its provider."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, s, uuid4

LOWER_NUM = LOWER + DIGITS


def skaffold_yaml_build_args(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# skaffold.yaml\napiVersion: skaffold/v4beta11\nkind: Config\nbuild:\n  artifacts:\n"
        "    - image: registry.acme.dev/storefront\n      docker:\n        dockerfile: Dockerfile\n"
        f"        buildArgs:\n          {var}: {value}\n          NODE_ENV: production\n"
        "manifests:\n  rawYaml:\n    - k8s/*.yaml\n"
    ), value


def pixi_toml_activation_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# pixi.toml\n[workspace]\nname = "geo-notebooks"\nchannels = ["conda-forge"]\n'
        'platforms = ["linux-64", "osx-arm64"]\n\n[dependencies]\npython = "3.12.*"\npandas = ">=2.2"\n\n'
        f'[activation.env]\n{var} = "{value}"\nMPLBACKEND = "Agg"\n\n[tasks]\nlab = "jupyter lab"\n'
    ), value


def docker_bake_hcl_variable_default(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# docker-bake.hcl\nvariable "TAG" {\n  default = "latest"\n}\n\n'
        f'variable "{var}" {{\n  default = "{value}"\n}}\n\n'
        'target "web" {\n  context = "."\n  tags = ["ghcr.io/acme/web:${TAG}"]\n'
        f'  args = {{\n    {var} = "${{{var}}}"\n  }}\n}}\n'
    ), value


def cdk_lambda_function_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// lib/ingest-stack.ts\nimport * as lambda from 'aws-cdk-lib/aws-lambda';\n\n"
        "const fn = new lambda.Function(this, 'Ingest', {\n  runtime: lambda.Runtime.NODEJS_20_X,\n"
        "  handler: 'index.handler',\n  code: lambda.Code.fromAsset('lambda/ingest'),\n"
        f"  environment: {{\n    {var}: '{value}',\n    STAGE: 'prod',\n  }},\n}});\n"
    ), value


def jest_setup_process_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// jest.setup.js (setupFiles in jest.config.js)\nprocess.env.TZ = 'UTC';\n"
        f"process.env.{var} = '{value}';\n"
        "jest.setTimeout(20000);\n"
    ), value


def deno_json_task_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// deno.json\n{\n  "tasks": {\n'
        f'    "dev": "{var}={value} deno run --allow-net --allow-env --watch main.ts",\n'
        '    "test": "deno test --allow-env"\n  },\n  "imports": {\n'
        '    "@std/assert": "jsr:@std/assert@^1.0.0"\n  }\n}\n'
    ), value


def home_manager_session_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/home-manager/home.nix\n{ config, pkgs, ... }:\n\n{\n"
        '  home.username = "mira";\n  home.stateVersion = "24.05";\n\n  home.sessionVariables = {\n'
        f'    EDITOR = "nvim";\n    {var} = "{value}";\n  }};\n\n  programs.zsh.enable = true;\n}}\n'
    ), value


SHARED = (
    skaffold_yaml_build_args,
    pixi_toml_activation_env,
    docker_bake_hcl_variable_default,
    cdk_lambda_function_environment,
    jest_setup_process_env,
    deno_json_task_env,
    home_manager_session_variables,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def geocodio_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from geocodio import GeocodioClient\n\n"
        f'client = GeocodioClient("{value}")\n'
        'location = client.geocode("1109 N Highland St, Arlington VA")\nprint(location.coords)\n'
    ), value


def customerio_python_track_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from customerio import CustomerIO, Regions\n\n"
        f"cio = CustomerIO('{s(rng, 20, HEX)}', '{value}', region=Regions.EU)\n"
        "cio.identify(id='4211', email='jonas@acme.dev', plan='team')\n"
        "cio.track(customer_id='4211', name='invoice_paid', amount=129)\n"
    ), value


def gyazo_upload_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -F access_token={value} -F imagedata=@Screenshot-2026-11-27.png https://upload.gyazo.com/api/upload\n"
        '{"image_id":"' + s(rng, 32, HEX) + '","permalink_url":"https://gyazo.com/' + s(rng, 32, HEX) + '",'
        '"type":"png"}\n'
    ), value


def yelp_business_search_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl --request GET \\\n"
        "     --url 'https://api.yelp.com/v3/businesses/search?location=Portland&term=ramen&limit=3' \\\n"
        f"     --header 'Authorization: Bearer {value}' \\\n"
        "     --header 'accept: application/json'\n"
        '{"businesses":[{"id":"' + s(rng, 22) + '","name":"Afuri Ramen","rating":4.3}],"total":212}\n'
    ), value


def onelogin_token_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s 'https://acme.onelogin.com/auth/oauth2/v2/token' \\\n"
        f"  -H 'Authorization: client_id:{s(rng, 64, HEX)}, client_secret:{value}' \\\n"
        "  -H 'Content-Type: application/json' -d '{\"grant_type\":\"client_credentials\"}'\n"
        '{"access_token":"' + s(rng, 64, HEX) + '","created_at":"2026-11-28T09:12:44.018Z","expires_in":36000,'
        '"token_type":"bearer","account_id":' + s(rng, 6, DIGITS) + "}\n"
    ), value


def kickbox_node_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// signup/verify-email.js\nconst kickbox = require('kickbox')\n"
        f"  .client('{value}')\n  .kickbox();\n\n"
        "kickbox.verify('new.user@gmail.com', (err, response) => {\n  console.log(response.body.result);\n});\n"
    ), value


def newsapi_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from newsapi import NewsApiClient\n\n"
        f"newsapi = NewsApiClient(api_key='{value}')\n"
        "top = newsapi.get_top_headlines(category='technology', language='en', country='us')\n"
        "print(top['totalResults'])\n"
    ), value


def urlscan_submit_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -X POST "https://urlscan.io/api/v1/scan/" -H "Content-Type: application/json" -H "API-Key: {value}" '
        '-d \'{"url": "https://login-acme-support.top/", "visibility": "private"}\'\n'
        '{"message":"Submission successful","uuid":"' + uuid4(rng) + '","visibility":"private"}\n'
    ), value


def airbrake_deploy_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -X POST -H "Content-Type: application/json" '
        f'"https://api.airbrake.io/api/v4/projects/{s(rng, 6, DIGITS)}/deploys?key={value}" '
        '-d \'{"environment":"production","username":"deploybot","repository":"https://github.com/acme/shop",'
        '"revision":"' + s(rng, 40, HEX) + '","version":"v3.18.0"}\'\n'
        '{"id":"' + s(rng, 19, DIGITS) + '"}\n'
    ), value


def livestorm_ping_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl --request GET \\\n     --url https://api.livestorm.co/v1/ping \\\n"
        "     --header 'accept: application/vnd.api+json' \\\n"
        f"     --header 'Authorization: {value} '\n"
        "HTTP/2 204\n"
    ), value


def iexcloud_quote_pandas(rng: random.Random, var: str, value: str) -> Place:
    return (
        "In [3]: import pandas as pd\n\n"
        f'In [4]: quote = pd.read_json("https://cloud.iexapis.com/stable/stock/aapl/quote?token={value}", '
        'typ="series")\n\n'
        "In [5]: quote[['symbol', 'latestPrice', 'peRatio']]\nOut[5]:\nsymbol           AAPL\n"
        "latestPrice    231.41\npeRatio         35.12\ndtype: object\n"
    ), value


def statuscake_terraform_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# monitoring/providers.tf\nterraform {\n  required_providers {\n    statuscake = {\n"
        '      source  = "StatusCakeDev/statuscake"\n      version = "~> 2.2"\n    }\n  }\n}\n\n'
        f'provider "statuscake" {{\n  api_token = "{value}"\n}}\n'
    ), value


def spoonacular_fetch_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/api/recipes.js\nexport async function randomRecipes(tags) {\n"
        "  const url = new URL('https://api.spoonacular.com/recipes/random');\n"
        f"  url.searchParams.set('apiKey', '{value}');\n"
        "  url.searchParams.set('tags', tags.join(','));\n  const res = await fetch(url);\n  return res.json();\n}\n"
    ), value


def securitytrails_ping_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl --request GET --url https://api.securitytrails.com/v1/ping \\\n"
        f"    --header 'APIKEY: {value}' --header 'accept: application/json'\n"
        '{"success":true}\n'
    ), value


def opencage_python_geocoder(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from opencage.geocoder import OpenCageGeocode\n\n"
        f"geocoder = OpenCageGeocode('{value}')\n"
        "results = geocoder.reverse_geocode(52.5208, 13.4094, language='de', no_annotations=1)\n"
        "print(results[0]['formatted'])\n"
    ), value


def jotform_php_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// cron/export-submissions.php\ninclude 'JotForm.php';\n\n"
        f'$jotformAPI = new JotForm("{value}");\n'
        '$submissions = $jotformAPI->getFormSubmissions("' + s(rng, 15, DIGITS) + '");\n'
        "file_put_contents('submissions.json', json_encode($submissions));\n"
    ), value


def ticketmaster_discovery_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s "https://app.ticketmaster.com/discovery/v2/events.json?city=Berlin&size=2&apikey={value}" '
        "| jq '.page'\n"
        '{\n  "size": 2,\n  "totalElements": 318,\n  "totalPages": 159,\n  "number": 0\n}\n'
    ), value


def the_odds_api_requests_params(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import requests\n\nresp = requests.get(\n"
        "    'https://api.the-odds-api.com/v4/sports/soccer_epl/odds',\n"
        f"    params={{'apiKey': '{value}', 'regions': 'uk', 'markets': 'h2h', 'oddsFormat': 'decimal'}},\n"
        ")\nprint(resp.headers['x-requests-remaining'])\n"
    ), value


def pylast_network(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import pylast\n\n"
        f'API_KEY = "{value}"\nAPI_SECRET = "{s(rng, 32, HEX)}"\n\n'
        'network = pylast.LastFMNetwork(api_key=API_KEY, api_secret=API_SECRET, username="mira_listens")\n'
        'print(network.get_user("mira_listens").get_now_playing())\n'
    ), value


def diffbot_article_wget(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ wget -qO- "https://api.diffbot.com/v3/article?token={value}&url=https%3A%2F%2Fblog.acme.dev%2Freleases"'
        " | head -c 160\n"
        '{"request":{"pageUrl":"https://blog.acme.dev/releases","api":"article","version":3},"objects":[{"title":"'
        "Release notes"
        '"\n'
    ), value


def textmagic_python_rest_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from textmagic.rest import TextmagicRestClient\n\n"
        f'client = TextmagicRestClient("opsalerts", "{value}")\n'
        'message = client.messages.create(phones="4915112345678", text="db-2 replication lag above 30s")\n'
    ), value


def mapquest_leaflet_html(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<!-- public/stores.html -->\n<script src="https://api.mqcdn.com/sdk/mapquest-js/v1.3.2/mapquest.js"></script>\n'
        "<script>\n  window.onload = function () {\n"
        f"    L.mapquest.key = '{value}';\n"
        "    var map = L.mapquest.map('map', { center: [39.74, -104.99], layers: L.mapquest.tileLayer('map'), "
        "zoom: 12 });\n  };\n</script>\n"
    ), value


def ipgeolocation_powershell(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'PS> Invoke-RestMethod "https://api.ipgeolocation.io/ipgeo?apiKey={value}&ip=8.8.8.8" | '
        "Select-Object ip, country_name, city, isp\n\n"
        "ip      country_name  city          isp\n--      ------------  ----          ---\n"
        "8.8.8.8 United States Mountain View Google LLC\n"
    ), value


ONE_VENDOR = (
    geocodio_python_client,
    customerio_python_track_client,
    gyazo_upload_curl,
    yelp_business_search_curl,
    onelogin_token_curl,
    kickbox_node_client,
    newsapi_python_client,
    urlscan_submit_curl,
    airbrake_deploy_curl,
    livestorm_ping_curl,
    iexcloud_quote_pandas,
    statuscake_terraform_provider,
    spoonacular_fetch_js,
    securitytrails_ping_curl,
    opencage_python_geocoder,
    jotform_php_client,
    ticketmaster_discovery_url,
    the_odds_api_requests_params,
    pylast_network,
    diffbot_article_wget,
    textmagic_python_rest_client,
    mapquest_leaflet_html,
    ipgeolocation_powershell,
)
