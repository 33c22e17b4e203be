"""Where the thirty-first held-out part (thirtyfirst.py) shows generic secrets that knowledge bases, scheduling and
e-signing servers, design tools, password managers, wealth trackers, virtualization orchestrators and in-memory
datastores hold or are given: a knowledge base's utility secret (Outline's ``.env``, a Kubernetes secret), a
scheduling server's encryption key (Cal.com's ``.env``, its Helm values), an e-signing server's encryption key
(Documenso's ``.env``, its Compose file), a design tool's secret key (Penpot's Compose file, a Kubernetes deployment),
a password manager's database password (Passbolt's Compose file, its ``passbolt.php``), a wealth tracker's token salt
(Ghostfolio's ``.env``, its Compose file), a virtualization orchestrator's admin password (Xen Orchestra's ``xo-cli
register``, its Terraform provider) and an in-memory datastore's password (Dragonfly's ``docker run``, its flag file).
Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, HEX, b64, s


def outline_env_utils_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/outline/.env\nNODE_ENV=production\nURL=https://wiki.acme.example\n"
        f"SECRET_KEY={s(rng, 64, HEX)}\n"
        f"UTILS_SECRET={value}\n"
        "DATABASE_URL_FILE=/run/secrets/outline_db_url\nREDIS_URL=redis://redis:6379\nFILE_STORAGE=local\n"
    ), value


def outline_k8s_secret_utils_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/outline/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: outline\n  namespace: wiki\n"
        "type: Opaque\nstringData:\n  URL: https://wiki.acme.example\n"
        f"  UTILS_SECRET: {value}\n"
        "  OIDC_CLIENT_ID: outline\n"
    ), value


def calcom_env_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/calcom/.env\nNEXT_PUBLIC_WEBAPP_URL=https://meet.acme.example\nNEXT_PUBLIC_LICENSE_CONSENT=agree\n"
        f"NEXTAUTH_SECRET={b64(rng.randbytes(32))}\n"
        f"CALENDSO_ENCRYPTION_KEY={value}\n"
        "EMAIL_FROM=meetings@acme.example\n"
    ), value


def calcom_helm_values_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-calcom.yaml\nimage:\n  repository: calcom/cal.com\n  tag: v5.3.2\ningress:\n  enabled: true\n"
        "  host: meet.acme.example\nenv:\n  NEXT_PUBLIC_WEBAPP_URL: https://meet.acme.example\n"
        f'  CALENDSO_ENCRYPTION_KEY: "{value}"\n'
        "  EMAIL_SERVER_HOST: smtp.acme.example\n"
    ), value


def documenso_env_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/documenso/.env\nNEXT_PUBLIC_WEBAPP_URL=https://sign.acme.example\n"
        f'NEXT_PRIVATE_ENCRYPTION_KEY="{value}"\n'
        f'NEXT_PRIVATE_ENCRYPTION_SECONDARY_KEY="{s(rng, 32, ALNUM)}"\n'
        "NEXT_PRIVATE_SMTP_TRANSPORT=smtp-auth\n"
    ), value


def documenso_compose_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yml\nservices:\n  documenso:\n    image: documenso/documenso:v1.9.0\n    environment:\n"
        "      - PORT=3000\n      - NEXT_PUBLIC_WEBAPP_URL=https://sign.acme.example\n"
        f"      - NEXT_PRIVATE_ENCRYPTION_KEY={value}\n"
        "      - NEXT_PRIVATE_SIGNING_LOCAL_FILE_PATH=/opt/documenso/cert.p12\n    ports: ['3000:3000']\n"
    ), value


def penpot_compose_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yaml (penpot-backend)\n  penpot-backend:\n    image: penpotapp/backend:2.4\n"
        "    environment:\n      PENPOT_PUBLIC_URI: https://design.acme.example\n"
        f"      PENPOT_SECRET_KEY: {value}\n"
        "      PENPOT_DATABASE_URI: postgresql://penpot-postgres/penpot\n"
    ), value


def penpot_k8s_deployment_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/penpot/backend.yaml (excerpt)\n    spec:\n      containers:\n        - name: backend\n"
        "          image: penpotapp/backend:2.4\n          env:\n            - name: PENPOT_FLAGS\n"
        "              value: enable-login-with-oidc disable-registration\n"
        "            - name: PENPOT_SECRET_KEY\n"
        f"              value: {value}\n"
    ), value


def passbolt_compose_datasource_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose-ce.yaml\nservices:\n  passbolt:\n    image: passbolt/passbolt:4.10.1-1-ce\n"
        "    environment:\n      APP_FULL_BASE_URL: https://vault.acme.example\n"
        "      DATASOURCES_DEFAULT_HOST: mariadb\n      DATASOURCES_DEFAULT_USERNAME: passbolt\n"
        f'      DATASOURCES_DEFAULT_PASSWORD: "{value}"\n'
        "      DATASOURCES_DEFAULT_DATABASE: passbolt\n"
    ), value


def passbolt_php_datasources(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php // /etc/passbolt/passbolt.php (excerpt)\nreturn [\n    'Datasources' => [\n"
        "        'default' => [\n            'host' => 'localhost',\n            'port' => '3306',\n"
        "            'username' => 'passbolt',\n"
        f"            'password' => '{value}',\n"
        "            'database' => 'passbolt',\n        ],\n    ],\n];\n"
    ), value


def ghostfolio_env_access_token_salt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ghostfolio/.env\nCOMPOSE_PROJECT_NAME=ghostfolio\nPOSTGRES_DB=ghostfolio-db\nPOSTGRES_USER=user\n"
        f"ACCESS_TOKEN_SALT={value}\n"
        f"JWT_SECRET_KEY={s(rng, 32, ALNUM)}\n"
        "REDIS_HOST=redis\n"
    ), value


def ghostfolio_compose_access_token_salt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml\nservices:\n  ghostfolio:\n    image: ghostfolio/ghostfolio:2.120.0\n"
        "    environment:\n      DATABASE_URL_FILE: /run/secrets/db_url\n"
        f"      ACCESS_TOKEN_SALT: {value}\n"
        "      REDIS_HOST: redis\n    ports: ['3333:3333']\n"
    ), value


def xo_cli_register_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ xo-cli register --allowUnauthorized https://xo.acme.example admin@acme.example {value}\n"
        "Successfully logged with admin@acme.example\n"
        "$ xo-cli list-objects type=VM power_state=Running | jq length\n37\n"
    ), value


def xenorchestra_terraform_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# infra/xo/provider.tf\nprovider "xenorchestra" {\n  url      = "wss://xo.acme.example"\n'
        '  username = "terraform@acme.example"\n'
        f'  password = "{value}"\n'
        "  insecure = false\n}\n"
    ), value


def dragonfly_docker_run_requirepass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name dragonfly --ulimit memlock=-1 -p 6379:6379 "
        f"docker.dragonflydb.io/dragonflydb/dragonfly:v1.25.1 --requirepass={value} --maxmemory=6gb\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def dragonfly_flagfile_requirepass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/dragonfly/dragonfly.conf (read with --flagfile)\n--port=6379\n--dir=/var/lib/dragonfly\n"
        f"--requirepass={value}\n"
        "--dbfilename=dump\n--snapshot_cron=*/30 * * * *\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        outline_env_utils_secret,
        outline_k8s_secret_utils_secret,
        calcom_env_encryption_key,
        calcom_helm_values_encryption_key,
        documenso_env_encryption_key,
        documenso_compose_encryption_key,
        penpot_compose_secret_key,
        penpot_k8s_deployment_secret_key,
        passbolt_compose_datasource_password,
        passbolt_php_datasources,
        ghostfolio_env_access_token_salt,
        ghostfolio_compose_access_token_salt,
        xo_cli_register_password,
        xenorchestra_terraform_provider,
        dragonfly_docker_run_requirepass,
        dragonfly_flagfile_requirepass,
    )
}
