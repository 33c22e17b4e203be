"""Where the twenty-second held-out part (twentysecond.py) shows generic secrets that media automation, 3D printers,
CNC senders, home-lab dashboards and monitors, amateur radio and observatory software hold or are given: an
Audiobookshelf API token (a JWT, with curl and from Node), SABnzbd's API key (its ``sabnzbd.ini``, its API URL), a music
server's Subsonic password (its ping with curl, beets' ``subsonicupdate`` settings), CNCjs' secret (its ``.cncrc``, a
pendant's ``--secret``), a Bambu Lab printer's LAN access code (bambulabs_api, ``mosquitto_sub``), a Duet board's
password (RepRapFirmware's ``config.g``, its HTTP connect), a Homepage dashboard widget's password (``services.yaml``,
its environment), Uptime Kuma's admin password (uptime-kuma-api, an Ansible task), an APRS-IS passcode (Dire Wolf's
``IGLOGIN``, aprx), an EchoLink password (SvxLink's EchoLink module, Qtel), an SvxReflector key (the reflector's
``[PASSWORDS]``, a node's ``AUTH_KEY``), an astrometry.net API key (astroquery in code, its config file) and an all-sky
camera's upload password (Allsky's ``ftp-settings.sh``, indi-allsky's settings). Each takes ``(rng, name, value)`` and
gives ``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, UPPER, s


def audiobookshelf_curl_bearer(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s https://books.home.example/api/libraries \\\n"
        f"    -H 'Authorization: Bearer {value}' | jq -r '.libraries[].name'\n"
        "Audiobooks\nPodcasts\n"
    ), value


def audiobookshelf_node_scan_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "// scripts/rescan.mjs: rescan the podcast library after the nightly download\n"
        f"const token = '{value}'\n"
        "const res = await fetch('http://abs.lan:13378/api/libraries/lib_podcasts/scan', {\n"
        "  method: 'POST',\n  headers: { Authorization: `Bearer ${token}` },\n})\nconsole.log(res.status)\n"
    ), value


def sabnzbd_ini_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.sabnzbd/sabnzbd.ini (excerpt)\n__version__ = 19\n[misc]\nhost = 0.0.0.0\nport = 8080\n"
        "download_dir = /downloads/incomplete\ncomplete_dir = /downloads/complete\n"
        f"api_key = {value}\n"
        f"nzb_key = {s(rng, 32, HEX)}\n"
        "permissions = 775\n"
    ), value


def sabnzbd_api_url_apikey(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# pause downloads while the backup runs\n"
        f'curl -s "http://10.0.20.5:8080/sabnzbd/api?mode=pause&apikey={value}&output=json"\n'
        "restic backup /srv/media-config\n"
        f'curl -s "http://10.0.20.5:8080/sabnzbd/api?mode=resume&apikey={value}&output=json"\n'
    ), value


def subsonic_ping_curl_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s 'https://music.home.example/rest/ping.view?u=lena"
        f"&p={value}&v=1.16.1&c=cli&f=json'\n"
        '{"subsonic-response":{"status":"ok","version":"1.16.1","type":"navidrome","serverVersion":"0.53.3"}}\n'
    ), value


def beets_config_subsonic_pass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/beets/config.yaml\ndirectory: /music/library\nplugins: fetchart lastgenre subsonicupdate\n\n"
        "subsonic:\n    url: https://music.home.example\n    user: lena\n"
        f"    pass: {value}\n"
        "    auth: password\n"
    ), value


def cncrc_json_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// ~/.cncrc (CNCjs on the shop Raspberry Pi)\n{\n  "ports": [{ "path": "/dev/ttyACM0", "manufacturer": '
        '"Arduino" }],\n  "baudrates": [115200],\n  "mountPoints": [],\n'
        f'  "secret": "{value}",\n'
        '  "accessTokenLifetime": "30d",\n  "allowRemoteAccess": false\n}\n'
    ), value


def cncjs_pendant_secret_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/cnc-pendant.service (excerpt)\n[Service]\nUser=pi\n"
        "ExecStart=/usr/bin/cncjs-pendant-keyboard --port /dev/ttyACM0 --baudrate 115200 \\\n"
        f"    --secret {value} --socket-address localhost --socket-port 8000\n"
        "Restart=on-failure\n"
    ), value


def bambulabs_api_printer_access_code(rng: random.Random, var: str, value: str) -> Place:
    serial = "01S00A" + s(rng, 9, DIGITS + UPPER)
    return (
        "# farm/status.py\nimport bambulabs_api as bl\n\n"
        f"printer = bl.Printer('192.168.1.72', '{value}', '{serial}')\n"
        "printer.connect()\nprint(printer.get_state(), printer.get_percentage())\nprinter.disconnect()\n"
    ), value


def mosquitto_sub_bblp_access_code(rng: random.Random, var: str, value: str) -> Place:
    serial = "00M09A" + s(rng, 9, DIGITS + UPPER)
    return (
        f"$ mosquitto_sub -h 192.168.1.73 -p 8883 --insecure --cafile /dev/null -u bblp -P {value} \\\n"
        f"    -t 'device/{serial}/report' -C 1\n"
        '{"print":{"gcode_state":"RUNNING","mc_percent":37,"nozzle_temper":219.8}}\n'
    ), value


def reprapfirmware_config_g_m551(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; /sys/config.g (Duet 3 Mini 5+)\nG90 ; absolute coordinates\nM83 ; relative extruder moves\n"
        'M550 P"Workshop-Cartesian" ; printer name\n'
        f'M551 P"{value}" ; machine password\n'
        "M552 S1 ; enable network\nM586 P0 S1 ; enable HTTP\n"
    ), value


def duet_rr_connect_curl(rng: random.Random, var: str, value: str) -> Place:
    return (
        "#!/bin/sh\n# cnc/upload.sh: send the job to the Duet-driven router\n"
        f'curl -s "http://cnc-router.lan/rr_connect?password={value}&time=$(date +%Y-%m-%dT%H:%M:%S)"\n'
        'curl -s --data-binary @"$1" "http://cnc-router.lan/rr_upload?name=/gcodes/$(basename "$1")"\n'
    ), value


def homepage_services_yaml_widget_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# homepage/config/services.yaml\n- Infrastructure:\n    - Proxmox:\n        href: https://pve.lan:8006\n"
        "        widget:\n          type: proxmox\n          url: https://pve.lan:8006\n"
        "          username: api@pam!homepage\n"
        f"          password: {value}\n"
        "    - Pi-hole:\n        href: http://pihole.lan/admin\n"
    ), value


def homepage_compose_env_var_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# homelab/compose.yaml\nservices:\n  homepage:\n    image: ghcr.io/gethomepage/homepage:latest\n"
        "    ports:\n      - 3000:3000\n    environment:\n      HOMEPAGE_ALLOWED_HOSTS: home.lan:3000\n"
        f"      HOMEPAGE_VAR_TRUENAS_PASSWORD: '{value}'\n"
        "    volumes:\n      - ./config:/app/config\n"
    ), value


def uptime_kuma_api_login(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# monitors/sync.py\nfrom uptime_kuma_api import MonitorType, UptimeKumaApi\n\n"
        "with UptimeKumaApi('http://status.lan:3001') as api:\n"
        f"    api.login('admin', '{value}')\n"
        "    api.add_monitor(type=MonitorType.HTTP, name='Nextcloud', url='https://cloud.lan')\n"
    ), value


def uptime_kuma_ansible_task_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# roles/monitoring/tasks/main.yml\n- name: Watch the NAS in Uptime Kuma\n  lucasheld.uptime_kuma.monitor:\n"
        "    api_url: http://status.lan:3001\n    api_username: admin\n"
        f"    api_password: {value}\n"
        "    name: NAS\n    type: ping\n    hostname: nas.lan\n    state: present\n"
    ), value


def direwolf_conf_iglogin(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/direwolf.conf (igate)\nADEVICE plughw:1,0\nCHANNEL 0\nMYCALL N0CALL-10\nMODEM 1200\n\n"
        "IGSERVER noam.aprs2.net\n"
        f"IGLOGIN N0CALL-10 {value}\n"
        'PBEACON sendto=IG delay=0:30 every=30 symbol="igate" lat=42^37.14N long=071^20.83W\n'
    ), value


def aprx_conf_passcode(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/aprx.conf\nmycall  N0CALL-1\n<aprsis>\n    login     N0CALL-1\n"
        f"    passcode  {value}\n"
        "    server    rotate.aprs2.net 14580\n    filter    m/25\n</aprsis>\n"
    ), value


def svxlink_module_echolink_conf(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/svxlink/svxlink.d/ModuleEchoLink.conf\n[ModuleEchoLink]\nNAME=EchoLink\nID=2\nTIMEOUT=60\n"
        "SERVERS=servers.echolink.org\nCALLSIGN=N0CALL-L\n"
        f"PASSWORD={value}\n"
        'SYSOPNAME=Repeater Club\nLOCATION="[Svx] 145.600, Hilltop"\n'
    ), value


def qtel_conf_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/SvxLink/Qtel.conf\n[General]\nCallsign=N0CALL\n"
        f"Password={value}\n"
        "VoxEnabled=false\nListRefreshTime=5\nMicAudioDevice=alsa:default\n"
    ), value


def svxreflector_conf_passwords(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/svxlink/svxreflector.conf\n[GLOBAL]\nLISTEN_PORT=5300\nTG_FOR_V1_CLIENTS=999\n\n[USERS]\n"
        "N0CALL-R=ClubNodes\nN1CALL-R=ClubNodes\n\n[PASSWORDS]\n"
        f'ClubNodes="{value}"\n'
    ), value


def svxlink_conf_reflector_auth_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/svxlink/svxlink.conf (excerpt)\n[ReflectorLogic]\nTYPE=Reflector\nHOSTS=reflector.club.example\n"
        "HOST_PORT=5300\nCALLSIGN=N1CALL-R\n"
        f'AUTH_KEY="{value}"\n'
        "DEFAULT_TG=91\nMONITOR_TGS=91,9990\n"
    ), value


def astroquery_astrometry_net_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# pipeline/solve.py\nfrom astroquery.astrometry_net import AstrometryNet\n\nast = AstrometryNet()\n"
        f"ast.api_key = '{value}'\n"
        "wcs_header = ast.solve_from_image('lights/M31_300s_0042.fits', solve_timeout=300)\n"
    ), value


def astroquery_cfg_api_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.astropy/config/astroquery.cfg\n[simbad]\ntimeout = 60\n\n[astrometry_net]\n"
        f"api_key = {value}\n"
        "server = http://nova.astrometry.net\ntimeout = 120\n"
    ), value


def allsky_ftp_settings_sh(rng: random.Random, var: str, value: str) -> Place:
    return (
        '#!/bin/bash\n# ~/allsky/config/ftp-settings.sh\nPROTOCOL=sftp\nREMOTE_HOST="skycam.observatory.example"\n'
        'REMOTE_PORT=""\nREMOTE_USER="allsky"\n'
        f'REMOTE_PASSWORD="{value}"\n'
        'IMAGE_DIR="/var/www/allsky"\n'
    ), value


def indi_allsky_filetransfer_json(rng: random.Random, var: str, value: str) -> Place:
    return (
        '{\n  "CAMERA_INTERFACE": "indi",\n  "CCD_EXPOSURE_MAX": 15.0,\n  "FILETRANSFER": {\n'
        '    "CLASSNAME": "pycurl_sftp",\n    "HOST": "skycam.observatory.example",\n    "PORT": 22,\n'
        '    "USERNAME": "allsky",\n'
        f'    "PASSWORD": "{value}",\n'
        '    "REMOTE_IMAGE_FOLDER": "/srv/allsky/images"\n  }\n}\n'
    ), value


PLACES = {
    f.__name__: f
    for f in (
        audiobookshelf_curl_bearer, audiobookshelf_node_scan_token, sabnzbd_ini_api_key, sabnzbd_api_url_apikey,
        subsonic_ping_curl_password, beets_config_subsonic_pass, cncrc_json_secret, cncjs_pendant_secret_flag,
        bambulabs_api_printer_access_code, mosquitto_sub_bblp_access_code,
        reprapfirmware_config_g_m551, duet_rr_connect_curl, homepage_services_yaml_widget_password,
        homepage_compose_env_var_password, uptime_kuma_api_login, uptime_kuma_ansible_task_password,
        direwolf_conf_iglogin, aprx_conf_passcode, svxlink_module_echolink_conf, qtel_conf_password,
        svxreflector_conf_passwords, svxlink_conf_reflector_auth_key, astroquery_astrometry_net_api_key,
        astroquery_cfg_api_key, allsky_ftp_settings_sh, indi_allsky_filetransfer_json,
    )
}  # fmt: skip
