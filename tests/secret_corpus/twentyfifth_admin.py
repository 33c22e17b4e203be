"""Where the twenty-fifth held-out part (twentyfifth.py) shows generic secrets that object storage, directories,
firewalls, self-hosted analytics, newsletters, photo libraries, wikis and Kafka's keystores hold or are given: a
SeaweedFS S3 identity's secret key (its ``s3.json``, ``s3.configure`` in ``weed shell``), a directory's administrator
password (``kanidmd recover-account``'s answer, lldap's ``lldap_config.toml``), an OPNsense API secret (the
``apikey.txt`` it hands out, an Ansible inventory's variables), Matomo's database password (``config.ini.php``, its
container's environment), listmonk's administrator password (``config.toml``, its container's environment),
PhotoPrism's administrator password (its compose file, ``options.yml``), a wiki's database password (BookStack's
``.env``, Wiki.js's ``config.yml``), Plausible's secret key base (``plausible-conf.env``, its compose file) and a
Kafka broker's JKS keystore as base64, longer than a stream's window (a Kubernetes secret for Confluent for
Kubernetes, a Kafka Connect container's environment). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import B64, DIGITS, UPPER, s


def seaweedfs_s3_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "identities": [
            {"name": "anonymous", "actions": ["Read:public-assets"]},
            {
                "name": "backup",
                "credentials": [{"accessKey": s(rng, 20, UPPER + DIGITS), var: value}],
                "actions": ["Read:backups", "Write:backups", "List:backups"],
            },
        ]
    }
    head = "# /etc/seaweedfs/s3.json (weed s3 -config=/etc/seaweedfs/s3.json)\n"
    return head + json.dumps(doc, indent=2) + "\n", value


def weed_shell_s3_configure_cmd(rng: random.Random, var: str, value: str) -> Place:
    access = s(rng, 20, UPPER + DIGITS)
    return (
        "$ weed shell -master=swfs-master:9333\nmaster: swfs-master:9333 filers: [swfs-filer:8888]\n"
        f"> s3.configure -user=restic -access_key={access} -secret_key={value} "
        "-buckets=restic -actions=Read,Write,List -apply\n"
        '{\n  "identities": [\n    {\n      "name": "restic",\n'
    ), value


def kanidmd_recover_account_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker exec -i -t kanidmd kanidmd recover-account admin\n"
        "00000000-0000-0000-0000-000000000000 INFO     i [info]: Running account recovery ...\n"
        f'new_password: "{value}"\n'
    ), value


def lldap_config_toml_user_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /data/lldap_config.toml\nldap_port = 3890\nhttp_port = 17170\n"
        'http_url = "https://ldap.corp.example"\nldap_base_dn = "dc=corp,dc=example"\nldap_user_dn = "admin"\n'
        f'ldap_user_pass = "{value}"\n'
        'database_url = "sqlite:///data/users.db?mode=rwc"\n'
    ), value


def opnsense_apikey_txt_download(rng: random.Random, var: str, value: str) -> Place:
    return (f"$ cat ~/Downloads/fw01.corp.example_root_apikey.txt\nkey={s(rng, 80, B64)}\n{var}={value}\n"), value


def opnsense_ansible_group_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# inventory/group_vars/firewalls.yml (oxlorg.opnsense collection)\n"
        "opnsense_api_host: fw01.corp.example\nopnsense_api_port: 443\n"
        f'opnsense_api_key: "{s(rng, 80, B64)}"\n'
        f'opnsense_api_{var}: "{value}"\n'
        "opnsense_api_ssl_verify: true\n"
    ), value


def matomo_config_ini_php_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; <?php exit; ?> DO NOT REMOVE THIS LINE\n"
        "; file automatically generated or modified by Matomo; you can manually override the default values in "
        "global.ini.php by redefining them in this file.\n"
        '[database]\nhost = "db"\nusername = "matomo"\n'
        f'{var} = "{value}"\n'
        'dbname = "matomo"\ntables_prefix = "matomo_"\ncharset = "utf8mb4"\n'
    ), value


def matomo_compose_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yaml (web analytics)\nservices:\n  matomo:\n    image: matomo:5.1-apache\n    environment:\n"
        "      - MATOMO_DATABASE_HOST=db\n      - MATOMO_DATABASE_USERNAME=matomo\n"
        f"      - MATOMO_DATABASE_PASSWORD={value}\n"
        "      - MATOMO_DATABASE_DBNAME=matomo\n"
    ), value


def listmonk_config_toml_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /listmonk/config.toml\n[app]\naddress = "0.0.0.0:9000"\nadmin_username = "listmonk"\n'
        f'{var} = "{value}"\n\n'
        '[db]\nhost = "db"\nport = 5432\nuser = "listmonk"\ndatabase = "listmonk"\n'
    ), value


def listmonk_compose_env_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (newsletter)\n  app:\n    image: listmonk/listmonk:v4.1.0\n    environment:\n"
        "      LISTMONK_ADMIN_USER: admin\n"
        f"      LISTMONK_ADMIN_PASSWORD: {value}\n"
        '      TZ: Europe/Berlin\n    command: [sh, -c, "./listmonk --install --idempotent --yes && ./listmonk"]\n'
    ), value


def photoprism_compose_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/photoprism/compose.yaml\nservices:\n  photoprism:\n    image: photoprism/photoprism:latest\n"
        '    environment:\n      PHOTOPRISM_ADMIN_USER: "admin"\n'
        f'      {var}: "{value}"\n'
        '      PHOTOPRISM_AUTH_MODE: "password"\n      PHOTOPRISM_SITE_URL: "https://photos.home.example/"\n'
    ), value


def photoprism_options_yml_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat storage/config/options.yml\nAdminUser: admin\n"
        f"AdminPassword: {value}\n"
        "SiteUrl: https://photos.home.example/\nOriginalsLimit: 5000\nDisableTensorFlow: false\n"
    ), value


def bookstack_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/bookstack/.env\nAPP_URL=https://wiki.corp.example\nDB_HOST=localhost\n"
        "DB_DATABASE=bookstack\nDB_USERNAME=bookstack\n"
        f"{var}={value}\n"
        "MAIL_DRIVER=smtp\nMAIL_HOST=smtp.corp.example\n"
    ), value


def wikijs_config_yml_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/wiki/config.yml (Wiki.js)\nport: 3000\ndb:\n  type: postgres\n  host: pg01.corp.example\n"
        "  port: 5432\n  user: wikijs\n"
        f"  pass: {value}\n"
        "  db: wiki\n  ssl: false\nbindIP: 0.0.0.0\nlogLevel: info\n"
    ), value


def plausible_conf_env_secret_key_base(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat plausible-conf.env\nBASE_URL=https://stats.corp.example\n"
        f"{var}={value}\n"
        "DISABLE_REGISTRATION=invite_only\n"
    ), value


def plausible_compose_env_secret_key_base(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yml (Plausible Community Edition)\nservices:\n  plausible:\n"
        "    image: ghcr.io/plausible/community-edition:v2.1.4\n    environment:\n"
        "      - BASE_URL=https://stats.shop.example\n"
        f"      - {var}={value}\n"
        "      - DATABASE_URL=postgres://postgres:postgres@plausible_db:5432/plausible_db\n"
    ), value


def cfk_secret_manifest_keystore_jks(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# confluent/kafka-tls-jks.yaml (Confluent for Kubernetes)\napiVersion: v1\nkind: Secret\nmetadata:\n"
        "  name: kafka-tls-jks\n  namespace: confluent\ntype: Opaque\ndata:\n"
        f"  {var}: {value}\n"
    ), value


def kafka_connect_compose_env_keystore_b64(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (CDC)\n  connect:\n    image: confluentinc/cp-kafka-connect:7.7.1\n    environment:\n"
        "      CONNECT_BOOTSTRAP_SERVERS: broker-1:9093\n      CONNECT_SECURITY_PROTOCOL: SSL\n"
        "      CONNECT_SSL_KEYSTORE_TYPE: JKS\n"
        f"      KEYSTORE_JKS_B64: {value}\n"
        '    command: ["bash", "-c", "echo $$KEYSTORE_JKS_B64 | base64 -d > /etc/kafka/secrets/keystore.jks && '
        '/etc/confluent/docker/run"]\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        seaweedfs_s3_config_json,
        weed_shell_s3_configure_cmd,
        kanidmd_recover_account_output,
        lldap_config_toml_user_pass,
        opnsense_apikey_txt_download,
        opnsense_ansible_group_vars,
        matomo_config_ini_php_database,
        matomo_compose_env_db_password,
        listmonk_config_toml_admin_password,
        listmonk_compose_env_admin_password,
        photoprism_compose_admin_password,
        photoprism_options_yml_admin_password,
        bookstack_env_db_password,
        wikijs_config_yml_db_pass,
        plausible_conf_env_secret_key_base,
        plausible_compose_env_secret_key_base,
        cfk_secret_manifest_keystore_jks,
        kafka_connect_compose_env_keystore_b64,
    )
}
