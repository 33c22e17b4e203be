"""Where the fourteenth held-out part (fourteenth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: a tmuxinator project's ``pre_window``, a PyCharm run configuration, a
Tiltfile's ``local_resource``, DDEV's ``web_environment``, a Lando service's ``environment``, JetBrains' HTTP client
private environment file and a Zed ``tasks.json``. Places of one vendor follow, each named for it: its API called as
its documentation shows, its SDK, or the file its tool reads."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import ALNUM, DIGITS, HEX, LOWER, s, uuid4

LOWER_NUM = LOWER + DIGITS


def tmuxinator_pre_window_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/tmuxinator/shop.yml\nname: shop\nroot: ~/src/shop\n"
        f"pre_window: export {var}={value} RAILS_ENV=development\nwindows:\n  - editor: nvim\n"
        "  - server: bin/rails s\n  - logs: tail -f log/development.log\n"
    ), value


def pycharm_run_configuration_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<!-- .idea/runConfigurations/sync_worker.xml -->\n<component name="ProjectRunConfigurationManager">\n'
        '  <configuration default="false" name="sync worker" type="PythonConfigurationType" factoryName="Python">\n'
        '    <module name="shop" />\n    <envs>\n      <env name="PYTHONUNBUFFERED" value="1" />\n'
        f'      <env name="{var}" value="{value}" />\n    </envs>\n'
        '    <option name="SCRIPT_NAME" value="$PROJECT_DIR$/worker/sync.py" />\n  </configuration>\n</component>\n'
    ), value


def tiltfile_local_resource_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Tiltfile\nk8s_yaml('deploy/dev.yaml')\ndocker_build('shop-api', '.')\n"
        "local_resource(\n    'seed-catalog',\n    cmd='python scripts/seed_catalog.py',\n"
        f"    env={{'{var}': '{value}', 'CATALOG_SIZE': '200'}},\n    resource_deps=['shop-api'],\n)\n"
    ), value


def ddev_config_web_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# .ddev/config.yaml\nname: storefront\ntype: drupal10\ndocroot: web\nphp_version: "8.3"\n'
        f"webserver_type: nginx-fpm\nweb_environment:\n  - {var}={value}\n  - SITE_ENV=local\n"
        'database:\n  type: mariadb\n  version: "10.11"\n'
    ), value


def lando_yml_service_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .lando.yml\nname: intranet\nrecipe: laravel\nconfig:\n  webroot: public\n  php: '8.2'\n"
        f"services:\n  appserver:\n    overrides:\n      environment:\n        {var}: {value}\n"
        "        APP_ENV: local\n"
    ), value


def jetbrains_http_private_env_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"dev": {"host": "http://localhost:8080", var: value}, "staging": {"host": "https://staging.acme.dev"}}
    return "// http-client.private.env.json\n" + json.dumps(doc, indent=2) + "\n", value


def zed_tasks_json_env(rng: random.Random, var: str, value: str) -> Place:
    task = {"label": "import fixtures", "command": "bin/import", "args": ["--all"], "env": {var: value},
            "use_new_terminal": False}  # fmt: skip
    return "// .zed/tasks.json\n" + json.dumps([task], indent=2) + "\n", value


SHARED = (
    tmuxinator_pre_window_export,
    pycharm_run_configuration_env,
    tiltfile_local_resource_env,
    ddev_config_web_environment,
    lando_yml_service_environment,
    jetbrains_http_private_env_json,
    zed_tasks_json_env,
)


# -- places of one vendor: its API as its documentation shows it, its SDK, its CLI or the file its tool reads --------


def airvisual_nearest_city_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://api.airvisual.com/v2/nearest_city?lat=52.52&lon=13.40&key={value}"\n'
        '{"status":"success","data":{"city":"Berlin","state":"Berlin","country":"Germany",'
        '"current":{"pollution":{"aqius":31,"mainus":"p2"}}}}\n'
    ), value


def adzuna_jobs_search_curl(rng: random.Random, var: str, value: str) -> Place:
    app_id = s(rng, 8, HEX)
    return (
        f'$ curl "https://api.adzuna.com/v1/api/jobs/gb/search/1?app_id={app_id}&app_key={value}'
        '&results_per_page=5&what=python%20developer&content-type=application/json"\n'
        '{"count":1843,"mean":61234.5,"results":[{"title":"Python Developer","location":{"display_name":"Leeds"}}]}\n'
    ), value


def agora_projects_basic_auth_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -u "{s(rng, 32, LOWER_NUM)}:{value}" https://api.agora.io/dev/v1/projects\n'
        '{"success":true,"projects":[{"id":"' + s(rng, 9, ALNUM) + '","name":"classroom","status":1}]}\n'
    ), value


def aha_me_bearer_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -H "Authorization: Bearer {value}" -H "Accept: application/json" https://acme.aha.io/api/v1/me\n'
        '{"user":{"id":"' + s(rng, 19, DIGITS) + '","name":"Ana Lima","email":"ana@acme.dev"}}\n'
    ), value


def airship_schedules_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl https://go.urbanairship.com/api/schedules \\\n"
        '    -H "Accept: application/vnd.urbanairship+json; version=3" \\\n'
        f'    -H "Authorization: Bearer {value}"\n'
        '{"ok":true,"count":0,"total_count":0,"schedules":[]}\n'
    ), value


def amadeus_python_sdk_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from amadeus import Client, ResponseError\n\n"
        f"amadeus = Client(client_id='{value}', client_secret='{s(rng, 16, ALNUM)}')\n\n"
        "response = amadeus.shopping.flight_offers_search.get(\n"
        "    originLocationCode='MAD', destinationLocationCode='ATH', departureDate='2026-12-01', adults=1)\n"
    ), value


def apiflash_urltoimage_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -o shot.jpeg "https://api.apiflash.com/v1/urltoimage?access_key={value}'
        '&url=https://acme.dev&width=1440&format=jpeg"\n'
        "  % Total    % Received % Xferd  Average Speed   Time\n100  184k  100  184k    0     0   201k      0\n"
    ), value


def atera_agents_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -H "X-API-KEY: {value}" -H "Accept: application/json" "https://app.atera.com/api/v3/agents?page=1"\n'
        '{"items":[{"AgentID":4411,"MachineName":"FRONTDESK-02","Online":true}],"totalItemCount":1}\n'
    ), value


def borgbase_graphql_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl https://api.borgbase.com/graphql -H 'Content-Type: application/json' \\\n"
        f"    -H 'Authorization: Bearer {value}' \\\n"
        '    -d \'{"query": "{ repoList { id name region } }"}\'\n'
        '{"data":{"repoList":[{"id":"' + s(rng, 8, LOWER_NUM) + '","name":"laptop","region":"eu"}]}}\n'
    ), value


def censys_cli_config_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.config/censys/censys.cfg\n[DEFAULT]\n"
        f"api_id = {uuid4(rng)}\napi_secret = {value}\nasm_api_key = \ncolor = auto\n"
    ), value


def mockaroo_generate_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://api.mockaroo.com/api/generate.json?key={value}&schema=customers&count=3"\n'
        '[{"id":1,"first_name":"Ines","city":"Porto"},{"id":2,"first_name":"Tomas","city":"Brno"}]\n'
    ), value


def baremetrics_account_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl https://api.baremetrics.com/v1/account \\\n"
        f'    -H "Authorization: Bearer {value}" -H "Accept: application/json"\n'
        '{"account":{"id":"' + s(rng, 12, LOWER_NUM) + '","company":"Acme","currency":"usd"}}\n'
    ), value


def currencylayer_live_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://api.currencylayer.com/live?access_key={value}&currencies=EUR,GBP,JPY&format=1"\n'
        '{\n  "success": true,\n  "source": "USD",\n  "quotes": {"USDEUR": 0.9491, "USDGBP": 0.7902}\n}\n'
    ), value


def beebole_company_list_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -u {value}:x -X POST https://beebole-apps.com/api/v2 \\\n"
        '    -d \'{"service": "company.list"}\'\n'
        '{"status":"ok","companies":[{"id":11,"name":"Acme Consulting"}]}\n'
    ), value


def billomat_clients_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -H "X-BillomatApiKey: {value}" -H "Accept: application/json" '
        "https://acme.billomat.net/api/clients?per_page=2\n"
        '{"clients":{"client":[{"id":"88231","name":"Nordwind GmbH"}],"@total":"1"}}\n'
    ), value


def hunter_domain_search_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://api.hunter.io/v2/domain-search?domain=acme.dev&limit=2&api_key={value}"\n'
        '{"data":{"domain":"acme.dev","pattern":"{first}","emails":[{"value":"ana@acme.dev"}]}}\n'
    ), value


def aeroworkflow_appointments_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -H 'apikey: {value}' -H 'Accept: application/json' \\\n"
        f"    https://api.aeroworkflow.com/api/{s(rng, 5, DIGITS)}/v1/AeroAppointments\n"
        '[{"AppointmentId":9021,"Start":"2026-12-02T09:00:00","Client":"Kowalski"}]\n'
    ), value


def alegra_contacts_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -u "contabilidad@acme.co:{value}" "https://api.alegra.com/api/v1/contacts?limit=1"\n'
        '[{"id":"1","name":"Distribuidora Andina","identification":"900123456"}]\n'
    ), value


def brandfetch_brand_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -H "Authorization: Bearer {value}" https://api.brandfetch.io/v2/brands/acme.dev\n'
        '{"name":"Acme","domain":"acme.dev","logos":[{"type":"icon","theme":"dark"}]}\n'
    ), value


def axonaut_companies_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -H "userApiKey: {value}" "https://axonaut.com/api/v2/companies?type=customer"\n'
        '[{"id":51177,"name":"Boulangerie Martin","is_customer":true}]\n'
    ), value


def aylien_sentiment_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl https://api.aylien.com/api/v1/sentiment \\\n"
        f'    -H "X-AYLIEN-TextAPI-Application-ID: {s(rng, 8, LOWER_NUM)}" \\\n'
        f'    -H "X-AYLIEN-TextAPI-Application-Key: {value}" \\\n'
        '    -d text="The delivery was quick and the support friendly."\n'
        '{"polarity":"positive","subjectivity":"subjective","polarity_confidence":0.97}\n'
    ), value


def blitapp_node_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/screenshots.js\nconst axios = require('axios');\n\n"
        f"const blitappKey = '{value}';\n"
        "const res = await axios.get('https://blitapp.com/api/v1/schedules', {\n"
        "  headers: { 'x-api-key': blitappKey },\n});\nconsole.log(res.data.schedules.length);\n"
    ), value


ONE_VENDOR = (
    airvisual_nearest_city_curl,
    adzuna_jobs_search_curl,
    agora_projects_basic_auth_curl,
    aha_me_bearer_curl,
    airship_schedules_curl,
    amadeus_python_sdk_client,
    apiflash_urltoimage_curl,
    atera_agents_curl,
    borgbase_graphql_curl,
    censys_cli_config_file,
    mockaroo_generate_curl,
    baremetrics_account_curl,
    currencylayer_live_curl,
    beebole_company_list_curl,
    billomat_clients_curl,
    hunter_domain_search_curl,
    aeroworkflow_appointments_curl,
    alegra_contacts_curl,
    brandfetch_brand_curl,
    axonaut_companies_curl,
    aylien_sentiment_curl,
    blitapp_node_client,
)
