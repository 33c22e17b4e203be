"""Where the twenty-seventh held-out part (twentyseventh.py) shows generic secrets that e-commerce platforms, CMSs,
spreadsheets, crash reports, test fixtures and healthcare integration engines hold or are given: a shop's
administrator password on its command line (Shopware's ``user:create``, Sylius's ``admin-user:create``), a CMS's mail
transport password (Craft CMS's project configuration, Kirby's ``config.php``), a spreadsheet's data connection
password (an Excel workbook's ``connections.xml``, an Office data connection file), a password a crash report shows
(lldb's ``frame variable``, ``dotnet-dump``'s ``dumpobj``), a test fixture's user password (Karate's
``karate-config.js``, a Hurl variables file) and an integration engine's client certificate as PKCS#12 in base64,
longer than a stream's window (a Rhapsody engine's environment, an HL7 MLLP proxy's Helm values). Each takes ``(rng,
name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def shopware_user_create_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "www-data@shop01:/var/www/shopware$ bin/console user:create ops --admin --email=ops@acme.example "
        f'--firstName=Ops --lastName=Team --{var}={value}\n\n [OK] User "ops" successfully created.\n'
    ), value


def sylius_admin_user_create_prompt(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ bin/console sylius:admin-user:create\n\n Email:\n > ops@acme.example\n\n Username:\n > ops\n\n"
        " First name:\n > Ops\n\n Last name:\n > Team\n\n Password:\n"
        f" > {value}\n\n"
        " Locale code [en_US]:\n > \n\n [OK] Admin user ops@acme.example was successfully created.\n"
    ), value


def craft_project_config_email_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# config/project/project.yaml (Craft CMS)\nemail:\n  fromEmail: web@acme.example\n  fromName: 'Acme'\n"
        "  transportSettings:\n    host: smtp.acme.example\n    port: '587'\n    useAuthentication: true\n"
        "    username: web@acme.example\n"
        f"    {var}: {value}\n"
        "    encryptionMethod: tls\n  transportType: craft\\mail\\transportadapters\\Smtp\n"
    ), value


def kirby_config_php_email_transport(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// site/config/config.acme.example.php (Kirby)\nreturn [\n  'email' => [\n    'transport' => [\n"
        "      'type' => 'smtp',\n      'host' => 'smtp.acme.example',\n      'port' => 465,\n"
        "      'security' => true,\n      'auth' => true,\n      'username' => 'web@acme.example',\n"
        f"      '{var}' => '{value}',\n"
        "    ]\n  ]\n];\n"
    ), value


def excel_connections_xml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ unzip -p margins-q4.xlsx xl/connections.xml\n"
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<connections xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
        '<connection id="1" name="ledger" type="1" refreshedVersion="8" savePassword="1">'
        '<dbPr connection="DRIVER={PostgreSQL Unicode};SERVER=erp-db.acme.example;PORT=5432;DATABASE=ledger;'
        f'UID=finance_ro;{var}={value};" command="SELECT * FROM margins_q4"/></connection></connections>\n'
    ), value


def office_data_connection_odc_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<html xmlns:o="urn:schemas-microsoft-com:office:office">\n<!-- Finance Cube.odc -->\n<head>\n'
        '<meta http-equiv=Content-Type content="text/x-ms-odc; charset=utf-8">\n<xml id=msodc>\n'
        '<odc:OfficeDataConnection xmlns:odc="urn:schemas-microsoft-com:office:odc">\n'
        ' <odc:Connection odc:Type="OLEDB">\n'
        "  <odc:ConnectionString>Provider=MSOLAP.8;Persist Security Info=True;User ID=ACME\\fin-report;"
        f"{var}={value};Data Source=olap01.acme.example;Initial Catalog=Finance</odc:ConnectionString>\n"
        " </odc:Connection>\n</odc:OfficeDataConnection>\n</xml>\n</head>\n</html>\n"
    ), value


def lldb_frame_variable_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "(lldb) process attach --pid " + s(rng, 5, DIGITS) + "\nProcess stopped\n"
        "* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x0)\n"
        "    frame #0: 0x0000000100a3c1f4 Exporter`SyncSession::open(this=0x0000600003b2c000) at sync.cpp:57\n"
        "(lldb) frame variable\n(SyncSession *) this = 0x0000600003b2c000\n"
        '(std::string) host = "ledger.acme.example"\n(std::string) user = "exporter"\n'
        f'(std::string) {var} = "{value}"\n'
        "(int) port = 5432\n"
    ), value


def dotnet_dump_analyze_dumpobj_string(rng: random.Random, var: str, value: str) -> Place:
    addr = "7f" + s(rng, 10, HEX)
    return (
        f"> dumpobj {addr}\nName:        System.String\nMethodTable: 00007f8a2c1e5d48\n"
        "EEClass:     00007f8a2c1c4a20\nTracked Type: false\nSize:        62(0x3e) bytes\n"
        "File:        /usr/share/dotnet/shared/Microsoft.NETCore.App/8.0.11/System.Private.CoreLib.dll\n"
        f"String:      {value}\n"
        "Fields:\n              MT    Field   Offset                 Type VT     Attr            Value Name\n"
        "00007f8a2c1b9f90  400033b        8         System.Int32  1 instance               22 _stringLength\n"
    ), value


def karate_config_js_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/test/java/karate-config.js\nfunction fn() {\n  var env = karate.env || 'staging';\n"
        "  var config = { baseUrl: 'https://staging.shop.acme.example/api' };\n"
        "  if (env == 'staging') {\n    config.adminUser = 'qa-admin';\n"
        f"    config.adminPassword = '{value}';\n"
        "  }\n  return config;\n}\n"
    ), value


def hurl_variables_file_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat tests/staging.env\nhost=https://staging.shop.acme.example\nuser=qa-admin\n"
        f"{var}={value}\n"
        "$ hurl --variables-file tests/staging.env --test tests/checkout.hurl\n"
        "tests/checkout.hurl: Success (6 request(s) in 1412 ms)\n"
    ), value


def rhapsody_engine_env_client_p12_base64(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/rhapsody/engine.env (read by the systemd unit)\nRHAPSODY_HOME=/opt/rhapsody\n"
        "RHAPSODY_JVM_OPTS=-Xmx6g\nLAB_MLLP_HOST=lab-gw.hospital.example\nLAB_MLLP_PORT=6661\n"
        f"{var}={value}\n"
        "LAB_CLIENT_P12_PASSWORD_FILE=/run/secrets/lab_p12_pw\n"
    ), value


def hl7_mllp_tls_proxy_helm_values_p12(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# deploy/mllp-proxy/values-prod.yaml\nreplicaCount: 2\nupstream:\n  host: lab-gw.hospital.example\n"
        "  port: 6661\ntls:\n  enabled: true\n"
        f"  clientP12Base64: {value}\n"
        "  clientP12PasswordSecret: mllp-proxy-p12\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        shopware_user_create_password_flag,
        sylius_admin_user_create_prompt,
        craft_project_config_email_password,
        kirby_config_php_email_transport,
        excel_connections_xml_password,
        office_data_connection_odc_password,
        lldb_frame_variable_password,
        dotnet_dump_analyze_dumpobj_string,
        karate_config_js_password,
        hurl_variables_file_password,
        rhapsody_engine_env_client_p12_base64,
        hl7_mllp_tls_proxy_helm_values_p12,
    )
}
