"""Where the twenty-eighth held-out part (twentyeighth.py) shows generic secrets that help desks, IT asset and
network inventories, CRMs and project tools hold or are given: a help desk's database password (osTicket's
``ost-config.php``, Zammad's ``database.yml``), an IT asset manager's database password (GLPI's ``config_db.php``,
Snipe-IT's ``.env``), an inventory agent's server password (``glpi-agent --password``, its ``agent.cfg``), a CRM
suite's database password (SuiteCRM's ``config.php``, EspoCRM's ``config-internal.php``), a project tool's database
password (OpenProject's ``DATABASE_URL``, Redmine's ``database.yml``), a kanban board's secret key (Planka's Compose
file, its Helm values), an IP address manager's database password (phpIPAM's ``config.php``, RackTables'
``secret.php``), a network monitor's database password (Observium's ``config.php``, OpenNMS's
``opennms-datasources.xml``) and a network source of truth's secret key (Nautobot's environment, its
``nautobot_config.py``). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def osticket_ost_config_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n# include/ost-config.php (osTicket)\ndefine('OSTINSTALLED',TRUE);\n"
        f"define('SECRET_SALT','{s(rng, 32, HEX).upper()}');\ndefine('DBTYPE','mysql');\ndefine('DBHOST','db01');\n"
        "define('DBNAME','osticket');\ndefine('DBUSER','osticket');\n"
        f"define('{var}','{value}');\n"
        "define('TABLE_PREFIX','ost_');\n"
    ), value


def zammad_database_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/zammad/config/database.yml\nproduction:\n  adapter: postgresql\n  database: zammad_production\n"
        "  pool: 50\n  timeout: 5000\n  encoding: utf8\n  username: zammad\n"
        f"  password: {value}\n"
        "  host: localhost\n"
    ), value


def glpi_config_db_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /etc/glpi/config_db.php\nclass DB extends DBmysql {\n   public $dbhost = 'db01';\n"
        "   public $dbuser = 'glpi';\n"
        f"   public ${var} = '{value}';\n"
        "   public $dbdefault = 'glpi';\n   public $use_utf8mb4 = true;\n}\n"
    ), value


def snipeit_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /var/www/snipe-it/.env | sed -n '1,12p'\nAPP_ENV=production\nAPP_DEBUG=false\n"
        "APP_URL=https://assets.acme.example\nDB_CONNECTION=mysql\nDB_HOST=127.0.0.1\nDB_DATABASE=snipeit\n"
        "DB_USERNAME=snipeit\n"
        f"DB_PASSWORD={value}\n"
        "DB_PREFIX=null\n"
    ), value


def glpi_agent_cli_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\Program Files\\GLPI-Agent> perl\\bin\\glpi-agent.exe --server https://glpi.acme.example/ "
        f"--user inventory --{var} {value} --force\n"
        "[info] target server0: server https://glpi.acme.example/\n[info] sending contact request to server0\n"
        "[info] running task Inventory\n[info] New inventory from LT-0412-2026-11-29-09-12-44 for server0\n"
    ), value


def glpi_agent_cfg_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/glpi-agent/conf.d/server.cfg\nserver = https://glpi.acme.example/\nuser = inventory\n"
        f"{var} = {value}\n"
        "delaytime = 3600\ntag = branch-office\n"
    ), value


def suitecrm_config_php_db(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// public/legacy/config.php (SuiteCRM 8)\n$sugar_config = array (\n  'dbconfig' =>\n  array (\n"
        "    'db_host_name' => 'db01',\n    'db_user_name' => 'suitecrm',\n"
        f"    '{var}' => '{value}',\n"
        "    'db_name' => 'suitecrm',\n    'db_type' => 'mysql',\n  ),\n"
    ), value


def espocrm_config_internal_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// data/config-internal.php (EspoCRM)\nreturn [\n    'database' => [\n        'host' => 'db01',\n"
        "        'port' => '',\n        'dbname' => 'espocrm',\n        'user' => 'espocrm',\n"
        f"        'password' => '{value}',\n"
        "        'platform' => 'Mysql'\n    ],\n"
        f"    'passwordSalt' => '{s(rng, 16, HEX)}',\n];\n"
    ), value


def openproject_env_database_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo openproject config:get DATABASE_URL\n"
        f"postgres://openproject:{value}@127.0.0.1:45432/openproject\n"
        "$ sudo openproject config:get SERVER_HOSTNAME\nprojects.acme.example\n"
    ), value


def redmine_database_yml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/redmine/config/database.yml\nproduction:\n  adapter: mysql2\n  database: redmine\n"
        "  host: db01\n  username: redmine\n"
        f'  {var}: "{value}"\n'
        "  encoding: utf8mb4\n"
    ), value


def planka_compose_env_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/planka/docker-compose.yml\nservices:\n  planka:\n    image: ghcr.io/plankanban/planka:1.24\n"
        "    environment:\n      - BASE_URL=https://boards.acme.example\n"
        "      - DATABASE_URL=postgresql://postgres@postgres/planka\n"
        f"      - {var}={value}\n"
        "      - TRUST_PROXY=1\n"
    ), value


def planka_helm_values_secretkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/planka/values.yaml\nreplicaCount: 1\nbaseUrl: https://boards.acme.example\n"
        f"secretkey: {value}\n"
        "ingress:\n  enabled: true\n  hosts:\n    - host: boards.acme.example\n"
    ), value


def phpipam_config_php_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /var/www/phpipam/config.php\n$db['host'] = '127.0.0.1';\n$db['user'] = 'phpipam';\n"
        f"$db['{var}'] = '{value}';\n"
        "$db['name'] = 'phpipam';\n$db['port'] = 3306;\n"
    ), value


def racktables_secret_php(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n/* /var/www/racktables/inc/secret.php */\n$pdo_dsn = 'mysql:host=db01;dbname=racktables_db';\n"
        "$db_username = 'racktables_user';\n"
        f"$db_password = '{value}';\n"
        "$user_auth_src = 'database';\n$require_local_account = TRUE;\n"
    ), value


def observium_config_php_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n## /opt/observium/config.php\n$config['db_extension'] = 'mysqli';\n$config['db_host'] = 'localhost';\n"
        "$config['db_user'] = 'observium';\n"
        f"$config['{var}'] = '{value}';\n"
        "$config['db_name'] = 'observium';\n$config['snmp']['community'] = array('public');\n"
    ), value


def opennms_datasources_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- /opt/opennms/etc/opennms-datasources.xml -->\n'
        '<datasource-configuration>\n  <jdbc-data-source name="opennms" database-name="opennms"\n'
        '    class-name="org.postgresql.Driver" url="jdbc:postgresql://localhost:5432/opennms"\n'
        f'    user-name="opennms" password="{value}" />\n'
        "</datasource-configuration>\n"
    ), value


def nautobot_env_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo systemctl show nautobot -p Environment\n"
        f"Environment=NAUTOBOT_ROOT=/opt/nautobot NAUTOBOT_DB_HOST=db01 {var}={value} "
        f"NAUTOBOT_REDIS_PORT={s(rng, 4, DIGITS)}\n"
    ), value


def nautobot_config_py_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/nautobot/nautobot_config.py\nfrom nautobot.core.settings import *  # noqa\n\n"
        "ALLOWED_HOSTS = ['sot.acme.example']\n"
        f'SECRET_KEY = "{value}"\n'
        "DATABASES['default']['HOST'] = 'db01'\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        osticket_ost_config_php,
        zammad_database_yml,
        glpi_config_db_php,
        snipeit_env_db_password,
        glpi_agent_cli_password_flag,
        glpi_agent_cfg_password,
        suitecrm_config_php_db,
        espocrm_config_internal_php,
        openproject_env_database_url,
        redmine_database_yml,
        planka_compose_env_secret_key,
        planka_helm_values_secretkey,
        phpipam_config_php_db_pass,
        racktables_secret_php,
        observium_config_php_db_pass,
        opennms_datasources_xml,
        nautobot_env_secret_key,
        nautobot_config_py_secret_key,
    )
}
