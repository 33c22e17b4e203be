"""Where the thirteenth held-out part (thirteenth.py) shows generic secrets kept by data stores, servers and their logs:
rows as database shells print them (sqlite3, psql's expanded display, mysql's ``\\G``, MySQL Shell's JSON, cqlsh) and as
dumps and migrations hold them (``.dump``, ``pg_dump --column-inserts``, Flyway, Liquibase), DynamoDB items,
Elasticsearch hits, Redis hashes (``redis-cli``, rdb-tools), the IAM console password (the ``credentials.csv`` the
console offers, ``create-login-profile``), access and error logs (HAProxy's captured headers, Traefik's JSON, nginx's
error log, Envoy's default format), HTTP wire logs (Apache HttpClient, Python's ``http.client``), the commands sudo and
journald record, backup repositories (restic, autorestic), OpenVPN's ``auth-user-pass``, MinIO's and Elasticsearch's
built-in users. Each takes ``(rng, name, value)`` and gives ``(text, secret)``; tables, dumps and logs are written as
the tools write them."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def sqlite3_select_list_mode(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sqlite3 instance/app.db 'select id, provider, url, signing_secret, active from webhooks;'\n"
        f"1|github|https://ci.acme.dev/hooks/github|{value}|1\n2|stripe|https://shop.acme.dev/hooks/stripe||0\n"
    ), value


def sqlite3_dot_dump_insert(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sqlite3 instance/app.db .dump webhooks\nPRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n"
        "CREATE TABLE webhooks (id INTEGER PRIMARY KEY, provider TEXT, url TEXT, signing_secret TEXT, "
        "active INTEGER);\n"
        f"INSERT INTO webhooks VALUES(1,'gitea','https://git.acme.dev/api/hooks','{value}',1);\nCOMMIT;\n"
    ), value


def psql_expanded_display_record(rng: random.Random, var: str, value: str) -> Place:
    return (
        "orders=> \\x\nExpanded display is on.\n"
        "orders=> select * from integration_tokens where name = 'erp-sync';\n"
        "-[ RECORD 1 ]-+------------------------------\n"
        f"id            | 7\nname          | erp-sync\ntoken         | {value}\n"
        "created_at    | 2026-10-02 08:11:54.20391+00\nrevoked       | f\n\n"
    ), value


def pg_dump_column_inserts(rng: random.Random, var: str, value: str) -> Place:
    return (
        "--\n-- Data for Name: integration_tokens; Type: TABLE DATA; Schema: public; Owner: orders\n--\n\n"
        "INSERT INTO public.integration_tokens (id, name, token, created_at, revoked) "
        f"VALUES (3, 'warehouse-export', '{value}', '2026-09-14 10:02:11.5+00', false);\n"
    ), value


def mysql_vertical_g_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "mysql> SELECT * FROM mail_settings WHERE id = 1\\G\n"
        "*************************** 1. row ***************************\n"
        "       id: 1\n     host: smtp.acme.dev\n     port: 587\n"
        f" username: notifications@acme.dev\n password: {value}\n"
        "  use_tls: 1\n1 row in set (0.00 sec)\n"
    ), value


def mysqlsh_json_pretty_result(rng: random.Random, var: str, value: str) -> Place:
    row = {"id": 1, "host": "smtp.acme.dev", "port": 587, "username": "notifications@acme.dev", "password": value}
    return (
        "$ mysqlsh --sql --result-format=json/pretty -u admin -h db1.acme.internal shop "
        '-e "SELECT * FROM mail_settings"\n' + json.dumps(row, indent=4) + "\n"
    ), value


def flyway_versioned_seed_sql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- src/main/resources/db/migration/V7__seed_oauth_clients.sql\n"
        "INSERT INTO oauth_client (client_id, client_secret, redirect_uri, scopes)\n"
        f"VALUES ('reporting-ui', '{value}', 'https://reports.acme.dev/callback', 'openid profile');\n"
    ), value


def liquibase_changeset_insert_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<databaseChangeLog xmlns="http://www.liquibase.org/xml/ns/dbchangelog">\n'
        '  <changeSet id="seed-oauth-clients" author="platform">\n    <insert tableName="oauth_client">\n'
        '      <column name="client_id" value="billing-batch"/>\n'
        f'      <column name="client_secret" value="{value}"/>\n'
        '      <column name="scopes" value="invoices:write"/>\n    </insert>\n  </changeSet>\n</databaseChangeLog>\n'
    ), value


def aws_dynamodb_scan_output(rng: random.Random, var: str, value: str) -> Place:
    item = {"tenant": {"S": "acme-eu"}, "provider": {"S": "shipping"}, "apiSecret": {"S": value},
            "rotatedAt": {"N": "1763020800"}}  # fmt: skip
    doc = {"Items": [item], "Count": 1, "ScannedCount": 1, "ConsumedCapacity": None}
    scan = "$ aws dynamodb scan --table-name tenant-integrations --region eu-west-1\n"
    return f"{scan}{json.dumps(doc, indent=4)}\n", value


def aws_dynamodb_put_item_cmd(rng: random.Random, var: str, value: str) -> Place:
    item = json.dumps({"tenant": {"S": "acme-us"}, "provider": {"S": "tax"}, "apiSecret": {"S": value}})
    return (
        f"$ aws dynamodb put-item --table-name tenant-integrations --item '{item}' --return-consumed-capacity TOTAL\n"
    ), value


def cqlsh_select_table_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "cqlsh:devices> SELECT device_id, owner, access_token FROM device_tokens LIMIT 2;\n\n"
        f" device_id | owner | access_token\n-----------+-------+-{'-' * len(value)}\n"
        f"     10482 |   ana | {value}\n     10483 |  marc | {'null'.rjust(len(value))}\n\n(2 rows)\n"
    ), value


def elasticsearch_search_hits_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"took": 3, "timed_out": False, "hits": {"total": {"value": 1, "relation": "eq"}, "hits": [
        {"_index": "devices-2026.11", "_id": s(rng, 20), "_score": 1.0,
         "_source": {"device_id": 10482, "owner": "ana", "access_token": value, "firmware": "4.2.1"}}]}}  # fmt: skip
    return (
        "$ curl -s 'http://localhost:9200/devices-*/_search?q=owner:ana&pretty'\n" + json.dumps(doc, indent=2) + "\n"
    ), value


def redis_cli_hgetall_numbered(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"127.0.0.1:6379> HGETALL session:{uuid4(rng)}\n"
        f' 1) "user_id"\n 2) "4821"\n 3) "csrf"\n 4) "{s(rng, 32, HEX)}"\n 5) "refresh_token"\n 6) "{value}"\n'
        ' 7) "expires"\n 8) "1764000000"\n'
    ), value


def rdb_tools_json_dump(rng: random.Random, var: str, value: str) -> Place:
    doc = [{f"session:{uuid4(rng)}": {"user_id": "4822", "refresh_token": value, "expires": "1764000300"}}]
    return f"$ rdb --command json --key 'session:*' /var/lib/redis/dump.rdb\n{json.dumps(doc)}\n", value


def iam_credentials_csv_download(rng: random.Random, var: str, value: str) -> Place:
    return (
        "User name,Password,Access key ID,Secret access key,Console login link\n"
        f"ana.kovacs,{value},,,https://{rng.randint(10**11, 10**12 - 1)}.signin.aws.amazon.com/console\n"
    ), value


def aws_iam_create_login_profile_cmd(rng: random.Random, var: str, value: str) -> Place:
    profile = {"UserName": "marc.weber", "CreateDate": "2026-11-20T09:14:07+00:00", "PasswordResetRequired": True}
    return (
        f"$ aws iam create-login-profile --user-name marc.weber --password '{value}' --password-reset-required\n"
        f"{json.dumps({'LoginProfile': profile}, indent=4)}\n"
    ), value


def haproxy_log_captured_request_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Nov 20 09:14:07 lb1 haproxy[2211]: 10.0.4.17:51844 [20/Nov/2026:09:14:07.120] fe_https~ be_api/api2 "
        f"0/0/1/14/15 200 812 - - ---- 41/41/3/1/0 0/0 {{api.acme.dev|Bearer {value}}} "
        '"GET /v2/orders?page=2 HTTP/1.1"\n'
    ), value


def traefik_json_access_log_headers(rng: random.Random, var: str, value: str) -> Place:
    entry = {"ClientHost": "10.0.4.17", "DownstreamStatus": 200, "Duration": 14820311, "RequestMethod": "GET",
             "RequestPath": "/v2/orders", "RouterName": "api@docker", "request_Authorization": f"Bearer {value}",
             "request_User-Agent": "okhttp/4.12.0", "time": "2026-11-20T09:14:07Z"}  # fmt: skip
    return json.dumps(entry) + "\n", value


def nginx_error_log_request_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026/11/20 09:14:07 [error] 1187#1187: *40211 upstream timed out (110: Connection timed out) while reading "
        "response header from upstream, client: 10.0.4.17, server: files.acme.dev, "
        f'request: "GET /export/orders.csv?download_token={value} HTTP/1.1", '
        'upstream: "http://127.0.0.1:8081/export/orders.csv", host: "files.acme.dev"\n'
    ), value


def envoy_default_access_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'[2026-11-20T09:14:07.120Z] "GET /export/invoices.pdf?download_token={value} HTTP/1.1" 200 - 0 48211 31 29 '
        f'"10.0.4.17" "Mozilla/5.0" "{uuid4(rng)}" "files.acme.dev" "10.0.7.3:8081"\n'
    ), value


def apache_httpclient_wire_log(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-11-20 09:14:07,120 DEBUG [main] org.apache.http.wire: http-outgoing-0 >> "
        '"GET /v1/accounts HTTP/1.1[\\r][\\n]"\n'
        "2026-11-20 09:14:07,120 DEBUG [main] org.apache.http.wire: http-outgoing-0 >> "
        '"Host: ledger.acme.internal[\\r][\\n]"\n'
        "2026-11-20 09:14:07,121 DEBUG [main] org.apache.http.wire: http-outgoing-0 >> "
        f'"Authorization: Bearer {value}[\\r][\\n]"\n'
        '2026-11-20 09:14:07,121 DEBUG [main] org.apache.http.wire: http-outgoing-0 >> "[\\r][\\n]"\n'
    ), value


def python_http_client_debuglevel(rng: random.Random, var: str, value: str) -> Place:
    return (
        "send: b'GET /v1/accounts HTTP/1.1\\r\\nHost: ledger.acme.internal\\r\\n"
        "User-Agent: python-requests/2.32.3\\r\\nAccept-Encoding: gzip, deflate\\r\\nAccept: */*\\r\\n"
        f"Connection: keep-alive\\r\\nAuthorization: Bearer {value}"
        "\\r\\n\\r\\n'\nreply: 'HTTP/1.1 200 OK\\r\\n'\nheader: Content-Type: application/json\n"
    ), value


def auth_log_sudo_command(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Nov 20 09:14:07 db1 sudo:      ana : TTY=pts/1 ; PWD=/home/ana ; USER=root ; "
        f"COMMAND=/usr/bin/mysqladmin -u root -p{value} flush-privileges\n"
        "Nov 20 09:14:07 db1 sudo: pam_unix(sudo:session): session opened for user root(uid=0) by ana(uid=1000)\n"
    ), value


def journalctl_verbose_cmdline(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ journalctl -o verbose _COMM=pg_basebackup -n 1\nThu 2026-11-20 09:14:07.120211 UTC [s=3f1c...]\n"
        "    _UID=114\n    _COMM=pg_basebackup\n    _EXE=/usr/lib/postgresql/16/bin/pg_basebackup\n"
        f'    _CMDLINE=/usr/lib/postgresql/16/bin/pg_basebackup -d "host=db1 user=replicator password={value}" '
        "-D /var/lib/postgresql/16/main -R\n    MESSAGE=pg_basebackup: initiating base backup\n"
    ), value


def restic_env_export_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /etc/restic/env.sh, sourced by restic-backup.service\n"
        "export RESTIC_REPOSITORY=s3:https://s3.eu-central-1.wasabisys.com/acme-backups/db1\n"
        f"export RESTIC_PASSWORD='{value}'\nexport RESTIC_CACHE_DIR=/var/cache/restic\n"
    ), value


def autorestic_yml_backend_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.autorestic.yml\nversion: 2\nlocations:\n  home:\n    from: /home/ana\n    to: [nas]\n"
        f"    cron: '0 3 * * *'\nbackends:\n  nas:\n    type: sftp\n    path: backup@nas.home.arpa:/volume1/restic\n"
        f"    key: {value}\n"
    ), value


def openvpn_auth_user_pass_cat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo cat /etc/openvpn/client/office.auth\nana.kovacs\n"
        f"{value}\n$ sudo systemctl restart openvpn-client@office\n"
    ), value


def ovpn_inline_auth_user_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "client\ndev tun\nproto udp\nremote vpn.acme.dev 1194\nresolv-retry infinite\nnobind\n"
        f"remote-cert-tls server\ncipher AES-256-GCM\n<auth-user-pass>\nmarc.weber\n{value}\n</auth-user-pass>\n"
        "verb 3\n"
    ), value


def minio_startup_banner_rootpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "minio1  | MinIO Object Storage Server\nminio1  | Copyright: 2015-2026 MinIO, Inc.\n"
        "minio1  | API: http://172.18.0.3:9000  http://127.0.0.1:9000\nminio1  |    RootUser: minioadmin\n"
        f"minio1  |    RootPass: {value}\nminio1  | WebUI: http://172.18.0.3:9001 http://127.0.0.1:9001\n"
    ), value


def minio_default_env_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/default/minio\nMINIO_VOLUMES="/mnt/disk{1...4}/minio"\nMINIO_OPTS="--console-address :9001"\n'
        f"MINIO_ROOT_USER=storage-admin\nMINIO_ROOT_PASSWORD={value}\n"
    ), value


def elasticsearch_reset_password_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo /usr/share/elasticsearch/bin/elasticsearch-reset-password -u elastic\n"
        "This tool will reset the password of the [elastic] user to an autogenerated value.\n"
        "The password will be printed in the console.\nPlease confirm that you would like to continue [y/N]y\n\n\n"
        f"Password for the [elastic] user successfully reset.\nNew value: {value}\n"
    ), value


def elasticsearch_security_autoconfig_banner(rng: random.Random, var: str, value: str) -> Place:
    return (
        "--------------------------- Security autoconfiguration information ------------------------------\n\n"
        "Authentication and authorization are enabled.\n"
        "TLS for the transport and HTTP layers is enabled and configured.\n\n"
        f"The generated password for the elastic built-in superuser is : {value}\n\n"
        "If this node should join an existing cluster, you can reconfigure this with\n"
        "'/usr/share/elasticsearch/bin/elasticsearch-reconfigure-node --enrollment-token <token-here>'\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        sqlite3_select_list_mode, sqlite3_dot_dump_insert, psql_expanded_display_record, pg_dump_column_inserts,
        mysql_vertical_g_output, mysqlsh_json_pretty_result, flyway_versioned_seed_sql, liquibase_changeset_insert_xml,
        aws_dynamodb_scan_output, aws_dynamodb_put_item_cmd, cqlsh_select_table_output, elasticsearch_search_hits_json,
        redis_cli_hgetall_numbered, rdb_tools_json_dump, iam_credentials_csv_download, aws_iam_create_login_profile_cmd,
        haproxy_log_captured_request_header, traefik_json_access_log_headers, nginx_error_log_request_line,
        envoy_default_access_log, apache_httpclient_wire_log, python_http_client_debuglevel, auth_log_sudo_command,
        journalctl_verbose_cmdline, restic_env_export_script, autorestic_yml_backend_key, openvpn_auth_user_pass_cat,
        ovpn_inline_auth_user_pass, minio_startup_banner_rootpass, minio_default_env_file,
        elasticsearch_reset_password_output, elasticsearch_security_autoconfig_banner,
    )
}  # fmt: skip
