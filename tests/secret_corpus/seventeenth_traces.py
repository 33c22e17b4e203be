"""Where the seventeenth held-out part (seventeenth.py) shows generic secrets that logs, exports, histories, phones,
routers, switches and signing setups hold: a Secret's password in a Kubernetes audit event (the audit log's JSON
line, the same line queried from Loki with ``logcli``), a password in a network device's command log (a Cisco
``CFGLOG_LOGGEDCMD`` syslog line, a Junos ``UI_CMDLINE_READ_LINE``), a password in a logged query string (an IIS W3C
log, a Tomcat access log), an initial password in a bulk user import (a Google Workspace upload CSV, a CSV fed to
``New-ADUser``), a database password in a client's history (``~/.mysql_history``, ``~/.psql_history``), a key in a
REPL's history (``~/.python_history``, ``~/.node_repl_history``), FreeSWITCH's event socket password
(``event_socket.conf.xml``, ``fs_cli -p``), a desk phone's SIP password (a Yealink ``<mac>.cfg``, a Grandstream
``P34``), a PPPoE password (DD-WRT's ``nvram``, VyOS commands), a TACACS+ key (``tac_plus.conf``, IOS) and a PGP
signing key in base64 longer than a stream's window (``woodpecker-cli``, the CircleCI contexts API). Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s, uuid4


def _audit_event(rng: random.Random, value: str) -> str:
    """A Kubernetes audit event at ``RequestResponse`` level for a Secret's creation, as one JSON line."""
    return json.dumps(
        {
            "kind": "Event", "apiVersion": "audit.k8s.io/v1", "level": "RequestResponse", "auditID": uuid4(rng),
            "stage": "ResponseComplete", "requestURI": "/api/v1/namespaces/billing/secrets?fieldManager=kubectl-create",
            "verb": "create",
            "user": {"username": "oidc:lena@acme.dev", "groups": ["platform", "system:authenticated"]},
            "sourceIPs": ["10.40.3.17"], "userAgent": "kubectl/v1.31.2 (linux/amd64) kubernetes/5864a46",
            "objectRef": {"resource": "secrets", "namespace": "billing", "name": "ledger-db", "apiVersion": "v1"},
            "requestObject": {
                "kind": "Secret", "apiVersion": "v1", "metadata": {"name": "ledger-db", "namespace": "billing"},
                "stringData": {"username": "ledger", "password": value}, "type": "Opaque",
            },
            "responseStatus": {"metadata": {}, "code": 201},
            "requestReceivedTimestamp": "2026-11-28T09:41:07.118204Z",
            "stageTimestamp": "2026-11-28T09:41:07.131577Z",
        },
        separators=(",", ":"),
    )  # fmt: skip


def k8s_audit_log_request_object_jsonl(rng: random.Random, var: str, value: str) -> Place:
    return ("$ sudo tail -n 1 /var/log/kubernetes/audit/audit.log\n" + _audit_event(rng, value) + "\n"), value


def loki_logcli_query_audit_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ logcli query --limit 1 \'{job="kube-apiserver-audit"} |= `"resource":"secrets"` |= `"verb":"create"`\'\n'
        "2026/11/28 10:02:44 https://loki.acme.internal/loki/api/v1/query_range?direction=BACKWARD&limit=1\n"
        '2026-11-28T09:41:07Z {cluster="prod-eu", job="kube-apiserver-audit"} ' + _audit_event(rng, value) + "\n"
    ), value


def cisco_parser_cfglog_syslog(rng: random.Random, var: str, value: str) -> Place:
    seq = rng.randint(100000, 999999)
    return (
        "Nov 28 09:14:22 10.0.0.2 " + str(seq) + ": core-sw1: Nov 28 09:14:21.512 UTC: "
        "%PARSER-5-CFGLOG_LOGGEDCMD: User:netadmin  logged command:username backup privilege 15 secret 0 "
        f"{value}\n"
        "Nov 28 09:14:25 10.0.0.2 " + str(seq + 1) + ": core-sw1: Nov 28 09:14:24.880 UTC: "
        "%SYS-5-CONFIG_I: Configured from console by netadmin on vty0 (10.9.8.7)\n"
    ), value


def junos_ui_cmdline_syslog(rng: random.Random, var: str, value: str) -> Place:
    pid = rng.randint(2000, 60000)
    return (
        f"Nov 28 10:02:11  edge-r1 mgd[{pid}]: UI_CMDLINE_READ_LINE: User 'netadmin', command 'set system login user "
        f"backup class super-user authentication plain-text-password-value {value} '\n"
        f"Nov 28 10:02:19  edge-r1 mgd[{pid}]: UI_COMMIT: User 'netadmin' requested 'commit' operation "
        "(comment: none)\n"
    ), value


