"""Where the fifteenth held-out part (fifteenth.py) shows generic secrets kept by self-hosted services, network tools,
flow and BI tools, ML and data tools and analysis sessions: Mastodon's ``.env.production`` and ``mastodon:setup``,
Vaultwarden's ``config.json`` and ``docker run``, OpenWrt's UCI wireless config (the file, ``uci show``), frp's client
and server configs, ZeroTier's local API and ``zerotier-cli -T``, Node-RED's ``settings.js`` and a systemd override,
n8n's config and a Deployment, an n8n decrypted export and Node-RED's plain ``flows_cred.json``, Superset's
``superset_config.py`` and ``set-database-uri``, Metabase's environment and API, MLflow's ``basic_auth.ini`` and a
notebook cell, DVC's ``config.local`` and ``dvc remote modify --local``, Dagster's ``dagster.yaml`` and Helm values, R's
``.Rprofile``, Quarto's ``_environment.local`` and MATLAB's ``startup.m`` and ``database`` call. Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def mastodon_env_production(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /home/mastodon/live/.env.production\nLOCAL_DOMAIN=social.acme.dev\nSINGLE_USER_MODE=false\n"
        f"SECRET_KEY_BASE={s(rng, 128, HEX)}\n{var}={value}\nDB_HOST=/var/run/postgresql\nDB_NAME=mastodon_production\n"
        "REDIS_HOST=localhost\nS3_ENABLED=false\n"
    ), value


def mastodon_setup_config_printout(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker compose run --rm web bundle exec rake mastodon:setup\n...\n"
        "Below is your configuration, save it to an .env.production file outside Docker:\n\n"
        "# Generated with mastodon:setup on 2026-11-28 16:40:12 UTC\n\nLOCAL_DOMAIN=toot.acme.dev\n"
        f"SINGLE_USER_MODE=false\nSECRET_KEY_BASE={s(rng, 128, HEX)}\n{var}={value}\n"
        "DB_HOST=db\nDB_PORT=5432\n\nIt is also saved within this container so you can proceed with this wizard.\n"
    ), value


def vaultwarden_config_json_admin_token(rng: random.Random, var: str, value: str) -> Place:
    doc = {"domain": "https://vault.acme.dev", "signups_allowed": False, "admin_token": value,
           "smtp_host": "smtp.acme.dev", "smtp_from": "vault@acme.dev", "smtp_port": 587}  # fmt: skip
    return "$ sudo cat /srv/vaultwarden/data/config.json\n" + json.dumps(doc, indent=2) + "\n", value


def vaultwarden_docker_run_admin_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name vaultwarden \\\n  -e DOMAIN=https://vault.acme.dev \\\n"
        f"  -e {var}='{value}' \\\n  -v /srv/vw-data/:/data/ -p 127.0.0.1:8080:80 \\\n"
        "  --restart unless-stopped vaultwarden/server:latest\n" + s(rng, 64, HEX) + "\n"
    ), value


def openwrt_uci_wireless_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@OpenWrt:~# cat /etc/config/wireless\n\nconfig wifi-device 'radio0'\n\toption type 'mac80211'\n"
        "\toption band '5g'\n\toption channel '36'\n\nconfig wifi-iface 'default_radio0'\n\toption device 'radio0'\n"
        f"\toption network 'lan'\n\toption mode 'ap'\n\toption ssid 'Acme-Office'\n\toption encryption 'psk2'\n"
        f"\toption {var} '{value}'\n"
    ), value


def openwrt_uci_show_wireless(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@OpenWrt:~# uci show wireless | grep default_radio1\nwireless.default_radio1=wifi-iface\n"
        "wireless.default_radio1.device='radio1'\nwireless.default_radio1.mode='ap'\n"
        "wireless.default_radio1.ssid='Acme-Guest'\nwireless.default_radio1.encryption='sae-mixed'\n"
        f"wireless.default_radio1.{var}='{value}'\n"
    ), value


def frpc_toml_auth_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/frp/frpc.toml\nserverAddr = "203.0.113.17"\nserverPort = 7000\nauth.method = "token"\n'
        f'auth.{var} = "{value}"\n\n[[proxies]]\nname = "nas-ssh"\ntype = "tcp"\nlocalIP = "127.0.0.1"\n'
        "localPort = 22\nremotePort = 6022\n"
    ), value


def frps_ini_common_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/frp/frps.ini\n[common]\nbind_port = 7000\ndashboard_port = 7500\ndashboard_user = admin\n"
        f"{var} = {value}\nvhost_http_port = 8080\nlog_file = /var/log/frps.log\n"
    ), value


def zerotier_local_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -H "{var}: {value}" http://localhost:9993/status\n'
        '{"address":"' + s(rng, 10, HEX) + '","online":true,"tcpFallbackActive":false,"version":"1.14.2"}\n'
    ), value


def zerotier_cli_t_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ zerotier-cli -T{value} listnetworks\n200 listnetworks <nwid> <name> <mac> <status> <type> <dev> <ips>\n"
        f"200 listnetworks {s(rng, 16, HEX)} acme-lab 5e:21:9a:0c:11:7f OK PRIVATE ztks57abc 10.147.17.23/24\n"
    ), value


def node_red_settings_js_credential_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// ~/.node-red/settings.js\nmodule.exports = {\n    flowFile: 'flows.json',\n"
        f'    {var}: "{value}",\n    uiPort: process.env.PORT || 1880,\n'
        "    logging: { console: { level: 'info', metrics: false, audit: false } },\n};\n"
    ), value


def node_red_systemd_override_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ systemctl cat nodered.service\n# /lib/systemd/system/nodered.service\n[Service]\nUser=pi\n"
        "ExecStart=/usr/bin/env node-red-pi $NODE_OPTIONS $NODE_RED_OPTIONS\n\n"
        "# /etc/systemd/system/nodered.service.d/override.conf\n[Service]\n"
        f"Environment=NODE_RED_CREDENTIAL_SECRET={value}\n"
    ), value


def n8n_config_json_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return "$ cat ~/.n8n/config\n" + json.dumps({"encryptionKey": value}, indent="\t") + "\n", value


def n8n_k8s_deployment_env_value(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/n8n-deployment.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: n8n\nspec:\n"
        "  template:\n    spec:\n      containers:\n        - name: n8n\n          image: n8nio/n8n:1.72.1\n"
        f"          env:\n            - name: {var}\n              value: {value}\n"
        "            - name: DB_TYPE\n              value: postgresdb\n"
    ), value


def n8n_export_credentials_decrypted(rng: random.Random, var: str, value: str) -> Place:
    cred = {"id": s(rng, 16), "name": "Billing DB", "type": "postgres",
            "data": {"host": "db.acme.internal", "database": "billing", "user": "n8n_reader", var: value,
                     "port": 5432, "ssl": "require"}}  # fmt: skip
    return "$ n8n export:credentials --all --decrypted --pretty\n" + json.dumps([cred], indent=2) + "\n", value


def node_red_flows_cred_plain_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {s(rng, 16, HEX): {"user": "telemetry", var: value}, s(rng, 16, HEX): {"token": ""}}
    return ("$ cat ~/.node-red/flows_cred.json   # credentialSecret: false\n" + json.dumps(doc, indent=4) + "\n"), value


def superset_config_py_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# superset_config.py\nROW_LIMIT = 5000\nSUPERSET_WEBSERVER_PORT = 8088\n"
        f"{var} = '{value}'\n"
        "SQLALCHEMY_DATABASE_URI = 'postgresql+psycopg2://superset@db:5432/superset'\nWTF_CSRF_ENABLED = True\n"
    ), value


def metabase_systemd_env_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/default/metabase\nMB_DB_TYPE=postgres\nMB_DB_DBNAME=metabase\nMB_DB_HOST=localhost\n"
        f'MB_ENCRYPTION_SECRET_KEY="{value}"\nMB_JETTY_PORT=3000\nMB_SITE_URL=https://bi.acme.dev\n'
    ), value


def superset_set_database_uri_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ superset set-database-uri -d warehouse \\\n"
        f"    -u postgresql://analyst:{value}@warehouse.acme.internal:5432/dwh\n"
        "Loaded your LOCAL configuration at [/app/pythonpath/superset_config.py]\n"
        "Creating database reference for warehouse\n"
    ), value


def metabase_api_database_details_json(rng: random.Random, var: str, value: str) -> Place:
    body = {"engine": "postgres", "name": "Warehouse",
            "details": {"host": "warehouse.acme.internal", "port": 5432, "dbname": "dwh", "user": "metabase_ro",
                        var: value, "ssl": True}}  # fmt: skip
    return (
        "$ curl -X POST https://bi.acme.dev/api/database -H 'Content-Type: application/json' \\\n"
        f"    -H 'X-Metabase-Session: {uuid4(rng)}' -d '{json.dumps(body)}'\n"
        '{"id":4,"name":"Warehouse","engine":"postgres","initial_sync_status":"incomplete"}\n'
    ), value


def mlflow_basic_auth_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# basic_auth.ini (mlflow server --app-name basic-auth)\n[mlflow]\ndefault_permission = READ\n"
        "database_uri = sqlite:///basic_auth.db\nadmin_username = admin\n"
        f"admin_password = {value}\nauthorization_function = mlflow.server.auth:authenticate_request_basic_auth\n"
    ), value


def mlflow_tracking_notebook_cell_env(rng: random.Random, var: str, value: str) -> Place:
    cell = {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
            "source": ["import os\n", "import mlflow\n", "\n",
                       'os.environ["MLFLOW_TRACKING_USERNAME"] = "trainer"\n',
                       f'os.environ["{var}"] = "{value}"\n',
                       'mlflow.set_tracking_uri("https://mlflow.acme.dev")\n']}  # fmt: skip
    return '"cells": [\n' + json.dumps(cell, indent=1) + "\n", value


def dvc_config_local_remote(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat .dvc/config.local\n['remote \"storage\"']\n"
        f"    access_key_id = {s(rng, 20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}\n    {var} = {value}\n"
    ), value


def dvc_remote_modify_local_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ dvc remote add -d minio s3://datasets/churn\n"
        "$ dvc remote modify minio endpointurl https://minio.acme.internal:9000\n"
        f"$ dvc remote modify --local minio {var} '{value}'\n$ dvc push\n12 files pushed\n"
    ), value


def dagster_yaml_run_storage_postgres(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# $DAGSTER_HOME/dagster.yaml\nstorage:\n  postgres:\n    postgres_db:\n      username: dagster\n"
        f"      {var}: {value}\n      hostname: pg.acme.internal\n      db_name: dagster\n      port: 5432\n"
        "run_coordinator:\n  module: dagster.core.run_coordinator\n  class: QueuedRunCoordinator\n"
    ), value


def dagster_helm_values_postgresql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-dagster.yaml\ndagsterWebserver:\n  replicaCount: 1\npostgresql:\n  enabled: true\n"
        f"  postgresqlUsername: dagster\n  postgresqlPassword: {value}\n  postgresqlDatabase: dagster\n"
    ), value


def rprofile_sys_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.Rprofile\noptions(repos = c(CRAN = 'https://cloud.r-project.org'), digits = 4)\n"
        f'Sys.setenv({var} = "{value}", WAREHOUSE_HOST = "dwh.acme.internal")\n'
        'if (interactive()) message("Rprofile loaded")\n'
    ), value


def quarto_environment_local(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# _environment.local (quarto render reads it beside _quarto.yml)\nREPORT_YEAR=2026\n"
        f"{var}={value}\nWAREHOUSE_HOST=dwh.acme.internal\n"
    ), value


def matlab_startup_m_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "% ~/Documents/MATLAB/startup.m\naddpath(genpath('~/matlab/toolbox-acme'));\n"
        f"setenv('{var}', '{value}');\nsetenv('DB_HOST', 'pg.acme.internal');\nformat compact\n"
    ), value


def matlab_database_connection_call(rng: random.Random, var: str, value: str) -> Place:
    return (
        ">> conn = database('SensorDB', 'matlab_ro', '" + value + "', 'Vendor', 'PostgreSQL', ...\n"
        "       'Server', 'pg.acme.internal', 'PortNumber', 5432);\n>> isopen(conn)\n\nans =\n\n  logical\n\n   1\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        mastodon_env_production, mastodon_setup_config_printout, vaultwarden_config_json_admin_token,
        vaultwarden_docker_run_admin_token, openwrt_uci_wireless_file, openwrt_uci_show_wireless,
        frpc_toml_auth_token, frps_ini_common_token, zerotier_local_api_curl, zerotier_cli_t_flag,
        node_red_settings_js_credential_secret, node_red_systemd_override_env, n8n_config_json_encryption_key,
        n8n_k8s_deployment_env_value, n8n_export_credentials_decrypted, node_red_flows_cred_plain_json,
        superset_config_py_secret_key, metabase_systemd_env_encryption_key, superset_set_database_uri_cmd,
        metabase_api_database_details_json, mlflow_basic_auth_ini, mlflow_tracking_notebook_cell_env,
        dvc_config_local_remote, dvc_remote_modify_local_cmd, dagster_yaml_run_storage_postgres,
        dagster_helm_values_postgresql, rprofile_sys_setenv, quarto_environment_local, matlab_startup_m_setenv,
        matlab_database_connection_call,
    )
}  # fmt: skip
