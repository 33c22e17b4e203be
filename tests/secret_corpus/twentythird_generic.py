"""Where the twenty-third held-out part (twentythird.py) shows generic secrets that Windows administration, IBM i and
mainframe jobs, ERP connectors, BI and reporting servers and ETL jobs hold or are given: Windows' automatic logon
password (a registry export of Winlogon, ``reg add``), an IBM i remote command's password (a CL program's ``RUNRMTCMD``,
a job log), a mainframe FTP step's password (JCL's ``INPUT`` stream, a ``NETRC`` data set), SAP Business One's password
(its Service Layer login, its DI API), an Odoo connector's password (OdooRPC, PHP's Ripcord), a BI server's embedding
secret (Metabase's environment, an embedding script), a BI server's cookie secret (Redash's environment file, its
Compose file), a report server's database password (JasperReports Server's ``default_master.properties``, Tomcat's
``context.xml``), an ETL job's context password (a Talend context file, Pentaho's ``kettle.properties``), NiFi's
sensitive properties key (``nifi.properties``, its container's environment) and a Singer tap's password (its
``config.json``, Meltano's environment). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def winlogon_reg_export_default_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Windows Registry Editor Version 5.00\n\n"
        "[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"
        '"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultDomainName"="LOBBY-01"\n'
        f'"{var}"="{value}"\n'
        '"Shell"="explorer.exe"\n'
    ), value


def winlogon_reg_add_default_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "@echo off\nrem autologon.cmd: the signage PCs log on by themselves after a restart\n"
        'set WL="HKLM\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon"\n'
        "reg add %WL% /v AutoAdminLogon /t REG_SZ /d 1 /f\n"
        "reg add %WL% /v DefaultUserName /t REG_SZ /d signage /f\n"
        f"reg add %WL% /v {var} /t REG_SZ /d {value} /f\n"
        "shutdown /r /t 5\n"
    ), value


def ibmi_cl_runrmtcmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* QCLSRC/NIGHTEXP: send the night export to the Windows file server */\n"
        "PGM\n  CPYTOIMPF FROMFILE(SALESLIB/ORDHDR) TOSTMF('/exports/ordhdr.csv') MBROPT(*REPLACE)\n"
        "  RUNRMTCMD CMD('copy \\\\as400\\exports\\ordhdr.csv d:\\inbox') +\n"
        f"            RMTLOCNAME('FS01' *IP) RMTUSER('EXPORTSVC') {var}('{value}')\n"
        "ENDPGM\n"
    ), value


def ibmi_job_log_runrmtcmd(rng: random.Random, var: str, value: str) -> Place:
    n = s(rng, 6, DIGITS)
    return (
        f"  5770SS1 V7R4M0  190621                    Display Job Log                     PRD400  11/27/26\n"
        f"  Job name . . . . . . . . . . :   NIGHTEXP        User  . . . . . . :   QPGMR        Number . . . :   {n}\n"
        "  CPC2206    Completion  00   11/27/26  02:10:14  Ownership of object ORDHDR changed.\n"
        "  *NONE      Request     11/27/26  02:10:15  -RUNRMTCMD CMD('dir d:\\inbox') RMTLOCNAME('FS01' *IP) "
        f"RMTUSER('EXPORTSVC') {var}('{value}')\n"
        "  CPF9871    Diagnostic  40   11/27/26  02:10:19  Error occurred while processing.\n"
    ), value


def jcl_ftp_input_stream(rng: random.Random, var: str, value: str) -> Place:
    return (
        "//PAYFTP   JOB (ACCT),'SEND PAYROLL',CLASS=A,MSGCLASS=X,NOTIFY=&SYSUID\n"
        "//STEP01   EXEC PGM=FTP,PARM='(EXIT'\n//SYSPRINT DD SYSOUT=*\n//INPUT    DD *\n"
        "bank-sftp-gw.acme.example\nPAYXFER\n"
        f"{value}\n"
        "ascii\nput 'PAY.WEEKLY.EXTRACT' payroll.txt\nquit\n/*\n"
    ), value


def jcl_netrc_dataset(rng: random.Random, var: str, value: str) -> Place:
    return (
        "//GLFTP    JOB (ACCT),'GL UPLOAD',CLASS=B,MSGCLASS=H\n"
        "//STEP1    EXEC PGM=FTP,PARM='gl-ledger.acme.example (EXIT'\n"
        "//SYSPRINT DD SYSOUT=*\n//NETRC    DD *\n"
        f"MACHINE gl-ledger.acme.example LOGIN GLBATCH {var} {value}\n"
        "/*\n//INPUT    DD *\nput 'GL.DAILY.JOURNAL' journal.dat\nquit\n/*\n"
    ), value


def b1_service_layer_login_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -sk -c b1.cookies https://b1-hana.corp.example:50000/b1s/v1/Login \\\n"
        f'    -d \'{{"CompanyDB": "SBO_ACME_PROD", "UserName": "manager", "{var}": "{value}"}}\'\n'
        '{\n   "odata.metadata" : "https://b1-hana.corp.example:50000/b1s/v1/$metadata#B1Sessions/@Element",\n'
        '   "SessionTimeout" : 30\n}\n'
    ), value


def b1_di_api_company_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// Connectors/B1Company.cs: the web shop's orders into SAP Business One (DI API)\n"
        'var company = new SAPbobsCOM.Company {\n    Server = "b1-sql01",\n    CompanyDB = "SBO_ACME_PROD",\n'
        '    DbServerType = SAPbobsCOM.BoDataServerTypes.dst_MSSQL2019,\n    UserName = "shopsync",\n'
        f'    {var} = "{value}",\n'
        "};\nif (company.Connect() != 0) throw new InvalidOperationException(company.GetLastErrorDescription());\n"
    ), value


def odoorpc_login_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# sync/odoo_orders.py: copy new web orders into Odoo\nimport odoorpc\n\n"
        "odoo = odoorpc.ODOO('erp.acme.example', protocol='jsonrpc+ssl', port=443)\n"
        f"odoo.login('acme-prod', 'sync@acme.example', '{value}')\n"
        "SaleOrder = odoo.env['sale.order']\nprint(SaleOrder.search_count([('state', '=', 'draft')]))\n"
    ), value


def odoo_ripcord_php_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// cron/odoo_invoices.php\nrequire_once 'ripcord.php';\n"
        "$url = 'https://erp.acme.example'; $db = 'acme-prod'; $username = 'billing@acme.example';\n"
        f"${var} = '{value}';\n"
        '$common = ripcord::client("$url/xmlrpc/2/common");\n'
        f"$uid = $common->authenticate($db, $username, ${var}, array());\n"
    ), value


def metabase_env_embedding_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/default/metabase\nMB_DB_TYPE=postgres\nMB_DB_HOST=db.bi.internal\nMB_DB_DBNAME=metabase\n"
        "MB_SITE_URL=https://bi.acme.example\n"
        f"{var}={value}\n"
        "MB_ENABLE_EMBEDDING=true\n"
    ), value


def metabase_embed_script_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# portal/embed.py: signed URL of the customer dashboard\nimport time\n\nimport jwt\n\n"
        'METABASE_SITE_URL = "https://bi.acme.example"\n'
        f'METABASE_SECRET_KEY = "{value}"\n\n'
        'payload = {"resource": {"dashboard": 12}, "params": {"customer_id": 881}, "exp": round(time.time()) + 600}\n'
        'token = jwt.encode(payload, METABASE_SECRET_KEY, algorithm="HS256")\n'
        'print(METABASE_SITE_URL + "/embed/dashboard/" + token + "#bordered=true")\n'
    ), value


def redash_env_cookie_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/redash/env\nPYTHONUNBUFFERED=0\nREDASH_LOG_LEVEL=INFO\nREDASH_REDIS_URL=redis://redis:6379/0\n"
        f"{var}={value}\n"
        "REDASH_DATABASE_URL=postgresql://postgres@postgres/postgres\n"
    ), value


def redash_compose_cookie_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml of the reporting host (excerpt)\nx-redash-environment: &redash-env\n"
        "  REDASH_MAIL_SERVER: smtp.corp.example\n"
        f"  {var}: {value}\n"
        "services:\n  server:\n    image: redash/redash:10.1.0.b50633\n    environment: *redash-env\n"
    ), value


def jasperserver_master_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# buildomatic/default_master.properties (JasperReports Server install)\nappServerType = tomcat\n"
        "appServerDir = /opt/tomcat9\ndbType = postgresql\ndbHost = reports-db.internal\ndbUsername = jasperdb\n"
        f"{var} = {value}\n"
        "js.dbName = jasperserver\n"
    ), value


def tomcat_context_jasperserver_resource(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<!-- webapps/jasperserver/META-INF/context.xml -->\n<Context path="/jasperserver" reloadable="false">\n'
        '  <Resource name="jdbc/jasperserver" auth="Container" type="javax.sql.DataSource"\n'
        '            driverClassName="org.postgresql.Driver" url="jdbc:postgresql://reports-db.internal:5432/jasperserver"\n'
        f'            username="jasperdb" password="{value}" maxTotal="20" maxIdle="5"/>\n'
        "</Context>\n"
    ), value


def talend_context_properties(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# contexts/Prod.properties of the LOAD_CUSTOMERS job (Talend)\n"
        "dwh_Server=dwh.corp.example\ndwh_Port=1433\ndwh_Database=STAGING\ndwh_Login=etl_loader\n"
        f"{var}={value}\n"
        "source_Dir=/data/incoming/crm\n"
    ), value


def kettle_properties_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.kettle/kettle.properties (Pentaho Data Integration)\nKETTLE_LOG_SIZE_LIMIT=5000\n"
        "DWH_HOST=dwh.corp.example\nDWH_DB=sales_mart\nDWH_USER=pdi\n"
        f"DWH_PASSWORD={value}\n"
        "STAGE_DIR=/srv/pdi/stage\n"
    ), value


def nifi_properties_sensitive_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# conf/nifi.properties (excerpt)\nnifi.flow.configuration.file=./conf/flow.xml.gz\n"
        "nifi.web.https.port=8443\n"
        f"{var}={value}\n"
        "nifi.sensitive.props.algorithm=NIFI_PBKDF2_AES_GCM_256\n"
    ), value


def nifi_container_sensitive_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name nifi -p 8443:8443 \\\n  -e SINGLE_USER_CREDENTIALS_USERNAME=admin \\\n"
        f"  -e NIFI_SENSITIVE_PROPS_KEY='{value}' \\\n"
        "  -v nifi-conf:/opt/nifi/nifi-current/conf apache/nifi:1.25.0\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def singer_tap_config_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat tap-postgres/config.json\n{\n  "host": "replica.orders.internal",\n  "port": 5432,\n'
        '  "user": "singer",\n'
        f'  "{var}": "{value}",\n'
        '  "dbname": "orders",\n  "filter_schemas": "public"\n}\n'
        "$ tap-postgres --config tap-postgres/config.json --discover > catalog.json\n"
    ), value


def meltano_env_tap_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# .env of the meltano project (read by meltano run)\nTAP_MYSQL_HOST=erp-replica.internal\n"
        "TAP_MYSQL_USER=meltano\n"
        f"TAP_MYSQL_PASSWORD={value}\n"
        "TARGET_SNOWFLAKE_WAREHOUSE=LOAD_WH\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        winlogon_reg_export_default_password,
        winlogon_reg_add_default_password,
        ibmi_cl_runrmtcmd,
        ibmi_job_log_runrmtcmd,
        jcl_ftp_input_stream,
        jcl_netrc_dataset,
        b1_service_layer_login_curl,
        b1_di_api_company_password,
        odoorpc_login_password,
        odoo_ripcord_php_password,
        metabase_env_embedding_secret,
        metabase_embed_script_secret,
        redash_env_cookie_secret,
        redash_compose_cookie_secret,
        jasperserver_master_properties,
        tomcat_context_jasperserver_resource,
        talend_context_properties,
        kettle_properties_password,
        nifi_properties_sensitive_key,
        nifi_container_sensitive_key,
        singer_tap_config_json,
        meltano_env_tap_password,
    )
}
