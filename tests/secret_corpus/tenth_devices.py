"""The tenth held-out part's places (tenth.py) on network gear, hypervisors, desktops and monitoring: Proxmox VE API
tokens, Junos ``$9$`` secrets, MikroTik RouterOS exports, Group Policy Preferences' ``cpassword``, WinSCP's stored
sessions, the macOS keychain's ``security`` tool, Nagios' ``resource.cfg`` and Icinga 2's API users. Each takes
``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import s, uuid4


def proxmox_pveapitoken_header(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"curl -s -k -H 'Authorization: PVEAPIToken=root@pam!ci={value}' \\\n"
        "  https://pve-01.acme.lan:8006/api2/json/nodes/pve-01/qemu | jq '.data[].name'\n"
    ), value


def proxmoxer_python_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "from proxmoxer import ProxmoxAPI\n\n"
        f'pve = ProxmoxAPI("pve-01.acme.lan", user="terraform@pve", token_name="tf", token_value="{value}", '
        'verify_ssl=False)\nfor vm in pve.nodes("pve-01").qemu.get():\n    print(vm["vmid"], vm["name"])\n'
    ), value


def junos_config_set(rng: random.Random, var: str, value: str) -> Place:
    return (
        "admin@edge-01> show configuration | display set | match authentication\n"
        f'set system login user netops authentication encrypted-password "$6${s(rng, 8)}${s(rng, 86)}"\n'
        f'set protocols bgp group transit neighbor 198.51.100.1 authentication-key "{value}"\n'
    ), value


def junos_show_config_hierarchy(rng: random.Random, var: str, value: str) -> Place:
    return (
        "admin@edge-01> show configuration system radius-server\n192.0.2.50 {\n"
        f'    secret "{value}"; ## SECRET-DATA\n    source-address 192.0.2.1;\n}}\n'
    ), value


def routeros_export_script(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# mar/02/2026 10:14:07 by RouterOS 7.14\n# software id = 4XKQ-9ZT2\n/ppp secret\n"
        f'add name=branch-office password="{value}" profile=default-encryption remote-address=10.8.0.2 service=l2tp\n'
        "/ip address\nadd address=192.168.88.1/24 interface=bridge network=192.168.88.0\n"
    ), value


def routeros_ssh_user_add(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ ssh admin@192.168.88.1 '/user add name=backup group=read password=\"{value}\"'\n"
        "$ ssh admin@192.168.88.1 '/user print terse'\n 0 name=admin group=full\n 1 name=backup group=read\n"
    ), value


def gpp_groups_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "\\\\acme.lan\\SYSVOL\\acme.lan\\Policies\\{31B2F340-016D-11D2-945F-00C04FB984F9}\\Machine\\Preferences"
        '\\Groups\\Groups.xml\n<?xml version="1.0" encoding="utf-8"?>\n'
        '<Groups clsid="{3125E937-EB16-4b4c-9934-544FC6D24D26}"><User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" '
        f'name="LocalAdmin" changed="2025-11-04 09:12:44" uid="{{{uuid4(rng).upper()}}}">'
        f'<Properties action="U" newName="" fullName="" description="" cpassword="{value}" changeLogon="0" '
        'noChange="1" neverExpires="1" acctDisabled="0" userName="LocalAdmin"/></User></Groups>\n'
    ), value


def gpp_scheduledtasks_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="utf-8"?>\n<ScheduledTasks clsid="{CC63F200-7309-4ba0-B154-A71CD118DBCC}">\n'
        '  <Task clsid="{2DEECB1C-261F-4e13-9B21-16FB83BC03BD}" name="NightlyBackup" changed="2025-10-01 02:00:00">\n'
        f'    <Properties action="U" name="NightlyBackup" runAs="ACME\\svc_backup" cpassword="{value}" '
        'logonType="Password" appName="C:\\Scripts\\backup.cmd"/>\n  </Task>\n</ScheduledTasks>\n'
    ), value


def winscp_ini_session(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; WinSCP.ini\n[Sessions\\deploy@files.acme.dev]\nHostName=files.acme.dev\nUserName=deploy\n"
        f"PortNumber=22\nPassword={value}\nFSProtocol=2\n"
    ), value


def winscp_registry_export(rng: random.Random, var: str, value: str) -> Place:
    return (
        "Windows Registry Editor Version 5.00\n\n"
        "[HKEY_CURRENT_USER\\Software\\Martin Prikryl\\WinSCP 2\\Sessions\\backup@nas.acme.lan]\n"
        f'"HostName"="nas.acme.lan"\n"UserName"="backup"\n"Password"="{value}"\n"FSProtocol"=dword:00000000\n'
    ), value


def security_add_generic_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ security add-generic-password -a \"$USER\" -s acme-release-signing -w '{value}' -U\n"
        "$ security find-generic-password -s acme-release-signing | head -3\n"
        'keychain: "/Users/ci/Library/Keychains/login.keychain-db"\nversion: 512\nclass: "genp"\n'
    ), value


def security_find_generic_password_w(rng: random.Random, var: str, value: str) -> Place:
    return (f"$ security find-generic-password -s 'App Store Connect' -a ops@acme.dev -w\n{value}\n"), value


def nagios_resource_cfg(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /usr/local/nagios/etc/resource.cfg\n# Sets $USER1$ to be the path to the plugins\n"
        "$USER1$=/usr/local/nagios/libexec\n$USER3$=monitor\n"
        f"$USER4$={value}\n"
    ), value


def nagios_command_check_mysql(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# objects/commands.cfg\ndefine command {\n    command_name    check_mysql_replica\n"
        f"    command_line    $USER1$/check_mysql -H $HOSTADDRESS$ -u nagios -p '{value}' -S\n}}\n"
    ), value


def icinga2_api_users_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// /etc/icinga2/conf.d/api-users.conf\nobject ApiUser "director" {\n'
        f'  password = "{value}"\n  permissions = [ "*" ]\n}}\n'
    ), value


def icinga_director_kickstart_json(rng: random.Random, var: str, value: str) -> Place:
    doc = {"endpoint": "icinga-master.acme.lan", "host": "127.0.0.1", "port": 5665, "username": "director",
           "password": value}  # fmt: skip
    return "$ cat /etc/icingaweb2/modules/director/kickstart.json\n" + json.dumps(doc, indent=4) + "\n", value


PLACES: dict[str, Shown] = {
    f.__name__: f
    for f in (
        proxmox_pveapitoken_header, proxmoxer_python_token, junos_config_set, junos_show_config_hierarchy,
        routeros_export_script, routeros_ssh_user_add, gpp_groups_xml, gpp_scheduledtasks_xml, winscp_ini_session,
        winscp_registry_export, security_add_generic_password, security_find_generic_password_w, nagios_resource_cfg,
        nagios_command_check_mysql, icinga2_api_users_conf, icinga_director_kickstart_json,
    )
}  # fmt: skip
