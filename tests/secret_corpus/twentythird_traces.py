"""Where the twenty-third held-out part (twentythird.py) shows generic secrets that message brokers' administration, HPC
schedulers' job scripts, firmware builds, OTA update servers, browser automation and RPA bots hold or are given: a
broker web console's password (IBM MQ's ``mqwebuser.xml``, its REST API with curl), an OTA image signing key as base64
of its PEM, longer than a stream's window (a Yocto ``local.conf``, the build container's environment file), an object
store's secret in a job script (Slurm's ``sbatch`` with ``mc``, PBS with rclone), a cluster node's IPMI password
(Warewulf's ``nodes.conf``, ``wwctl profile set``), a firmware image's root password (a Buildroot defconfig, a Yocto
image's ``EXTRA_USERS_PARAMS``), a firmware's OTA upload password (``ArduinoOTA.setPassword``, PlatformIO's upload
flags), an update server's target token (SWUpdate's suricatta section, hawkBit's DDI API), an update server's tenant
token (a JWT, in ``mender.conf`` and ``mender setup``), a browser script's login password (Selenium, Puppeteer), a
browser grid's registration secret (its ``config.toml``, a node's command line) and an RPA bot's password (Robot
Framework's variables table, its command line). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, s


def ibm_mq_mqwebuser_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /var/mqm/web/installations/Installation1/servers/mqweb/mqwebuser.xml (excerpt) -->\n"
        '<basicRegistry id="basic" realm="defaultRealm">\n'
        f'    <user name="mqadmin" {var}="{value}"/>\n'
        '    <user name="mqreader" password="{xor}Lz4sLCgwLTs="/>\n    <group name="MQWebAdminGroup">\n'
        '        <member name="mqadmin"/>\n    </group>\n</basicRegistry>\n'
    ), value


def ibm_mq_rest_curl_basic(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -sk -u mqadmin:"
        f"{value} -H 'ibm-mq-rest-csrf-token: x' \\\n"
        "    https://mq01.corp.example:9443/ibmmq/rest/v2/admin/qmgr/QM1/queue?name=ORDERS.*\n"
        '{"queue": [{"name": "ORDERS.IN", "type": "local"}]}\n'
    ), value


def yocto_local_conf_signing_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# build/conf/local.conf (excerpt)\nMACHINE ?= "imx8mm-gateway"\nDISTRO ?= "acme-ota"\n'
        'SWUPDATE_SIGNING = "RSA"\n'
        f'{var} = "{value}"\n'
        'SWUPDATE_PUBLIC_KEY = "${TOPDIR}/keys/ota-public.pem"\n'
    ), value


def ota_build_env_file_signing_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ci/ota-build.env: given to the image build container with --env-file\nBB_NUMBER_THREADS=8\n"
        "OTA_CHANNEL=stable\n"
        f"OTA_SIGNING_KEY_B64={value}\n"
        "OTA_UPLOAD_BUCKET=ota-artifacts\n"
    ), value


def sbatch_mc_alias_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n#SBATCH --job-name=stage-out\n#SBATCH --partition=transfer\n#SBATCH --time=02:00:00\n"
        "#SBATCH --output=logs/%x-%j.out\n\nmodule load minio-client\n"
        f"mc alias set labstore https://s3.hpc.example.edu climate-ro {value}\n"
        'mc mirror --overwrite "$SCRATCH/run42/output" labstore/climate/run42\n'
    ), value


def pbs_rclone_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/bash\n#PBS -N archive_reads\n#PBS -q copyq\n#PBS -l walltime=04:00:00,ncpus=2\n\n"
        "cd $PBS_O_WORKDIR\nrclone copy ./reads :s3:genome-archive/reads --s3-provider Ceph \\\n"
        "  --s3-endpoint https://rgw.hpc.example.edu --s3-access-key-id ARCHIVE01 \\\n"
        f"  --s3-secret-access-key {value}\n"
    ), value


def warewulf_nodes_conf_ipmi(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/warewulf/nodes.conf (excerpt)\nnodeprofiles:\n  compute:\n    image name: rocky-9-hpc\n"
        "    ipmi:\n      username: ADMIN\n"
        f"      {var}: {value}\n"
        "      interface: lanplus\nnodes:\n  n001:\n    profiles: [compute]\n"
    ), value


def wwctl_profile_set_ipmipass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[root@head01 ~]# wwctl profile set compute --ipmiuser ADMIN "
        f"--ipmipass '{value}' --ipmiinterface lanplus\n"
        "Are you sure you want to modify 1 profile(s): y\n[root@head01 ~]# wwctl power status n[001-064]\n"
    ), value


def buildroot_defconfig_root_passwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# configs/acme_gateway_defconfig (Buildroot)\nBR2_aarch64=y\nBR2_TOOLCHAIN_EXTERNAL=y\n"
        'BR2_TARGET_GENERIC_HOSTNAME="acme-gw"\n'
        f'{var}="{value}"\n'
        'BR2_SYSTEM_DHCP="eth0"\nBR2_PACKAGE_DROPBEAR=y\n'
    ), value


def yocto_extra_users_root_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# meta-acme/recipes-core/images/acme-image.bb (excerpt)\ninherit core-image extrausers\n"
        'IMAGE_FEATURES += "ssh-server-openssh"\n'
        f"EXTRA_USERS_PARAMS = \"usermod -P '{value}' root;\"\n"
        'IMAGE_INSTALL:append = " swupdate"\n'
    ), value


def arduino_ota_set_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// src/main.cpp of the pump controller\n#include <ArduinoOTA.h>\n\nvoid setupOta() {\n"
        '  ArduinoOTA.setHostname("pump-ctrl-3");\n'
        f'  ArduinoOTA.setPassword("{value}");\n'
        "  ArduinoOTA.begin();\n}\n"
    ), value


def platformio_upload_flags_auth(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; platformio.ini: flash the pump controllers over the air\n[env:pump_ota]\nextends = env:pump\n"
        "upload_protocol = espota\nupload_port = 10.20.4.13\nupload_flags =\n  --port=3232\n"
        f"  --auth={value}\n"
    ), value


def swupdate_suricatta_target_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/swupdate.cfg\nglobals: {\n  verbose = true;\n  loglevel = 5;\n};\nsuricatta: {\n"
        '  tenant = "default";\n  id = "gw-0042";\n  url = "https://hawkbit.acme.example";\n'
        f'  {var} = "{value}";\n'
        "  polldelay = 300;\n};\n"
    ), value


def hawkbit_ddi_curl_target_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s https://hawkbit.acme.example/DEFAULT/controller/v1/gw-0042 \\\n"
        f"    -H 'Authorization: TargetToken {value}' | jq .config\n"
        '{\n  "polling": {\n    "sleep": "00:05:00"\n  }\n}\n'
    ), value


def mender_conf_tenant_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ sudo cat /etc/mender/mender.conf\n{\n"
        '  "ServerURL": "https://hosted.mender.io",\n  "UpdatePollIntervalSeconds": 1800,\n'
        f'  "{var}": "{value}"\n'
        "}\n"
    ), value


def mender_setup_tenant_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# provision-device.sh, run once on each kiosk at the bench\nset -eu\n"
        "mender setup --device-type kiosk-rpi4 --hosted-mender \\\n"
        f"  --tenant-token {value} \\\n"
        "  --retry-poll 300 --update-poll 1800 --inventory-poll 28800\n"
        "systemctl restart mender-client\n"
    ), value


def selenium_send_keys_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# checks/supplier_portal.py: download the weekly price list\nfrom selenium import webdriver\n"
        "from selenium.webdriver.common.by import By\n\ndriver = webdriver.Firefox()\n"
        'driver.get("https://portal.supplier.example/login")\n'
        'driver.find_element(By.ID, "username").send_keys("purchasing@acme.example")\n'
        f'driver.find_element(By.ID, "password").send_keys("{value}")\n'
        'driver.find_element(By.CSS_SELECTOR, "button[type=submit]").click()\n'
    ), value


def puppeteer_page_type_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/fetch-statements.js\nconst puppeteer = require('puppeteer');\n\n(async () => {\n"
        "  const browser = await puppeteer.launch();\n  const page = await browser.newPage();\n"
        "  await page.goto('https://bank.example/business/login');\n"
        "  await page.type('#user', 'acme-treasury');\n"
        f"  await page.type('#password', '{value}');\n"
        "  await Promise.all([page.waitForNavigation(), page.click('#signin')]);\n})();\n"
    ), value


def selenium_grid_config_toml_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/grid/config.toml (Selenium Grid 4 hub)\n[server]\nport = 4444\n\n[router]\n"
        'username = "qa"\n\n[distributor]\n'
        f'{var} = "{value}"\n'
        "healthcheck-interval = 120\n"
    ), value


def selenium_node_cli_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\grid> java -jar selenium-server-4.21.0.jar node --hub http://grid-hub.qa.internal:4444 ^\n"
        f"More?   --max-sessions 4 --{var} {value}\n"
        "11:02:14.331 INFO [NodeServer.createHandlers] - Reporting self as: http://10.1.8.22:5555\n"
    ), value


def robot_variables_table_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "*** Settings ***\nLibrary    RPA.Browser.Selenium\n\n*** Variables ***\n"
        "${PORTAL}      https://claims.insurer.example\n${USER}        rpa.claims\n"
        f"${{{var}}}    {value}\n\n"
        "*** Tasks ***\nFile New Claims\n    Open Available Browser    ${PORTAL}\n"
        "    Input Text    id:user    ${USER}\n    Input Password    id:pass    ${" + var + "}\n"
    ), value


def robot_cli_variable_password(rng: random.Random, var: str, value: str) -> Place:
    run = s(rng, 5, DIGITS)
    return (
        f"# scheduled task output, run {run}\n"
        "C:\\bots\\invoices> robot --outputdir results --variable USER:rpa.ap "
        f"--variable {var}:{value} tasks\\invoices.robot\n"
        "==============================================================================\nInvoices\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        ibm_mq_mqwebuser_xml,
        ibm_mq_rest_curl_basic,
        yocto_local_conf_signing_key,
        ota_build_env_file_signing_key,
        sbatch_mc_alias_secret,
        pbs_rclone_secret,
        warewulf_nodes_conf_ipmi,
        wwctl_profile_set_ipmipass,
        buildroot_defconfig_root_passwd,
        yocto_extra_users_root_password,
        arduino_ota_set_password,
        platformio_upload_flags_auth,
        swupdate_suricatta_target_token,
        hawkbit_ddi_curl_target_token,
        mender_conf_tenant_token,
        mender_setup_tenant_token,
        selenium_send_keys_password,
        puppeteer_page_type_password,
        selenium_grid_config_toml_secret,
        selenium_node_cli_secret,
        robot_variables_table_password,
        robot_cli_variable_password,
    )
}
