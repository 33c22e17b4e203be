"""The generic places of the ninth held-out part (ninth.py) in application code, app and game configs and firmware:
surroundings none of the other parts has, each taking ``(rng, name, value)`` and giving ``(text, secret)``. Named in
ninth.py beside the format that uses them; ninth_system.py holds hosts' config files and command lines,
ninth_traces.py what tools print and people write down."""

from __future__ import annotations

import json
import random

from .eighth_generic import q
from .fifth_places import Place
from .fresh import Shown
from .makers import HEX, s


def bundle_config_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ bundle config set --global gems.acme.dev "ci-bot:{value}"\n$ bundle config get gems.acme.dev\n'
        "Settings for `gems.acme.dev` in order of priority. The top value will be used\n"
        f'Set for the current user (/home/ci/.bundle/config): "ci-bot:{value}"\n'
    ), value


def bundle_env_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .gitlab-ci.yml\ntest:\n  image: ruby:3.3\n  variables:\n    BUNDLE_WITHOUT: development\n"
        f'    BUNDLE_GEMS__ACME__DEV: "ci-bot:{value}"\n  script:\n    - bundle install\n    - bundle exec rspec\n'
    ), value


def keycloak_realm_export(rng: random.Random, var: str, value: str) -> Place:
    client = {
        "clientId": "grafana", "enabled": True, "clientAuthenticatorType": "client-secret", "secret": value,
        "redirectUris": ["https://grafana.acme.dev/login/generic_oauth"], "protocol": "openid-connect",
        "publicClient": False,
    }  # fmt: skip
    doc = {"realm": "acme", "enabled": True, "sslRequired": "external", "clients": [client]}
    return "// realm-export.json\n" + json.dumps(doc, indent=2) + "\n", value


def oauth2_proxy_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/oauth2-proxy.cfg\nprovider = "oidc"\noidc_issuer_url = "https://sso.acme.dev/realms/acme"\n'
        f'client_id = "kibana"\nclient_secret = "{value}"\n'
        f'cookie_secret = "{s(rng, 32)}"\nemail_domains = ["acme.dev"]\nupstreams = ["http://127.0.0.1:5601/"]\n'
    ), value


def pulumi_stack_yaml_plain(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Pulumi.prod.yaml\nconfig:\n  aws:region: eu-central-1\n  shop:dbUser: shop\n"
        f'  shop:dbPassword: "{value}"\n  shop:instanceClass: db.t4g.medium\n'
    ), value


def pulumi_config_set_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ pulumi config set shop:dbPassword '{value}'\n$ pulumi config\nKEY            VALUE\n"
        f"aws:region     eu-central-1\nshop:dbPassword  {value}\n"
    ), value


def systemd_unit_setcredential(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/reports.service\n[Unit]\nDescription=Nightly reports\n\n[Service]\n"
        f"Type=oneshot\nDynamicUser=yes\nSetCredential=dbpass:{value}\n"
        "ExecStart=/opt/reports/bin/run --password-file=${CREDENTIALS_DIRECTORY}/dbpass\n"
    ), value


def systemd_run_setcredential(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ sudo systemd-run -P -p SetCredential=smtp:{value} -p DynamicUser=yes "
        "/usr/bin/systemd-creds cat smtp\nRunning as unit: run-u418.service\n"
        f"{value}\n"
    ), value


def apache_requestheader_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<VirtualHost *:443>\n    ServerName search.acme.dev\n    ProxyPass / http://10.0.4.12:9200/\n"
        f'    RequestHeader set X-Upstream-Token "{value}"\n    ProxyPassReverse / http://10.0.4.12:9200/\n'
        "</VirtualHost>\n"
    ), value


