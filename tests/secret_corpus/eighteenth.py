"""The eighteenth held-out part (split ``held_out_18``): formats and surroundings none of the first seventeen parts
has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a workload manager's accounting database password, Spark's authentication secret, a SQL engine's catalog
password, a Pulsar client's JWT, a stream source's password, an RTSP publisher's password, a WebRTC gateway's admin
secret, a web conference server's shared secret, a game server's admin password, a game proxy's forwarding secret, a
Z-Wave S2 key, a smart plug's local key, a light bridge's user name, a printer host's password, a BMC's password, a
firmware setup password, an installer's password property, a Mac's local account password, a Wi-Fi key as an OS
exports it, a document's encryption password, a volume's passphrase, a cracked password in a cracker's output, a
password on a remote login tool's command line, a managed local admin password as it is read back, an intrusion
bouncer's API key, an access proxy's join token, and a code signing PKCS#12 bundle in base64 longer than a stream's
window). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: eighteenth_places.py for the vendor places (Replit's ``.replit``, ``next.config.mjs``, Android's
``local.properties``, a conda ``environment.yml``, an Xcode scheme, a ``.runsettings`` file, a sourcehut build
manifest, and each vendor's API, SDK or client); eighteenth_generic.py for data platforms, media and game servers and
home devices; eighteenth_traces.py for hardware and OS administration, encryption tools, security tools' output and
long signing bundles."""

from __future__ import annotations

import hashlib
import hmac
import random

from . import eighteenth_generic as gen
from . import eighteenth_places as at
from . import eighteenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4
from .seventeenth import _plain_claims, edged
from .thirteenth import passphrase, password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 18547
SPLIT = "held_out_18"
HEX_UPPER = HEX.upper()[:16]
LOWER_NUM = LOWER + DIGITS
UPPER_NUM = UPPER + DIGITS


def _hs256(rng: random.Random, head: str, claims: str) -> str:
    """An HS256 signature of ``head.claims`` under a random key, in URL-safe base64 without padding."""
    key = rng.randbytes(32)
    return b64(hmac.new(key, f"{head}.{claims}".encode(), hashlib.sha256).digest(), url=True, pad=False)


def edenai_token(rng: random.Random) -> str:
    """An Eden AI API key: an HS256 JWT whose header is 36 characters, claims 92 letters and digits, and signature
    43 characters of letters, digits and ``_`` (no ``-``), as the detector's lengths and alphabets have them."""
    head = b64(b'{"alg":"HS256","typ":"JWT"}', url=True, pad=False)
    while True:
        claims = _plain_claims(rng, {"user_id": s(rng, 8, HEX), "type": "api_token"}, 69)
        if not claims:
            continue
        sig = _hs256(rng, head, claims)
        if "-" not in sig:
            return f"{head}.{claims}.{sig}"


def pulsar_token(rng: random.Random) -> str:
    """A Pulsar client token as ``pulsar tokens create`` makes it with a secret key: an HS256 JWT whose claims name
    the role (``sub``)."""
    head = b64(b'{"alg":"HS256"}', url=True, pad=False)
    role = rng.choice(["ingest-service", "billing-consumer", "audit-writer"])
    claims = b64(('{"sub":"' + role + '"}').encode(), url=True, pad=False)
    return f"{head}.{claims}.{_hs256(rng, head, claims)}"


def imagga_authorization(rng: random.Random) -> str:
    """Imagga's ``Authorization: Basic`` value: base64 of ``acc_`` and 15 hex digits, ``:`` and a 32-hex-digit
    secret, 72 characters with its padding."""
    return b64(("acc_" + s(rng, 15, HEX) + ":" + s(rng, 32, HEX)).encode())


def optimizely_token(rng: random.Random) -> str:
    """An Optimizely personal access token: 54 characters of letters, digits, ``-`` and ``:``, as ``2:`` and 52
    characters that end in a letter or digit."""
    return "2:" + s(rng, 51, ALNUM + "-") + s(rng, 1, ALNUM)


def pandascore_token(rng: random.Random) -> str:
    """A PandaScore token: 51 characters of letters, digits, ``-`` and ``_``."""
    return s(rng, 51, ALNUM + "-_")


def infobip_key(rng: random.Random) -> str:
    """An Infobip API key: 32 hex digits, ``-`` and a UUID, 69 characters."""
    return s(rng, 32, HEX) + "-" + uuid4(rng)


def tuya_local_key(rng: random.Random) -> str:
    """A Tuya device's local key: 16 printable characters, signs among them (none that a JSON or Python string
    would escape)."""
    return s(rng, 16, ALNUM + "#^*|~<>[]{}")


def laps_password(rng: random.Random) -> str:
    """A password as Windows LAPS generates it: 20 characters of letters, digits and signs."""
    return s(rng, 1, UPPER) + s(rng, 19, ALNUM + "#%+-.")


