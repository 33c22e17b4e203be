"""Where the twenty-second held-out part (twentysecond.py) shows generic secrets that genomics pipelines, library and
archive systems, clinic and school software, vehicle telematics, drone ground stations and smart-home hubs hold or are
given: Illumina BaseSpace's access token (its CLI's ``default.cfg``, ``bs`` on the command line), a Galaxy user's API
key (BioBlend, parsec's ``.parsec.yml``), Koha's database password (``koha-conf.xml``, ``/etc/koha/passwd``), DSpace's
database password (``local.cfg``, its Compose file), an ArchivesSpace admin password (ArchivesSnake in code, its
``.archivessnake.yml``), OpenEMR's database password (``sqlconf.php``, its Compose file), OpenMRS' database password
(``openmrs-runtime.properties``, its Compose file), the FOG imaging server's database password (``.fogsettings``, its
``config.class.php``), Traccar's database password (``traccar.xml``, its Compose file), TeslaMate's encryption key (its
Compose file, an ``.env``), a MAVLink signing passphrase (MAVProxy's console, a ``mavinit.scr``), a Hubitat Maker API
token (curl, Python), an openHAB API token (curl, HABApp's ``config.yml``), a HomeKit setup code (Homebridge's
``config.json``, HAP-python), and a telematics gateway's TLS key as base64 of its PEM, longer than a stream's window (a
Helm values file, an environment file). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s, uuid4


def basespace_default_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# ~/.basespace/default.cfg\napiServer   = https://api.euc1.sh.basespace.illumina.com\naccessToken = {value}\n"
    ), value


def bs_cli_access_token_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ bs download project --name NovaSeq_Run_0412 -o /scratch/fastq \\\n"
        f"    --api-server https://api.basespace.illumina.com --access-token {value}\n"
        "Downloading 96 files (412.7 GB)\n"
    ), value


def bioblend_galaxy_instance_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# workflows/run_rnaseq.py\nfrom bioblend.galaxy import GalaxyInstance\n\n"
        f"gi = GalaxyInstance(url='https://usegalaxy.eu', key='{value}')\n"
        "history = gi.histories.create_history(name='rnaseq-batch-7')\n"
        "gi.workflows.invoke_workflow('f2db41e1fa331b3e', history_id=history['id'])\n"
    ), value


def parsec_yml_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.parsec.yml\n__default: eu\neu:\n  url: https://usegalaxy.eu\n"
        f"  key: {value}\n"
        "local:\n  url: http://localhost:8080\n  key: admin-only-local\n"
    ), value


def koha_conf_xml_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /etc/koha/sites/library/koha-conf.xml (excerpt) -->\n<config>\n <db_scheme>mysql</db_scheme>\n"
        " <database>koha_library</database>\n <hostname>localhost</hostname>\n <port>3306</port>\n"
        " <user>koha_library</user>\n"
        f" <pass>{value}</pass>\n"
        " <zebra_max_record_size>1024</zebra_max_record_size>\n</config>\n"
    ), value


def koha_passwd_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo cat /etc/koha/passwd\n"
        f"library:koha_library:{value}:koha_library:localhost\n"
        "$ sudo koha-create --request-db library\n"
    ), value


def dspace_local_cfg_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# [dspace]/config/local.cfg\ndspace.dir = /dspace\ndspace.server.url = https://repo.univ.example/server\n"
        "dspace.ui.url = https://repo.univ.example\ndb.url = jdbc:postgresql://localhost:5432/dspace\n"
        "db.username = dspace\n"
        f"db.password = {value}\n"
        "solr.server = http://localhost:8983/solr\n"
    ), value


def dspace_compose_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# dspace/docker-compose.yml (excerpt)\nservices:\n  dspace:\n    image: dspace/dspace:8.0\n"
        "    environment:\n      dspace__P__dir: /dspace\n"
        "      db__P__url: 'jdbc:postgresql://dspacedb:5432/dspace'\n      db__P__username: dspace\n"
        f"      db__P__password: '{value}'\n"
        "      solr__P__server: http://dspacesolr:8983/solr\n"
    ), value


def asnake_client_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/export_accessions.py\nfrom asnake.client import ASnakeClient\n\n"
        "client = ASnakeClient(baseurl='http://archives.univ.example:8089', username='admin',\n"
        f"                      password='{value}')\n"
        "client.authorize()\nfor acc in client.get_paged('repositories/2/accessions'):\n    print(acc['title'])\n"
    ), value


def archivessnake_yml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.archivessnake.yml\nbaseurl: http://archives.univ.example:8089\nusername: ingest\n"
        f"password: {value}\n"
        "retry_with_auth: true\n"
    ), value


def openemr_sqlconf_php_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// sites/default/sqlconf.php\nglobal $disable_utf8_flag;\n$disable_utf8_flag = false;\n\n"
        "$host   = 'localhost';\n$port   = '3306';\n$login  = 'openemr';\n"
        f"$pass   = '{value}';\n"
        "$dbase  = 'openemr';\n$db_encoding = 'utf8mb4';\n"
    ), value


def openemr_compose_mysql_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# clinic/docker-compose.yml\nservices:\n  openemr:\n    image: openemr/openemr:7.0.2\n    ports:\n"
        "      - 443:443\n    environment:\n      MYSQL_HOST: mysql\n      MYSQL_USER: openemr\n"
        f"      MYSQL_PASS: {value}\n"
        "      OE_USER: admin\n    depends_on:\n      - mysql\n"
    ), value


def openmrs_runtime_properties_connection_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#Auto generated by OpenMRS initialization wizard\n#Wed Mar 06 09:12:44 EAT 2024\n"
        "connection.url=jdbc\\:mysql\\://localhost\\:3306/openmrs?autoReconnect\\=true\n"
        "connection.username=openmrs_user\n"
        f"connection.password={value}\n"
        "module.allow_web_admin=true\nauto_update_database=false\n"
    ), value


def openmrs_compose_omrs_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# district-clinic/docker-compose.yml\nservices:\n  backend:\n    image: openmrs/openmrs-reference-"
        "application-3-backend:3.0.0\n    environment:\n      OMRS_CONFIG_CONNECTION_SERVER: db\n"
        "      OMRS_CONFIG_CONNECTION_DATABASE: openmrs\n      OMRS_CONFIG_CONNECTION_USERNAME: openmrs\n"
        f"      OMRS_CONFIG_CONNECTION_PASSWORD: {value}\n"
    ), value


def fogsettings_snmysqlpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "## /opt/fog/.fogsettings (school imaging server)\nipaddress='10.10.0.5'\ninterface='eno1'\n"
        "storageLocation='/images'\nsnmysqluser='fogmaster'\n"
        f"snmysqlpass='{value}'\n"
        "snmysqlhost='localhost'\ndodhcp='N'\n"
    ), value


def fog_config_class_php_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /var/www/fog/lib/fog/config.class.php (excerpt)\nprivate static function _dbSettings()\n{\n"
        "    define('DATABASE_TYPE', 'mysql');\n    define('DATABASE_HOST', 'localhost');\n"
        "    define('DATABASE_NAME', 'fog');\n    define('DATABASE_USERNAME', 'fogmaster');\n"
        f"    define('DATABASE_PASSWORD', \"{value}\");\n"
        "}\n"
    ), value


def traccar_xml_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?xml version='1.0' encoding='UTF-8'?>\n<!DOCTYPE properties SYSTEM 'http://java.sun.com/dtd/properties.dtd'>"
        "\n<!-- /opt/traccar/conf/traccar.xml -->\n<properties>\n"
        "    <entry key='database.driver'>com.mysql.cj.jdbc.Driver</entry>\n"
        "    <entry key='database.url'>jdbc:mysql://localhost/traccar?serverTimezone=UTC</entry>\n"
        "    <entry key='database.user'>traccar</entry>\n"
        f"    <entry key='database.password'>{value}</entry>\n"
        "</properties>\n"
    ), value


def traccar_compose_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# fleet/compose.yaml\nservices:\n  traccar:\n    image: traccar/traccar:6.2\n    ports:\n"
        "      - 8082:8082\n      - 5000-5150:5000-5150\n    environment:\n"
        "      CONFIG_USE_ENVIRONMENT_VARIABLES: 'true'\n      DATABASE_DRIVER: org.postgresql.Driver\n"
        "      DATABASE_URL: jdbc:postgresql://db:5432/traccar\n      DATABASE_USER: traccar\n"
        f"      DATABASE_PASSWORD: {value}\n"
    ), value


def teslamate_compose_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# teslamate/docker-compose.yml\nservices:\n  teslamate:\n    image: teslamate/teslamate:latest\n"
        "    restart: always\n    environment:\n"
        f"      - ENCRYPTION_KEY={value}\n"
        "      - DATABASE_USER=teslamate\n      - DATABASE_HOST=database\n      - MQTT_HOST=mosquitto\n"
    ), value


def teslamate_env_file_encryption_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/teslamate/.env\nTM_DB_USER=teslamate\nTM_DB_NAME=teslamate\n"
        f"TM_ENCRYPTION_KEY={value}\n"
        "TM_TZ=Europe/Berlin\nFQDN_TM=cars.home.example\n"
    ), value


def mavproxy_signing_setup(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ mavproxy.py --master=/dev/ttyACM0 --baudrate 115200 --out=udp:10.0.0.20:14550\n"
        "Connect /dev/ttyACM0 source_system=255\nArduCopter V4.5.4 (3d5d6ad4)\n"
        f"STABILIZE> signing setup {value}\n"
        "Setup signing key\nSTABILIZE> signing key\n"
    ), value


def mavinit_scr_signing_setup(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.mavproxy/mavinit.scr: run at every MAVProxy start on the ground station\nset moddebug 0\n"
        "module load map\n"
        f"signing key {value}\n"
        "output add 10.0.0.21:14550\n"
    ), value


def hubitat_maker_api_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s 'http://hubitat.lan/apps/api/{rng.randint(2, 400)}/devices/all?access_token={value}' | jq "
        "'.[] | {id, label}' | head\n"
        '{\n  "id": "14",\n  "label": "Hallway Motion"\n}\n'
    ), value


def hubitat_maker_api_python_requests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# automations/porch_light.py\nimport requests\n\nHUB = 'http://hubitat.lan/apps/api/37'\n"
        f"TOKEN = '{value}'\n\n"
        "def porch(on: bool) -> None:\n"
        "    requests.get(f\"{HUB}/devices/52/{'on' if on else 'off'}\", params={'access_token': TOKEN}, timeout=5)\n"
    ), value


def openhab_curl_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s -X POST -H 'Content-Type: text/plain' -d 'ON' \\\n"
        f"    -H 'Authorization: Bearer {value}' \\\n"
        "    http://openhab.lan:8080/rest/items/Garden_Irrigation\n"
    ), value


def habapp_config_yml_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/openhab/habapp/config.yml\nopenhab:\n  connection:\n    url: http://localhost:8080\n"
        f"    user: {value}\n"
        "    password: ''\n    verify_ssl: true\n  general:\n    listen_only: false\n"
    ), value


def homebridge_config_json_bridge_pin(rng: random.Random, var: str, value: str) -> Place:
    return (
        '{\n  "bridge": {\n    "name": "Homebridge 4F2A",\n    "username": "0E:3C:7B:91:4F:2A",\n'
        '    "port": 51826,\n'
        f'    "pin": "{value}"\n'
        '  },\n  "platforms": [{ "platform": "config", "name": "Config", "port": 8581 }]\n}\n'
    ), value


def hap_python_driver_pincode(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# greenhouse/accessory.py\nfrom pyhap.accessory_driver import AccessoryDriver\n"
        "from greenhouse.sensors import Greenhouse\n\n"
        f"driver = AccessoryDriver(port=51827, persist_file='greenhouse.state', pincode=b'{value}')\n"
        "driver.add_accessory(accessory=Greenhouse(driver, 'Greenhouse'))\ndriver.start()\n"
    ), value


def helm_values_gateway_tls_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# charts/fleet-gateway/values-prod.yaml\nreplicaCount: 2\nimage:\n  repository: registry.acme.example/"
        "fleet-gateway\n  tag: 3.8.1\ntls:\n"
        f"  crt: {s(rng, 76)}\n"
        f"  key: {value}\n"
        "listeners:\n  teltonika: 5027\n  queclink: 5004\n"
    ), value


def gateway_env_tls_key_b64(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/fleet-gateway/gateway.env\n"
        f"GW_NODE_ID={uuid4(rng)}\nGW_LISTEN=0.0.0.0:5027\n"
        f"GW_TLS_KEY_PEM_B64={value}\n"
        f"GW_DEVICE_SECRET_FILE=/run/secrets/devices-{s(rng, 4, HEX)}\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        basespace_default_cfg, bs_cli_access_token_flag, bioblend_galaxy_instance_key, parsec_yml_key,
        koha_conf_xml_pass, koha_passwd_file, dspace_local_cfg_db_password, dspace_compose_db_password,
        asnake_client_password, archivessnake_yml_password, openemr_sqlconf_php_pass, openemr_compose_mysql_pass,
        openmrs_runtime_properties_connection_password, openmrs_compose_omrs_db_password, fogsettings_snmysqlpass,
        fog_config_class_php_database_password, traccar_xml_database_password, traccar_compose_database_password,
        teslamate_compose_encryption_key, teslamate_env_file_encryption_key, mavproxy_signing_setup,
        mavinit_scr_signing_setup, hubitat_maker_api_curl, hubitat_maker_api_python_requests, openhab_curl_bearer,
        habapp_config_yml_user, homebridge_config_json_bridge_pin, hap_python_driver_pincode,
        helm_values_gateway_tls_key, gateway_env_tls_key_b64,
    )
}  # fmt: skip
