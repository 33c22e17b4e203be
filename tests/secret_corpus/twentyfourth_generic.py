"""Where the twenty-fourth held-out part (twentyfourth.py) shows generic secrets that data warehouses and databases,
Lightning nodes and Azure's and Terragrunt's infrastructure files hold or are given: a Teradata logon password (a BTEQ
script's ``.LOGON``, a TPT job variables file), an Informix password (a JDBC URL, an ESQL/C program), an Exasol
password (EXAplus's ``-p``, pyexasol), an ArangoDB root password (its container's environment, ``arangosh``), a KeyDB
password (``keydb.conf``'s ``requirepass``, a ``redis-cli`` history's ``AUTH``), an LND admin macaroon in hex (BTCPay
Server's connection string, a REST call's header), an Azure deployment's administrator password (an ARM parameters
file, ``az deployment group create``), an application gateway's TLS certificate as base64 of its PFX, longer than a
stream's window (an ARM parameters file, Terragrunt's inputs) and a Terragrunt module's database password (its inputs,
the YAML file it decodes). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def bteq_logon_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* etl/load_orders.bteq: run by the nightly scheduler */\n"
        f".LOGON tdprod.corp.example/etl_loader,{value};\n"
        ".SET ERRORLEVEL 3807 SEVERITY 0\nDATABASE sales_stg;\n"
        "INSERT INTO sales.orders SELECT * FROM sales_stg.orders_delta;\n.LOGOFF;\n.QUIT;\n"
    ), value


def tpt_job_variables_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* jobvars/orders_load.txt: tbuild -f orders_load.tpt -v jobvars/orders_load.txt */\n"
        " TargetTdpId       = 'tdprod.corp.example'\n,TargetUserName    = 'etl_loader'\n"
        f",{var} = '{value}'\n"
        ",TargetTable       = 'sales.orders'\n,SourceFileName    = '/data/in/orders.csv'\n"
    ), value


def informix_jdbc_url_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# conf/datasource.properties (warehouse stock service)\n"
        "ds.driverClassName=com.informix.jdbc.IfxDriver\n"
        "ds.url=jdbc:informix-sqli://ifx01.corp.example:9088/stores:INFORMIXSERVER=ol_prod;"
        f"user=stocksvc;{var}={value}\n"
        "ds.maxPoolSize=12\n"
    ), value


def informix_esql_c_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        "/* src/nightly_close.ec: ESQL/C, built with esql */\nEXEC SQL BEGIN DECLARE SECTION;\n"
        '  char uid[32] = "closer";\n'
        f'  char pwd[64] = "{value}";\n'
        "EXEC SQL END DECLARE SECTION;\n\nint main(void) {\n"
        "    EXEC SQL CONNECT TO 'ledger@ol_prod' USER :uid USING :pwd;\n"
        "    if (SQLCODE != 0) return 1;\n"
    ), value


def exaplus_cli_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "analyst@bi-jump:~$ /opt/exaplus/exaplus -c exa-cluster.corp.example:8563 -u REPORTING "
        f"-p {value} -f refresh_marts.sql\n"
        "EXAplus 7.1.20 (c) EXASOL AG\n\nSession: 1791223344556677\nConnected to database EXA_PROD.\n"
    ), value


def pyexasol_connect_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# marts/refresh.py\nimport pyexasol\n\n"
        'conn = pyexasol.connect(dsn="exa-cluster.corp.example:8563", user="REPORTING",\n'
        f'                        {var}="{value}", schema="MARTS")\n'
        'conn.execute("EXECUTE SCRIPT MARTS.REFRESH_ALL()")\n'
    ), value


def arangodb_docker_run_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name graph-db -p 8529:8529 \\\n"
        f"    -e {var}={value} \\\n"
        "    -v arango-data:/var/lib/arangodb3 arangodb:3.11\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def arangosh_server_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# restore.sh: the catalogue graph back into the test instance\n"
        "arangorestore --server.endpoint tcp://127.0.0.1:8529 --server.username root \\\n"
        f"  --server.password '{value}' --server.database catalogue --input-directory dump/catalogue\n"
    ), value


def keydb_conf_requirepass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/keydb/keydb.conf (session cache, active replica of keydb-b)\n"
        "bind 0.0.0.0\nport 6379\nserver-threads 4\nactive-replica yes\nreplicaof keydb-b.corp.example 6379\n"
        f"{var} {value}\n"
        f"masterauth {value}\n"
    ), value


def rediscli_history_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.rediscli_history\nINFO replication\n"
        f"AUTH {value}\n"
        "SCAN 0 MATCH session:* COUNT 100\nTTL session:8f3a1c\nQUIT\n"
    ), value


def btcpay_lnd_connection_string(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# btcpay.env (BTCPay Server's Docker deployment)\nBTCPAY_HOST=pay.shop.example\nNBITCOIN_NETWORK=mainnet\n"
        "BTCPAY_BTCLIGHTNING=type=lnd-rest;server=https://lnd.internal.example:8080/;"
        f"macaroon={value};allowinsecure=true\n"
    ), value


def lnd_rest_curl_macaroon_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ops@node-1:~$ curl -s --cacert ~/.lnd/tls.cert \\\n"
        f'    --header "Grpc-Metadata-macaroon: {value}" \\\n'
        "    https://127.0.0.1:8080/v1/channels | jq '.channels | length'\n14\n"
    ), value


def arm_parameters_json_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n'
        '  "contentVersion": "1.0.0.0",\n  "parameters": {\n'
        '    "serverName": { "value": "sql-orders-weu" },\n'
        '    "administratorLogin": { "value": "sqladmin" },\n'
        f'    "{var}": {{ "value": "{value}" }}\n'
        "  }\n}\n"
    ), value


def az_deployment_group_parameters(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS /home/ops> az deployment group create --resource-group rg-orders-weu `\n"
        "    --template-file ./sql.json `\n"
        f"    --parameters serverName=sql-orders-weu administratorLogin=sqladmin {var}={value}\n"
        '{\n  "name": "sql",\n  "properties": {\n    "provisioningState": "Succeeded",\n'
    ), value


def arm_parameters_appgw_ssl_data(rng: random.Random, var: str, value: str) -> Place:
    return (
        '{\n  "$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#",\n'
        '  "contentVersion": "1.0.0.0",\n  "parameters": {\n'
        '    "applicationGatewayName": { "value": "agw-shop-weu" },\n'
        f'    "{var}": {{ "value": "{value}" }},\n'
        '    "sslCertificatePassword": { "value": "" }\n  }\n}\n'
    ), value


def terragrunt_inputs_ssl_certificate_data(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# live/prod/app-gateway/terragrunt.hcl\ninclude "root" {\n  path = find_in_parent_folders()\n}\n\n'
        'terraform {\n  source = "../../../modules//app-gateway"\n}\n\ninputs = {\n'
        '  name                 = "agw-shop-weu"\n'
        f'  ssl_certificate_data = "{value}"\n'
        "}\n"
    ), value


def terragrunt_hcl_inputs_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# live/staging/postgres/terragrunt.hcl\ninclude "root" {\n  path = find_in_parent_folders()\n}\n\n'
        'inputs = {\n  instance_class = "db.t4g.medium"\n  db_username    = "orders"\n'
        f'  {var}    = "{value}"\n'
        "}\n"
    ), value


def terragrunt_secrets_yaml_decode(rng: random.Random, var: str, value: str) -> Place:
    n = s(rng, 4, DIGITS)
    return (
        '$ cat live/staging/secrets.yaml   # read by terragrunt.hcl: yamldecode(file("../secrets.yaml"))\n'
        "db_username: orders\n"
        f"{var}: {value}\n"
        f"grafana_admin_user: admin{n}\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        bteq_logon_script,
        tpt_job_variables_file,
        informix_jdbc_url_password,
        informix_esql_c_connect,
        exaplus_cli_p_flag,
        pyexasol_connect_password,
        arangodb_docker_run_root_password,
        arangosh_server_password_flag,
        keydb_conf_requirepass,
        rediscli_history_auth,
        btcpay_lnd_connection_string,
        lnd_rest_curl_macaroon_header,
        arm_parameters_json_admin_password,
        az_deployment_group_parameters,
        arm_parameters_appgw_ssl_data,
        terragrunt_inputs_ssl_certificate_data,
        terragrunt_hcl_inputs_db_password,
        terragrunt_secrets_yaml_decode,
    )
}