def iis_w3c_u_ex_log_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#Software: Microsoft Internet Information Services 10.0\n#Version: 1.0\n#Date: 2026-11-28 08:00:01\n"
        "#Fields: date time s-ip cs-method cs-uri-stem cs-uri-query s-port cs-username c-ip cs(User-Agent) "
        "sc-status sc-substatus sc-win32-status time-taken\n"
        f"2026-11-28 08:14:02 10.1.2.30 GET /intranet/login.asp user=jweber&password={value} 443 - 10.9.8.71 "
        "Mozilla/5.0+(Windows+NT+10.0;+Win64;+x64) 302 0 0 31\n"
    ), value


def tomcat_localhost_access_log_query(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ grep export.jsp /opt/tomcat/logs/localhost_access_log.2026-11-28.txt | tail -n 2\n"
        '10.9.8.71 - - [28/Nov/2026:09:12:44 +0100] "GET /reports/export.jsp?user=reporting&password='
        f'{value}&fmt=csv HTTP/1.1" 200 48213\n'
        '10.9.8.71 - - [28/Nov/2026:09:12:45 +0100] "GET /reports/static/app.css HTTP/1.1" 304 -\n'
    ), value


def gworkspace_users_upload_csv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "First Name [Required],Last Name [Required],Email Address [Required],Password [Required],"
        "Password Hash Function [UPLOAD ONLY],Org Unit Path [Required],Change Password at Next Sign-In\n"
        f"Jonas,Weber,jonas.weber@acme.dev,{value},,/Staff/Engineering,TRUE\n"
    ), value


def ad_new_aduser_import_csv_ps1(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\onboarding> Get-Content .\\new-hires.csv\nSamAccountName,GivenName,Surname,Department,InitialPassword\n"
        f"lmeyer,Lena,Meyer,Finance,{value}\n\n"
        "PS C:\\onboarding> Import-Csv .\\new-hires.csv | ForEach-Object {\n"
        '>>   New-ADUser -Name "$($_.GivenName) $($_.Surname)" -SamAccountName $_.SamAccountName `\n'
        ">>     -AccountPassword (ConvertTo-SecureString $_.InitialPassword -AsPlainText -Force) `\n"
        ">>     -ChangePasswordAtLogon $true -Enabled $true }\n"
    ), value


def mysql_history_alter_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tail -n 4 ~/.mysql_history\nSHOW\\040DATABASES;\n"
        f"CREATE\\040USER\\040'reporting'@'10.%'\\040IDENTIFIED\\040BY\\040'{value}';\n"
        "GRANT\\040SELECT\\040ON\\040shop.*\\040TO\\040'reporting'@'10.%';\nFLUSH\\040PRIVILEGES;\n"
    ), value


def psql_history_alter_role(rng: random.Random, var: str, value: str) -> Place:
    return (f"$ tail -n 3 ~/.psql_history\n\\du\nALTER ROLE app_rw WITH LOGIN PASSWORD '{value}';\n\\q\n"), value


def python_repl_history_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tail -n 4 ~/.python_history\nimport requests\n"
        f"API_SECRET = '{value}'\n"
        "r = requests.get('https://jobs.acme.internal/v1/queue', headers={'X-Api-Secret': API_SECRET})\n"
        "r.json()['pending']\n"
    ), value


def node_repl_history_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ head -n 3 ~/.node_repl_history\nawait client.listJobs({ state: 'failed' })\n"
        f"const client = new JobsClient({{ baseUrl: 'https://jobs.acme.internal', secret: '{value}' }})\n"
        "const { JobsClient } = require('./lib/jobs-client')\n"
    ), value


def freeswitch_event_socket_conf_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /etc/freeswitch/autoload_configs/event_socket.conf.xml -->\n"
        '<configuration name="event_socket.conf" description="Socket Client">\n  <settings>\n'
        '    <param name="nat-map" value="false"/>\n    <param name="listen-ip" value="0.0.0.0"/>\n'
        '    <param name="listen-port" value="8021"/>\n'
        f'    <param name="password" value="{value}"/>\n'
        '    <param name="apply-inbound-acl" value="lan"/>\n  </settings>\n</configuration>\n'
    ), value


def fs_cli_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ fs_cli -H 10.0.5.20 -P 8021 -p '{value}' -x 'show registrations'\n"
        "reg_user,realm,token,url,expires,network_ip,network_port,network_proto,hostname,metadata\n"
        "1001,10.0.5.20," + s(rng, 32, HEX) + ",sofia/internal/sip:1001@10.0.5.61:5060,1764323461,10.0.5.61,5060,"
        "udp,pbx-01,\n\n1 total.\n"
    ), value