def caddy_header_up(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Caddyfile\nmetrics.acme.dev {\n\treverse_proxy 10.0.4.20:8428 {\n"
        f"\t\theader_up X-Api-Key {value}\n\t\theader_up -Cookie\n\t}}\n}}\n"
    ), value


def rails_database_yml_erb(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/database.yml\ndefault: &default\n  adapter: postgresql\n  encoding: unicode\n"
        '  pool: <%= ENV.fetch("RAILS_MAX_THREADS") { 5 } %>\n\nproduction:\n  <<: *default\n'
        f'  database: shop_production\n  username: shop\n  password: <%= ENV.fetch("DB_PASSWORD", "{value}") %>\n'
    ), value


def laravel_config_env_default(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// config/database.php\nreturn [\n    'connections' => [\n        'mysql' => [\n"
        "            'driver' => 'mysql',\n            'host' => env('DB_HOST', '127.0.0.1'),\n"
        "            'username' => env('DB_USERNAME', 'shop'),\n"
        f"            'password' => env('DB_PASSWORD', '{value}'),\n"
        "        ],\n    ],\n];\n"
    ), value


def aspnet_launchsettings_json(rng: random.Random, var: str, value: str) -> Place:
    conn = f"Host=localhost;Port=5432;Database=orders;Username=orders;Password={value}"
    doc = {
        "profiles": {
            "Orders.Api": {
                "commandName": "Project",
                "applicationUrl": "https://localhost:7041",
                "environmentVariables": {"ASPNETCORE_ENVIRONMENT": "Development", "ConnectionStrings__Orders": conn},
            }
        }
    }
    return "// Properties/launchSettings.json\n" + json.dumps(doc, indent=2) + "\n", value


def efcore_connection_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ dotnet ef database update --project src/Orders.Data "
        f'--connection "Host=db.acme.lan;Database=orders;Username=migrator;Password={value}"\n'
        "Build started...\nBuild succeeded.\nApplying migration '20260302101407_AddInvoices'.\nDone.\n"
    ), value


def go_sql_open(rng: random.Random, var: str, value: str) -> Place:
    return (
        'package store\n\nimport (\n\t"database/sql"\n\n\t_ "github.com/go-sql-driver/mysql"\n)\n\n'
        "func Open() (*sql.DB, error) {\n"
        f'\treturn sql.Open("mysql", "shop:{value}@tcp(db.acme.lan:3306)/shop?parseTime=true")\n}}\n'
    ), value


def migrate_cli_database_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ migrate -path ./migrations -database 'mysql://shop:{q(value)}@tcp(db.acme.lan:3306)/shop' up\n"
        "20260301120000/u add_invoices (41.2ms)\n"
    ), q(value)


def rust_reqwest_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "let client = reqwest::Client::new();\nlet resp = client\n"
        '    .get("https://registry.acme.dev/v2/_catalog")\n'
        f'    .basic_auth("deployer", Some("{value}"))\n    .send()\n    .await?;\n'
    ), value


def python_requests_auth_tuple(rng: random.Random, var: str, value: str) -> Place:
    return (
        'import requests\n\nresp = requests.get(\n    "https://nexus.acme.lan/service/rest/v1/components",\n'
        f'    params={{"repository": "pypi-internal"}},\n    auth=("nexus-ci", "{value}"),\n'
        "    timeout=10,\n)\n"
    ), value


def java_password_authentication(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Authenticator.setDefault(new Authenticator() {\n    @Override\n"
        "    protected PasswordAuthentication getPasswordAuthentication() {\n"
        f'        return new PasswordAuthentication("proxyuser", "{value}".toCharArray());\n    }}\n}});\n'
    ), value


def kotlin_okhttp_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        "val client = OkHttpClient.Builder()\n    .authenticator { _, response ->\n"
        f'        val credential = Credentials.basic("svc-reports", "{value}")\n'
        '        response.request.newBuilder().header("Authorization", credential).build()\n    }\n    .build()\n'
    ), value


def mysql_federated_connection(rng: random.Random, var: str, value: str) -> Place:
    return (
        "CREATE TABLE erp_orders (\n  id INT NOT NULL,\n  total DECIMAL(12,2),\n  PRIMARY KEY (id)\n)\n"
        f"ENGINE=FEDERATED\nCONNECTION='mysql://erp_reader:{q(value)}@erpdb.acme.lan:3306/erp/orders';\n"
    ), q(value)


def postgres_user_mapping(rng: random.Random, var: str, value: str) -> Place:
    return (
        "CREATE EXTENSION IF NOT EXISTS postgres_fdw;\n"
        "CREATE SERVER legacy FOREIGN DATA WRAPPER postgres_fdw OPTIONS (host '10.0.9.4', dbname 'legacy');\n"
        f"CREATE USER MAPPING FOR app SERVER legacy OPTIONS (user 'reader', password '{value}');\n"
    ), value


def minecraft_server_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#Minecraft server properties\n#Mon Mar 02 10:14:07 UTC 2026\nenable-rcon=true\nmotd=acme survival\n"
        f"rcon.password={value}\nrcon.port=25575\nserver-port=25565\n"
    ), value


