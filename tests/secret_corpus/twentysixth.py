"""The twenty-sixth held-out part (split ``held_out_26``): formats and surroundings none of the first twenty-five
parts has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against,
so that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be
looked at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart
(a Hex organisation's key, a Conan remote's password, a Paket source's password, a LuaRocks upload key, a PAUSE
password for CPAN, a Unity licence login, a Godot export's keystore password, an itch.io upload key, a Perforce
password, a Capacitor or Flet release keystore password, a database client's saved password, a chat client's saved
password, a download client's control password, a backup repository's passphrase, a Wi-Fi key read by OCR from a
photographed label, a note app's sync password, a media centre's library password, a RetroAchievements password, a
mail watcher's IMAP password, a BOINC client's RPC password, a survival game server's password, Project Zomboid's
server password, Nakama's console password, a game panel's administrator password, a streaming server's stream key
and a game's Android release keystore as base64, longer than a stream's window). Every value is synthetic, made afresh
with its own seed, with the format's length and alphabet.

Surroundings: twentysixth_places.py for the vendor places (mobile and game builds' ways of handing a build a setting,
and each vendor's API called from a language, an editor, a game engine, a desktop automation tool, a backup or a
screenshot no other part has); twentysixth_generic.py for package managers' and mobile and game builds'
configurations; twentysixth_traces.py for desktop applications' saved settings, notes, backups, OCR text and
mail watchers; twentysixth_admin.py for game servers, game backends and panels, streaming and release keystores."""

from __future__ import annotations

import base64
import json
import random

from . import twentysixth_admin as adm
from . import twentysixth_generic as gen
from . import twentysixth_places as at
from . import twentysixth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part
from .twentyfourth import uuid4

SEED = 26119
SPLIT = "held_out_26"
LOWER_NUM = LOWER + DIGITS
RS256 = {"typ": "JWT", "alg": "RS256"}


def _b64url(data: bytes) -> str:
    return b64(data, url=True, pad=False)


def _claims(rng: random.Random, size: int) -> str:
    """A JWT's claims in base64url, ``size`` characters: audience, subject, times, scopes and an identifier as long as
    it takes. The JSON holds only letters, digits and JSON's punctuation, so its base64 holds no ``-`` or ``_``."""
    assert size % 4 in (0, 2, 3), size
    n = size // 4 * 3 + {0: 0, 2: 1, 3: 2}[size % 4]
    iat = 1761000000 + rng.randrange(20_000_000)
    body: dict[str, object] = {"aud": s(rng, 1, "123456789"), "jti": "", "iat": iat, "nbf": iat,
                               "exp": iat + 31_536_000, "sub": s(rng, 5, DIGITS), "scopes": []}  # fmt: skip
    fill = n - len(json.dumps(body, separators=(",", ":")).encode())
    body["jti"] = s(rng, fill, HEX)
    out = _b64url(json.dumps(body, separators=(",", ":")).encode())
    assert len(out) == size and out.isalnum(), (size, out)
    return out


def _head() -> str:
    return _b64url(json.dumps(RS256, separators=(",", ":")).encode())


def bombbomb_token(rng: random.Random) -> str:
    """A BombBomb token: 704 letters, digits, ``-``, ``.`` and ``_`` (the detector's), built as an RS256 JWT: a header
    of 36 characters, claims of 324 and a signature of 256 bytes (342)."""
    out = f"{_head()}.{_claims(rng, 324)}.{_b64url(rng.randbytes(256))}"
    assert len(out) == 704
    return out


def storychief_key(rng: random.Random) -> str:
    """A StoryChief key: 940 to 1,000 letters, digits, ``_``, ``-`` and ``.`` (the detector's), built as the RS256 JWT
    an OAuth server with a 4096-bit key hands out: 36, 252 and 683 characters, 973 in all."""
    out = f"{_head()}.{_claims(rng, 252)}.{_b64url(rng.randbytes(512))}"
    assert len(out) == 973
    return out