def yealink_mac_cfg_account_password(rng: random.Random, var: str, value: str) -> Place:
    mac = "805ec0" + s(rng, 6, HEX)
    return (
        f"#!version:1.0.0.1\n## /srv/tftp/{mac}.cfg (T54W, reception)\n"
        "account.1.enable = 1\naccount.1.label = Reception\naccount.1.display_name = Reception\n"
        "account.1.auth_name = 214\naccount.1.user_name = 214\n"
        f"account.1.password = {value}\n"
        "account.1.sip_server.1.address = pbx.acme.internal\naccount.1.sip_server.1.port = 5060\n"
    ), value


def grandstream_config_xml_p34(rng: random.Random, var: str, value: str) -> Place:
    mac = "000b82" + s(rng, 6, HEX)
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<!-- cfg{mac}.xml -->\n<gs_provision version="1">\n'
        f'  <mac>{mac}</mac>\n  <config version="1">\n'
        "    <P270>Warehouse</P270>\n    <P47>pbx.acme.internal</P47>\n    <P35>231</P35>\n    <P36>231</P36>\n"
        f"    <P34>{value}</P34>\n"
        "    <P3>Warehouse</P3>\n  </config>\n</gs_provision>\n"
    ), value


def ddwrt_nvram_pppoe_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@DD-WRT:~# nvram show 2>/dev/null | grep '^ppp_'\n"
        "ppp_username=h" + s(rng, 7, DIGITS) + "@dsl.example-isp.net\n"
        f"ppp_passwd={value}\n"
        "ppp_service=\nppp_mtu=1492\nppp_idletime=5\n"
    ), value


def vyos_pppoe_authentication_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "vyos@edge:~$ show configuration commands | match pppoe0\n"
        "set interfaces pppoe pppoe0 authentication username 'h" + s(rng, 7, DIGITS) + "@dsl.example-isp.net'\n"
        f"set interfaces pppoe pppoe0 authentication password '{value}'\n"
        "set interfaces pppoe pppoe0 mtu '1492'\nset interfaces pppoe pppoe0 source-interface 'eth0'\n"
    ), value


def tac_plus_conf_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/tacacs+/tac_plus.conf\n"
        f'key = "{value}"\n\n'
        "accounting file = /var/log/tac_plus.acct\n\n"
        "group = netadmins {\n    default service = permit\n    service = exec {\n        priv-lvl = 15\n"
        "    }\n}\n\nuser = lena {\n    member = netadmins\n    login = PAM\n}\n"
    ), value


def ios_tacacs_server_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "core-sw1#show running-config | section tacacs\n"
        f"tacacs server TAC1\n address ipv4 10.0.0.40\n key 0 {value}\n"
        "aaa group server tacacs+ TACGRP\n server name TAC1\n ip tacacs source-interface Vlan10\n"
    ), value


def woodpecker_cli_secret_add_pgp_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ woodpecker-cli repo secret add --repository acme/scala-json \\\n"
        f'    --name pgp_secret --event tag --value "{value}"\n'
        "$ woodpecker-cli repo secret ls --repository acme/scala-json\npgp_secret\n  Events: tag\n"
    ), value


def circleci_context_env_var_put_pgp_secret(rng: random.Random, var: str, value: str) -> Place:
    context = uuid4(rng)
    return (
        f"$ curl -s -X PUT https://circleci.com/api/v2/context/{context}/environment-variable/PGP_SECRET \\\n"
        '    -H "Circle-Token: $CIRCLE_TOKEN" -H "Content-Type: application/json" \\\n'
        f'    -d \'{{"value":"{value}"}}\'\n'
        '{"variable":"PGP_SECRET","created_at":"2026-11-28T10:21:09.114Z","context_id":"' + context + '"}\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        k8s_audit_log_request_object_jsonl, loki_logcli_query_audit_output, cisco_parser_cfglog_syslog,
        junos_ui_cmdline_syslog, iis_w3c_u_ex_log_line, tomcat_localhost_access_log_query, gworkspace_users_upload_csv,
        ad_new_aduser_import_csv_ps1, mysql_history_alter_user, psql_history_alter_role, python_repl_history_file,
        node_repl_history_file, freeswitch_event_socket_conf_xml, fs_cli_password_flag,
        yealink_mac_cfg_account_password, grandstream_config_xml_p34, ddwrt_nvram_pppoe_passwd,
        vyos_pppoe_authentication_password, tac_plus_conf_key, ios_tacacs_server_key,
        woodpecker_cli_secret_add_pgp_secret, circleci_context_env_var_put_pgp_secret,
    )
}  # fmt: skip
