"""Where the thirteenth held-out part (thirteenth.py) shows its vendors' secrets: surroundings none of the other parts
has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: ``eb setenv``, Capistrano's ``default_env``, ``oc set env``, ``docker service
create --env``, Passenger's ``passenger_env_var``, ``lxc config set … environment.``, ``apptainer exec --env``, a
helmfile release's ``set``, a ``~/.zshrc``, a systemd-nspawn ``.nspawn`` file, a DigitalOcean App Platform spec,
``clever env set`` and ``platform variable:create``. Places of one vendor follow, each named for it: its API called as
its documentation shows, its SDK or CLI, or the file its tool reads."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, s, uuid4

LOWER_NUM = LOWER + DIGITS


def eb_setenv_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ eb setenv {var}={value} NODE_ENV=production -e acme-api-prod\n"
        "2026-11-20 09:14:03    INFO    Environment update is starting.\n"
        "2026-11-20 09:14:41    INFO    Updating environment acme-api-prod's configuration settings.\n"
        "2026-11-20 09:15:38    INFO    Environment update completed successfully.\n"
    ), value


def capistrano_default_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/deploy/production.rb\n"
        'server "app1.acme.internal", user: "deploy", roles: %w{app web}\n'
        'server "app2.acme.internal", user: "deploy", roles: %w{app web}\n'
        'set :branch, "main"\nset :default_env, {\n  "RAILS_ENV" => "production",\n'
        f'  "{var}" => "{value}"\n}}\n'
    ), value


def oc_set_env_deployment(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ oc set env deployment/storefront {var}={value} -n shop-prod\n"
        "deployment.apps/storefront updated\n$ oc rollout status deployment/storefront -n shop-prod\n"
        'Waiting for deployment "storefront" rollout to finish: 1 of 2 updated replicas are available...\n'
        'deployment "storefront" successfully rolled out\n'
    ), value


def docker_service_create_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ docker service create --name mailer --replicas 2 --env {var}={value} --env QUEUE=mail "
        "--network backend registry.acme.dev/mailer:3.1.0\n"
        f"{s(rng, 25, LOWER_NUM)}\noverall progress: 2 out of 2 tasks\n"
        "1/2: running   [==================================================>]\n"
        "2/2: running   [==================================================>]\nverify: Service converged\n"
    ), value


def passenger_env_var_nginx(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/nginx/sites-available/portal.conf\nserver {\n    listen 443 ssl http2;\n"
        "    server_name portal.acme.dev;\n    root /srv/portal/current/public;\n    passenger_enabled on;\n"
        f"    passenger_app_env production;\n    passenger_env_var {var} {value};\n"
        "    passenger_env_var SMTP_HOST smtp.acme.dev;\n}\n"
    ), value


def lxc_config_set_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ lxc config set worker01 environment.{var}="{value}"\n$ lxc restart worker01\n'
        "$ lxc exec worker01 -- systemctl is-active acme-worker\nactive\n"
    ), value


def apptainer_exec_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ apptainer exec --env {var}={value} --bind /data:/data analytics_2.4.sif "
        "python3 /opt/app/sync.py --since 2026-11-01\nINFO:    Using cached SIF image\n"
        "sync: 1840 rows fetched, 12 skipped\n"
    ), value


def helmfile_release_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# helmfile.yaml\nrepositories:\n  - name: bitnami\n    url: https://charts.bitnami.com/bitnami\n"
        "releases:\n  - name: storefront\n    namespace: shop\n    chart: ./charts/storefront\n    values:\n"
        f"      - values/production.yaml\n    set:\n      - name: env.{var}\n        value: {value}\n"
        "      - name: replicaCount\n        value: 3\n"
    ), value


def zshrc_export_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.zshrc\nexport ZSH="$HOME/.oh-my-zsh"\nZSH_THEME="robbyrussell"\nplugins=(git docker kubectl)\n'
        'source $ZSH/oh-my-zsh.sh\nexport PATH="$HOME/.local/bin:$PATH"\n'
        f'export {var}="{value}"\nalias k=kubectl\n'
    ), value


def nspawn_file_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/nspawn/reports.nspawn\n[Exec]\nBoot=yes\n"
        f"Environment={var}={value}\nEnvironment=TZ=Europe/Berlin\n\n[Network]\nVirtualEthernet=yes\n"
    ), value


def doctl_app_spec_envs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .do/app.yaml (doctl apps update $APP_ID --spec .do/app.yaml)\nname: acme-api\nregion: fra\n"
        "services:\n  - name: api\n    github:\n      repo: acme/api\n      branch: main\n"
        f'    run_command: gunicorn app:app\n    envs:\n      - key: {var}\n        value: "{value}"\n'
        "        type: SECRET\n        scope: RUN_TIME\n"
    ), value


def clever_env_set_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ clever env set {var} {value} --alias acme-api\n"
        "Your environment variable has been successfully saved\n$ clever restart --alias acme-api\n"
    ), value


def platformsh_variable_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ platform variable:create --level environment --environment main "
        f"--name env:{var} --value '{value}' --sensitive true --project {s(rng, 13, LOWER_NUM)}\n"
        f"Creating variable env:{var} on the environment main\n"
    ), value


SHARED = (
    eb_setenv_cmd, capistrano_default_env, oc_set_env_deployment, docker_service_create_env, passenger_env_var_nginx,
    lxc_config_set_environment, apptainer_exec_env, helmfile_release_set, zshrc_export_line, nspawn_file_environment,
    doctl_app_spec_envs, clever_env_set_cmd, platformsh_variable_create,
)  # fmt: skip


def checkly_checks_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s "https://api.checklyhq.com/v1/checks?limit=10" -H "Authorization: Bearer {value}" '
        f'-H "X-Checkly-Account: {uuid4(rng)}"\n[{{"id":"{uuid4(rng)}","name":"storefront home","checkType":"API"}}]\n'
    ), value


def courier_node_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import { CourierClient } from "@trycourier/courier";\n\n'
        f'const courier = new CourierClient({{ authorizationToken: "{value}" }});\n\n'
        "const { requestId } = await courier.send({\n"
        '  message: { to: { email: "ana@acme.dev" }, template: "ORDER_SHIPPED", data: { order: 4821 } },\n'
        "});\n"
    ), value


def userflow_users_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl https://api.userflow.com/users/ana-4821 \\\n"
        f"  -H 'Authorization: Bearer {value}' \\\n  -H 'Userflow-Version: 2020-01-03'\n"
    ), value


def bannerbear_images_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST https://api.bannerbear.com/v2/images \\\n  -H 'Content-Type: application/json' \\\n"
        f"  -H 'Authorization: Bearer {value}' \\\n"
        f'  -d \'{{"template":"{s(rng, 14)}","modifications":[{{"name":"title","text":"Autumn sale"}}]}}\'\n'
    ), value


def everhour_time_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s https://api.everhour.com/team/time?from=2026-11-01 -H 'X-Api-Key: {value}' | jq length\n412\n"
    ), value


def signalwire_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from signalwire.rest import Client as signalwire_client\n\n"
        f'client = signalwire_client("{uuid4(rng)}", "{value}", signalwire_space_url="acme.signalwire.com")\n'
        'message = client.messages.create(from_="+15557771234", to="+15550001111", body="Your code is 4821")\n'
    ), value


def pinata_test_authentication_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl --request GET --url https://api.pinata.cloud/data/testAuthentication \\\n"
        f"  --header 'pinata_api_key: {s(rng, 20, LOWER_NUM)}' \\\n  --header 'pinata_secret_api_key: {value}'\n"
        '{"message":"Congratulations! You are communicating with the Pinata API!"}\n'
    ), value


def percy_exec_ci_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"+ export {var}={value}\n+ npx percy exec -- cypress run --spec cypress/e2e/visual.cy.ts\n"
        '[percy] Percy has started!\n[percy] Running "cypress run --spec cypress/e2e/visual.cy.ts"\n'
        "[percy] Snapshot taken: Checkout page\n"
        "[percy] Finalized build #1204: https://percy.io/acme/storefront/builds/1204\n"
    ), value


def shotstack_render_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        'curl -X POST \\\n  -H "Content-Type: application/json" \\\n'
        f'  -H "x-api-key: {value}" \\\n  -d @render.json \\\n  https://api.shotstack.io/edit/stage/render\n'
    ), value


def zenrows_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from zenrows import ZenRowsClient\n\n"
        f'client = ZenRowsClient("{value}")\n'
        'response = client.get("https://www.example.com/pricing", params={"js_render": "true"})\nprint(response.text)\n'
    ), value


def scraperapi_get_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://api.scraperapi.com/?api_key={value}&url=https://httpbin.org/ip&country_code=de"\n'
        '{\n  "origin": "185.12.7.41"\n}\n'
    ), value


def storyblok_js_init(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import { storyblokInit, apiPlugin } from "@storyblok/js";\n\n'
        f'const {{ storyblokApi }} = storyblokInit({{\n  accessToken: "{value}",\n  use: [apiPlugin],\n'
        '  apiOptions: { region: "eu" },\n});\n'
    ), value


def fibery_commands_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST https://acme.fibery.io/api/commands \\\n"
        f"     -H 'Authorization: Token {value}' \\\n     -H 'Content-Type: application/json' \\\n"
        """     -d '[{"command": "fibery.schema/query"}]'\n"""
    ), value


def wistia_medias_curl(rng: random.Random, var: str, value: str) -> Place:
    return f'curl -H "Authorization: Bearer {value}" "https://api.wistia.com/v1/medias.json?per_page=5"\n', value


def crowdin_yml_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'# crowdin.yml\n"project_id": "{rng.randint(100000, 999999)}"\n"api_token": "{value}"\n'
        '"base_path": "."\n"base_url": "https://api.crowdin.com"\n"preserve_hierarchy": true\n\nfiles:\n'
        '  - source: "/locales/en/*.json"\n    translation: "/locales/%two_letters_code%/%original_file_name%"\n'
    ), value


def convertkit_forms_curl(rng: random.Random, var: str, value: str) -> Place:
    return f"curl https://api.convertkit.com/v3/forms?api_key={value}\n", value


def moosend_lists_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s "https://api.moosend.com/v3/lists.json?apikey={value}&WithStatistics=false" | jq .Code\n0\n'
    ), value


def knapsack_pro_rspec_ci(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ KNAPSACK_PRO_CI_NODE_TOTAL=4 KNAPSACK_PRO_CI_NODE_INDEX=1 "
        f"KNAPSACK_PRO_TEST_SUITE_TOKEN_RSPEC={value} bundle exec rake knapsack_pro:queue:rspec\n"
        "I, [2026-11-20T09:14:07] INFO -- : [knapsack_pro] Test suite time execution queue recording enabled.\n"
    ), value


def packagecloud_cli_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.packagecloud\n"
        + json.dumps({"url": "https://packagecloud.io", "token": value})
        + "\n$ package_cloud push acme/tools/ubuntu/jammy acme-cli_2.3.0_amd64.deb\n"
    ), value


def pandadoc_documents_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl --request GET \\\n  --url 'https://api.pandadoc.com/public/v1/documents?status=2' \\\n"
        f"  --header 'Authorization: API-Key {value}'\n"
    ), value


def strava_oauth_token_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST https://www.strava.com/oauth/token \\\n"
        f"  -F client_id={rng.randint(10000, 99999)} \\\n  -F client_secret={value} \\\n"
        f"  -F code={s(rng, 40, HEX)} \\\n  -F grant_type=authorization_code\n"
    ), value


def rebrandly_links_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X POST https://api.rebrandly.com/v1/links \\\n  -H 'Content-Type: application/json' \\\n"
        f"  -H 'apikey: {value}' \\\n"
        """  -d '{"destination": "https://acme.dev/black-friday", "domain": {"fullName": "rebrand.ly"}}'\n"""
    ), value


def tiingo_python_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from tiingo import TiingoClient\n\nconfig = {}\nconfig['session'] = True\n"
        f"config['api_key'] = \"{value}\"\nclient = TiingoClient(config)\n"
        "prices = client.get_ticker_price(\"GOOGL\", startDate='2026-01-01', frequency='daily')\n"
    ), value


def tradier_quotes_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        'curl -X GET "https://api.tradier.com/v1/markets/quotes?symbols=AAPL,VXX190517P00016000" \\\n'
        f'     -H "Authorization: Bearer {value}" \\\n     -H "Accept: application/json"\n'
    ), value


def gumroad_products_curl(rng: random.Random, var: str, value: str) -> Place:
    return f'curl https://api.gumroad.com/v2/products \\\n  -d "access_token={value}" \\\n  -X GET\n', value


def codacy_api_token_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl -X GET https://app.codacy.com/api/v3/user/organizations/gh \\\n"
        f"  -H 'api-token: {value}' \\\n  -H 'Accept: application/json'\n"
    ), value


def sonarcloud_maven_scan(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ mvn -B verify org.sonarsource.scanner.maven:sonar-maven-plugin:sonar "
        "-Dsonar.host.url=https://sonarcloud.io -Dsonar.organization=acme "
        f"-Dsonar.projectKey=acme_billing -Dsonar.token={value}\n"
        "[INFO] User cache: /home/runner/.sonar/cache\n[INFO] ANALYSIS SUCCESSFUL\n"
    ), value


def ayrshare_python_social_post(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from ayrshare import SocialPost\n\n"
        f"social = SocialPost('{value}')\n"
        "result = social.post({'post': 'New release out today', 'platforms': ['linkedin', 'bluesky']})\n"
    ), value


def qase_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"mode": "testops", "fallback": "report", "testops": {"api": {"token": value}, "project": "SHOP",
           "run": {"complete": True}}, "report": {"driver": "local"}}  # fmt: skip
    return f"// qase.config.json\n{json.dumps(doc, indent=2)}\n", value


def amplitude_export_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -u {s(rng, 32, HEX)}:{value} "
        "'https://amplitude.com/api/2/export?start=20261101T00&end=20261101T23' --output events.zip\n"
    ), value


ONE_VENDOR = (
    checkly_checks_curl, courier_node_client, userflow_users_curl, bannerbear_images_curl, everhour_time_curl,
    signalwire_python_client, pinata_test_authentication_curl, percy_exec_ci_log, shotstack_render_curl,
    zenrows_python_client, scraperapi_get_url, storyblok_js_init, fibery_commands_curl, wistia_medias_curl,
    crowdin_yml_config, convertkit_forms_curl, moosend_lists_curl, knapsack_pro_rspec_ci, packagecloud_cli_config,
    pandadoc_documents_curl, strava_oauth_token_curl, rebrandly_links_curl, tiingo_python_client, tradier_quotes_curl,
    gumroad_products_curl, codacy_api_token_curl, sonarcloud_maven_scan, ayrshare_python_social_post,
    qase_config_json, amplitude_export_curl,
)  # fmt: skip
