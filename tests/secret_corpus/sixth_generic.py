"""The generic places of the sixth held-out part (sixth.py): surroundings none of the other parts has, each taking
``(rng, name, value)`` and giving ``(text, secret)``. Named in sixth.py beside the format that uses them."""

from __future__ import annotations

import base64
import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import ALNUM, DIGITS, UPPER, s

#: A WordPress salt's alphabet, as its generator makes it, less the quote and backslash a PHP string would escape.
SALT = ALNUM + "!@#$%^&*()-_ []{}<>~`+=,.;:/?|"


def unseal_key(rng: random.Random) -> str:
    return base64.b64encode(rng.randbytes(32)).decode()


def cargo_credentials_toml(rng: random.Random, var: str, value: str) -> Place:
    return f'# ~/.cargo/credentials.toml\n[registries.acme]\ntoken = "{value}"\n', value


def cargo_login(rng: random.Random, var: str, value: str) -> Place:
    return f"$ echo '{value}' | cargo login --registry acme\n       Login token for `acme` saved\n", value


def condarc_channel(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# ~/.condarc\nchannels:\n  - https://conda.acme.dev/t/{value}/acme\n  - conda-forge\nssl_verify: true\n",
        value,
    )


def conda_install_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ conda install -y -c https://conda.acme.dev/t/{value}/acme acme-ml=2.4\nCollecting package metadata\n",
        value,
    )


def jenkins_userpass_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</scope>\n"
        "  <id>nexus-deploy</id>\n  <username>deploy</username>\n"
        f"  <password>{value}</password>\n</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n"
    ), value


def jcasc_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n          - usernamePassword:\n"
        f'              id: "nexus-deploy"\n              username: "deploy"\n              password: "{value}"\n'
    ), value


def puppet_mysql_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"mysql::db {{ 'shop':\n  user     => 'shop',\n  password => '{value}',\n  host     => 'localhost',\n"
        "  grant    => ['SELECT', 'UPDATE'],\n}\n"
    ), value


def puppet_pg_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "postgresql::server::db { 'shop':\n  user     => 'shop',\n"
        f"  password => postgresql::postgresql_password('shop', '{value}'),\n}}\n"
    ), value


def chef_data_bag_json(rng: random.Random, var: str, value: str) -> Place:
    return "# data_bags/creds/db.json\n" + json.dumps(
        {"id": "db", "user": "shop", "password": value}, indent=2
    ) + "\n", value


def knife_data_bag_show(rng: random.Random, var: str, value: str) -> Place:
    return f"$ knife data bag show creds db\nid:       db\npassword: {value}\nuser:     shop\n", value


def salt_mysql_pillar(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# /srv/pillar/mysql.sls\nmysql:\n  server:\n    root_password: '{value}'\n    bind-address: 127.0.0.1\n",
        value,
    )


def salt_call_pillar_get(rng: random.Random, var: str, value: str) -> Place:
    return f"$ sudo salt-call pillar.get mysql:server:root_password\nlocal:\n    {value}\n", value


def ansible_playbook_e(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ansible-playbook -i inventories/prod site.yml -e 'db_password={value}' --limit db01\n\n"
        "PLAY [databases] ***************************************************************\n"
    ), value


def ansible_adhoc_args(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ ansible db01 -b -m mysql_user -a "name=shop password={value} priv=shop.*:ALL state=present"\n'
        'db01 | CHANGED => {\n    "changed": true,\n    "user": "shop"\n}\n'
    ), value


def helm_repo_add(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ helm repo add acme https://charts.acme.dev --username ci --password '{value}'\n"
        '"acme" has been added to your repositories\n'
    ), value


def helm_registry_login(rng: random.Random, var: str, value: str) -> Place:
    return f"$ helm registry login registry.acme.dev -u ci -p '{value}'\nLogin Succeeded\n", value


def vault_operator_init(rng: random.Random, var: str, value: str) -> Place:
    others = [unseal_key(rng) for _ in range(2)]
    return (
        f"$ vault operator init -key-shares=3 -key-threshold=2\nUnseal Key 1: {value}\n"
        f"Unseal Key 2: {others[0]}\nUnseal Key 3: {others[1]}\n\n"
        "Vault initialized with 3 key shares and a key threshold of 2.\n"
    ), value


