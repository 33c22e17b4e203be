"""Where the thirty-first held-out part (thirtyfirst.py) shows generic secrets that survey platforms, chatbot
builders, collaborative workspaces, notes apps, session replay tools, log platforms, vector databases and LLM
workspaces hold or are given: a survey platform's encryption key (Formbricks' ``.env``, its Helm values), a chatbot
builder's encryption secret (Typebot's ``.env``, its Compose file), a collaborative workspace's database URL (AppFlowy
Cloud's ``.env``, its Compose file), a notes app's access code (SiYuan's ``docker run``, its Compose command), a
session replay tool's database password (OpenReplay's ``vars.yaml``, a ``helm upgrade --set``), a log platform's root
password (OpenObserve's Compose file, a StatefulSet), a vector database's API key (Qdrant's Compose file, its
``production.yaml``) and an LLM workspace's JWT secret (AnythingLLM's ``.env``, its ``docker run``). Each takes ``(rng,
name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import ALNUM, HEX, s


def formbricks_env_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# formbricks/.env\nWEBAPP_URL=https://surveys.acme.example\nNEXTAUTH_URL=https://surveys.acme.example\n"
        f"NEXTAUTH_SECRET={s(rng, 64, HEX)}\n"
        f"ENCRYPTION_KEY={value}\n"
        f"CRON_SECRET={s(rng, 64, HEX)}\n"
    ), value


def formbricks_helm_values_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-formbricks.yaml\nformbricks:\n  webappUrl: https://surveys.acme.example\n  secrets:\n"
        f"    ENCRYPTION_KEY: {value}\n"
        "    DATABASE_URL_SECRET: formbricks-db\nredis:\n  enabled: true\n"
    ), value


def typebot_env_encryption_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# typebot/.env\nNEXTAUTH_URL=https://builder.bots.acme.example\n"
        "NEXT_PUBLIC_VIEWER_URL=https://bots.acme.example\n"
        f"ENCRYPTION_SECRET={value}\n"
        "ADMIN_EMAIL=bots@acme.example\nDISABLE_SIGNUP=true\n"
    ), value


def typebot_compose_encryption_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (excerpt)\n  typebot-builder:\n    image: baptistearno/typebot-builder:3.4\n"
        "    environment:\n      - NEXTAUTH_URL=https://builder.bots.acme.example\n"
        f"      - ENCRYPTION_SECRET={value}\n"
        "      - DATABASE_URL_FILE=/run/secrets/typebot_db\n"
    ), value


def appflowy_env_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# AppFlowy-Cloud/.env\nAPPFLOWY_BASE_URL=https://notes.acme.example\nPOSTGRES_USER=appflowy\n"
        f"POSTGRES_PASSWORD={value}\n"
        f"APPFLOWY_DATABASE_URL=postgres://appflowy:{value}@postgres:5432/appflowy\n"
        "APPFLOWY_REDIS_URI=redis://redis:6379\n"
    ), value


def appflowy_compose_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (excerpt)\n  appflowy_cloud:\n    image: appflowyinc/appflowy_cloud:0.9.14\n"
        "    environment:\n"
        f"      - APPFLOWY_DATABASE_URL=postgres://appflowy:{value}@postgres:5432/appflowy\n"
        "      - APPFLOWY_GOTRUE_BASE_URL=http://gotrue:9999\n"
    ), value


def siyuan_docker_run_access_auth_code(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name siyuan -v /srv/siyuan:/siyuan/workspace -p 6806:6806 -u 1000:1000 \\\n"
        f"    b3log/siyuan:v3.1.14 --workspace=/siyuan/workspace/ --accessAuthCode={value}\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def siyuan_compose_access_auth_code(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yaml\nservices:\n  siyuan:\n    image: b3log/siyuan:v3.1.14\n"
        f"    command: ['--workspace=/siyuan/workspace/', '--accessAuthCode={value}']\n"
        "    ports: ['6806:6806']\n    volumes: ['/srv/siyuan:/siyuan/workspace']\n"
    ), value


def openreplay_vars_yaml_postgresql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# openreplay/scripts/helmcharts/vars.yaml (excerpt)\nfromVersion: v1.21.0\npostgresql:\n"
        '  postgresqlHost: "postgresql.db.svc.cluster.local"\n  postgresqlUser: "postgres"\n'
        f'  postgresqlPassword: "{value}"\n'
        'global:\n  domainName: "replay.acme.example"\n'
    ), value


def openreplay_helm_upgrade_set_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ helm upgrade --install openreplay ./openreplay -n app -f vars.yaml \\\n"
        f"    --set postgresql.postgresqlPassword={value} --set global.domainName=replay.acme.example\n"
        'Release "openreplay" has been upgraded. Happy Helming!\nNAME: openreplay\nSTATUS: deployed\n'
    ), value


def openobserve_compose_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml\nservices:\n  openobserve:\n    image: public.ecr.aws/zinclabs/openobserve:v0.14.1\n"
        "    environment:\n      ZO_DATA_DIR: /data\n      ZO_ROOT_USER_EMAIL: logs@acme.example\n"
        f'      ZO_ROOT_USER_PASSWORD: "{value}"\n'
        "    ports: ['5080:5080']\n"
    ), value


def openobserve_statefulset_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/openobserve/statefulset.yaml (excerpt)\n          env:\n            - name: ZO_ROOT_USER_EMAIL\n"
        "              value: logs@acme.example\n            - name: ZO_ROOT_USER_PASSWORD\n"
        f"              value: {value}\n"
        "            - name: ZO_DATA_DIR\n              value: /data\n"
    ), value


def qdrant_compose_service_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yaml\nservices:\n  qdrant:\n    image: qdrant/qdrant:v1.12.4\n    environment:\n"
        f"      QDRANT__SERVICE__API_KEY: {value}\n"
        "      QDRANT__SERVICE__ENABLE_TLS: 'false'\n    ports: ['6333:6333', '6334:6334']\n"
    ), value


def qdrant_production_yaml_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /qdrant/config/production.yaml\nlog_level: INFO\nstorage:\n  storage_path: /qdrant/storage\n"
        "service:\n  http_port: 6333\n  grpc_port: 6334\n"
        f"  api_key: {value}\n"
        f"  read_only_api_key: {s(rng, 32, ALNUM)}\n"
    ), value


def anythingllm_env_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# anything-llm/docker/.env\nSERVER_PORT=3001\nSTORAGE_DIR=/app/server/storage\n"
        f'JWT_SECRET="{value}"\n'
        "LLM_PROVIDER=ollama\nOLLAMA_BASE_PATH=http://ollama:11434\nVECTOR_DB=lancedb\n"
    ), value


def anythingllm_docker_run_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d -p 3001:3001 --cap-add SYS_ADMIN -v /srv/anythingllm:/app/server/storage \\\n"
        f"    -e STORAGE_DIR=/app/server/storage -e JWT_SECRET={value} \\\n"
        "    mintplexlabs/anythingllm:1.7.2\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        formbricks_env_encryption_key,
        formbricks_helm_values_encryption_key,
        typebot_env_encryption_secret,
        typebot_compose_encryption_secret,
        appflowy_env_database_url,
        appflowy_compose_database_url,
        siyuan_docker_run_access_auth_code,
        siyuan_compose_access_auth_code,
        openreplay_vars_yaml_postgresql,
        openreplay_helm_upgrade_set_password,
        openobserve_compose_root_password,
        openobserve_statefulset_root_password,
        qdrant_compose_service_api_key,
        qdrant_production_yaml_api_key,
        anythingllm_env_jwt_secret,
        anythingllm_docker_run_jwt_secret,
    )
}
