"""Where the thirtieth held-out part (thirtieth.py) shows generic secrets that cloud managers, distributed databases,
search engines, metrics agents, data labelling, LLM tools and cluster secret controllers hold or are given: a cloud
manager's ``oneadmin`` password (OpenNebula's ``one_auth`` file, ``oneuser passwd``), a distributed SQL database's
connection URL (CockroachDB's ``cockroach sql --url``, ``cockroach workload init``), a MySQL-compatible cluster's user
password (Vitess' static auth file, a TiDB Operator secret made with ``--from-literal``), a document database's admin
password (RethinkDB's ``--initial-password``, its Compose command), a search engine's master key (Meilisearch's
``config.toml``, a systemd unit), a metrics agent's remote write credentials as HTTP basic auth (vmagent's
``-remoteWrite.headers``, its Helm values), a data labelling tool's admin password (Label Studio's ``start``, its
Compose file), an LLM flow builder's admin password (Flowise's ``.env``, Langflow's Compose file), a self-hosted
inference server's API key (LocalAI's ``docker run``, its Helm values) and a sealed secrets controller's RSA key as
PEM in base64, longer than a stream's window (its backup as YAML, a restore script's heredoc). Each takes ``(rng,
name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, b64, pem, s

LOWER_NUM = LOWER + DIGITS


def opennebula_one_auth_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "oneadmin@frontend01:~$ cat ~/.one/one_auth\n"
        f"oneadmin:{value}\n"
        "oneadmin@frontend01:~$ onehost list\n  ID NAME          CLUSTER   TVM  ALLOCATED_CPU  STAT\n"
        "   0 kvm01         default    14  1400 / 3200    on\n"
    ), value


def opennebula_oneuser_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"oneadmin@frontend01:~$ oneuser passwd 0 {value}\n"
        f"oneadmin@frontend01:~$ echo 'oneadmin:{value}' > ~/.one/one_auth\n"
        "oneadmin@frontend01:~$ oneuser show 0 | grep -E '^(NAME|AUTH_DRIVER)'\nNAME           : oneadmin\n"
        "AUTH_DRIVER    : core\n"
    ), value


def cockroach_sql_url_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cockroach sql --url "
        f"'postgresql://app_rw:{value}@crdb-public.acme.example:26257/orders?sslmode=verify-full"
        "&sslrootcert=certs/ca.crt' -e 'SHOW RANGES FROM TABLE orders LIMIT 2;'\n"
        "  start_key | end_key | range_id | replicas\n"
        "------------+---------+----------+-----------\n  NULL      | /1000   |       71 | {1,2,3}\n"
    ), value


def cockroach_workload_init_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/crdb-loadtest/job.yaml (args)\n      containers:\n        - name: workload\n"
        "          image: cockroachdb/cockroach:v24.2.4\n"
        '          command: ["/cockroach/cockroach", "workload", "init", "movr",\n'
        f'                    "postgresql://loadtest:{value}@crdb-public:26257/movr?sslmode=require"]\n'
    ), value


def vitess_static_auth_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /vt/config/static_auth.json\n{\n"
        f'  "orders_app": [{{"Password": "{value}", "UserData": "orders_app"}}],\n'
        '  "vt_monitor": [{"MysqlNativePassword": "*' + s(rng, 40, HEX).upper() + '", "UserData": "monitor"}]\n}\n'
        "$ vtgate --mysql_auth_server_impl static --mysql_auth_server_static_file /vt/config/static_auth.json &\n"
    ), value


def tidb_operator_secret_literal(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl create secret generic tidb-secret -n tidb-cluster \\\n"
        f"    --from-literal=root={value} --from-literal=developer=ChangeMe-later\n"
        "secret/tidb-secret created\n$ kubectl -n tidb-cluster apply -f tidb-initializer.yaml\n"
        "tidbinitializer.pingcap.com/basic-init created\n"
    ), value


def rethinkdb_initial_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/rethinkdb/instances.d/cluster.conf is not enough for the first start:\n"
        f"rethinkdb@rdb01:~$ rethinkdb --bind all --directory /var/lib/rethinkdb/data --initial-password {value}\n"
        "Running rethinkdb 2.4.4~0jammy (GCC 11.4.0)...\nRunning on Linux 6.8.0-48-generic x86_64\n"
        "Listening for intracluster connections on port 29015\n"
    ), value


def rethinkdb_compose_command(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/rethinkdb/docker-compose.yml\nservices:\n  rethinkdb:\n    image: rethinkdb:2.4.4-bookworm-slim\n"
        f"    command: rethinkdb --bind all --initial-password {value}\n"
        '    ports:\n      - "127.0.0.1:8080:8080"\n      - "28015:28015"\n'
    ), value


def meilisearch_config_toml_master_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/meilisearch.toml\nenv = "production"\n'
        f'master_key = "{value}"\n'
        'db_path = "/var/lib/meilisearch/data"\nhttp_addr = "127.0.0.1:7700"\nno_analytics = true\n'
    ), value


def meilisearch_systemd_exec_start(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/meilisearch.service\n[Unit]\nDescription=Meilisearch\n"
        "After=systemd-user-sessions.service\n\n"
        "[Service]\nType=simple\nWorkingDirectory=/var/lib/meilisearch\n"
        f"ExecStart=/usr/local/bin/meilisearch --env production --master-key {value}\n"
        "User=meilisearch\n\n[Install]\nWantedBy=multi-user.target\n"
    ), value


def vmagent_flags_authorization_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ systemctl cat vmagent | sed -n '/^ExecStart/,/^$/p'\nExecStart=/usr/local/bin/vmagent-prod \\\n"
        "    -promscrape.config=/etc/vmagent/scrape.yml \\\n"
        "    -remoteWrite.url=https://metrics.acme.example/api/v1/write \\\n"
        f"    '-remoteWrite.headers=Authorization: Basic {value}' \\\n"
        "    -remoteWrite.tmpDataPath=/var/lib/vmagent\n"
    ), value


def vmagent_helm_values_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/vmagent/values.yaml\nremoteWrite:\n  - url: https://metrics.acme.example/api/v1/write\n"
        'extraArgs:\n  promscrape.streamParse: "true"\n'
        f'  remoteWrite.headers: "Authorization: Basic {value}"\n'
        "resources:\n  limits:\n    memory: 512Mi\n"
    ), value


def labelstudio_start_cli_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(ls) annot@gpu02:~$ label-studio start --init --username admin@acme.example "
        f"--password '{value}' --port 8090\n"
        "=> Database and media directory: /home/annot/.local/share/label-studio\n"
        "Starting new HTTP server on http://0.0.0.0:8090\n"
    ), value


def labelstudio_compose_env_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/label-studio/docker-compose.yml\nservices:\n  app:\n    image: heartexlabs/label-studio:1.14.0\n"
        "    environment:\n      - DJANGO_DB=default\n      - POSTGRE_HOST=db\n"
        "      - LABEL_STUDIO_USERNAME=admin@acme.example\n"
        f"      - LABEL_STUDIO_PASSWORD={value}\n"
        "      - LABEL_STUDIO_DISABLE_SIGNUP_WITHOUT_LINK=true\n"
    ), value


def flowise_env_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/flowise/docker/.env\nPORT=3000\nDATABASE_PATH=/root/.flowise\nFLOWISE_USERNAME=admin\n"
        f"FLOWISE_PASSWORD={value}\n"
        "APIKEY_PATH=/root/.flowise\nLOG_LEVEL=info\n"
    ), value


def langflow_compose_superuser_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/langflow/docker-compose.yml\nservices:\n  langflow:\n    image: langflowai/langflow:1.1.1\n"
        "    environment:\n      - LANGFLOW_AUTO_LOGIN=False\n      - LANGFLOW_SUPERUSER=admin\n"
        f"      - LANGFLOW_SUPERUSER_PASSWORD={value}\n"
        "      - LANGFLOW_DATABASE_URL=postgresql://langflow@postgres:5432/langflow\n"
    ), value


def localai_docker_run_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ml@gpu03:~$ docker run -d --name local-ai --gpus all -p 8080:8080 \\\n"
        f"    -e API_KEY={value} \\\n"
        "    -v /models:/build/models localai/localai:latest-aio-gpu-nvidia-cuda-12\n"
        "e1d4c7a09b3f52e6d8a1c4f7b0e3d6a9c2f5b8e1d4a7c0f3b6e9d2a5c8f1b4e7\n"
    ), value


def localai_helm_values_api_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/local-ai/values.yaml\ndeployment:\n  image:\n    repository: quay.io/go-skynet/local-ai\n"
        "  env:\n    threads: 8\n    context_size: 4096\n"
        f'    API_KEY: "{value}"\n'
        "models:\n  forceDownload: false\n"
    ), value


def sealed_secrets_master_key_backup_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl get secret -n kube-system -l sealedsecrets.bitnami.com/sealed-secrets-key -o yaml "
        "> sealed-secrets-key.bak.yaml\n$ cat sealed-secrets-key.bak.yaml\napiVersion: v1\nitems:\n"
        f"- apiVersion: v1\n  data:\n    tls.crt: {b64(pem('CERTIFICATE', 1290)(rng).encode())}\n"
        f"    tls.key: {value}\n"
        f"  kind: Secret\n  metadata:\n    name: sealed-secrets-key{s(rng, 5, LOWER_NUM)}\n"
        "    namespace: kube-system\n  type: kubernetes.io/tls\nkind: List\n"
    ), value


def sealed_secrets_restore_heredoc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# dr/restore-sealed-secrets.sh: put the controller's key back before the controller starts\n"
        "set -eu\ncat <<EOF | kubectl apply -n kube-system -f -\napiVersion: v1\nkind: Secret\nmetadata:\n"
        "  name: sealed-secrets-key-restored\n  labels:\n    sealedsecrets.bitnami.com/sealed-secrets-key: active\n"
        "type: kubernetes.io/tls\ndata:\n  tls.crt: $(base64 -w0 < dr/sealed-secrets.crt)\n"
        f"  tls.key: {value}\n"
        "EOF\nkubectl -n kube-system rollout restart deployment sealed-secrets-controller\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        opennebula_one_auth_file,
        opennebula_oneuser_passwd,
        cockroach_sql_url_flag,
        cockroach_workload_init_url,
        vitess_static_auth_json,
        tidb_operator_secret_literal,
        rethinkdb_initial_password_flag,
        rethinkdb_compose_command,
        meilisearch_config_toml_master_key,
        meilisearch_systemd_exec_start,
        vmagent_flags_authorization_header,
        vmagent_helm_values_headers,
        labelstudio_start_cli_password,
        labelstudio_compose_env_password,
        flowise_env_password,
        langflow_compose_superuser_password,
        localai_docker_run_api_key,
        localai_helm_values_api_keys,
        sealed_secrets_master_key_backup_yaml,
        sealed_secrets_restore_heredoc,
    )
}
