"""The twenty-third held-out part (split ``held_out_23``): formats and surroundings none of the first twenty-two parts
has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the keyword a
detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (Windows'
automatic logon password, an IBM i remote command's password, a mainframe FTP step's password, SAP Business One's and an
Odoo connector's passwords, a BI server's embedding secret and cookie secret, a report server's database password, an
ETL job's context password, NiFi's sensitive properties key and a Singer tap's password, a message broker web console's
password, an OTA image signing key as base64 of its PEM, longer than a stream's window, an object store's secret in an
HPC job script and a cluster node's IPMI password, a firmware image's root password and OTA upload password, an update
server's target token and tenant token (a JWT), a browser script's login password, a browser grid's registration secret,
an RPA bot's password, a report server's execution account password, a BI data gateway's recovery key, a broker console
user's password, an RPA orchestrator's application secret and a LoRaWAN device's AppKey). Every value is synthetic, made
afresh with its own seed, with the format's length and alphabet.

Surroundings: twentythird_places.py for the vendor places (Windows' machine and service environment settings, and each
vendor's API or client); twentythird_generic.py for Windows administration, IBM i and mainframe jobs, ERP connectors, BI
and reporting servers and ETL jobs; twentythird_traces.py for message brokers, HPC job scripts, firmware builds, OTA
update servers, browser automation and RPA bots; twentythird_admin.py for a report server's execution account, a BI data
gateway, a broker console, an RPA orchestrator and LoRaWAN devices."""

from __future__ import annotations

import hashlib
import hmac
import json
import random

from . import twentythird_admin as adm
from . import twentythird_generic as gen
from . import twentythird_places as at
from . import twentythird_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 23719
SPLIT = "held_out_23"
LOWER_NUM = LOWER + DIGITS
UPPER_NUM = UPPER + DIGITS


def mender_tenant_jwt(rng: random.Random) -> str:
    """A Mender tenant token: a JWT whose claims name the tenant, its plan and the issuer, signed here with HS256 and a
    key made from the seed."""
    head = b64(b'{"alg":"HS256","typ":"JWT"}', url=True, pad=False)
    claims = {"mender.tenant": s(rng, 24, HEX), "mender.plan": rng.choice(["os", "professional"]), "iss": "Mender",
              "sub": s(rng, 24, HEX)}  # fmt: skip
    body = b64(json.dumps(claims, separators=(",", ":")).encode(), url=True, pad=False)
    mac = hmac.new(rng.randbytes(32), f"{head}.{body}".encode(), hashlib.sha256).digest()
    return f"{head}.{body}.{b64(mac, url=True, pad=False)}"


