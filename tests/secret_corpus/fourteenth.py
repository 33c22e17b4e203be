"""The fourteenth held-out part (split ``held_out_14``): formats and surroundings none of the first thirteen parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a home automation hub's MQTT password, an IRC or Matrix bot's login, a database GUI's saved connection, a mail
client's password, a broker URL, a browser session as DevTools copies it, a become password, an installer's answers,
a VM image's root password, a backup passphrase, a game server's RCON and join passwords, a keytab's keys, an LDAP
bind password, a test fixture, a crashed process's command line and environment, a JVM keystore password, a chat
export, a terminal recording, an editor's history, an image's config, an API client's basic auth, a live process's
locals). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: fourteenth_places.py for the vendor places (tmuxinator, PyCharm, Tilt, DDEV, Lando, JetBrains' HTTP
client, Zed, and each vendor's API, SDK or the file its tool reads); fourteenth_generic.py for home, chat, mail and
broker clients, browsers, automation runners, installers and backup tools; fourteenth_traces.py for game servers,
directory and Kerberos tools, tests, crash reports, chat exports, recordings, histories, images, API clients and
live debuggers."""

from __future__ import annotations

import random

from . import fourteenth_generic as gen
from . import fourteenth_places as at
from . import fourteenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, BASE62, DIGITS, HEX, LOWER, b64, crc_base62, jwt, s
from .ninth import key_b64_32
from .thirteenth import passphrase, password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 14269
SPLIT = "held_out_14"
LOWER_NUM = LOWER + DIGITS


def borgbase(rng: random.Random) -> str:
    """A BorgBase API token: a JWT of 148 to 152 characters."""
    head = b64(b'{"typ":"JWT","alg":"HS256"}', url=True, pad=False)
    return f"{head}.eyJ{s(rng, 67, B64URL)}.{s(rng, 43, B64URL)}"


def baremetrics(rng: random.Random) -> str:
    return "sk_" + s(rng, rng.randint(18, 25), ALNUM)


def aeroworkflow(rng: random.Random) -> str:
    return s(rng, 1, ALNUM) + s(rng, 18, ALNUM + "^!") + s(rng, 1, ALNUM)


def alegra(rng: random.Random) -> str:
    return s(rng, 1, LOWER_NUM) + s(rng, 18, LOWER_NUM + "-") + s(rng, 1, LOWER_NUM)


def blitapp(rng: random.Random) -> str:
    return s(rng, 1, ALNUM) + s(rng, 37, B64URL) + s(rng, 1, ALNUM)


def airvisual(rng: random.Random) -> str:
    h = s(rng, 32, HEX)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def matrix_token(rng: random.Random) -> str:
    """A Synapse access token: ``syt_``, the user's localpart in base64, a random part and a base62 checksum."""
    user = b64(rng.choice((b"opsdroid", b"deploybot", b"alerts")), url=True, pad=False)
    body = s(rng, 20, ALNUM)
    return f"syt_{user}_{body}_{crc_base62(body)}"


