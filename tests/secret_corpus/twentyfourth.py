"""The twenty-fourth held-out part (split ``held_out_24``): formats and surroundings none of the first twenty-three
parts has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against,
so that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be
looked at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart
(a Teradata logon password, an Informix password, an Exasol password, an ArangoDB root password, a KeyDB password, an
LND admin macaroon in hex, an Azure deployment's administrator password, an application gateway's TLS certificate as
base64 of its PFX, longer than a stream's window, a Terragrunt module's database password, a Livebook server's password,
a notebook's warehouse password, a report's API token, a password pasted into a chat, a live stream's key, a 3D printer
host's MQTT password and API key, Mirth Connect's database and administrator passwords, a UniFi controller's password, a
LibreNMS API token, Cacti's database password, a Rundeck API token, Foreman's administrator password, a MAAS API key, an
ESXi root password, oVirt's engine administrator password and a signify secret key). Every value is synthetic, made
afresh with its own seed, with the format's length and alphabet.

Surroundings: twentyfourth_places.py for the vendor places (load testers' and API test runners' variables, and each
vendor's API from a language no other part has); twentyfourth_generic.py for data warehouses and databases, Lightning
nodes, Azure's deployments and Terragrunt; twentyfourth_traces.py for notebooks of other kinds, chat exports, live
streaming, 3D printer hosts and a healthcare integration engine; twentyfourth_admin.py for network controllers and
monitoring, runbook servers, bare-metal provisioning, hypervisors and release signing."""

from __future__ import annotations

import random

from . import twentyfourth_admin as adm
from . import twentyfourth_generic as gen
from . import twentyfourth_places as at
from . import twentyfourth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 24853
SPLIT = "held_out_24"
LOWER_NUM = LOWER + DIGITS
UPPER_NUM = UPPER + DIGITS


def uuid4(rng: random.Random) -> str:
    """A random (version 4) UUID in lower-case hex, as the services whose keys are UUIDs hand them out."""
    return f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-4{s(rng, 3, HEX)}-{rng.choice('89ab')}{s(rng, 3, HEX)}-{s(rng, 12, HEX)}"


def ethplorer_key(rng: random.Random) -> str:
    """An Ethplorer key: ``EK-`` and three groups of letters and digits, 22 characters in all (the detector's length
    and alphabet, letters, digits and the hyphen)."""
    return f"EK-{s(rng, 5)}-{s(rng, 7)}-{s(rng, 5)}"


def fastforex_key(rng: random.Random) -> str:
    """A fastFOREX key: 28 lower-case letters, digits and hyphens, as the detector reads them, in three groups."""
    return f"{s(rng, 10, LOWER_NUM)}-{s(rng, 10, LOWER_NUM)}-{s(rng, 6, LOWER_NUM)}"


def stream_key(rng: random.Random) -> str:
    """A live stream's key as the big platforms give it: five groups of four lower-case letters and digits."""
    return "-".join(s(rng, 4, LOWER_NUM) for _ in range(5))


def lnd_macaroon_hex(rng: random.Random) -> str:
    """An LND admin macaroon as hex (the form BTCPay Server and LND's REST API take): version 2, location ``lnd``,
    an identifier, the caveats and a 32-byte signature; about 280 bytes, 550 hex digits."""
    body = bytes.fromhex("0201036c6e6402f801030a10") + rng.randbytes(16) + b"\x12\x01\x30\x1a\x16\x0a\x07address"
    body += rng.randbytes(200) + b"\x00\x00\x06\x20" + rng.randbytes(32)
    return body.hex()


def maas_api_key(rng: random.Random) -> str:
    """A MAAS API key: consumer key, token key and token secret, 18, 18 and 32 letters and digits, joined by colons."""
    return f"{s(rng, 18, ALNUM)}:{s(rng, 18, ALNUM)}:{s(rng, 32, ALNUM)}"


def signify_secret_key(rng: random.Random) -> str:
    """A signify secret key's line: Ed25519 with bcrypt's KDF (``Ed``, ``BK``), no rounds (made with ``-n``), a salt,
    a checksum, the key number and the 64-byte secret key, 104 bytes in base64 (140 characters)."""
    salt, checksum, keynum = rng.randbytes(16), rng.randbytes(8), rng.randbytes(8)
    return b64(b"EdBK" + b"\x00\x00\x00\x00" + salt + checksum + keynum + rng.randbytes(64))


