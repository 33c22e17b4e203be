"""Where the twenty-ninth held-out part (twentyninth.py) shows generic secrets that database operations, backups,
mail suites, research data capture, self-hosted monitoring and wikis hold or are given: a PostgreSQL backup's
cipher passphrase (pgBackRest's ``pgbackrest.conf``, a Kubernetes CronJob's environment), a PostgreSQL cluster
manager's superuser password (Patroni's ``patroni.yml``, a systemd drop-in), a SQL proxy's admin credentials
(ProxySQL's ``proxysql.cnf``, its admin interface's ``UPDATE global_variables``), a PostgreSQL backup manager's
database password (Barman's server ``conninfo``, ``pg_probackup`` run from a crontab with ``PGPASSWORD``), a mail
suite's database password (mailcow's ``mailcow.conf``, Modoboa's ``settings.py``), a research data tool's database
password (REDCap's ``database.php``, OpenClinica's ``datainfo.properties``), a self-hosted cron monitor's ping URL key
(Healthchecks pinged from a crontab and from a systemd unit), a wiki's REST API credentials as HTTP basic auth (XWiki
over ``curl``, DokuWiki's JSON-RPC from Python) and a mail server's DKIM signing key as PEM in base64, longer than a
stream's window (docker-mailserver's Helm values, an rspamd Kubernetes secret). Each takes ``(rng, name, value)`` and
gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def pgbackrest_conf_cipher_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/pgbackrest/pgbackrest.conf\n[global]\nrepo1-type=s3\nrepo1-path=/pgbackrest\n"
        "repo1-s3-bucket=acme-pg-backups\nrepo1-s3-region=eu-west-1\nrepo1-cipher-type=aes-256-cbc\n"
        f"repo1-cipher-pass={value}\n"
        "repo1-retention-full=4\n\n[main]\npg1-path=/var/lib/postgresql/16/main\n"
    ), value


def pgbackrest_cronjob_env_cipher_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# k8s/pg-backup-cronjob.yaml\napiVersion: batch/v1\nkind: CronJob\nmetadata:\n  name: pg-full-backup\n"
        'spec:\n  schedule: "15 2 * * 0"\n  jobTemplate:\n    spec:\n      template:\n        spec:\n'
        "          containers:\n            - name: pgbackrest\n"
        "              image: registry.acme.example/pgbackrest:2.54\n"
        '              args: ["--stanza=main", "--type=full", "backup"]\n              env:\n'
        "                - name: PGBACKREST_REPO1_CIPHER_PASS\n"
        f'                  value: "{value}"\n'
    ), value


def patroni_yml_superuser(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/patroni/patroni.yml\nscope: pg-main\nname: pg01\nrestapi:\n  listen: 0.0.0.0:8008\n"
        "postgresql:\n  listen: 0.0.0.0:5432\n  data_dir: /var/lib/postgresql/16/main\n  authentication:\n"
        "    superuser:\n      username: postgres\n"
        f"      {var}: '{value}'\n"
        "    replication:\n      username: replicator\n      password: '${REPL_PASSWORD}'\n"
    ), value


def patroni_systemd_dropin_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ systemctl cat patroni | sed -n '/override/,$p'\n# /etc/systemd/system/patroni.service.d/override.conf\n"
        "[Service]\nEnvironment=PATRONI_SUPERUSER_USERNAME=postgres\n"
        f"Environment=PATRONI_SUPERUSER_PASSWORD={value}\n"
        "Environment=PATRONI_LOG_LEVEL=INFO\n"
    ), value


def proxysql_cnf_admin_credentials(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/proxysql.cnf\ndatadir="/var/lib/proxysql"\n\nadmin_variables=\n{\n'
        f'    admin_credentials="admin:{value};radmin:radmin"\n'
        '    mysql_ifaces="0.0.0.0:6032"\n    refresh_interval=2000\n}\n'
    ), value


def proxysql_admin_update_global_variables(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ProxySQL Admin> UPDATE global_variables SET variable_value="
        f"'admin:{value}' WHERE variable_name='admin-admin_credentials';\n"
        "Query OK, 1 row affected (0.00 sec)\n\nProxySQL Admin> LOAD ADMIN VARIABLES TO RUNTIME; "
        "SAVE ADMIN VARIABLES TO DISK;\nQuery OK, 0 rows affected (0.00 sec)\n"
    ), value


def barman_server_conf_conninfo(rng: random.Random, var: str, value: str) -> Place:
    return (
        '; /etc/barman.d/pg01.conf\n[pg01]\ndescription = "Main PostgreSQL cluster"\n'
        f"conninfo = host=pg01.acme.example user=barman dbname=postgres {var}={value}\n"
        "streaming_conninfo = host=pg01.acme.example user=streaming_barman\nbackup_method = postgres\n"
        "streaming_archiver = on\nslot_name = barman\n"
    ), value


def pg_probackup_crontab_pgpassword(rng: random.Random, var: str, value: str) -> Place:
    return (
        "postgres@pg02:~$ crontab -l | grep probackup\n"
        f"30 1 * * * PGPASSWORD='{value}' pg_probackup-16 backup -B /backup/pg --instance main -b DELTA "
        "--stream -U backup_user -d postgres --compress >> /var/log/pg_probackup.log 2>&1\n"
    ), value


def mailcow_conf_dbpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep -E '^(MAILCOW_HOSTNAME|DBNAME|DBUSER|DBPASS|DBROOT)=' /opt/mailcow-dockerized/mailcow.conf\n"
        "MAILCOW_HOSTNAME=mail.acme.example\nDBNAME=mailcow\nDBUSER=mailcow\n"
        f"DBPASS={value}\n"
        f"DBROOT={s(rng, 28, HEX)}\n"
    ), value


def modoboa_settings_py_databases(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/modoboa/instance/instance/settings.py (excerpt)\nDATABASES = {\n    'default': {\n"
        "        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'modoboa',\n"
        "        'USER': 'modoboa',\n"
        f"        'PASSWORD': '{value}',\n"
        "        'HOST': 'localhost',\n        'PORT': '',\n    },\n}\n"
    ), value


def redcap_database_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /var/www/html/redcap/database.php\nglobal $log_all_errors;\n$log_all_errors = FALSE;\n\n"
        "$hostname   = 'db01.research.example';\n$db         = 'redcap';\n$username   = 'redcap_app';\n"
        f"$password   = '{value}';\n"
        f"$salt = '{s(rng, 10, HEX)}';\n"
    ), value


def openclinica_datainfo_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tomcat/openclinica.config/datainfo.properties\ndbType=postgres\ndbUser=clinica\n"
        f"dbPass={value}\n"
        "db=openclinica\ndbPort=5432\ndbHost=db01.research.example\nfilePath=/usr/local/oc/data/\n"
    ), value


def healthchecks_crontab_ping(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ crontab -l\n# m h dom mon dow command\n"
        f"{s(rng, 1, '12345')}5 3 * * * /usr/local/bin/backup-nas.sh && curl -fsS -m 10 --retry 5 -o /dev/null "
        f"https://hc.acme.example/ping/{value}\n"
    ), value


def healthchecks_systemd_exec_start_post(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/restic-backup.service\n[Unit]\nDescription=Nightly restic backup\n\n[Service]\n"
        "Type=oneshot\nExecStartPre=-/usr/bin/curl -fsS -m 10 https://hc.acme.example/ping/"
        f"{value}/start\n"
        "ExecStart=/usr/local/bin/backup.sh\n"
        f"ExecStartPost=/usr/bin/curl -fsS -m 10 --retry 5 https://hc.acme.example/ping/{value}\n"
    ), value


def xwiki_rest_curl_basic_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -H "Authorization: Basic {value}" -H "Accept: application/json" \\\n'
        "    https://wiki.acme.example/xwiki/rest/wikis/xwiki/spaces/Ops/pages | jq '.pageSummaries | length'\n"
        f"{s(rng, 2, DIGITS)}\n"
    ), value


def dokuwiki_jsonrpc_requests_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/export_runbooks.py\nimport requests\n\nRPC = 'https://docs.acme.example/lib/exe/jsonrpc.php'\n"
        f"HEADERS = {{'Authorization': 'Basic {value}', 'Content-Type': 'application/json'}}\n"
        "pages = requests.post(f'{RPC}/core.listPages', json={'namespace': 'runbooks'}, headers=HEADERS).json()\n"
    ), value


def docker_mailserver_helm_values_dkim(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/mailserver/values.yaml\ndeployment:\n  env:\n    ENABLE_RSPAMD: 1\n    ENABLE_OPENDKIM: 0\n"
        "secrets:\n  dkim-acme:\n    create: true\n    path: rspamd/dkim/rsa-4096-mail-acme.example.private.txt\n"
        f"    data: {value}\n"
    ), value


def rspamd_dkim_k8s_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl -n mail get secret rspamd-dkim -o yaml\napiVersion: v1\ndata:\n"
        f"  {var}: {value}\n"
        "kind: Secret\nmetadata:\n  name: rspamd-dkim\n  namespace: mail\ntype: Opaque\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        pgbackrest_conf_cipher_pass,
        pgbackrest_cronjob_env_cipher_pass,
        patroni_yml_superuser,
        patroni_systemd_dropin_env,
        proxysql_cnf_admin_credentials,
        proxysql_admin_update_global_variables,
        barman_server_conf_conninfo,
        pg_probackup_crontab_pgpassword,
        mailcow_conf_dbpass,
        modoboa_settings_py_databases,
        redcap_database_php,
        openclinica_datainfo_properties,
        healthchecks_crontab_ping,
        healthchecks_systemd_exec_start_post,
        xwiki_rest_curl_basic_header,
        dokuwiki_jsonrpc_requests_headers,
        docker_mailserver_helm_values_dkim,
        rspamd_dkim_k8s_secret,
    )
}
