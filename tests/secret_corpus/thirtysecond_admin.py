"""Where the thirty-second held-out part (thirtysecond.py) shows generic secrets that developer portals, dependency
bots, commerce backends, experiment platforms, document servers, photo-sharing servers, URL shorteners, scheduling
polls and wikis hold or are given: a developer portal's backend secret (Backstage's ``app-config.production.yaml``, a
Kubernetes secret), a dependency bot's RSA private key as PEM in base64, longer than a stream's window (Renovate's
``RENOVATE_PRIVATE_KEY`` in a Kubernetes secret's ``data`` and in ``kubectl get secret -o json``), a commerce backend's
admin password (Medusa's ``medusa user``, a container entrypoint), an experiment platform's MongoDB URL (GrowthBook's
Compose file, its ``.env``), a document server's JWT secret (ONLYOFFICE Docs' Compose file, Nextcloud's ``occ``
setting it for the connector), a photo-sharing server's OAuth private key as PEM (Pixelfed's Passport key in its
``.env``, a Kubernetes secret), a URL shortener's first API key (Shlink's Compose file, ``shlink api-key:generate``'s
output), a scheduling poll's secret password (Rallly's ``.env``, its Compose file) and a wiki's app secret (Docmost's
``.env``, its Compose file). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import base64
import json
import random

from .fifth_places import Place
from .makers import HEX, b64, s


def backstage_app_config_backend_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app-config.production.yaml (Backstage)\napp:\n  baseUrl: https://portal.acme.example\nbackend:\n"
        "  baseUrl: https://portal.acme.example\n  auth:\n    keys:\n"
        f"      - secret: {value}\n"
        "  database:\n    client: pg\n    connection:\n      host: ${POSTGRES_HOST}\n"
    ), value


def backstage_k8s_secret_backend_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: backstage-secrets\n  namespace: backstage\ntype: Opaque\n"
        "stringData:\n  POSTGRES_HOST: pg.backstage.svc\n"
        f"  BACKEND_SECRET: {value}\n"
        "  GITHUB_ORG: acme\n"
    ), value


def renovate_k8s_secret_private_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/renovate/secret.yaml\napiVersion: v1\nkind: Secret\nmetadata:\n  name: renovate-env\n"
        "  namespace: renovate\ntype: Opaque\ndata:\n"
        f"  RENOVATE_PLATFORM: {base64.b64encode(b'gitea').decode()}\n"
        f"  RENOVATE_PRIVATE_KEY: {value}\n"
        f"  RENOVATE_ENDPOINT: {base64.b64encode(b'https://git.acme.example/api/v1').decode()}\n"
    ), value


def renovate_kubectl_get_secret_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "apiVersion": "v1",
        "data": {"RENOVATE_PRIVATE_KEY": value, "RENOVATE_TOKEN": b64(s(rng, 40, HEX).encode())},
        "kind": "Secret",
        "metadata": {"name": "renovate-env", "namespace": "renovate"},
        "type": "Opaque",
    }
    return "$ kubectl -n renovate get secret renovate-env -o json\n" + json.dumps(doc, indent=4) + "\n", value


def medusa_user_cli_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ npx medusa user -e ops@acme.example -p '" + value + "'\n"
        "info:    Creating user...\ninfo:    User created successfully.\n$ npm run start\n"
    ), value


def medusa_docker_entrypoint_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# docker/entrypoint.sh (Medusa)\nset -e\nnpx medusa db:migrate\n"
        f'npx medusa user --email admin@acme.example --password "{value}" || true\n'
        "exec npm run start\n"
    ), value


def growthbook_compose_mongodb_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  growthbook:\n    image: growthbook/growthbook:latest\n    ports:\n      - '3000:3000'\n"
        "    environment:\n"
        f"      - MONGODB_URI=mongodb://growthbook:{value}@mongo:27017/growthbook?authSource=admin\n"
        "      - APP_ORIGIN=https://experiments.acme.example\n"
    ), value


def growthbook_env_mongodb_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/growthbook/.env\nNODE_ENV=production\nAPP_ORIGIN=https://experiments.acme.example\n"
        "API_HOST=https://experiments-api.acme.example\n"
        f'MONGODB_URI="mongodb://gb_app:{value}@mongo-0.acme.internal:27017/growthbook?replicaSet=rs0"\n'
        "EMAIL_ENABLED=false\n"
    ), value


def onlyoffice_compose_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  onlyoffice:\n    image: onlyoffice/documentserver:8.1\n    environment:\n"
        "      - JWT_ENABLED=true\n"
        f"      - JWT_SECRET={value}\n"
        "      - JWT_HEADER=AuthorizationJwt\n    ports:\n      - '8088:80'\n"
    ), value


def onlyoffice_nextcloud_occ_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo -u www-data php occ config:app:set onlyoffice DocumentServerUrl --value=https://office.acme.example/\n"
        "Config value DocumentServerUrl for app onlyoffice set to https://office.acme.example/\n"
        f"$ sudo -u www-data php occ config:app:set onlyoffice jwt_secret --value={value}\n"
        f"Config value jwt_secret for app onlyoffice set to {value}\n"
    ), value


def pixelfed_env_passport_private_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /var/www/pixelfed/.env (excerpt)\nAPP_NAME="Acme Photos"\nAPP_URL=https://photos.acme.example\n'
        f'PASSPORT_PRIVATE_KEY="{value}"\n'
        "OAUTH_ENABLED=true\n"
    ), value


def pixelfed_k8s_secret_passport_private_key(rng: random.Random, var: str, value: str) -> Place:
    indented = "\n".join("    " + line for line in value.splitlines())
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: pixelfed-passport\n  namespace: photos\ntype: Opaque\n"
        f"stringData:\n  PASSPORT_PRIVATE_KEY: |\n{indented}\n"
    ), value


def shlink_compose_initial_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  shlink:\n    image: shlinkio/shlink:stable\n    environment:\n"
        "      - DEFAULT_DOMAIN=go.acme.example\n      - IS_HTTPS_ENABLED=true\n"
        f"      - INITIAL_API_KEY={value}\n"
        "      - DB_DRIVER=postgres\n"
    ), value


def shlink_api_key_generate_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ docker exec -it shlink shlink api-key:generate --name=newsletter\n\n [OK] Generated API key: "{value}"\n\n'
    ), value


def rallly_env_secret_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/rallly/.env\nNEXT_PUBLIC_BASE_URL=https://meet-poll.acme.example\n"
        f"SECRET_PASSWORD={value}\n"
        "SUPPORT_EMAIL=polls@acme.example\nSMTP_HOST=smtp.acme.example\n"
    ), value


def rallly_compose_secret_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  rallly:\n    image: lukevella/rallly:latest\n    restart: always\n    environment:\n"
        f"      SECRET_PASSWORD: {value}\n"
        "      NEXT_PUBLIC_BASE_URL: https://meet-poll.acme.example\n      ALLOWED_EMAILS: '*@acme.example'\n"
    ), value


def docmost_env_app_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/docmost/.env\nAPP_URL=https://docs.acme.example\nPORT=3000\n"
        f"APP_SECRET={value}\n"
        "JWT_TOKEN_EXPIRES_IN=30d\nSTORAGE_DRIVER=local\n"
    ), value


def docmost_compose_app_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  docmost:\n    image: docmost/docmost:latest\n    environment:\n"
        "      APP_URL: 'https://docs.acme.example'\n"
        f"      APP_SECRET: '{value}'\n"
        "      REDIS_URL: 'redis://redis:6379'\n    ports:\n      - '3000:3000'\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        backstage_app_config_backend_secret,
        backstage_k8s_secret_backend_secret,
        renovate_k8s_secret_private_key,
        renovate_kubectl_get_secret_json,
        medusa_user_cli_password,
        medusa_docker_entrypoint_user,
        growthbook_compose_mongodb_uri,
        growthbook_env_mongodb_uri,
        onlyoffice_compose_jwt_secret,
        onlyoffice_nextcloud_occ_jwt_secret,
        pixelfed_env_passport_private_key,
        pixelfed_k8s_secret_passport_private_key,
        shlink_compose_initial_api_key,
        shlink_api_key_generate_output,
        rallly_env_secret_password,
        rallly_compose_secret_password,
        docmost_env_app_secret,
        docmost_compose_app_secret,
    )
}
