"""Where the twentieth held-out part (twentieth.py) shows generic secrets that VPN gateways and clients, DNS and DHCP
servers, print servers and multifunction printers, NAS appliances and SCADA collectors hold: an IKE pre-shared key (a
FortiGate's phase 1, pfSense's ``config.xml``), an SSL VPN client's password (OpenConnect, openfortivpn), SoftEther's
administration password (``vpncmd``, its Docker environment), a DHCP server's DDNS TSIG secret (Kea's DHCP-DDNS
server, ISC dhcpd), PowerDNS's API key (``pdns.conf``, its API with curl), Technitium DNS Server's admin password (its
Compose file, its login API), dnsdist's console key (its configuration, its console), a CUPS queue's device URI with
a password (``printers.conf``, ``lpadmin``), a multifunction printer's scan-to-folder password (its address book
export, a scan profile), a NAS user's password (Synology's ``synouser``, ``smbpasswd``), Seafile's admin password
(its ``.env``, its Compose file), an OPC UA user's password (Telegraf's ``opcua`` input, asyncua), and a VPN client's
PKCS#12 identity in base64 longer than a stream's window (a strongSwan ``.sswan`` profile, an Apple configuration
profile). Each takes ``(rng, name, value)`` and gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, LOWER, s, uuid4


def fortigate_phase1_psksecret(rng: random.Random, var: str, value: str) -> Place:
    return (
        'FGT60F-HQ # config vpn ipsec phase1-interface\nFGT60F-HQ (phase1-interface) # edit "to-branch-07"\n'
        'FGT60F-HQ (to-branch-07) # set interface "wan1"\nFGT60F-HQ (to-branch-07) # set ike-version 2\n'
        "FGT60F-HQ (to-branch-07) # set remote-gw 198.51.100.77\n"
        f"FGT60F-HQ (to-branch-07) # set psksecret {value}\n"
        "FGT60F-HQ (to-branch-07) # next\nFGT60F-HQ (phase1-interface) # end\n"
    ), value


def pfsense_config_xml_ipsec_psk(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- /cf/conf/config.xml (excerpt) -->\n<ipsec>\n\t<phase1>\n\t\t<ikeid>3</ikeid>\n"
        "\t\t<iketype>ikev2</iketype>\n\t\t<interface>wan</interface>\n"
        "\t\t<remote-gateway>203.0.113.41</remote-gateway>\n\t\t<authentication_method>pre_shared_key"
        "</authentication_method>\n"
        f"\t\t<pre-shared-key>{value}</pre-shared-key>\n"
        "\t\t<descr><![CDATA[Warehouse Leipzig]]></descr>\n\t</phase1>\n</ipsec>\n"
    ), value


def openconnect_passwd_on_stdin_echo(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"dana@laptop:~$ echo '{value}' | sudo openconnect --protocol=anyconnect --user=dana \\\n"
        "    --passwd-on-stdin --authgroup=Employees vpn.acme.example\n"
        "POST https://vpn.acme.example/\nConnected to 198.51.100.10:443\nSSL negotiation with vpn.acme.example\n"
        "Got CONNECT response: HTTP/1.1 200 OK\nCSTP connected. DPD 30, Keepalive 20\n"
    ), value


def openfortivpn_config_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/openfortivpn/config\nhost = sslvpn.acme.example\nport = 10443\nusername = lee.warehouse\n"
        f"password = {value}\n"
        f"trusted-cert = {s(rng, 64, HEX)}\n"
        "set-dns = 1\npppd-use-peerdns = 1\n"
    ), value


def vpncmd_server_password_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@vpn01:~# vpncmd localhost:5555 /SERVER /PASSWORD:{value} /CMD HubList\n"
        "vpncmd command - SoftEther VPN Command Line Management Utility\n\nConnection has been established with "
        'VPN Server "localhost" (port 5555).\n\nHubList command - Get List of Virtual Hubs\n'
        "Item              |Value\n------------------+-----------\n"
        "Virtual Hub Name  |FIELD\nStatus            |Online\n"
        "The command completed successfully.\n"
    ), value


def softether_docker_env_spw(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ docker run -d --name softether --cap-add NET_ADMIN \\\n"
        "    -p 500:500/udp -p 4500:4500/udp -p 1701:1701/tcp -p 1194:1194/udp -p 5555:5555/tcp \\\n"
        f"    -e SPW='{value}' \\\n"
        f"    -e HPW='{s(rng, 18)}' \\\n"
        "    -e USERS='field01:" + s(rng, 14) + "' siomiz/softethervpn\n"
    ), value


def kea_dhcp_ddns_conf_tsig_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// /etc/kea/kea-dhcp-ddns.conf\n{\n"DhcpDdns": {\n  "ip-address": "127.0.0.1",\n  "port": 53001,\n'
        '  "tsig-keys": [\n    {\n      "name": "ddns-update.",\n      "algorithm": "HMAC-SHA256",\n'
        f'      "secret": "{value}"\n'
        '    }\n  ],\n  "forward-ddns": {\n    "ddns-domains": [\n      { "name": "lan.acme.example.", '
        '"key-name": "ddns-update.",\n        "dns-servers": [ { "ip-address": "10.1.0.2" } ] }\n    ]\n  }\n}\n}\n'
    ), value


def dhcpd_conf_ddns_key_block(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/dhcp/dhcpd.conf\nddns-update-style standard;\nddns-domainname "office.acme.example.";\n\n'
        "key ddns-office {\n    algorithm hmac-sha256;\n"
        f'    secret "{value}";\n'
        "}\n\nzone office.acme.example. {\n    primary 10.2.0.2;\n    key ddns-office;\n}\n"
        "subnet 10.2.0.0 netmask 255.255.255.0 {\n    range 10.2.0.100 10.2.0.199;\n}\n"
    ), value


def pdns_conf_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/powerdns/pdns.conf\nlaunch=gpgsql\ngpgsql-host=127.0.0.1\ngpgsql-dbname=pdns\ngpgsql-user=pdns\n"
        "api=yes\n"
        f"api-key={value}\n"
        "webserver=yes\nwebserver-address=127.0.0.1\nwebserver-port=8081\nwebserver-allow-from=127.0.0.1/32\n"
    ), value


def pdns_api_curl_x_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s -H 'X-API-Key: {value}' \\\n"
        "    http://127.0.0.1:8081/api/v1/servers/localhost/zones | jq -r '.[].name'\n"
        "acme.example.\nlan.acme.example.\n0.10.in-addr.arpa.\n"
    ), value


def technitium_compose_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /srv/dns/docker-compose.yml\nservices:\n  dns-server:\n"
        "    image: technitium/dns-server:latest\n    hostname: dns1\n    network_mode: host\n"
        "    environment:\n      - DNS_SERVER_DOMAIN=dns1.lan.acme.example\n"
        f"      - DNS_SERVER_ADMIN_PASSWORD={value}\n"
        "      - DNS_SERVER_FORWARDERS=1.1.1.1, 9.9.9.9\n    volumes:\n      - config:/etc/dns\n"
    ), value


def technitium_api_login_curl(rng: random.Random, var: str, value: str) -> Place:
    token = s(rng, 64, HEX)
    return (
        f"$ curl -s 'http://dns1.lan.acme.example:5380/api/user/login?user=admin&pass={value}&includeInfo=false'\n"
        f'{{"displayName":"Administrator","username":"admin","token":"{token}","status":"ok"}}\n'
    ), value


def dnsdist_conf_setkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "-- /etc/dnsdist/dnsdist.conf\nsetLocal('0.0.0.0:53')\nnewServer({address='10.3.0.11', pool='resolvers'})\n"
        "newServer({address='10.3.0.12', pool='resolvers'})\ncontrolSocket('127.0.0.1:5199')\n"
        f'setKey("{value}")\n'
        "addAction(AllRule(), PoolAction('resolvers'))\n"
    ), value


def dnsdist_console_k_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"root@lb-dns01:~# dnsdist -c 127.0.0.1:5199 -k '{value}'\n"
        "> showServers()\n#   Name                 Address                       State     Qps    Qlim Ord Wt\n"
        "0   10.3.0.11:53         10.3.0.11:53                     up   412.0       0   1  1\n> quit\n"
    ), value


def cups_printers_conf_device_uri(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@print01:~# cat /etc/cups/printers.conf\n# Printer configuration file for CUPS v2.4.7\n"
        "<DefaultPrinter finance-mfp>\nPrinterId 3\nUUID urn:uuid:" + uuid4(rng) + "\nInfo Finance MFP\n"
        "Location 2nd floor, east\nMakeModel Generic PDF Printer\n"
        f"DeviceURI smb://ACME/svc-print:{value}@fs01.acme.local/finance-mfp\n"
        "State Idle\nAccepting Yes\nShared No\n</DefaultPrinter>\n"
    ), value


def lpadmin_smb_device_uri_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@print01:~# lpadmin -p plotter-a0 -E \\\n"
        f"    -v 'smb://svc-print:{value}@fs02.acme.local/plotter-a0' \\\n"
        "    -m everywhere -L 'Drawing office' -o printer-is-shared=false\n"
        "root@print01:~# lpstat -v plotter-a0\ndevice for plotter-a0: smb://fs02.acme.local/plotter-a0\n"
    ), value


def mfp_address_book_csv_smb_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# addressbook_export_" + s(rng, 8, DIGITS) + ".csv (exported from the MFP's web interface)\n"
        "Index,Name,Type,Host,Port,Path,User,Password\n"
        "1,Scans HR,SMB,fs01.acme.local,445,scans/hr,svc-scan,\n"
        f"2,Scans Finance,SMB,fs01.acme.local,445,scans/finance,svc-scan,{value}\n"
        "3,Front desk,EMAIL,,,frontdesk@acme.example,,\n"
    ), value


def mfp_scan_profile_xml_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!-- ScanProfiles.xml, restored to mfp-3f-west -->\n'
        '<ScanProfiles>\n  <Profile name="Legal scans" format="PDF" resolution="300">\n'
        '    <Destination type="SMB">\n      <Host>fs01.acme.local</Host>\n      <Share>legal</Share>\n'
        "      <UserName>svc-scan</UserName>\n"
        f"      <Password>{value}</Password>\n"
        "    </Destination>\n  </Profile>\n</ScanProfiles>\n"
    ), value


def synouser_setpw_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "admin@DS920:~$ sudo synouser --get backup-svc | head -3\nUser Name   : [backup-svc]\n"
        "User Type   : [AUTH_LOCAL]\nFullname    : [Offsite backup]\n"
        f"admin@DS920:~$ sudo synouser --setpw backup-svc '{value}'\n"
        "admin@DS920:~$ echo $?\n0\n"
    ), value


def smbpasswd_stdin_pipe_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# nas/add-scan-user.sh\nset -e\nuseradd -M -s /usr/sbin/nologin scanner\n"
        f"printf '%s\\n%s\\n' '{value}' '{value}' | smbpasswd -s -a scanner\n"
        "smbpasswd -e scanner\n"
    ), value


def seafile_dotenv_init_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/seafile/.env\nCOMPOSE_FILE='seafile-server.yml,caddy.yml'\nSEAFILE_VOLUME=/opt/seafile-data\n"
        "SEAFILE_SERVER_HOSTNAME=files.acme.example\nSEAFILE_SERVER_PROTOCOL=https\n"
        "INIT_SEAFILE_ADMIN_EMAIL=it@acme.example\n"
        f"INIT_SEAFILE_ADMIN_PASSWORD={value}\n"
        f"JWT_PRIVATE_KEY={s(rng, 40)}\n"
    ), value


def seafile_compose_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# docker-compose.yml (Seafile 11 on the NAS)\nservices:\n  seafile:\n"
        "    image: seafileltd/seafile-mc:11.0-latest\n"
        "    environment:\n      - DB_HOST=db\n      - TIME_ZONE=Europe/Berlin\n"
        "      - SEAFILE_ADMIN_EMAIL=it@acme.example\n"
        f"      - SEAFILE_ADMIN_PASSWORD={value}\n"
        "      - SEAFILE_SERVER_HOSTNAME=files.acme.example\n    volumes:\n      - /volume1/seafile:/shared\n"
    ), value


def telegraf_inputs_opcua_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/telegraf/telegraf.d/line3-opcua.conf\n[[inputs.opcua]]\n  name = "line3"\n'
        '  endpoint = "opc.tcp://plc-line3.ot.acme.local:4840"\n  security_policy = "Basic256Sha256"\n'
        '  security_mode = "SignAndEncrypt"\n  auth_method = "UserName"\n  username = "historian"\n'
        f'  password = "{value}"\n'
        '  nodes = [\n    {name="spindle_rpm", namespace="3", identifier_type="s", identifier="Line3.Spindle.RPM"},\n'
        "  ]\n"
    ), value


def asyncua_client_set_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# historian/collect.py\nimport asyncio\n\nfrom asyncua import Client\n\n\nasync def main():\n"
        '    client = Client("opc.tcp://plc-press2.ot.acme.local:4840")\n    client.set_user("historian")\n'
        f'    client.set_password("{value}")\n'
        "    async with client:\n        node = client.get_node('ns=2;s=Press2.Hydraulics.Pressure')\n"
        "        print(await node.read_value())\n\nasyncio.run(main())\n"
    ), value


def sswan_profile_json_p12(rng: random.Random, var: str, value: str) -> Place:
    return (
        "{\n"
        f'  "uuid": "{uuid4(rng)}",\n'
        '  "name": "Acme field VPN",\n  "type": "ikev2-cert",\n'
        '  "remote": {\n    "addr": "vpn.acme.example",\n    "id": "vpn.acme.example"\n  },\n  "local": {\n'
        f'    "p12": "{value}"\n'
        '  },\n  "split-tunneling": {\n    "subnets": "10.0.0.0/8"\n  }\n}\n'
    ), value


def mobileconfig_ikev2_pkcs12_data(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" '
        '"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n'
        "  <key>PayloadContent</key>\n  <array>\n    <dict>\n      <key>PayloadType</key>\n"
        "      <string>com.apple.security.pkcs12</string>\n      <key>PayloadIdentifier</key>\n"
        "      <string>com.acme.vpn." + s(rng, 8, LOWER) + "</string>\n      <key>PayloadContent</key>\n"
        f"      <data>{value}</data>\n"
        "    </dict>\n  </array>\n  <key>PayloadDisplayName</key>\n  <string>Acme IKEv2 VPN</string>\n"
        "</dict>\n</plist>\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        fortigate_phase1_psksecret, pfsense_config_xml_ipsec_psk, openconnect_passwd_on_stdin_echo,
        openfortivpn_config_password, vpncmd_server_password_flag, softether_docker_env_spw,
        kea_dhcp_ddns_conf_tsig_keys, dhcpd_conf_ddns_key_block, pdns_conf_api_key, pdns_api_curl_x_api_key,
        technitium_compose_admin_password, technitium_api_login_curl, dnsdist_conf_setkey, dnsdist_console_k_flag,
        cups_printers_conf_device_uri, lpadmin_smb_device_uri_cmd, mfp_address_book_csv_smb_password,
        mfp_scan_profile_xml_password, synouser_setpw_cmd, smbpasswd_stdin_pipe_cmd,
        seafile_dotenv_init_admin_password, seafile_compose_admin_password, telegraf_inputs_opcua_password,
        asyncua_client_set_password, sswan_profile_json_p12, mobileconfig_ikev2_pkcs12_data,
    )
}  # fmt: skip