def ota_signing_key_pem_base64(rng: random.Random) -> str:
    """An OTA image signing key: a PKCS#8 RSA key (about 3,200 bytes of DER) as PEM, and the PEM in base64 on one line,
    as build settings and environment files carry it: about 5,900 characters, longer than a stream's window."""
    der = b"\x30\x82\x0c\x7e\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"
    body = b64(der + b"\x04\x82\x0c\x68" + rng.randbytes(3176))
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    pem = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----\n"
    return b64(pem.encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("userstack_access_key", TH + "userstack", fx("", 32, HEX), "USERSTACK_ACCESS_KEY",
     ("userstack_powershell_irm", "setx_machine_env")),
    ("mediastack_access_key", TH + "mediastack", fx("", 32, HEX), "MEDIASTACK_ACCESS_KEY",
     ("mediastack_csharp_httpclient", "reg_export_machine_environment")),
    ("geocodify_api_key", TH + "geocodify", fx("", 40, LOWER_NUM), "GEOCODIFY_API_KEY",
     ("geocodify_python_requests", "powershell_set_machine_env")),
    ("purestake_api_key", TH + "purestake", fx("", 40, ALNUM), "PURESTAKE_API_KEY",
     ("purestake_kotlin_algod", "nssm_app_environment")),
    ("ipqualityscore_api_key", TH + "ipquality", fx("", 32, LOWER_NUM), "IPQS_API_KEY",
     ("ipquality_dart_http", "winsw_service_xml_env")),
    ("ritekit_client_id", TH + "ritekit", fx("", 44, HEX), "RITEKIT_CLIENT_ID",
     ("ritekit_r_httr", "iis_environment_variables")),
    ("languagelayer_access_key", TH + "languagelayer", fx("", 32, HEX), "LANGUAGELAYER_ACCESS_KEY",
     ("languagelayer_php_guzzle", "setx_machine_env")),
    ("countrylayer_access_key", TH + "countrylayer", fx("", 32, HEX), "COUNTRYLAYER_ACCESS_KEY",
     ("countrylayer_elixir_req", "reg_export_machine_environment")),
    ("scrapestack_access_key", TH + "scrapestack", fx("", 32, LOWER_NUM), "SCRAPESTACK_ACCESS_KEY",
     ("scrapestack_erlang_httpc", "powershell_set_machine_env")),
    ("vatlayer_access_key", TH + "vatlayer", fx("", 32, HEX), "VATLAYER_ACCESS_KEY",
     ("vatlayer_go_http", "nssm_app_environment")),
    ("pdflayer_access_key", TH + "pdflayer", fx("", 32, HEX), "PDFLAYER_ACCESS_KEY",
     ("pdflayer_java_okhttp", "winsw_service_xml_env")),
    ("screenshotlayer_access_key", TH + "screenshotlayer", fx("", 32, ALNUM), "SCREENSHOTLAYER_ACCESS_KEY",
     ("screenshotlayer_matlab_webread", "iis_environment_variables")),
    ("coinlayer_access_key", TH + "coinlayer", fx("", 32, HEX), "COINLAYER_ACCESS_KEY",
     ("coinlayer_excel_vba", "setx_machine_env")),
    ("worldcoinindex_api_key", TH + "worldcoinindex", fx("", 35, ALNUM), "WORLDCOININDEX_KEY",
     ("worldcoinindex_apps_script", "reg_export_machine_environment")),
    ("upcdatabase_api_key", TH + "upcdatabase", fx("", 32, UPPER_NUM), "UPCDATABASE_API_KEY",
     ("upcdatabase_power_query", "powershell_set_machine_env")),
    ("linkpreview_api_key", TH + "linkpreview", fx("", 32, ALNUM), "LINKPREVIEW_API_KEY",
     ("linkpreview_cpp_cpr", "nssm_app_environment")),
    ("vpnapi_key", TH + "vpnapi", fx("", 32, LOWER_NUM), "VPNAPI_KEY",
     ("vpnapi_objc_nsurlsession", "winsw_service_xml_env")),
    ("restpack_access_token", TH + "restpack", fx("", 48, ALNUM), "RESTPACK_ACCESS_TOKEN",
     ("restpack_autohotkey", "iis_environment_variables")),
    ("fixerio_access_key", TH + "fixerio", fx("", 32, HEX), "FIXER_ACCESS_KEY",
     ("fixer_ruby_httparty", "setx_machine_env")),
    ("ipapi_access_key", TH + "ipapi", fx("", 32, LOWER_NUM), "IPAPI_ACCESS_KEY",
     ("ipapi_typescript_angular", "reg_export_machine_environment")),
    ("serpstack_access_key", TH + "serpstack", fx("", 32, HEX), "SERPSTACK_ACCESS_KEY",
     ("serpstack_rust_ureq", "powershell_set_machine_env")),
    ("mailboxlayer_access_key", TH + "mailboxlayer", fx("", 32, HEX), "MAILBOXLAYER_ACCESS_KEY",
     ("mailboxlayer_sas_proc_http", "nssm_app_environment")),
    ("exchangerateapi_key", TH + "exchangerateapi", fx("", 24, HEX), "EXCHANGERATE_API_KEY",
     ("exchangerateapi_abap", "winsw_service_xml_env")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("windows_autologon_default_password", GENERIC_RULE, password, "DefaultPassword",
     ("winlogon_reg_export_default_password", "winlogon_reg_add_default_password")),
    ("ibmi_remote_command_password", GENERIC_RULE, password, "RMTPWD",
     ("ibmi_cl_runrmtcmd", "ibmi_job_log_runrmtcmd")),
    ("mainframe_ftp_step_password", GENERIC_RULE, fx("", 8, UPPER_NUM), "PASSWORD",
     ("jcl_ftp_input_stream", "jcl_netrc_dataset")),
    ("erp_service_layer_password", GENERIC_RULE, password, "Password",
     ("b1_service_layer_login_curl", "b1_di_api_company_password")),
    ("erp_connector_password", KW, password, "password",
     ("odoorpc_login_password", "odoo_ripcord_php_password")),
    ("bi_embedding_secret_key", GENERIC_RULE, fx("", 64, HEX), "MB_EMBEDDING_SECRET_KEY",
     ("metabase_env_embedding_secret", "metabase_embed_script_secret")),
    ("bi_server_cookie_secret", GENERIC_RULE, fx("", 43, ALNUM + "-_"), "REDASH_COOKIE_SECRET",
     ("redash_env_cookie_secret", "redash_compose_cookie_secret")),
    ("report_server_db_password", KW, password, "dbPassword",
     ("jasperserver_master_properties", "tomcat_context_jasperserver_resource")),
    ("etl_job_context_password", KW, password, "dwh_Password",
     ("talend_context_properties", "kettle_properties_password")),
    ("etl_flow_sensitive_props_key", GENERIC_RULE, fx("", 24, ALNUM), "nifi.sensitive.props.key",
     ("nifi_properties_sensitive_key", "nifi_container_sensitive_key")),
    ("etl_tap_db_password", KW, password, "password",
     ("singer_tap_config_json", "meltano_env_tap_password")),
    ("broker_web_console_password", GENERIC_RULE, password, "password",
     ("ibm_mq_mqwebuser_xml", "ibm_mq_rest_curl_basic")),
    ("ota_image_signing_key_pem_base64_long", GENERIC_RULE, ota_signing_key_pem_base64, "SWUPDATE_PRIVATE_KEY_B64",
     ("yocto_local_conf_signing_key", "ota_build_env_file_signing_key")),
    ("hpc_job_object_store_secret", GENERIC_RULE, fx("", 40, ALNUM), "secret",
     ("sbatch_mc_alias_secret", "pbs_rclone_secret")),
    ("hpc_node_ipmi_password", GENERIC_RULE, password, "password",
     ("warewulf_nodes_conf_ipmi", "wwctl_profile_set_ipmipass")),
    ("firmware_image_root_password", GENERIC_RULE, password, "BR2_TARGET_GENERIC_ROOT_PASSWD",
     ("buildroot_defconfig_root_passwd", "yocto_extra_users_root_password")),
    ("firmware_ota_upload_password", GENERIC_RULE, password, "auth",
     ("arduino_ota_set_password", "platformio_upload_flags_auth")),
    ("ota_target_security_token", GENERIC_RULE, fx("", 32, LOWER_NUM), "targettoken",
     ("swupdate_suricatta_target_token", "hawkbit_ddi_curl_target_token")),
    ("ota_tenant_token_jwt", GENERIC_RULE, mender_tenant_jwt, "TenantToken",
     ("mender_conf_tenant_token", "mender_setup_tenant_token")),
    ("browser_script_login_password", GENERIC_RULE, password, "password",
     ("selenium_send_keys_password", "puppeteer_page_type_password")),
    ("browser_grid_registration_secret", GENERIC_RULE, fx("", 32, ALNUM), "registration-secret",
     ("selenium_grid_config_toml_secret", "selenium_node_cli_secret")),
    ("rpa_bot_password", GENERIC_RULE, password, "PASSWORD",
     ("robot_variables_table_password", "robot_cli_variable_password")),
    ("report_server_execution_account_password", GENERIC_RULE, password, "p",
     ("rsconfig_unattended_execution_account", "wmi_set_unattended_execution_account")),
    ("bi_gateway_recovery_key", GENERIC_RULE, password, "RecoveryKey",
     ("add_datagateway_cluster_recovery_key", "runbook_transcript_recovery_key")),
    ("broker_console_user_password", GENERIC_RULE, password, "admin",
     ("activemq_jetty_realm_properties", "activemq_users_properties")),
    ("rpa_orchestrator_app_secret", GENERIC_RULE, fx("", 16, ALNUM + "!#$*@~"), "clientSecret",
     ("uipcli_pipeline_app_secret", "uirobot_connect_client_secret")),
    ("lorawan_device_app_key", GENERIC_RULE, fx("", 32, "0123456789ABCDEF"), "APPKEY",
     ("ttn_lw_cli_app_key", "riot_makefile_app_key")),
)  # fmt: skip
TWENTYTHIRD = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYTHIRD, SURROUNDINGS)
