"""Where the fourteenth held-out part (fourteenth.py) shows generic secrets kept by home, chat, mail and broker
clients, browsers' developer tools, automation runners and installers: Home Assistant's ``secrets.yaml`` and its
``.storage``, IRC bots (Sopel, Limnoria), Matrix bots (opsdroid, matrix-commander), MongoDB GUIs (Robo 3T, a Compass
export), mail clients (aerc, OfflineIMAP, ``git send-email``, himalaya), Celery's broker and Flower's broker API,
Tasmota's MQTT settings, a browser session as DevTools copies it (cURL, PowerShell), a single-page app's stored token
(Playwright's storage state, the DevTools console), ansible-runner's and AWX's become passwords, installer answers
(Debian preseed, Kickstart), VM images (Proxmox ``qm set``, ``virt-customize``) and backup tools (Kopia, Duplicati).
Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s, uuid4


def ha_secrets_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /config/secrets.yaml (Home Assistant)\nlatitude: 48.1371\nlongitude: 11.5754\n"
        f"mqtt_username: homeassistant\nmqtt_password: {value}\nfritzbox_username: ha\n"
    ), value


def ha_storage_config_entries_json(rng: random.Random, var: str, value: str) -> Place:
    data = {"broker": "core-mosquitto", "port": 1883, "username": "addons", "password": value, "discovery": True}
    entry = {"entry_id": s(rng, 26), "domain": "mqtt", "title": "core-mosquitto", "data": data}
    doc = {"version": 1, "minor_version": 4, "key": "core.config_entries", "data": {"entries": [entry]}}
    return "$ cat /config/.storage/core.config_entries\n" + json.dumps(doc, indent=2) + "\n", value


def sopel_default_cfg_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.sopel/default.cfg\n[core]\nnick = acmebot\nhost = irc.libera.chat\nuse_ssl = true\nport = 6697\n"
        f"owner = ana\nchannels = #acme-ops\nauth_method = nickserv\nauth_username = acmebot\nauth_password = {value}\n"
    ), value


def limnoria_conf_network_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "### conf/Limnoria.conf\nsupybot.nick: opsbot\nsupybot.networks: libera\n"
        "supybot.networks.libera.servers: irc.libera.chat:6697\nsupybot.networks.libera.ssl: True\n"
        f"supybot.networks.libera.sasl.username: opsbot\nsupybot.networks.libera.sasl.password: {value}\n"
        "supybot.networks.libera.channels: #acme-ops\n"
    ), value


def opsdroid_matrix_connector_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/opsdroid/configuration.yaml\nconnectors:\n  matrix:\n    homeserver: https://matrix.acme.dev\n"
        f"    mxid: '@opsdroid:acme.dev'\n    access_token: {value}\n    rooms:\n      main: '#ops:acme.dev'\n"
        "skills:\n  hello: {}\n"
    ), value


def matrix_commander_credentials_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"homeserver": "https://matrix.acme.dev", "device_id": s(rng, 10, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
           "user_id": "@deploybot:acme.dev", "room_id": f"!{s(rng, 18)}:acme.dev", "access_token": value}  # fmt: skip
    return "$ cat ~/.config/matrix-commander/credentials.json\n" + json.dumps(doc) + "\n", value


def robo3t_json_connection(rng: random.Random, var: str, value: str) -> Place:
    conn = {"connectionName": "orders-prod", "serverHost": "mongo1.acme.internal", "serverPort": 27017,
            "credentials": [{"databaseName": "admin", "userName": "reporting", "userPassword": value,
                             "mechanism": "SCRAM-SHA-256", "enabled": True}]}  # fmt: skip
    text = json.dumps({"connections": [conn]}, indent=4)
    return "// ~/.3T/robo-3t/1.4.4/robo3t.json (excerpt)\n" + text + "\n", value


def compass_export_json_connection_string(rng: random.Random, var: str, value: str) -> Place:
    doc = {"type": "Compass Connections", "version": 1, "connections": [{"id": uuid4(rng), "connectionOptions": {
        "connectionString": f"mongodb://analyst:{value}@mongo-analytics.acme.internal:27017/?authSource=admin"},
        "favorite": {"name": "analytics (read only)"}}]}  # fmt: skip
    return json.dumps(doc, indent=2) + "\n", value


def aerc_accounts_conf_source_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/aerc/accounts.conf\n[Work]\n"
        f"source   = imaps://ana%40acme.dev:{value}@imap.acme.dev:993\n"
        "outgoing = smtps://ana%40acme.dev@smtp.acme.dev:465\noutgoing-cred-cmd = pass show mail/acme\n"
        "default  = INBOX\nfrom     = Ana Lima <ana@acme.dev>\ncopy-to  = Sent\n"
    ), value


def offlineimaprc_remotepass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.offlineimaprc\n[general]\naccounts = Work\n\n[Account Work]\nlocalrepository = WorkLocal\n"
        "remoterepository = WorkRemote\n\n[Repository WorkLocal]\ntype = Maildir\nlocalfolders = ~/Mail/work\n\n"
        "[Repository WorkRemote]\ntype = IMAP\nremotehost = imap.acme.dev\nremoteuser = ana@acme.dev\n"
        f"remotepass = {value}\nsslcacertfile = /etc/ssl/certs/ca-certificates.crt\n"
    ), value


def git_sendemail_smtppass_gitconfig(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ git config --global --list | grep sendemail\nsendemail.smtpserver=smtp.acme.dev\n"
        "sendemail.smtpuser=patches@acme.dev\nsendemail.smtpencryption=tls\nsendemail.smtpserverport=587\n"
        f"sendemail.smtppass={value}\n"
    ), value


def himalaya_config_toml_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.config/himalaya/config.toml\n[accounts.work]\ndefault = true\nemail = "ana@acme.dev"\n'
        'backend.type = "imap"\nbackend.host = "imap.acme.dev"\nbackend.port = 993\n'
        'message.send.backend.type = "smtp"\nmessage.send.backend.host = "smtp.acme.dev"\n'
        f'message.send.backend.auth.type = "password"\nmessage.send.backend.auth.raw = "{value}"\n'
    ), value


def celery_broker_url_settings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# shop/settings/production.py\nCELERY_TIMEZONE = 'Europe/Lisbon'\n"
        f"CELERY_BROKER_URL = 'amqp://shop:{value}@rabbitmq.acme.internal:5672/shop'\n"
        "CELERY_RESULT_BACKEND = 'django-db'\nCELERY_TASK_ACKS_LATE = True\n"
    ), value


def flower_broker_api_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ celery -A shop flower --port=5555 "
        f"--broker_api=http://monitor:{value}@rabbitmq.acme.internal:15672/api/\n"
        "[I 261129 08:14:02 command:168] Visit me at http://0.0.0.0:5555\n"
        "[I 261129 08:14:02 command:176] Broker: amqp://monitor:**@rabbitmq.acme.internal:5672//\n"
    ), value


def tasmota_console_backlog_mqtt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Backlog MqttHost 192.168.1.20; MqttPort 1883; MqttUser tasmota; "
        f"MqttPassword {value}; Topic plug_office\n"
        '08:31:14.210 RSL: RESULT = {"MqttHost":"192.168.1.20"}\n08:31:14.477 RSL: RESULT = {"MqttPort":1883}\n'
        '08:31:15.002 RSL: RESULT = {"Topic":"plug_office"}\n'
    ), value


def tasmota_decode_config_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"header": {"template": {"version": "0x0E020000"}}, "friendlyname": ["Office Plug"],
           "mqtt_host": "192.168.1.20", "mqtt_port": 1883, "mqtt_user": "tasmota", "mqtt_pwd": value,
           "mqtt_topic": "plug_office"}  # fmt: skip
    return "$ decode-config --source plug-office.local --json-indent 2\n" + json.dumps(doc, indent=2) + "\n", value


def chrome_copy_as_curl_bash_cookie(rng: random.Random, var: str, value: str) -> Place:
    return (
        "curl 'https://app.acme.dev/api/orders?page=2' \\\n  -H 'accept: application/json' \\\n"
        "  -H 'accept-language: en-GB,en;q=0.9' \\\n"
        f"  -b '_ga=GA1.1.{s(rng, 10, DIGITS)}.{s(rng, 10, DIGITS)}; session={value}; theme=dark' \\\n"
        "  -H 'referer: https://app.acme.dev/orders' \\\n  -H 'sec-fetch-mode: cors'\n"
    ), value


def chrome_copy_as_powershell_cookie(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$session = New-Object Microsoft.PowerShell.Commands.WebRequestSession\n"
        '$session.UserAgent = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36"\n'
        f'$session.Cookies.Add((New-Object System.Net.Cookie("session", "{value}", "/", "app.acme.dev")))\n'
        'Invoke-WebRequest -UseBasicParsing -Uri "https://app.acme.dev/api/orders?page=2" `\n'
        '-WebSession $session `\n-Headers @{"accept"="application/json"}\n'
    ), value


def playwright_storage_state_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"cookies": [], "origins": [{"origin": "https://app.acme.dev", "localStorage": [
        {"name": "locale", "value": "en"}, {"name": "auth_token", "value": value}]}]}  # fmt: skip
    return "// e2e/.auth/user.json (storageState)\n" + json.dumps(doc, indent=2) + "\n", value


def devtools_console_session_storage_entries(rng: random.Random, var: str, value: str) -> Place:
    return (
        "> Object.entries(sessionStorage)\n"
        f"< (3) [Array(2), Array(2), Array(2)]\n  0: (2) ['tab_id', '{uuid4(rng)}']\n"
        f"  1: (2) ['access_token', '{value}']\n  2: (2) ['last_route', '/orders']\n  length: 3\n"
    ), value


def ansible_runner_env_passwords(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# private_data_dir/env/passwords (ansible-runner)\n"
        f'"^BECOME password.*:\\\\s*?$": "{value}"\n"^SSH password:\\\\s*?$": ""\n'
    ), value


def awx_cli_credential_inputs(rng: random.Random, var: str, value: str) -> Place:
    inputs = json.dumps({"username": "deploy", "become_method": "sudo", "become_password": value})
    return (
        "$ awx credentials create --name 'web servers (sudo)' --organization Acme --credential_type Machine "
        f"--inputs '{inputs}'\n" + json.dumps({"id": 42, "type": "credential", "name": "web servers (sudo)"}) + "\n"
    ), value


def debian_preseed_cfg_user_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# http/preseed.cfg\nd-i debian-installer/locale string en_US.UTF-8\nd-i passwd/root-login boolean false\n"
        "d-i passwd/user-fullname string Ops\nd-i passwd/username string ops\n"
        f"d-i passwd/user-password password {value}\nd-i passwd/user-password-again password {value}\n"
        "d-i pkgsel/include string openssh-server\n"
    ), value


def kickstart_rootpw_plaintext(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ks.cfg\ntext\nlang en_US.UTF-8\nkeyboard us\ntimezone Europe/Berlin --utc\n"
        f"rootpw --plaintext {value}\nuser --name=ops --groups=wheel --lock\n"
        "bootloader --location=mbr\nautopart --type=lvm\n%packages\n@core\n%end\n"
    ), value


def proxmox_qm_set_cipassword(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@pve1:~# qm set 9012 --ciuser ops "
        f"--cipassword '{value}' --ipconfig0 ip=dhcp --sshkeys ~/.ssh/ops.pub\n"
        "update VM 9012: -ciuser ops -cipassword <hidden> -ipconfig0 ip=dhcp -sshkeys ...\n"
    ), value


def virt_customize_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ virt-customize -a debian-12-genericcloud-amd64.qcow2 --root-password password:{value} "
        "--install qemu-guest-agent\n[   0.0] Examining the guest ...\n[  11.6] Setting a random seed\n"
        "[  11.8] Installing packages: qemu-guest-agent\n[  38.2] Setting passwords\n[  39.9] Finishing off\n"
    ), value


def kopia_repository_connect_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kopia repository connect s3 --bucket=acme-backups --prefix=laptops/ana/ "
        f"--access-key={s(rng, 20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')} --secret-access-key=$S3_SECRET "
        f"--password={value}\nConnected to repository.\n"
    ), value


def duplicati_cli_passphrase(rng: random.Random, var: str, value: str) -> Place:
    return (
        'C:\\> "C:\\Program Files\\Duplicati 2\\Duplicati.CommandLine.exe" backup '
        '"b2://acme-backups/office?auth-username=' + s(rng, 25, HEX) + '" "D:\\Shares\\Finance" '
        f'--passphrase="{value}" --backup-name=finance\nBackup started at 29/11/2026 07:00:01\n'
        "  Uploading file (21.5 MB) ...\nDuration of backup: 00:02:14\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        ha_secrets_yaml, ha_storage_config_entries_json, sopel_default_cfg_auth, limnoria_conf_network_password,
        opsdroid_matrix_connector_yaml, matrix_commander_credentials_json, robo3t_json_connection,
        compass_export_json_connection_string, aerc_accounts_conf_source_url, offlineimaprc_remotepass,
        git_sendemail_smtppass_gitconfig, himalaya_config_toml_passwd, celery_broker_url_settings,
        flower_broker_api_flag, tasmota_console_backlog_mqtt, tasmota_decode_config_json,
        chrome_copy_as_curl_bash_cookie, chrome_copy_as_powershell_cookie, playwright_storage_state_json,
        devtools_console_session_storage_entries, ansible_runner_env_passwords, awx_cli_credential_inputs,
        debian_preseed_cfg_user_password, kickstart_rootpw_plaintext, proxmox_qm_set_cipassword,
        virt_customize_root_password, kopia_repository_connect_cmd, duplicati_cli_passphrase,
    )
}  # fmt: skip