def vault_operator_unseal(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ vault operator unseal {value}\nKey                Value\n---                -----\n"
        "Seal Type          shamir\nInitialized        true\nSealed             true\nUnseal Progress    1/2\n"
    ), value


def consul_kv_get_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ consul kv get -http-addr=https://consul.acme.dev:8501 -token={value} config/shop/feature_flags\non\n",
        value,
    )


def consul_agent_hcl(rng: random.Random, var: str, value: str) -> Place:
    return (
        'datacenter = "eu1"\nacl {\n  enabled        = true\n  default_policy = "deny"\n  tokens {\n'
        f'    agent = "{value}"\n  }}\n}}\n'
    ), value


def htpasswd_b(rng: random.Random, var: str, value: str) -> Place:
    return f"$ sudo htpasswd -b -c /etc/nginx/.htpasswd admin '{value}'\nAdding password for user admin\n", value


def ab_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    return f"$ ab -n 1000 -c 20 -A admin:{value} https://staging.acme.dev/\nBenchmarking staging.acme.dev\n", value


def cron_mysqldump(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# m h dom mon dow command\n"
        f"30 3 * * * mysqldump -u backup -p'{value}' --single-transaction shop | gzip > /backup/shop.sql.gz\n"
    ), value


def cron_rsync_env(rng: random.Random, var: str, value: str) -> Place:
    return f"0 */6 * * * RSYNC_PASSWORD='{value}' rsync -a /srv/media/ backup@nas01::media/\n", value


def apache_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<VirtualHost *:443>\n    ServerName shop.acme.dev\n    DocumentRoot /var/www/shop/public\n"
        f"    SetEnv DB_PASSWORD {value}\n</VirtualHost>\n"
    ), value


def nginx_fastcgi_param(rng: random.Random, var: str, value: str) -> Place:
    return (
        "location ~ \\.php$ {\n    include fastcgi_params;\n    fastcgi_pass unix:/run/php/shop.sock;\n"
        f"    fastcgi_param DB_PASSWORD {value};\n}}\n"
    ), value


def wp_config_salts(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"define( 'AUTH_KEY',         '{value}' );\n"
        f"define( 'SECURE_AUTH_KEY',  '{s(rng, 64, SALT)}' );\n"
        "define( 'WP_DEBUG', false );\n"
    ), value


def wp_config_get_json(rng: random.Random, var: str, value: str) -> Place:
    return "$ wp config get --format=json\n" + json.dumps({"DB_NAME": "wp", "LOGGED_IN_KEY": value}) + "\n", value


def jupyter_server_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.jupyter/jupyter_server_config.py\nc.ServerApp.ip = '0.0.0.0'\nc.ServerApp.open_browser = False\n"
        f"c.IdentityProvider.token = '{value}'\n"
    ), value


def jupyter_server_list(rng: random.Random, var: str, value: str) -> Place:
    return f"$ jupyter server list\nCurrently running servers:\nhttp://gpu01:8888/?token={value} :: /home/dev\n", value


def spring_datasource_tostring(rng: random.Random, var: str, value: str) -> Place:
    return (
        "DEBUG 1 --- [main] d.a.s.DbConfig : DataSourceSettings{url='jdbc:postgresql://db:5432/shop', "
        f"username='shop', password='{value}', maxPoolSize=10}}\n"
    ), value


def kotlin_data_class(rng: random.Random, var: str, value: str) -> Place:
    return f"I/AcmeApp: config = SmtpConfig(host=smtp.acme.dev, port=587, user=mailer, password={value})\n", value


def mysqldump_smtp_row(rng: random.Random, var: str, value: str) -> Place:
    return (
        "LOCK TABLES `mail_settings` WRITE;\n"
        f"INSERT INTO `mail_settings` VALUES (1,'smtp.acme.dev',587,'mailer','{value}',1);\nUNLOCK TABLES;\n"
    ), value


