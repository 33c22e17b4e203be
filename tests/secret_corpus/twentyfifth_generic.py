"""Where the twenty-fifth held-out part (twentyfifth.py) shows generic secrets that time-series, graph and analytical
databases, older SQL servers and infrastructure-as-code languages hold or are given: a TDengine root password (the
``taos`` shell's ``-p``, its REST API with ``curl -u``), a QuestDB wire password (``server.conf``'s ``pg.password``,
its container's environment), a SurrealDB root password (``surreal start --pass``, ``surreal import --pass``), Apache
Druid's metadata store password (``common.runtime.properties``, the Docker ``environment`` file), a Scylla Manager
agent's token (its YAML, ``sctool cluster add``), a Vertica administrator's password (``vsql -w``, vertica-python's
connection dictionary), a Sybase ASE password (``isql -P``, a jConnect properties file), a password in Pkl and in a
Tanka environment's Jsonnet, and a database password in a CDK for Terraform stack (its TypeScript, the JSON it
synthesises). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import HEX, s


def tdengine_taos_cli_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@td01:~# taos -h td01.corp.example -u root "
        f'-p{value} -s "show databases;"\n'
        "Welcome to the TDengine Command Line Interface, Client Version:3.3.2.0\n"
        "              name              |\n=================================\n information_schema             |\n"
        " performance_schema             |\n meters                         |\nQuery OK, 3 row(s) in set (0.002431s)\n"
    ), value


def tdengine_rest_curl_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -u root:" + value + " \\\n"
        "    -d 'select last(*) from meters.d1001' td01.corp.example:6041/rest/sql\n"
        '{"code":0,"column_meta":[["ts","TIMESTAMP",8],["current","FLOAT",4]],"data":[["2026-11-27T08:00:00.000Z",'
        '10.3]],"rows":1}\n'
    ), value


def questdb_server_conf_pg_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/lib/questdb/conf/server.conf\nhttp.bind.to=0.0.0.0:9000\npg.enabled=true\n"
        "pg.net.bind.to=0.0.0.0:8812\npg.user=ingest\n"
        f"{var}={value}\n"
        "pg.readonly.user.enabled=true\npg.readonly.user=grafana\n"
    ), value


def questdb_compose_env_pg_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (fleet telemetry)\nservices:\n  questdb:\n    image: questdb/questdb:8.1.4\n"
        "    ports:\n      - 9000:9000\n      - 8812:8812\n    environment:\n      QDB_PG_USER: ingest\n"
        f"      QDB_PG_PASSWORD: {value}\n"
        "      QDB_TELEMETRY_ENABLED: 'false'\n"
    ), value


def surrealdb_start_pass_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ surreal start --log info --user root "
        f"--pass {value} --bind 0.0.0.0:8000 rocksdb:/data/catalog.db\n"
        " .d8888b.                                             888 8888888b.  888888b.\n"
        "2026-11-27T09:31:02.114Z INFO surreal::env: Running 2.0.4 for linux on x86_64\n"
        "2026-11-27T09:31:02.117Z INFO surrealdb::net: Started web server on 0.0.0.0:8000\n"
    ), value


def surrealdb_import_cli_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# restore-catalog.sh\nset -e\n"
        "surreal import --conn http://localhost:8000 --user root "
        f"--pass '{value}' --ns shop --db catalog ./backups/catalog-$(date +%F).surql\n"
    ), value


def druid_runtime_properties_connector_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# conf/druid/cluster/_common/common.runtime.properties\ndruid.metadata.storage.type=postgresql\n"
        "druid.metadata.storage.connector.connectURI=jdbc:postgresql://pg-meta.corp.example:5432/druid\n"
        "druid.metadata.storage.connector.user=druid\n"
        f"{var}={value}\n"
        "druid.storage.type=s3\ndruid.storage.bucket=analytics-deep-storage\n"
    ), value


def druid_docker_environment_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# distribution/docker/environment (read by every Druid service in docker-compose.yml)\n"
        "DRUID_SINGLE_NODE_CONF=micro-quickstart\ndruid_metadata_storage_type=postgresql\n"
        "druid_metadata_storage_connector_connectURI=jdbc:postgresql://postgres:5432/druid\n"
        "druid_metadata_storage_connector_user=druid\n"
        f"druid_metadata_storage_connector_password={value}\n"
        "druid_zk_service_host=zookeeper\n"
    ), value


def scylla_manager_agent_yaml_auth_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/scylla-manager-agent/scylla-manager-agent.yaml\n"
        f"{var}: {value}\n\n"
        "https: :10001\n\ns3:\n  region: eu-west-1\n"
    ), value


def sctool_cluster_add_auth_token(rng: random.Random, var: str, value: str) -> Place:
    cluster = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-4{s(rng, 3, HEX)}-9{s(rng, 3, HEX)}-{s(rng, 12, HEX)}"
    return (
        "[centos@scylla-mgr ~]$ sctool cluster add --host 10.0.4.11 --name prod-eu "
        f"--auth-token {value}\n"
        f"{cluster}\n __\n/  \\     Cluster added! You can set it as default, by exporting its name or ID as env "
        "variable:\n"
    ), value


def vertica_vsql_w_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "dbadmin@v01:~$ /opt/vertica/bin/vsql -h vertica01.corp.example -U dbadmin "
        f'-w {value} -c "SELECT node_name, node_state FROM nodes;"\n'
        "    node_name     | node_state\n------------------+------------\n v_analytics_node0001 | UP\n"
    ), value


def vertica_python_conn_info(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# loaders/clickstream.py\nimport vertica_python\n\nconn_info = {\n    'host': 'vertica01.corp.example',\n"
        "    'port': 5433,\n    'user': 'loader',\n"
        f"    '{var}': '{value}',\n"
        "    'database': 'analytics',\n}\n\nwith vertica_python.connect(**conn_info) as conn:\n"
        "    conn.cursor().execute(\"COPY clicks FROM LOCAL 'clicks.csv' DELIMITER ','\")\n"
    ), value


def sybase_isql_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "sybase@ase01:~$ isql -Usa "
        f"-P{value} -SSYBPROD -w 200 <<EOF\n"
        "sp_who\ngo\nEOF\n fid spid status   loginame origname\n ------ ------ -------- -------- --------\n"
    ), value


def sybase_jconnect_jdbc_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# billing-batch/conf/jdbc.properties\njdbc.driver=com.sybase.jdbc4.jdbc.SybDriver\n"
        "jdbc.url=jdbc:sybase:Tds:ase01.corp.example:5000/billing?CHARSET=utf8\njdbc.user=billing_app\n"
        f"jdbc.{var}={value}\n"
        "jdbc.pool.max=8\n"
    ), value


def pkl_app_config_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// config/prod.pkl\namends "AppConfig.pkl"\n\nserver {\n  port = 8443\n}\n\ndatabase {\n'
        '  host = "pg-orders.corp.example"\n  username = "orders"\n'
        f'  {var} = "{value}"\n'
        "}\n"
    ), value


def tanka_jsonnet_env_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// environments/prod/main.jsonnet (Tanka)\nlocal grafana = import 'grafana/grafana.libsonnet';\n\n"
        "grafana {\n  _config+:: {\n    namespace: 'monitoring',\n    grafana: {\n      admin_user: 'admin',\n"
        f"      {var}: '{value}',\n"
        "    },\n  },\n}\n"
    ), value


def cdktf_typescript_db_instance(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// infra/main.ts (CDK for Terraform)\nimport { DbInstance } from "@cdktf/provider-aws/lib/db-instance";\n\n'
        'new DbInstance(this, "orders", {\n  engine: "postgres",\n  instanceClass: "db.t4g.medium",\n'
        '  allocatedStorage: 50,\n  username: "orders",\n'
        f'  {var}: "{value}",\n'
        "  skipFinalSnapshot: true,\n});\n"
    ), value


def cdktf_out_synth_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "//": {"metadata": {"backend": "s3", "stackName": "orders", "version": "0.20.9"}},
        "resource": {
            "aws_db_instance": {
                "orders": {
                    "allocated_storage": 50,
                    "engine": "postgres",
                    "instance_class": "db.t4g.medium",
                    var: value,
                    "username": "orders",
                }
            }
        },
    }
    return "$ cat cdktf.out/stacks/orders/cdk.tf.json\n" + json.dumps(doc, indent=2) + "\n", value


PLACES = {
    f.__name__: f
    for f in (
        tdengine_taos_cli_p_flag,
        tdengine_rest_curl_user,
        questdb_server_conf_pg_password,
        questdb_compose_env_pg_password,
        surrealdb_start_pass_flag,
        surrealdb_import_cli_pass,
        druid_runtime_properties_connector_password,
        druid_docker_environment_file,
        scylla_manager_agent_yaml_auth_token,
        sctool_cluster_add_auth_token,
        vertica_vsql_w_flag,
        vertica_python_conn_info,
        sybase_isql_p_flag,
        sybase_jconnect_jdbc_properties,
        pkl_app_config_password,
        tanka_jsonnet_env_password,
        cdktf_typescript_db_instance,
        cdktf_out_synth_json,
    )
}
