"""The generic places of the seventh held-out part (seventh.py) that configure tools or call them: surroundings
none of the other parts has, each taking ``(rng, name, value)`` and giving ``(text, secret)``. Named in seventh.py
beside the format that uses them."""

from __future__ import annotations

import base64
import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import s


def nuget_config_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<configuration>\n  <packageSources>\n'
        '    <add key="acme" value="https://nuget.acme.dev/v3/index.json" />\n  </packageSources>\n'
        '  <packageSourceCredentials>\n    <acme>\n      <add key="Username" value="ci" />\n'
        f'      <add key="ClearTextPassword" value="{value}" />\n    </acme>\n  </packageSourceCredentials>\n'
        "</configuration>\n"
    ), value


def dotnet_nuget_add_source(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ dotnet nuget add source https://nuget.acme.dev/v3/index.json --name acme --username ci "
        f"--password '{value}' --store-password-in-clear-text\nPackage source with Name: acme added successfully.\n"
    ), value


def tf_mssql_server(rng: random.Random, var: str, value: str) -> Place:
    return (
        'resource "azurerm_mssql_server" "shop" {\n  name                         = "sql-shop-prod"\n'
        '  resource_group_name          = azurerm_resource_group.shop.name\n  version                      = "12.0"\n'
        '  administrator_login          = "sqladmin"\n'
        f'  administrator_login_password = "{value}"\n}}\n'
    ), value


def tf_postgres_flexible(rng: random.Random, var: str, value: str) -> Place:
    return (
        'resource "azurerm_postgresql_flexible_server" "shop" {\n  name                   = "psql-shop-prod"\n'
        '  sku_name               = "GP_Standard_D2s_v3"\n  administrator_login    = "pgadmin"\n'
        f'  administrator_password = "{value}"\n  storage_mb             = 65536\n}}\n'
    ), value


def sqlplus_connect(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ sqlplus system/{value}@//db01.acme.dev:1521/ORCLPDB1\n\nSQL*Plus: Release 19.0.0.0.0 - Production\n"
        "Connected to:\nOracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production\n"
    ), value


def expdp_userid(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ expdp userid=shop/{value}@ORCLPDB1 schemas=SHOP directory=DATA_PUMP_DIR dumpfile=shop.dmp\n"
        "Export: Release 19.0.0.0.0 - Production on Wed Mar 11 08:12:40 2026\n"
    ), value


def beeline_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ beeline -u 'jdbc:hive2://hive01.acme.dev:10000/default' -n etl -p '{value}' -e 'show tables;'\n"
        "Connected to: Apache Hive (version 3.1.3)\n"
    ), value


def clickhouse_client(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ clickhouse-client --host ch01.acme.dev --user etl --password '{value}' --query 'SELECT version()'\n"
        "24.3.2.23\n"
    ), value


def snmpd_conf_community(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/snmp/snmpd.conf\nagentAddress udp:161\nsysLocation rack 4, fra1\n"
        f"rocommunity {value} 10.0.0.0/8\nincludeAllDisks 10%\n"
    ), value


def snmpwalk_c(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ snmpwalk -v2c -c {value} 10.0.3.1 system\nSNMPv2-MIB::sysDescr.0 = STRING: Linux sw-core-01 5.15.0\n"
    ), value


def snmpget_v3(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ snmpget -v3 -l authPriv -u monitor -a SHA -A '{value}' -x AES -X '{s(rng, 16)}' 10.0.3.1 "
        "sysUpTime.0\nDISMAN-EVENT-MIB::sysUpTimeInstance = Timeticks: (81234500) 9 days\n"
    ), value


def snmpd_create_user(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'# /var/lib/snmp/snmpd.conf\ncreateUser monitor SHA "{value}" AES "{s(rng, 16)}"\nrouser monitor priv\n'
    ), value


def ios_username_type7(rng: random.Random, var: str, value: str) -> Place:
    return (
        "sw-core-01#show running-config | section username\n"
        f"username admin privilege 15 password 7 {value}\nusername backup privilege 1 secret 9 "
        f"$9${s(rng, 14)}${s(rng, 43)}\n"
    ), value


def ios_ospf_key7(rng: random.Random, var: str, value: str) -> Place:
    return (
        "interface GigabitEthernet0/1\n ip address 10.0.12.1 255.255.255.252\n"
        f" ip ospf message-digest-key 1 md5 7 {value}\n ip ospf network point-to-point\n!\n"
    ), value


