"""The twenty-second held-out part (split ``held_out_22``): formats and surroundings none of the first twenty-one parts
has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, fixed parts,
the keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (an audiobook server's token (a JWT), a Usenet downloader's API key and a music server's password, a CNC
sender's secret, a 3D printer's LAN access code and a motion board's password, a
home-lab dashboard widget's and a status monitor's passwords, an APRS-IS passcode, EchoLink and SvxReflector passwords,
an astrometry.net key, an all-sky camera's upload password, a sequencing cloud's access token, a Galaxy API key,
library, repository and archive systems' database and admin passwords, clinic record systems' and a school imaging
server's database passwords, a vehicle tracker's database password and a car logger's encryption key, a MAVLink signing
passphrase, smart-home hubs' API tokens and a HomeKit setup code, and a telematics gateway's TLS key as base64 of its
PEM, longer than a stream's window). Every value is synthetic, made afresh with its own seed, with the format's length
and alphabet.

Surroundings: twentysecond_places.py for the vendor places (process supervisors' and service managers' environment
settings, and each vendor's API or client); twentysecond_generic.py for media automation, 3D printers and CNC, home-lab
dashboards, amateur radio and observatories; twentysecond_traces.py for genomics, libraries and archives, clinics and
schools, telematics, drones, smart-home hubs and a long gateway key."""

from __future__ import annotations

import hashlib
import hmac
import json
import random

from . import twentysecond_generic as gen
from . import twentysecond_places as at
from . import twentysecond_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4
from .seventeenth import edged
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 22871
SPLIT = "held_out_22"
LOWER_NUM = LOWER + DIGITS
UPPER_NUM = UPPER + DIGITS