def pg_dump_copy(rng: random.Random, var: str, value: str) -> Place:
    return (
        "COPY public.webhooks (id, url, signing_secret, created_at) FROM stdin;\n"
        f"1\thttps://hooks.acme.dev/orders\t{value}\t2026-03-11 08:12:40+00\n\\.\n"
    ), value


def email_reset_link(rng: random.Random, var: str, value: str) -> Place:
    return (
        "From: Acme <no-reply@acme.dev>\nTo: dana@example.org\nSubject: Reset your password\n"
        "Content-Type: text/plain; charset=utf-8\n\nUse this link within an hour:\n"
        f"https://shop.acme.dev/account/reset?token={value}\n"
    ), value


def list_unsubscribe_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Received: from mta-07.acme.dev (10.0.4.7) by mx.example.org\nFrom: Acme <news@acme.dev>\n"
        f"List-Unsubscribe: <https://acme.dev/unsubscribe?u=8812&token={value}>\n"
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click\nSubject: March news\n"
    ), value


def flutter_key_properties(rng: random.Random, var: str, value: str) -> Place:
    return f"storePassword={value}\nkeyPassword={value}\nkeyAlias=upload\nstoreFile=/Users/dev/upload.jks\n", value


def gradle_signing_config(rng: random.Random, var: str, value: str) -> Place:
    return (
        'signingConfigs {\n    release {\n        storeFile file("release.jks")\n'
        f'        storePassword "{value}"\n        keyAlias "release"\n    }}\n}}\n'
    ), value


def keytool_storepass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ keytool -importcert -noprompt -alias acme-ca -file ca.crt -keystore truststore.jks "
        f"-storepass '{value}'\nCertificate was added to keystore\n"
    ), value


def openssl_passout(rng: random.Random, var: str, value: str) -> Place:
    return f"$ openssl pkcs12 -export -in tls.crt -inkey tls.key -out tls.p12 -passout 'pass:{value}'\n", value


def borg_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\nexport BORG_REPO=ssh://backup@nas01/./srv\n"
        f"export BORG_PASSPHRASE='{value}'\nborg create ::'{{hostname}}-{{now}}' /etc /srv\n"
    ), value


def borgmatic_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "source_directories:\n  - /etc\n  - /srv\nrepositories:\n  - path: ssh://backup@nas01/./srv\n"
        f'encryption_passphrase: "{value}"\nkeep_daily: 7\n'
    ), value


def mc_alias_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ mc alias set acme https://minio.acme.dev {s(rng, 20, UPPER + DIGITS)} {value}\nAdded `acme` successfully.\n"
    ), value


def mc_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"version": "10", "aliases": {"acme": {"url": "https://minio.acme.dev", "accessKey":
           s(rng, 20, UPPER + DIGITS), "secretKey": value, "api": "s3v4", "path": "auto"}}}  # fmt: skip
    return "# ~/.mc/config.json\n" + json.dumps(doc, indent=2) + "\n", value


def cqlsh_flags(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cqlsh -u cassandra -p '{value}' 10.0.3.15 9042\nConnected to shop at 10.0.3.15:9042\n", value


def cypher_shell(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ cypher-shell -a neo4j://graph01:7687 -u neo4j -p '{value}'\nConnected to Neo4j 5.20 at neo4j://graph01\n",
        value,
    )


def influx_config_create(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ influx config create --config-name prod --host-url https://influx.acme.dev --org acme "
        f"--token {value} --active\nActive\tName\tURL\tOrg\n*\tprod\thttps://influx.acme.dev\tacme\n"
    ), value


def telegraf_influx_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        '[[outputs.influxdb_v2]]\n  urls = ["https://influx.acme.dev"]\n'
        f'  token = "{value}"\n  organization = "acme"\n  bucket = "metrics"\n'
    ), value


def prometheus_scrape(rng: random.Random, var: str, value: str) -> Place:
    return (
        "scrape_configs:\n  - job_name: shop\n    scheme: https\n    basic_auth:\n      username: prom\n"
        f"      password: {value}\n    static_configs:\n      - targets: ['shop.acme.dev']\n"
    ), value