def freeradius_clients(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/freeradius/3.0/clients.conf\nclient sw-core-01 {\n\tipaddr = 10.0.3.1\n"
        f"\tsecret = {value}\n\tnas_type = cisco\n}}\n"
    ), value


def ios_radius_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "radius server FREERADIUS\n address ipv4 10.0.9.5 auth-port 1812 acct-port 1813\n"
        f" key 0 {value}\n!\naaa group server radius RAD-GRP\n server name FREERADIUS\n"
    ), value


def keepalived_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n"
        f"    priority 150\n    authentication {{\n        auth_type PASS\n        auth_pass {value}\n    }}\n"
        "    virtual_ipaddress {\n        10.0.0.100/24\n    }\n}\n"
    ), value


def ucarp_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ucarp --interface=eth0 --srcip=10.0.0.11 --vhid=5 --pass={value} --addr=10.0.0.100 "
        "--upscript=/etc/ucarp/up.sh --downscript=/etc/ucarp/down.sh\n"
    ), value


def hostapd_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/hostapd/hostapd.conf\ninterface=wlan0\nssid=acme-guest\nhw_mode=g\nchannel=6\nwpa=2\n"
        f"wpa_key_mgmt=WPA-PSK\nwpa_passphrase={value}\nrsn_pairwise=CCMP\n"
    ), value


def nmcli_hotspot(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ nmcli device wifi hotspot ifname wlan0 ssid acme-demo password '{value}'\n"
        "Device 'wlan0' successfully activated with 'c8a1e7d2-5b7f-4a0e-9c33-2f1f0e7d6a10'.\n"
    ), value


def ipmitool_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P '{value}' chassis power status\nChassis Power is on\n"
    ), value


def racadm_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ racadm -r 10.0.9.22 -u root -p '{value}' getsysinfo\nRAC Information:\n"
        "RAC Date/Time           = Wed Mar 11 08:12:40 2026\n"
    ), value


def xfreerdp_flags(rng: random.Random, var: str, value: str) -> Place:
    return f"$ xfreerdp /v:build01.acme.dev /u:ACME\\\\ops '/p:{value}' /cert:ignore /dynamic-resolution\n", value


def rdesktop_flags(rng: random.Random, var: str, value: str) -> Place:
    return f"$ rdesktop -u ops -d ACME -p '{value}' -g 1600x900 build01.acme.dev\nAutoselecting keyboard map\n", value


def smbclient_u(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ smbclient //fs01.acme.dev/finance -U 'ACME\\ops%{value}' -c 'ls'\n"
        "  .                                   D        0  Wed Mar 11 08:12:40 2026\n"
    ), value


def rpcclient_u(rng: random.Random, var: str, value: str) -> Place:
    return f"$ rpcclient -U 'ops%{value}' 10.0.4.10 -c 'enumdomusers'\nuser:[Administrator] rid:[0x1f4]\n", value


def filezilla_sitemanager(rng: random.Random, var: str, value: str) -> Place:
    encoded = base64.b64encode(value.encode()).decode()
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<FileZilla3 version="3.67.0" platform="windows">\n'
        "  <Servers>\n    <Server>\n      <Host>files.acme.dev</Host>\n      <Port>22</Port>\n"
        "      <Protocol>1</Protocol>\n      <User>deploy</User>\n"
        f'      <Pass encoding="base64">{encoded}</Pass>\n      <Name>acme files</Name>\n    </Server>\n'
        "  </Servers>\n</FileZilla3>\n"
    ), encoded


def filezilla_recent(rng: random.Random, var: str, value: str) -> Place:
    encoded = base64.b64encode(value.encode()).decode()
    return (
        "$ cat ~/.config/filezilla/recentservers.xml\n<FileZilla3>\n  <RecentServers>\n    <Server>\n"
        "      <Host>ftp.acme.dev</Host>\n      <Port>21</Port>\n      <User>media</User>\n"
        f'      <Pass encoding="base64">{encoded}</Pass>\n    </Server>\n  </RecentServers>\n</FileZilla3>\n'
    ), encoded


def svn_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ svn checkout https://svn.acme.dev/repos/firmware/trunk fw --username ci --password '{value}' "
        "--non-interactive\nA    fw/Makefile\nChecked out revision 48211.\n"
    ), value


