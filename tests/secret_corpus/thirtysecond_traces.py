"""Where the thirty-second held-out part (thirtysecond.py) shows generic secrets that metasearch engines, notes
services, PDF tools, budget servers, commerce frameworks, feature flag servers, vector search engines, embedding stores
and search engines hold or are given: a metasearch engine's secret key (SearXNG's ``settings.yml``, ``docker run -e
SEARXNG_SECRET``), a notes service's MySQL DSN (Memos' Compose file, a systemd unit), a PDF tool's first login
password (Stirling-PDF's Compose file, its ``settings.yml``), a budget server's password (Actual's API in a Node import
script, a cron job's environment file), a commerce framework's superadmin password (Vendure's ``.env``, its
``vendure-config.ts``), a feature flag server's server-side key (Flagsmith's Python SDK, an ``.env``), a vector search
engine's API key (Weaviate's Compose file, its Helm values), an embedding store's token (Chroma's Compose file, its
Python client's header) and a search engine's API key (Typesense's ``typesense-server --api-key``, a ``curl`` with the
key in the URL's query). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s


def searxng_settings_yml_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/searxng/settings.yml\nuse_default_settings: true\ngeneral:\n  instance_name: "Acme Search"\n'
        "server:\n  base_url: https://search.acme.example/\n"
        f'  secret_key: "{value}"\n'
        "  limiter: true\n  image_proxy: true\n"
    ), value


def searxng_docker_run_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name searxng -p 8888:8080 \\\n    -v ./searxng:/etc/searxng \\\n"
        "    -e SEARXNG_BASE_URL=https://search.acme.example/ \\\n"
        f"    -e SEARXNG_SECRET={value} \\\n"
        "    searxng/searxng:latest\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def memos_compose_mysql_dsn(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  memos:\n    image: neosmemo/memos:stable\n    environment:\n      MEMOS_DRIVER: mysql\n"
        f"      MEMOS_DSN: memos:{value}@tcp(mysql:3306)/memos_prod\n"
        "      MEMOS_PORT: 5230\n    depends_on:\n      - mysql\n"
    ), value


def memos_systemd_unit_dsn(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/memos.service\n[Unit]\nDescription=Memos\nAfter=network.target mariadb.service\n\n"
        "[Service]\nUser=memos\nExecStart=/usr/local/bin/memos --mode prod --port 5230 --driver mysql \\\n"
        f"  --dsn 'memos:{value}@tcp(127.0.0.1:3306)/memos'\n"
        "Restart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n"
    ), value


def stirling_pdf_compose_initial_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  stirling-pdf:\n    image: stirlingtools/stirling-pdf:latest\n    ports:\n      - '8080:8080'\n"
        "    environment:\n      DOCKER_ENABLE_SECURITY: 'true'\n      SECURITY_ENABLELOGIN: 'true'\n"
        "      SECURITY_INITIALLOGIN_USERNAME: pdfadmin\n"
        f"      SECURITY_INITIALLOGIN_PASSWORD: {value}\n"
        "      LANGS: en_GB\n"
    ), value


def stirling_pdf_settings_yml_initial_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /configs/settings.yml (Stirling-PDF)\nsecurity:\n  enableLogin: true\n  csrfDisabled: false\n"
        "  loginAttemptCount: 5\n  initialLogin:\n    username: pdfadmin\n"
        f"    password: {value}\n"
        "system:\n  defaultLocale: en-GB\n"
    ), value


def actual_api_node_import_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/import-bank.mjs\nimport * as api from '@actual-app/api';\n\nawait api.init({\n"
        "  dataDir: '/tmp/actual-cache',\n  serverURL: 'https://budget.family.example',\n"
        f"  password: '{value}',\n"
        "});\nawait api.downloadBudget(process.env.ACTUAL_SYNC_ID);\nawait api.shutdown();\n"
    ), value


def actual_cron_env_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/cron.d/actual-import\nSHELL=/bin/bash\nACTUAL_SERVER_URL=https://budget.family.example\n"
        f"ACTUAL_PASSWORD={value}\n"
        "ACTUAL_SYNC_ID=5c9b6f0e-budget\n"
        "15 6 * * * budget node /opt/actual-import/import-bank.mjs >> /var/log/actual.log\n"
    ), value


def vendure_env_superadmin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/shop/.env\nAPP_ENV=prod\nPORT=3000\nCOOKIE_SECRET_FILE=/run/secrets/vendure_cookie\n"
        "SUPERADMIN_USERNAME=superadmin\n"
        f"SUPERADMIN_PASSWORD={value}\n"
        "DB_HOST=postgres\nDB_NAME=vendure\n"
    ), value


def vendure_config_ts_superadmin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/vendure-config.ts (excerpt)\nexport const config: VendureConfig = {\n  apiOptions: { port: 3000 },\n"
        "  authOptions: {\n    tokenMethod: ['bearer', 'cookie'],\n    superadminCredentials: {\n"
        "      identifier: 'superadmin',\n"
        f"      password: '{value}',\n"
        "    },\n  },\n  dbConnectionOptions: { type: 'postgres', synchronize: false },\n};\n"
    ), value


def flagsmith_python_sdk_server_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app/flags.py\nfrom flagsmith import Flagsmith\n\nflagsmith = Flagsmith(\n"
        f'    environment_key="{value}",\n'
        '    api_url="https://flags.acme.example/api/v1/",\n    enable_local_evaluation=True,\n)\n'
        "flags = flagsmith.get_environment_flags()\n"
    ), value


def flagsmith_env_server_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# services/checkout/.env.production\nFLAGSMITH_API_URL=https://flags.acme.example/api/v1/\n"
        f"FLAGSMITH_SERVER_KEY={value}\n"
        "FLAGSMITH_LOCAL_EVALUATION=true\nLOG_FORMAT=json\n"
    ), value


def weaviate_compose_allowed_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  weaviate:\n    image: cr.weaviate.io/semitechnologies/weaviate:1.26.1\n    environment:\n"
        "      AUTHENTICATION_ANONYMOUS_ACCESS_ENABLED: 'false'\n      AUTHENTICATION_APIKEY_ENABLED: 'true'\n"
        f"      AUTHENTICATION_APIKEY_ALLOWED_KEYS: '{value}'\n"
        "      AUTHENTICATION_APIKEY_USERS: 'ingest@acme.example'\n      PERSISTENCE_DATA_PATH: /var/lib/weaviate\n"
    ), value


def weaviate_helm_values_allowed_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-weaviate.yaml\nreplicas: 3\nauthentication:\n  anonymous_access:\n    enabled: false\n"
        "  apikey:\n    enabled: true\n    allowed_keys:\n"
        f"      - {value}\n"
        "    users:\n      - ingest@acme.example\nauthorization:\n  admin_list:\n    enabled: true\n"
    ), value


def chroma_compose_authn_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        "services:\n  chroma:\n    image: chromadb/chroma:0.5.5\n    environment:\n"
        "      - CHROMA_SERVER_AUTHN_PROVIDER=chromadb.auth.token_authn.TokenAuthenticationServerProvider\n"
        f"      - CHROMA_SERVER_AUTHN_CREDENTIALS={value}\n"
        "      - CHROMA_AUTH_TOKEN_TRANSPORT_HEADER=X-Chroma-Token\n    volumes:\n      - chroma:/chroma/chroma\n"
    ), value


def chroma_python_client_token_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# rag/store.py\nimport chromadb\n\n"
        "client = chromadb.HttpClient(\n    host='chroma.acme.internal', port=8000,\n"
        f"    headers={{'X-Chroma-Token': '{value}'}},\n"
        ")\ndocs = client.get_or_create_collection('handbook')\n"
    ), value


def typesense_server_cli_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ./typesense-server --data-dir=/var/lib/typesense \\\n"
        f"    --api-key={value} \\\n"
        "    --enable-cors --listen-port 8108\n"
        "I20260411 09:02:17.554 typesense_server_utils.cpp:340] Starting Typesense 27.1\n"
    ), value


def typesense_curl_query_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s 'https://search.acme.example:8108/collections/products/documents/search"
        f"?q=lamp&query_by=name&x-typesense-api-key={value}' | jq .found\n"
        "37\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        searxng_settings_yml_secret_key,
        searxng_docker_run_secret,
        memos_compose_mysql_dsn,
        memos_systemd_unit_dsn,
        stirling_pdf_compose_initial_password,
        stirling_pdf_settings_yml_initial_password,
        actual_api_node_import_script,
        actual_cron_env_file,
        vendure_env_superadmin_password,
        vendure_config_ts_superadmin,
        flagsmith_python_sdk_server_key,
        flagsmith_env_server_key,
        weaviate_compose_allowed_keys,
        weaviate_helm_values_allowed_keys,
        chroma_compose_authn_credentials,
        chroma_python_client_token_header,
        typesense_server_cli_api_key,
        typesense_curl_query_api_key,
    )
}