def prometheus_remote_write(rng: random.Random, var: str, value: str) -> Place:
    return (
        "remote_write:\n  - url: https://metrics.acme.dev/api/v1/push\n    basic_auth:\n      username: 41207\n"
        f'      password: "{value}"\n'
    ), value


def debezium_connector_json(rng: random.Random, var: str, value: str) -> Place:
    config = {"connector.class": "io.debezium.connector.postgresql.PostgresConnector", "database.hostname": "db",
              "database.user": "cdc", "database.password": value, "topic.prefix": "shop"}  # fmt: skip
    return json.dumps({"name": "shop-cdc", "config": config}, indent=2) + "\n", value


def debezium_server_props(rng: random.Random, var: str, value: str) -> Place:
    return (
        "debezium.sink.type=kinesis\ndebezium.source.connector.class=io.debezium.connector.mysql.MySqlConnector\n"
        f"debezium.source.database.user=cdc\ndebezium.source.database.password={value}\n"
    ), value


def es_keystore_add(rng: random.Random, var: str, value: str) -> Place:
    return f"$ echo '{value}' | sudo bin/elasticsearch-keystore add -x bootstrap.password\n", value


def kibana_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        'server.host: "0.0.0.0"\nelasticsearch.hosts: ["https://es01:9200"]\n'
        f'elasticsearch.username: "kibana_system"\nelasticsearch.password: "{value}"\n'
    ), value


def cmdkey_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"C:\\> cmdkey /generic:TERMSRV/build01 /user:ACME\\ops /pass:{value}\r\n\r\n"
        "CMDKEY: Credential added successfully.\r\n"
    ), value


def net_use(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"C:\\> net use Z: \\\\fs01\\share {value} /user:ACME\\ops /persistent:no\r\n"
        "The command completed successfully.\r\n",
        value,
    )


def expect_send(rng: random.Random, var: str, value: str) -> Place:
    return (
        '#!/usr/bin/expect -f\nspawn ssh ops@switch01\nexpect "password:"\n'
        f'send "{value}\\r"\nexpect "#"\nsend "show running-config\\r"\n'
    ), value


def plink_pw(rng: random.Random, var: str, value: str) -> Place:
    return f'C:\\> plink -ssh ops@switch01 -pw {value} -batch "show version"\r\n', value


def websocket_js(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'const ws = new WebSocket("wss://stream.acme.dev/v1/events?access_token={value}");\nws.onmessage = render;\n',
        value,
    )


def websocat_cmd(rng: random.Random, var: str, value: str) -> Place:
    return f'$ websocat \'wss://stream.acme.dev/v1/events?access_token={value}\'\n{{"type":"hello"}}\n', value


GENERIC: dict[str, Shown] = {
    f.__name__: f
    for f in (
        cargo_credentials_toml, cargo_login, condarc_channel, conda_install_url, jenkins_userpass_xml, jcasc_yaml,
        puppet_mysql_db, puppet_pg_db, chef_data_bag_json, knife_data_bag_show, salt_mysql_pillar,
        salt_call_pillar_get, ansible_playbook_e, ansible_adhoc_args, helm_repo_add, helm_registry_login,
        vault_operator_init, vault_operator_unseal, consul_kv_get_token, consul_agent_hcl, htpasswd_b,
        ab_basic_auth, cron_mysqldump, cron_rsync_env, apache_setenv, nginx_fastcgi_param, wp_config_salts,
        wp_config_get_json, jupyter_server_config, jupyter_server_list, spring_datasource_tostring,
        kotlin_data_class, mysqldump_smtp_row, pg_dump_copy, email_reset_link, list_unsubscribe_header,
        flutter_key_properties, gradle_signing_config, keytool_storepass, openssl_passout, borg_script,
        borgmatic_yaml, mc_alias_set, mc_config_json, cqlsh_flags, cypher_shell, influx_config_create,
        telegraf_influx_output, prometheus_scrape, prometheus_remote_write, debezium_connector_json,
        debezium_server_props, es_keystore_add, kibana_yml, cmdkey_pass, net_use, expect_send, plink_pw,
        websocket_js, websocat_cmd,
    )
}  # fmt: skip