def hgrc_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.hgrc\n[ui]\nusername = Ops <ops@acme.dev>\n\n[auth]\nacme.prefix = https://hg.acme.dev\n"
        f"acme.username = ops\nacme.password = {value}\n"
    ), value


def fetchmailrc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.fetchmailrc\nset daemon 300\npoll imap.acme.dev protocol IMAP port 993\n"
        f"    user 'helpdesk@acme.dev' there with password '{value}' is 'helpdesk' here ssl\n"
    ), value


def mbsyncrc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.mbsyncrc\nIMAPAccount acme\nHost imap.acme.dev\nUser dana@acme.dev\n"
        f"Pass {value}\nTLSType IMAPS\n\nIMAPStore acme-remote\nAccount acme\n"
    ), value


def drone_plugin_settings(rng: random.Random, var: str, value: str) -> Place:
    return (
        "kind: pipeline\ntype: docker\nname: default\n\nsteps:\n  - name: publish\n    image: plugins/docker\n"
        "    settings:\n      repo: registry.acme.dev/shop/api\n      registry: registry.acme.dev\n"
        f"      username: ci\n      password: {value}\n"
    ), value


def bitbucket_pipe_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "pipelines:\n  branches:\n    main:\n      - step:\n          script:\n"
        "            - pipe: atlassian/docker-push:1.2.0\n              variables:\n"
        f"                USERNAME: ci\n                PASSWORD: '{value}'\n"
    ), value


def fly_set_pipeline(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ fly -t main set-pipeline -p shop -c ci/pipeline.yml -v registry-password='{value}' "
        "-v registry-username=ci\napply configuration? [yN]: y\npipeline created!\n"
    ), value


def concourse_vars_yml(rng: random.Random, var: str, value: str) -> Place:
    return (f"# ci/vars/prod.yml\nregistry-username: ci\nregistry-password: {value}\ngit-branch: main\n"), value


def argocd_repo_add(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ argocd repo add https://git.acme.dev/platform/deploy.git --username argocd "
        f"--password '{value}'\nRepository 'https://git.acme.dev/platform/deploy.git' added\n"
    ), value


def flux_secret_git(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ flux create secret git deploy-auth --url=https://git.acme.dev/platform/deploy.git "
        f"--username=flux --password='{value}'\n► git secret 'deploy-auth' created in 'flux-system' namespace\n"
    ), value


def skopeo_creds(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ skopeo copy docker://docker.io/library/nginx:1.27 docker://registry.acme.dev/mirror/nginx:1.27 "
        f"--dest-creds 'mirror:{value}'\nGetting image source signatures\nCopying blob 5f1ee22ffb5e done\n"
    ), value


def crane_auth_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ crane auth login registry.acme.dev -u mirror -p '{value}'\n"
        "2026/03/11 08:12:40 logged in via /home/ops/.docker/config.json\n"
    ), value


def packer_hcl(rng: random.Random, var: str, value: str) -> Place:
    return (
        'source "azure-arm" "win2022" {\n  os_type        = "Windows"\n  communicator   = "winrm"\n'
        f'  winrm_username = "packer"\n  winrm_password = "{value}"\n  winrm_use_ssl  = true\n}}\n'
    ), value


def vagrantfile_ssh(rng: random.Random, var: str, value: str) -> Place:
    return (
        'Vagrant.configure("2") do |config|\n  config.vm.box = "acme/legacy-centos7"\n'
        f'  config.ssh.username = "vagrant"\n  config.ssh.password = "{value}"\n  config.ssh.insert_key = false\nend\n'
    ), value


def gitea_app_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/gitea/app.ini\n[database]\nDB_TYPE = postgres\nHOST = db:5432\n\n[security]\n"
        f"INSTALL_LOCK = true\nSECRET_KEY = {value}\n"
    ), value


def gitea_generate_secret(rng: random.Random, var: str, value: str) -> Place:
    return f"$ gitea generate secret SECRET_KEY\n{value}\n$ gitea generate secret LFS_JWT_SECRET\n", value


def mosquitto_pub_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ mosquitto_pub -h mqtt.acme.dev -p 8883 --capath /etc/ssl/certs -u sensor-17 -P '{value}' "
        "-t plant/line1/temp -m 21.4\n"
    ), value


