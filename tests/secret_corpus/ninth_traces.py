"""The generic places of the ninth held-out part (ninth.py) that tools print or store, and that people write down:
LDIF, e-mails, chat exports, a Kaggle key and a notebook's output, Terraform plans, HAR entries and DevTools'
"copy as fetch", browser storage, CI logs traced with ``set -x``, crash reports, core-dump strings and gdb,
``gsutil hmac create``, Zabbix PSKs. Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random
import urllib.parse

from .fifth_places import Place
from .fresh import Shown
from .makers import HEX, s, uuid4


def ldif_add_entry(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ldapadd -x -D cn=admin,dc=acme,dc=dev -W -f svc-jenkins.ldif\n$ cat svc-jenkins.ldif\n"
        "dn: uid=svc-jenkins,ou=services,dc=acme,dc=dev\nobjectClass: inetOrgPerson\nuid: svc-jenkins\n"
        f"cn: Jenkins service\nsn: service\nuserPassword: {value}\n"
    ), value


def ldapmodify_replace(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ldapmodify -x -D cn=admin,dc=acme,dc=dev -W <<'EOF'\ndn: uid=mhoffmann,ou=people,dc=acme,dc=dev\n"
        f"changetype: modify\nreplace: userPassword\nuserPassword: {value}\nEOF\n"
        'modifying entry "uid=mhoffmann,ou=people,dc=acme,dc=dev"\n'
    ), value


def eml_welcome_message(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Return-Path: <it@acme.dev>\nDelivered-To: j.berg@acme.dev\nFrom: IT Service Desk <it@acme.dev>\n"
        "To: Jonas Berg <j.berg@acme.dev>\nSubject: Your new account\nDate: Mon, 2 Mar 2026 10:14:07 +0100\n"
        f"Message-ID: <{uuid4(rng)}@acme.dev>\nContent-Type: text/plain; charset=utf-8\n\nHello Jonas,\n\n"
        f"your account is ready.\n\n  Username: j.berg\n  Temporary password: {value}\n\n"
        "Please change it at first login.\n"
    ), value


def mbox_password_reset(rng: random.Random, var: str, value: str) -> Place:
    return (
        "From noreply@vendor-portal.example Mon Mar  2 10:14:07 2026\n"
        "From: Vendor Portal <noreply@vendor-portal.example>\n"
        "To: purchasing@acme.dev\nSubject: Password reset\nX-Mailer: PortalMailer 3.2\n\n"
        f"Your password has been reset. Your new password is {value}\n\n"
        "From ops@acme.dev Mon Mar  2 11:02:51 2026\nFrom: ops@acme.dev\nSubject: re: portal\n\nthanks\n"
    ), value


def slack_export_json(rng: random.Random, var: str, value: str) -> Place:
    messages = [
        {"type": "message", "user": "U04QX2J8K", "text": "anyone have the staging db creds?",
         "ts": "1772446447.120409"},
        {"type": "message", "user": "U02HB7M1C", "text": f"user is `app`, password `{value}`",
         "ts": "1772446491.331209"},
        {"type": "message", "user": "U04QX2J8K", "text": "thx :pray:", "ts": "1772446502.002119"},
    ]  # fmt: skip
    return "// export/ops/2026-03-02.json\n" + json.dumps(messages, indent=4) + "\n", value


def whatsapp_chat_txt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "02/03/2026, 10:14 - Lena: what's the wifi at the new office?\n"
        "02/03/2026, 10:15 - Marc: network is acme-guest\n"
        f"02/03/2026, 10:15 - Marc: password {value}\n02/03/2026, 10:16 - Lena: 👍\n"
    ), value


def kaggle_json_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ cat ~/.kaggle/kaggle.json\n{{"username":"lbauer","key":"{value}"}}\n$ chmod 600 ~/.kaggle/kaggle.json\n',
        value,
    )


def notebook_stream_output(rng: random.Random, var: str, value: str) -> Place:
    cell = {
        "cell_type": "code", "execution_count": 3, "metadata": {"id": s(rng, 12)},
        "outputs": [{"name": "stdout", "output_type": "stream",
                     "text": [f'{{"username":"lbauer","key":"{value}"}}']}],
        "source": ["!mkdir -p ~/.kaggle && cp kaggle.json ~/.kaggle/\n", "!cat ~/.kaggle/kaggle.json"],
    }  # fmt: skip
    doc = {"cells": [cell], "metadata": {"colab": {"provenance": []}}, "nbformat": 4, "nbformat_minor": 0}
    return json.dumps(doc, indent=1) + "\n", value


def terraform_plan_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Terraform will perform the following actions:\n\n  # aws_db_instance.orders will be created\n"
        '  + resource "aws_db_instance" "orders" {\n      + allocated_storage = 50\n'
        '      + engine            = "postgres"\n      + identifier        = "orders-prod"\n'
        f'      + password          = "{value}"\n      + username          = "orders"\n    }}\n\n'
        "Plan: 1 to add, 0 to change, 0 to destroy.\n"
    ), value


def terraform_show_json_plan(rng: random.Random, var: str, value: str) -> Place:
    change = {
        "address": "mysql_user.reporting", "type": "mysql_user", "name": "reporting",
        "change": {"actions": ["create"], "before": None,
                   "after": {"user": "reporting", "host": "%", "plaintext_password": value}},
    }  # fmt: skip
    doc = {"format_version": "1.2", "terraform_version": "1.9.5", "resource_changes": [change]}
    return "$ terraform show -json tfplan | jq .\n" + json.dumps(doc, indent=2) + "\n", value


def har_post_data(rng: random.Random, var: str, value: str) -> Place:
    spelled = urllib.parse.quote(value, safe="")
    body = f"grant_type=client_credentials&client_id=reports-ui&client_secret={spelled}"
    entry = {
        "startedDateTime": "2026-03-02T10:14:07.120Z", "time": 88.1,
        "request": {"method": "POST", "url": "https://sso.acme.dev/realms/acme/protocol/openid-connect/token",
                    "httpVersion": "HTTP/2",
                    "headers": [{"name": "content-type", "value": "application/x-www-form-urlencoded"}],
                    "postData": {"mimeType": "application/x-www-form-urlencoded", "text": body}},
        "response": {"status": 200, "statusText": ""},
    }  # fmt: skip
    return json.dumps({"log": {"version": "1.2", "entries": [entry]}}, indent=2) + "\n", spelled


def devtools_copy_as_fetch(rng: random.Random, var: str, value: str) -> Place:
    return (
        'fetch("https://auth.acme.dev/oauth/token", {\n  "headers": {\n    "accept": "application/json",\n'
        '    "content-type": "application/json"\n  },\n'
        '  "body": "{\\"grant_type\\":\\"client_credentials\\",\\"client_id\\":\\"dash\\",'
        f'\\"client_secret\\":\\"{value}\\"}}",\n'
        '  "method": "POST",\n  "mode": "cors",\n  "credentials": "include"\n});\n'
    ), value


def localstorage_dump_json(rng: random.Random, var: str, value: str) -> Place:
    store = {
        "theme": "dark",
        "lastProject": "shop",
        "auth": json.dumps({"accessToken": value, "expiresAt": 1772450047}),
    }
    return "> copy(JSON.stringify(localStorage))\n" + json.dumps(store) + "\n", value


def leveldb_strings_dump(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ strings ~/.config/google-chrome/Default/Local\\ Storage/leveldb/000123.log\n"
        "META:https://app.acme.dev\n_https://app.acme.dev\ntheme\ndark\n"
        f"_https://app.acme.dev\nsession_token\n{value}\n_https://app.acme.dev\nlastProject\nshop\n"
    ), value


def gha_run_xtrace(rng: random.Random, var: str, value: str) -> Place:
    return (
        "2026-03-02T10:14:07.1204551Z ##[group]Run set -x; ./scripts/upload.sh\n"
        "2026-03-02T10:14:07.1236211Z ##[endgroup]\n"
        f"2026-03-02T10:14:07.4410032Z + curl -sf -u uploader:{value} -T dist/app.zip "
        "https://files.acme.lan/releases/\n2026-03-02T10:14:08.0120511Z + echo done\n"
    ), value


def jenkins_console_xtrace(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[Pipeline] sh\n+ ./gradlew publish\n"
        f"+ sshpass -p {value} scp build/libs/app.jar deploy@10.0.3.9:/opt/app/\n"
        "[Pipeline] }\n[Pipeline] // stage\nFinished: SUCCESS\n"
    ), value


def sentry_event_json(rng: random.Random, var: str, value: str) -> Place:
    event = {
        "event_id": s(rng, 32, HEX), "level": "error", "platform": "python",
        "exception": {"values": [{"type": "HTTPError", "value": "502 Bad Gateway"}]},
        "request": {"url": "https://api.acme.dev/v1/export", "method": "POST",
                    "headers": {"Authorization": f"Bearer {value}", "User-Agent": "acme-cli/2.4"}},
    }  # fmt: skip
    return json.dumps(event, indent=2) + "\n", value


def werkzeug_debug_environ(rng: random.Random, var: str, value: str) -> Place:
    return (
        'Traceback (most recent call last):\n  File "/app/views.py", line 41, in export\n'
        "    raise UpstreamError(resp.status_code)\nUpstreamError: 502\n\n"
        "environ = {'REQUEST_METHOD': 'POST', 'PATH_INFO': '/export', "
        f"'HTTP_AUTHORIZATION': 'Token {value}', 'HTTP_HOST': 'api.acme.dev'}}\n"
    ), value


def strings_core_grep(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ strings -n 8 core.billing.21877 | grep -i -A1 passw\n"
        f"db_password\n{value}\nPGPASSWORD environment variable\n"
    ), value


def gdb_print_struct(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ gdb -q ./ingest core.ingest.4410\nCore was generated by `./ingest --config /etc/ingest.conf'.\n"
        "Program terminated with signal SIGSEGV, Segmentation fault.\n(gdb) frame 2\n(gdb) p *conn\n"
        f'$1 = {{host = 0x55d0c3a1e2a0 "db.acme.lan", port = 5432, user = 0x55d0c3a1e2c0 "ingest", '
        f'password = 0x55d0c3a1e2e0 "{value}", fd = -1}}\n'
    ), value


def gsutil_hmac_create_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ gsutil hmac create backup-sa@acme-data-4821.iam.gserviceaccount.com\n"
        f"Access ID:   GOOG1E{s(rng, 55, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789')}\nSecret:      {value}\n"
    ), value


def zabbix_agentd_psk_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep ^TLS /etc/zabbix/zabbix_agentd.conf\nTLSConnect=psk\nTLSAccept=psk\nTLSPSKIdentity=PSK web-01\n"
        f"TLSPSKFile=/etc/zabbix/zabbix_agentd.psk\n$ sudo cat /etc/zabbix/zabbix_agentd.psk\n{value}\n"
    ), value


def zabbix_psk_generate_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ openssl rand -hex 32 | sudo tee /etc/zabbix/zabbix_agentd.psk\n"
        f"{value}\n$ sudo chown zabbix:zabbix /etc/zabbix/zabbix_agentd.psk\n"
    ), value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        ldif_add_entry, ldapmodify_replace, eml_welcome_message, mbox_password_reset, slack_export_json,
        whatsapp_chat_txt, kaggle_json_file, notebook_stream_output, terraform_plan_output, terraform_show_json_plan,
        har_post_data, devtools_copy_as_fetch, localstorage_dump_json, leveldb_strings_dump, gha_run_xtrace,
        jenkins_console_xtrace, sentry_event_json, werkzeug_debug_environ, strings_core_grep, gdb_print_struct,
        gsutil_hmac_create_output, zabbix_agentd_psk_file, zabbix_psk_generate_output,
    )
}  # fmt: skip
