"""The twenty-seventh held-out part (split ``held_out_27``): formats and surroundings none of the first twenty-six
parts has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against,
so that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be
looked at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart
(a PBX manager interface's secret, a soft switch's password, a desk phone's provisioning password, a home hub's MQTT
password, a Z-Wave network's security key, an ESP provisioning proof of possession, a MicroPython WebREPL password, an
HPC cluster's MUNGE key in base64, a research data transfer client's secret, an HPC metrics portal's database
password, a LIMS login password, an ERP's database URI, an open ERP's database password, an invoicing app's database
password, an SAP Business One password, a PACS's LDAP root password, a FHIR server's datasource password, a SMART on
FHIR client's secret, a web radio's source password, an SRT stream's passphrase, an RTSP server's publishing password,
a shop's administrator password, a CMS's mail transport password, a spreadsheet's data connection password, a
password a crash report shows, a test fixture's user password and an integration engine's client certificate as
PKCS#12 in base64, longer than a stream's window). Every value is synthetic, made afresh with its own seed, with the
format's length and alphabet.

Surroundings: twentyseventh_places.py for the vendor places (scientific computing's and HPC's ways of handing a job a
setting, and each vendor's API called from telephony, home automation, an ERP, a healthcare integration engine, a
broadcast controller, a spreadsheet, firmware, a crash report, a test fixture, an e-commerce plugin's or a CMS's
settings no other part has); twentyseventh_generic.py for telephony, home automation, firmware and scientific
computing; twentyseventh_traces.py for ERPs and accounting, healthcare integration and broadcast;
twentyseventh_admin.py for shops, CMSs, spreadsheets, crash reports, test fixtures and an integration engine's
certificate."""

from __future__ import annotations

import random

from . import twentyseventh_admin as adm
from . import twentyseventh_generic as gen
from . import twentyseventh_places as at
from . import twentyseventh_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part
from .twentyfourth import uuid4

SEED = 27131
SPLIT = "held_out_27"
LOWER_NUM = LOWER + DIGITS


def appointedd_key(rng: random.Random) -> str:
    """An Appointedd key: 88 letters, digits, ``+`` and ``=`` (the detector's), the base64 of 64 bytes with no
    ``/``: 85 characters of six bits, one carrying two, and ``==``."""
    return s(rng, 85, ALNUM + "+") + rng.choice("AQgw") + "=="


def cashboard_key(rng: random.Random) -> str:
    """A Cashboard API key: four groups of three upper-case letters and digits joined by ``-`` (the detector's)."""
    return "-".join(s(rng, 3, UPPER + DIGITS) for _ in range(4))


def dovico_token(rng: random.Random) -> str:
    """A Dovico user token: 32 lower-case letters and digits, a dot and the user's number (the detector's)."""
    return f"{s(rng, 32, LOWER_NUM)}.{s(rng, 5, DIGITS)}"


def lessannoyingcrm_token(rng: random.Random) -> str:
    """A Less Annoying CRM token: 57 letters, digits and ``-`` (the detector's), the user code, a ``-`` and 50
    letters and digits."""
    return f"{s(rng, 6, DIGITS)}-{s(rng, 50, ALNUM)}"


def webrepl_password(rng: random.Random) -> str:
    """A MicroPython WebREPL password: 4 to 9 characters (``webrepl_setup`` takes no more), here 7 to 9 letters and
    digits."""
    return s(rng, rng.randint(7, 9), ALNUM)


