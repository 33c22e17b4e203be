"""Where the twenty-seventh held-out part (twentyseventh.py) shows its vendors' secrets: surroundings none of the
other parts has. Each takes ``(rng, name, value)`` and gives ``(text, secret)``.

Places that name the vendor's variable: scientific computing's and HPC's ways of handing a job or a module a setting
(PBS's ``qsub -v``, an Lmod modulefile's ``setenv``, an HTCondor submit file's ``environment``, Flux's ``flux run
--env``, LSF's ``bsub -env``, an EasyBuild easyconfig's ``modextravars``). Places of one vendor follow, each named for
it: its API called from a telephony system, a home automation hub, an ERP, a healthcare integration engine, a
broadcast controller, a spreadsheet, a microcontroller's firmware, a crash report, a test fixture, an e-commerce
plugin's or a CMS's stored settings no other part has (Asterisk's dialplan ``CURL()``, a FreeSWITCH Lua script, an
Excel ``WEBSERVICE`` formula, FHEM's HTTPMOD, an openHAB rule, an ERPNext server script, an Odoo server action, a Mirth
channel's JavaScript writer, InterSystems IRIS's ``%Net.HttpRequest``, a vMix script, Bitfocus Companion's generic
HTTP action, MicroPython's ``urequests``, ESP-IDF's ``esp_http_client``, a Zephyr ``prj.conf``, a Node.js diagnostic
report, gdb's ``bt full``, a WireMock mapping, a Hurl file, a WooCommerce plugin's row in a ``wp_options`` dump, a
Drupal configuration export, Umbraco's ``appsettings.json``, a LibreOffice Basic macro and a Home Assistant REST
sensor)."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s

#: Flux's job identifiers (FLUIDs) in their base58 form
FLUID = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def qsub_v_variable_list(rng: random.Random, var: str, value: str) -> Place:
    job = s(rng, 7, DIGITS)
    return (
        "[ana@login01 crm-sync]$ qsub -q short -l select=1:ncpus=4:mem=8gb "
        f"-v {var}={value},BATCH_DAY=2026-11-28 sync_contacts.pbs\n"
        f"{job}.pbs01.hpc.acme.example\n[ana@login01 crm-sync]$ qstat -u ana\n"
    ), value


def lmod_modulefile_setenv(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- /apps/modulefiles/crm-tools/2.3.lua\n"
        'help([[CRM export tools for the research office]])\nwhatis("Version: 2.3")\n'
        'prepend_path("PATH", "/apps/crm-tools/2.3/bin")\n'
        f'setenv("{var}", "{value}")\n'
        'setenv("CRM_TOOLS_HOME", "/apps/crm-tools/2.3")\n'
    ), value


def condor_submit_environment_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# export_hours.sub (HTCondor)\nuniverse   = vanilla\nexecutable = export_hours.sh\n"
        f'environment = "{var}={value} EXPORT_DIR=/staging/ops"\n'
        "request_cpus = 1\nrequest_memory = 2GB\noutput = logs/$(Cluster).$(Process).out\n"
        "error = logs/$(Cluster).$(Process).err\nqueue 1\n"
    ), value


def flux_run_env_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"ana@tioga12:~/ops$ flux run -N1 -n1 --env={var}={value} python3 nightly_pull.py\n"
        "Pulled 412 records in 3.1 s\nana@tioga12:~/ops$ flux jobs -a | head -3\n"
        "       JOBID USER     NAME       ST NTASKS NNODES     TIME INFO\n"
        f"   f{s(rng, 6, FLUID)} ana      python3    CD      1      1   3.402s tioga12\n"
    ), value


def lsf_bsub_env_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ bsub -q normal -n 2 -W 00:30 -env "all, {var}={value}" -o sync.%J.log ./sync.sh\n'
        f"Job <{s(rng, 6, DIGITS)}> is submitted to queue <normal>.\n"
    ), value


def easybuild_modextravars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# easyconfigs/c/CRMTools/CRMTools-2.3-GCCcore-13.2.0.eb\neasyblock = 'Tarball'\n\n"
        "name = 'CRMTools'\nversion = '2.3'\n\nhomepage = 'https://git.acme.example/ops/crm-tools'\n"
        "description = 'Export scripts for the research office'\n\n"
        "toolchain = {'name': 'GCCcore', 'version': '13.2.0'}\n\n"
        f"modextravars = {{'{var}': '{value}', 'CRM_REGION': 'eu'}}\n\n"
        "sanity_check_paths = {'files': ['bin/crm-export'], 'dirs': []}\n\nmoduleclass = 'tools'\n"
    ), value


SHARED = (
    qsub_v_variable_list,
    lmod_modulefile_setenv,
    condor_submit_environment_line,
    flux_run_env_flag,
    lsf_bsub_env_flag,
    easybuild_modextravars,
)


# -- places of one vendor: its API called from telephony, home automation, ERP, healthcare, broadcast, firmware ... --


def apacta_asterisk_dialplan_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/asterisk/extensions.conf\n[crew-checkin]\nexten => 7001,1,Answer()\n"
        " same => n,Read(JOB,enter-job-number,6)\n"
        f" same => n,Set(RES=${{CURL(https://app.apacta.com/api/v1/time_entries?api_key={value}&project=${{JOB}})}})\n"
        " same => n,Playback(auth-thankyou)\n same => n,Hangup()\n"
    ), value


def appointedd_freeswitch_lua_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- /usr/share/freeswitch/scripts/next_slot.lua\nlocal api = freeswitch.API()\n"
        'local caller = session:getVariable("caller_id_number")\n'
        'local cmd = "curl https://api.appointedd.com/v1/availability/slots?limit=1 headers "\n'
        f'  .. "X-API-KEY:{value}"\n'
        "local body = api:executeString(cmd)\n"
        'session:speak("Your next free slot is " .. body:match(\'"start":"([^"]+)"\'))\n'
    ), value


def apptivo_excel_webservice_formula(rng: random.Random, var: str, value: str) -> Place:
    access = s(rng, 32, HEX)
    return (
        "$ xlsx2csv --all leads-dashboard.xlsx | sed -n '/Sheet 3 - feed/,$p'\n-------- 3 - feed\n"
        "Key,Value\n"
        f"api_key,{value}\n"
        f"access_key,{access}\n"
        'leads,"=WEBSERVICE(""https://api.apptivo.com/app/dao/v6/leads?a=getAll&apiKey=""&B2&""&accessKey=""&B3)"\n'
    ), value


def autoklose_fhem_httpmod_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/fhem/fhem.cfg\ndefine Outreach HTTPMOD none 3600\n"
        f"attr Outreach get01URL https://api.autoklose.com/api/campaigns?api_token={value}\n"
        "attr Outreach get01Name campaigns\nattr Outreach reading01JSON data_01_name\n"
        "attr Outreach room Office\n"
    ), value


def besnappy_openhab_rules_dsl(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// conf/rules/support.rules (openHAB)\nrule "Open tickets to the hall display"\nwhen\n'
        '    Time cron "0 */10 * * * ?"\nthen\n'
        '    val headers = newHashMap("Authorization" -> "Basic " + java.util.Base64.getEncoder()\n'
        f'        .encodeToString("{value}:x".getBytes()))\n'
        '    val json = sendHttpGetRequest("https://app.besnappy.com/api/v1/tickets?status=open", headers, 5000)\n'
        '    HallDisplay_Tickets.postUpdate(transform("JSONPATH", "$.length()", json))\nend\n'
    ), value


def cashboard_erpnext_server_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# ERPNext > Server Script "Push invoice to Cashboard" (DocType Event: Sales Invoice, After Submit)\n'
        "import base64\n"
        f'auth = base64.b64encode(b"acmebilling:{value}").decode()\n'
        'frappe.make_post_request("https://api.cashboardapp.com/invoices.xml",\n'
        '    headers={"Authorization": "Basic " + auth, "Content-Type": "application/xml"},\n'
        "    data=doc.as_xml())\n"
    ), value


def centralstationcrm_odoo_server_action_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<!-- acme_crm_bridge/data/server_actions.xml -->\n<odoo>\n'
        '  <record id="action_push_partner" model="ir.actions.server">\n'
        '    <field name="name">Push to CentralStationCRM</field>\n'
        '    <field name="model_id" ref="base.model_res_partner"/>\n    <field name="state">code</field>\n'
        '    <field name="code">\nimport requests\n'
        f"requests.post('https://acme.centralstationcrm.net/api/people.json', headers={{'X-apikey': '{value}'}},\n"
        "              json={'person': {'name': record.name}}, timeout=10)\n    </field>\n  </record>\n</odoo>\n"
    ), value


def clinchpad_mirth_channel_js_writer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- Mirth Connect channel export: ADT-to-CRM, destination 1 (JavaScript Writer) -->\n"
        "<script>var pid = msg['PID']['PID.3']['PID.3.1'].toString();\n"
        "var conn = new java.net.URL('https://www.clinchpad.com/api/v1/leads').openConnection();\n"
        "var auth = java.util.Base64.getEncoder()"
        f".encodeToString(new java.lang.String('api-key:{value}').getBytes());\n"
        "conn.setRequestProperty('Authorization', 'Basic ' + auth);\nconn.setDoOutput(true);\n"
        "return conn.getResponseCode();</script>\n"
    ), value


def clustdoc_iris_objectscript_httprequest(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/// Acme.Onboarding.ClustdocOperation (InterSystems IRIS)\nMethod Fetch(pId As %String) As %Status\n{\n"
        '    set req = ##class(%Net.HttpRequest).%New()\n    set req.Server = "clustdoc.com"\n'
        '    set req.Https = 1, req.SSLConfiguration = "default"\n'
        f'    do req.SetHeader("Authorization", "Bearer {value}")\n'
        '    quit req.Get("/api/dossiers/"_pId)\n}\n'
    ), value


def companyhub_vmix_vb_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        '\' vMix Script "SponsorTicker" (VB.NET)\nDim wc As New System.Net.WebClient()\n'
        f'wc.Headers.Add("Authorization", "acmebroadcast {value}")\n'
        'Dim json As String = wc.DownloadString("https://api.companyhub.com/v1/tables/company?top=5")\n'
        'API.Function("SetText", Input:="Ticker", SelectedName:="Headline.Text", Value:=json)\n'
    ), value


def dovico_companion_generic_http_action(rng: random.Random, var: str, value: str) -> Place:
    action = {
        "id": s(rng, 21, HEX),
        "action": "get",
        "instance": "generic-http",
        "options": {
            "url": "https://api.dovico.com/TimeEntries/?version=7",
            "header": json.dumps({"Authorization": f'WRAP access_token="client={s(rng, 32, HEX)}&user_token={value}"'}),
        },
    }
    return "// Companion page 3, button 12 (export)\n" + json.dumps(action, indent=2) + "\n", value


def edusign_micropython_urequests(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# main.py (MicroPython, ESP32 badge reader at the lecture hall door)\nimport network, urequests\n"
        "from reader import read_card\n\n"
        f'HEADERS = {{"Authorization": "Bearer {value}"}}\n\n'
        "while True:\n    uid = read_card()\n"
        '    r = urequests.post("https://ext.edusign.fr/v1/student/attendance", json={"badge": uid}, headers=HEADERS)\n'
        "    r.close()\n"
    ), value


def feedier_esp_idf_http_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        '/* main/feedback_kiosk.c (ESP-IDF) */\n#include "esp_http_client.h"\n\nstatic void send_vote(int score)\n{\n'
        '    esp_http_client_config_t cfg = { .url = "https://api.feedier.com/v1/feedbacks", '
        ".method = HTTP_METHOD_POST };\n"
        "    esp_http_client_handle_t c = esp_http_client_init(&cfg);\n"
        f'    esp_http_client_set_header(c, "Authorization", "Bearer {value}");\n'
        "    esp_http_client_perform(c);\n    esp_http_client_cleanup(c);\n}\n"
    ), value


def karmacrm_zephyr_prj_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# app/prj.conf (Zephyr, nRF9160 field counter)\nCONFIG_NETWORKING=y\nCONFIG_HTTP_CLIENT=y\n"
        'CONFIG_MODEM_KEY_MGMT=y\nCONFIG_APP_CRM_HOST="app.karmacrm.com"\n'
        f'CONFIG_APP_KARMACRM_API_TOKEN="{value}"\n'
        "CONFIG_APP_REPORT_INTERVAL_SEC=900\n"
    ), value


def kylas_node_diagnostic_report_json(rng: random.Random, var: str, value: str) -> Place:
    report = {
        "header": {"reportVersion": 3, "event": "Allocation failed - JavaScript heap out of memory",
                   "trigger": "OOMError", "filename": "report.20261128.031422.4121.0.001.json",
                   "nodejsVersion": "v20.18.0", "commandLine": ["/usr/bin/node", "dist/sync-leads.js"]},
        "environmentVariables": {"NODE_ENV": "production", "KYLAS_API_KEY": value, "HOME": "/home/worker"},
    }  # fmt: skip
    return "$ cat /var/log/leads/report.20261128.031422.4121.0.001.json\n" + json.dumps(report, indent=2) + "\n", value


def lessannoyingcrm_gdb_bt_full(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(gdb) bt full\n#0  0x00007f3a1c2d4e8b in __pthread_kill_implementation () from /lib64/libc.so.6\n"
        "No symbol table info available.\n#1  0x00000000004028f1 in push_contact (c=0x1f2c6b0) at lacrm.c:88\n"
        '        url = "https://api.lessannoyingcrm.com/v2/\\000"\n'
        f'        api_token = 0x1f2b010 "{value}"\n'
        "        rc = -1\n#2  0x0000000000402b3c in main (argc=2, argv=0x7ffd5a1c3e58) at main.c:41\n"
    ), value


def nethunt_wiremock_mapping_basic_auth(rng: random.Random, var: str, value: str) -> Place:
    mapping = {
        "request": {"method": "GET", "urlPath": "/api/v1/zapier/triggers/readable-folder",
                    "basicAuthCredentials": {"username": "ops@acme.example", "password": value}},
        "response": {"status": 200, "jsonBody": [{"id": "5f1", "name": "Leads"}]},
    }  # fmt: skip
    return (
        "// src/test/resources/mappings/nethunt-folders.json (WireMock, recorded from the live API)\n"
        + json.dumps(mapping, indent=2)
        + "\n"
    ), value


def paymoapp_hurl_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tests/paymo.hurl\nGET https://app.paymoapp.com/api/me\n"
        f"Authorization: Basic {value}\n"
        'Accept: application/json\n\nHTTP 200\n[Asserts]\njsonpath "$.users[0].active" == true\n'
    ), value


def salescookie_woocommerce_wp_options_row(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- wp_options, from mysqldump of shop_prod\nINSERT INTO `wp_options` VALUES (8821,"
        "'woocommerce_salescookie_settings',"
        f'\'a:3:{{s:7:\\"enabled\\";s:3:\\"yes\\";s:7:\\"api_key\\";s:32:\\"{value}\\";'
        's:6:\\"status\\";s:10:\\"closed won\\";}\',\'yes\');\n'
    ), value


def sherpadesk_drupal_config_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/sync/sherpadesk_helpdesk.settings.yml (drush config:export)\n"
        f"_core:\n  default_config_hash: {s(rng, 43, HEX)}\n"
        "organization: acme\ninstance: main\n"
        f"api_key: {value}\n"
        "ticket_class: 'Website form'\n"
    ), value


def signable_umbraco_appsettings_json(rng: random.Random, var: str, value: str) -> Place:
    site = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}"
    settings = {
        "Umbraco": {"CMS": {"Global": {"Id": site}}},
        "Acme": {"Contracts": {"SignableApiKey": value, "TemplateFingerprint": s(rng, 32, HEX)}},
    }
    return "// src/Acme.Web/appsettings.Production.json\n" + json.dumps(settings, indent=2) + "\n", value


def stormboard_libreoffice_basic_macro(rng: random.Random, var: str, value: str) -> Place:
    return (
        "REM  *****  BASIC  *****  (Workshop.ods > Standard.Module1)\nSub PullIdeas\n"
        '    Dim oSvc As Object\n    oSvc = createUnoService("com.sun.star.sheet.FunctionAccess")\n'
        f'    url = "https://api.stormboard.com/storms/412877/ideas?X-API-Key={value}"\n'
        '    ThisComponent.Sheets(0).getCellRangeByName("A2").setString(oSvc.callFunction("WEBSERVICE", Array(url)))\n'
        "End Sub\n"
    ), value


def sugester_home_assistant_rest_sensor(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /config/packages/office.yaml (Home Assistant)\nsensor:\n  - platform: rest\n"
        "    name: Open feature requests\n"
        f"    resource: https://acme.sugester.com/app/posts.json?api_token={value}&status=open\n"
        '    value_template: "{{ value_json | count }}"\n    scan_interval: 1800\n'
    ), value


ONE_VENDOR = (
    apacta_asterisk_dialplan_curl,
    appointedd_freeswitch_lua_script,
    apptivo_excel_webservice_formula,
    autoklose_fhem_httpmod_cfg,
    besnappy_openhab_rules_dsl,
    cashboard_erpnext_server_script,
    centralstationcrm_odoo_server_action_xml,
    clinchpad_mirth_channel_js_writer,
    clustdoc_iris_objectscript_httprequest,
    companyhub_vmix_vb_script,
    dovico_companion_generic_http_action,
    edusign_micropython_urequests,
    feedier_esp_idf_http_client,
    karmacrm_zephyr_prj_conf,
    kylas_node_diagnostic_report_json,
    lessannoyingcrm_gdb_bt_full,
    nethunt_wiremock_mapping_basic_auth,
    paymoapp_hurl_file,
    salescookie_woocommerce_wp_options_row,
    sherpadesk_drupal_config_export,
    signable_umbraco_appsettings_json,
    stormboard_libreoffice_basic_macro,
    sugester_home_assistant_rest_sensor,
)
