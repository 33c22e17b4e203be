"""Where the twenty-first held-out part (twentyfirst.py) shows generic secrets that editors, game servers, shops,
learning platforms and CMS installers, lab and medical imaging software hold or are given: a database password in an
editor's SQL connections (Emacs' ``sql-connection-alist``, vim-dadbod's ``g:dbs``), Mumble's server password
(``murmur.ini``, its Docker environment), TeamSpeak's query admin password (its start script, a Compose file), a Steam
login password for a game server (SteamCMD, LinuxGSM's ``common.cfg``), PrestaShop's cookie key (its ``parameters.php``,
its ``parameters.yml``), a shop installer's admin password (PrestaShop's ``index_cli.php``, OpenCart's
``cli_install.php``), a learning platform's admin password (Canvas' initial setup, Tutor's ``createuser``), Open edX's
secret key (Tutor's ``config.yml``, ``tutor config save``), a CMS installer's account password (``drush site:install``,
``wp core install``), eLabFTW's secret key (its ``elabftw.yml``, ``docker run``), an instrument's data share password
(``smbclient`` in an acquisition script, smbprotocol in an uploader) and Orthanc's registered user password
(``orthanc.json``, its Docker environment). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def emacs_sql_connection_alist(rng: random.Random, var: str, value: str) -> Place:
    return (
        ";; ~/.emacs.d/init.el (excerpt)\n(setq sql-connection-alist\n      '((acme-reporting\n"
        '         (sql-product \'postgres)\n         (sql-server "db-report.acme.internal")\n'
        '         (sql-user "analyst")\n'
        f'         (sql-password "{value}")\n'
        '         (sql-database "reporting")\n         (sql-port 5432))))\n'
    ), value


def vim_dadbod_g_dbs_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "\" ~/.vimrc (excerpt)\nPlug 'tpope/vim-dadbod'\nPlug 'kristijanhusak/vim-dadbod-ui'\n\n"
        "let g:dbs = {\n\\ 'dev': 'postgres://localhost/acme_dev',\n"
        f"\\ 'stage': 'mysql://shop:{value}@stage-db.acme.internal:3306/shop',\n"
        "\\ }\nlet g:db_ui_save_location = '~/.local/share/db_ui'\n"
    ), value


def murmur_ini_serverpassword(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/mumble-server.ini\ndatabase=/var/lib/mumble-server/mumble-server.sqlite\nport=64738\n"
        'welcometext="<br />Welcome to the guild server.<br />"\nusers=60\nbandwidth=72000\n'
        f"serverpassword={value}\n"
        "sslCert=/etc/letsencrypt/live/voice.acme.example/fullchain.pem\n"
    ), value


def mumble_docker_env_serverpassword(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yaml\nservices:\n  mumble-server:\n    image: mumblevoip/mumble-server:latest\n"
        "    restart: on-failure\n    ports:\n      - 64738:64738\n      - 64738:64738/udp\n    environment:\n"
        '      MUMBLE_CONFIG_USERS: "40"\n'
        f'      MUMBLE_CONFIG_SERVERPASSWORD: "{value}"\n'
        "    volumes:\n      - ./data:/data\n"
    ), value


def ts3server_start_serveradmin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "teamspeak@vps:~/teamspeak3-server_linux_amd64$ "
        f"./ts3server_startscript.sh start serveradmin_password={value} license_accepted=1\n"
        "Starting the TeamSpeak 3 server\nTeamSpeak 3 server started, for details please view the log file\n"
    ), value


def teamspeak_compose_serveradmin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# teamspeak/docker-compose.yml\nservices:\n  teamspeak:\n    image: teamspeak:3.13\n    ports:\n"
        "      - 9987:9987/udp\n      - 10011:10011\n      - 30033:30033\n    environment:\n"
        "      TS3SERVER_DB_PLUGIN: ts3db_mariadb\n      TS3SERVER_LICENSE: accept\n"
        f"      TS3SERVER_SERVERADMIN_PASSWORD: {value}\n"
    ), value


def steamcmd_login_app_update(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ./steamcmd.sh +force_install_dir /srv/dst "
        f"+login acmeservers {value} +app_update 343050 validate +quit\n"
        "Redirecting stderr to '/home/steam/Steam/logs/stderr.txt'\nLogging in user 'acmeservers' to Steam "
        "Public...OK\nSuccess! App '343050' fully installed.\n"
    ), value


def linuxgsm_common_cfg_steampass(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# lgsm/config-lgsm/arma3server/common.cfg\n## Steam Login\nsteamuser="acmeservers"\n'
        f'steampass="{value}"\n\n'
        '## Server Parameters\nip="0.0.0.0"\nport="2302"\nservercfg="${selfname}.server.cfg"\n'
    ), value


def prestashop_parameters_php_cookie_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php return array (\n  'parameters' => \n  array (\n    'database_host' => '127.0.0.1',\n"
        "    'database_name' => 'prestashop',\n    'database_prefix' => 'ps_',\n"
        f"    'cookie_key' => '{value}',\n"
        f"    'cookie_iv' => '{s(rng, 32)}',\n    'ps_caching' => 'CacheMemcache',\n"
        "    'locale' => 'fr-FR',\n  ),\n);\n"
    ), value


def prestashop_parameters_yml_cookie_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app/config/parameters.yml\nparameters:\n    database_host: 127.0.0.1\n    database_port: ~\n"
        "    database_name: shop17\n    database_prefix: ps_\n    ps_cache_enable: false\n"
        f"    cookie_key: {value}\n"
        f"    cookie_iv: {s(rng, 8)}\n    locale: en-US\n"
    ), value


def prestashop_index_cli_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ php install/index_cli.php --domain=shop.acme.example --db_server=127.0.0.1 --db_name=shop \\\n"
        "    --db_user=shop --prefix=ps_ --language=de --country=de --firstname=Lena --lastname=Ott \\\n"
        f"    --email=lena@acme.example --password={value} --newsletter=0\n"
        "-- Installation successful! --\n"
    ), value


def opencart_cli_install_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ php upload/install/cli_install.php install --db_hostname localhost --db_username oc \\\n"
        "    --db_database opencart --db_driver mysqli --db_port 3306 --username admin \\\n"
        f"    --password {value} --email admin@acme.example --http_server https://store.acme.example/\n"
        "SUCCESS! Opencart successfully installed on your server\n"
    ), value


def canvas_initial_setup_env_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "canvas@lms:/var/canvas$ export CANVAS_LMS_ADMIN_EMAIL=lms-admin@school.example\n"
        f"canvas@lms:/var/canvas$ export CANVAS_LMS_ADMIN_PASSWORD='{value}'\n"
        "canvas@lms:/var/canvas$ export CANVAS_LMS_ACCOUNT_NAME='Northfield School'\n"
        "canvas@lms:/var/canvas$ export CANVAS_LMS_STATS_COLLECTION=opt_out\n"
        "canvas@lms:/var/canvas$ RAILS_ENV=production bundle exec rake db:initial_setup\n"
    ), value


def tutor_createuser_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tutor local do createuser --staff --superuser "
        f"courseadmin courseadmin@school.example --password='{value}'\n"
        "Running init task: lms createuser\nSuperuser created successfully.\n"
    ), value


def tutor_config_yml_openedx_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# $(tutor config printroot)/config.yml\nCONTACT_EMAIL: support@school.example\nENABLE_HTTPS: true\n"
        "ID: " + s(rng, 24) + "\nLMS_HOST: learn.school.example\nMYSQL_ROOT_USERNAME: root\n"
        f"OPENEDX_SECRET_KEY: {value}\n"
        "PLATFORM_NAME: Northfield Learning\n"
    ), value


def tutor_config_save_set_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ tutor config save --set OPENEDX_SECRET_KEY={value} --set LMS_HOST=learn.school.example\n"
        "Configuration saved to /home/ops/.local/share/tutor/config.yml\n"
        "Environment generated in /home/ops/.local/share/tutor/env\n"
    ), value


def drush_site_install_account_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ vendor/bin/drush site:install standard --db-url=mysql://drupal@db/drupal \\\n"
        f"    --site-name='Parish News' --account-name=editor --account-pass='{value}' -y\n"
        " [notice] Starting Drupal installation. This takes a while.\n [success] Installation complete.\n"
    ), value


def wp_core_install_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ wp core install --url=https://bakery.example --title='Corner Bakery' --admin_user=owner \\\n"
        f"    --admin_password='{value}' --admin_email=owner@bakery.example --skip-email\n"
        "Success: WordPress installed successfully.\n"
    ), value


def elabftw_yml_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/elabftw.yml (excerpt)\nservices:\n  web:\n    image: elabftw/elabimg:5.1.0\n"
        "    environment:\n      - DB_HOST=mysql\n      - DB_NAME=elabftw\n      - DB_USER=elabftw\n"
        f"      - SECRET_KEY={value}\n"
        "      - SITE_URL=https://eln.lab.example\n      - SERVER_NAME=eln.lab.example\n"
    ), value


def elabftw_docker_run_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name elabftw -p 443:443 -e DB_HOST=10.2.0.5 -e DB_PASSWORD_FILE=/run/secrets/db \\\n"
        f"    -e SECRET_KEY={value} \\\n"
        "    -e SITE_URL=https://eln.lab.example elabftw/elabimg:5.1.0\n" + s(rng, 64, HEX) + "\n"
    ), value


def smbclient_acquisition_sync_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /opt/lcms/push-raw.sh: after each run, copy the Orbitrap's raw files to the lab share\n"
        "RUN_DIR=/data/acquisition/$(date +%Y%m%d)\n"
        f"smbclient //nas-lab.chem.example/raw -U 'CHEM\\msacq%{value}' \\\n"
        '    -c "prompt OFF; recurse ON; lcd $RUN_DIR; mput *.raw"\n'
    ), value


def smbprotocol_register_session_uploader(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# uploader/plate_reader.py: the plate reader's exports to the lab share\nimport smbclient\n\n"
        f'smbclient.register_session("nas-lab.bio.example", username="platereader", password="{value}")\n'
        'with smbclient.open_file(r"\\\\nas-lab.bio.example\\exports\\run-' + s(rng, 4, DIGITS) + '.csv", '
        'mode="w") as out:\n    out.write(export_csv())\n'
    ), value


def orthanc_json_registered_users(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// /etc/orthanc/orthanc.json (excerpt)\n{\n  "Name" : "PACS-Radiology",\n  "DicomAet" : "ORTHANC",\n'
        '  "DicomPort" : 4242,\n  "RemoteAccessAllowed" : true,\n  "AuthenticationEnabled" : true,\n'
        '  "RegisteredUsers" : {\n'
        f'    "radiology" : "{value}"\n'
        "  }\n}\n"
    ), value


def orthanc_docker_env_registered_users(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml\nservices:\n  orthanc:\n    image: orthancteam/orthanc:24.5.1\n    ports:\n"
        "      - 8042:8042\n      - 4242:4242\n    environment:\n      ORTHANC__NAME: PACS-Clinic\n"
        f'      ORTHANC__REGISTERED_USERS: \'{{"viewer": "{value}"}}\'\n'
        '      DICOM_WEB_PLUGIN_ENABLED: "true"\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        emacs_sql_connection_alist, vim_dadbod_g_dbs_url, murmur_ini_serverpassword, mumble_docker_env_serverpassword,
        ts3server_start_serveradmin_password, teamspeak_compose_serveradmin_password, steamcmd_login_app_update,
        linuxgsm_common_cfg_steampass, prestashop_parameters_php_cookie_key, prestashop_parameters_yml_cookie_key,
        prestashop_index_cli_password, opencart_cli_install_password, canvas_initial_setup_env_password,
        tutor_createuser_password, tutor_config_yml_openedx_secret_key, tutor_config_save_set_secret_key,
        drush_site_install_account_pass, wp_core_install_admin_password, elabftw_yml_secret_key,
        elabftw_docker_run_secret_key, smbclient_acquisition_sync_script, smbprotocol_register_session_uploader,
        orthanc_json_registered_users, orthanc_docker_env_registered_users,
    )
}  # fmt: skip