def pfx_base64_long(rng: random.Random) -> str:
    """An application gateway's TLS certificate as ARM templates take it: a PKCS#12 file (a 4096-bit RSA key and its
    chain, about 4,600 bytes) in base64 on one line, about 6,200 characters, longer than a stream's window."""
    head = b"\x30\x82\x11\xfa\x02\x01\x03\x30\x82\x11\xc0\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01\xa0\x82\x11\xb1"
    return b64(head + b"\x04\x82\x11\xad" + rng.randbytes(4560))


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("abyssale_api_key", TH + "abyssale", fx("", 40, ALNUM), "ABYSSALE_API_KEY",
     ("abyssale_ocaml_cohttp", "k6_run_env_flag")),
    ("alconost_api_key", TH + "alconost", fx("", 32, LOWER_NUM), "ALCONOST_API_KEY",
     ("alconost_common_lisp_dexador", "jmeter_cli_property")),
    ("allsports_api_key", TH + "allsports", fx("", 64, ALNUM), "ALLSPORTS_API_KEY",
     ("allsports_racket_http_easy", "hurl_variables_file")),
    ("bitcoinaverage_api_key", TH + "bitcoinaverage", fx("", 43, ALNUM), "BITCOINAVERAGE_API_KEY",
     ("bitcoinaverage_gleam_httpc", "artillery_yml_variables")),
    ("blocknative_api_key", TH + "blocknative", uuid4, "BLOCKNATIVE_API_KEY",
     ("blocknative_raku_useragent", "gatling_maven_system_property")),
    ("browshot_api_key", TH + "browshot", fx("", 28, ALNUM), "BROWSHOT_API_KEY",
     ("browshot_d_std_net_curl", "newman_env_var")),
    ("bscscan_api_key", TH + "bscscan", fx("", 34, UPPER_NUM), "BSCSCAN_API_KEY",
     ("bscscan_vlang_http", "k6_run_env_flag")),
    ("currencyscoop_api_key", TH + "currencyscoop", fx("", 32, LOWER_NUM), "CURRENCYSCOOP_API_KEY",
     ("currencyscoop_ada_aws_client", "jmeter_cli_property")),
    ("currentsapi_api_key", TH + "currentsapi", fx("", 48, ALNUM + "_-"), "CURRENTSAPI_KEY",
     ("currentsapi_delphi_netclient", "hurl_variables_file")),
    ("dandelion_token", TH + "dandelion", fx("", 32, HEX), "DANDELION_TOKEN",
     ("dandelion_elm_http", "artillery_yml_variables")),
    ("fastforex_api_key", TH + "fastforex", fastforex_key, "FASTFOREX_API_KEY",
     ("fastforex_purescript_affjax", "gatling_maven_system_property")),
    ("flightapi_key", TH + "flightapi", fx("", 24, LOWER_NUM), "FLIGHTAPI_KEY",
     ("flightapi_rescript_fetch", "newman_env_var")),
    ("html2pdf_api_key", TH + "html2pdf", fx("", 64, ALNUM), "HTML2PDF_API_KEY",
     ("html2pdf_pharo_znclient", "k6_run_env_flag")),
    ("newscatcher_api_key", TH + "newscatcher", fx("", 43, ALNUM + "_"), "NEWSCATCHER_API_KEY",
     ("newscatcher_swi_prolog_http_open", "jmeter_cli_property")),
    ("scraperbox_token", TH + "scraperbox", fx("", 32, UPPER_NUM), "SCRAPERBOX_TOKEN",
     ("scraperbox_guile_web_client", "hurl_variables_file")),
    ("scrapingant_api_key", TH + "scrapingant", fx("", 32, LOWER_NUM), "SCRAPINGANT_API_KEY",
     ("scrapingant_babashka_http", "artillery_yml_variables")),
    ("serphouse_api_token", TH + "serphouse", fx("", 60, ALNUM), "SERPHOUSE_API_TOKEN",
     ("serphouse_vala_libsoup", "gatling_maven_system_property")),
    ("uclassify_read_key", TH + "uclassify", fx("", 12, ALNUM), "UCLASSIFY_READ_KEY",
     ("uclassify_godot_gdscript", "newman_env_var")),
    ("zenscrape_api_key", TH + "zenscrape", uuid4, "ZENSCRAPE_API_KEY",
     ("zenscrape_roblox_luau", "k6_run_env_flag")),
    ("extractorapi_key", TH + "extractorapi", fx("", 40, ALNUM), "EXTRACTORAPI_KEY",
     ("extractorapi_wolfram_urlexecute", "jmeter_cli_property")),
    ("ethplorer_api_key", TH + "ethplorer", ethplorer_key, "ETHPLORER_API_KEY",
     ("ethplorer_haxe_http", "hurl_variables_file")),
    ("selectpdf_key", TH + "selectpdf", uuid4, "SELECTPDF_KEY",
     ("selectpdf_apex_httprequest", "artillery_yml_variables")),
    ("apitemplate_api_key", TH + "apitemplate", fx("", 39, ALNUM), "APITEMPLATE_API_KEY",
     ("apitemplate_autoit_winhttp", "gatling_maven_system_property")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("dw_logon_password", GENERIC_RULE, password, "TargetUserPassword",
     ("bteq_logon_script", "tpt_job_variables_file")),
    ("informix_connect_password", KW, password, "password",
     ("informix_jdbc_url_password", "informix_esql_c_connect")),
    ("columnar_db_user_password", KW, password, "password",
     ("exaplus_cli_p_flag", "pyexasol_connect_password")),
    ("multimodel_db_root_password", GENERIC_RULE, password, "ARANGO_ROOT_PASSWORD",
     ("arangodb_docker_run_root_password", "arangosh_server_password_flag")),
    ("kv_store_requirepass", GENERIC_RULE, password, "requirepass",
     ("keydb_conf_requirepass", "rediscli_history_auth")),
    ("lightning_admin_macaroon_hex", GENERIC_RULE, lnd_macaroon_hex, "macaroon",
     ("btcpay_lnd_connection_string", "lnd_rest_curl_macaroon_header")),
    ("cloud_deployment_admin_password", GENERIC_RULE, password, "administratorLoginPassword",
     ("arm_parameters_json_admin_password", "az_deployment_group_parameters")),
    ("gateway_tls_pfx_base64_long", GENERIC_RULE, pfx_base64_long, "sslCertificateData",
     ("arm_parameters_appgw_ssl_data", "terragrunt_inputs_ssl_certificate_data")),
    ("iac_module_db_password", KW, password, "db_password",
     ("terragrunt_hcl_inputs_db_password", "terragrunt_secrets_yaml_decode")),
    ("notebook_server_password", GENERIC_RULE, password, "LIVEBOOK_PASSWORD",
     ("livebook_docker_run_password", "livebook_systemd_unit_env")),
    ("notebook_warehouse_password", KW, password, "password",
     ("marimo_app_cell_password", "pluto_notebook_cell_env")),
    ("report_api_token", GENERIC_RULE, fx("", 40, ALNUM), "helpdesk_token",
     ("rmarkdown_yaml_params_token", "rhistory_httr_bearer")),
    ("chat_pasted_password", GENERIC_RULE, password, "password",
     ("rocketchat_export_json_message", "google_chat_takeout_messages_json")),
    ("live_stream_key", GENERIC_RULE, stream_key, "STREAM_KEY",
     ("nginx_rtmp_push_stream_key", "ffmpeg_restream_script_key")),
    ("printer_host_mqtt_password", KW, password, "password",
     ("moonraker_conf_mqtt_password", "moonraker_secrets_ini_mqtt")),
    ("klipper_host_api_key", GENERIC_RULE, fx("", 32, HEX), "moonraker_api_key",
     ("klipperscreen_conf_api_key", "moonraker_curl_x_api_key")),
    ("integration_engine_db_password", GENERIC_RULE, password, "database.password",
     ("mirth_properties_database_password", "mirth_compose_database_password")),
    ("integration_engine_admin_password", GENERIC_RULE, password, "password",
     ("mirth_cli_mccommand_password", "mirth_api_login_curl")),
    ("network_controller_password", GENERIC_RULE, password, "pass",
     ("unpoller_conf_unifi_pass", "unifi_controller_python_login")),
    ("nms_api_token", GENERIC_RULE, fx("", 32, HEX), "X-Auth-Token",
     ("librenms_curl_x_auth_token", "oxidized_librenms_source_token")),
    ("graphing_db_password", KW, password, "database_password",
     ("cacti_config_php_database_password", "cacti_spine_conf_db_pass")),
    ("runbook_server_api_token", GENERIC_RULE, fx("", 32, ALNUM), "RD_TOKEN",
     ("rundeck_cli_env_token", "rundeck_curl_auth_token_header")),
    ("provisioning_admin_password", GENERIC_RULE, password, "initial_admin_password",
     ("foreman_installer_answers_admin_password", "hammer_cli_config_password")),
    ("bare_metal_api_key", GENERIC_RULE, maas_api_key, "api_key",
     ("maas_login_cli_api_key", "maas_terraform_provider_api_key")),
    ("hypervisor_root_password", GENERIC_RULE, password, "pwd",
     ("esxcli_account_set_password", "pyvmomi_smartconnect_pwd")),
    ("virt_engine_admin_password", GENERIC_RULE, password, "adminPassword",
     ("ovirt_engine_setup_answer_file", "ovirt_sdk_connection_password")),
    ("release_signing_secret_key", GENERIC_RULE, signify_secret_key, "",
     ("signify_sec_file_cat", "signify_release_script_heredoc")),
)  # fmt: skip
TWENTYFOURTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYFOURTH, SURROUNDINGS)
