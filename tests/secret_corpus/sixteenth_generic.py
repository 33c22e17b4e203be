"""Where the sixteenth held-out part (sixteenth.py) shows generic secrets that self-hosted services, databases, web
apps and remote-access tools keep: Home Assistant's REST API and AppDaemon, Pi-hole's command line and compose file,
Firebird's ``isql-fb`` and ``SYSDBA.password``, SAP HANA's ``hdbsql`` and ``hdbuserstore``, a Phoenix release's
``SECRET_KEY_BASE``, Strapi's ``.env`` and ``config/admin.js``, Ghost's config and CLI, Discourse's ``app.yml`` and
setup, Jitsi's ``.env`` and ``prosodyctl``, Jellyfin behind nginx and its token header, ``x11vnc`` and Guacamole,
Paperless-ngx, ZITADEL's masterkey and headscale's pre-auth keys. Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def home_assistant_states_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s \\\n"
        f'  -H "Authorization: Bearer {value}" \\\n'
        '  -H "Content-Type: application/json" \\\n'
        "  http://homeassistant.local:8123/api/states/sensor.living_room_temperature\n"
        '{"entity_id":"sensor.living_room_temperature","state":"21.4","attributes":{"unit_of_measurement":"°C",'
        '"friendly_name":"Living room temperature"},"last_changed":"2026-11-28T18:41:07.112+00:00"}\n'
    ), value


def appdaemon_yaml_ha_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /config/appdaemon/appdaemon.yaml\nappdaemon:\n  time_zone: Europe/Berlin\n  latitude: 52.52\n"
        "  longitude: 13.40\n  elevation: 34\n  plugins:\n    HASS:\n      type: hass\n"
        f"      ha_url: http://192.168.1.20:8123\n      token: {value}\nhttp:\n  url: http://0.0.0.0:5050\n"
    ), value


def pihole_setpassword_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"pi@pihole:~ $ sudo pihole setpassword '{value}'\n"
        "  [✓] New password set\npi@pihole:~ $ pihole status\n  [✓] FTL is listening on port 53\n"
        "  [✓] Pi-hole blocking is enabled\n"
    ), value


def pihole_compose_ftlconf_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/pihole/docker-compose.yml\nservices:\n  pihole:\n    image: pihole/pihole:latest\n"
        '    ports:\n      - "53:53/tcp"\n      - "53:53/udp"\n      - "8080:80/tcp"\n    environment:\n'
        f"      TZ: 'Europe/London'\n      FTLCONF_webserver_api_password: '{value}'\n"
        "      FTLCONF_dns_listeningMode: 'all'\n    volumes:\n      - './etc-pihole:/etc/pihole'\n"
        "    restart: unless-stopped\n"
    ), value


def isql_fb_sysdba_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ isql-fb -user SYSDBA -password {value} localhost:/var/lib/firebird/data/erp.fdb\n"
        "Database: localhost:/var/lib/firebird/data/erp.fdb, User: SYSDBA\nSQL> SELECT COUNT(*) FROM INVOICES;\n\n"
        "                COUNT\n=====================\n                48211\n\nSQL> quit;\n"
    ), value


def firebird_sysdba_password_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo cat /etc/firebird/3.0/SYSDBA.password\n"
        "# Firebird generated password for user SYSDBA is:\n#\n"
        f'ISC_USER=sysdba\nISC_PASSWORD="{value}"\n#\n'
        "# Also set legacy variable though it can't be exported directly\n#\n"
        f'ISC_PASSWD="{value}"\n'
    ), value


def hdbsql_system_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'hxeadm@hxehost:/usr/sap/HXE/HDB90> hdbsql -n localhost:39013 -d SYSTEMDB -u SYSTEM -p "{value}" '
        '"SELECT DATABASE_NAME, ACTIVE_STATUS FROM M_DATABASES"\n'
        'DATABASE_NAME,ACTIVE_STATUS\n"SYSTEMDB","YES"\n"HXE","YES"\n2 rows selected (overall time 9317 usec)\n'
    ), value


def hdbuserstore_set_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# backup/setup.sh, run once as hxeadm\n"
        f"hdbuserstore SET BACKUPKEY hxehost:39013@SYSTEMDB BACKUP_OPERATOR '{value}'\n"
        "hdbuserstore LIST BACKUPKEY\n"
        "# cron: hdbsql -U BACKUPKEY \"BACKUP DATA USING FILE ('nightly')\"\n"
    ), value


def phx_gen_secret_export_shell(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ mix phx.gen.secret\n{value}\n"
        f"$ export SECRET_KEY_BASE={value}\n"
        "$ export DATABASE_URL=ecto://shop:shop@localhost/shop_prod\n$ MIX_ENV=prod mix release\n"
        "* assembling shop-0.1.0 on MIX_ENV=prod\n"
    ), value


def elixir_rel_env_sh_eex(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# rel/env.sh.eex\n# Sets and enables heart (recommended only in daemon mode)\n"
        '# export ELIXIR_ERL_OPTIONS="-heart"\n\nexport PHX_SERVER=true\nexport PHX_HOST=shop.acme.dev\n'
        f'export SECRET_KEY_BASE="{value}"\nexport RELEASE_DISTRIBUTION=name\n'
        "export RELEASE_NODE=<%= @release.name %>@$(hostname -i)\n"
    ), value


def strapi_env_admin_jwt_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# cms/.env\nHOST=0.0.0.0\nPORT=1337\n"
        f"APP_KEYS={s(rng, 22)}==,{s(rng, 22)}==\nAPI_TOKEN_SALT={s(rng, 22)}==\n"
        f"ADMIN_JWT_SECRET={value}\nTRANSFER_TOKEN_SALT={s(rng, 22)}==\nDATABASE_CLIENT=postgres\n"
    ), value


def strapi_config_admin_js_fallback(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// config/admin.js\nmodule.exports = ({ env }) => ({\n  auth: {\n"
        f"    secret: env('ADMIN_JWT_SECRET', '{value}'),\n  }},\n"
        "  apiToken: {\n    salt: env('API_TOKEN_SALT'),\n  },\n  flags: {\n    nps: env.bool('FLAG_NPS', true),\n"
        "  },\n});\n"
    ), value


def ghost_config_production_json_mail(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /var/www/ghost/config.production.json\n{\n"
        '  "url": "https://blog.acme.dev",\n  "server": {\n    "port": 2368,\n    "host": "127.0.0.1"\n  },\n'
        '  "mail": {\n    "transport": "SMTP",\n    "options": {\n      "service": "Mailgun",\n'
        '      "host": "smtp.eu.mailgun.org",\n      "port": 465,\n      "secure": true,\n      "auth": {\n'
        f'        "user": "postmaster@mg.acme.dev",\n        "pass": "{value}"\n      }}\n    }}\n  }},\n'
        '  "process": "systemd"\n}\n'
    ), value


def ghost_cli_setup_mailpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ghost-mgr@blog:/var/www/ghost$ ghost setup --url https://blog.acme.dev --mail SMTP "
        f"--mailservice Mailgun --mailuser postmaster@mg.acme.dev --mailpass {value} --no-prompt\n"
        "✔ Configuring Ghost\n✔ Setting up instance\n+ sudo systemctl is-active ghost_blog-acme-dev\n"
    ), value


def discourse_app_yml_smtp_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /var/discourse/containers/app.yml\ntemplates:\n  - "templates/postgres.template.yml"\n'
        '  - "templates/redis.template.yml"\n  - "templates/web.template.yml"\nenv:\n  LANG: en_US.UTF-8\n'
        "  DISCOURSE_HOSTNAME: forum.acme.dev\n  DISCOURSE_DEVELOPER_EMAILS: 'admin@acme.dev'\n"
        "  DISCOURSE_SMTP_ADDRESS: smtp.fastmail.com\n  DISCOURSE_SMTP_PORT: 587\n"
        f'  DISCOURSE_SMTP_USER_NAME: forum@acme.dev\n  DISCOURSE_SMTP_PASSWORD: "{value}"\n'
    ), value


def discourse_setup_transcript(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@forum:/var/discourse# ./discourse-setup\n"
        "Hostname for your Discourse? [discourse.example.com]: forum.acme.dev\n"
        "Email address for admin account(s)? [me@example.com,you@example.com]: admin@acme.dev\n"
        "SMTP server address? [smtp.example.com]: smtp.eu.mailgun.org\nSMTP port? [587]: \n"
        "SMTP user name? [user@example.com]: forum@mg.acme.dev\n"
        f"SMTP password? [pa$$word]: {value}\n"
        "notification email address? [noreply@forum.acme.dev]: \nOptional email address for Let's Encrypt "
        "warnings? (ENTER to skip) [me@example.com]: \n"
    ), value


def jitsi_docker_env_jicofo_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-jitsi-meet/.env\n# Security\n"
        f"JICOFO_AUTH_PASSWORD={value}\nJVB_AUTH_PASSWORD={s(rng, 32, HEX)}\n"
        "# Basic configuration options\nCONFIG=~/.jitsi-meet-cfg\nHTTP_PORT=8000\nHTTPS_PORT=8443\n"
        "TZ=UTC\nPUBLIC_URL=https://meet.acme.dev\n"
    ), value


def prosodyctl_register_focus(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@meet:~# prosodyctl register focus auth.meet.acme.dev " + value + "\n"
        "root@meet:~# prosodyctl mod_roster_command subscribe focus.meet.acme.dev focus@auth.meet.acme.dev\n"
        "root@meet:~# systemctl restart prosody jicofo jitsi-videobridge2\n"
    ), value


def jellyfin_nginx_access_log_api_key(rng: random.Random, var: str, value: str) -> Place:
    ip = f"10.0.{rng.randint(0, 9)}.{rng.randint(2, 250)}"
    return (
        "$ tail -n 2 /var/log/nginx/jellyfin.access.log\n"
        f'{ip} - - [28/Nov/2026:21:14:09 +0000] "GET /Items/{s(rng, 32, HEX)}/Images/Primary?maxHeight=400 '
        'HTTP/2.0" 200 48213 "-" "Jellyfin-Web"\n'
        f'{ip} - - [28/Nov/2026:21:14:11 +0000] "GET /Videos/{s(rng, 32, HEX)}/stream.mp4?Static=true&'
        f'api_key={value} HTTP/2.0" 206 1048576 "-" "VLC/3.0.20 LibVLC/3.0.20"\n'
    ), value


def jellyfin_emby_token_header_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -X POST -H 'X-Emby-Token: {value}' 'https://media.home.arpa/Library/Refresh' \\\n"
        "    -w '%{http_code}\\n'\n"
        "204\n"
    ), value


def x11vnc_systemd_unit_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/x11vnc.service\n[Unit]\nDescription=VNC server for the lab display\n"
        "After=display-manager.service\n\n[Service]\n"
        f"ExecStart=/usr/bin/x11vnc -display :0 -auth guess -forever -loop -noxdamage -repeat -passwd {value} "
        "-rfbport 5900 -shared\nRestart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n"
    ), value


def guacamole_user_mapping_xml_vnc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /etc/guacamole/user-mapping.xml -->\n<user-mapping>\n"
        f'    <authorize username="lab" password="{s(rng, 32, HEX)}" encoding="md5">\n'
        '        <connection name="lab-display">\n            <protocol>vnc</protocol>\n'
        '            <param name="hostname">10.20.0.14</param>\n            <param name="port">5900</param>\n'
        f'            <param name="password">{value}</param>\n        </connection>\n    </authorize>\n'
        "</user-mapping>\n"
    ), value


def paperless_compose_env_secret_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# paperless-ngx/docker-compose.env\nUSERMAP_UID=1000\nUSERMAP_GID=1000\n"
        "PAPERLESS_URL=https://docs.home.arpa\n"
        f"PAPERLESS_SECRET_KEY={value}\nPAPERLESS_TIME_ZONE=Europe/Vienna\nPAPERLESS_OCR_LANGUAGE=deu+eng\n"
    ), value


def paperless_conf_bare_metal(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/paperless/paperless.conf\n# Paths and folders\nPAPERLESS_CONSUMPTION_DIR=/srv/scans/inbox\n"
        "PAPERLESS_DATA_DIR=/opt/paperless/data\n\n# Security and hosting\n"
        f"PAPERLESS_SECRET_KEY={value}\nPAPERLESS_ALLOWED_HOSTS=docs.home.arpa\nPAPERLESS_CORS_ALLOWED_HOSTS="
        "https://docs.home.arpa\n"
    ), value


def zitadel_start_from_init_masterkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ zitadel start-from-init --masterkey "{value}" --tlsMode external --config zitadel.yaml\n'
        'time="2026-11-28T10:02:17Z" level=info msg="initialization started" caller="cmd/initialise/init.go:70"\n'
        'time="2026-11-28T10:02:19Z" level=info msg="setup started" caller="cmd/setup/setup.go:106"\n'
    ), value


def zitadel_compose_masterkey_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# zitadel/docker-compose.yaml\nservices:\n  zitadel:\n    image: ghcr.io/zitadel/zitadel:latest\n"
        "    command: 'start-from-init --masterkeyFromEnv --tlsMode external'\n    environment:\n"
        f"      ZITADEL_MASTERKEY: '{value}'\n      ZITADEL_EXTERNALDOMAIN: auth.acme.dev\n"
        "      ZITADEL_EXTERNALPORT: 443\n    depends_on:\n      db:\n        condition: service_healthy\n"
    ), value


def headscale_preauthkeys_create_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ headscale preauthkeys create --user homelab --reusable --expiration 24h\n"
        f"{value}\n$ headscale preauthkeys list --user homelab\n"
        "ID | Key | Reusable | Ephemeral | Used | Expiration | Created\n"
        f"{s(rng, 1, DIGITS[1:])} | {value} | true | false | false | 2026-11-29 10:11:02 | 2026-11-28 10:11:02\n"
    ), value


def tailscale_up_login_server_authkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# cloud-init runcmd of the new edge node\nruncmd:\n"
        "  - curl -fsSL https://tailscale.com/install.sh | sh\n"
        f"  - tailscale up --login-server https://hs.acme.dev --authkey {value} --hostname edge-fra-2\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        home_assistant_states_curl, appdaemon_yaml_ha_token, pihole_setpassword_cmd, pihole_compose_ftlconf_password,
        isql_fb_sysdba_connect, firebird_sysdba_password_file, hdbsql_system_connect, hdbuserstore_set_key,
        phx_gen_secret_export_shell, elixir_rel_env_sh_eex, strapi_env_admin_jwt_secret,
        strapi_config_admin_js_fallback, ghost_config_production_json_mail, ghost_cli_setup_mailpass,
        discourse_app_yml_smtp_password, discourse_setup_transcript, jitsi_docker_env_jicofo_password,
        prosodyctl_register_focus, jellyfin_nginx_access_log_api_key, jellyfin_emby_token_header_curl,
        x11vnc_systemd_unit_passwd, guacamole_user_mapping_xml_vnc, paperless_compose_env_secret_key,
        paperless_conf_bare_metal, zitadel_start_from_init_masterkey, zitadel_compose_masterkey_env,
        headscale_preauthkeys_create_output, tailscale_up_login_server_authkey,
    )
}  # fmt: skip
