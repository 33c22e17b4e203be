"""Where the fifteenth held-out part (fifteenth.py) shows generic secrets kept or printed by database and application
servers, search clusters, debug output, process trees, packet captures, web apps, password manager CLIs, log
shippers and keystores: DB2's command line and JDBC URL, WebLogic's ``boot.properties`` and WLST, IIS's
``applicationHost.config`` and ``appcmd``, OpenSearch's compose file and Dashboards config, Rust's ``tracing`` debug
output and a panic, ``pstree -ap`` and ``systemd-cgls``, ``tshark``'s fields and Wireshark's Follow HTTP Stream,
MediaWiki's ``LocalSettings.php`` and ``getConfiguration``, Joomla's and Moodle's PHP configs, Hasura's CLI and
``config.yaml``, PostgREST's config and ``docker run``, the Bitwarden CLI's unlock hint and a zsh history, Filebeat
and Promtail outputs, authentik's and NetBox's secret keys, and a Java keystore in base64 in Helm values and a CI
trace. Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, b64, s


def db2_clp_connect_using(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"db2inst1@dbhost:~$ db2 connect to SALESDB user etl_load using {value}\n\n"
        "   Database Connection Information\n\n"
        " Database server        = DB2/LINUXX8664 11.5.9.0\n SQL authorization ID   = ETL_LOAD\n"
        " Local database alias   = SALESDB\n\n"
    ), value


def db2_jdbc_url_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# src/main/resources/application-prod.properties\n"
        "spring.datasource.driver-class-name=com.ibm.db2.jcc.DB2Driver\n"
        f"spring.datasource.url=jdbc:db2://db2.acme.internal:50000/SALESDB:user=etl_load;password={value};"
        "sslConnection=true;\nspring.jpa.database-platform=org.hibernate.dialect.DB2Dialect\n"
    ), value


def weblogic_boot_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat $DOMAIN_HOME/servers/AdminServer/security/boot.properties\n"
        f"username=weblogic\n{var}={value}\n$ ./startWebLogic.sh &\n"
    ), value


def wlst_connect_call(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ $ORACLE_HOME/oracle_common/common/bin/wlst.sh\n\nInitializing WebLogic Scripting Tool (WLST) ...\n\n"
        f"wls:/offline> connect('weblogic', '{value}', 't3://wls-admin.acme.internal:7001')\n"
        "Connecting to t3://wls-admin.acme.internal:7001 with userid weblogic ...\n"
        'Successfully connected to Admin Server "AdminServer" that belongs to domain "base_domain".\n'
    ), value


def applicationhost_config_processmodel(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- %windir%\\System32\\inetsrv\\config\\applicationHost.config -->\n<applicationPools>\n"
        '    <add name="ReportsPool" managedRuntimeVersion="v4.0">\n'
        f'        <processModel identityType="SpecificUser" userName="ACME\\svc-reports" password="{value}" />\n'
        "    </add>\n</applicationPools>\n"
    ), value


def appcmd_set_apppool_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\> %windir%\\system32\\inetsrv\\appcmd set apppool /apppool.name:ReportsPool "
        f'/processModel.identityType:SpecificUser /processModel.userName:ACME\\svc-reports /{var}:"{value}"\n'
        'APPPOOL object "ReportsPool" changed\n'
    ), value


def opensearch_compose_initial_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml\nservices:\n  opensearch-node1:\n    image: opensearchproject/opensearch:2.18.0\n"
        "    environment:\n      cluster.name: opensearch-cluster\n      discovery.type: single-node\n"
        f"      {var}: {value}\n    ports:\n      - 9200:9200\n"
    ), value


def opensearch_dashboards_yml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/opensearch-dashboards/opensearch_dashboards.yml\nserver.host: 0.0.0.0\n"
        'opensearch.hosts: ["https://localhost:9200"]\nopensearch.ssl.verificationMode: none\n'
        f"opensearch.username: kibanaserver\nopensearch.password: {value}\n"
        'opensearch.requestHeadersAllowlist: ["authorization", "securitytenant"]\n'
    ), value


def rust_tracing_debug_struct(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ RUST_LOG=debug ./target/release/ingestd\n"
        "2026-11-28T09:14:03.118Z  INFO ingestd: starting version=0.7.3\n"
        "2026-11-28T09:14:03.119Z DEBUG ingestd::config: loaded config=Config { listen: 0.0.0.0:8080, upstream: "
        f'"https://ledger.acme.internal", api_key: "{s(rng, 12, HEX)}", {var}: "{value}", retries: 3 }}\n'
        "2026-11-28T09:14:03.121Z  INFO ingestd::server: listening addr=0.0.0.0:8080\n"
    ), value


def rust_panic_unwrap_message(rng: random.Random, var: str, value: str) -> Place:
    return (
        "thread 'main' panicked at src/client.rs:57:10:\ncalled `Result::unwrap()` on an `Err` value: "
        f'Auth {{ status: 401, key_id: "k-{s(rng, 6, DIGITS)}", {var}: "{value}" }}\n'
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    ), value


def pstree_ap_args(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ pstree -ap | grep -A2 syncer\n  |-supervisord,812 /usr/bin/supervisord -c /etc/supervisor/supervisord.conf\n"
        f"  |   `-syncer,2231 /opt/syncer/bin/syncer --db-host db.acme.internal {var}={value} --interval 60\n"
        "  |       |-{syncer},2240\n"
    ), value


def systemd_cgls_cmdline(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ systemd-cgls -u mirror-agent.service\nUnit mirror-agent.service (/system.slice/mirror-agent.service):\n"
        f"├─1408 /usr/local/bin/mirror-agent --user mirror {var} {value} --target rsync://backup.acme.internal/m\n"
        "└─1412 rsync --server -logDtpre.iLsfxCIvu . /srv/mirror\n"
    ), value


def tshark_fields_authbasic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tshark -r uplink.pcapng -Y http.authorization -T fields -e ip.src -e http.host -e http.authbasic\n"
        f"10.0.4.21\tprinter.acme.internal\tadmin:{value}\n"
        f"10.0.4.21\tprinter.acme.internal\tadmin:{value}\n"
    ), value


def wireshark_follow_http_stream(rng: random.Random, var: str, value: str) -> Place:
    token = b64(f"ops:{value}".encode())
    return (
        "=== Follow HTTP Stream (tcp.stream eq 14) ===\nGET /cgi-bin/status.cgi HTTP/1.1\nHost: 10.0.9.2\n"
        f"{var} {token}\nUser-Agent: python-requests/2.32.3\nAccept: */*\n\n"
        "HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: 412\n\n"
    ), token


def mediawiki_localsettings_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?php\n# LocalSettings.php\n$wgSitename = "Acme Wiki";\n$wgServer = "https://wiki.acme.dev";\n'
        f'$wgDBtype = "mysql";\n$wgDBserver = "localhost";\n${var} = "{value}";\n'
        f'$wgUpgradeKey = "{s(rng, 16, HEX)}";\n$wgLanguageCode = "en";\n'
    ), value


def mediawiki_get_configuration_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"wgSitename": "Acme Wiki", var: value, "wgEnableUploads": True}
    return (
        f"$ php maintenance/run.php getConfiguration --settings 'wgSitename {var} wgEnableUploads' --format json\n"
        + json.dumps(doc)
        + "\n"
    ), value


def joomla_configuration_php_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// configuration.php (Joomla)\nclass JConfig {\n\tpublic $offline = false;\n"
        "\tpublic $sitename = 'Acme Shop';\n\tpublic $dbtype = 'mysqli';\n\tpublic $host = 'localhost';\n"
        f"\tpublic $user = 'joomla';\n\tpublic ${var} = '{value}';\n\tpublic $db = 'joomla_site';\n"
        "\tpublic $dbprefix = 'jos_';\n}\n"
    ), value


def moodle_config_php_dbpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php  // Moodle configuration file\nunset($CFG);\nglobal $CFG;\n$CFG = new stdClass();\n\n"
        "$CFG->dbtype    = 'pgsql';\n$CFG->dblibrary = 'native';\n$CFG->dbhost    = 'localhost';\n"
        f"$CFG->dbname    = 'moodle';\n$CFG->dbuser    = 'moodleuser';\n$CFG->dbpass    = '{value}';\n"
        "$CFG->wwwroot   = 'https://learn.acme.dev';\n"
    ), value


def hasura_console_cli_admin_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ hasura console --endpoint https://graphql.acme.dev --admin-secret {value}\n"
        "INFO console running at: http://localhost:9695/\n"
    ), value


def hasura_config_yaml_admin_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# hasura/config.yaml\nversion: 3\nendpoint: https://graphql.acme.dev\n"
        f"{var}: {value}\nmetadata_directory: metadata\nactions:\n  kind: synchronous\n"
    ), value


def postgrest_conf_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/postgrest.conf\ndb-uri = "postgres://authenticator@localhost:5432/app"\n'
        f'db-schemas = "api"\ndb-anon-role = "web_anon"\n{var} = "{value}"\nserver-port = 3000\n'
    ), value


def postgrest_docker_run_jwt_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run --rm --net=host \\\n  -e PGRST_DB_URI=postgres://authenticator@localhost/app \\\n"
        f"  -e PGRST_DB_ANON_ROLE=web_anon \\\n  -e PGRST_JWT_SECRET={value} \\\n  postgrest/postgrest:v12.2.3\n"
        "Starting PostgREST 12.2.3...\n"
    ), value


def bw_unlock_session_hint_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ bw unlock\n? Master password: [hidden]\nYour vault is now unlocked!\n\n"
        "To unlock your vault, set your session key to the `BW_SESSION` environment variable. ex:\n"
        f'$ export {var}="{value}"\n> $env:{var}="{value}"\n\n'
        "You can also pass the session key to any command with the `--session` option. ex:\n"
        f"$ bw list items --session {value}\n"
    ), value


def bw_session_flag_zsh_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tail -4 ~/.zsh_history\n: 1764321102:0;bw sync\n"
        f": 1764321110:0;bw get password deploy-db --session {value}\n"
        ": 1764321131:2;psql -h db.acme.internal -U deploy\n: 1764321190:0;exit\n"
    ), value


def filebeat_yml_output_elasticsearch(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/filebeat/filebeat.yml\nfilebeat.inputs:\n  - type: filestream\n    id: nginx\n"
        '    paths: [/var/log/nginx/*.log]\noutput.elasticsearch:\n  hosts: ["https://es.acme.internal:9200"]\n'
        f"  username: filebeat_writer\n  {var}: {value}\n  ssl.certificate_authorities: [/etc/filebeat/ca.crt]\n"
    ), value


def promtail_client_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/promtail/config.yml\nserver:\n  http_listen_port: 9080\nclients:\n"
        "  - url: https://loki.acme.dev/loki/api/v1/push\n    basic_auth:\n"
        f"      username: '{s(rng, 6, DIGITS)}'\n      {var}: {value}\n"
        "scrape_configs:\n  - job_name: journal\n    journal:\n      max_age: 12h\n"
    ), value


def authentik_env_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# authentik/.env\nPG_PASS=" + s(rng, 36) + "\n"
        f"AUTHENTIK_{var}='{value}'\nAUTHENTIK_ERROR_REPORTING__ENABLED=false\nCOMPOSE_PORT_HTTPS=9443\n"
    ), value


def netbox_configuration_py_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/netbox/netbox/netbox/configuration.py\nALLOWED_HOSTS = ['netbox.acme.internal']\n"
        "DATABASE = {\n    'NAME': 'netbox',\n    'USER': 'netbox',\n    'HOST': 'localhost',\n}\n"
        f"{var} = '{value}'\nTIME_ZONE = 'Europe/Madrid'\n"
    ), value


def helm_values_keystore_base64_block(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-prod.yaml (chart: payments-gateway)\nreplicaCount: 2\ntls:\n  enabled: true\n"
        f"  keystoreType: JKS\n  {var}Base64: {value}\n  keystoreAlias: tomcat\nservice:\n  port: 8443\n"
    ), value


def ci_xtrace_keystore_base64_echo(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ./ci/sign-release.sh\n+ mkdir -p build/keys\n"
        f"+ echo {value}\n+ base64 -d\n+ ./gradlew assembleRelease -Pandroid.injected.signing.store.file=build/keys/"
        f"{var}.jks\n> Task :app:packageRelease\nBUILD SUCCESSFUL in 1m 12s\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        db2_clp_connect_using, db2_jdbc_url_properties, weblogic_boot_properties, wlst_connect_call,
        applicationhost_config_processmodel, appcmd_set_apppool_password, opensearch_compose_initial_admin_password,
        opensearch_dashboards_yml_password, rust_tracing_debug_struct, rust_panic_unwrap_message, pstree_ap_args,
        systemd_cgls_cmdline, tshark_fields_authbasic, wireshark_follow_http_stream,
        mediawiki_localsettings_secret_key, mediawiki_get_configuration_json, joomla_configuration_php_password,
        moodle_config_php_dbpass, hasura_console_cli_admin_secret, hasura_config_yaml_admin_secret,
        postgrest_conf_jwt_secret, postgrest_docker_run_jwt_env, bw_unlock_session_hint_output,
        bw_session_flag_zsh_history, filebeat_yml_output_elasticsearch, promtail_client_basic_auth,
        authentik_env_secret_key, netbox_configuration_py_secret_key, helm_values_keystore_base64_block,
        ci_xtrace_keystore_base64_echo,
    )
}  # fmt: skip
