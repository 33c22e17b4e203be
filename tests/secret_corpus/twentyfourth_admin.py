"""Where the twenty-fourth held-out part (twentyfourth.py) shows generic secrets that network controllers and
monitoring, runbook servers, bare-metal provisioning, hypervisors and release signing hold or are given: a UniFi
controller's password (unpoller's ``up.conf``, a Python login to its API), a LibreNMS API token (a ``curl`` with its
header, Oxidized's source), Cacti's database password (``config.php``, Spine's ``spine.conf``), a Rundeck API token (the
``rd`` CLI's environment, a ``curl`` with its header), Foreman's administrator password (the installer's answers file,
hammer's configuration), a MAAS API key (``maas login``, its Terraform provider), an ESXi root password (``esxcli``,
pyVmomi), oVirt's engine administrator password (an ``engine-setup`` answer file, its Python SDK) and a signify secret
key (a ``.sec`` file shown by ``cat``, a release script writing it). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, s


def unpoller_conf_unifi_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/unpoller/up.conf\n[poller]\n  debug = false\n\n[influxdb]\n  url = "http://influx:8086"\n\n'
        '[unifi.defaults]\n  url  = "https://unifi.corp.example:8443"\n  user = "unifipoller"\n'
        f'  {var} = "{value}"\n'
        "  save_sites = true\n"
    ), value


def unifi_controller_python_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# tools/guest_vouchers.py: this week's guest Wi-Fi vouchers\nimport requests\n\n"
        "s = requests.Session()\n"
        's.post("https://unifi.corp.example:8443/api/login",\n'
        f'       json={{"username": "voucherbot", "password": "{value}"}}, verify=False)\n'
        'r = s.post("https://unifi.corp.example:8443/api/s/default/cmd/hotspot",\n'
        '           json={"cmd": "create-voucher", "n": 20})\n'
    ), value


def librenms_curl_x_auth_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "netops@mon01:~$ curl -s -H 'X-Auth-Token: " + value + "' \\\n"
        "    https://librenms.corp.example/api/v0/devices?type=down | jq '.devices[].hostname'\n"
        '"sw-floor3-02.corp.example"\n'
    ), value


def oxidized_librenms_source_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/oxidized/config (device list from LibreNMS)\nsource:\n  default: http\n  http:\n"
        "    url: https://librenms.corp.example/api/v0/oxidized\n    scheme: https\n"
        "    map:\n      name: hostname\n      model: os\n    headers:\n"
        f"      X-Auth-Token: '{value}'\n"
    ), value


def cacti_config_php_database_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<?php\n/* /usr/share/cacti/include/config.php */\n$database_type     = 'mysql';\n"
        "$database_default  = 'cacti';\n$database_hostname = 'localhost';\n$database_username = 'cactiuser';\n"
        f"${var} = '{value}';\n"
        "$database_port     = '3306';\n"
    ), value


def cacti_spine_conf_db_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /usr/local/spine/etc/spine.conf\nDB_Host       localhost\nDB_Database   cacti\nDB_User       cactiuser\n"
        f"DB_Pass       {value}\n"
        "DB_Port       3306\n"
    ), value


def rundeck_cli_env_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ops@jump:~$ export RD_URL=https://rundeck.corp.example\n"
        f"ops@jump:~$ export {var}={value}\n"
        "ops@jump:~$ rd run -p infra -j 'patch/reboot-window' -- -hosts web0[1-4]\n"
        "# Found matching job: 7c1e... patch/reboot-window\n"
    ), value


def rundeck_curl_auth_token_header(rng: random.Random, var: str, value: str) -> Place:
    n = s(rng, 4, DIGITS)
    return (
        "# .gitlab/deploy-notify.sh\ncurl -sf -X POST \\\n"
        f"  -H 'X-Rundeck-Auth-Token: {value}' \\\n"
        '  -H \'Content-Type: application/json\' -d \'{"options":{"release":"\'"$CI_COMMIT_TAG"\'"}}\' \\\n'
        f"  https://rundeck.corp.example/api/45/job/{n}-release-notify/run\n"
    ), value


def foreman_installer_answers_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/foreman-installer/scenarios.d/foreman-answers.yaml\n---\nforeman:\n"
        "  initial_organization: Corp\n  initial_location: Rack Room A\n  initial_admin_username: admin\n"
        f"  {var}: {value}\n"
        "foreman::plugin::remote_execution: true\n"
    ), value


def hammer_cli_config_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.hammer/cli.modules.d/foreman.yml\n:foreman:\n  :host: 'https://foreman.corp.example'\n"
        "  :username: 'provisioner'\n"
        f"  :password: '{value}'\n"
    ), value


def maas_login_cli_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "ubuntu@maas-region:~$ maas login admin http://10.20.0.2:5240/MAAS/api/2.0/ "
        f"{value}\n\nYou are now logged in to the MAAS server at\nhttp://10.20.0.2:5240/MAAS/api/2.0/ with the "
        "profile name 'admin'.\n"
    ), value


def maas_terraform_provider_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# metal/providers.tf\nterraform {\n  required_providers {\n    maas = {\n"
        '      source  = "canonical/maas"\n      version = "~> 2.4"\n    }\n  }\n}\n\n'
        'provider "maas" {\n  api_version = "2.0"\n'
        f'  {var}     = "{value}"\n'
        '  api_url     = "http://10.20.0.2:5240/MAAS"\n}\n'
    ), value


def esxcli_account_set_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[root@esx07:~] esxcli system account set -i root "
        f"-p '{value}' -c '{value}'\n"
        "[root@esx07:~] esxcli system account list\nUser ID  Description\n-------  -----------\n"
        "root     Administrator\n"
    ), value


def pyvmomi_smartconnect_pwd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# inventory/esx_hosts.py\nimport ssl\nfrom pyVim.connect import SmartConnect\n\n"
        "ctx = ssl._create_unverified_context()\n"
        f'si = SmartConnect(host="esx07.corp.example", user="root", {var}="{value}", sslContext=ctx)\n'
        "content = si.RetrieveContent()\n"
    ), value


def ovirt_engine_setup_answer_file(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# answers.conf, given as: engine-setup --config-append=answers.conf\n[environment:default]\n"
        "OVESETUP_CONFIG/fqdn=str:engine.virt.corp.example\n"
        f"OVESETUP_CONFIG/{var}=str:{value}\n"
        "OVESETUP_DB/host=str:localhost\nOVESETUP_ENGINE_CONFIG/fqdn=str:engine.virt.corp.example\n"
    ), value


def ovirt_sdk_connection_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# scripts/vm_report.py\nimport ovirtsdk4 as sdk\n\nconnection = sdk.Connection(\n"
        '    url="https://engine.virt.corp.example/ovirt-engine/api",\n    username="admin@internal",\n'
        f'    password="{value}",\n'
        '    ca_file="ca.pem",\n)\n'
    ), value


def signify_sec_file_cat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "release@build:~/keys$ cat tool-2026.sec\nuntrusted comment: signify secret key\n"
        f"{value}\n"
        "release@build:~/keys$ signify -S -s tool-2026.sec -m SHA256 -x SHA256.sig\n"
    ), value


def signify_release_script_heredoc(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# release/sign.sh: sign the checksums of a release\nset -e\n"
        "cat > /tmp/release.sec <<'EOF'\nuntrusted comment: signify secret key\n"
        f"{value}\n"
        "EOF\nsignify -S -s /tmp/release.sec -m SHA256 -x SHA256.sig\nrm -f /tmp/release.sec\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        unpoller_conf_unifi_pass,
        unifi_controller_python_login,
        librenms_curl_x_auth_token,
        oxidized_librenms_source_token,
        cacti_config_php_database_password,
        cacti_spine_conf_db_pass,
        rundeck_cli_env_token,
        rundeck_curl_auth_token_header,
        foreman_installer_answers_admin_password,
        hammer_cli_config_password,
        maas_login_cli_api_key,
        maas_terraform_provider_api_key,
        esxcli_account_set_password,
        pyvmomi_smartconnect_pwd,
        ovirt_engine_setup_answer_file,
        ovirt_sdk_connection_password,
        signify_sec_file_cat,
        signify_release_script_heredoc,
    )
}
