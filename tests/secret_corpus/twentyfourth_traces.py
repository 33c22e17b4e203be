"""Where the twenty-fourth held-out part (twentyfourth.py) shows generic secrets that notebooks of other kinds, chat
exports, live streaming, 3D printer hosts and a healthcare integration engine hold or are given: a Livebook server's
password (``docker run``, a systemd unit), a notebook's warehouse password (a marimo app's cell, a Pluto notebook's
cell), a report's API token (an R Markdown file's ``params``, an ``.Rhistory``), a password pasted into a chat (a
Rocket.Chat export, a Google Chat export from Takeout), a live stream's key (nginx's RTMP module, an ``ffmpeg`` restream
script), a 3D printer host's MQTT password (``moonraker.conf``, Moonraker's secrets file), its API key (KlipperScreen's
configuration, a ``curl`` to Moonraker), and Mirth Connect's database password (``mirth.properties``, its container's
environment) and administrator password (``mccommand``, its REST API's login). Each takes ``(rng, name, value)`` and
gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def livebook_docker_run_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name livebook -p 8090:8090 -p 8091:8091 \\\n"
        f"    -e {var}={value} \\\n"
        "    -v $PWD/notebooks:/data ghcr.io/livebook-dev/livebook:0.14\n"
    ), value


def livebook_systemd_unit_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/livebook.service\n[Unit]\nDescription=Livebook for the analytics team\n\n"
        "[Service]\nUser=livebook\nEnvironment=LIVEBOOK_PORT=8090\nEnvironment=LIVEBOOK_IP=0.0.0.0\n"
        f"Environment={var}={value}\n"
        "ExecStart=/opt/livebook/bin/livebook server\n\n[Install]\nWantedBy=multi-user.target\n"
    ), value


def marimo_app_cell_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# notebooks/churn.py (a marimo notebook)\nimport marimo\n\napp = marimo.App(width="medium")\n\n\n'
        "@app.cell\ndef _():\n    import snowflake.connector\n\n"
        "    conn = snowflake.connector.connect(\n"
        '        account="acme-eu1", user="ANALYST_SVC",\n'
        f'        {var}="{value}", warehouse="ANALYTICS_WH",\n'
        "    )\n    return (conn,)\n"
    ), value


def pluto_notebook_cell_env(rng: random.Random, var: str, value: str) -> Place:
    cell = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}"
    return (
        "### A Pluto.jl notebook ###\n# v0.19.46\n\nusing Markdown\nusing InteractiveUtils\n\n"
        f"# ╔═╡ {cell}\n"
        f'ENV["PGPASSWORD"] = "{value}"\n\n'
        "# ╔═╡ 1d2e3f40-aaaa-4bbb-8ccc-0123456789ab\n"
        'conn = LibPQ.Connection("host=dwh.corp.example dbname=marts user=analyst")\n'
    ), value


def rmarkdown_yaml_params_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        '---\ntitle: "Weekly support report"\noutput: html_document\nparams:\n  week: 47\n'
        f'  {var}: "{value}"\n'
        "---\n\n```{r setup, include=FALSE}\nlibrary(httr2)\n```\n"
    ), value


def rhistory_httr_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tail -n 5 ~/projects/support-report/.Rhistory\nlibrary(httr2)\n"
        f'tok <- "{value}"\n'
        'req <- request("https://helpdesk.corp.example/api/v2/tickets") |> req_auth_bearer_token(tok)\n'
        "resp <- req_perform(req)\nnrow(resp_body_json(resp)$tickets)\n"
    ), value


def rocketchat_export_json_message(rng: random.Random, var: str, value: str) -> Place:
    msg = {
        "_id": s(rng, 17, "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz"),
        "rid": "GENERAL",
        "msg": f"new {var} for the build box is {value} (changed it after the audit)",
        "ts": {"$date": "2026-11-24T09:41:07.318Z"},
        "u": {"_id": s(rng, 17, "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz"), "username": "dmitri.k"},
    }
    return "$ jq '.[12]' export/channels/ops/messages.json\n" + json.dumps(msg, indent=2) + "\n", value


def google_chat_takeout_messages_json(rng: random.Random, var: str, value: str) -> Place:
    msg = {
        "creator": {"name": "Priya Raman", "email": "priya.raman@corp.example", "user_type": "Human"},
        "created_date": "Tuesday, November 24, 2026 at 10:02:51 AM UTC",
        "text": f"vpn {var} for the contractors this week: {value}",
        "topic_id": s(rng, 11, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"),
    }
    return (
        "Takeout/Google Chat/Groups/Space AAAA"
        + s(rng, 7, DIGITS)
        + "/messages.json\n"
        + json.dumps({"messages": [msg]}, indent=2)
        + "\n"
    ), value


def nginx_rtmp_push_stream_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/nginx/nginx.conf (the church's stream relay)\nrtmp {\n    server {\n        listen 1935;\n"
        "        application live {\n            live on;\n            record off;\n"
        f"            push rtmp://a.rtmp.youtube.com/live2/{value};\n"
        "        }\n    }\n}\n"
    ), value


def ffmpeg_restream_script_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# restream.sh: the studio camera to the channel, started by the stream deck\n"
        f"{var}='{value}'\n"
        "exec ffmpeg -re -i srt://studio-enc.local:9000 -c:v copy -c:a aac -b:a 160k \\\n"
        '  -f flv "rtmp://a.rtmp.youtube.com/live2/$' + var + '"\n'
    ), value


def moonraker_conf_mqtt_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/printer_data/config/moonraker.conf\n[server]\nhost: 0.0.0.0\nport: 7125\n\n"
        "[mqtt]\naddress: 192.168.20.5\nport: 1883\nusername: voron24\n"
        f"{var}: {value}\n"
        "enable_moonraker_api: True\n"
    ), value


def moonraker_secrets_ini_mqtt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/printer_data/moonraker.secrets (read by moonraker.conf as {secrets.mqtt_credentials.password})\n"
        "[mqtt_credentials]\nusername: prusa-mk4\n"
        f"{var}: {value}\n"
    ), value


def klipperscreen_conf_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/printer_data/config/KlipperScreen.conf\n[main]\nlanguage: en\n\n"
        "[printer Workshop Voron]\nmoonraker_host: 192.168.20.41\nmoonraker_port: 7125\n"
        f"{var}: {value}\n"
    ), value


def moonraker_curl_x_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "pi@octopi:~ $ curl -s -H 'X-Api-Key: " + value + "' \\\n"
        "    'http://voron.local:7125/printer/objects/query?print_stats&heater_bed' | jq .result.status\n"
        '{\n  "print_stats": { "state": "printing", "filename": "bracket_v3.gcode" },\n'
    ), value


def mirth_properties_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/mirthconnect/conf/mirth.properties\nhttp.port = 8080\nhttps.port = 8443\n\n"
        "database = postgres\ndatabase.url = jdbc:postgresql://pg-hl7.corp.example:5432/mirthdb\n"
        "database.username = mirth\n"
        f"{var} = {value}\n"
        "database.max-connections = 20\n"
    ), value


def mirth_compose_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (HL7 interfaces)\nservices:\n  mc:\n    image: nextgenhealthcare/connect:4.5\n"
        "    environment:\n      - DATABASE=postgres\n      - DATABASE_URL=jdbc:postgresql://db:5432/mirthdb\n"
        "      - DATABASE_USERNAME=mirth\n"
        f"      - DATABASE_PASSWORD={value}\n"
        "    ports:\n      - 8443:8443\n"
    ), value


def mirth_cli_mccommand_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[hl7ops@mc01 ~]$ /opt/mirthconnect/mccommand -a https://localhost:8443 -u admin "
        f"-p {value} -s deploy-channels.txt\n"
        "Connected to Mirth Connect server @ https://localhost:8443 (4.5.0)\nDeploying 7 channels...\n"
    ), value


def mirth_api_login_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# backup-channels.sh\ncurl -sk -c /tmp/mc.cookies -X POST https://mc01.corp.example:8443/api/users/_login \\\n"
        "  -H 'X-Requested-With: OpenAPI' \\\n"
        f"  --data-urlencode 'username=admin' --data-urlencode 'password={value}'\n"
        "curl -sk -b /tmp/mc.cookies https://mc01.corp.example:8443/api/channels > channels.xml\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        livebook_docker_run_password,
        livebook_systemd_unit_env,
        marimo_app_cell_password,
        pluto_notebook_cell_env,
        rmarkdown_yaml_params_token,
        rhistory_httr_bearer,
        rocketchat_export_json_message,
        google_chat_takeout_messages_json,
        nginx_rtmp_push_stream_key,
        ffmpeg_restream_script_key,
        moonraker_conf_mqtt_password,
        moonraker_secrets_ini_mqtt,
        klipperscreen_conf_api_key,
        moonraker_curl_x_api_key,
        mirth_properties_database_password,
        mirth_compose_database_password,
        mirth_cli_mccommand_password,
        mirth_api_login_curl,
    )
}
