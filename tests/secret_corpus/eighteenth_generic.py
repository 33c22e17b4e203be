"""Where the eighteenth held-out part (eighteenth.py) shows generic secrets that data platforms, media and game
servers and home devices keep: Slurm's accounting database password (``slurmdbd.conf``, the OpenHPC role's
variables), Spark's authentication secret (``spark-defaults.conf``, ``spark-submit --conf``), a Trino catalog's
password (a catalog file, Helm values), a Pulsar client's token (``client.conf``, ``pulsar-admin``), a stream source's
password (a Liquidsoap script, ``darkice.cfg``), an RTSP publisher's password (``mediamtx.yml``, an ffmpeg unit), the
Janus gateway's admin secret (``janus.jcfg``, its admin API), BigBlueButton's shared secret (``bbb-conf --secret``,
Greenlight's ``.env``), a game server's admin password (Palworld, DayZ), Velocity's forwarding secret (its file,
Paper's configuration), a Z-Wave S2 key (Z-Wave JS UI, the Home Assistant add-on), a Tuya plug's local key
(tinytuya's ``devices.json``, its Python API), a Hue bridge's user name (its answer, a lights call) and a printer
host's password (PrusaSlicer's physical printer, PrusaLink with curl). Each takes ``(rng, name, value)`` and gives
``(text, secret)``."""

from __future__ import annotations

import random

from .fifth_places import Place
from .makers import DIGITS, HEX, s, uuid4


def slurmdbd_conf_storagepass(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/slurm/slurmdbd.conf\nAuthType=auth/munge\nDbdHost=head01\nDebugLevel=info\n"
        "LogFile=/var/log/slurm/slurmdbd.log\nPidFile=/run/slurmdbd.pid\nSlurmUser=slurm\n"
        "StorageType=accounting_storage/mysql\nStorageHost=db01\nStorageLoc=slurm_acct_db\nStorageUser=slurm\n"
        f"StoragePass={value}\n"
    ), value


def openhpc_role_vars_slurmdbd_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# inventories/cluster/group_vars/openhpc.yml (stackhpc.openhpc)\nopenhpc_cluster_name: hpc1\n"
        "openhpc_enable:\n  control: \"{{ inventory_hostname in groups['login'] }}\"\n  batch: true\n  database: true\n"
        "openhpc_slurm_accounting_storage_type: accounting_storage/slurmdbd\n"
        f"openhpc_slurmdbd_mysql_password: {value}\n"
        'openhpc_slurmdbd_host: "{{ openhpc_slurm_control_host }}"\n'
    ), value


def spark_defaults_conf_authenticate_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /opt/spark/conf/spark-defaults.conf\nspark.master                     spark://spark-master:7077\n"
        "spark.eventLog.enabled           true\nspark.eventLog.dir               hdfs:///spark-logs\n"
        "spark.authenticate               true\n"
        f"spark.authenticate.secret        {value}\n"
        "spark.network.crypto.enabled     true\n"
    ), value


def spark_submit_conf_authenticate_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ spark-submit --master spark://spark-master:7077 --deploy-mode cluster \\\n"
        "    --conf spark.authenticate=true \\\n"
        f"    --conf spark.authenticate.secret={value} \\\n"
        "    --class dev.acme.etl.DailyRollup jobs/etl-assembly-2.4.1.jar 2026-11-28\n"
        "26/11/28 06:00:03 INFO ClientEndpoint: Driver successfully submitted as driver-20261128060003-0042\n"
    ), value


def trino_catalog_properties_connection_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/trino/catalog/sales.properties\nconnector.name=postgresql\n"
        "connection-url=jdbc:postgresql://pg-sales.internal:5432/sales\nconnection-user=trino_ro\n"
        f"connection-password={value}\ncase-insensitive-name-matching=true\n"
    ), value