def srcds_server_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// cfg/server.cfg\nhostname "acme | 5v5 scrims"\nsv_lan 0\n'
        f'rcon_password "{value}"\nsv_password ""\nmp_autoteambalance 1\n'
    ), value


def factorio_server_settings(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "name": "acme friday factory", "visibility": {"public": False, "lan": True},
        "game_password": value, "max_players": 8, "autosave_interval": 10,
    }  # fmt: skip
    return "// data/server-settings.json\n" + json.dumps(doc, indent=2) + "\n", value


def valheim_start_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n# start_server.sh\nexport templdpath=$LD_LIBRARY_PATH\n"
        "export LD_LIBRARY_PATH=./linux64:$LD_LIBRARY_PATH\n"
        f'./valheim_server.x86_64 -name "acme" -port 2456 -world "Dedicated" -password "{value}" -crossplay\n'
    ), value


def esphome_node_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "esphome:\n  name: garage-door\n\nesp32:\n  board: esp32dev\n\napi:\n  encryption:\n"
        f'    key: "{value}"\n\nota:\n  - platform: esphome\n\nlogger:\n'
    ), value


def esphome_secrets_yaml(rng: random.Random, var: str, value: str) -> Place:
    return f'# esphome/secrets.yaml\nwifi_ssid: "acme-iot"\napi_encryption_key: "{value}"\n', value


def platformio_build_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; platformio.ini\n[env:nodemcuv2]\nplatform = espressif8266\nboard = nodemcuv2\nframework = arduino\n"
        f'build_flags =\n    -DWIFI_SSID=\\"acme-iot\\"\n    -DWIFI_PASS=\\"{value}\\"\n'
    ), value


def arduino_secrets_h(rng: random.Random, var: str, value: str) -> Place:
    return f'// arduino_secrets.h\n#define SECRET_SSID "acme-iot"\n#define SECRET_PASS "{value}"\n', value


def zigbee2mqtt_configuration_yaml(rng: random.Random, var: str, value: str) -> Place:
    key = "[" + ", ".join(str(b) for b in bytes.fromhex(value)) + "]"
    return (
        "# zigbee2mqtt/data/configuration.yaml\nhomeassistant: true\nmqtt:\n  server: mqtt://localhost\n"
        f"serial:\n  port: /dev/ttyUSB0\nadvanced:\n  pan_id: 6754\n  network_key: {key}\n"
    ), key


def zha_backup_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "metadata": {"format": "zigpy/open-coordinator-backup", "version": 1},
        "coordinator_ieee": s(rng, 16, HEX), "pan_id": "1a62", "channel": 15,
        "network_key": {"key": value, "sequence_number": 0, "frame_counter": 81244},
    }  # fmt: skip
    return json.dumps(doc, indent=2) + "\n", value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        bundle_config_set, bundle_env_credentials, keycloak_realm_export, oauth2_proxy_cfg, pulumi_stack_yaml_plain,
        pulumi_config_set_cmd, systemd_unit_setcredential, systemd_run_setcredential, apache_requestheader_set,
        caddy_header_up, rails_database_yml_erb, laravel_config_env_default, aspnet_launchsettings_json,
        efcore_connection_flag, go_sql_open, migrate_cli_database_flag, rust_reqwest_basic_auth,
        python_requests_auth_tuple, java_password_authentication, kotlin_okhttp_credentials, mysql_federated_connection,
        postgres_user_mapping, minecraft_server_properties, srcds_server_cfg, factorio_server_settings,
        valheim_start_script, esphome_node_yaml, esphome_secrets_yaml, platformio_build_flags, arduino_secrets_h,
        zigbee2mqtt_configuration_yaml, zha_backup_json,
    )
}  # fmt: skip