def mosquitto_bridge_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/mosquitto/conf.d/bridge.conf\nconnection cloud-bridge\naddress mqtt.acme.dev:8883\n"
        f"remote_username plant-fra1\nremote_password {value}\ntopic plant/# out 1\n"
    ), value


def kcat_x_flags(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ kcat -b kafka01.acme.dev:9093 -X security.protocol=SASL_SSL -X sasl.mechanisms=SCRAM-SHA-512 "
        f"-X sasl.username=etl -X sasl.password='{value}' -L\nMetadata for all topics (from broker 1)\n"
    ), value


def rdkafka_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/kcat.conf\nbootstrap.servers=kafka01.acme.dev:9093\nsecurity.protocol=SASL_SSL\n"
        f"sasl.mechanisms=SCRAM-SHA-512\nsasl.username=etl\nsasl.password={value}\n"
    ), value


def vscode_http_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"# api.http\n@host = https://api.acme.dev\n@token = {value}\n\n### list orders\n"
        "GET {{host}}/v2/orders?limit=5\nAuthorization: Bearer {{token}}\n"
    ), value


def jetbrains_private_env(rng: random.Random, var: str, value: str) -> Place:
    doc = {"dev": {"host": "http://localhost:8080", "token": s(rng, 48)}, "prod": {"host": "https://api.acme.dev",
           "token": value}}  # fmt: skip
    return "// http-client.private.env.json\n" + json.dumps(doc, indent=2) + "\n", value


def zsh_extended_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        ": 1773216760:0;cd ~/src/shop\n"
        f": 1773216791:4;mysql -h db01.acme.dev -u root --password='{value}' shop < fix.sql\n"
        ": 1773216802:0;git status\n"
    ), value


def fish_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "- cmd: ls ~/src\n  when: 1773216760\n"
        f'- cmd: psql "postgresql://shop@db01.acme.dev/shop" -c "ALTER USER shop PASSWORD \'{value}\'"\n'
        "  when: 1773216791\n"
    ), value


def ecs_task_definition(rng: random.Random, var: str, value: str) -> Place:
    container = {"name": "api", "image": "123456789012.dkr.ecr.eu-west-1.amazonaws.com/shop:1.4",
                 "environment": [{"name": "DB_HOST", "value": "db.internal"}, {"name": "DB_PASSWORD",
                 "value": value}]}  # fmt: skip
    return json.dumps({"family": "shop-api", "containerDefinitions": [container]}, indent=2) + "\n", value


def ecs_describe_task_def(rng: random.Random, var: str, value: str) -> Place:
    env = [{"name": "SMTP_PASSWORD", "value": value}, {"name": "SMTP_USER", "value": "mailer"}]
    arn = f"arn:aws:ecs:eu-west-1:123456789012:task-definition/mailer:{rng.randint(2, 40)}"
    doc = {
        "taskDefinition": {"taskDefinitionArn": arn, "containerDefinitions": [{"name": "mailer", "environment": env}]}
    }
    return "$ aws ecs describe-task-definition --task-definition mailer\n" + json.dumps(doc, indent=4) + "\n", value


GENERIC: dict[str, Shown] = {
    f.__name__: f
    for f in (
        nuget_config_xml, dotnet_nuget_add_source, tf_mssql_server, tf_postgres_flexible, sqlplus_connect,
        expdp_userid, beeline_flags, clickhouse_client, snmpd_conf_community, snmpwalk_c, snmpget_v3,
        snmpd_create_user, ios_username_type7, ios_ospf_key7, freeradius_clients, ios_radius_key, keepalived_conf,
        ucarp_cmd, hostapd_conf, nmcli_hotspot, ipmitool_flags, racadm_flags, xfreerdp_flags, rdesktop_flags,
        smbclient_u, rpcclient_u, filezilla_sitemanager, filezilla_recent, svn_password_flag, hgrc_auth,
        fetchmailrc, mbsyncrc, drone_plugin_settings, bitbucket_pipe_vars, fly_set_pipeline, concourse_vars_yml,
        argocd_repo_add, flux_secret_git, skopeo_creds, crane_auth_login, packer_hcl, vagrantfile_ssh,
        gitea_app_ini, gitea_generate_secret, mosquitto_pub_flags, mosquitto_bridge_conf, kcat_x_flags,
        rdkafka_conf, vscode_http_file, jetbrains_private_env, zsh_extended_history, fish_history,
        ecs_task_definition, ecs_describe_task_def,
    )
}  # fmt: skip
