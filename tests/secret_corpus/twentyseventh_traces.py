"""Where the twenty-seventh held-out part (twentyseventh.py) shows generic secrets that ERPs and accounting tools,
healthcare integration and broadcast hold or are given: an ERP's database URI with its password (Tryton's
``trytond.conf``, its container's environment), an open ERP's database password (iDempiere's
``idempiereEnv.properties``, its container), a self-hosted invoicing app's database password (Akaunting's ``artisan
install``, Invoice Ninja's ``.env``), an SAP Business One password (a Service Layer login, a DI API script), a PACS's
LDAP root password (dcm4chee's Compose file, its environment file), a FHIR server's datasource password (HAPI FHIR's
``application.yaml``, its container), a SMART on FHIR client's secret (``fhirclient``'s settings, a backend service's
environment), a web radio's source password (``butt``'s ``.buttrc``, an AzuraCast station's export), an SRT stream's
passphrase (``srt-live-transmit``'s URI, GStreamer's ``srtsink``) and an RTSP server's publishing password (MediaMTX's
``mediamtx.yml``, its environment). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def trytond_conf_database_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/tryton/trytond.conf\n[database]\n"
        f"{var} = postgresql://tryton:{value}@db01.erp.acme.example:5432/\n"
        "path = /var/lib/trytond\n\n[web]\nlisten = 0.0.0.0:8000\n"
    ), value


def trytond_compose_env_database_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# compose.yaml\nservices:\n  tryton:\n    image: tryton/tryton:7.4\n    environment:\n"
        f"      DB_HOSTNAME: postgres\n      TRYTOND_DATABASE__URI: postgresql://tryton:{value}@postgres:5432/\n"
        '    ports:\n      - "8000:8000"\n'
    ), value


def idempiere_env_properties_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#idempiereEnv.properties\n#Sat Nov 28 09:12:44 UTC 2026\nIDEMPIERE_HOME=/opt/idempiere-server\n"
        "JAVA_HOME=/usr/lib/jvm/java-17-openjdk-amd64\nADEMPIERE_DB_TYPE=PostgreSQL\nADEMPIERE_DB_SERVER=db01\n"
        "ADEMPIERE_DB_PORT=5432\nADEMPIERE_DB_NAME=idempiere\nADEMPIERE_DB_USER=adempiere\n"
        f"{var}={value}\n"
        "ADEMPIERE_WEB_PORT=8080\n"
    ), value


def idempiere_docker_run_db_pass_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name idempiere -p 8443:8443 -e DB_HOST=postgres -e DB_NAME=idempiere "
        f"-e DB_USER=adempiere -e DB_PASS={value} -e DB_ADMIN_PASS=$PGADMIN idempiereofficial/idempiere:12\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def akaunting_artisan_install_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "www-data@books:/var/www/akaunting$ php artisan install --db-host=127.0.0.1 --db-port=3306 "
        f"--db-name=akaunting --db-username=akaunting --{var}={value} --db-prefix=ak_ "
        '--company-name="Acme Ltd" --company-email=books@acme.example --admin-email=ana@acme.example '
        "--admin-password=$ADMIN_PW\nStarting installation...\nConnecting to database akaunting@127.0.0.1:3306\n"
        "Creating database tables\nInstallation done.\n"
    ), value


def invoiceninja_env_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /var/www/ninja/.env\nAPP_URL=https://invoices.acme.example\nAPP_DEBUG=false\n"
        "DB_HOST=127.0.0.1\nDB_PORT=3306\nDB_DATABASE=ninja\nDB_USERNAME=ninja\n"
        f"DB_PASSWORD={value}\n"
        "PDF_GENERATOR=snappdf\n"
    ), value


def sap_b1_service_layer_login_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -sk -c b1.cookies https://sapb1.acme.example:50000/b1s/v1/Login -d "
        f'\'{{"CompanyDB": "SBODEMOUS", "UserName": "manager", "{var}": "{value}"}}\'\n'
        '{\n   "odata.metadata" : "https://sapb1.acme.example:50000/b1s/v1/$metadata#B1Sessions/@Element",\n'
        f'   "SessionId" : "{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-11ef-8000-{s(rng, 12, HEX)}",\n'
        '   "Version" : "1000271",\n   "SessionTimeout" : 30\n}\n'
    ), value


def sap_b1_di_api_vbscript(rng: random.Random, var: str, value: str) -> Place:
    return (
        '\' post_journal.vbs (SAP Business One DI API)\nSet oCompany = CreateObject("SAPbobsCOM.Company")\n'
        'oCompany.Server = "sapb1-db"\noCompany.CompanyDB = "SBO_ACME"\noCompany.UserName = "interface"\n'
        f'oCompany.{var} = "{value}"\n'
        "oCompany.DbServerType = 15\nlRet = oCompany.Connect()\n"
        "If lRet <> 0 Then WScript.Echo oCompany.GetLastErrorDescription\n"
    ), value


def dcm4chee_compose_ldap_rootpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/dcm4chee/docker-compose.yml\nservices:\n  ldap:\n    image: dcm4che/slapd-dcm4chee:2.6.7-33.1\n"
        "    environment:\n"
        f"      {var}: {value}\n"
        "      STORAGE_DIR: /storage/fs1\n  arc:\n    image: dcm4che/dcm4chee-arc-psql:5.33.1\n"
        "    depends_on: [ldap, db]\n"
    ), value


def dcm4chee_arc_env_file_ldap_rootpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat /opt/dcm4chee/docker.env\nPOSTGRES_DB=pacsdb\nPOSTGRES_USER=pacs\n"
        f"{var}={value}\n"
        "WILDFLY_CHOWN=/opt/wildfly/standalone /storage\nARCHIVE_DEVICE_NAME=dcm4chee-arc\n"
    ), value


def hapi_fhir_application_yaml_datasource(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# hapi-fhir-jpaserver/application.yaml\nspring:\n  datasource:\n"
        "    url: 'jdbc:postgresql://fhir-db:5432/hapi'\n    username: hapi\n"
        f"    {var}: {value}\n"
        "    driverClassName: org.postgresql.Driver\nhapi:\n  fhir:\n    fhir_version: R4\n"
    ), value


def hapi_fhir_docker_run_spring_datasource_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d -p 8080:8080 -e spring.datasource.url=jdbc:postgresql://fhir-db:5432/hapi "
        f"-e spring.datasource.username=hapi -e spring.datasource.password={value} "
        "-e hapi.fhir.fhir_version=R4 hapiproject/hapi:v7.6.0\n"
        f"{s(rng, 64, HEX)}\n"
    ), value


def python_fhirclient_settings_app_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# referrals/ehr.py\nfrom fhirclient import client\n\nsettings = {\n    'app_id': 'acme_referrals',\n"
        f"    '{var}': '{value}',\n"
        "    'api_base': 'https://fhir.hospital.example/api/FHIR/R4/',\n}\n"
        "smart = client.FHIRClient(settings=settings)\n"
    ), value


def smart_backend_services_env_client_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat deploy/referrals.env\nFHIR_BASE=https://fhir.hospital.example/api/FHIR/R4/\n"
        "SMART_TOKEN_URL=https://fhir.hospital.example/oauth2/token\nSMART_CLIENT_ID=acme_referrals\n"
        f"SMART_CLIENT_SECRET={value}\n"
        "SMART_SCOPES=system/Patient.read system/ServiceRequest.write\n"
    ), value


def butt_rc_icecast_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat ~/.buttrc\n[main]\nserver = Studio A\nsrv_ent = Studio A\nicy = Morning show\n\n"
        "[Studio A]\naddress = radio.acme.example\nport = 8005\n"
        f"{var} = {value}\n"
        "type = 1\nmount = /live\nusr = source\n"
    ), value


def azuracast_station_export_source_pw(rng: random.Random, var: str, value: str) -> Place:
    station = {"name": "Acme Campus Radio", "short_name": "campus", "frontend_type": "icecast",
               "backend_type": "liquidsoap",
               "frontend_config": {"port": 8000, "source_pw": value, "admin_pw": s(rng, 12, HEX)},
               "mounts": [{"name": "/radio.mp3", "is_default": True}]}  # fmt: skip
    return '$ curl -s -H "X-API-Key: $AZ" https://radio.acme.example/api/admin/station/1\n' + json.dumps(
        station
    ) + "\n", value


def srt_live_transmit_uri_passphrase(rng: random.Random, var: str, value: str) -> Place:
    return (
        "encoder@ob-van:~$ srt-live-transmit udp://:5000 "
        f"'srt://ingest.acme.example:9000?mode=caller&streamid=ob1&{var}={value}&pbkeylen=32' -v\n"
        "Media path: 'udp://:5000' --> 'srt://ingest.acme.example:9000?mode=caller'\n"
        "SRT target connected\n"
    ), value


def gstreamer_srtsink_passphrase(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ gst-launch-1.0 -e v4l2src device=/dev/video0 ! videoconvert ! x264enc tune=zerolatency "
        "bitrate=4000 ! mpegtsmux ! srtsink uri=srt://ingest.acme.example:9001 "
        f"{var}={value} pbkeylen=16 latency=200\n"
        "Setting pipeline to PAUSED ...\nPipeline is live and does not need PREROLL ...\n"
    ), value


def mediamtx_yml_path_publish_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/mediamtx/mediamtx.yml\nrtsp: yes\nrtspAddress: :8554\npaths:\n  studio:\n"
        "    source: publisher\n    publishUser: encoder\n"
        f"    {var}: {value}\n"
        "  cam-foyer:\n    source: rtsp://10.30.0.21:554/stream1\n"
    ), value


def mediamtx_env_pathdefaults_publishpass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ systemctl cat mediamtx | grep Environment\nEnvironment=MTX_PATHDEFAULTS_PUBLISHUSER=encoder\n"
        f"Environment=MTX_PATHDEFAULTS_PUBLISHPASS={value}\n"
        f"Environment=MTX_RTSPADDRESS=:{s(rng, 4, DIGITS)}\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        trytond_conf_database_uri,
        trytond_compose_env_database_uri,
        idempiere_env_properties_db_password,
        idempiere_docker_run_db_pass_env,
        akaunting_artisan_install_flags,
        invoiceninja_env_db_password,
        sap_b1_service_layer_login_curl,
        sap_b1_di_api_vbscript,
        dcm4chee_compose_ldap_rootpass,
        dcm4chee_arc_env_file_ldap_rootpass,
        hapi_fhir_application_yaml_datasource,
        hapi_fhir_docker_run_spring_datasource_env,
        python_fhirclient_settings_app_secret,
        smart_backend_services_env_client_secret,
        butt_rc_icecast_password,
        azuracast_station_export_source_pw,
        srt_live_transmit_uri_passphrase,
        gstreamer_srtsink_passphrase,
        mediamtx_yml_path_publish_pass,
        mediamtx_env_pathdefaults_publishpass,
    )
}
