"""Where the sixteenth held-out part (sixteenth.py) shows generic secrets that device logs, audit logs, chat and
package clients, nodes, printers, cameras, notifiers, chat exports, shell histories, security agents, intercepting
proxies and deploy keys hold: ``adb logcat`` with OkHttp's logging and an iOS simulator's log stream, a Windows 4688
event and a Sysmon event, WeeChat's and irssi's SASL settings, Poetry's ``http-basic`` and ``auth.toml``, Bitcoin
Core's ``bitcoin.conf`` and ``bitcoin-cli``, OctoPrint's config and API, Frigate's camera inputs and ``ffprobe``,
Gotify's message API from curl and cron, an Element HTML export and a Zoom saved chat, xonsh's JSON history and a
tcsh history, Wazuh's enrollment, a Charles session and a Burp request, and an SSH deploy key in base64 longer than a
stream's window (a Kubernetes ``ssh-auth`` Secret, the GitLab variables API). Each takes ``(rng, name, value)`` and
gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def adb_logcat_okhttp_logging_interceptor(rng: random.Random, var: str, value: str) -> Place:
    pid, tid = rng.randint(4000, 32000), rng.randint(4000, 32000)
    head = f"11-28 14:22:{rng.randint(10, 59)}.{rng.randint(100, 999)} {pid} {tid} I okhttp.OkHttpClient: "
    return (
        "$ adb logcat -s okhttp.OkHttpClient:I\n"
        f"{head}--> GET https://api.fitlog.app/v2/me/workouts?limit=20\n"
        f"{head}Authorization: Bearer {value}\n"
        f"{head}User-Agent: FitLog/5.4.1 (Android 14; Pixel 7)\n{head}--> END GET\n"
        f"{head}<-- 200 https://api.fitlog.app/v2/me/workouts?limit=20 (184ms)\n"
    ), value


def ios_simulator_log_stream_alamofire(rng: random.Random, var: str, value: str) -> Place:
    pid = rng.randint(10000, 99999)
    return (
        "$ xcrun simctl spawn booted log stream --level debug --predicate 'subsystem == \"app.fitlog.ios\"'\n"
        f"2026-11-28 14:31:02.418 Df FitLog[{pid}:1b2e4] [app.fitlog.ios:network] Request: GET "
        "https://api.fitlog.app/v2/me/profile\n"
        f"2026-11-28 14:31:02.418 Df FitLog[{pid}:1b2e4] [app.fitlog.ios:network] Headers: "
        f'["Accept": "application/json", "Authorization": "Bearer {value}"]\n'
        f"2026-11-28 14:31:02.602 Df FitLog[{pid}:1b2e4] [app.fitlog.ios:network] Response: 200 (0.184s)\n"
    ), value


def winevent_4688_process_command_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS> Get-WinEvent -FilterHashtable @{LogName='Security'; Id=4688} -MaxEvents 1 | Format-List Message\n\n"
        "Message : A new process has been created.\n\n          Creator Subject:\n"
        "          \tAccount Name:\t\tsvc-backup\n          \tAccount Domain:\t\tACME\n\n"
        "          Process Information:\n          \tNew Process Name:\tC:\\Windows\\System32\\net.exe\n"
        f"          \tProcess Command Line:\tnet use Z: \\\\files01\\backup /user:ACME\\svc-backup {value} "
        "/persistent:no\n"
    ), value


def sysmon_event1_xml_commandline(rng: random.Random, var: str, value: str) -> Place:
    guid = f"{{{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}}}"
    return (
        '<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event">\n  <System>\n'
        '    <Provider Name="Microsoft-Windows-Sysmon" Guid="{5770385f-c22a-43e0-bf4c-06f5698ffbd9}" />\n'
        "    <EventID>1</EventID>\n    <Computer>WS-0142.acme.local</Computer>\n  </System>\n  <EventData>\n"
        f'    <Data Name="ProcessGuid">{guid}</Data>\n'
        '    <Data Name="Image">C:\\Program Files\\Microsoft SQL Server\\Client SDK\\ODBC\\170\\Tools\\Binn\\'
        "SQLCMD.EXE</Data>\n"
        f'    <Data Name="CommandLine">sqlcmd -S sql02 -U report_ro -P {value} -Q "EXEC dbo.nightly"</Data>\n'
        '    <Data Name="User">ACME\\svc-reports</Data>\n  </EventData>\n</Event>\n'
    ), value


def weechat_irc_conf_sasl_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.config/weechat/irc.conf (excerpt)\n[server]\nlibera.addresses = "irc.libera.chat/6697"\n'
        'libera.tls = on\nlibera.sasl_mechanism = plain\nlibera.sasl_username = "mira"\n'
        f'libera.sasl_password = "{value}"\nlibera.autojoin = "#nixos,#python"\n'
    ), value


def irssi_config_sasl_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ~/.irssi/config (excerpt)\nchatnets = {\n  OFTC = {\n    type = "IRC";\n'
        '    sasl_mechanism = "PLAIN";\n    sasl_username = "mira";\n'
        f'    sasl_password = "{value}";\n  }};\n}};\n'
        'servers = (\n  { address = "irc.oftc.net"; chatnet = "OFTC"; port = "6697"; use_tls = "yes"; }\n);\n'
    ), value


def poetry_config_http_basic_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ poetry source add --priority=supplemental acme https://pypi.acme.dev/simple/\n"
        "Adding source with name acme.\n"
        f"$ poetry config http-basic.acme deploy-ci '{value}'\n"
        "$ poetry install --sync\nInstalling dependencies from lock file\n"
    ), value


def poetry_auth_toml_plaintext(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.config/pypoetry/auth.toml\n[http-basic]\n[http-basic.acme]\n"
        f'username = "deploy-ci"\npassword = "{value}"\n'
    ), value


def bitcoin_conf_rpcpassword(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.bitcoin/bitcoin.conf\nserver=1\ntxindex=1\nprune=0\ndbcache=4096\n"
        f"rpcuser=electrs\nrpcpassword={value}\nrpcbind=127.0.0.1\nrpcallowip=127.0.0.1\nzmqpubrawblock="
        "tcp://127.0.0.1:28332\n"
    ), value


def bitcoin_cli_rpcpassword_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ bitcoin-cli -rpcuser=electrs -rpcpassword={value} getblockchaininfo | jq '{{chain, blocks, "
        "verificationprogress}'\n"
        '{\n  "chain": "main",\n  "blocks": ' + str(rng.randint(870000, 880000)) + ",\n"
        '  "verificationprogress": 0.9999987\n}\n'
    ), value


def octoprint_config_yaml_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.octoprint/config.yaml (excerpt)\naccessControl:\n  salt: " + s(rng, 32) + "\n"
        f"api:\n  key: {value}\nplugins:\n  announcements:\n    _config_version: 1\n"
        "serial:\n  baudrate: 115200\n  port: /dev/ttyACM0\n"
    ), value


def octoprint_job_curl_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -H "X-Api-Key: {value}" http://octopi.local/api/job | jq .progress\n'
        '{\n  "completion": 42.61,\n  "filepos": 1830412,\n  "printTime": 3811,\n  "printTimeLeft": 5127\n}\n'
    ), value


def frigate_config_rtsp_input(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /config/config.yml (Frigate)\nmqtt:\n  enabled: false\ncameras:\n  driveway:\n    ffmpeg:\n"
        "      inputs:\n"
        f"        - path: rtsp://admin:{value}@192.168.1.64:554/Streaming/Channels/101\n"
        "          roles:\n            - detect\n            - record\n    detect:\n      width: 1280\n"
        "      height: 720\n"
    ), value


def ffprobe_rtsp_camera_url(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ ffprobe -hide_banner -rtsp_transport tcp "rtsp://viewer:{value}@10.10.4.21:554/cam/realmonitor?'
        'channel=1&subtype=0"\n'
        "Input #0, rtsp, from 'rtsp://viewer:" + value + "@10.10.4.21:554/cam/realmonitor?channel=1&subtype=0':\n"
        "  Duration: N/A, start: 0.040000, bitrate: N/A\n"
        "  Stream #0:0: Video: h264 (Main), yuvj420p(pc, bt709, progressive), 2560x1440, 20 fps\n"
    ), value


def gotify_message_curl_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl "https://push.home.arpa/message?token={value}" -F "title=NAS" '
        '-F "message=Scrub finished: 0 errors" -F "priority=5"\n'
        '{"id":' + s(rng, 4, DIGITS) + ',"appid":3,"message":"Scrub finished: 0 errors","title":"NAS",'
        '"priority":5,"date":"2026-11-28T03:12:09.51Z"}\n'
    ), value


def gotify_cron_backup_notify(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/cron.d/restic-backup\nSHELL=/bin/bash\n"
        "30 2 * * * root /usr/local/bin/backup.sh || curl -s -X POST "
        f'"https://push.home.arpa/message?token={value}" -F "title=backup failed" -F "priority=8"\n'
    ), value


def element_export_html_message(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<!-- Element export: "#ops" - Chat Export - 2026-11-28.html (excerpt) -->\n'
        '<li class="mx_EventTile"><div class="mx_DisambiguatedProfile">Jonas Weber</div>\n'
        '  <div class="mx_EventTile_body">the new admin login for the staging grafana is admin / '
        f"{value}</div>\n"
        '  <span class="mx_MessageTimestamp">09:41</span></li>\n'
        '<li class="mx_EventTile"><div class="mx_DisambiguatedProfile">Mira Köhler</div>\n'
        '  <div class="mx_EventTile_body">thanks, in</div></li>\n'
    ), value


def zoom_meeting_saved_chat_txt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "~/Documents/Zoom/2026-11-28 10.02.17 Release sync/meeting_saved_chat.txt\n"
        "10:04:51 From Ana Souza to Everyone:\n\tcan someone share the vpn login for the contractor?\n"
        "10:05:20 From Priya Nair to Everyone:\n\tuser: ext-contractor\n"
        f"10:05:27 From Priya Nair to Everyone:\n\tpass: {value}\n"
        "10:05:40 From Ana Souza to Everyone:\n\tgot it, thanks\n"
    ), value


def xonsh_history_json_env_assign(rng: random.Random, var: str, value: str) -> Place:
    cmds = [
        {"inp": "cd ~/src/ingest\n", "rtn": 0, "ts": [1764321001.12, 1764321001.13]},
        {"inp": f"${var} = '{value}'\n", "rtn": 0, "ts": [1764321011.4, 1764321011.41]},
        {"inp": "python -m ingest.sync --since 2026-11-01\n", "rtn": 0, "ts": [1764321020.2, 1764321088.9]},
    ]
    doc = {"data": {"cmds": cmds, "env": {"XONSH_VERSION": "0.19.1"}, "sessionid": s(rng, 8, HEX)}, "locs": [69, 1]}
    return f"$ cat ~/.local/share/xonsh/xonsh-{s(rng, 8, HEX)}.json\n" + json.dumps(doc, indent=1) + "\n", value


def tcsh_history_setenv(rng: random.Random, var: str, value: str) -> Place:
    t = 1764300000 + rng.randint(0, 80000)
    return (
        "% cat ~/.history\n"
        f"#+{t}\ncd /proj/asic/regress\n#+{t + 14}\nsetenv {var} {value}\n"
        f"#+{t + 31}\n./submit_regress.csh -suite nightly\n"
    ), value


def wazuh_agent_auth_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@web-07:~# /var/ossec/bin/agent-auth -m wazuh.acme.internal -P '{value}' -A web-07\n"
        "2026/11/28 11:20:04 agent-auth: INFO: Started (pid: " + s(rng, 5, DIGITS) + ").\n"
        "2026/11/28 11:20:04 agent-auth: INFO: Requesting a key from server: wazuh.acme.internal\n"
        "2026/11/28 11:20:04 agent-auth: INFO: Using agent name as: web-07\n"
        "2026/11/28 11:20:05 agent-auth: INFO: Valid key received\n"
    ), value


def wazuh_authd_pass_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        'root@wazuh:~# echo "' + value + '" > /var/ossec/etc/authd.pass\n'
        "root@wazuh:~# chmod 640 /var/ossec/etc/authd.pass && chown root:wazuh /var/ossec/etc/authd.pass\n"
        "root@wazuh:~# grep -A2 '<auth>' /var/ossec/etc/ossec.conf\n  <auth>\n    <disabled>no</disabled>\n"
        "    <use_password>yes</use_password>\n"
    ), value


def charles_chlsj_authorization_header(rng: random.Random, var: str, value: str) -> Place:
    doc = [{
        "status": "COMPLETE", "method": "GET", "protocolVersion": "HTTP/2.0", "scheme": "https",
        "host": "api.tripboard.io", "path": "/v1/trips?page=1",
        "request": {"header": {"headers": [
            {"name": ":method", "value": "GET"}, {"name": "accept", "value": "application/json"},
            {"name": "authorization", "value": f"Token {value}"},
            {"name": "user-agent", "value": "Tripboard/812 CFNetwork/1568.100.1 Darwin/24.0.0"},
        ]}},
        "response": {"status": 200, "header": {"headers": [{"name": "content-type", "value": "application/json"}]}},
    }]  # fmt: skip
    return "// tripboard-session.chlsj (Charles: File > Export Session > JSON)\n" + json.dumps(doc, indent=2), value


def burp_saved_request_authorization(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# request.txt (Burp Repeater: Copy to file), for sqlmap -r request.txt\n"
        "POST /v1/trips/search HTTP/2\nHost: api.tripboard.io\nContent-Type: application/json\n"
        f"Authorization: Token {value}\nUser-Agent: Tripboard/812 CFNetwork/1568.100.1 Darwin/24.0.0\n"
        'Content-Length: 41\n\n{"query":"lisbon","from":"2026-12-01"}\n'
    ), value


def k8s_secret_ssh_auth_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kubectl -n ci get secret git-deploy-key -o yaml\napiVersion: v1\ndata:\n"
        f"  ssh-privatekey: {value}\nkind: Secret\nmetadata:\n  name: git-deploy-key\n  namespace: ci\n"
        "type: kubernetes.io/ssh-auth\n"
    ), value


def gitlab_variables_api_json_ssh_key_b64(rng: random.Random, var: str, value: str) -> Place:
    doc = {"variable_type": "env_var", "key": "SSH_DEPLOY_KEY_B64", "value": value, "protected": True,
           "masked": False, "raw": True, "environment_scope": "production", "description": None}  # fmt: skip
    return (
        '$ curl -s --header "PRIVATE-TOKEN: $GL_TOKEN" '
        '"https://gitlab.acme.dev/api/v4/projects/412/variables/SSH_DEPLOY_KEY_B64"\n' + json.dumps(doc) + "\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        adb_logcat_okhttp_logging_interceptor, ios_simulator_log_stream_alamofire, winevent_4688_process_command_line,
        sysmon_event1_xml_commandline, weechat_irc_conf_sasl_password, irssi_config_sasl_password,
        poetry_config_http_basic_cmd, poetry_auth_toml_plaintext, bitcoin_conf_rpcpassword,
        bitcoin_cli_rpcpassword_flag, octoprint_config_yaml_api_key, octoprint_job_curl_api_key,
        frigate_config_rtsp_input, ffprobe_rtsp_camera_url, gotify_message_curl_token, gotify_cron_backup_notify,
        element_export_html_message, zoom_meeting_saved_chat_txt, xonsh_history_json_env_assign, tcsh_history_setenv,
        wazuh_agent_auth_p_flag, wazuh_authd_pass_file, charles_chlsj_authorization_header,
        burp_saved_request_authorization, k8s_secret_ssh_auth_yaml, gitlab_variables_api_json_ssh_key_b64,
    )
}  # fmt: skip