def trino_helm_values_catalogs(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# values-trino.yaml (helm upgrade --install trino trino/trino -f values-trino.yaml)\n"
        "server:\n  workers: 3\ncatalogs:\n  warehouse: |-\n    connector.name=mysql\n"
        "    connection-url=jdbc:mysql://mysql-dw.internal:3306\n    connection-user=trino\n"
        f"    connection-password={value}\n"
    ), value


def pulsar_client_conf_auth_params_token(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /pulsar/conf/client.conf\nwebServiceUrl=https://pulsar.acme.internal:8443/\n"
        "brokerServiceUrl=pulsar+ssl://pulsar.acme.internal:6651/\n"
        "authPlugin=org.apache.pulsar.client.impl.auth.AuthenticationToken\n"
        f"authParams=token:{value}\n"
        "tlsAllowInsecureConnection=false\n"
    ), value


def pulsar_admin_auth_params_flag(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ bin/pulsar-admin --admin-url https://pulsar.acme.internal:8443 \\\n"
        "    --auth-plugin org.apache.pulsar.client.impl.auth.AuthenticationToken \\\n"
        f"    --auth-params token:{value} \\\n"
        "    topics stats persistent://billing/events/invoices\n"
        '{\n  "msgRateIn" : 12.4,\n  "msgThroughputIn" : 18230.7,\n  "storageSize" : 48210391\n}\n'
    ), value


def liquidsoap_output_icecast_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /etc/liquidsoap/radio.liq\nmusic = playlist("/srv/music/rotation.m3u")\n'
        'radio = fallback(track_sensitive=false, [input.harbor("live", port=8005), music])\n\n'
        'output.icecast(%mp3(bitrate=128),\n  host="stream.acme.fm", port=8000,\n'
        f'  password="{value}",\n'
        '  mount="/radio.mp3", name="Acme FM", radio)\n'
    ), value


def darkice_cfg_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/darkice.cfg\n[general]\nduration        = 0\nbufferSecs      = 5\n\n[input]\n"
        "device          = hw:1,0\nsampleRate      = 44100\nbitsPerSample   = 16\nchannel         = 2\n\n"
        "[icecast2-0]\nbitrateMode     = cbr\nformat          = mp3\nbitrate         = 128\n"
        f"server          = stream.acme.fm\nport            = 8000\npassword        = {value}\n"
        "mountPoint      = studio.mp3\nname            = Studio live\n"
    ), value


def mediamtx_yml_auth_internal_users(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/mediamtx/mediamtx.yml\nauthMethod: internal\nauthInternalUsers:\n"
        "  - user: any\n    pass:\n    ips: []\n    permissions:\n      - action: read\n"
        f"  - user: publisher\n    pass: {value}\n    ips: ['10.0.8.0/24']\n"
        "    permissions:\n      - action: publish\n\npaths:\n  yard-cam:\n    source: publisher\n"
    ), value


def ffmpeg_rtsp_publish_systemd_execstart(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# /etc/systemd/system/cam-relay.service\n[Unit]\nDescription=Relay the yard camera to mediamtx\n\n"
        "[Service]\nExecStart=/usr/bin/ffmpeg -rtsp_transport tcp -i rtsp://10.0.8.21:554/stream1 \\\n"
        "    -c copy -f rtsp "
        f"rtsp://publisher:{value}@media.acme.internal:8554/yard-cam\n"
        "Restart=always\nRestartSec=5\n"
    ), value


def janus_jcfg_admin_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        '# /opt/janus/etc/janus/janus.jcfg\ngeneral: {\n\tconfigs_folder = "/opt/janus/etc/janus"\n'
        "\tdebug_level = 4\n"
        f'\tadmin_secret = "{value}"\n'
        '\tserver_name = "rtc-gw-1"\n}\nnat: {\n\tstun_server = "stun.l.google.com"\n\tstun_port = 19302\n}\n'
    ), value


def janus_admin_api_curl_admin_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ curl -s http://127.0.0.1:7088/admin -d "
        f'\'{{"janus":"list_sessions","transaction":"{s(rng, 12)}","admin_secret":"{value}"}}\'\n'
        '{\n   "janus": "success",\n   "sessions": [\n      ' + s(rng, 16, DIGITS) + "\n   ]\n}\n"
    ), value


