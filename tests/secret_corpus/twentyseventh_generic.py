"""Where the twenty-seventh held-out part (twentyseventh.py) shows generic secrets that telephony, home automation,
microcontrollers' firmware and scientific computing hold or are given: a PBX manager interface's secret (Asterisk's
``manager.conf``, panoramisk's ``Manager(secret=...)``), a soft switch's password (a FreeSWITCH directory user, a
FreeSWITCH trunk's gateway), a desk phone's provisioning password (a Yealink ``.cfg``, a Polycom ``phone.cfg``), a home
hub's MQTT password (FHEM's ``MQTT2_CLIENT``, ioBroker's ``iobroker set mqtt.0``), a Z-Wave network's security key
(Z-Wave JS UI's ``settings.json``, Z-Wave JS Server's configuration), an ESP provisioning proof of possession (ESP-IDF's
``sdkconfig``, ``esp_prov.py --pop``), a MicroPython WebREPL password (``webrepl_cfg.py``, ``webrepl_cli.py -p``), an
HPC cluster's MUNGE key in base64 (Ansible variables, a Slurm chart's values), a research data transfer client's secret
(the Globus CLI's environment, the Globus SDK), an HPC metrics portal's database password (Open XDMoD's
``portal_settings.ini``, its setup) and a LIMS login password (pyBIS's ``login``, openBIS's ``service.properties``).
Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s


def asterisk_manager_conf_user_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /etc/asterisk/manager.conf\n[general]\nenabled = yes\nport = 5038\nbindaddr = 127.0.0.1\n\n"
        f"[wallboard]\n{var} = {value}\n"
        "deny = 0.0.0.0/0.0.0.0\npermit = 127.0.0.1/255.255.255.255\nread = call,agent,reporting\nwrite = \n"
    ), value


def panoramisk_manager_secret_kwarg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# wallboard/ami.py\nimport asyncio\nfrom panoramisk import Manager\n\n"
        "manager = Manager(loop=asyncio.get_event_loop(), host='pbx01.acme.example', port=5038,\n"
        f"                  username='wallboard', {var}='{value}', ping_delay=10)\n\n"
        "@manager.register_event('QueueMemberStatus')\n"
        "def on_member(manager, event):\n    print(event.MemberName, event.Status)\n"
    ), value


def freeswitch_directory_user_xml_param(rng: random.Random, var: str, value: str) -> Place:
    ext = "1" + s(rng, 3, DIGITS)
    return (
        f"<!-- /etc/freeswitch/directory/default/{ext}.xml -->\n<include>\n"
        f'  <user id="{ext}">\n    <params>\n'
        f'      <param name="{var}" value="{value}"/>\n'
        '      <param name="vm-password" value="' + s(rng, 4, DIGITS) + '"/>\n    </params>\n    <variables>\n'
        '      <variable name="user_context" value="default"/>\n'
        f'      <variable name="effective_caller_id_number" value="{ext}"/>\n    </variables>\n  </user>\n</include>\n'
    ), value


def freeswitch_sip_profile_gateway_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /etc/freeswitch/sip_profiles/external/trunk.xml -->\n<include>\n"
        '  <gateway name="acme-trunk">\n    <param name="realm" value="sip.carrier.example"/>\n'
        f'    <param name="username" value="acme{s(rng, 6, DIGITS)}"/>\n'
        f'    <param name="{var}" value="{value}"/>\n'
        '    <param name="register" value="true"/>\n    <param name="expire-seconds" value="600"/>\n'
        "  </gateway>\n</include>\n"
    ), value


def yealink_provisioning_cfg_account_password(rng: random.Random, var: str, value: str) -> Place:
    mac = s(rng, 12, HEX)
    return (
        f"#!version:1.0.0.1\n## /srv/tftp/{mac}.cfg (Yealink T54W, reception)\n"
        "account.1.enable = 1\naccount.1.label = Reception\naccount.1.auth_name = 2001\n"
        "account.1.user_name = 2001\n"
        f"{var} = {value}\n"
        "account.1.sip_server.1.address = voice.acme.example\naccount.1.sip_server.1.port = 5060\n"
    ), value


def polycom_phone_cfg_reg_auth_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" standalone="yes"?>\n<!-- /srv/provisioning/polycom/phone2003.cfg -->\n<polycomConfig>\n'
        '  <reg reg.1.address="2003" reg.1.label="Loading dock" reg.1.auth.userId="2003"\n'
        f'       reg.1.auth.password="{value}"\n'
        '       reg.1.server.1.address="voice.acme.example" reg.1.server.1.transport="UDPOnly"/>\n</polycomConfig>\n'
    ), value


def fhem_cfg_mqtt2_client_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/fhem/fhem.cfg\ndefine mqttBroker MQTT2_CLIENT 192.168.10.5:1883\n"
        "attr mqttBroker username fhem\nattr mqttBroker clientId fhem-keller\n"
        f"setuuid mqttBroker {s(rng, 8, HEX)}-f33f-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}\n"
        "# fhem> set mqttBroker password ...\n"
        f"set mqttBroker {var} {value}\n"
    ), value


def iobroker_set_mqtt_instance_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "pi@iobroker:~ $ iobroker set mqtt.0 --type client --url 192.168.10.5 --port 1883 "
        f"--user iobroker --pass {value}\n"
        'Instance settings for "mqtt.0" are changed.\npi@iobroker:~ $ iobroker restart mqtt.0\n'
    ), value


def zwavejs_ui_settings_json_s2_keys(rng: random.Random, var: str, value: str) -> Place:
    keys = {"S2_Unauthenticated": value, "S2_Authenticated": s(rng, 32, HEX).upper(),
            "S2_AccessControl": s(rng, 32, HEX).upper(), "S0_Legacy": s(rng, 32, HEX).upper()}  # fmt: skip
    doc = {"mqtt": {"name": "zwave-js-ui", "host": "mqtt://192.168.10.5", "port": 1883},
           "zwave": {"port": "/dev/serial/by-id/usb-Zooz_800_Z-Wave_Stick-if00", "securityKeys": keys,
                     "logLevel": "info"}}  # fmt: skip
    return "root@hass:/opt/zwave-js-ui/store# cat settings.json\n" + json.dumps(doc, indent=2) + "\n", value


def zwave_js_server_config_js_security_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// /etc/zwave-js-server/config.js\nmodule.exports = {\n  logConfig: { filename: '/var/log/zwave-js.log' },\n"
        "  storage: { cacheDir: '/var/lib/zwave-js' },\n  securityKeys: {\n"
        f"    S0_Legacy: Buffer.from('{value}', 'hex'),\n"
        f"    S2_Unauthenticated: Buffer.from('{s(rng, 32, HEX).upper()}', 'hex'),\n  }},\n}};\n"
    ), value


def esp_idf_sdkconfig_prov_pop(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# sdkconfig (ESP-IDF, thermostat firmware)\nCONFIG_EXAMPLE_PROV_TRANSPORT_BLE=y\n"
        "CONFIG_EXAMPLE_PROV_SECURITY_VERSION_1=y\n"
        f'CONFIG_EXAMPLE_PROV_SEC1_POP="{value}"\n'
        "CONFIG_EXAMPLE_PROV_MGR_MAX_RETRY_CNT=5\n"
    ), value


def esp_prov_cli_pop_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ python $IDF_PATH/tools/esp_prov/esp_prov.py --transport ble --service_name PROV_3A41F2 "
        f"--sec_ver 1 --{var} {value} --ssid Workshop-IoT --passphrase $WIFI_PSK\n"
        "==== Esp_Prov Version: v1.1 ====\n==== Verifying protocol version ====\n==== Starting Session ====\n"
        "==== Session Established ====\n==== Sending Wi-Fi Credentials to Target ====\n"
    ), value


def micropython_webrepl_cfg_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ mpremote cat :webrepl_cfg.py\nPASS = '{value}'\n$ mpremote cat :boot.py\nimport webrepl\nwebrepl.start()\n",
        value,
    )


def webrepl_cli_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ./webrepl_cli.py -p {value} main.py 192.168.10.41:/main.py\nop:put, host:192.168.10.41, port:8266, "
        "passwd:" + value + ".\nmain.py -> /main.py\nSent 2914 of 2914 bytes\n"
    ), value


def munge_key_ansible_vars(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# inventories/hpc/group_vars/slurm_all/munge.yml\nmunge_key_owner: munge\nmunge_key_mode: '0400'\n"
        f'{var}: "{value}"\n'
    ), value


def slurm_helm_values_munge_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# charts/slurm/values-prod.yaml\ncontroller:\n  replicas: 1\n  persistence:\n    size: 20Gi\n"
        f"munge:\n  keyBase64: {value}\n"
        "compute:\n  nodesets:\n    - name: cpu\n      replicas: 8\n"
    ), value


def globus_cli_env_client_secret(rng: random.Random, var: str, value: str) -> Place:
    cid = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-4{s(rng, 3, HEX)}-a{s(rng, 3, HEX)}-{s(rng, 12, HEX)}"
    return (
        f"[svc-transfer@dtn01 ~]$ export GLOBUS_CLI_CLIENT_ID={cid}\n"
        f"[svc-transfer@dtn01 ~]$ export {var}={value}\n"
        "[svc-transfer@dtn01 ~]$ globus whoami\n" + cid + "@clients.auth.globus.org\n"
    ), value


def globus_sdk_confidential_client_py(rng: random.Random, var: str, value: str) -> Place:
    cid = f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-4{s(rng, 3, HEX)}-9{s(rng, 3, HEX)}-{s(rng, 12, HEX)}"
    return (
        "# pipelines/archive_run.py\nimport globus_sdk\n\n"
        f'client = globus_sdk.ConfidentialAppAuthClient("{cid}", "{value}")\n'
        "authorizer = globus_sdk.ClientCredentialsAuthorizer(client, globus_sdk.TransferClient.scopes.all)\n"
        "tc = globus_sdk.TransferClient(authorizer=authorizer)\n"
    ), value


def xdmod_portal_settings_ini_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        '; /etc/xdmod/portal_settings.ini\n[general]\nsite_address = "https://xdmod.hpc.acme.example/"\n\n'
        '[database]\nhost = "db01"\nport = "3306"\nuser = "xdmod"\n'
        f'{var} = "{value}"\n'
    ), value


def xdmod_setup_transcript_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[root@xdmod ~]# xdmod-setup\n========================================\n"
        "Database Settings\n========================================\n\n"
        "DB Hostname or IP: [localhost] db01\nDB Port: [3306] \nDB Username: [xdmod] \n"
        f"DB Password: {value}\n(confirm) DB Password: {value}\n"
        "DB Admin Username: [root] \n"
    ), value


def pybis_login_call(rng: random.Random, var: str, value: str) -> Place:
    return (
        "In [1]: from pybis import Openbis\n\nIn [2]: o = Openbis('https://openbis.lab.acme.example')\n\n"
        f"In [3]: o.login('lab.robot', '{value}', save_token=True)\n"
        "Out[3]: 'lab.robot-251128101422514x" + s(rng, 32, HEX).upper() + "'\n"
    ), value


def openbis_service_properties_db_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# servers/openBIS-server/jetty/etc/service.properties\ndatabase.engine = postgresql\n"
        "database.kind = prod\ndatabase.owner = openbis\n"
        f"database.owner-{var} = {value}\n"
        "database.admin-user = postgres\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        asterisk_manager_conf_user_secret,
        panoramisk_manager_secret_kwarg,
        freeswitch_directory_user_xml_param,
        freeswitch_sip_profile_gateway_xml,
        yealink_provisioning_cfg_account_password,
        polycom_phone_cfg_reg_auth_password,
        fhem_cfg_mqtt2_client_password,
        iobroker_set_mqtt_instance_pass,
        zwavejs_ui_settings_json_s2_keys,
        zwave_js_server_config_js_security_keys,
        esp_idf_sdkconfig_prov_pop,
        esp_prov_cli_pop_flag,
        micropython_webrepl_cfg_py,
        webrepl_cli_p_flag,
        munge_key_ansible_vars,
        slurm_helm_values_munge_key,
        globus_cli_env_client_secret,
        globus_sdk_confidential_client_py,
        xdmod_portal_settings_ini_pass,
        xdmod_setup_transcript_db_password,
        pybis_login_call,
        openbis_service_properties_db_password,
    )
}
