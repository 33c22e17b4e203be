"""Where the twenty-eighth held-out part (twentyeighth.py) shows generic secrets that libraries, digital
collections, health information systems, print management, read-later apps, team boards and single sign-on hold or
are given: a library system's database password (Evergreen's ``opensrf.xml``, its ``eg_db_config``), a digital
collection's database password (Omeka S's ``database.ini``, its container's environment), a health information
system's password (DHIS2's ``dhis.conf``, its API called with ``curl -u``), a print management server's database
password (PaperCut's ``server.properties``, an Ansible template's variables), a read-later app's database password
(wallabag's ``parameters.yml``, its container's environment), a team board's database password (Kanboard's
``config.php``, Taiga's ``config.py``), a project planner's database password (Leantime's ``.env``, its Compose
file), a library discovery layer's database password (VuFind's ``config.ini``, its Ansible variables) and a SAML
identity provider's signing key as PEM in base64, longer than a stream's window (SimpleSAMLphp's Kubernetes secret,
a SATOSA proxy's Helm values). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def evergreen_opensrf_xml_pw(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /openils/conf/opensrf.xml (Evergreen ILS), open-ils.cstore -->\n<app_settings>\n"
        "  <driver>pgsql</driver>\n"
        "  <database>\n    <host>db01.library.example</host>\n    <port>5432</port>\n    <db>evergreen</db>\n"
        "    <user>evergreen</user>\n"
        f"    <{var}>{value}</{var}>\n"
        "  </database>\n</app_settings>\n"
    ), value


def evergreen_eg_db_config_pass_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "opensrf@ils01:~$ perl Open-ILS/src/support-scripts/eg_db_config --update-config --service all "
        "--create-database --create-schema --create-offline --user evergreen "
        f"--password {value} --hostname db01.library.example --port 5432 --database evergreen "
        "--admin-user egadmin --admin-pass $EG_ADMIN_PW\nCreating the database...\nWriting output to opensrf.xml\n"
    ), value


def omeka_s_database_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat /var/www/omeka-s/config/database.ini\nuser     = "omeka"\n'
        f'{var} = "{value}"\n'
        'dbname   = "omeka_s"\nhost     = "db01"\n;port     =\n;unix_socket =\n;log_path =\n'
    ), value


def omeka_s_container_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker inspect omeka-s --format '{{range .Config.Env}}{{println .}}{{end}}'\n"
        "MYSQL_DATABASE=omeka_s\nMYSQL_USER=omeka\n"
        f"MYSQL_PASSWORD={value}\n"
        "MYSQL_HOST=db01\nAPPLICATION_ENV=production\n"
    ), value


def dhis2_dhis_conf_connection_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /home/dhis/config/dhis.conf\nconnection.dialect = org.hibernate.dialect.PostgreSQLDialect\n"
        "connection.driver_class = org.postgresql.Driver\nconnection.url = jdbc:postgresql://db01/dhis2\n"
        "connection.username = dhis\n"
        f"connection.{var} = {value}\n"
        "encryption.password = ${DHIS2_ENC_PW}\nserver.base.url = https://hmis.health.example\n"
    ), value


def dhis2_api_curl_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -u admin:{value} 'https://hmis.health.example/api/40/system/info' | jq .version\n\"2.40.4\"\n"
    ), value


def papercut_server_properties_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /home/papercut/server/server.properties\nserver.port=9191\nserver.ssl.port=9192\n"
        "database.type=PostgreSQL\ndatabase.driver=org.postgresql.Driver\n"
        "database.url=jdbc:postgresql://db01/papercut\ndatabase.username=papercut\n"
        f"database.{var}={value}\n"
    ), value


def papercut_ansible_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# inventories/print/group_vars/papercut.yml\npapercut_version: 23.0.9\npapercut_db_type: PostgreSQL\n"
        "papercut_db_url: jdbc:postgresql://db01/papercut\npapercut_db_username: papercut\n"
        f"papercut_db_password: {value}\n"
    ), value


def wallabag_parameters_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /var/www/wallabag/app/config/parameters.yml\nparameters:\n    database_driver: pdo_pgsql\n"
        "    database_host: 127.0.0.1\n    database_port: 5432\n    database_name: wallabag\n"
        "    database_user: wallabag\n"
        f"    {var}: {value}\n"
        "    domain_name: https://read.acme.example\n"
    ), value


def wallabag_container_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name wallabag -e SYMFONY__ENV__DATABASE_DRIVER=pdo_pgsql "
        "-e SYMFONY__ENV__DATABASE_HOST=db01 -e SYMFONY__ENV__DATABASE_USER=wallabag "
        f"-e SYMFONY__ENV__DATABASE_PASSWORD={value} -e SYMFONY__ENV__DOMAIN_NAME=https://read.acme.example "
        "-p 8088:80 wallabag/wallabag\n" + s(rng, 64, HEX) + "\n"
    ), value


def kanboard_config_php_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /var/www/kanboard/config.php\ndefine('DB_DRIVER', 'postgres');\ndefine('DB_USERNAME', 'kanboard');\n"
        f"define('{var}', '{value}');\n"
        "define('DB_HOSTNAME', 'db01');\ndefine('DB_NAME', 'kanboard');\n"
    ), value


def taiga_config_py_databases(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# taiga-back/settings/config.py\nfrom .common import *\n\nDATABASES = {\n    'default': {\n"
        "        'ENGINE': 'django.db.backends.postgresql',\n        'NAME': 'taiga',\n        'USER': 'taiga',\n"
        f"        'PASSWORD': '{value}',\n"
        "        'HOST': 'db01',\n        'PORT': '5432',\n    }\n}\n"
    ), value


def leantime_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep ^LEAN_ /var/www/leantime/config/.env\nLEAN_APP_URL='https://plan.acme.example'\n"
        "LEAN_DB_HOST='db01'\nLEAN_DB_USER='leantime'\n"
        f"LEAN_DB_PASSWORD='{value}'\n"
        "LEAN_DB_DATABASE='leantime'\nLEAN_DB_PORT='3306'\n"
    ), value


def leantime_compose_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/leantime/docker-compose.yml\nservices:\n  leantime:\n    image: leantime/leantime:3.3\n"
        "    environment:\n      LEAN_DB_HOST: mysql_leantime\n      LEAN_DB_USER: lean\n"
        f"      LEAN_DB_PASSWORD: {value}\n"
        f'      LEAN_DB_PORT: "{s(rng, 4, DIGITS)}"\n'
    ), value


def vufind_config_ini_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /usr/local/vufind/local/config/vufind/config.ini\n[Site]\nurl = https://discover.library.example\n"
        "theme = bootstrap5\n\n[Database]\n"
        f"{var} = mysql://vufind:{value}@db01/vufind\n"
        "\n[Authentication]\nmethod = ILS\n"
    ), value


def vufind_ansible_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# inventories/library/host_vars/discover01.yml\nvufind_version: 10.1.1\nvufind_db_host: db01\n"
        "vufind_db_user: vufind\n"
        f"vufind_db_password: '{value}'\n"
        "vufind_solr_heap: 4g\n"
    ), value


def simplesamlphp_k8s_secret_signing_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl -n sso get secret simplesamlphp-cert -o yaml\napiVersion: v1\ndata:\n"
        f"  saml.crt: {s(rng, 40, HEX)}\n"
        f"  saml.pem: {value}\n"
        "kind: Secret\nmetadata:\n  name: simplesamlphp-cert\n  namespace: sso\ntype: Opaque\n"
    ), value


def satosa_helm_values_signing_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/satosa/values-prod.yaml\nreplicaCount: 2\nbaseUrl: https://proxy.sso.example\nsaml:\n"
        "  entityId: https://proxy.sso.example/Saml2IDP/proxy.xml\n"
        f"  signingKeyPemBase64: {value}\n"
        "  signingCertSecret: satosa-cert\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        evergreen_opensrf_xml_pw,
        evergreen_eg_db_config_pass_flag,
        omeka_s_database_ini,
        omeka_s_container_env,
        dhis2_dhis_conf_connection_password,
        dhis2_api_curl_user,
        papercut_server_properties_db,
        papercut_ansible_vars,
        wallabag_parameters_yml,
        wallabag_container_env,
        kanboard_config_php_db_password,
        taiga_config_py_databases,
        leantime_env_db_password,
        leantime_compose_env,
        vufind_config_ini_database,
        vufind_ansible_vars,
        simplesamlphp_k8s_secret_signing_key,
        satosa_helm_values_signing_key,
    )
}