def audiobook_server_jwt(rng: random.Random) -> str:
    """An Audiobookshelf API token: a JWT signed with HS256 (its claims a user id, a user name and when it was
    issued), signed here with a key made from the seed."""
    head = b64(b'{"alg":"HS256","typ":"JWT"}', url=True, pad=False)
    user = uuid4(rng), rng.choice(["lena", "root", "kids"])
    claims = {"userId": user[0], "username": user[1], "iat": rng.randint(1_600_000_000, 1_800_000_000)}
    body = b64(json.dumps(claims, separators=(",", ":")).encode(), url=True, pad=False)
    mac = hmac.new(rng.randbytes(32), f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{b64(mac, url=True, pad=False)}"


def swiftype_key(rng: random.Random) -> str:
    """A Swiftype key as trufflehog's detector reads it: six letters or digits, ``_``, six, ``-``, six."""
    return f"{s(rng, 6)}_{s(rng, 6)}-{s(rng, 6)}"


def aprs_passcode(rng: random.Random) -> str:
    """An APRS-IS passcode: a number from 0 to 32767, derived from the call sign."""
    return str(rng.randint(10000, 32767))


def homekit_setup_code(rng: random.Random) -> str:
    """A HomeKit setup code: eight digits written ``XXX-XX-XXX``."""
    d = s(rng, 8, DIGITS)
    return f"{d[:3]}-{d[3:5]}-{d[5:]}"


def openhab_token(rng: random.Random) -> str:
    """An openHAB API token: ``oh.``, the token's name, ``.`` and the random part."""
    return f"oh.{rng.choice(['habapp', 'nodered', 'garden', 'dashboard'])}.{s(rng, 70)}"


def gateway_key_pem_base64(rng: random.Random) -> str:
    """A telematics gateway's TLS key: a PKCS#8 RSA key (about 3,200 bytes of DER) as PEM, and the PEM in base64 on
    one line, as Helm values and environment files carry it: about 5,900 characters, longer than a stream's window."""
    der = b"\x30\x82\x0c\x7c\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"
    body = b64(der + b"\x04\x82\x0c\x66" + rng.randbytes(3174))
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----\n"
    return b64(pem.encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("marketstack_access_key", TH + "marketstack", fx("", 32, LOWER_NUM), "MARKETSTACK_ACCESS_KEY",
     ("marketstack_rust_reqwest", "supervisor_program_environment")),
    ("ipstack_access_key", TH + "ipstack", fx("", 32, HEX), "IPSTACK_ACCESS_KEY",
     ("ipstack_swift_urlsession", "upstart_job_env")),
    ("neutrinoapi_api_key", TH + "neutrinoapi", fx("", 48, ALNUM), "NEUTRINOAPI_API_KEY",
     ("neutrinoapi_julia_http", "quadlet_container_environment")),
    ("abstractapi_key", TH + "abstract", fx("", 32, LOWER_NUM), "ABSTRACT_API_KEY",
     ("abstractapi_perl_lwp", "freebsd_rc_conf_env")),
    ("debounce_api_key", TH + "debounce", fx("", 13, ALNUM), "DEBOUNCE_API_KEY",
     ("debounce_lua_socket", "god_watch_env")),
    ("carboninterface_api_key", TH + "carboninterface", fx("", 21, ALNUM), "CARBONINTERFACE_API_KEY",
     ("carboninterface_scala_sttp", "circus_ini_env")),
    ("sportradar_api_key", TH + "sportradar", fx("", 24, ALNUM), "SPORTRADAR_API_KEY",
     ("sportradar_clojure_clj_http", "supervisor_program_environment")),
    ("ip2location_io_key", TH + "ip2location", fx("", 32, UPPER_NUM), "IP2LOCATION_API_KEY",
     ("ip2location_haskell_req", "upstart_job_env")),
    ("pepipost_api_key", TH + "pepipost", fx("", 32, HEX), "PEPIPOST_API_KEY",
     ("pepipost_crystal_http", "quadlet_container_environment")),
    ("worldweatheronline_api_key", TH + "worldweather", fx("", 31, LOWER_NUM), "WORLDWEATHER_API_KEY",
     ("worldweather_nim_httpclient", "freebsd_rc_conf_env")),
    ("zenserp_api_key", TH + "zenserp", uuid4, "ZENSERP_API_KEY",
     ("zenserp_deno_fetch", "god_watch_env")),
    ("tyntec_api_key", TH + "tyntec", fx("", 32, ALNUM), "TYNTEC_API_KEY",
     ("tyntec_bun_verify", "circus_ini_env")),
    ("speechtextai_api_key", TH + "speechtextai", fx("", 32, HEX), "SPEECHTEXT_API_KEY",
     ("speechtextai_groovy_http", "supervisor_program_environment")),
    ("nicereply_api_key", TH + "nicereply", fx("", 40, HEX), "NICEREPLY_API_KEY",
     ("nicereply_fsharp_basic", "upstart_job_env")),
    ("repairshopr_api_key", TH + "repairshopr", edged(51, ALNUM + "-"), "REPAIRSHOPR_API_KEY",
     ("repairshopr_vbnet_bearer", "quadlet_container_environment")),
    ("mindmeister_access_token", TH + "mindmeister", fx("", 43, ALNUM), "MINDMEISTER_ACCESS_TOKEN",
     ("mindmeister_httpie_bearer", "freebsd_rc_conf_env")),
    ("scrapfly_api_key", TH + "scrapfly", fx("scp-live-", 32, LOWER_NUM), "SCRAPFLY_API_KEY",
     ("scrapfly_python_sdk", "god_watch_env")),
    ("veriphone_api_key", TH + "veriphone", fx("", 32, UPPER_NUM), "VERIPHONE_API_KEY",
     ("veriphone_wget_query", "circus_ini_env")),
    ("uplead_api_key", TH + "uplead", fx("", 32, LOWER_NUM), "UPLEAD_API_KEY",
     ("uplead_zig_header", "supervisor_program_environment")),
    ("swiftype_api_key", TH + "swiftype", swiftype_key, "SWIFTYPE_API_KEY",
     ("swiftype_ruby_client", "upstart_job_env")),
    ("timezoneapi_token", TH + "timezoneapi", fx("", 20, ALNUM), "TIMEZONEAPI_TOKEN",
     ("timezoneapi_tcl_http", "quadlet_container_environment")),
    ("prodpad_api_key", TH + "prodpad", fx("", 64, HEX), "PRODPAD_API_KEY",
     ("prodpad_aria2_header", "circus_ini_env")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("audiobook_server_api_token_jwt", GENERIC_RULE, audiobook_server_jwt, "Bearer",
     ("audiobookshelf_curl_bearer", "audiobookshelf_node_scan_token")),
    ("usenet_downloader_api_key", KW, fx("", 32, HEX), "api_key",
     ("sabnzbd_ini_api_key", "sabnzbd_api_url_apikey")),
    ("music_server_subsonic_password", GENERIC_RULE, password, "pass",
     ("subsonic_ping_curl_password", "beets_config_subsonic_pass")),
    ("cnc_sender_secret", GENERIC_RULE, fx("", 40, ALNUM), "secret",
     ("cncrc_json_secret", "cncjs_pendant_secret_flag")),
    ("printer_lan_access_code", GENERIC_RULE, fx("", 8, DIGITS), "access_code",
     ("bambulabs_api_printer_access_code", "mosquitto_sub_bblp_access_code")),
    ("motion_board_password", GENERIC_RULE, password, "M551",
     ("reprapfirmware_config_g_m551", "duet_rr_connect_curl")),
    ("dashboard_widget_password", KW, password, "password",
     ("homepage_services_yaml_widget_password", "homepage_compose_env_var_password")),
    ("status_monitor_admin_password", GENERIC_RULE, password, "api_password",
     ("uptime_kuma_api_login", "uptime_kuma_ansible_task_password")),
    ("aprs_is_passcode", GENERIC_RULE, aprs_passcode, "passcode",
     ("direwolf_conf_iglogin", "aprx_conf_passcode")),
    ("echolink_password", KW, password, "PASSWORD",
     ("svxlink_module_echolink_conf", "qtel_conf_password")),
    ("voice_reflector_auth_key", GENERIC_RULE, password, "AUTH_KEY",
     ("svxreflector_conf_passwords", "svxlink_conf_reflector_auth_key")),
    ("plate_solver_api_key", GENERIC_RULE, fx("", 16, LOWER), "api_key",
     ("astroquery_astrometry_net_api_key", "astroquery_cfg_api_key")),
    ("sky_camera_upload_password", KW, password, "PASSWORD",
     ("allsky_ftp_settings_sh", "indi_allsky_filetransfer_json")),
    ("sequencing_cloud_access_token", GENERIC_RULE, fx("", 32, HEX), "accessToken",
     ("basespace_default_cfg", "bs_cli_access_token_flag")),
    ("workflow_platform_api_key", GENERIC_RULE, fx("", 32, HEX), "key",
     ("bioblend_galaxy_instance_key", "parsec_yml_key")),
    ("library_system_db_password", GENERIC_RULE, password, "pass",
     ("koha_conf_xml_pass", "koha_passwd_file")),
    ("repository_db_password", KW, password, "db.password",
     ("dspace_local_cfg_db_password", "dspace_compose_db_password")),
    ("archive_admin_password", KW, password, "password",
     ("asnake_client_password", "archivessnake_yml_password")),
    ("clinic_records_db_password", GENERIC_RULE, password, "$pass",
     ("openemr_sqlconf_php_pass", "openemr_compose_mysql_pass")),
    ("medical_record_db_password", KW, password, "connection.password",
     ("openmrs_runtime_properties_connection_password", "openmrs_compose_omrs_db_password")),
    ("disk_imaging_server_db_password", GENERIC_RULE, password, "snmysqlpass",
     ("fogsettings_snmysqlpass", "fog_config_class_php_database_password")),
    ("vehicle_tracker_db_password", KW, password, "database.password",
     ("traccar_xml_database_password", "traccar_compose_database_password")),
    ("car_logger_encryption_key", GENERIC_RULE, fx("", 32, ALNUM), "ENCRYPTION_KEY",
     ("teslamate_compose_encryption_key", "teslamate_env_file_encryption_key")),
    ("mavlink_signing_passphrase", GENERIC_RULE, password, "signing",
     ("mavproxy_signing_setup", "mavinit_scr_signing_setup")),
    ("hub_maker_api_token", GENERIC_RULE, uuid4, "access_token",
     ("hubitat_maker_api_curl", "hubitat_maker_api_python_requests")),
    ("home_automation_api_token", GENERIC_RULE, openhab_token, "Bearer",
     ("openhab_curl_bearer", "habapp_config_yml_user")),
    ("homekit_setup_code", GENERIC_RULE, homekit_setup_code, "pin",
     ("homebridge_config_json_bridge_pin", "hap_python_driver_pincode")),
    ("telematics_gateway_key_pem_base64_long", GENERIC_RULE, gateway_key_pem_base64, "key",
     ("helm_values_gateway_tls_key", "gateway_env_tls_key_b64")),
)  # fmt: skip
TWENTYSECOND = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYSECOND, SURROUNDINGS)
