"""Where the twenty-eighth held-out part (twentyeighth.py) shows its vendors' secrets: surroundings none of the
other parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: service managers' ways of handing a daemon a setting (illumos SMF's
``svccfg setenv``, FreeBSD's ``sysrc`` of a service's ``_env``, an OpenWrt procd init script's ``procd_set_param
env``, s6-overlay's container environment directory, a daemontools ``envdir`` file, a Windows service's
``Environment`` value in the registry). Places of one vendor follow, each named for it: its API called from a
scientific or statistical language, a database's own HTTP package, a mainframe or legacy language, a small scripting
language, a device's or a network appliance's configuration, a data workflow tool or a desktop's keychain no other
part has (Fortran's ``execute_command_line``, a COBOL program, a z/OS REXX exec, Oracle's ``UTL_HTTP``, a Stata
do-file, Elvish's ``rc.elv``, an Apple Shortcut, Oracle APEX's ``apex_web_service``, GNU Octave's ``weboptions``,
Scilab's ``http_get``, SPSS's ``BEGIN PROGRAM``, a JMP script, Janet, Fennel, Rebol, LOVE's Lua, ESPEasy's rules, an
EdgeOS task, a FortiOS automation action, a PAN-OS HTTP server profile, a KNIME node's settings, macOS's ``security``
and an Alteryx workflow)."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import HEX, s


def smf_svccfg_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@omni01:~# svccfg -s svc:/application/crm-sync:default setenv "
        f"{var} {value}\n"
        "root@omni01:~# svcadm refresh crm-sync && svcadm restart crm-sync\n"
        "root@omni01:~# svcs crm-sync\nSTATE          STIME    FMRI\n"
        "online         10:14:02 svc:/application/crm-sync:default\n"
    ), value


def sysrc_rc_conf_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'root@bsd03:~ # sysrc crmsync_env="{var}={value} CRM_REGION=eu"\n'
        f"crmsync_env:  -> {var}={value} CRM_REGION=eu\n"
        "root@bsd03:~ # service crmsync restart\nStopping crmsync.\nStarting crmsync.\n"
    ), value


def procd_init_set_param_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh /etc/rc.common\n# /etc/init.d/crm-relay (OpenWrt)\nUSE_PROCD=1\nSTART=95\n\nstart_service() {\n"
        "\tprocd_open_instance\n\tprocd_set_param command /usr/bin/crm-relay --queue /tmp/crm\n"
        f"\tprocd_set_param env {var}={value}\n"
        "\tprocd_set_param respawn\n\tprocd_close_instance\n}\n"
    ), value


def s6_overlay_container_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@crm-sync:/# ls /run/s6/container_environment/\nCRM_REGION  HOME  PATH  " + var + "\n"
        f"root@crm-sync:/# cat /run/s6/container_environment/{var}; echo\n{value}\n"
        "root@crm-sync:/# cat /etc/s6-overlay/s6-rc.d/crm-sync/run\n#!/command/with-contenv sh\nexec crm-sync\n"
    ), value


def daemontools_envdir_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ls /service/crmsync/env\nCRM_REGION  " + var + "\n"
        f"$ head /service/crmsync/env/*\n==> /service/crmsync/env/CRM_REGION <==\neu\n\n"
        f"==> /service/crmsync/env/{var} <==\n{value}\n"
        "$ cat /service/crmsync/run\n#!/bin/sh\nexec envdir ./env setuidgid crm /usr/local/bin/crmsync\n"
    ), value


def windows_service_registry_environment(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\> reg query HKLM\\SYSTEM\\CurrentControlSet\\Services\\CrmSync /v Environment\n\n"
        "HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Services\\CrmSync\n"
        f"    Environment    REG_MULTI_SZ    CRM_REGION=eu\\0{var}={value}\\0LOG_DIR=D:\\logs\\crm\n\n"
    ), value


SHARED = (
    smf_svccfg_setenv,
    sysrc_rc_conf_env,
    procd_init_set_param_env,
    s6_overlay_container_environment,
    daemontools_envdir_file,
    windows_service_registry_environment,
)


# -- places of one vendor: its API called from scientific, legacy and small languages, devices and appliances ... --


def captaindata_fortran_execute_command_line(rng: random.Random, var: str, value: str) -> Place:
    project = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}"
    return (
        "! src/fetch_leads.f90 (gfortran)\nprogram fetch_leads\n  implicit none\n  integer :: rc\n"
        "  call execute_command_line('curl -s -o leads.json ' // &\n"
        f"    '-H \"x-api-key: {value}\" ' // &\n"
        f"    'https://api.captaindata.co/v2/{project}/jobs', exitstat=rc)\n"
        "  if (rc /= 0) stop 1\nend program fetch_leads\n"
    ), value


def cliengo_cobol_working_storage(rng: random.Random, var: str, value: str) -> Place:
    return (
        "      * LEADPUSH.cbl (GnuCOBOL)\n       IDENTIFICATION DIVISION.\n       PROGRAM-ID. LEADPUSH.\n"
        "       DATA DIVISION.\n       WORKING-STORAGE SECTION.\n"
        "       01 WS-URL PIC X(120) VALUE\n"
        "           'https://api.cliengo.com/1.0/account?api_key=\n"
        f"      -    '{value}'.\n"
        "       PROCEDURE DIVISION.\n           CALL 'SYSTEM' USING WS-CMD.\n           STOP RUN.\n"
    ), value


def clientary_zos_rexx_exec(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* REXX  OPS.EXEC(INVPULL) - pull open invoices from Clientary */\n"
        "account = 'acme-billing'\n"
        f"key = '{value}'\n"
        "cmd = 'curl -s -u' key':'key 'https://'account'.clientary.com/api/v2/invoices'\n"
        "address syscall 'pipe p.'\nrc = bpxwunix(cmd,,out.,err.)\n"
        "say 'Invoices:' out.0\nexit rc\n"
    ), value


def demio_plsql_utl_http(rng: random.Random, var: str, value: str) -> Place:
    secret = s(rng, 16, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    return (
        "-- webinar_sync.pkb\nCREATE OR REPLACE PROCEDURE webinar_sync IS\n  req  UTL_HTTP.req;\n"
        "  resp UTL_HTTP.resp;\nBEGIN\n  req := UTL_HTTP.begin_request('https://my.demio.com/api/v1/events', 'GET');\n"
        f"  UTL_HTTP.set_header(req, 'Api-Key', '{value}');\n"
        f"  UTL_HTTP.set_header(req, 'Api-Secret', '{secret}');\n"
        "  resp := UTL_HTTP.get_response(req);\n  UTL_HTTP.end_response(resp);\nEND;\n/\n"
    ), value


def documo_stata_do_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        '* faxlog.do (Stata 18)\nclear all\nlocal url "https://api.documo.com/v1/fax/history?limit=500"\n'
        f'local auth "Basic {value}"\n'
        'shell curl -s -H "Authorization: `auth\'" "`url\'" -o faxlog.json\n'
        "import delimited using faxlog.csv, clear\ntabulate status\n"
    ), value


def flowdash_elvish_rc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/elvish/rc.elv\nuse str\nset paths = [~/bin /usr/local/bin $@paths]\n"
        f"set-env FLOWDASH_TOKEN {value}\n"
        "fn tasks {|| curl -s -H 'Authorization: Bearer '$E:FLOWDASH_TOKEN "
        "https://app.flowdash.com/api/v1/workspace }\n"
    ), value


def gocanvas_apple_shortcut_plist(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ plutil -p 'Inspection Sync.shortcut.plist' | sed -n '12,24p'\n"
        '        "WFHTTPMethod" => "GET"\n'
        '        "WFURL" => "https://www.gocanvas.com/apiv2/forms.xml?username=field.ops@acme.example"\n'
        '        "WFHTTPHeaders" => {\n          "Value" => {\n            "WFDictionaryFieldValueItems" => [\n'
        '              0 => {\n                "WFKey" => "Authorization"\n'
        f'                "WFValue" => "Bearer {value}"\n'
        "              }\n            ]\n          }\n        }\n"
    ), value


def juro_oracle_apex_web_service(rng: random.Random, var: str, value: str) -> Place:
    return (
        '-- APEX application 112, page 8 process "Fetch contract templates"\n'
        "apex_web_service.g_request_headers.delete();\n"
        "apex_web_service.g_request_headers(1).name  := 'x-api-key';\n"
        f"apex_web_service.g_request_headers(1).value := '{value}';\n"
        "l_clob := apex_web_service.make_rest_request(\n    p_url         => 'https://api.juro.com/v3/templates',\n"
        "    p_http_method => 'GET');\n"
    ), value


def liveagent_octave_weboptions(rng: random.Random, var: str, value: str) -> Place:
    return (
        ">> % tickets_per_hour.m (GNU Octave 9)\n"
        f">> opts = weboptions('HeaderFields', {{'apikey', '{value}'}}, 'Timeout', 20);\n"
        ">> t = webread('https://acme.ladesk.com/api/v3/tickets?_perPage=500', opts);\n"
        ">> numel(t)\nans = 412\n"
    ), value


def myintervals_scilab_http_get(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// hours_report.sce (Scilab 2024.1)\n"
        f'[res, status] = http_get("https://api.myintervals.com/time/?datebegin=2026-11-01", auth="{value}:X");\n'
        'if status <> 200 then error("Intervals: " + string(status)); end\n'
        'hours = sum(res.time.time);\nmprintf("%.1f hours logged\\n", hours);\n'
    ), value


def onedesk_spss_begin_program(rng: random.Random, var: str, value: str) -> Place:
    return (
        "* tickets_export.sps (SPSS Statistics 29).\nBEGIN PROGRAM PYTHON3.\nimport requests, spss\n"
        "session = requests.post('https://app.onedesk.com/rest/2.0/login/loginUser',\n"
        f"    json={{'email': 'reports@acme.example', 'password': '{value}'}}).json()\n"
        "spss.Submit('GET DATA /TYPE=TXT /FILE=\"tickets.csv\".')\nEND PROGRAM.\n"
    ), value


def parseur_jmp_jsl_http_request(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Parsed Invoices.jsl (JMP 18)\nrequest = New HTTP Request(\n"
        '\tURL( "https://api.parseur.com/parser/48213/document_set" ),\n\tMethod( "GET" ),\n'
        f'\tHeaders( {{"Authorization: Token {value}"}} )\n);\n'
        "json = request << Send;\ndt = JSON To Data Table( json );\n"
    ), value


def paydirtapp_janet_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/unbilled.janet\n(import sh)\n"
        f'(def api-key "{value}")\n'
        '(def body (sh/$< curl -s (string "https://paydirtapp.com/api/v1/clients?api_key=" api-key)))\n'
        '(print (length (json/decode body)) " clients")\n'
    ), value


def prospectcrm_fennel_module(rng: random.Random, var: str, value: str) -> Place:
    return (
        ";; fnl/contacts.fnl (Fennel)\n(local http (require :socket.http))\n(local ltn12 (require :ltn12))\n"
        f'(local token "{value}")\n'
        '(fn fetch []\n  (let [out []]\n    (http.request {:url "https://api-batch-v1.prospect365.com/Contacts"\n'
        '                   :headers {:Authorization (.. "Bearer " token)}\n'
        "                   :sink (ltn12.sink.table out)})\n    (table.concat out)))\n{: fetch}\n"
    ), value


def revampcrm_rebol_read_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        'REBOL [Title: "RevampCRM who-am-i" File: %whoami.r3]\n'
        'user: "ops@acme.example"\n'
        f'token: "{value}"\n'
        "print read/custom https://app.revampcrm.com/api/1.0/User/WhoAmI compose/deep [\n"
        '    GET [Authorization: (join "Basic " enbase join user [":" token])]\n]\n'
    ), value


def salesblink_love2d_https(rng: random.Random, var: str, value: str) -> Place:
    return (
        '-- main.lua (LOVE 12, the sales floor\'s leaderboard screen)\nlocal https = require("https")\n\n'
        'function love.load()\n  local code, body = https.request("https://run.salesblink.io/api/public/lists", {\n'
        f'    headers = {{ Authorization = "{value}" }},\n'
        "  })\n  lists = body\nend\n"
    ), value


def simplesat_espeasy_rules(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// ESPEasy Rules Set 1 (kiosk satisfaction buttons)\nOn Button#Happy do\n"
        "  PostToHTTP api.simplesat.io,443,/api/answers/,'Content-Type: application/json"
        f"%CR%%LF%X-Simplesat-Token: {value}','{{\"rating\":5}}'\n"
        "endon\n"
    ), value


def simvoly_edgeos_task_scheduler(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ubnt@edge-shop:~$ show configuration commands | match task\n"
        "set system task-scheduler task member-sync executable path /config/scripts/member-sync.sh\n"
        "set system task-scheduler task member-sync interval 1h\n"
        "ubnt@edge-shop:~$ cat /config/scripts/member-sync.sh\n#!/bin/vbash\n"
        f"curl -s -H 'Authorization: Bearer {value}' https://shop.simvoly.com/api/site/members > /tmp/members.json\n"
    ), value


def surveyanyplace_fortios_automation_action(rng: random.Random, var: str, value: str) -> Place:
    survey = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}"
    return (
        "FGT-HQ # show system automation-action guest-survey\nconfig system automation-action\n"
        '    edit "guest-survey"\n        set action-type webhook\n        set protocol https\n'
        f'        set uri "api.surveyanyplace.com/v1/surveys/{survey}/accesscodes"\n'
        "        set method post\n        config http-headers\n            edit 1\n"
        '                set key "Authorization"\n'
        f'                set value "API {value}"\n'
        "            next\n        end\n    next\nend\n"
    ), value


def tefter_panos_http_server_profile(rng: random.Random, var: str, value: str) -> Place:
    return (
        "admin@PA-3220> show config running xpath shared/server-profile/http/entry[@name='bookmarks']\n"
        '<entry name="bookmarks">\n  <server>\n    <entry name="tefter">\n      <address>www.tefter.io</address>\n'
        "      <protocol>HTTPS</protocol>\n      <port>443</port>\n    </entry>\n  </server>\n"
        '  <format>\n    <url>\n      <headers>\n        <entry name="X-User-Token">\n'
        f"          <value>{value}</value>\n"
        "        </entry>\n      </headers>\n    </url>\n  </format>\n</entry>\n"
    ), value


def workstack_knime_get_request_settings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- workflows/Team load/GET Request (#7)/settings.xml (KNIME) -->\n"
        '<config xmlns="http://www.knime.org/2008/09/XMLConfig" key="settings.xml">\n'
        '  <config key="model">\n'
        f'    <entry key="Constant URI" type="xstring" value="https://app.workstack.io/api/team?api_token={value}"/>\n'
        '    <entry key="Timeout" type="xint" value="30"/>\n  </config>\n</config>\n'
    ), value


def zipbooks_macos_security_find_internet_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ security find-internet-password -s api.zipbooks.com -g\n"
        'keychain: "/Users/ana/Library/Keychains/login.keychain-db"\nversion: 512\nclass: "inet"\nattributes:\n'
        '    "acct"<blob>="books@acme.example"\n    "srvr"<blob>="api.zipbooks.com"\n    "ptcl"<uint32>="htps"\n'
        f'password: "{value}"\n'
    ), value


def mrticktock_alteryx_download_tool(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- Timesheets.yxmd, ToolID 4 (Download) -->\n<Configuration>\n"
        "  <URLField>url</URLField>\n  <Method>POST</Method>\n  <Payload>\n"
        "    <QueryStringBodyMode>Compose</QueryStringBodyMode>\n"
        '    <Values>\n      <Value name="email">timesheets@acme.example</Value>\n'
        f'      <Value name="password">{value}</Value>\n'
        "    </Values>\n  </Payload>\n</Configuration>\n"
    ), value


ONE_VENDOR = (
    captaindata_fortran_execute_command_line,
    cliengo_cobol_working_storage,
    clientary_zos_rexx_exec,
    demio_plsql_utl_http,
    documo_stata_do_file,
    flowdash_elvish_rc,
    gocanvas_apple_shortcut_plist,
    juro_oracle_apex_web_service,
    liveagent_octave_weboptions,
    mrticktock_alteryx_download_tool,
    myintervals_scilab_http_get,
    onedesk_spss_begin_program,
    parseur_jmp_jsl_http_request,
    paydirtapp_janet_script,
    prospectcrm_fennel_module,
    revampcrm_rebol_read_header,
    salesblink_love2d_https,
    simplesat_espeasy_rules,
    simvoly_edgeos_task_scheduler,
    surveyanyplace_fortios_automation_action,
    tefter_panos_http_server_profile,
    workstack_knime_get_request_settings,
    zipbooks_macos_security_find_internet_password,
)