def pkcs12_base64(rng: random.Random) -> str:
    """A PKCS#12 bundle (an RSA 4096-bit key and a certificate chain of three, about 6,300 bytes of DER) in base64
    as a CI variable holds a code signing identity: over 8,000 characters, longer than a stream's window."""
    body = b"\x02\x01\x03\x30\x82\x18\x40\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01\xa0\x82\x18\x31\x04\x82\x18\x2d"
    body += rng.randbytes(6189) + b"\x30\x31\x30\x21\x30\x09\x06\x05\x2b\x0e\x03\x02\x1a\x05\x00\x04\x14"
    body += rng.randbytes(20) + b"\x04\x08" + rng.randbytes(8) + b"\x02\x02\x08\x00"
    return b64(b"\x30\x82" + len(body).to_bytes(2, "big") + body)


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("onesignal_rest_api_key", TH + "onesignal", uuid4, "ONESIGNAL_REST_API_KEY",
     ("onesignal_node_create_configuration", "replit_env_section")),
    ("weatherstack_access_key", TH + "weatherstack", fx("", 32, LOWER_NUM), "WEATHERSTACK_ACCESS_KEY",
     ("weatherstack_ktor_parameter", "next_config_env")),
    ("rockset_api_key", TH + "rockset", fx("", 64, ALNUM), "ROCKSET_APIKEY",
     ("rockset_python_client", "conda_environment_yml_variables")),
    ("keen_io_master_key", TH + "keenio", fx("", 64, UPPER_NUM), "KEEN_MASTER_KEY",
     ("keen_ruby_client_new", "srht_build_manifest_environment")),
    ("infobip_api_key", TH + "infobip", infobip_key, "INFOBIP_API_KEY",
     ("infobip_java_api_client_builder", "android_local_properties")),
    ("moralis_api_key", TH + "moralis", fx("", 64, ALNUM), "MORALIS_API_KEY",
     ("moralis_node_start", "next_config_env")),
    ("statuspage_api_key", TH + "statuspage", uuid4, "STATUSPAGE_API_KEY",
     ("statuspage_incident_curl", "srht_build_manifest_environment")),
    ("edenai_api_key", TH + "edenai", edenai_token, "EDENAI_API_KEY",
     ("edenai_python_requests_bearer", "conda_environment_yml_variables")),
    ("cloudmersive_api_key", TH + "cloudmersive", uuid4, "CLOUDMERSIVE_API_KEY",
     ("cloudmersive_python_configuration", "runsettings_environment_variables")),
    ("convertapi_secret", TH + "convertapi", fx("", 16, ALNUM), "CONVERTAPI_SECRET",
     ("convertapi_csharp_client", "runsettings_environment_variables")),
    ("detectlanguage_api_key", TH + "detectlanguage", fx("", 32, LOWER_NUM), "DETECTLANGUAGE_API_KEY",
     ("detectlanguage_ruby_configure", "replit_env_section")),
    ("monkeylearn_api_key", TH + "monkeylearn", fx("", 40, HEX), "MONKEYLEARN_API_KEY",
     ("monkeylearn_php_client", "srht_build_manifest_environment")),
    ("intrinio_api_key", TH + "intrinio", fx("", 44, ALNUM), "INTRINIO_API_KEY",
     ("intrinio_js_sdk_authentications", "next_config_env")),
    ("imagga_basic_authorization", TH + "imagga", imagga_authorization, "IMAGGA_AUTHORIZATION",
     ("imagga_tags_curl_basic", "replit_env_section")),
    ("miro_access_token", TH + "miro", fx("", 27, ALNUM), "MIRO_ACCESS_TOKEN",
     ("miro_terraform_provider", "xcscheme_environment_variable")),
    ("sinch_sms_api_token", TH + "sinchmessage", fx("", 32, LOWER_NUM), "SINCH_API_TOKEN",
     ("sinch_powershell_invoke_restmethod", "runsettings_environment_variables")),
    ("pandascore_api_token", TH + "pandascore", pandascore_token, "PANDASCORE_TOKEN",
     ("pandascore_rust_reqwest", "xcscheme_environment_variable")),
    ("glassnode_api_key", TH + "glassnode", fx("", 27, ALNUM), "GLASSNODE_API_KEY",
     ("glassnode_julia_http", "conda_environment_yml_variables")),
    ("simfin_api_key", TH + "simfin", fx("", 32, ALNUM), "SIMFIN_API_KEY",
     ("simfin_python_set_api_key", "android_local_properties")),
    ("route4me_api_key", TH + "route4me", fx("", 32, UPPER_NUM), "ROUTE4ME_API_KEY",
     ("route4me_go_client", "android_local_properties")),
    ("optimizely_personal_token", TH + "optimizely", optimizely_token, "OPTIMIZELY_TOKEN",
     ("optimizely_httpie_projects", "srht_build_manifest_environment")),
    ("openuv_api_key", TH + "openuv", fx("", 32, LOWER_NUM), "OPENUV_API_KEY",
     ("openuv_swift_urlrequest", "xcscheme_environment_variable")),
    ("paralleldots_api_key", TH + "paralleldots", fx("", 43, ALNUM), "PARALLELDOTS_API_KEY",
     ("paralleldots_python_set_api_key", "conda_environment_yml_variables")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("hpc_accounting_storage_password", KW, password, "StoragePass",
     ("slurmdbd_conf_storagepass", "openhpc_role_vars_slurmdbd_password")),
    ("spark_authenticate_secret", GENERIC_RULE, fx("", 48, ALNUM), "spark.authenticate.secret",
     ("spark_defaults_conf_authenticate_secret", "spark_submit_conf_authenticate_secret")),
    ("sql_engine_catalog_password", KW, password, "connection-password",
     ("trino_catalog_properties_connection_password", "trino_helm_values_catalogs")),
    ("message_broker_client_jwt", GENERIC_RULE, pulsar_token, "authParams",
     ("pulsar_client_conf_auth_params_token", "pulsar_admin_auth_params_flag")),
    ("stream_source_password", KW, password, "password",
     ("liquidsoap_output_icecast_password", "darkice_cfg_password")),
    ("rtsp_publisher_password", GENERIC_RULE, password, "pass",
     ("mediamtx_yml_auth_internal_users", "ffmpeg_rtsp_publish_systemd_execstart")),
    ("webrtc_gateway_admin_secret", KW, fx("", 24, ALNUM), "admin_secret",
     ("janus_jcfg_admin_secret", "janus_admin_api_curl_admin_secret")),
    ("web_conference_shared_secret", GENERIC_RULE, fx("", 48, ALNUM), "BIGBLUEBUTTON_SECRET",
     ("bbb_conf_secret_output", "greenlight_env_bigbluebutton_secret")),
    ("game_server_admin_password", KW, password, "AdminPassword",
     ("palworld_settings_ini_admin_password", "dayz_server_cfg_password_admin")),
    ("game_proxy_forwarding_secret", GENERIC_RULE, fx("", 12, ALNUM), "forwarding-secret",
     ("velocity_forwarding_secret_cat", "paper_global_yml_velocity_secret")),
    ("zwave_s2_security_key", GENERIC_RULE, fx("", 32, HEX_UPPER), "S2_AccessControl",
     ("zwavejs_ui_settings_json_security_keys", "ha_zwave_js_addon_options_yaml")),
    ("smart_plug_local_key", GENERIC_RULE, tuya_local_key, "local_key",
     ("tinytuya_devices_json_key", "tinytuya_outlet_device_py")),
    ("light_bridge_username", GENERIC_RULE, edged(40, ALNUM + "-"), "username",
     ("hue_bridge_create_user_response", "hue_api_lights_curl_username")),
    ("printer_host_upload_password", KW, password, "printhost_password",
     ("prusaslicer_physical_printer_ini", "prusalink_curl_digest")),
    ("bmc_admin_password", KW, password, "PASSWORD",
     ("hponcfg_xml_login_password", "redfish_curl_basic_systems")),
    ("firmware_setup_password", GENERIC_RULE, password, "--setuppwd",
     ("dell_cctk_setuppwd_cmd", "lenovo_wmi_set_bios_password_ps1")),
    ("installer_property_password", KW, password, "SERVICEPASSWORD",
     ("msiexec_qn_service_password", "choco_install_params_password")),
    ("mac_local_account_password", KW, password, "-password",
     ("jamf_script_sysadminctl_adduser", "dscl_passwd_shell_history")),
    ("wifi_profile_key_export", GENERIC_RULE, password, "Key Content",
     ("netsh_wlan_show_profile_key_clear", "mobileconfig_wifi_payload_password")),
    ("document_encryption_password", GENERIC_RULE, password, "--encrypt",
     ("qpdf_encrypt_cmd", "msoffcrypto_tool_cmd")),
    ("volume_encryption_passphrase", KW, passphrase, "--password",
     ("veracrypt_text_mount_password", "cryptsetup_luksopen_key_file_stdin")),
    ("cracked_password_tool_output", GENERIC_RULE, password, "potfile",
     ("hashcat_potfile_line", "john_show_output")),
    ("remote_login_tool_password_flag", KW, password, "-p",
     ("evil_winrm_p_flag", "xfreerdp_p_flag")),
    ("managed_local_admin_password_readout", GENERIC_RULE, laps_password, "Password",
     ("laps_get_lapsadpassword_output", "laps_legacy_ms_mcs_admpwd_output")),
    ("intrusion_bouncer_api_key", GENERIC_RULE, fx("", 32, ALNUM), "api_key",
     ("crowdsec_cscli_bouncers_add_output", "crowdsec_firewall_bouncer_yaml")),
    ("access_proxy_join_token", GENERIC_RULE, fx("", 32, HEX), "token_name",
     ("teleport_tctl_tokens_add_output", "teleport_yaml_join_params_token")),
    ("code_signing_pkcs12_base64_long", GENERIC_RULE, pkcs12_base64, "CODE_SIGNING_P12",
     ("terraform_github_actions_secret_plaintext", "az_pipelines_variable_create_secret")),
)  # fmt: skip
EIGHTEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, EIGHTEENTH, SURROUNDINGS)
