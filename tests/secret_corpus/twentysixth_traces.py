"""Where the twenty-sixth held-out part (twentysixth.py) shows generic secrets that desktop applications' saved
settings, notes, backups, OCR text and mail watchers hold: a database client's saved password (SQuirreL SQL's
``SQLAliases23.xml``, Another Redis Desktop Manager's exported connections), a chat client's saved password (Pidgin's
``accounts.xml``, HexChat's ``servlist.conf``), a download client's control password (NZBGet's ``nzbget.conf``,
``deluge-console connect``), a backup repository's passphrase (Duplicacy's ``preferences``, a Vorta profile's
export), a Wi-Fi key read from a photographed label (Tesseract's output, a phone's copied text pasted in a chat), a
note app's sync password (Obsidian's Self-hosted LiveSync ``data.json``, ``joplin config``), a media centre's library
password (Kodi's ``advancedsettings.xml``, its ``sources.xml``), a RetroAchievements password (RetroArch's
``retroarch.cfg``, Batocera's ``batocera.conf``), a mail watcher's IMAP password (imapfilter's ``config.lua``,
goimapnotify's YAML) and a BOINC client's RPC password (``gui_rpc_auth.cfg``, ``boinccmd --passwd``). Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def squirrel_sql_aliases_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep -A12 'reporting-replica' ~/.squirrel-sql/SQLAliases23.xml\n"
        '  <Bean Class="net.sourceforge.squirrel_sql.client.gui.db.SQLAlias">\n'
        "    <name>reporting-replica</name>\n"
        "    <url>jdbc:postgresql://pg-replica.acme.example:5432/reporting</url>\n"
        "    <userName>analyst</userName>\n"
        f"    <{var}>{value}</{var}>\n"
        "    <autoLogon>true</autoLogon>\n    <driverIdentifier>\n"
        f"      <string>{s(rng, 8, HEX)}-postgres</string>\n    </driverIdentifier>\n  </Bean>\n"
    ), value


def redis_desktop_manager_connections_json(rng: random.Random, var: str, value: str) -> Place:
    conns = [
        {"host": "127.0.0.1", "port": 6379, "auth": "", "name": "local", "key": "1732611021451_" + s(rng, 5, DIGITS)},
        {"host": "cache-prod.acme.example", "port": 6380, "auth": value, "username": "ops", "name": "cache-prod",
         "sslOptions": {"key": "", "cert": "", "ca": ""}, "key": "1732611388204_" + s(rng, 5, DIGITS)},
    ]  # fmt: skip
    return "$ cat ~/Downloads/connections.ano  # Another Redis Desktop Manager, Export\n" + json.dumps(conns) + "\n", (
        value
    )


def pidgin_accounts_xml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.purple/accounts.xml\n<?xml version='1.0' encoding='UTF-8' ?>\n\n<account version='1.0'>\n"
        " <account>\n  <protocol>prpl-jabber</protocol>\n  <name>ana@chat.acme.example/laptop</name>\n"
        f"  <{var}>{value}</{var}>\n"
        "  <enabled>1</enabled>\n  <settings>\n   <setting name='connect_server' type='string'>"
        "chat.acme.example</setting>\n  </settings>\n </account>\n</account>\n"
    ), value


def hexchat_servlist_conf_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.config/hexchat/servlist.conf\nv=2.16.2\n\nN=Libera.Chat\nL=6\nE=UTF-8 (Unicode)\nF=29\nD=0\n"
        "S=irc.libera.chat\n\nN=AcmeOps\nI=ana\nU=ana\n"
        f"P={value}\n"
        "L=7\nE=UTF-8 (Unicode)\nF=31\nD=0\nS=irc.acme.example/6697\nJ=#ops,#deploys\n"
    ), value


def nzbget_conf_control_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep -E '^(Control|Restricted|Add)' /srv/nzbget/config/nzbget.conf\nControlIP=0.0.0.0\n"
        "ControlPort=6789\nControlUsername=nzbget\n"
        f"{var}={value}\n"
        "RestrictedUsername=\nRestrictedPassword=\nAddUsername=\nAddPassword=\n"
    ), value


def deluge_console_connect_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        'media@nas:~$ deluge-console "connect 192.168.1.20:58846 media '
        f'{value}; info --sort-reverse=time_added"\n'
        "Connected to 192.168.1.20:58846\nName: ubuntu-24.04.1-desktop-amd64.iso\nID: "
        f"{s(rng, 40, HEX)}\nState: Seeding Up Speed: 412.0 KiB/s\n"
    ), value


def duplicacy_preferences_keys_password(rng: random.Random, var: str, value: str) -> Place:
    prefs = [
        {
            "name": "default",
            "id": "ana-laptop",
            "repository": "",
            "storage": "b2://acme-duplicacy",
            "encrypted": True,
            "no_backup": False,
            "no_restore": False,
            "no_save_password": False,
            "nobackup_file": "",
            "keys": {"b2_id": "004a" + s(rng, 21, HEX), var: value},
            "filters": "",
        }
    ]
    return "$ cat ~/Documents/.duplicacy/preferences\n" + json.dumps(prefs, indent=4) + "\n", value


def vorta_profile_export_json(rng: random.Random, var: str, value: str) -> Place:
    profile = {
        "id": 2,
        "name": "Photos to Hetzner",
        "repo_id": 2,
        "repo_url": "ssh://u3104@u3104.your-storagebox.de:23/./borg/photos",
        "ssh_key": "id_ed25519",
        "compression": "lz4",
        "schedule_mode": "interval",
        "schedule_interval_hours": 6,
        "prune_keep_daily": 7,
        "password": value,
        "SourceFileModel": [{"dir": "/home/ana/Pictures", "dir_size": 48213557120, "dir_files_count": 61204}],
    }
    return "$ cat ~/Photos-to-Hetzner.json  # Vorta: Export profile, with the borg passphrase\n" + json.dumps(
        profile, indent=4
    ) + "\n", value


def tesseract_router_label_photo(rng: random.Random, var: str, value: str) -> Place:
    serial = s(rng, 12, "0123456789ABCDEF")
    return (
        "$ tesseract IMG_4471.jpg - --psm 6 2>/dev/null\n"
        "FRITZ!Box 7590 AX\nArt.-Nr. 2000 2991\nSerial No. / Serien-Nr.: " + serial + "\n"
        "WLAN network (SSID): FRITZ!Box 7590 QT\n"
        f"{var} / WLAN-Netzwerkschl.: {value}\n"
        "Made in EU\n"
    ), value


def phone_lens_copied_text_chat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[27.11.26, 18:02:11] Ana: the guest wifi at the studio, copied off the sticker with the camera:\n"
        "[27.11.26, 18:02:14] Ana: Network name: Studio-Guest\n"
        f"{var}: {value}\n"
        "Please do not reset the router\n[27.11.26, 18:04:40] Tom: works, thanks\n"
    ), value


def obsidian_livesync_plugin_data_json(rng: random.Random, var: str, value: str) -> Place:
    data = {
        "couchDB_URI": "https://couch.home.example",
        "couchDB_USER": "ana",
        var: value,
        "couchDB_DBNAME": "vault-work",
        "liveSync": True,
        "syncOnSave": False,
        "encrypt": False,
        "usePluginSync": True,
        "deviceAndVaultName": "laptop-work",
    }
    return "$ cat Work/.obsidian/plugins/obsidian-livesync/data.json\n" + json.dumps(data, indent=2) + "\n", value


def joplin_cli_config_sync_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ joplin config sync.target 6\n$ joplin config sync.6.path https://dav.home.example/remote.php/dav/files/"
        "ana/Joplin\n$ joplin config sync.6.username ana\n"
        f"$ joplin config sync.6.password {value}\n"
        "$ joplin sync\nSynchronisation target: WebDAV (6)\nStarting synchronisation...\n"
    ), value


def kodi_advancedsettings_xml_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.kodi/userdata/advancedsettings.xml\n<advancedsettings>\n  <videodatabase>\n"
        "    <type>mysql</type>\n    <host>192.168.1.20</host>\n    <port>3306</port>\n    <user>kodi</user>\n"
        f"    <{var}>{value}</{var}>\n"
        "  </videodatabase>\n  <musicdatabase>\n    <type>mysql</type>\n    <host>192.168.1.20</host>\n"
        "    <user>kodi</user>\n"
        f"    <{var}>{value}</{var}>\n"
        "  </musicdatabase>\n</advancedsettings>\n"
    ), value


def kodi_sources_xml_smb_path(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat ~/.kodi/userdata/sources.xml\n<sources>\n    <video>\n        <default pathversion="1"></default>\n'
        "        <source>\n            <name>Films</name>\n"
        f'            <path pathversion="1">smb://kodi:{value}@192.168.1.20/media/films/</path>\n'
        "            <allowsharing>true</allowsharing>\n        </source>\n    </video>\n</sources>\n"
    ), value


def retroarch_cfg_cheevos_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ grep cheevos ~/.config/retroarch/retroarch.cfg\ncheevos_enable = "true"\n'
        'cheevos_hardcore_mode_enable = "false"\n'
        f'{var} = "{value}"\n'
        'cheevos_token = ""\ncheevos_username = "anakovac"\n'
    ), value


def batocera_conf_retroachievements_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /userdata/system/batocera.conf\nsystem.hostname=BATOCERA\nglobal.retroachievements=1\n"
        "global.retroachievements.hardcore=0\nglobal.retroachievements.username=anakovac\n"
        f"global.retroachievements.password={value}\n"
        "global.retroachievements.leaderboards=0\n"
    ), value


def imapfilter_config_lua_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- ~/.imapfilter/config.lua\noptions.timeout = 120\noptions.subscribe = true\n\n"
        "work = IMAP {\n    server = 'imap.acme.example',\n    username = 'ana@acme.example',\n"
        f"    {var} = '{value}',\n"
        "    ssl = 'auto',\n}\n\nwork.INBOX:contain_from('alerts@acme.example'):move_messages(work['Alerts'])\n"
    ), value


def goimapnotify_yaml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/goimapnotify/goimapnotify.yaml\nhost: imap.acme.example\nport: 993\ntls: true\n"
        "username: ana@acme.example\n"
        f"{var}: {value}\n"
        "boxes:\n  - mailbox: INBOX\n    onNewMail: mbsync work-inbox\n    onNewMailPost: notmuch new\n"
    ), value


def boinc_gui_rpc_auth_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "pi@cruncher-03:~ $ sudo cat /var/lib/boinc-client/gui_rpc_auth.cfg\n"
        f"{value}\n"
        "pi@cruncher-03:~ $ boinccmd --get_project_status | head -3\n========\n"
    ), value


def boinccmd_passwd_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ for h in cruncher-01 cruncher-02 cruncher-03; do boinccmd --host $h "
        f"{var} {value} --set_run_mode auto; done\n"
        "$ boinccmd --host cruncher-01 --get_cc_status | grep -A2 'CPU status'\nCPU status\n"
        "    not suspended\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        squirrel_sql_aliases_xml,
        redis_desktop_manager_connections_json,
        pidgin_accounts_xml_password,
        hexchat_servlist_conf_password,
        nzbget_conf_control_password,
        deluge_console_connect_cmd,
        duplicacy_preferences_keys_password,
        vorta_profile_export_json,
        tesseract_router_label_photo,
        phone_lens_copied_text_chat,
        obsidian_livesync_plugin_data_json,
        joplin_cli_config_sync_password,
        kodi_advancedsettings_xml_pass,
        kodi_sources_xml_smb_path,
        retroarch_cfg_cheevos_password,
        batocera_conf_retroachievements_password,
        imapfilter_config_lua_password,
        goimapnotify_yaml_password,
        boinc_gui_rpc_auth_cfg,
        boinccmd_passwd_flag,
    )
}