def spa_jwt(rng: random.Random) -> str:
    return jwt(rng, {"sub": s(rng, 8, DIGITS), "iss": "https://auth.acme.dev", "exp": 1795900000})


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("airvisual_api_key", TH + "airvisual", airvisual, "AIRVISUAL_API_KEY",
     ("airvisual_nearest_city_curl", "tmuxinator_pre_window_export")),
    ("adzuna_app_key", TH + "adzuna", fx("", 32, LOWER_NUM), "ADZUNA_APP_KEY",
     ("adzuna_jobs_search_curl", "pycharm_run_configuration_env")),
    ("agora_customer_secret", TH + "agora", fx("", 32, LOWER_NUM), "AGORA_CUSTOMER_SECRET",
     ("agora_projects_basic_auth_curl", "tiltfile_local_resource_env")),
    ("aha_api_key", TH + "aha", fx("", 64, HEX), "AHA_API_KEY",
     ("aha_me_bearer_curl", "ddev_config_web_environment")),
    ("airship_bearer_token", TH + "airship", fx("", 91, ALNUM), "AIRSHIP_BEARER_TOKEN",
     ("airship_schedules_curl", "lando_yml_service_environment")),
    ("amadeus_api_key", TH + "amadeus", fx("", 32, ALNUM), "AMADEUS_CLIENT_ID",
     ("amadeus_python_sdk_client", "jetbrains_http_private_env_json")),
    ("apiflash_access_key", TH + "apiflash", fx("", 32, LOWER_NUM), "APIFLASH_ACCESS_KEY",
     ("apiflash_urltoimage_curl", "zed_tasks_json_env")),
    ("atera_api_key", TH + "atera", fx("", 32, LOWER_NUM), "ATERA_API_KEY",
     ("atera_agents_curl", "tmuxinator_pre_window_export")),
    ("borgbase_api_token", TH + "borgbase", borgbase, "BORGBASE_API_TOKEN",
     ("borgbase_graphql_curl", "pycharm_run_configuration_env")),
    ("censys_api_secret", TH + "censys", fx("", 32, ALNUM), "CENSYS_API_SECRET",
     ("censys_cli_config_file", "tiltfile_local_resource_env")),
    ("mockaroo_api_key", TH + "mockaroo", fx("", 8, LOWER_NUM), "MOCKAROO_API_KEY",
     ("mockaroo_generate_curl", "ddev_config_web_environment")),
    ("baremetrics_api_key", TH + "baremetrics", baremetrics, "BAREMETRICS_API_KEY",
     ("baremetrics_account_curl", "lando_yml_service_environment")),
    ("currencylayer_access_key", TH + "currencylayer", fx("", 32, LOWER_NUM), "CURRENCYLAYER_ACCESS_KEY",
     ("currencylayer_live_curl", "jetbrains_http_private_env_json")),
    ("beebole_api_token", TH + "beebole", fx("", 40, LOWER_NUM), "BEEBOLE_API_TOKEN",
     ("beebole_company_list_curl", "zed_tasks_json_env")),
    ("billomat_api_key", TH + "billomat", fx("", 32, LOWER_NUM), "BILLOMAT_API_KEY",
     ("billomat_clients_curl", "tmuxinator_pre_window_export")),
    ("hunter_api_key", TH + "hunter", fx("", 40, LOWER_NUM), "HUNTER_API_KEY",
     ("hunter_domain_search_curl", "pycharm_run_configuration_env")),
    ("aeroworkflow_api_key", TH + "aeroworkflow", aeroworkflow, "AEROWORKFLOW_API_KEY",
     ("aeroworkflow_appointments_curl", "tiltfile_local_resource_env")),
    ("alegra_api_token", TH + "alegra", alegra, "ALEGRA_API_TOKEN",
     ("alegra_contacts_curl", "ddev_config_web_environment")),
    ("brandfetch_api_key", TH + "brandfetch", fx("", 40, ALNUM), "BRANDFETCH_API_KEY",
     ("brandfetch_brand_curl", "lando_yml_service_environment")),
    ("axonaut_api_key", TH + "axonaut", fx("", 32, LOWER_NUM), "AXONAUT_API_KEY",
     ("axonaut_companies_curl", "jetbrains_http_private_env_json")),
    ("aylien_app_key", TH + "aylien", fx("", 32, LOWER_NUM), "AYLIEN_APP_KEY",
     ("aylien_sentiment_curl", "zed_tasks_json_env")),
    ("blitapp_api_key", TH + "blitapp", blitapp, "BLITAPP_API_KEY",
     ("blitapp_node_client", "tmuxinator_pre_window_export")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("home_hub_mqtt_password", KW, password, "mqtt_password",
     ("ha_secrets_yaml", "ha_storage_config_entries_json")),
    ("irc_bot_services_password", KW, password, "auth_password",
     ("sopel_default_cfg_auth", "limnoria_conf_network_password")),
    ("matrix_bot_access_token", GENERIC_RULE, matrix_token, "access_token",
     ("opsdroid_matrix_connector_yaml", "matrix_commander_credentials_json")),
    ("mongo_gui_saved_password", KW, password, "userPassword",
     ("robo3t_json_connection", "compass_export_json_connection_string")),
    ("mail_client_imap_password", KW, password, "remotepass",
     ("aerc_accounts_conf_source_url", "offlineimaprc_remotepass")),
    ("mail_client_smtp_password", KW, password, "smtppass",
     ("git_sendemail_smtppass_gitconfig", "himalaya_config_toml_passwd")),
    ("task_queue_broker_password", GENERIC_RULE, password, "CELERY_BROKER_URL",
     ("celery_broker_url_settings", "flower_broker_api_flag")),
    ("device_mqtt_password", GENERIC_RULE, password, "MqttPassword",
     ("tasmota_console_backlog_mqtt", "tasmota_decode_config_json")),
    ("copied_request_session_cookie", GENERIC_RULE, fx("", 43, B64URL), "session",
     ("chrome_copy_as_curl_bash_cookie", "chrome_copy_as_powershell_cookie")),
    ("spa_stored_access_token", GENERIC_RULE, spa_jwt, "access_token",
     ("playwright_storage_state_json", "devtools_console_session_storage_entries")),
    ("automation_become_password", KW, password, "become_password",
     ("ansible_runner_env_passwords", "awx_cli_credential_inputs")),
    ("installer_answer_password", GENERIC_RULE, password, "passwd/user-password",
     ("debian_preseed_cfg_user_password", "kickstart_rootpw_plaintext")),
    ("vm_image_root_password", GENERIC_RULE, password, "cipassword",
     ("proxmox_qm_set_cipassword", "virt_customize_root_password")),
    ("backup_tool_passphrase", KW, passphrase, "passphrase",
     ("kopia_repository_connect_cmd", "duplicati_cli_passphrase")),
    ("game_server_rcon_password", KW, password, "password",
     ("rcon_cli_yaml_config", "mcrcon_cmd")),
    ("sandbox_game_join_password", KW, password, "ServerPassword",
     ("terraria_serverconfig_txt", "ark_gameusersettings_ini")),
    ("kerberos_keytab_aes256_key", GENERIC_RULE, fx("", 64, HEX), "0x",
     ("klist_k_keytab_keys", "ktutil_list_k_keys")),
    ("ldap_service_bind_password", KW, password, "password",
     ("gitlab_rb_ldap_servers_password", "authelia_configuration_ldap_password")),
    ("test_fixture_api_secret", KW, fx("", 40, ALNUM), "api_secret",
     ("pytest_conftest_fixture_dict", "factory_bot_factory_attribute")),
    ("crashed_process_cmdline_token", GENERIC_RULE, fx("", 36, ALNUM), "--token",
     ("gdb_core_generated_by_line", "apport_crash_proc_cmdline")),
    ("traced_process_env_secret", GENERIC_RULE, fx("", 48, ALNUM), "LEDGER_API_SECRET",
     ("gdb_x_s_environ_output", "strace_execve_envp")),
    ("jvm_keystore_password", KW, password, "javax.net.ssl.keyStorePassword",
     ("java_tool_options_picked_up", "jinfo_sysprops_output")),
    ("chat_export_shared_password", GENERIC_RULE, password, "pass",
     ("telegram_desktop_result_json", "discord_chat_exporter_csv")),
    ("terminal_recording_release_token", GENERIC_RULE, fx("", 40, ALNUM), "RELEASE_TOKEN",
     ("script_typescript_log", "asciinema_cast_events")),
    ("editor_history_forge_token", GENERIC_RULE, fx("", 40, HEX), "Authorization: token",
     ("viminfo_command_line_history", "emacs_eshell_history")),
    ("image_config_env_secret", GENERIC_RULE, key_b64_32, "INDEXER_SECRET",
     ("skopeo_inspect_config_env", "crane_config_json_env")),
    ("api_client_basic_password", KW, password, "password",
     ("bruno_bru_auth_basic", "hoppscotch_collection_json_basic")),
    ("live_process_local_secret", GENERIC_RULE, fx("", 32, BASE62), "secret",
     ("py_spy_dump_locals", "pry_ls_locals")),
)  # fmt: skip
FOURTEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, FOURTEENTH, SURROUNDINGS)