def bbb_conf_secret_output(rng: random.Random, var: str, value: str) -> Place:
    return (
        "root@bbb:~# bbb-conf --secret\n\n    URL: https://bbb.acme.dev/bigbluebutton/\n"
        f"    Secret: {value}\n\n"
        "    Link to the API-Mate:\n    https://mconf.github.io/api-mate/#server=https://bbb.acme.dev/bigbluebutton/"
        "&sharedSecret=...\n"
    ), value


def greenlight_env_bigbluebutton_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/greenlight-v3/.env\nSECRET_KEY_BASE=" + s(rng, 128, HEX) + "\n"
        "BIGBLUEBUTTON_ENDPOINT=https://bbb.acme.dev/bigbluebutton/api\n"
        f"BIGBLUEBUTTON_SECRET={value}\n"
        "DATABASE_URL=postgres://postgres:@postgres:5432/greenlight-v3-production\nREDIS_URL=redis://redis:6379\n"
    ), value


def palworld_settings_ini_admin_password(rng: random.Random, var: str, value: str) -> Place:
    return (
        "; Pal/Saved/Config/LinuxServer/PalWorldSettings.ini\n[/Script/Pal.PalGameWorldSettings]\n"
        'OptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,ServerPlayerMaxNum=16,ServerName="Acme Pals",'
        f'ServerDescription="",AdminPassword="{value}",ServerPassword="",PublicPort=8211,RCONEnabled=True,'
        "RCONPort=25575)\n"
    ), value


def dayz_server_cfg_password_admin(rng: random.Random, var: str, value: str) -> Place:
    return (
        '// serverDZ.cfg\nhostname = "Acme Chernarus | PvE";\npassword = "";\n'
        f'passwordAdmin = "{value}";\n'
        "maxPlayers = 40;\nverifySignatures = 2;\nforceSameBuild = 1;\ndisableVoN = 0;\n"
    ), value


def velocity_forwarding_secret_cat(rng: random.Random, var: str, value: str) -> Place:
    return (
        "mc@proxy:~/velocity$ grep -n forwarding velocity.toml\n"
        '12:player-info-forwarding-mode = "modern"\n13:forwarding-secret-file = "forwarding.secret"\n'
        f"mc@proxy:~/velocity$ cat forwarding.secret\n{value}\n"
    ), value


def paper_global_yml_velocity_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# survival/config/paper-global.yml\nproxies:\n  bungee-cord:\n    online-mode: true\n"
        "  proxy-protocol: false\n  velocity:\n    enabled: true\n    online-mode: true\n"
        f"    secret: '{value}'\n"
    ), value