def canny_key(rng: random.Random) -> str:
    """A Canny key: a UUID's groups of 8, 4, 4, 4 and 12, the fourth of digits only (the detector's); hex elsewhere."""
    return f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{rng.choice('89')}{s(rng, 3, DIGITS)}-{s(rng, 12, HEX)}"


def d7_token(rng: random.Random) -> str:
    """A D7 Networks token: 23 characters and ``=`` (the detector's), the base64 of a 17-byte ``user:password``."""
    out = b64(f"{s(rng, 8, LOWER_NUM)}:{s(rng, 8, ALNUM)}".encode())
    assert len(out) == 24 and out.endswith("=") and "+" not in out and "/" not in out
    return out


def dyspatch_key(rng: random.Random) -> str:
    """A Dyspatch key: 52 upper-case letters and digits (the detector's), here 32 random bytes in base32."""
    return base64.b32encode(rng.randbytes(32)).decode().rstrip("=")


def onepagecrm_key(rng: random.Random) -> str:
    """A OnePageCRM key: 44 letters, digits and ``=`` (the detector's), the base64 of 32 bytes with no ``+`` or
    ``/``; its last character before the ``=`` carries four bits, as base64's does."""
    return s(rng, 42, ALNUM) + rng.choice("AEIMQUYcgkosw048") + "="


def qualaroo_token(rng: random.Random) -> str:
    """A Qualaroo token: 64 letters, digits and ``=`` (the detector's), the base64 of ``key:secret`` (48 bytes)."""
    out = b64(f"{s(rng, 15, DIGITS)}:{s(rng, 32, ALNUM)}".encode())
    assert len(out) == 64 and out.isalnum()
    return out


