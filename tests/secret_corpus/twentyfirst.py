"""The twenty-first held-out part (split ``held_out_21``): formats and surroundings none of the first twenty parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that its
recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at while
writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the keyword a detector
looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (a database
password in an editor's SQL connections, a voice chat server's password and its query admin password, a game server's
Steam login password, a shop's cookie key and its installer's admin password, a learning platform's admin password and
secret key, a CMS installer's account password, an electronic lab notebook's secret key, an instrument's data share
password, a medical image archive's user password, a point of sale's database password, a payment terminal's ZVT
password, a SIP server's database password, desk phones' provisioning server password, a softphone's SIP password, a SIP
load test's password, a signage player's server key and basic auth password, a kiosk browser's remote admin password, a
mobile backup's encryption password (iOS and Android), an archive's and a disk image's passwords, a remote support
tool's access password, and a payment terminal's PKCS#12 identity in base64 longer than a stream's window). Every value
is synthetic, made afresh with its own seed, with the format's length and alphabet.

Surroundings: twentyfirst_places.py for the vendor places (editors' and IDEs' environment settings, and each vendor's
API, SDK or client); twentyfirst_generic.py for editors, game servers, shops, learning platforms and CMS installers, lab
and medical imaging software; twentyfirst_traces.py for points of sale and payment terminals, telephony, signage and
kiosks, mobile backups, archives and disk images, remote support and a long terminal identity."""

from __future__ import annotations

import random

from . import twentyfirst_generic as gen
from . import twentyfirst_places as at
from . import twentyfirst_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, b64, s, uuid4
from .seventeenth import edged
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 21853
SPLIT = "held_out_21"
LOWER_NUM = LOWER + DIGITS


def besttime_private_key(rng: random.Random) -> str:
    """A BestTime private key: 36 characters of letters, digits and ``_``, written as ``pri_`` and 32 hex digits."""
    return "pri_" + s(rng, 32, HEX)


def cloverly_private_key(rng: random.Random) -> str:
    """A Cloverly key: 28 characters of lower-case letters, digits, ``:`` and ``_``, here ``private_key:`` and 16."""
    return "private_key:" + s(rng, 16, LOWER_NUM)


def text2data_private_key(rng: random.Random) -> str:
    """A Text2Data private key: a UUID in upper-case hex."""
    return uuid4(rng).upper()


def defuse_key(rng: random.Random) -> str:
    """A key saved by PHP's defuse/php-encryption (eLabFTW's SECRET_KEY): ``def00000`` and 128 hex digits."""
    return "def00000" + s(rng, 128, HEX)


def zvt_password(rng: random.Random) -> str:
    """A ZVT payment terminal's password: six digits."""
    return s(rng, 6, DIGITS)


