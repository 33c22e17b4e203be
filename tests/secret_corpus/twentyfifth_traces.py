"""Where the twenty-fifth held-out part (twentyfifth.py) shows generic secrets that support desks, chats, logs, build
farms, notebook sources, call traces and packet captures hold: a password pasted into a service desk's ticket (a
ServiceNow incident's work notes from its Table API, a Zendesk ticket's comments), an API token pasted into a live
chat (a tawk.to transcript by mail, a LiveChat transcript), a password shared in a phone messenger (an iMessage export,
a Threema chat export), a password in a logged PowerShell script block (event 4104's XML, a transcript file), a DSN's
password in the journal (``journalctl -o json``, ``-o export``), a build farm's deploy password (a sourcehut build
manifest, a Laminar job's ``.env``), a notebook source's warehouse password (a Databricks notebook's source, an
Observable Framework data loader), a password a call trace shows (``ltrace``'s ``strcmp``, bpftrace's
``bashreadline``) and a login in a cleartext capture (``tcpdump -A`` of a form's POST, ``ngrep`` of POP3's ``PASS``).
Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, UPPER, s


def servicenow_incident_json_work_notes(rng: random.Random, var: str, value: str) -> Place:
    doc = {
        "result": [
            {
                "number": f"INC00{s(rng, 5, DIGITS)}",
                "short_description": "Nightly backup job fails with authentication error",
                "state": "6",
                "work_notes": "2026-11-26 10:14:02 - Aisha Bello (Work notes)\nReset the svc_backup account, new "
                f"{var} {value} - please update the job definition and close.\n",
                "sys_id": s(rng, 32, HEX),
            }
        ]
    }
    return (
        "$ curl -s -u integration:*** 'https://corp.service-now.com/api/now/table/incident?"
        "sysparm_query=assignment_group.name=Backup&sysparm_fields=number,short_description,state,work_notes,sys_id'\n"
        + json.dumps(doc, indent=2)
        + "\n"
    ), value


def zendesk_ticket_comments_json(rng: random.Random, var: str, value: str) -> Place:
    ticket = s(rng, 5, DIGITS)
    doc = {
        "comments": [
            {
                "id": int(s(rng, 11, "123456789")),
                "type": "Comment",
                "author_id": int(s(rng, 12, "123456789")),
                "body": f"Hi, the portal still rejects my login after the reset. My {var} is {value} if that helps, "
                "I can change it afterwards.",
                "public": True,
                "created_at": "2026-11-25T14:02:51Z",
            }
        ],
        "next_page": None,
        "count": 1,
    }
    return f"GET /api/v2/tickets/{ticket}/comments.json\n" + json.dumps(doc, indent=2) + "\n", value


def tawkto_transcript_email(rng: random.Random, var: str, value: str) -> Place:
    visitor = s(rng, 4, DIGITS)
    return (
        "From: tawk.to <noreply@tawk.to>\nTo: support@shop.example\n"
        f"Subject: Chat transcript with Visitor {visitor}\n\n"
        "Property: Shop Help Centre\nStarted: Nov 26, 2026 10:01:44 AM\n\n"
        "[10:01] Visitor: hi, the stock sync stopped again\n[10:02] Mia (Support): Can you send the API token "
        "from Settings > Integrations?\n"
        f"[10:02] Visitor: here's the {var}: {value}\n"
        "[10:03] Mia (Support): Thanks, please revoke it once we're done.\n"
    ), value


def livechat_transcript_txt(rng: random.Random, var: str, value: str) -> Place:
    chat = s(rng, 10, UPPER + DIGITS)
    return (
        f"Chat transcript (LiveChat), chat ID {chat}\nGroup: Integrations\n\n"
        "2026-11-25 16:40:52 Agent (Jonas): Which token does the importer use?\n"
        f"2026-11-25 16:41:09 Customer (Tom Berger): the {var} in our config is {value}\n"
        "2026-11-25 16:41:40 Agent (Jonas): Got it, I see 401s for it since Monday.\n"
    ), value


def imessage_exporter_txt(rng: random.Random, var: str, value: str) -> Place:
    phone = s(rng, 7, DIGITS)
    return (
        f"$ cat ~/imessage_export/+1555{phone}.txt\n"
        f"Nov 26, 2026  8:14:02 PM\n+1555{phone}\n"
        f"the alarm company changed it, new {var} for the camera app: {value}\n\n"
        "Nov 26, 2026  8:15:40 PM\nMe\nthanks, saved it\n"
    ), value


def threema_chat_export_txt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "messages-Lena Hoffmann.txt (Threema chat export)\n"
        "[26/11/2026, 19:58] Lena Hoffmann: are you at the studio tomorrow?\n"
        "[26/11/2026, 20:01] Me: yes, from 9\n"
        f"[26/11/2026, 20:02] Lena Hoffmann: the NAS {var} is {value}\n"
    ), value


def powershell_scriptblock_4104_event_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\> Get-WinEvent -FilterHashtable @{LogName='Microsoft-Windows-PowerShell/Operational'; Id=4104} "
        "-MaxEvents 1 | ForEach-Object { $_.ToXml() }\n"
        "<Event xmlns='http://schemas.microsoft.com/win/2004/08/events/event'><System><Provider "
        "Name='Microsoft-Windows-PowerShell'/><EventID>4104</EventID><Level>5</Level><Computer>SQL02.corp.example"
        "</Computer></System><EventData><Data Name='MessageNumber'>1</Data><Data Name='MessageTotal'>1</Data>"
        "<Data Name='ScriptBlockText'>$cred = New-Object PSCredential('CORP\\svc_sql', "
        f"(ConvertTo-SecureString '{value}' -AsPlainText -Force))</Data></EventData></Event>\n"
    ), value


def powershell_transcript_file(rng: random.Random, var: str, value: str) -> Place:
    stamp = "20261126" + s(rng, 6, DIGITS)
    return (
        "**********************\nWindows PowerShell transcript start\n"
        f"Start time: {stamp}\nUsername: CORP\\adm-jlee\nMachine: MGMT01 (Microsoft Windows NT 10.0.20348.0)\n"
        "**********************\n"
        "PS C:\\Users\\adm-jlee> Set-ADAccountPassword -Identity svc_print -Reset -NewPassword "
        f'(ConvertTo-SecureString -AsPlainText "{value}" -Force)\n'
        "PS C:\\Users\\adm-jlee> Unlock-ADAccount svc_print\n"
    ), value


def journalctl_o_json_message(rng: random.Random, var: str, value: str) -> Place:
    entry = {
        "__REALTIME_TIMESTAMP": "1764233402" + s(rng, 6, DIGITS),
        "_HOSTNAME": "app03",
        "_SYSTEMD_UNIT": "orders-api.service",
        "SYSLOG_IDENTIFIER": "orders-api",
        "PRIORITY": "6",
        "MESSAGE": f"connecting to postgresql://orders:{value}@pg01.corp.example:5432/orders",
        "_PID": s(rng, 4, DIGITS),
    }
    return "$ journalctl -u orders-api -o json -n 1\n" + json.dumps(entry) + "\n", value


def journalctl_o_export_fields(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ journalctl -u billing-worker -o export -n 1\n"
        f"__CURSOR=s={s(rng, 32, HEX)};i=3f1a2\n__REALTIME_TIMESTAMP=1764233417{s(rng, 6, DIGITS)}\n"
        "_HOSTNAME=app04\n_SYSTEMD_UNIT=billing-worker.service\nSYSLOG_IDENTIFIER=billing-worker\n"
        f"MESSAGE=starting with {var}=mysql://billing:{value}@db02.corp.example:3306/billing\n"
    ), value


def sourcehut_build_manifest_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .build.yml (builds.sr.ht)\nimage: alpine/3.20\npackages:\n  - lftp\n  - hugo\nenvironment:\n"
        "  DEPLOY_HOST: www.corp.example\n  DEPLOY_USER: site\n"
        f"  {var}: {value}\n"
        "tasks:\n  - build: |\n      cd site && hugo --minify\n  - deploy: |\n"
        '      lftp -u "$DEPLOY_USER,$DEPLOY_PASSWORD" "sftp://$DEPLOY_HOST" '
        '-e "mirror -R site/public /var/www; quit"\n'
    ), value


def laminar_job_env_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "laminar@ci01:~$ cat /var/lib/laminar/cfg/jobs/publish-docs.env\nDEPLOY_HOST=docs.corp.example\n"
        "DEPLOY_USER=docs\n"
        f"{var}={value}\n"
        "laminar@ci01:~$ laminarc queue publish-docs\npublish-docs:214\n"
    ), value


def databricks_notebook_source_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Databricks notebook source\n# MAGIC %md\n# MAGIC ## Supplier invoices from the ERP replica\n\n"
        "# COMMAND ----------\n\n"
        'jdbc_url = "jdbc:sqlserver://erp-replica.corp.example:1433;databaseName=ERP"\n'
        'df = (spark.read.format("jdbc")\n      .option("url", jdbc_url)\n      .option("user", "bi_reader")\n'
        f'      .option("{var}", "{value}")\n'
        '      .option("dbtable", "dbo.SupplierInvoices")\n      .load())\n\n# COMMAND ----------\n\n'
        "display(df.limit(20))\n"
    ), value


def observable_framework_data_loader(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/data/daily-orders.csv.js: an Observable Framework data loader, run when the site is built\n"
        'import postgres from "postgres";\nimport {csvFormat} from "d3-dsv";\n\n'
        'const sql = postgres({host: "pg-ro.corp.example", database: "orders", username: "dash", '
        f'{var}: "{value}"}});\n'
        "const rows = await sql`SELECT day, total FROM daily_orders ORDER BY day`;\n"
        "process.stdout.write(csvFormat(rows));\nawait sql.end();\n"
    ), value


def ltrace_strcmp_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ltrace -e strcmp+strlen ./label-printer-admin --unlock\n"
        'label-printer-admin->strlen("letmein") = 7\n'
        f'label-printer-admin->strcmp("letmein", "{value}") = -1\n'
        "Wrong service password.\n+++ exited (status 1) +++\n"
    ), value


def bpftrace_bashreadline_output(rng: random.Random, var: str, value: str) -> Place:
    pid = s(rng, 5, DIGITS)
    return (
        "# bpftrace /usr/share/bpftrace/tools/bashreadline.bt\nAttaching 2 probes...\n"
        "Tracing bash commands... Hit Ctrl-C to end.\nTIME      PID    COMMAND\n"
        f"09:14:02  {pid}  cd /srv/app\n"
        f"09:14:09  {pid}  mysql -u deploy -p{value} orders\n"
        f"09:14:31  {pid}  exit\n"
    ), value


def tcpdump_ascii_http_post_form(rng: random.Random, var: str, value: str) -> Place:
    body = f"username=jdoe&password={value}"
    return (
        "# tcpdump -i eth0 -A -s0 'tcp port 80 and host 10.0.3.15'\n"
        f"10:41:07.118204 IP 10.0.3.22.51544 > 10.0.3.15.80: Flags [P.], seq 1:{260 + len(body)}, ack 1, win 502, "
        f"length {259 + len(body)}\nE..K..@.@.......\nPOST /login HTTP/1.1\nHost: intranet.corp.example\n"
        "User-Agent: curl/8.5.0\nContent-Type: application/x-www-form-urlencoded\n"
        f"Content-Length: {len(body)}\n\n{body}\n"
    ), value


def ngrep_pop3_pass_command(rng: random.Random, var: str, value: str) -> Place:
    port = s(rng, 5, "123456789")
    return (
        "# ngrep -d eth0 -q -W byline port 110\ninterface: eth0 (10.0.2.0/255.255.255.0)\n"
        "filter: ( port 110 ) and ((ip || ip6) || (vlan && (ip || ip6)))\n\n"
        f"T 10.0.2.41:{port} -> 10.0.2.5:110 [AP] #7\nUSER scanner@corp.example.\n\n"
        f"T 10.0.2.41:{port} -> 10.0.2.5:110 [AP] #9\nPASS {value}.\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        servicenow_incident_json_work_notes,
        zendesk_ticket_comments_json,
        tawkto_transcript_email,
        livechat_transcript_txt,
        imessage_exporter_txt,
        threema_chat_export_txt,
        powershell_scriptblock_4104_event_xml,
        powershell_transcript_file,
        journalctl_o_json_message,
        journalctl_o_export_fields,
        sourcehut_build_manifest_environment,
        laminar_job_env_file,
        databricks_notebook_source_py,
        observable_framework_data_loader,
        ltrace_strcmp_password,
        bpftrace_bashreadline_output,
        tcpdump_ascii_http_post_form,
        ngrep_pop3_pass_command,
    )
}
