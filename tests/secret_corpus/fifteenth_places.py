"""Where the fifteenth held-out part (fifteenth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: a ``Procfile.dev`` run by overmind, Hatch's ``env-vars`` in
``pyproject.toml``, a ``.bazelrc``'s ``--test_env``, GoReleaser's ``env``, Cypress's ``cypress.env.json``, a nox
session's ``env`` and Vitest's ``test.env``. Places of one vendor follow, each named for it: its API called as its
documentation shows (curl, HTTPie, wget, PowerShell), its SDK or its client."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, s, uuid4

LOWER_NUM = LOWER + DIGITS


def procfile_dev_env_prefix(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Procfile.dev (overmind start -f Procfile.dev)\nweb: bin/rails server -p 3000\n"
        f"worker: env {var}={value} bundle exec sidekiq -C config/sidekiq.yml\n"
        "css: bin/rails tailwindcss:watch\n"
    ), value


def hatch_pyproject_env_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# pyproject.toml\n[project]\nname = "ledger-sync"\nversion = "0.9.2"\nrequires-python = ">=3.11"\n\n'
        '[tool.hatch.envs.default]\ndependencies = ["pytest", "httpx"]\n\n'
        f'[tool.hatch.envs.default.env-vars]\n{var} = "{value}"\nLEDGER_ENV = "dev"\n\n'
        '[tool.hatch.envs.default.scripts]\nsync = "python -m ledger_sync"\n'
    ), value


def bazelrc_test_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .bazelrc\nbuild --incompatible_strict_action_env\nbuild --disk_cache=~/.cache/bazel-disk\n"
        f"test --test_env={var}={value}\nbuild:ci --remote_cache=grpcs://cache.acme.dev\n"
        "test --test_output=errors\n"
    ), value


def goreleaser_yaml_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .goreleaser.yaml\nversion: 2\nenv:\n  - CGO_ENABLED=0\n"
        f"  - {var}={value}\nbuilds:\n  - main: ./cmd/relay\n    goos: [linux, darwin]\n"
        "    ldflags:\n      - -s -w -X main.version={{.Version}}\nchangelog:\n  use: github\n"
    ), value


def cypress_env_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"baseUrl": "http://localhost:5173", "login_email": "qa@acme.dev", var: value, "retries": 2}
    return "// cypress.env.json\n" + json.dumps(doc, indent=2) + "\n", value


def noxfile_session_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# noxfile.py\nimport nox\n\n\n@nox.session(python=['3.12'])\ndef integration(session):\n"
        "    session.install('-e', '.[test]')\n"
        f"    session.run('pytest', 'tests/integration', env={{'{var}': '{value}', 'CI': '1'}})\n"
    ), value


def vitest_config_test_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// vitest.config.ts\nimport { defineConfig } from 'vitest/config'\n\nexport default defineConfig({\n"
        "  test: {\n    environment: 'node',\n    env: {\n"
        f"      {var}: '{value}',\n      TZ: 'UTC',\n    }},\n  }},\n}})\n"
    ), value


SHARED = (
    procfile_dev_env_prefix,
    hatch_pyproject_env_vars,
    bazelrc_test_env,
    goreleaser_yaml_env,
    cypress_env_json,
    noxfile_session_env,
    vitest_config_test_env,
)


# -- places of one vendor: its API as its documentation shows it, its SDK or its client ------------------------------


def lunchmoney_categories_httpie(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ http GET https://dev.lunchmoney.app/v1/categories 'Authorization:Bearer {value}'\n"
        "HTTP/1.1 200 OK\nContent-Type: application/json; charset=utf-8\n\n"
        '{"categories": [{"id": 83, "name": "Groceries", "is_income": false}]}\n'
    ), value


def smartystreets_python_sdk_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from smartystreets_python_sdk import StaticCredentials, ClientBuilder\n"
        "from smartystreets_python_sdk.us_street import Lookup\n\n"
        f"credentials = StaticCredentials('{uuid4(rng)}', '{value}')\n"
        "client = ClientBuilder(credentials).with_licenses(['us-core-cloud']).build_us_street_api_client()\n"
        "lookup = Lookup()\nlookup.street = '1600 Amphitheatre Pkwy'\nclient.send_lookup(lookup)\n"
    ), value


def teamwork_desk_me_wget(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ wget -qO- --header "Authorization: Bearer {value} " https://acme.teamwork.com/desk/api/v2/me.json\n'
        '{"user":{"id":' + str(rng.randint(10**5, 10**6)) + ',"firstName":"Maja","email":"maja@acme.dev"}}\n'
    ), value


def clockify_user_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -H 'X-Api-Key: {value}' https://api.clockify.me/api/v1/user\n"
        '{"id":"' + s(rng, 24, HEX) + '","email":"lea@acme.dev","activeWorkspace":"' + s(rng, 24, HEX) + '"}\n'
    ), value


def ynab_python_sdk_configuration(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import ynab\n\n"
        f'configuration = ynab.Configuration(access_token="{value}")\n'
        "with ynab.ApiClient(configuration) as api_client:\n"
        "    budgets = ynab.BudgetsApi(api_client).get_budgets()\n"
        "    print([b.name for b in budgets.data.budgets])\n"
    ), value


def taxjar_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import taxjar\n\n"
        f"client = taxjar.Client(api_key='{value}')\n"
        "rates = client.rates_for_location('90002', {'city': 'Los Angeles', 'country': 'US'})\n"
        "print(rates.combined_rate)\n"
    ), value


def toggl_me_basic_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -u {value}:api_token https://api.track.toggl.com/api/v9/me\n"
        '{"id":' + s(rng, 7, DIGITS) + ',"email":"noah@acme.dev","fullname":"Noah","timezone":"Europe/Vienna"}\n'
    ), value


def pivotal_tracker_me_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -X GET -H "X-TrackerToken: {value}" "https://www.pivotaltracker.com/services/v5/me"\n'
        '{"kind":"me","id":' + s(rng, 7, DIGITS) + ',"name":"Ines Braga","username":"ines"}\n'
    ), value


def zeplin_users_me_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl https://api.zeplin.dev/v1/users/me \\\n"
        f'    -H "Authorization: Bearer {value}"\n'
        '{"id":"' + s(rng, 24, HEX) + '","email":"design@acme.dev","username":"acme-design"}\n'
    ), value


def pusher_python_server_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import pusher\n\npusher_client = pusher.Pusher(\n"
        f"  app_id='{s(rng, 7, DIGITS)}',\n  key='{s(rng, 20, HEX)}',\n  secret='{value}',\n"
        "  cluster='eu',\n  ssl=True\n)\n\npusher_client.trigger('orders', 'created', {'id': 1187})\n"
    ), value


def monday_graphql_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -X POST https://api.monday.com/v2 \\\n"
        f'    -H "Authorization: {value}" \\\n'
        '    -H "Content-Type: application/json" -H "API-Version: 2024-10" \\\n'
        '    -d \'{"query": "query { boards (limit: 1) { id name } }"}\'\n'
        '{"data":{"boards":[{"id":"'
        + s(rng, 10, DIGITS)
        + '","name":"Roadmap"}]},"account_id":'
        + s(rng, 8, DIGITS)
        + "}\n"
    ), value


def wrike_contacts_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -g -X GET -H 'Authorization: bearer {value}' 'https://www.wrike.com/api/v4/contacts?me=true'\n"
        '{"kind":"contacts","data":[{"id":"' + s(rng, 8, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") + '","firstName":"Ola"}]}\n'
    ), value


def transferwise_profiles_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -X GET https://api.transferwise.com/v2/profiles \\\n"
        f'     -H "Authorization: Bearer {value}"\n'
        '[{"id":' + s(rng, 8, DIGITS) + ',"type":"PERSONAL","details":{"firstName":"Oliver"}}]\n'
    ), value


def holidayapi_node_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/holidays.mjs\nimport { HolidayAPI } from 'holidayapi';\n\n"
        f"const holidayApi = new HolidayAPI({{ key: '{value}' }});\n"
        "const { holidays } = await holidayApi.holidays({ country: 'DE', year: 2025 });\n"
        "console.log(holidays.length);\n"
    ), value


def getresponse_accounts_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -H "X-Auth-Token: api-key {value}" https://api.getresponse.com/v3/accounts\n'
        '{"accountId":"' + s(rng, 5, LOWER_NUM) + '","email":"news@acme.dev","countryCode":{"countryCode":"PL"}}\n'
    ), value


def calendly_users_me_powershell(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'PS> $headers = @{{ Authorization = "Bearer {value}" }}\n'
        "PS> Invoke-RestMethod -Uri https://api.calendly.com/users/me -Headers $headers | Select -Expand resource\n\n"
        "name     : Sofia Reyes\nslug     : sofia-reyes\ntimezone : America/Bogota\n"
    ), value


def nasdaq_data_link_python_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import nasdaqdatalink\n\n"
        f"nasdaqdatalink.ApiConfig.api_key = '{value}'\n"
        "gdp = nasdaqdatalink.get('FRED/GDP', start_date='2020-01-01')\nprint(gdp.tail())\n"
    ), value


def coinapi_exchangerate_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl https://rest.coinapi.io/v1/exchangerate/BTC/EUR --header 'X-CoinAPI-Key: {value}'\n"
        '{"time":"2026-11-28T17:02:11.0000000Z","asset_id_base":"BTC","asset_id_quote":"EUR","rate":81234.57}\n'
    ), value


def front_accounts_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl --request GET --url https://api2.frontapp.com/accounts \\\n"
        f"     --header 'accept: application/json' --header 'authorization: Bearer {value}'\n"
        '{"_results":[{"id":"acc_' + s(rng, 5, LOWER_NUM) + '","name":"Nordlicht GmbH"}]}\n'
    ), value


def testingbot_selenium_remote_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from selenium import webdriver\n\noptions = webdriver.ChromeOptions()\n"
        "options.set_capability('tb:options', {'name': 'checkout smoke'})\n"
        "driver = webdriver.Remote(\n"
        f"    command_executor='https://{s(rng, 32, LOWER_NUM)}:{value}@hub.testingbot.com/wd/hub',\n"
        "    options=options,\n)\n"
    ), value


def weatherbit_current_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://api.weatherbit.io/v2.0/current?lat=59.33&lon=18.07&key={value}&units=M"\n'
        '{"count":1,"data":[{"city_name":"Stockholm","temp":3.4,"weather":{"description":"Overcast clouds"}}]}\n'
    ), value


def geckoboard_basic_auth_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl https://api.geckoboard.com/ -u '{value}:'\n{{}}\n"
        "$ curl -X PUT https://api.geckoboard.com/datasets/sales.by_day -u '" + value + ":' \\\n"
        "    -H 'Content-Type: application/json' -d @schema.json\n"
    ), value


def delighted_ruby_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/initializers/delighted.rb\nrequire 'delighted'\n\n"
        f'Delighted.api_key = "{value}"\n'
        "Delighted::Person.create(email: 'customer@acme.dev', send: false)\n"
    ), value


ONE_VENDOR = (
    lunchmoney_categories_httpie,
    smartystreets_python_sdk_credentials,
    teamwork_desk_me_wget,
    clockify_user_curl,
    ynab_python_sdk_configuration,
    taxjar_python_client,
    toggl_me_basic_curl,
    pivotal_tracker_me_curl,
    zeplin_users_me_curl,
    pusher_python_server_client,
    monday_graphql_curl,
    wrike_contacts_curl,
    transferwise_profiles_curl,
    holidayapi_node_client,
    getresponse_accounts_curl,
    calendly_users_me_powershell,
    nasdaq_data_link_python_config,
    coinapi_exchangerate_curl,
    front_accounts_curl,
    testingbot_selenium_remote_url,
    weatherbit_current_curl,
    geckoboard_basic_auth_curl,
    delighted_ruby_config,
)