def terminal_identity_pkcs12_base64(rng: random.Random) -> str:
    """A payment terminal's TLS identity as a PKCS#12 file (its key and certificate, about 3,300 bytes of DER:
    version 3, then the authenticated safe) in base64 on one line: about 4,400 characters, longer than a stream's
    window."""
    der = b"\x30\x82\x0c\xf4\x02\x01\x03\x30\x82\x0c\xed\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01"
    der += b"\xa0\x82\x0c\xde\x04\x82\x0c\xda" + rng.randbytes(3290)
    return b64(der)


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("numverify_access_key", TH + "numverify", fx("", 32, LOWER_NUM), "NUMVERIFY_ACCESS_KEY",
     ("numverify_dart_http", "code_workspace_terminal_env")),
    ("tatum_api_key", TH + "tatumio", uuid4, "TATUM_API_KEY",
     ("tatum_node_sdk_init", "sublime_project_build_env")),
    ("happyscribe_api_key", TH + "happyscribe", fx("", 24, ALNUM), "HAPPYSCRIBE_API_KEY",
     ("happyscribe_elixir_req", "neovim_init_lua_vim_env")),
    ("besttime_private_api_key", TH + "besttime", besttime_private_key, "BESTTIME_API_KEY_PRIVATE",
     ("besttime_python_forecast", "emacs_dir_locals_setenv")),
    ("skybiometry_api_secret", TH + "skybiometry", fx("", 26, LOWER_NUM), "SKYBIOMETRY_API_SECRET",
     ("skybiometry_php_detect", "helix_languages_toml_server_env")),
    ("cloverly_private_key", TH + "cloverly", cloverly_private_key, "CLOVERLY_PRIVATE_KEY",
     ("cloverly_ruby_net_http", "zed_settings_terminal_env")),
    ("scrapeowl_api_key", TH + "scrapeowl", fx("", 30, LOWER_NUM), "SCRAPEOWL_API_KEY",
     ("scrapeowl_go_post_form", "eclipse_launch_environment")),
    ("planyo_api_key", TH + "planyo", fx("", 62, LOWER_NUM), "PLANYO_API_KEY",
     ("planyo_python_urlencode", "code_workspace_terminal_env")),
    ("gtmetrix_api_key", TH + "gtmetrix", fx("", 32, HEX), "GTMETRIX_API_KEY",
     ("gtmetrix_gitlab_ci_curl", "sublime_project_build_env")),
    ("chartmogul_api_key", TH + "chartmogul", fx("", 32, LOWER_NUM), "CHARTMOGUL_API_KEY",
     ("chartmogul_ruby_client", "neovim_init_lua_vim_env")),
    ("disqus_secret_key", TH + "disqus", fx("", 64, ALNUM), "DISQUS_SECRET_KEY",
     ("disqus_python_disqusapi", "emacs_dir_locals_setenv")),
    ("mesibo_app_token", TH + "mesibo", fx("", 64, ALNUM), "MESIBO_APP_TOKEN",
     ("mesibo_java_okhttp_form", "helix_languages_toml_server_env")),
    ("meistertask_personal_token", TH + "meistertask", fx("", 43, ALNUM), "MEISTERTASK_TOKEN",
     ("meistertask_kotlin_ktor_bearer", "zed_settings_terminal_env")),
    ("stockdata_api_token", TH + "stockdata", fx("", 40, ALNUM), "STOCKDATA_API_TOKEN",
     ("stockdata_r_httr_query", "eclipse_launch_environment")),
    ("iconfinder_api_key", TH + "iconfinder", fx("", 64, ALNUM), "ICONFINDER_API_KEY",
     ("iconfinder_csharp_bearer", "code_workspace_terminal_env")),
    ("calorieninjas_api_key", TH + "calorieninja", fx("", 40, ALNUM), "CALORIENINJAS_API_KEY",
     ("calorieninjas_js_fetch_header", "sublime_project_build_env")),
    ("hypertrack_secret_key", TH + "hypertrack", edged(54, B64URL), "HYPERTRACK_SECRET_KEY",
     ("hypertrack_python_basic_auth", "neovim_init_lua_vim_env")),
    ("sportmonks_api_token", TH + "sportsmonk", fx("", 60, ALNUM), "SPORTMONKS_API_TOKEN",
     ("sportmonks_php_curl", "emacs_dir_locals_setenv")),
    ("oopspam_api_key", TH + "oopspam", fx("", 40, ALNUM), "OOPSPAM_API_KEY",
     ("oopspam_go_header", "helix_languages_toml_server_env")),
    ("podio_app_token", TH + "podio", fx("", 32, LOWER_NUM), "PODIO_APP_TOKEN",
     ("podio_php_authenticate_with_app", "zed_settings_terminal_env")),
    ("caspio_client_secret", TH + "caspio", fx("", 50, LOWER_NUM), "CASPIO_CLIENT_SECRET",
     ("caspio_python_client_credentials", "eclipse_launch_environment")),
    ("text2data_private_key", TH + "text2data", text2data_private_key, "TEXT2DATA_PRIVATE_KEY",
     ("text2data_powershell_form", "code_workspace_terminal_env")),
    ("owlbot_api_token", TH + "owlbot", fx("", 40, LOWER_NUM), "OWLBOT_TOKEN",
     ("owlbot_ruby_httparty_token", "sublime_project_build_env")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("editor_sql_connection_password", GENERIC_RULE, password, "sql-password",
     ("emacs_sql_connection_alist", "vim_dadbod_g_dbs_url")),
    ("voice_server_password", KW, password, "serverpassword",
     ("murmur_ini_serverpassword", "mumble_docker_env_serverpassword")),
    ("voice_server_query_admin_password", GENERIC_RULE, password, "serveradmin_password",
     ("ts3server_start_serveradmin_password", "teamspeak_compose_serveradmin_password")),
    ("game_server_steam_login_password", GENERIC_RULE, password, "+login",
     ("steamcmd_login_app_update", "linuxgsm_common_cfg_steampass")),
    ("shop_cookie_key", GENERIC_RULE, fx("", 56, ALNUM), "cookie_key",
     ("prestashop_parameters_php_cookie_key", "prestashop_parameters_yml_cookie_key")),
    ("shop_installer_admin_password", KW, password, "--password",
     ("prestashop_index_cli_password", "opencart_cli_install_password")),
    ("lms_admin_password", KW, password, "CANVAS_LMS_ADMIN_PASSWORD",
     ("canvas_initial_setup_env_password", "tutor_createuser_password")),
    ("lms_platform_secret_key", KW, fx("", 24, ALNUM), "OPENEDX_SECRET_KEY",
     ("tutor_config_yml_openedx_secret_key", "tutor_config_save_set_secret_key")),
    ("cms_installer_account_password", KW, password, "--account-pass",
     ("drush_site_install_account_pass", "wp_core_install_admin_password")),
    ("eln_secret_key", KW, defuse_key, "SECRET_KEY",
     ("elabftw_yml_secret_key", "elabftw_docker_run_secret_key")),
    ("instrument_data_share_password", GENERIC_RULE, password, "-U",
     ("smbclient_acquisition_sync_script", "smbprotocol_register_session_uploader")),
    ("pacs_registered_user_password", GENERIC_RULE, password, "RegisteredUsers",
     ("orthanc_json_registered_users", "orthanc_docker_env_registered_users")),
    ("pos_backoffice_db_password", KW, password, "db.password",
     ("unicenta_properties_db_password", "openbravo_pos_properties_db_password")),
    ("payment_terminal_zvt_password", GENERIC_RULE, zvt_password, "password",
     ("ecrterm_python_ecr_password", "pos_ini_zvt_password")),
    ("sip_server_db_rw_password", GENERIC_RULE, password, "DBRWPW",
     ("kamctlrc_dbrwpw", "kamailio_cfg_define_dburl")),
    ("phone_provisioning_server_password", GENERIC_RULE, password, "device.prov.password",
     ("polycom_device_prov_password", "snom_setting_server_url_password")),
    ("softphone_sip_password", GENERIC_RULE, password, "auth_pass",
     ("baresip_accounts_auth_pass", "linphonerc_auth_info_passwd")),
    ("sip_load_test_auth_password", GENERIC_RULE, password, "-ap",
     ("sipp_cli_auth_password", "sipp_compose_command_auth_password")),
    ("signage_player_server_key", GENERIC_RULE, fx("", 16, ALNUM), "ServerKey",
     ("xibo_windows_settings_xml_server_key", "xibo_android_provisioning_json_key")),
    ("signage_player_basic_auth_password", KW, password, "password",
     ("anthias_screenly_conf_auth_basic", "anthias_api_curl_basic")),
    ("kiosk_remote_admin_password", GENERIC_RULE, password, "remoteAdminPassword",
     ("fully_kiosk_settings_json_remote_admin", "fully_kiosk_rest_url_password")),
    ("ios_backup_encryption_password", GENERIC_RULE, password, "encryption on",
     ("idevicebackup2_encryption_on", "mvt_ios_decrypt_backup")),
    ("android_backup_password", GENERIC_RULE, password, "abe.jar",
     ("abe_jar_unpack", "abe_jar_pack")),
    ("rar_archive_password", GENERIC_RULE, password, "-hp",
     ("rar_a_hp", "unrar_x_p")),
    ("disk_image_passphrase", GENERIC_RULE, password, "-stdinpass",
     ("hdiutil_create_stdinpass", "hdiutil_attach_stdinpass")),
    ("remote_support_access_password", GENERIC_RULE, password, "--password",
     ("rustdesk_password_flag", "anydesk_set_password_pipe")),
    ("payment_terminal_pkcs12_base64_long", GENERIC_RULE, terminal_identity_pkcs12_base64, "p12",
     ("pos_middleware_appsettings_certificate", "pos_terminal_env_p12_base64")),
)  # fmt: skip
TWENTYFIRST = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYFIRST, SURROUNDINGS)
