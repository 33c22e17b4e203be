"""Where the twenty-ninth held-out part (twentyninth.py) shows generic secrets that federated social apps,
collaborative editors, no-code databases, headless CMSs and marketing automation hold or are given: a video
platform's database password (PeerTube's ``production.yaml``, its Docker ``.env``), a link aggregator's database
password (Lemmy's ``lemmy.hjson``, its Compose file), an audio server's database URL (Funkwhale's ``.env``, its
systemd unit), a photo library's database password (Immich's ``.env``, its Helm values), a collaborative Markdown
editor's session secret (HedgeDoc's ``config.json``, its Compose file), a pad editor's admin password (Etherpad's
``settings.json``, its Compose file), a no-code database's metadata connection (NocoDB's ``NC_DB`` in a Compose file
and on a ``docker run`` line, its password a query parameter), a headless CMS's first admin's password (Directus'
``.env``, its Compose file) and a marketing automation's database password (Mautic's ``local.php``, its container's
environment). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def peertube_production_yaml_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/peertube/config/production.yaml\nwebserver:\n  https: true\n  hostname: 'video.acme.example'\n"
        "  port: 443\n\ndatabase:\n  hostname: 'localhost'\n  port: 5432\n  ssl: false\n  suffix: '_prod'\n"
        "  username: 'peertube'\n"
        f"  {var}: '{value}'\n"
        "  pool:\n    max: 5\n"
    ), value


def peertube_docker_env_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/peertube/docker-volume/.env\nPOSTGRES_USER=peertube\n"
        f"POSTGRES_PASSWORD={value}\n"
        "POSTGRES_DB=peertube\nPEERTUBE_DB_USERNAME=peertube\n"
        f"PEERTUBE_DB_PASSWORD={value}\n"
        "PEERTUBE_DB_HOSTNAME=postgres\nPEERTUBE_WEBSERVER_HOSTNAME=video.acme.example\n"
    ), value


def lemmy_hjson_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /srv/lemmy/lemmy.hjson\n{\n  hostname: "forum.acme.example"\n  database: {\n'
        '    host: postgres\n    user: "lemmy"\n'
        f'    {var}: "{value}"\n'
        '    database: "lemmy"\n  }\n  pictrs: {\n    url: "http://pictrs:8080/"\n  }\n}\n'
    ), value


def lemmy_compose_postgres_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/lemmy/docker-compose.yml\nservices:\n  postgres:\n    image: pgautoupgrade/pgautoupgrade:16-alpine\n"
        "    environment:\n      - POSTGRES_USER=lemmy\n"
        f"      - POSTGRES_PASSWORD={value}\n"
        "      - POSTGRES_DB=lemmy\n    shm_size: 1g\n"
    ), value


def funkwhale_env_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo grep -E '^(FUNKWHALE_HOSTNAME|DATABASE_URL|CACHE_URL)' /srv/funkwhale/config/.env\n"
        "FUNKWHALE_HOSTNAME=music.acme.example\n"
        f"DATABASE_URL=postgresql://funkwhale:{value}@localhost:5432/funkwhale\n"
        "CACHE_URL=redis://127.0.0.1:6379/0\n"
    ), value


def funkwhale_systemd_unit_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/funkwhale-worker.service.d/override.conf\n[Service]\n"
        f'Environment="DATABASE_URL=postgresql://funkwhale:{value}@db01.acme.example:5432/funkwhale"\n'
        'Environment="CELERYD_CONCURRENCY=2"\n'
    ), value


def immich_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/immich/.env\nUPLOAD_LOCATION=/mnt/photos/library\nDB_DATA_LOCATION=./postgres\n"
        "IMMICH_VERSION=release\n"
        f"DB_PASSWORD={value}\n"
        "DB_USERNAME=postgres\nDB_DATABASE_NAME=immich\n"
    ), value


def immich_helm_values_postgres(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/immich/values.yaml\nimmich:\n  persistence:\n    library:\n      existingClaim: immich-library\n"
        "postgresql:\n  enabled: true\n  global:\n    postgresql:\n      auth:\n        username: immich\n"
        "        database: immich\n"
        f"        {var}: {value}\n"
    ), value


def hedgedoc_config_json_session_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat /opt/hedgedoc/config.json\n{\n  "production": {\n    "domain": "pad.acme.example",\n'
        '    "protocolUseSSL": true,\n    "db": {"dialect": "postgres", "host": "db01", "database": "hedgedoc"},\n'
        f'    "sessionSecret": "{value}",\n'
        '    "allowAnonymous": false\n  }\n}\n'
    ), value


def hedgedoc_compose_session_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/hedgedoc/docker-compose.yml\nservices:\n  app:\n    image: quay.io/hedgedoc/hedgedoc:1.10.0\n"
        "    environment:\n      - CMD_DOMAIN=pad.acme.example\n      - CMD_URL_ADDPORT=false\n"
        f"      - CMD_SESSION_SECRET={value}\n"
        "      - CMD_DB_URL=postgres://hedgedoc@database:5432/hedgedoc\n"
    ), value


def etherpad_settings_json_admin(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// /opt/etherpad-lite/settings.json (excerpt)\n  "title": "Acme pads",\n  "requireAuthentication": false,\n'
        '  "users": {\n    "admin": {\n'
        f'      "password": "{value}",\n'
        '      "is_admin": true\n    }\n  },\n'
    ), value


def etherpad_compose_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/etherpad/compose.yaml\nservices:\n  app:\n    image: etherpad/etherpad:2.2\n    environment:\n"
        "      TITLE: Acme pads\n      DB_TYPE: postgres\n      DB_HOST: postgres\n"
        f"      ADMIN_PASSWORD: {value}\n"
        "      DEFAULT_PAD_TEXT: ' '\n"
    ), value


def nocodb_compose_nc_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/nocodb/docker-compose.yml\nservices:\n  nocodb:\n    image: nocodb/nocodb:latest\n"
        "    environment:\n"
        f'      NC_DB: "pg://root_db:5432?u=nocodb&p={value}&d=nocodb_meta"\n'
        '      NC_PUBLIC_URL: https://tables.acme.example\n    ports:\n      - "8080:8080"\n'
    ), value


def nocodb_docker_run_nc_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name nocodb -v /srv/nocodb:/usr/app/data/ -p 8080:8080 \\\n"
        f'    -e NC_DB="mysql2://db01:3306?u=nocodb&p={value}&d=nocodb" \\\n'
        f'    -e NC_AUTH_JWT_SECRET="$(cat /srv/nocodb/jwt)" nocodb/nocodb:latest\n{s(rng, 64, HEX)}\n'
    ), value


def directus_env_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/directus/.env\nHOST=0.0.0.0\nPORT=8055\nPUBLIC_URL=https://cms.acme.example\nDB_CLIENT=pg\n"
        "DB_HOST=db01\nDB_DATABASE=directus\nADMIN_EMAIL=web@acme.example\n"
        f"ADMIN_PASSWORD={value}\n"
    ), value


def directus_compose_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/directus/docker-compose.yml\nservices:\n  directus:\n    image: directus/directus:11.3\n"
        '    environment:\n      ADMIN_EMAIL: "web@acme.example"\n'
        f'      ADMIN_PASSWORD: "{value}"\n'
        '      DB_CLIENT: "sqlite3"\n      DB_FILENAME: "/directus/database/data.db"\n'
    ), value


def mautic_local_php_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /var/www/mautic/config/local.php\n$parameters = array(\n\t'db_driver' => 'pdo_mysql',\n"
        "\t'db_host' => 'db01',\n\t'db_port' => 3306,\n\t'db_name' => 'mautic',\n\t'db_user' => 'mautic',\n"
        f"\t'{var}' => '{value}',\n"
        f"\t'secret_key' => '{s(rng, 64, HEX)}',\n);\n"
    ), value


def mautic_container_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker exec mautic_web env | grep ^MAUTIC_DB\nMAUTIC_DB_HOST=db\nMAUTIC_DB_PORT=3306\n"
        "MAUTIC_DB_DATABASE=mautic\nMAUTIC_DB_USER=mautic\n"
        f"MAUTIC_DB_PASSWORD={value}\n"
        f"MAUTIC_DB_PREFIX=m{s(rng, 2, DIGITS)}_\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        peertube_production_yaml_db,
        peertube_docker_env_db,
        lemmy_hjson_database,
        lemmy_compose_postgres_env,
        funkwhale_env_database_url,
        funkwhale_systemd_unit_database_url,
        immich_env_db_password,
        immich_helm_values_postgres,
        hedgedoc_config_json_session_secret,
        hedgedoc_compose_session_secret,
        etherpad_settings_json_admin,
        etherpad_compose_admin_password,
        nocodb_compose_nc_db,
        nocodb_docker_run_nc_db,
        directus_env_admin_password,
        directus_compose_admin_password,
        mautic_local_php_db_password,
        mautic_container_env_db_password,
    )
}