def zwavejs_ui_settings_json_security_keys(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ jq .zwave /opt/zwave-js-ui/store/settings.json\n{\n"
        '  "port": "/dev/serial/by-id/usb-Zooz_800_Z-Wave_Stick_' + s(rng, 16, HEX) + '-if00",\n'
        '  "securityKeys": {\n'
        f'    "S2_AccessControl": "{value}",\n'
        '    "S2_Authenticated": "' + s(rng, 32, HEX.upper()[:16]) + '",\n'
        '    "S0_Legacy": "' + s(rng, 32, HEX.upper()[:16]) + '"\n  },\n  "logEnabled": true\n}\n'
    ), value


def ha_zwave_js_addon_options_yaml(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Settings > Add-ons > Z-Wave JS > Configuration (YAML)\n"
        "device: /dev/serial/by-id/usb-Silicon_Labs_HubZ_Smart_Home_Controller-if00-port0\n"
        f"s2_access_control_key: {value}\n"
        "s2_authenticated_key: " + s(rng, 32, HEX.upper()[:16]) + "\n"
        "log_level: info\nsoft_reset: Automatic\n"
    ), value


def tinytuya_devices_json_key(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ cat devices.json\n[\n    {\n"
        f'        "name": "Desk lamp plug",\n        "id": "bf{s(rng, 20, HEX)}",\n'
        f'        "key": "{value}",\n'
        '        "mac": "d8:1f:12:' + ":".join(s(rng, 2, HEX) for _ in range(3)) + '",\n'
        '        "category": "cz",\n        "product_name": "Smart Plug",\n        "ip": "192.168.1.64",\n'
        '        "version": "3.3"\n    }\n]\n'
    ), value


def tinytuya_outlet_device_py(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import tinytuya\n\n"
        f"d = tinytuya.OutletDevice(dev_id='bf{s(rng, 20, HEX)}', address='192.168.1.71', "
        f"local_key='{value}', version=3.4)\n"
        "print(d.status())\nd.turn_off()\n"
    ), value


def hue_bridge_create_user_response(rng: random.Random, var: str, value: str) -> Place:
    return (
        '$ curl -s -X POST http://192.168.1.20/api -d \'{"devicetype":"ha_dashboard#kiosk"}\'\n'
        '[{"error":{"type":101,"address":"","description":"link button not pressed"}}]\n'
        "$ # pressed the link button\n"
        '$ curl -s -X POST http://192.168.1.20/api -d \'{"devicetype":"ha_dashboard#kiosk"}\'\n'
        f'[{{"success":{{"username":"{value}"}}}}]\n'
    ), value


def hue_api_lights_curl_username(rng: random.Random, var: str, value: str) -> Place:
    return (
        f'$ curl -s -X PUT http://192.168.1.20/api/{value}/lights/3/state -d \'{{"on":true,"bri":180}}\'\n'
        '[{"success":{"/lights/3/state/on":true}},{"success":{"/lights/3/state/bri":180}}]\n'
    ), value


def prusaslicer_physical_printer_ini(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# ~/.config/PrusaSlicer/physical_printer/MK4 workshop.ini\nhost_type = prusalink\n"
        "preset_name = Original Prusa MK4 Input Shaper 0.4 nozzle\nprint_host = 192.168.1.50\n"
        "printhost_apikey = \nprinthost_authorization_type = user\nprinthost_cafile = \n"
        f"printhost_password = {value}\nprinthost_user = maker\n"
    ), value


def prusalink_curl_digest(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ curl -s --digest -u 'maker:{value}' http://192.168.1.50/api/v1/status\n"
        '{"storage":{"path":"/usb/","name":"usb","read_only":false},"printer":{"state":"IDLE",'
        '"temp_bed":23.1,"temp_nozzle":24.6,"axis_z":' + s(rng, 2, DIGITS) + ".0}}\n"
        "job id: " + uuid4(rng)[:8] + "\n"
    ), value


PLACES = {
    f.__name__: f
    for f in (
        slurmdbd_conf_storagepass, openhpc_role_vars_slurmdbd_password, spark_defaults_conf_authenticate_secret,
        spark_submit_conf_authenticate_secret, trino_catalog_properties_connection_password,
        trino_helm_values_catalogs, pulsar_client_conf_auth_params_token, pulsar_admin_auth_params_flag,
        liquidsoap_output_icecast_password, darkice_cfg_password, mediamtx_yml_auth_internal_users,
        ffmpeg_rtsp_publish_systemd_execstart, janus_jcfg_admin_secret, janus_admin_api_curl_admin_secret,
        bbb_conf_secret_output, greenlight_env_bigbluebutton_secret, palworld_settings_ini_admin_password,
        dayz_server_cfg_password_admin, velocity_forwarding_secret_cat, paper_global_yml_velocity_secret,
        zwavejs_ui_settings_json_security_keys, ha_zwave_js_addon_options_yaml, tinytuya_devices_json_key,
        tinytuya_outlet_device_py, hue_bridge_create_user_response, hue_api_lights_curl_username,
        prusaslicer_physical_printer_ini, prusalink_curl_digest,
    )
}  # fmt: skip
