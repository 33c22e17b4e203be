"""Where the twenty-ninth held-out part (twentyninth.py) shows generic secrets that security operations tools and
remote administration panels hold or are given: a threat intelligence platform's admin token (OpenCTI's ``.env``, a
connector's ``config.yml``), a malware information sharing platform's auth key (PyMISP's ``keys.py``, MISP's REST API
over ``curl``), a security case tool's API key (a TheHive4py script, TheHive's ``application.conf`` for its Cortex
server), a vulnerability tracker's API token (DefectDojo's scan upload script, a Python importer), a mobile app
security scanner's API key (the Mobile Security Framework's upload over ``curl``, its Compose file), a vulnerability
scanner's admin password (Greenbone's ``gvmd --new-password``, ``gvm-cli --gmp-password``), a remote management
server's database password (MeshCentral's ``config.json``, its Compose file), a server admin panel's password
(Webmin's ``changepass.pl``, ``virtualmin create-domain --pass``) and a hosting panel's database password
(ISPConfig's ``config.inc.php``, HestiaCP's ``v-add-database``). Each takes ``(rng, name, value)`` and gives ``(text,
secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def opencti_env_admin_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/opencti/.env\nOPENCTI_ADMIN_EMAIL=cti@acme.example\nOPENCTI_BASE_URL=https://cti.acme.example\n"
        f"OPENCTI_ADMIN_TOKEN={value}\n"
        "MINIO_ROOT_USER=opencti\nRABBITMQ_DEFAULT_USER=opencti\nELASTIC_MEMORY_SIZE=4G\n"
    ), value


def opencti_connector_config_yml_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# connectors/external-import/mitre/src/config.yml\nopencti:\n  url: 'http://opencti:8080'\n"
        f"  token: '{value}'\n\n"
        "connector:\n  id: 'mitre-attack'\n  type: 'EXTERNAL_IMPORT'\n  scope: 'marking-definition,identity'\n"
        "  duration_period: 'P7D'\n"
    ), value


def misp_pymisp_keys_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# examples/keys.py (PyMISP)\nmisp_url = 'https://misp.acme.example'\n"
        f"misp_key = '{value}'  # automation key of the SOC sync user\n"
        "misp_verifycert = True\nmisp_client_cert = ''\n"
    ), value


def misp_curl_authorization_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'analyst@soc01:~$ curl -s -H "Authorization: {value}" -H "Accept: application/json" \\\n'
        "    -H 'Content-Type: application/json' https://misp.acme.example/events/index "
        '-d \'{"limit": 5, "published": 1}\' | jq length\n5\n'
    ), value


def thehive4py_script_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/usr/bin/env python3\n# soc/open_phishing_case.py\nfrom thehive4py import TheHiveApi\n\n"
        f"hive = TheHiveApi(url='https://thehive.acme.example', apikey='{value}')\n"
        "case = hive.case.create(case={'title': 'Reported phishing', 'severity': 2, 'tlp': 2})\n"
        "print(case['_id'])\n"
    ), value


def thehive_application_conf_cortex_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/thehive/application.conf\ncortex {\n  servers = [\n    {\n      name = local\n"
        '      url = "http://cortex.acme.example:9001"\n      auth {\n        type = "bearer"\n'
        f'        key = "{value}"\n'
        "      }\n      wsConfig {}\n    }\n  ]\n}\n"
    ), value


def defectdojo_upload_scan_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# ci/upload-trivy.sh\nset -eu\ncurl -sf -X POST https://dojo.acme.example/api/v2/import-scan/ \\\n"
        f'  -H "Authorization: Token {value}" \\\n'
        "  -F scan_type='Trivy Scan' -F file=@trivy.json -F engagement="
        f"{s(rng, 3, DIGITS)} -F minimum_severity=Medium -F close_old_findings=true\n"
    ), value


def defectdojo_python_importer_headers(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tools/dojo_sync.py\nimport requests\n\nDOJO = 'https://dojo.acme.example/api/v2'\n"
        f"HEADERS = {{'Authorization': 'Token {value}', 'Accept': 'application/json'}}\n\n"
        "def open_findings(product_id):\n"
        "    return requests.get(f'{DOJO}/findings/', headers=HEADERS,\n"
        "                        params={'product': product_id, 'active': True})\n"
    ), value


def mobsf_upload_curl_authorization(rng: random.Random, var: str, value: str) -> Place:
    return (
        "appsec@ci07:~$ curl -s -F 'file=@build/app-release.apk' http://mobsf.internal:8000/api/v1/upload \\\n"
        f'    -H "Authorization: {value}" | jq -r .hash\n'
        f"{s(rng, 32, HEX)}\n"
    ), value


def mobsf_compose_env_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/mobsf/docker-compose.yml\nservices:\n  mobsf:\n"
        "    image: opensecurity/mobile-security-framework-mobsf:v4.2.8\n"
        "    environment:\n      - MOBSF_ANALYZER_TIMEOUT=900\n"
        f"      - MOBSF_API_KEY={value}\n"
        '      - POSTGRES_HOST=postgres\n    ports:\n      - "8000:8000"\n'
    ), value


def greenbone_gvmd_new_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@scan01:~# sudo -u _gvm gvmd --user=admin --new-password='{value}'\n"
        "root@scan01:~# systemctl restart gvmd gsad\nroot@scan01:~# gvm-check-setup | tail -1\n"
        "It seems like your GVM-23.1.0 installation is OK.\n"
    ), value


def greenbone_gvm_cli_gmp_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ gvm-cli --gmp-username admin --gmp-password '{value}' socket --socketpath /run/gvmd/gvmd.sock "
        "--xml '<get_tasks filter=\"status=Running\"/>'\n"
        '<get_tasks_response status="200" status_text="OK"><task_count>2<filtered>1</filtered></task_count>\n'
    ), value


def meshcentral_config_json_mongodb(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ cat /opt/meshcentral/meshcentral-data/config.json\n{\n  "settings": {\n    "cert": "rmm.acme.example",\n'
        f'    "MongoDb": "mongodb://meshcentral:{value}@db01.acme.example:27017/meshcentral",\n'
        '    "WANonly": true,\n    "port": 443\n  }\n}\n'
    ), value


def meshcentral_compose_mongo_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/meshcentral/docker-compose.yml\nservices:\n  mongodb:\n    image: mongo:7\n    environment:\n"
        "      - MONGO_INITDB_ROOT_USERNAME=meshcentral\n"
        f"      - MONGO_INITDB_ROOT_PASSWORD={value}\n"
        "  meshcentral:\n    image: ghcr.io/ylianst/meshcentral:latest\n    environment:\n"
        "      - USE_MONGODB=true\n      - HOSTNAME=rmm.acme.example\n"
    ), value


def webmin_changepass_pl(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@host07:~# /usr/share/webmin/changepass.pl /etc/webmin root '{value}'\n"
        "Updated password of Webmin user root\nroot@host07:~# systemctl restart webmin\n"
    ), value


def virtualmin_create_domain_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@host07:~# virtualmin create-domain --domain shop.acme.example "
        f"--pass '{value}' --desc 'Web shop' --unix --dir --webmin --web --ssl --mysql --dns --mail "
        "--limits-from-plan\nBeginning server creation ..\nCreating administration group shop ..\n.. done\n"
    ), value


def ispconfig_config_inc_php_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n// /usr/local/ispconfig/server/lib/config.inc.php\n$conf['db_type'] = 'mysql';\n"
        "$conf['db_host'] = 'localhost';\n$conf['db_port'] = 3306;\n$conf['db_database'] = 'dbispconfig';\n"
        "$conf['db_user'] = 'ispconfig';\n"
        f"$conf['{var}'] = '{value}';\n"
        "$conf['db_charset'] = 'utf8';\n"
    ), value


def hestiacp_v_add_database(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@panel01:~# v-add-database shopuser shop wp "
        f"'{value}' mysql localhost utf8mb4\n"
        "root@panel01:~# v-list-databases shopuser plain | cut -f1-4\nshopuser_shop\tshopuser_wp\tmysql\tlocalhost\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        opencti_env_admin_token,
        opencti_connector_config_yml_token,
        misp_pymisp_keys_py,
        misp_curl_authorization_header,
        thehive4py_script_api_key,
        thehive_application_conf_cortex_key,
        defectdojo_upload_scan_script,
        defectdojo_python_importer_headers,
        mobsf_upload_curl_authorization,
        mobsf_compose_env_api_key,
        greenbone_gvmd_new_password,
        greenbone_gvm_cli_gmp_password,
        meshcentral_config_json_mongodb,
        meshcentral_compose_mongo_password,
        webmin_changepass_pl,
        virtualmin_create_domain_pass,
        ispconfig_config_inc_php_db_password,
        hestiacp_v_add_database,
    )
}
