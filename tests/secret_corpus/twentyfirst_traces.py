"""Where the twenty-first held-out part (twentyfirst.py) shows generic secrets that points of sale and payment
terminals, telephony, signage players and kiosks, mobile backups, archives and disk images and remote support tools hold
or are given: a point of sale's database password (uniCenta oPOS' and Openbravo POS' properties), a payment terminal's
ZVT password (ecrterm, a POS's ``.ini``), Kamailio's read-write database password (``kamctlrc``, ``kamailio.cfg``), a
desk phone's provisioning server password (a Polycom bootstrap, a Snom bootstrap's setting server), a softphone's SIP
password (baresip's ``accounts``, Linphone's ``linphonerc``), a SIP load test's password (SIPp on the command line, in a
Compose file), a Xibo player's server key (its Windows settings, an Android provisioning file), an Anthias player's
basic auth password (``screenly.conf``, its API with curl), Fully Kiosk Browser's remote admin password (its settings
export, its REST interface), an iOS backup's encryption password (``idevicebackup2``, ``mvt-ios``), an Android backup's
password (android-backup-extractor unpacking and packing), a RAR archive's password (``rar``, ``unrar``), a disk image's
passphrase (``hdiutil create`` and ``attach``), a remote support tool's access password (RustDesk, AnyDesk), and a
payment terminal's PKCS#12 identity in base64 longer than a stream's window (a POS middleware's ``appsettings.json``, an
environment file). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, UPPER, s, uuid4


def unicenta_properties_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#uniCenta oPOS. Configuration file.\n#Tue Jun 11 08:14:02 CEST 2024\nmachine.hostname=TILL-02\n"
        "db.driver=com.mysql.cj.jdbc.Driver\ndb.URL=jdbc:mysql://10.0.8.2:3306/unicentaopos\ndb.user=till\n"
        f"db.password={value}\n"
        "machine.printer=epson:file,/dev/usb/lp0\nswing.defaultlaf=com.jtattoo.plaf.hifi.HiFiLookAndFeel\n"
    ), value


def openbravo_pos_properties_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/openbravopos.properties\n#Openbravo POS. Configuration file.\nmachine.hostname=BAR-TERMINAL\n"
        "db.driverlib=/opt/openbravopos/lib/postgresql-42.jar\ndb.driver=org.postgresql.Driver\n"
        "db.URL=jdbc:postgresql://pos-db:5432/openbravopos\ndb.user=bar\n"
        f"db.password={value}\n"
        "machine.display=screen\n"
    ), value


def ecrterm_python_ecr_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# till/card_payment.py\nfrom ecrterm.ecr import ECR\n\n"
        f"ecr = ECR(device='socket://192.168.50.31:20007', password='{value}')\n"
        "if ecr.detect_pt():\n    ecr.register(config_byte=0xBA)\n    ok = ecr.payment(amount_cent=1850)\n"
        "    print(ecr.last_printout())\n"
    ), value


def pos_ini_zvt_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; C:\\ProgramData\\GastroKasse\\terminal.ini\n[Terminal]\nProtocol=ZVT700\nHost=192.168.50.32\n"
        "Port=20007\nCurrency=978\n"
        f"Password={value}\n"
        "PrintOnECR=1\n[Receipt]\nCopies=1\n"
    ), value


def kamctlrc_dbrwpw(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/kamailio/kamctlrc\nSIP_DOMAIN=sip.acme-telecom.example\nDBENGINE=MYSQL\nDBHOST=localhost\n"
        'DBNAME=kamailio\nDBRWUSER="kamailio"\n'
        f'DBRWPW="{value}"\n'
        'DBROUSER="kamailioro"\nCHARSET="latin1"\n'
    ), value


def kamailio_cfg_define_dburl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!KAMAILIO\n# /etc/kamailio/kamailio.cfg (excerpt)\n#!define WITH_MYSQL\n#!define WITH_AUTH\n"
        "#!define WITH_USRLOCDB\n\n#!ifdef WITH_MYSQL\n"
        f'#!define DBURL "mysql://kamailio:{value}@10.20.0.4/kamailio"\n'
        '#!endif\n\nloadmodule "db_mysql.so"\n'
    ), value


def polycom_device_prov_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" standalone="yes"?>\n<!-- site/device-bootstrap.cfg: where the phones fetch their '
        'configuration -->\n<polycomConfig>\n  <device device.set="1" device.prov.serverType.set="1" '
        'device.prov.serverType="HTTPS"\n          device.prov.serverName.set="1" '
        'device.prov.serverName="prov.acme-telecom.example/polycom"\n'
        '          device.prov.user.set="1" device.prov.user="phones"\n'
        f'          device.prov.password.set="1" device.prov.password="{value}"/>\n'
        "</polycomConfig>\n"
    ), value


def snom_setting_server_url_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!-- tftp/snom-D785.xml: the bootstrap every Snom phone reads -->\n'
        '<settings>\n  <phone-settings e="2">\n'
        f'    <setting_server perm="RW">https://phones:{value}@prov.acme-telecom.example/snom/{{mac}}.xml'
        "</setting_server>\n"
        '    <update_policy perm="RW">auto_update</update_policy>\n  </phone-settings>\n</settings>\n'
    ), value


def baresip_accounts_auth_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.baresip/accounts\n#\n# SIP accounts - one account per line\n#\n"
        f"<sip:4711@sip.acme-telecom.example;transport=tls>;auth_pass={value};answermode=manual\n"
    ), value


def linphonerc_auth_info_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/linphone/linphonerc (excerpt)\n[proxy_0]\nreg_proxy=<sip:sip.acme-telecom.example;transport=tls>\n"
        'reg_identity="Night Desk" <sip:4712@sip.acme-telecom.example>\nreg_sendregister=1\n\n[auth_info_0]\n'
        "username=4712\n"
        f"passwd={value}\n"
        "realm=sip.acme-telecom.example\ndomain=sip.acme-telecom.example\n"
    ), value


def sipp_cli_auth_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sipp -sf uac_auth.xml -s 2000 -au loadtest "
        f"-ap {value} -r 20 -m 2000 -trace_err 10.30.0.10:5060\n"
        "Resolving remote host '10.30.0.10'... Done.\n"
    ), value


def sipp_compose_command_auth_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# loadtest/compose.yaml\nservices:\n  sipp:\n    image: ctaloi/sipp\n    network_mode: host\n"
        "    volumes:\n      - ./scenarios:/sipp\n"
        f'    command: ["-sf", "register.xml", "-au", "bench", "-ap", "{value}", "-r", "5", "10.30.0.10"]\n'
    ), value


def xibo_windows_settings_xml_server_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!-- C:\\Users\\signage\\AppData\\Local\\XiboClient\\'
        "XiboClient.xml -->\n<ApplicationSettings>\n  <ServerUri>https://signage.acme.example</ServerUri>\n"
        f"  <ServerKey>{value}</ServerKey>\n"
        f"  <HardwareKey>{s(rng, 32, HEX)}</HardwareKey>\n"
        "  <DisplayName>Lobby West</DisplayName>\n</ApplicationSettings>\n"
    ), value


def xibo_android_provisioning_json_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// mdm/xibo-player-managed-config.json\n{\n  "kind": "androidenterprise#managedConfiguration",\n'
        '  "productId": "app:uk.co.xibo.player",\n  "managedProperty": [\n'
        '    { "key": "cmsAddress", "valueString": "https://signage.acme.example" },\n'
        f'    {{ "key": "cmsKey", "valueString": "{value}" }},\n'
        '    { "key": "displayName", "valueString": "Canteen Screen 2" }\n  ]\n}\n'
    ), value


def anthias_screenly_conf_auth_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.screenly/screenly.conf\n[main]\nassetdir = /data/screenly_assets\nuse_24_hour_clock = True\n\n"
        "[viewer]\nshow_splash = off\naudio_output = hdmi\n\n[auth_basic]\nuser = signage\n"
        f"password = {value}\n"
    ), value


def anthias_api_curl_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -u 'signage:{value}' http://10.9.1.44/api/v2/assets | jq '.[].name'\n"
        '"Menu breakfast"\n"Opening hours"\n"Summer offer"\n'
    ), value


def fully_kiosk_settings_json_remote_admin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "{\n"
        '  "startURL": "https://checkin.acme-hotel.example/kiosk",\n  "kioskMode": true,\n'
        f'  "kioskPin": "{s(rng, 4, DIGITS)}",\n'
        '  "remoteAdmin": true,\n'
        f'  "remoteAdminPassword": "{value}",\n'
        '  "screenOffTimer": 0,\n  "showStatusBar": false\n}\n'
    ), value


def fully_kiosk_rest_url_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# reload the lobby tablets each morning\nfor ip in 10.7.0.21 10.7.0.22; do\n"
        f'  curl -s "http://$ip:2323/?cmd=loadStartURL&type=json&password={value}"\n'
        "done\n"
    ), value


def idevicebackup2_encryption_on(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ idevicebackup2 -u 00008110-{s(rng, 16, HEX.upper())} encryption on {value}\n"
        "Backup encryption has been enabled successfully.\n"
    ), value


def mvt_ios_decrypt_backup(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ mvt-ios decrypt-backup -p '{value}' -d ~/cases/2024-117/decrypted \\\n"
        f"    ~/cases/2024-117/{s(rng, 40, HEX)}\n"
        "INFO     [mvt.ios.decrypt] Decrypting iOS backup at path ~/cases/2024-117\n"
    ), value


def abe_jar_unpack(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ java -jar abe.jar unpack pixel7-2024-06-02.ab pixel7.tar {value}\n"
        "Magic: ANDROID BACKUP\nVersion: 5\nCompressed: 1\nAlgorithm: AES-256\n"
        "4194304 bytes written to pixel7.tar.\n"
    ), value


def abe_jar_pack(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n# restore-app-data.sh: repack the edited app data and restore it to the tablet\n"
        "tar -cf app.tar apps/com.acme.fieldnotes\n"
        f"java -jar abe.jar pack-kk app.tar app.ab '{value}'\n"
        "adb restore app.ab\n"
    ), value


def rar_a_hp(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ rar a -m5 -hp{value} -v1g payroll-2024Q2.rar ./payroll/2024-Q2/\n"
        "RAR 7.00   Copyright (c) 1993-2024 Alexander Roshal\nCreating archive payroll-2024Q2.part1.rar\n"
        "Done\n"
    ), value


def unrar_x_p(rng: random.Random, var: str, value: str) -> Place:
    name = "scans-" + s(rng, 6, DIGITS) + ".rar"
    return (
        f"$ unrar x -p{value} {name} /srv/intake/\n\n"
        f"UNRAR 7.00 freeware      Copyright (c) 1993-2024 Alexander Roshal\n\nExtracting from {name}\n\nAll OK\n"
    ), value


def hdiutil_create_stdinpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ printf '%s' '{value}' | hdiutil create -encryption AES-256 -stdinpass -size 2g \\\n"
        "    -fs APFS -volname Contracts ~/Contracts.dmg\ncreated: /Users/mara/Contracts.dmg\n"
    ), value


def hdiutil_attach_stdinpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/zsh\n# ~/bin/open-vault: mount the encrypted image at login\n"
        f"echo -n '{value}' | hdiutil attach -stdinpass ~/Vault.sparsebundle -mountpoint ~/Vault\n"
    ), value


def rustdesk_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\Program Files\\RustDesk> rustdesk.exe --get-id\n" + s(rng, 9, DIGITS) + "\n"
        f"C:\\Program Files\\RustDesk> rustdesk.exe --password {value}\nDone!\n"
    ), value


def anydesk_set_password_pipe(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n# deploy/anydesk-unattended.sh\nsudo apt-get install -y anydesk\n"
        f"echo '{value}' | sudo anydesk --set-password\n"
        "anydesk --get-id\n"
    ), value


def pos_middleware_appsettings_certificate(rng: random.Random, var: str, value: str) -> Place:
    return (
        "{\n"
        '  "Terminal": {\n    "Host": "pt-0417.payments.acme.example",\n    "Port": 9443,\n'
        f'    "TerminalId": "{s(rng, 8, DIGITS)}",\n'
        f'    "ClientCertificateBase64": "{value}",\n'
        '    "ClientCertificatePasswordFile": "/run/secrets/pt-p12-pass"\n  },\n'
        '  "Logging": { "LogLevel": { "Default": "Information" } }\n}\n'
    ), value


def pos_terminal_env_p12_base64(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/kassen-bridge/terminal.env\n"
        f"PT_ID={uuid4(rng)}\nPT_HOST=10.40.2.17\nPT_STORE={s(rng, 2, UPPER)}-{s(rng, 3, DIGITS)}\n"
        f"PT_CLIENT_P12_B64={value}\n"
        f"PT_LOG_DIR=/var/log/kassen-bridge/{s(rng, 5, LOWER)}\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        unicenta_properties_db_password, openbravo_pos_properties_db_password, ecrterm_python_ecr_password,
        pos_ini_zvt_password, kamctlrc_dbrwpw, kamailio_cfg_define_dburl, polycom_device_prov_password,
        snom_setting_server_url_password, baresip_accounts_auth_pass, linphonerc_auth_info_passwd,
        sipp_cli_auth_password, sipp_compose_command_auth_password, xibo_windows_settings_xml_server_key,
        xibo_android_provisioning_json_key,
        anthias_screenly_conf_auth_basic, anthias_api_curl_basic, fully_kiosk_settings_json_remote_admin,
        fully_kiosk_rest_url_password, idevicebackup2_encryption_on, mvt_ios_decrypt_backup, abe_jar_unpack,
        abe_jar_pack, rar_a_hp, unrar_x_p, hdiutil_create_stdinpass, hdiutil_attach_stdinpass, rustdesk_password_flag,
        anydesk_set_password_pipe, pos_middleware_appsettings_certificate, pos_terminal_env_p12_base64,
    )
}  # fmt: skip
