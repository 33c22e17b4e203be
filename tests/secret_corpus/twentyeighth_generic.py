"""Where the twenty-eighth held-out part (twentyeighth.py) shows generic secrets that GIS servers, flight-tracking
feeders, survey tools and self-hosted reading, recipe and genealogy apps hold or are given: a GIS server's
administrator password (GeoServer's REST API, a GeoServer data store's ``datastore.xml``), a GIS database's service
password (QGIS's ``pg_service.conf``, an ``ogr2ogr`` PostgreSQL connection), a flight feeder's sharing key
(``fr24feed.ini``, a feeder container's environment), a flight feeder's site password (``piaware-config``,
``piaware-config.txt``), a survey tool's database password (LimeSurvey's ``config.php``, its Helm values), a genealogy
site's database password (webtrees' ``config.ini.php``, its Compose file), an RSS reader's database password
(Miniflux's ``DATABASE_URL``, Tiny Tiny RSS's ``config.php``), a bookmark manager's first user's password (linkding's
environment, its Django shell) and a recipe manager's database password (Mealie's Compose file, Tandoor's ``.env``).
Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def geoserver_rest_curl_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"gis@maps01:~$ curl -s -u admin:{value} -XPOST -H 'Content-Type: text/xml' "
        "-d '<workspace><name>parcels</name></workspace>' http://localhost:8080/geoserver/rest/workspaces\n"
        "parcels\ngis@maps01:~$ \n"
    ), value


def geoserver_datastore_xml_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat data_dir/workspaces/parcels/cadastre/datastore.xml\n<dataStore>\n"
        f"  <id>DataStoreInfoImpl-{s(rng, 8, HEX)}</id>\n  <name>cadastre</name>\n  <type>PostGIS</type>\n"
        '  <connectionParameters>\n    <entry key="host">gisdb01</entry>\n'
        '    <entry key="database">cadastre</entry>\n'
        '    <entry key="user">geoserver</entry>\n'
        f'    <entry key="{var}">{value}</entry>\n'
        '    <entry key="dbtype">postgis</entry>\n  </connectionParameters>\n</dataStore>\n'
    ), value


def qgis_pg_service_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.pg_service.conf (read by QGIS and QGIS Server)\n[cadastre]\nhost=gisdb01.acme.example\nport=5432\n"
        "dbname=cadastre\nuser=qgis_viewer\n"
        f"{var}={value}\n"
        "sslmode=require\n"
    ), value


def ogr2ogr_pg_connection(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ogr2ogr -f PostgreSQL "
        f'PG:"host=gisdb01 dbname=cadastre user=loader {var}={value}" '
        "parcels_2026.gpkg -nln parcels -overwrite -progress\n"
        "0...10...20...30...40...50...60...70...80...90...100 - done.\n"
    ), value


def fr24feed_ini_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        'pi@adsb:~ $ cat /etc/fr24feed.ini\nreceiver="beast-tcp"\n'
        f'{var}="{value}"\n'
        'host="127.0.0.1:30005"\nbs="no"\nraw="no"\nlogmode="1"\nlogpath="/var/log/fr24feed"\nmlat="yes"\n'
    ), value


def adsb_feeder_compose_env_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/adsb/docker-compose.yml\nservices:\n  fr24:\n    image: ghcr.io/sdr-enthusiasts/docker-flightradar24\n"
        "    environment:\n      - BEASTHOST=ultrafeeder\n"
        f"      - FR24KEY={value}\n"
        "      - MLAT=yes\n    restart: unless-stopped\n"
    ), value


def piaware_config_cli(rng: random.Random, var: str, value: str) -> Place:
    return (
        "pi@adsb:~ $ sudo piaware-config flightaware-user acme-roof\n"
        f"pi@adsb:~ $ sudo piaware-config {var} {value}\n"
        "Set flightaware-password to " + value + " in /etc/piaware.conf:2\n"
        "pi@adsb:~ $ sudo systemctl restart piaware\n"
    ), value


def piaware_config_txt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /boot/piaware-config.txt\nwired-network yes\nallow-auto-updates yes\nallow-manual-updates yes\n"
        "flightaware-user acme-roof\n"
        f"{var} {value}\n"
        f"feeder-id {s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}\n"
    ), value


def limesurvey_config_php_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php if (!defined('BASEPATH')) exit('No direct script access allowed');\n"
        "// application/config/config.php (LimeSurvey)\nreturn array(\n  'components' => array(\n"
        "    'db' => array(\n      'connectionString' => 'mysql:host=db01;port=3306;dbname=limesurvey;',\n"
        "      'username' => 'limesurvey',\n"
        f"      '{var}' => '{value}',\n"
        "      'charset' => 'utf8mb4',\n      'tablePrefix' => 'lime_',\n    ),\n  ),\n);\n"
    ), value


def limesurvey_helm_values_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/limesurvey/values-prod.yaml\nlimesurvey:\n  admin:\n    user: admin\n"
        "    email: surveys@acme.example\n"
        "externalDatabase:\n  host: db01.acme.example\n  user: limesurvey\n"
        f"  {var}: {value}\n"
        "  database: limesurvey\n"
    ), value


def webtrees_config_ini_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        '; <?php return; ?> DO NOT DELETE THIS LINE\n; data/config.ini.php (webtrees)\ndbtype="mysql"\n'
        'dbhost="localhost"\ndbport="3306"\ndbuser="webtrees"\n'
        f'{var}="{value}"\n'
        'dbname="webtrees"\ntblpfx="wt_"\nbase_url="https://family.acme.example"\n'
    ), value


def webtrees_compose_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yaml\nservices:\n  webtrees:\n    image: nathanvaughn/webtrees:2.1\n    environment:\n"
        "      DB_TYPE: mysql\n      DB_HOST: db\n      DB_USER: webtrees\n"
        f"      DB_PASS: {value}\n"
        "      DB_NAME: webtrees\n      BASE_URL: https://family.acme.example\n"
    ), value


def miniflux_env_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo cat /etc/miniflux.conf\nLISTEN_ADDR=127.0.0.1:8080\nBASE_URL=https://news.acme.example/\n"
        f"DATABASE_URL=postgres://miniflux:{value}@db01/miniflux?sslmode=disable\n"
        "RUN_MIGRATIONS=1\nPOLLING_FREQUENCY=30\n"
    ), value


def ttrss_config_php_putenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /var/www/tt-rss/config.php\nputenv('TTRSS_DB_TYPE=pgsql');\nputenv('TTRSS_DB_HOST=db01');\n"
        "putenv('TTRSS_DB_USER=ttrss');\nputenv('TTRSS_DB_NAME=ttrss');\n"
        f"putenv('TTRSS_DB_PASS={value}');\n"
        "putenv('TTRSS_SELF_URL_PATH=https://rss.acme.example/');\n"
    ), value


def linkding_compose_env_superuser(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/linkding/.env\nLD_CONTAINER_NAME=linkding\nLD_HOST_PORT=9090\nLD_SUPERUSER_NAME=ana\n"
        f"LD_SUPERUSER_PASSWORD={value}\n"
        "LD_DISABLE_BACKGROUND_TASKS=False\n"
    ), value


def linkding_django_shell_create_superuser(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker exec -it linkding python manage.py shell -c "
        f"\"from django.contrib.auth.models import User; User.objects.create_superuser('ana', 'ana@acme.example', "
        f"'{value}')\"\n$ docker logs --tail 2 linkding\n"
        f'[{s(rng, 2, DIGITS)}/Nov/2026 09:12:44] "POST /login/ HTTP/1.1" 302 0\n'
    ), value


def mealie_compose_env_postgres(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/mealie/compose.yaml\nservices:\n  mealie:\n    image: ghcr.io/mealie-recipes/mealie:v2.3.0\n"
        "    environment:\n      DB_ENGINE: postgres\n      POSTGRES_USER: mealie\n"
        f"      POSTGRES_PASSWORD: {value}\n"
        "      POSTGRES_SERVER: postgres\n      BASE_URL: https://recipes.acme.example\n"
    ), value


def tandoor_env_file_postgres(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep -v '^#' /opt/recipes/.env | grep .\nDB_ENGINE=django.db.backends.postgresql\nPOSTGRES_HOST=db_recipes\n"
        "POSTGRES_PORT=5432\nPOSTGRES_USER=djangouser\n"
        f"POSTGRES_PASSWORD={value}\n"
        "POSTGRES_DB=djangodb\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        geoserver_rest_curl_user,
        geoserver_datastore_xml_passwd,
        qgis_pg_service_conf,
        ogr2ogr_pg_connection,
        fr24feed_ini_key,
        adsb_feeder_compose_env_key,
        piaware_config_cli,
        piaware_config_txt,
        limesurvey_config_php_db,
        limesurvey_helm_values_db,
        webtrees_config_ini_php,
        webtrees_compose_env,
        miniflux_env_database_url,
        ttrss_config_php_putenv,
        linkding_compose_env_superuser,
        linkding_django_shell_create_superuser,
        mealie_compose_env_postgres,
        tandoor_env_file_postgres,
    )
}
