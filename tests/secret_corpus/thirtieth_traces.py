"""Where the thirtieth held-out part (thirtieth.py) shows generic secrets that error trackers, reverse proxy managers,
single sign-on servers, status pages, usage analytics, mail servers and customer support suites hold or are given: an
error tracker's Django secret key (GlitchTip's Compose file, its Helm values), a reverse proxy manager's database
password (Nginx Proxy Manager's Compose file, its older ``config/production.json``), a single sign-on server's data
source (Casdoor's ``app.conf``, its container's ``dataSourceName``), a status page's database password (Statping's
``config.yml``, its Compose file), a usage analytics server's MongoDB password (Countly's API and dashboard
``config.js``), a mail delivery platform's database password (Postal's ``postal.yml``, the ``docker run`` of its
MariaDB), a customer support suite's ``SECRET_KEY_BASE`` (Chatwoot's ``.env``, a Kubernetes secret) and a mail
server's vmail database password (iRedMail's installer ``config`` file, iRedAdmin's ``settings.py``). Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s


def glitchtip_compose_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/glitchtip/docker-compose.yml\nx-environment: &default-environment\n"
        "  DATABASE_URL: postgres://postgres@postgres:5432/postgres\n"
        f'  SECRET_KEY: "{value}"\n'
        "  PORT: 8000\n  GLITCHTIP_DOMAIN: https://errors.acme.example\n  DEFAULT_FROM_EMAIL: errors@acme.example\n"
    ), value


def glitchtip_helm_values_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/glitchtip/values.yaml\nenv:\n  normal:\n    GLITCHTIP_DOMAIN: https://errors.acme.example\n"
        '    ENABLE_USER_REGISTRATION: "false"\n  secret:\n'
        f'    SECRET_KEY: "{value}"\n'
        "postgresql:\n  enabled: true\nredis:\n  enabled: true\n"
    ), value


def npm_compose_db_mysql_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/npm/docker-compose.yml\nservices:\n  app:\n    image: 'jc21/nginx-proxy-manager:latest'\n"
        "    ports:\n      - '80:80'\n      - '81:81'\n      - '443:443'\n    environment:\n"
        '      DB_MYSQL_HOST: "db"\n      DB_MYSQL_PORT: 3306\n      DB_MYSQL_USER: "npm"\n'
        f'      DB_MYSQL_PASSWORD: "{value}"\n'
        '      DB_MYSQL_NAME: "npm"\n'
    ), value


def npm_production_json_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat /srv/npm/config/production.json\n{\n  "database": {\n    "engine": "mysql",\n    "host": "db",\n'
        '    "name": "npm",\n    "user": "npm",\n'
        f'    "password": "{value}",\n'
        '    "port": 3306\n  }\n}\n'
    ), value


def casdoor_app_conf_data_source(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/casdoor/conf/app.conf\nappname = casdoor\nhttpport = 8000\nrunmode = prod\n"
        "driverName = mysql\n"
        f"dataSourceName = casdoor:{value}@tcp(db01.acme.example:3306)/\n"
        "dbName = casdoor\nredisEndpoint =\norigin = https://sso.acme.example\n"
    ), value


def casdoor_compose_data_source_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/casdoor/docker-compose.yml\nservices:\n  casdoor:\n    image: casbin/casdoor:v1.760.0\n"
        "    entrypoint: /bin/sh -c './server --createDatabase=true'\n    environment:\n"
        '      RUNNING_IN_DOCKER: "true"\n      driverName: mysql\n'
        f'      dataSourceName: "root:{value}@tcp(db:3306)/"\n'
        "      dbName: casdoor\n"
    ), value


def statping_config_yml_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /app/config.yml (Statping)\nconnection: postgres\nhost: pg01.acme.example\nport: 5432\n"
        "user: statping\n"
        f"password: {value}\n"
        'database: statping\nlocation: /app\nsqlfile: ""\n'
        f"api_secret: {s(rng, 32, HEX)}\n"
    ), value


def statping_compose_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/status/docker-compose.yml\nservices:\n  statping:\n    image: adamboutcher/statping-ng\n"
        "    environment:\n      DB_CONN: postgres\n      DB_HOST: postgres\n      DB_USER: statping\n"
        f"      DB_PASS: {value}\n"
        "      DB_DATABASE: statping\n      NAME: Acme status\n"
    ), value


def countly_api_config_js_mongodb(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// /opt/countly/api/config.js\nvar countlyConfig = {\n    mongodb: {\n"
        '        host: "mongo01.acme.example",\n        db: "countly",\n        port: 27017,\n'
        '        username: "countly",\n'
        f'        password: "{value}",\n'
        '        max_pool_size: 500,\n    },\n    api: { port: 3001, host: "localhost" },\n};\n'
    ), value


def countly_frontend_config_js_mongodb(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// /opt/countly/frontend/express/config.js\nvar countlyConfig = {\n"
        f'    mongodb: "mongodb://countly:{value}@mongo01.acme.example:27017/countly?authSource=admin",\n'
        '    web: { port: 6001, host: "localhost", use_intercom: false },\n    path: "",\n};\n'
    ), value


def postal_yml_main_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/postal/config/postal.yml\nversion: 2\npostal:\n  web_hostname: postal.acme.example\n"
        "  smtp_hostname: postal.acme.example\nmain_db:\n  host: 127.0.0.1\n  username: root\n"
        f"  password: {value}\n"
        "  database: postal\nmessage_db:\n  host: 127.0.0.1\n  username: root\n"
        f"  password: {value}\n"
        "  prefix: postal\n"
    ), value


def postal_mariadb_docker_run(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@mail01:~# docker run -d --name postal-mariadb -p 127.0.0.1:3306:3306 --restart always \\\n"
        "    -e MARIADB_DATABASE=postal \\\n"
        f"    -e MARIADB_ROOT_PASSWORD={value} \\\n"
        "    mariadb\n5f1e9a0c2b7d4e8f9a1b3c5d7e9f0a2b4c6d8e0f1a3b5c7d9e1f3a5b7c9d1e3f\n"
    ), value


def chatwoot_env_secret_key_base(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /home/chatwoot/chatwoot/.env\n"
        f"SECRET_KEY_BASE={value}\n"
        "FRONTEND_URL=https://support.acme.example\nDEFAULT_LOCALE=en\nFORCE_SSL=true\n"
        "POSTGRES_HOST=localhost\nREDIS_URL=redis://localhost:6379\n"
    ), value


def chatwoot_k8s_secret_string_data(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/chatwoot/env-secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: chatwoot-env\n"
        "type: Opaque\nstringData:\n  FRONTEND_URL: https://support.acme.example\n"
        f"  SECRET_KEY_BASE: {value}\n"
        "  RAILS_ENV: production\n"
    ), value


def iredmail_config_file_vmail(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@mx01:~/iRedMail-1.7.1# grep -E '^export (BACKEND|VMAIL_DB|FIRST_DOMAIN)' config\n"
        "export BACKEND='PGSQL'\n"
        f"export VMAIL_DB_BIND_PASSWD='{value}'\n"
        f"export VMAIL_DB_ADMIN_PASSWD='{s(rng, 30, HEX)}'\n"
        "export FIRST_DOMAIN='acme.example'\n"
    ), value


def iredadmin_settings_py_vmail(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/www/iredadmin/settings.py\nwebmaster = 'postmaster@acme.example'\nbackend = 'pgsql'\n"
        "vmail_db_host = '127.0.0.1'\nvmail_db_port = '5432'\nvmail_db_name = 'vmail'\n"
        "vmail_db_user = 'vmailadmin'\n"
        f"vmail_db_password = '{value}'\n"
        "iredadmin_db_name = 'iredadmin'\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        glitchtip_compose_secret_key,
        glitchtip_helm_values_secret_key,
        npm_compose_db_mysql_password,
        npm_production_json_database,
        casdoor_app_conf_data_source,
        casdoor_compose_data_source_env,
        statping_config_yml_db_pass,
        statping_compose_db_pass,
        countly_api_config_js_mongodb,
        countly_frontend_config_js_mongodb,
        postal_yml_main_db,
        postal_mariadb_docker_run,
        chatwoot_env_secret_key_base,
        chatwoot_k8s_secret_string_data,
        iredmail_config_file_vmail,
        iredadmin_settings_py_vmail,
    )
}
