"""Where the thirty-second held-out part (thirtysecond.py) shows generic secrets that passkey servers, identity
servers, music streamers, personal CRMs, feed readers, no-code databases, DNS filter syncs, blog platforms and video
front ends hold or are given: a passkey server's session key (Hanko's ``config.yaml``, a Kubernetes deployment), an
identity server's cookie secret (Ory Kratos' ``kratos.yml``, its Compose file), a music streamer's app key (Koel's
``.env``, its Compose file), a personal CRM's database password (Monica's ``.env``, its Helm values), a feed reader's
user password (FreshRSS' ``create-user.php``, its Compose file's ``FRESHRSS_USER``), a no-code database's JWT secret
(Teable's ``.env``, its Compose file), a DNS filter sync's origin password (adguardhome-sync's Compose file, its
``adguardhome-sync.yaml``), a blog platform's database password (WriteFreely's ``config.ini``, a Kubernetes config
map) and a video front end's HMAC key (Invidious' ``config.yml``, its Compose file's ``INVIDIOUS_CONFIG``). Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, HEX, s


def hanko_config_yaml_secrets_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/hanko/config.yaml\ndatabase:\n  dialect: postgres\n  host: db.acme.internal\n  database: hanko\n"
        "secrets:\n  keys:\n"
        f"    - {value}\n"
        "service:\n  name: Acme Login\nwebauthn:\n  relying_party:\n    id: login.acme.example\n"
    ), value


def hanko_k8s_deployment_secrets_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/hanko/deployment.yaml (excerpt)\n    spec:\n      containers:\n        - name: hanko\n"
        '          image: ghcr.io/teamhanko/hanko:v1.3.0\n          args: ["serve", "all"]\n          env:\n'
        "            - name: SECRETS_KEYS\n"
        f'              value: "{value}"\n'
        "            - name: DATABASE_DIALECT\n              value: postgres\n"
    ), value


def kratos_yml_secrets_cookie(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/config/kratos/kratos.yml\nversion: v1.1.0\ndsn: postgres://kratos@pg:5432/kratos?sslmode=disable\n"
        "serve:\n  public:\n    base_url: https://id.acme.example/\nsecrets:\n  cookie:\n"
        f"    - {value}\n"
        f"  cipher:\n    - {s(rng, 32, ALNUM)}\n"
    ), value


def kratos_compose_secrets_cookie(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  kratos:\n    image: oryd/kratos:v1.1.0\n    command: serve -c /etc/config/kratos/kratos.yml\n"
        "    environment:\n      - DSN=postgres://kratos@pg:5432/kratos?sslmode=disable\n"
        f"      - SECRETS_COOKIE={value}\n"
        '      - LOG_LEVEL=info\n    ports:\n      - "4433:4433"\n'
    ), value


def koel_env_app_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/koel/.env\nAPP_NAME=Koel\nAPP_ENV=production\nAPP_URL=https://music.family.example\n"
        f"APP_KEY=base64:{value}\n"
        "DB_CONNECTION=sqlite-persistent\nSTORAGE_DRIVER=local\nMEDIA_PATH=/music\n"
    ), value


def koel_compose_app_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  koel:\n    image: phanan/koel:latest\n    environment:\n"
        "      - DB_CONNECTION=mysql\n      - DB_HOST=database\n"
        f"      - APP_KEY=base64:{value}\n"
        "      - FORCE_HTTPS=true\n    volumes:\n      - music:/music\n"
    ), value


def monica_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/monica/.env\nAPP_ENV=production\nAPP_URL=https://crm.family.example\nDB_CONNECTION=mysql\n"
        "DB_HOST=127.0.0.1\nDB_DATABASE=monica\nDB_USERNAME=monica\n"
        f"DB_PASSWORD={value}\n"
        "MAIL_MAILER=log\n"
    ), value


def monica_helm_values_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-monica.yaml\nimage:\n  repository: monica\n  tag: 4.1-apache\nmonica:\n"
        "  appUrl: https://crm.family.example\n  database:\n    host: mariadb.crm.svc\n    name: monica\n"
        "    user: monica\n"
        f"    password: {value}\n"
        "persistence:\n  size: 2Gi\n"
    ), value


def freshrss_cli_create_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo -u www-data ./cli/create-user.php --user maren --password '" + value + "' --language en \\\n"
        "    --email maren@family.example --no-default-feeds\n"
        "ℹ️ Remember to re-apply the appropriate access rights, such as:\n"
        "\tsudo cli/access-permissions.sh\n$ sudo -u www-data ./cli/actualize-user.php --user maren\n"
    ), value


def freshrss_compose_freshrss_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  freshrss:\n    image: freshrss/freshrss:1.24\n    environment:\n      TZ: Europe/Oslo\n"
        "      CRON_MIN: '3,33'\n      FRESHRSS_USER: |-\n        --user admin\n        --email admin@family.example\n"
        f"        --password {value}\n"
        "        --language en\n"
    ), value


def teable_env_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/teable/.env\nTIMEZONE=UTC\nPUBLIC_ORIGIN=https://tables.acme.example\n"
        f"BACKEND_JWT_SECRET={value}\n"
        f"BACKEND_SESSION_SECRET={s(rng, 48, ALNUM)}\n"
        "PRISMA_DATABASE_URL_FILE=/run/secrets/teable_db\n"
    ), value


def teable_compose_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  teable:\n    image: ghcr.io/teableio/teable:latest\n    environment:\n"
        "      - PUBLIC_ORIGIN=https://tables.acme.example\n"
        f"      - BACKEND_JWT_SECRET={value}\n"
        "      - NEXT_ENV_IMAGES_ALL_REMOTE=true\n    volumes:\n      - teable-data:/app/.assets\n"
    ), value


def adguardhome_sync_compose_origin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  adguardhome-sync:\n    image: ghcr.io/bakito/adguardhome-sync:latest\n    command: run\n"
        "    environment:\n      ORIGIN_URL: http://192.168.1.2:80\n      ORIGIN_USERNAME: admin\n"
        f"      ORIGIN_PASSWORD: '{value}'\n"
        "      REPLICA1_URL: http://192.168.1.3\n      REPLICA1_USERNAME: admin\n      CRON: '*/15 * * * *'\n"
    ), value


def adguardhome_sync_yaml_origin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.adguardhome-sync.yaml\ncron: "*/10 * * * *"\nrunOnStart: true\norigin:\n'
        "  url: https://dns1.home.arpa\n  username: admin\n"
        f"  password: {value}\n"
        "replicas:\n  - url: https://dns2.home.arpa\n    username: admin\n"
    ), value


def writefreely_config_ini_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /srv/writefreely/config.ini\n[server]\nport = 8080\nbind = localhost\n\n[database]\ntype = mysql\n"
        "username = writefreely\n"
        f"password = {value}\n"
        "database = writefreely\nhost = localhost\nport = 3306\n\n[app]\nsite_name = Field Notes\n"
    ), value


def writefreely_k8s_configmap_config_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: writefreely-config\n  namespace: blog\ndata:\n"
        "  config.ini: |\n    [database]\n    type     = mysql\n    username = writefreely\n"
        f"    password = {value}\n"
        "    database = writefreely\n    host     = mariadb.blog.svc\n"
    ), value


def invidious_config_yml_hmac_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /home/invidious/invidious/config/config.yml\ndb:\n  user: kemal\n  host: localhost\n  port: 5432\n"
        "  dbname: invidious\ncheck_tables: true\nexternal_port: 443\ndomain: watch.family.example\n"
        f'hmac_key: "{value}"\n'
        "https_only: true\n"
    ), value


def invidious_compose_config_hmac_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  invidious:\n    image: quay.io/invidious/invidious:latest\n    environment:\n"
        "      INVIDIOUS_CONFIG: |\n        db:\n          dbname: invidious\n          host: invidious-db\n"
        f'        hmac_key: "{value}"\n'
        f'        invidious_companion_key: "{s(rng, 16, HEX)}"\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        hanko_config_yaml_secrets_keys,
        hanko_k8s_deployment_secrets_keys,
        kratos_yml_secrets_cookie,
        kratos_compose_secrets_cookie,
        koel_env_app_key,
        koel_compose_app_key,
        monica_env_db_password,
        monica_helm_values_db_password,
        freshrss_cli_create_user,
        freshrss_compose_freshrss_user,
        teable_env_jwt_secret,
        teable_compose_jwt_secret,
        adguardhome_sync_compose_origin_password,
        adguardhome_sync_yaml_origin_password,
        writefreely_config_ini_database,
        writefreely_k8s_configmap_config_ini,
        invidious_config_yml_hmac_key,
        invidious_compose_config_hmac_key,
    )
}
