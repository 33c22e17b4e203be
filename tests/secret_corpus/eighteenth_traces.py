"""Where the eighteenth held-out part (eighteenth.py) shows generic secrets that hardware and OS administration,
encryption tools and security tools hold or print: a BMC's password (``hponcfg``'s XML, a Redfish call), a firmware
setup password (Dell's ``cctk``, Lenovo's WMI from PowerShell), an installer's password property (``msiexec``,
Chocolatey's package parameters), a Mac's local account password (a Jamf script's ``sysadminctl``, ``dscl`` in a
shell history), a Wi-Fi key as an OS exports it (``netsh wlan show profile``, a ``.mobileconfig``), a document's
encryption password (``qpdf``, ``msoffcrypto-tool``), a volume's passphrase (VeraCrypt's text mode, ``cryptsetup``
fed on standard input), a cracked password (hashcat's potfile, ``john --show``), a password on a remote login tool's
command line (``evil-winrm``, ``xfreerdp``), a managed local admin password read back (Windows LAPS, legacy LAPS), a
CrowdSec bouncer's API key (``cscli bouncers add``, the firewall bouncer's file), a Teleport join token (``tctl
tokens add``, ``teleport.yaml``) and a code signing PKCS#12 bundle in base64 longer than a stream's window (a
Terraform GitHub Actions secret, ``az pipelines variable create``). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, UPPER, s, uuid4


def hponcfg_xml_login_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<!-- ilo-add-user.xml: hponcfg -f ilo-add-user.xml -l ilo.log -->\n<RIBCL VERSION="2.0">\n'
        f'  <LOGIN USER_LOGIN="Administrator" PASSWORD="{value}">\n'
        '    <USER_INFO MODE="write">\n      <ADD_USER USER_NAME="ops" USER_LOGIN="ops" PASSWORD="'
        + s(rng, 12)
        + '">\n        <ADMIN_PRIV value="Y"/>\n      </ADD_USER>\n    </USER_INFO>\n  </LOGIN>\n</RIBCL>\n'
    ), value


def redfish_curl_basic_systems(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -sk -u 'root:{value}' https://10.10.4.31/redfish/v1/Systems/System.Embedded.1 | jq '{{PowerState, "
        "Model, SerialNumber}'\n"
        '{\n  "PowerState": "On",\n  "Model": "PowerEdge R750",\n  "SerialNumber": "'
        + s(rng, 7, UPPER + DIGITS)
        + '"\n}\n'
    ), value


def dell_cctk_setuppwd_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\Program Files (x86)\\Dell\\Command Configure\\X86_64> "
        f"cctk.exe --SetupPwd={value}\n"
        "Password is set successfully. The changes will take effect after the system reboots.\n"
        "C:\\Program Files (x86)\\Dell\\Command Configure\\X86_64> cctk.exe --BootOrder --ValSetupPwd=****\n"
    ), value


def lenovo_wmi_set_bios_password_ps1(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Intune remediation: set-supervisor-password.ps1\n"
        "$pw = Get-WmiObject -Namespace root\\wmi -Class Lenovo_SetBiosPassword\n"
        f'$result = $pw.SetBiosPassword("pap,,{value},ascii,us")\n'
        "if ($result.Return -ne 'Success') { Write-Error \"SetBiosPassword: $($result.Return)\"; exit 1 }\n"
    ), value


def msiexec_qn_service_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "C:\\Deploy> msiexec /i BackupAgent-x64.msi /qn /l*v agent-install.log "
        f'SERVICEACCOUNT="CORP\\svc-backup" SERVICEPASSWORD="{value}" SERVERNAME=backup01.corp.local\n'
        "C:\\Deploy> echo %ERRORLEVEL%\n0\n"
    ), value


def choco_install_params_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\> choco install postgresql16 -y --params "
        f"\"'/Password:{value} /Port:5433'\"\n"
        "Chocolatey v2.3.0\nInstalling the following packages:\npostgresql16\n"
        " The install of postgresql16 was successful.\n"
    ), value


def jamf_script_sysadminctl_adduser(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/zsh\n# Jamf Pro policy script: create-support-admin.sh\n"
        '/usr/sbin/sysadminctl -addUser supportadmin -fullName "Support Admin" -UID 502 \\\n'
        f"    -password '{value}' -admin\n"
        "/usr/bin/dscl . -create /Users/supportadmin IsHidden 1\nexit 0\n"
    ), value


def dscl_passwd_shell_history(rng: random.Random, var: str, value: str) -> Place:
    return (
        "mira@studio-07 ~ % history | tail -n 3\n"
        "  501  sudo dscl . -list /Users | grep -v '^_'\n"
        f"  502  sudo dscl . -passwd /Users/kiosk '{value}'\n"
        "  503  sudo defaults write /Library/Preferences/com.apple.loginwindow autoLoginUser kiosk\n"
    ), value


def netsh_wlan_show_profile_key_clear(rng: random.Random, var: str, value: str) -> Place:
    return (
        'C:\\> netsh wlan show profile name="Acme-Office" key=clear\n\n'
        "Profile Acme-Office on interface Wi-Fi:\n"
        "=======================================================================\n\n"
        "Security settings\n-----------------\n"
        "    Authentication         : WPA2-Personal\n    Cipher                 : CCMP\n"
        "    Security key           : Present\n"
        f"    Key Content            : {value}\n\n"
        "Cost settings\n-------------\n    Cost                   : Unrestricted\n"
    ), value


def mobileconfig_wifi_payload_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "<!-- Warehouse-WiFi.mobileconfig -->\n<dict>\n\t<key>AutoJoin</key>\n\t<true/>\n"
        "\t<key>EncryptionType</key>\n\t<string>WPA2</string>\n\t<key>SSID_STR</key>\n\t<string>Warehouse</string>\n"
        f"\t<key>Password</key>\n\t<string>{value}</string>\n"
        "\t<key>PayloadType</key>\n\t<string>com.apple.wifi.managed</string>\n"
        f"\t<key>PayloadUUID</key>\n\t<string>{uuid4(rng).upper()}</string>\n</dict>\n"
    ), value


def qpdf_encrypt_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ qpdf --encrypt {value} Owner-{s(rng, 6)} 256 --print=none -- payroll-2026-11.pdf payroll-locked.pdf\n"
        "$ qpdf --show-encryption payroll-locked.pdf | head -n 2\nR = 6\nP = -3904\n"
    ), value


def msoffcrypto_tool_cmd(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ msoffcrypto-tool -e -p '{value}' board-pack-Q4.xlsx board-pack-Q4-locked.xlsx\n"
        "$ msoffcrypto-tool --test -v board-pack-Q4-locked.xlsx\nboard-pack-Q4-locked.xlsx: encrypted\n"
    ), value


def veracrypt_text_mount_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ veracrypt --text --non-interactive --mount /srv/vault/archive.hc /mnt/archive \\\n"
        f"    --password='{value}' --pim=0 --keyfiles='' --protect-hidden=no\n"
        "$ veracrypt --text --list\n1: /srv/vault/archive.hc /dev/mapper/veracrypt1 /mnt/archive\n"
    ), value


def cryptsetup_luksopen_key_file_stdin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# /usr/local/sbin/mount-backup-disk\nset -e\n"
        f"printf '%s' '{value}' | cryptsetup open /dev/disk/by-uuid/{uuid4(rng)} backup --key-file=-\n"
        "mount /dev/mapper/backup /mnt/backup\n"
    ), value


def hashcat_potfile_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ hashcat -m 1000 ntlm.txt rockyou.txt -r rules/best64.rule --show | head -n 3\n"
        f"{s(rng, 32, HEX)}:Summer2024!\n{s(rng, 32, HEX)}:{value}\n{s(rng, 32, HEX)}:Welcome1\n"
    ), value


def john_show_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ john --show --format=sha512crypt unshadowed.txt\n"
        f"svc_deploy:{value}:1003:1003:Deploy user,,,:/home/svc_deploy:/bin/bash\n\n"
        "1 password hash cracked, 4 left\n"
    ), value


def evil_winrm_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ evil-winrm -i 10.10.20.15 -u 'svc_backup' -p '{value}'\n\n"
        "Evil-WinRM shell v3.5\n\nInfo: Establishing connection to remote endpoint\n"
        "*Evil-WinRM* PS C:\\Users\\svc_backup\\Documents> whoami\ncorp\\svc_backup\n"
    ), value


def xfreerdp_p_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ xfreerdp /v:ts01.corp.local /u:CORP\\\\helpdesk /p:'{value}' /cert:ignore /dynamic-resolution\n"
        "[10:14:02:118] [41233:41234] [INFO][com.freerdp.client.x11] - Logon Error Info LOGON_WARNING\n"
    ), value


def laps_get_lapsadpassword_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\> Get-LapsADPassword -Identity WS-0417 -AsPlainText\n\n"
        "ComputerName        : WS-0417\nDistinguishedName   : CN=WS-0417,OU=Workstations,DC=corp,DC=local\n"
        "Account             : Administrator\n"
        f"Password            : {value}\n"
        "PasswordUpdateTime  : 11/27/2026 6:02:11 AM\nExpirationTimestamp : 12/27/2026 6:02:11 AM\n"
        "Source              : EncryptedPassword\nDecryptionStatus    : Success\n"
    ), value


def laps_legacy_ms_mcs_admpwd_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PS C:\\> Get-ADComputer WS-0388 -Properties ms-Mcs-AdmPwd, ms-Mcs-AdmPwdExpirationTime |\n"
        ">>   Select-Object Name, ms-Mcs-AdmPwd\n\n"
        "Name    ms-Mcs-AdmPwd\n----    -------------\n"
        f"WS-0388 {value}\n"
    ), value


def crowdsec_cscli_bouncers_add_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@edge:~# cscli bouncers add fw-bouncer-edge\nAPI key for 'fw-bouncer-edge':\n\n"
        f"   {value}\n\n"
        "Please keep this key since you will not be able to retrieve it!\n"
    ), value


def crowdsec_firewall_bouncer_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/crowdsec/bouncers/crowdsec-firewall-bouncer.yaml\nmode: nftables\nupdate_frequency: 10s\n"
        "log_mode: file\nlog_dir: /var/log/\nlog_level: info\napi_url: http://127.0.0.1:8080/\n"
        f"api_key: {value}\n"
        "disable_ipv6: false\ndeny_action: DROP\n"
    ), value


def teleport_tctl_tokens_add_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ tctl tokens add --type=node --ttl=1h\n"
        f"The invite token: {value}\nThis token will expire in 60 minutes.\n\n"
        "Run this on the new node to join the cluster:\n\n"
        f"> teleport start \\\n   --roles=node \\\n   --token={value} \\\n"
        f"   --ca-pin=sha256:{s(rng, 64, HEX)} \\\n   --auth-server=10.20.0.5:3025\n"
    ), value


def teleport_yaml_join_params_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/teleport.yaml\nversion: v3\nteleport:\n  nodename: db-replica-2\n"
        "  data_dir: /var/lib/teleport\n  join_params:\n"
        f"    token_name: {value}\n    method: token\n"
        "  proxy_server: teleport.acme.dev:443\nssh_service:\n  enabled: true\n"
        "  labels:\n    env: prod\n"
    ), value


def terraform_github_actions_secret_plaintext(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# infra/github/secrets.tf\n"
        'resource "github_actions_secret" "code_signing_p12" {\n  repository      = "desktop-app"\n'
        f'  secret_name     = "{var}"\n  plaintext_value = "{value}"\n}}\n'
    ), value


def az_pipelines_variable_create_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ az pipelines variable create --org https://dev.azure.com/acme --project Desktop \\\n"
        f"    --pipeline-name desktop-release --name {var} --secret true \\\n"
        f"    --value '{value}'\n"
        '{\n  "' + var + '": {\n    "allowOverride": null,\n    "isSecret": true,\n    "value": null\n  }\n}\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        hponcfg_xml_login_password, redfish_curl_basic_systems, dell_cctk_setuppwd_cmd,
        lenovo_wmi_set_bios_password_ps1, msiexec_qn_service_password, choco_install_params_password,
        jamf_script_sysadminctl_adduser, dscl_passwd_shell_history, netsh_wlan_show_profile_key_clear,
        mobileconfig_wifi_payload_password, qpdf_encrypt_cmd, msoffcrypto_tool_cmd, veracrypt_text_mount_password,
        cryptsetup_luksopen_key_file_stdin, hashcat_potfile_line, john_show_output, evil_winrm_p_flag,
        xfreerdp_p_flag, laps_get_lapsadpassword_output, laps_legacy_ms_mcs_admpwd_output,
        crowdsec_cscli_bouncers_add_output, crowdsec_firewall_bouncer_yaml, teleport_tctl_tokens_add_output,
        teleport_yaml_join_params_token, terraform_github_actions_secret_plaintext,
        az_pipelines_variable_create_secret,
    )
}  # fmt: skip