def game_keystore_base64_long(rng: random.Random) -> str:
    """A game's Android release keystore as CI secrets take it: a JKS file (its magic ``FEEDFEED``, version 2, one
    private key entry, a 4096-bit RSA key and its certificate, about 4,200 bytes) in base64 on one line, about 5,600
    characters, longer than a stream's window."""
    head = b"\xfe\xed\xfe\xed\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x01\x00\x06upload"
    return b64(head + rng.randbytes(8) + b"\x00\x00\x09\xc1" + rng.randbytes(4170))


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("api2cart_api_key", TH + "api2cart", fx("", 32, HEX), "API2CART_API_KEY",
     ("api2cart_cfml_cfhttp", "xcodebuild_build_setting_arg")),
    ("bombbomb_api_token", TH + "bombbomb", bombbomb_token, "BOMBBOMB_TOKEN",
     ("bombbomb_raycast_script_command", "eas_env_create_cmd")),
    ("canny_api_key", TH + "cannyio", canny_key, "CANNY_API_KEY",
     ("canny_unity_webrequest_form", "gameci_unity_builder_custom_parameters")),
    ("capsule_crm_token", TH + "capsulecrm", fx("", 64, ALNUM + "+"), "CAPSULE_TOKEN",
     ("capsule_alfred_workflow_info_plist", "cordova_plugin_add_variable")),
    ("checkvist_remote_key", TH + "checkvist", fx("", 14, ALNUM), "CHECKVIST_REMOTE_KEY",
     ("checkvist_keyboard_maestro_macro", "dotnet_maui_publish_msbuild_property")),
    ("craftmypdf_api_key", TH + "craftmypdf", fx("", 35, ALNUM), "CRAFTMYPDF_API_KEY",
     ("craftmypdf_openedge_abl_http_client", "nativescript_build_env_flag")),
    ("d7_networks_token", TH + "d7network", d7_token, "D7_API_TOKEN",
     ("d7_tasker_task_http_request", "xcodebuild_build_setting_arg")),
    ("dyspatch_api_key", TH + "dyspatch", dyspatch_key, "DYSPATCH_API_KEY",
     ("dyspatch_screenshot_tesseract_ocr", "eas_env_create_cmd")),
    ("enablex_app_key", TH + "enablex", fx("", 36, ALNUM), "ENABLEX_APP_KEY",
     ("enablex_ballerina_http_client", "gameci_unity_builder_custom_parameters")),
    ("flowlu_api_key", TH + "flowflu", fx("", 51, ALNUM), "FLOWLU_API_KEY",
     ("flowlu_thunder_client_environment", "cordova_plugin_add_variable")),
    ("goodday_api_token", TH + "goodday", fx("", 32, LOWER_NUM), "GOODDAY_API_TOKEN",
     ("goodday_yaak_workspace_export", "dotnet_maui_publish_msbuild_property")),
    ("groove_api_token", TH + "groovehq", fx("", 64, ALNUM), "GROOVE_API_TOKEN",
     ("groove_emacs_verb_org_request", "nativescript_build_env_flag")),
    ("helpcrunch_api_key", TH + "helpcrunch", lambda rng: b64(rng.randbytes(246)), "HELPCRUNCH_API_KEY",
     ("helpcrunch_unreal_fhttpmodule", "xcodebuild_build_setting_arg")),
    ("hiveage_api_key", TH + "hiveage", fx("", 20, B64URL), "HIVEAGE_API_KEY",
     ("hiveage_xojo_urlconnection", "eas_env_create_cmd")),
    ("invoiceocean_api_token", TH + "invoiceocean", fx("", 20, ALNUM), "INVOICEOCEAN_API_TOKEN",
     ("invoiceocean_free_pascal_fphttpclient", "gameci_unity_builder_custom_parameters")),
    ("leadfeeder_api_token", TH + "leadfeeder", fx("", 43, ALNUM + "-"), "LEADFEEDER_TOKEN",
     ("leadfeeder_hack_curl", "cordova_plugin_add_variable")),
    ("mavenlink_api_token", TH + "mavenlink", fx("", 64, HEX), "MAVENLINK_TOKEN",
     ("mavenlink_android_shared_prefs_backup", "dotnet_maui_publish_msbuild_property")),
    ("nimble_api_key", TH + "nimble", fx("", 30, ALNUM), "NIMBLE_API_KEY",
     ("nimble_hammerspoon_init_lua", "nativescript_build_env_flag")),
    ("onepagecrm_api_key", TH + "onepagecrm", onepagecrm_key, "ONEPAGECRM_API_KEY",
     ("onepagecrm_enpass_json_export", "xcodebuild_build_setting_arg")),
    ("qualaroo_api_token", TH + "qualaroo", qualaroo_token, "QUALAROO_TOKEN",
     ("qualaroo_defold_lua_http_request", "eas_env_create_cmd")),
    ("salesflare_api_key", TH + "salesflare", fx("", 45, ALNUM + "_"), "SALESFLARE_API_KEY",
     ("salesflare_drafts_action_script", "gameci_unity_builder_custom_parameters")),
    ("storychief_api_key", TH + "storychief", storychief_key, "STORYCHIEF_API_KEY",
     ("storychief_make_scenario_blueprint", "cordova_plugin_add_variable")),
    ("tokeet_api_key", TH + "tokeet", uuid4, "TOKEET_API_KEY",
     ("tokeet_appsmith_datasource_export", "dotnet_maui_publish_msbuild_property")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("hex_organization_repo_key", GENERIC_RULE, fx("", 32, HEX), "--key",
     ("mix_hex_organization_auth_cmd", "hex_config_repos_auth_key")),
    ("cpp_package_remote_password", KW, password, "password",
     ("conan_remote_login_p_flag", "conan_credentials_json")),
    ("dotnet_dependency_source_password", KW, password, "password",
     ("paket_dependencies_source_password", "paket_config_add_credentials_cmd")),
    ("rock_registry_upload_key", GENERIC_RULE, fx("", 40, ALNUM), "api-key",
     ("luarocks_upload_api_key_flag", "luarocks_upload_config_lua")),
    ("perl_archive_upload_password", KW, password, "password",
     ("pause_file_password", "cpan_upload_p_flag")),
    ("game_engine_license_password", GENERIC_RULE, password, "-password",
     ("unity_batchmode_license_flags", "unityci_docker_env_file")),
    ("game_export_keystore_password", KW, password, "keystore/release_password",
     ("godot_export_credentials_cfg", "godot_ci_env_keystore_password")),
    ("game_store_upload_api_key", GENERIC_RULE, fx("", 40, ALNUM), "BUTLER_API_KEY",
     ("butler_creds_file", "butler_push_workflow_env")),
    ("game_vcs_depot_password", GENERIC_RULE, password, "P4PASSWD",
     ("p4config_file_p4passwd", "p4_set_output_p4passwd")),
    ("hybrid_app_keystore_password", KW, password, "keystorePassword",
     ("capacitor_config_ts_keystore_password", "cap_build_android_keystorepass_flag")),
    ("python_mobile_keystore_password", GENERIC_RULE, password, "key-store-password",
     ("flet_build_apk_signing_flags", "buildozer_p4a_release_env")),
    ("db_client_saved_password", KW, password, "password",
     ("squirrel_sql_aliases_xml", "redis_desktop_manager_connections_json")),
    ("chat_client_saved_password", KW, password, "password",
     ("pidgin_accounts_xml_password", "hexchat_servlist_conf_password")),
    ("download_client_control_password", KW, password, "ControlPassword",
     ("nzbget_conf_control_password", "deluge_console_connect_cmd")),
    ("backup_repository_passphrase", KW, password, "password",
     ("duplicacy_preferences_keys_password", "vorta_profile_export_json")),
    ("photographed_label_wifi_key", GENERIC_RULE, password, "WPA Key",
     ("tesseract_router_label_photo", "phone_lens_copied_text_chat")),
    ("note_app_sync_password", KW, password, "couchDB_PASSWORD",
     ("obsidian_livesync_plugin_data_json", "joplin_cli_config_sync_password")),
    ("media_center_library_password", GENERIC_RULE, password, "pass",
     ("kodi_advancedsettings_xml_pass", "kodi_sources_xml_smb_path")),
    ("retro_achievements_password", KW, password, "cheevos_password",
     ("retroarch_cfg_cheevos_password", "batocera_conf_retroachievements_password")),
    ("mail_watcher_imap_password", KW, password, "password",
     ("imapfilter_config_lua_password", "goimapnotify_yaml_password")),
    ("volunteer_computing_rpc_password", GENERIC_RULE, fx("", 32, HEX), "--passwd",
     ("boinc_gui_rpc_auth_cfg", "boinccmd_passwd_flag")),
    ("survival_game_server_password", KW, password, "Password",
     ("vrising_server_host_settings_json", "enshrouded_server_json_password")),
    ("sandbox_game_server_password", GENERIC_RULE, password, "Password",
     ("zomboid_servertest_ini_password", "zomboid_compose_env_server_password")),
    ("game_backend_console_password", KW, password, "password",
     ("nakama_config_yml_console_password", "nakama_compose_command_console_flag")),
    ("game_panel_admin_password", GENERIC_RULE, password, "password",
     ("crafty_default_creds_txt", "pterodactyl_user_make_password_flag")),
    ("self_hosted_stream_key", GENERIC_RULE, fx("", 24, ALNUM), "streamkey",
     ("owncast_systemd_execstart_streamkey", "obs_service_json_custom_server_key")),
    ("game_android_keystore_base64_long", GENERIC_RULE, game_keystore_base64_long, "KEYSTORE_BASE64",
     ("godot_ci_workflow_env_keystore_base64", "unity_android_keystore_base64_env_file")),
)  # fmt: skip
TWENTYSIXTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYSIXTH, SURROUNDINGS)
