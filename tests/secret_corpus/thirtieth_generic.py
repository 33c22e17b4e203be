"""Where the thirtieth held-out part (thirtieth.py) shows generic secrets that fediverse servers, forums, time
trackers, kanban boards, no-code tables, low-code builders, web analytics and help desks hold or are given: a
microblogging server's database password (Misskey's ``default.yml``, its Compose ``docker.env``), a fediverse server's
Phoenix ``secret_key_base`` (Akkoma's ``prod.secret.exs``, a Kubernetes secret), a forum's database password
(Flarum's ``config.php``, NodeBB's ``config.json``), a time tracker's database URL (Kimai's ``.env``, its Compose
file), a kanban board's MongoDB URL (Wekan's Compose file, ``snap set wekan``), a no-code table's database password
(Baserow's Compose file, its Helm values), a low-code builder's lockbox key (ToolJet's ``.env``, a Kubernetes
deployment), a web analytics server's database URL (Umami's ``.env``, its Compose file) and a help desk's database
password (FreeScout's ``.env``, its Compose file). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, b64, s


def misskey_default_yml_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /home/misskey/misskey/.config/default.yml\nurl: https://social.acme.example/\nport: 3000\n\n"
        "db:\n  host: localhost\n  port: 5432\n  db: misskey\n  user: misskey\n"
        f"  pass: {value}\n\n"
        "redis:\n  host: localhost\n  port: 6379\n\nid: 'aidx'\n"
    ), value


def misskey_docker_env_postgres(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat misskey/.config/docker.env\n# db settings\nPOSTGRES_USER=misskey\n"
        f"POSTGRES_PASSWORD={value}\n"
        "POSTGRES_DB=misskey\n$ docker compose up -d db\n[+] Running 1/1\n ✔ Container misskey-db-1  Started\n"
    ), value


def akkoma_prod_secret_exs_key_base(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/akkoma/config/prod.secret.exs\nimport Config\n\n"
        'config :pleroma, Pleroma.Web.Endpoint,\n   url: [host: "fedi.acme.example", scheme: "https", port: 443],\n'
        "   http: [ip: {127, 0, 0, 1}, port: 4000],\n"
        f'   secret_key_base: "{value}",\n'
        f'   signing_salt: "{s(rng, 8, HEX)}"\n'
    ), value


def akkoma_k8s_secret_key_base(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/akkoma/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: akkoma-env\n"
        "  namespace: fedi\ntype: Opaque\nstringData:\n  DB_HOST: akkoma-pg-rw\n"
        f"  SECRET_KEY_BASE: {value}\n"
        "  INSTANCE_NAME: Acme Fedi\n"
    ), value


def flarum_config_php_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php // /var/www/flarum/config.php\nreturn array (\n  'debug' => false,\n  'database' =>\n  array (\n"
        "    'driver' => 'mysql',\n    'host' => 'localhost',\n    'database' => 'flarum',\n"
        "    'username' => 'flarum',\n"
        f"    'password' => '{value}',\n"
        "    'prefix' => 'flarum_',\n  ),\n  'url' => 'https://forum.acme.example',\n);\n"
    ), value


def nodebb_config_json_mongo(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat /opt/nodebb/config.json\n{\n    "url": "https://community.acme.example",\n'
        f'    "secret": "{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-4{s(rng, 3, HEX)}-a{s(rng, 3, HEX)}-{s(rng, 12, HEX)}",\n'
        '    "database": "mongo",\n    "mongo": {\n        "host": "127.0.0.1",\n        "port": "27017",\n'
        '        "username": "nodebb",\n'
        f'        "password": "{value}",\n'
        '        "database": "nodebb"\n    }\n}\n'
    ), value


def kimai_env_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/kimai2/.env.local\nAPP_ENV=prod\n"
        f"DATABASE_URL=mysql://kimai:{value}@127.0.0.1:3306/kimai?charset=utf8mb4&serverVersion=10.11.6-MariaDB\n"
        "MAILER_FROM=time@acme.example\n"
    ), value


def kimai_compose_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/kimai/docker-compose.yml\nservices:\n  kimai:\n    image: kimai/kimai2:apache\n    environment:\n"
        "      - ADMINMAIL=it@acme.example\n"
        f"      - DATABASE_URL=mysql://kimaiuser:{value}@sqldb/kimai?charset=utf8mb4&serverVersion=8.3.0\n"
        "    ports:\n      - 8001:8001\n"
    ), value


def wekan_compose_mongo_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/wekan/docker-compose.yml\nservices:\n  wekan:\n    image: ghcr.io/wekan/wekan:v7.61\n"
        "    environment:\n"
        f"      - MONGO_URL=mongodb://wekan:{value}@wekandb:27017/wekan?authSource=admin\n"
        "      - ROOT_URL=https://boards.acme.example\n      - WITH_API=true\n"
    ), value


def wekan_snap_set_mongo_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@boards01:~# snap set wekan mongo-url='mongodb://wekan:{value}@10.2.0.41:27019/wekan'\n"
        "root@boards01:~# snap set wekan root-url='https://boards.acme.example'\n"
        "root@boards01:~# systemctl restart snap.wekan.wekan\n"
    ), value


def baserow_compose_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/baserow/docker-compose.yml\nservices:\n  baserow:\n    image: baserow/baserow:1.29.2\n"
        "    environment:\n      BASEROW_PUBLIC_URL: https://tables.acme.example\n      DATABASE_HOST: pg01\n"
        "      DATABASE_USER: baserow\n"
        f"      DATABASE_PASSWORD: '{value}'\n"
        "    volumes:\n      - baserow_data:/baserow/data\n"
    ), value


def baserow_helm_values_postgresql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/baserow/values.yaml\nglobal:\n  baserow:\n    domain: tables.acme.example\n"
        "postgresql:\n  enabled: true\n  auth:\n    database: baserow\n    username: baserow\n"
        f"    password: '{value}'\n"
        "redis:\n  architecture: standalone\n"
    ), value


def tooljet_env_lockbox_master_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/tooljet/.env\nTOOLJET_HOST=https://apps.acme.example\n"
        f"LOCKBOX_MASTER_KEY={value}\n"
        f"SECRET_KEY_BASE={s(rng, 128, HEX)}\n"
        "PG_HOST=postgres\nPG_DB=tooljet_production\n"
    ), value


def tooljet_k8s_deployment_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/tooljet/deployment.yaml (container env)\n          env:\n            - name: TOOLJET_HOST\n"
        "              value: https://apps.acme.example\n            - name: LOCKBOX_MASTER_KEY\n"
        f'              value: "{value}"\n'
        "            - name: DEPLOYMENT_PLATFORM\n              value: k8s\n"
    ), value


def umami_env_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "umami@stats01:~/umami$ cat .env\n"
        f"DATABASE_URL=postgresql://umami:{value}@localhost:5432/umami\n"
        f"APP_SECRET={s(rng, 32, HEX)}\n"
        "umami@stats01:~/umami$ npm run build\n"
    ), value


def umami_compose_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/umami/docker-compose.yml\nservices:\n  umami:\n"
        "    image: ghcr.io/umami-software/umami:postgresql-latest\n"
        "    environment:\n"
        f"      DATABASE_URL: postgresql://umami:{value}@db:5432/umami\n"
        "      DATABASE_TYPE: postgresql\n    depends_on:\n      db:\n        condition: service_healthy\n"
    ), value


def freescout_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/html/freescout/.env\nAPP_URL=https://help.acme.example\nDB_CONNECTION=mysql\n"
        "DB_HOST=localhost\nDB_PORT=3306\nDB_DATABASE=freescout\nDB_USERNAME=freescout\n"
        f'DB_PASSWORD="{value}"\n'
        f"APP_KEY=base64:{b64(rng.randbytes(32))}\n"
    ), value


def freescout_compose_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/freescout/docker-compose.yml\nservices:\n  freescout-app:\n    image: tiredofit/freescout:latest\n"
        "    environment:\n      - SITE_URL=https://help.acme.example\n      - DB_HOST=freescout-db\n"
        "      - DB_NAME=freescout\n      - DB_USER=freescout\n"
        f"      - DB_PASS={value}\n"
        "      - ADMIN_EMAIL=support-lead@acme.example\n      - TIMEZONE=Europe/London\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        misskey_default_yml_db_pass,
        misskey_docker_env_postgres,
        akkoma_prod_secret_exs_key_base,
        akkoma_k8s_secret_key_base,
        flarum_config_php_database,
        nodebb_config_json_mongo,
        kimai_env_database_url,
        kimai_compose_database_url,
        wekan_compose_mongo_url,
        wekan_snap_set_mongo_url,
        baserow_compose_database_password,
        baserow_helm_values_postgresql,
        tooljet_env_lockbox_master_key,
        tooljet_k8s_deployment_env,
        umami_env_database_url,
        umami_compose_database_url,
        freescout_env_db_password,
        freescout_compose_db_password,
    )
}
