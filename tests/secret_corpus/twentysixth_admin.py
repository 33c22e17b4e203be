"""Where the twenty-sixth held-out part (twentysixth.py) shows generic secrets that game servers, game backends and
panels, streaming servers and games' release pipelines hold or are given: a survival game server's password (V
Rising's ``ServerHostSettings.json``, Enshrouded's ``enshrouded_server.json``), Project Zomboid's server password (its
``servertest.ini``, a container's environment), Nakama's console password (its ``config.yml``, the server's command
line in a Compose file), a game panel's administrator password (Crafty Controller's ``default-creds.txt``,
Pterodactyl's ``p:user:make --password``), a self-hosted streaming server's stream key (Owncast's unit file, OBS
Studio's ``service.json``) and a game's Android release keystore as base64, longer than a stream's window (a Godot
export workflow's environment, a Unity build's environment file). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .twentyfourth import uuid4


def vrising_server_host_settings_json(rng: random.Random, var: str, value: str) -> Place:
    settings = {
        "Name": "Acme Crew | PvE | Fresh wipe",
        "Description": "Friends and colleagues, ask in #games for the password",
        "Port": 9876,
        "QueryPort": 9877,
        "MaxConnectedUsers": 20,
        "MaxConnectedAdmins": 4,
        "SaveName": "world1",
        var: value,
        "Secure": True,
        "ListOnSteam": True,
        "ListOnEOS": True,
        "AutoSaveCount": 20,
        "AutoSaveInterval": 120,
    }
    return (
        "C:\\vrising\\save-data\\Settings> type ServerHostSettings.json\n" + json.dumps(settings, indent=2) + "\n"
    ), value


def enshrouded_server_json_password(rng: random.Random, var: str, value: str) -> Place:
    settings = {
        "name": "Acme Embervale",
        "password": value,
        "saveDirectory": "./savegame",
        "logDirectory": "./logs",
        "ip": "0.0.0.0",
        "gamePort": 15636,
        "queryPort": 15637,
        "slotCount": 16,
    }
    return "steam@games01:~/enshrouded$ cat enshrouded_server.json\n" + json.dumps(settings, indent=4) + "\n", value


def zomboid_servertest_ini_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep -E '^(PVP|Public|Password|MaxPlayers|Open)=' ~/Zomboid/Server/servertest.ini\nPVP=false\n"
        "Public=false\n"
        f"{var}={value}\n"
        "MaxPlayers=16\nOpen=true\n"
    ), value


def zomboid_compose_env_server_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# zomboid/docker-compose.yml\nservices:\n  zomboid:\n    image: renegademaster/zomboid-dedicated-server:"
        "latest\n    ports:\n      - 16261:16261/udp\n      - 16262:16262/udp\n    environment:\n"
        '      SERVER_NAME: "acme"\n      MAX_PLAYERS: "16"\n'
        f'      SERVER_PASSWORD: "{value}"\n'
        '      PUBLIC_SERVER: "false"\n'
    ), value


def nakama_config_yml_console_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# nakama/data/config.yml\nname: nakama-eu1\ndata_dir: ./data/\nlogger:\n  level: INFO\n"
        "session:\n  token_expiry_sec: 7200\nconsole:\n  port: 7351\n  username: ops\n"
        f'  {var}: "{value}"\n'
        "socket:\n  max_message_size_bytes: 4096\n"
    ), value


def nakama_compose_command_console_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (game backend)\n  nakama:\n    image: registry.heroiclabs.com/heroiclabs/nakama:3.24.2\n"
        "    entrypoint:\n      - /bin/sh\n      - -ecx\n      - >\n"
        "        /nakama/nakama migrate up --database.address postgres:5432 &&\n"
        "        exec /nakama/nakama --name nakama-eu1 --database.address postgres:5432\n"
        f"        --console.username ops --console.{var} {value}\n"
    ), value


def crafty_default_creds_txt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "crafty@mc-host:~$ cat /crafty/app/config/default-creds.txt\n"
        + json.dumps({"username": "admin", var: value}, indent=4)
        + "\n"
    ), value


def pterodactyl_user_make_password_flag(rng: random.Random, var: str, value: str) -> Place:
    uuid = uuid4(rng)
    return (
        "root@panel:/var/www/pterodactyl# php artisan p:user:make --email=ops@acme-games.example --username=ops "
        f"--name-first=Ops --name-last=Team --{var}={value} --admin=1\n"
        "+----------+--------------------------------------+\n| Field    | Value                                |\n"
        f"| UUID     | {uuid} |\n| Email    | ops@acme-games.example               |\n"
    ), value


def owncast_systemd_execstart_streamkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ systemctl cat owncast\n# /etc/systemd/system/owncast.service\n[Unit]\nDescription=Owncast\n\n"
        "[Service]\nType=simple\nWorkingDirectory=/opt/owncast\n"
        f"ExecStart=/opt/owncast/owncast -{var} {value} -webserverport 8080\n"
        "Restart=on-failure\n\n[Install]\nWantedBy=multi-user.target\n"
    ), value


def obs_service_json_custom_server_key(rng: random.Random, var: str, value: str) -> Place:
    service = {
        "settings": {
            "bwtest": False,
            "key": value,
            "server": "rtmp://live.acme-games.example:1935/live",
            "use_auth": False,
        },
        "type": "rtmp_custom",
    }
    return "$ cat ~/.config/obs-studio/basic/profiles/Devstream/service.json\n" + json.dumps(service) + "\n", value


def godot_ci_workflow_env_keystore_base64(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .github/workflows/android.yml\njobs:\n  export:\n    runs-on: ubuntu-latest\n"
        "    container: barichello/godot-ci:4.3\n    env:\n"
        f"      {var}: {value}\n"
        "    steps:\n      - uses: actions/checkout@v4\n"
        '      - run: echo "$KEYSTORE_BASE64" | base64 -d > /tmp/upload.keystore\n'
    ), value


def unity_android_keystore_base64_env_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ci/android.env\nANDROID_KEYALIAS_NAME=upload\nANDROID_KEYSTORE_NAME=upload.keystore\n"
        f"ANDROID_{var}={value}\n"
        "ANDROID_TARGET_SDK_VERSION=34\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        vrising_server_host_settings_json,
        enshrouded_server_json_password,
        zomboid_servertest_ini_password,
        zomboid_compose_env_server_password,
        nakama_config_yml_console_password,
        nakama_compose_command_console_flag,
        crafty_default_creds_txt,
        pterodactyl_user_make_password_flag,
        owncast_systemd_execstart_streamkey,
        obs_service_json_custom_server_key,
        godot_ci_workflow_env_keystore_base64,
        unity_android_keystore_base64_env_file,
    )
}