def client_p12_base64_long(rng: random.Random) -> str:
    """An integration engine's client certificate as PKCS#12 in base64: the DER of a PFX (version 3, its data
    content), a 4096-bit RSA key, its certificate and the CA's, about 4,400 bytes, on one line: about 5,900
    characters, longer than a stream's window."""
    body = rng.randbytes(4380)
    head = b"\x30\x82" + (len(body) + 17).to_bytes(2, "big") + b"\x02\x01\x03\x30\x82"
    head += len(body).to_bytes(2, "big") + b"\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01"
    return b64(head + body)


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("apacta_api_key", TH + "apacta", uuid4, "APACTA_API_KEY",
     ("apacta_asterisk_dialplan_curl", "qsub_v_variable_list")),
    ("appointedd_api_key", TH + "appointedd", appointedd_key, "APPOINTEDD_API_KEY",
     ("appointedd_freeswitch_lua_script", "lmod_modulefile_setenv")),
    ("apptivo_api_key", TH + "apptivo", uuid4, "APPTIVO_API_KEY",
     ("apptivo_excel_webservice_formula", "condor_submit_environment_line")),
    ("autoklose_api_token", TH + "autoklose", fx("", 32, ALNUM + "-"), "AUTOKLOSE_API_TOKEN",
     ("autoklose_fhem_httpmod_cfg", "flux_run_env_flag")),
    ("besnappy_api_key", TH + "besnappy", fx("", 64, HEX), "BESNAPPY_API_KEY",
     ("besnappy_openhab_rules_dsl", "lsf_bsub_env_flag")),
    ("cashboard_api_key", TH + "cashboard", cashboard_key, "CASHBOARD_API_KEY",
     ("cashboard_erpnext_server_script", "easybuild_modextravars")),
    ("centralstationcrm_api_key", TH + "centralstationcrm", fx("", 30, LOWER_NUM), "CENTRALSTATION_API_KEY",
     ("centralstationcrm_odoo_server_action_xml", "qsub_v_variable_list")),
    ("clinchpad_api_key", TH + "clinchpad", fx("", 32, LOWER_NUM), "CLINCHPAD_API_KEY",
     ("clinchpad_mirth_channel_js_writer", "lmod_modulefile_setenv")),
    ("clustdoc_api_token", TH + "clustdoc", fx("", 60, ALNUM), "CLUSTDOC_API_TOKEN",
     ("clustdoc_iris_objectscript_httprequest", "condor_submit_environment_line")),
    ("companyhub_api_key", TH + "companyhub", fx("", 20, ALNUM), "COMPANYHUB_API_KEY",
     ("companyhub_vmix_vb_script", "flux_run_env_flag")),
    ("dovico_user_token", TH + "dovico", dovico_token, "DOVICO_USER_TOKEN",
     ("dovico_companion_generic_http_action", "lsf_bsub_env_flag")),
    ("edusign_api_key", TH + "edusign", fx("", 64, HEX), "EDUSIGN_API_KEY",
     ("edusign_micropython_urequests", "easybuild_modextravars")),
    ("feedier_api_key", TH + "feedier", fx("", 32, ALNUM), "FEEDIER_API_KEY",
     ("feedier_esp_idf_http_client", "qsub_v_variable_list")),
    ("karmacrm_api_token", TH + "karmacrm", fx("", 20, ALNUM), "KARMACRM_API_TOKEN",
     ("karmacrm_zephyr_prj_conf", "lmod_modulefile_setenv")),
    ("kylas_api_key", TH + "kylas", uuid4, "KYLAS_API_KEY",
     ("kylas_node_diagnostic_report_json", "condor_submit_environment_line")),
    ("lessannoyingcrm_api_token", TH + "lessannoyingcrm", lessannoyingcrm_token, "LACRM_API_TOKEN",
     ("lessannoyingcrm_gdb_bt_full", "flux_run_env_flag")),
    ("nethunt_api_key", TH + "nethunt", uuid4, "NETHUNT_API_KEY",
     ("nethunt_wiremock_mapping_basic_auth", "lsf_bsub_env_flag")),
    ("paymoapp_api_key", TH + "paymoapp", fx("", 44, ALNUM), "PAYMO_API_KEY",
     ("paymoapp_hurl_file", "easybuild_modextravars")),
    ("salescookie_api_key", TH + "salescookie", fx("", 32, ALNUM), "SALESCOOKIE_API_KEY",
     ("salescookie_woocommerce_wp_options_row", "qsub_v_variable_list")),
    ("sherpadesk_api_key", TH + "sherpadesk", fx("", 32, LOWER_NUM), "SHERPADESK_API_KEY",
     ("sherpadesk_drupal_config_export", "lmod_modulefile_setenv")),
    ("signable_api_key", TH + "signable", fx("", 32, ALNUM), "SIGNABLE_API_KEY",
     ("signable_umbraco_appsettings_json", "condor_submit_environment_line")),
    ("stormboard_api_key", TH + "stormboard", fx("", 40, HEX), "STORMBOARD_API_KEY",
     ("stormboard_libreoffice_basic_macro", "flux_run_env_flag")),
    ("sugester_api_token", TH + "sugester", fx("", 32, ALNUM), "SUGESTER_API_TOKEN",
     ("sugester_home_assistant_rest_sensor", "lsf_bsub_env_flag")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("pbx_manager_interface_secret", KW, password, "secret",
     ("asterisk_manager_conf_user_secret", "panoramisk_manager_secret_kwarg")),
    ("soft_switch_password", KW, password, "password",
     ("freeswitch_directory_user_xml_param", "freeswitch_sip_profile_gateway_xml")),
    ("desk_phone_provisioning_password", GENERIC_RULE, password, "account.1.password",
     ("yealink_provisioning_cfg_account_password", "polycom_phone_cfg_reg_auth_password")),
    ("home_automation_server_mqtt_password", KW, password, "password",
     ("fhem_cfg_mqtt2_client_password", "iobroker_set_mqtt_instance_pass")),
    ("zwave_network_security_key", GENERIC_RULE, lambda rng: s(rng, 32, HEX).upper(), "S2_Unauthenticated",
     ("zwavejs_ui_settings_json_s2_keys", "zwave_js_server_config_js_security_keys")),
    ("esp_provisioning_pop", GENERIC_RULE, fx("", 12, LOWER_NUM), "pop",
     ("esp_idf_sdkconfig_prov_pop", "esp_prov_cli_pop_flag")),
    ("micropython_webrepl_password", GENERIC_RULE, webrepl_password, "PASS",
     ("micropython_webrepl_cfg_py", "webrepl_cli_p_flag")),
    ("hpc_munge_key_base64", GENERIC_RULE, lambda rng: b64(rng.randbytes(1024)), "munge_key",
     ("munge_key_ansible_vars", "slurm_helm_values_munge_key")),
    ("research_transfer_client_secret", GENERIC_RULE, lambda rng: b64(rng.randbytes(32)), "GLOBUS_CLI_CLIENT_SECRET",
     ("globus_cli_env_client_secret", "globus_sdk_confidential_client_py")),
    ("hpc_metrics_portal_db_password", KW, password, "pass",
     ("xdmod_portal_settings_ini_pass", "xdmod_setup_transcript_db_password")),
    ("lims_login_password", KW, password, "password",
     ("pybis_login_call", "openbis_service_properties_db_password")),
    ("erp_database_uri_password", GENERIC_RULE, password, "uri",
     ("trytond_conf_database_uri", "trytond_compose_env_database_uri")),
    ("open_erp_db_password", KW, password, "ADEMPIERE_DB_PASSWORD",
     ("idempiere_env_properties_db_password", "idempiere_docker_run_db_pass_env")),
    ("invoicing_app_db_password", KW, password, "db-password",
     ("akaunting_artisan_install_flags", "invoiceninja_env_db_password")),
    ("business_one_password", KW, password, "Password",
     ("sap_b1_service_layer_login_curl", "sap_b1_di_api_vbscript")),
    ("pacs_ldap_root_password", GENERIC_RULE, password, "LDAP_ROOTPASS",
     ("dcm4chee_compose_ldap_rootpass", "dcm4chee_arc_env_file_ldap_rootpass")),
    ("fhir_server_datasource_password", KW, password, "password",
     ("hapi_fhir_application_yaml_datasource", "hapi_fhir_docker_run_spring_datasource_env")),
    ("smart_on_fhir_client_secret", GENERIC_RULE, lambda rng: b64(rng.randbytes(48), url=True), "app_secret",
     ("python_fhirclient_settings_app_secret", "smart_backend_services_env_client_secret")),
    ("web_radio_source_password", KW, password, "password",
     ("butt_rc_icecast_password", "azuracast_station_export_source_pw")),
    ("srt_stream_passphrase", GENERIC_RULE, fx("", 24, ALNUM), "passphrase",
     ("srt_live_transmit_uri_passphrase", "gstreamer_srtsink_passphrase")),
    ("rtsp_server_publish_password", GENERIC_RULE, password, "publishPass",
     ("mediamtx_yml_path_publish_pass", "mediamtx_env_pathdefaults_publishpass")),
    ("shop_admin_cli_password", KW, password, "password",
     ("shopware_user_create_password_flag", "sylius_admin_user_create_prompt")),
    ("cms_mail_transport_password", KW, password, "password",
     ("craft_project_config_email_password", "kirby_config_php_email_transport")),
    ("spreadsheet_data_connection_password", KW, password, "Password",
     ("excel_connections_xml_password", "office_data_connection_odc_password")),
    ("crash_report_password", GENERIC_RULE, password, "password",
     ("lldb_frame_variable_password", "dotnet_dump_analyze_dumpobj_string")),
    ("test_fixture_user_password", KW, password, "password",
     ("karate_config_js_password", "hurl_variables_file_password")),
    ("integration_engine_client_p12_base64_long", GENERIC_RULE, client_p12_base64_long, "LAB_CLIENT_P12_BASE64",
     ("rhapsody_engine_env_client_p12_base64", "hl7_mllp_tls_proxy_helm_values_p12")),
)  # fmt: skip
TWENTYSEVENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYSEVENTH, SURROUNDINGS)
