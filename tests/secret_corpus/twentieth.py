"""The twentieth held-out part (split ``held_out_20``): formats and surroundings none of the first nineteen parts
has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a model proxy's master key, a chat interface's credentials key, an automation platform's encryption key, a
chat interface's session secret, a database password in an agent's transcript, a password among a queued job's
arguments, a session secret in a diagnostic report, a private module registry's token, a package registry login
secret, a chat bot's XMPP password, a Matrix bridge's appservice token, a chat-ops API key, credentials in recorded
HTTP fixtures, an SMTP password in test fixtures, an IKE pre-shared key, an SSL VPN client's password, a VPN server's
administration password, a DHCP server's DDNS TSIG secret, an authoritative DNS server's API key, a DNS server's
admin password, a DNS load balancer's console key, a print queue's device URI password, a multifunction printer's
scan-to-folder password, a NAS user's password, a NAS file sync server's admin password, an OPC UA user's password,
and a VPN client's PKCS#12 identity in base64 longer than a stream's window). Every value is synthetic, made afresh
with its own seed, with the format's prefix, length and alphabet.

Surroundings: twentieth_places.py for the vendor places (coding agents' tool server configurations, ``hatch.toml``, a
Zellij layout, and each vendor's API, SDK or client); twentieth_generic.py for language-model tools and agents, job
queues and crash reports, package registries, chat-ops bots and test fixtures; twentieth_traces.py for VPN gateways
and clients, DNS and DHCP servers, print servers and printers, NAS appliances, SCADA collectors and a long VPN
identity."""

from __future__ import annotations

import random

from . import twentieth_generic as gen
from . import twentieth_places as at
from . import twentieth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, b64, s, uuid4
from .seventeenth import edged
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 20417
SPLIT = "held_out_20"
LOWER_NUM = LOWER + DIGITS


def snipcart_secret_key(rng: random.Random) -> str:
    """A Snipcart secret API key: 75 characters of letters, digits and ``_``, as ``ST_`` and 72 more."""
    return "ST_" + s(rng, 72, ALNUM + "_")


def sirv_client_secret(rng: random.Random) -> str:
    """A Sirv client secret: 88 characters of base64 (66 random bytes)."""
    return b64(rng.randbytes(66))


def shipday_key(rng: random.Random) -> str:
    """A Shipday API key: 31 characters, 10 letters or digits, ``.`` and 20 letters or digits."""
    return s(rng, 10) + "." + s(rng, 20)


def proxy_master_key(rng: random.Random) -> str:
    """A LiteLLM proxy's master key, which it requires to begin ``sk-``: here 32 letters and digits after it."""
    return "sk-" + s(rng, 32)


def base64_32(rng: random.Random) -> str:
    """32 random bytes in base64, as an HMAC-SHA256 TSIG secret or a console key is written."""
    return b64(rng.randbytes(32))


def urlsafe_48(rng: random.Random) -> str:
    """48 random bytes in URL-safe base64 without padding (64 characters)."""
    return b64(rng.randbytes(48), url=True, pad=False)


def vpn_identity_pkcs12_base64(rng: random.Random) -> str:
    """A VPN client's identity as a PKCS#12 file (its key and certificate, about 3,530 bytes of DER: version 3, then
    the authenticated safe) in base64 on one line: about 4,700 characters, longer than a stream's window."""
    der = b"\x30\x82\x0d\xc6\x02\x01\x03\x30\x82\x0d\xbf\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x07\x01"
    der += b"\xa0\x82\x0d\xb0\x04\x82\x0d\xac" + rng.randbytes(3500)
    return b64(der)


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("graphhopper_api_key", TH + "graphhopper", uuid4, "GRAPHHOPPER_API_KEY",
     ("graphhopper_java_client", "codex_config_toml_mcp_env")),
    ("currencyfreaks_api_key", TH + "currencyfreaks", fx("", 32, HEX), "CURRENCYFREAKS_API_KEY",
     ("currencyfreaks_rust_reqwest", "goose_config_yaml_extension_envs")),
    ("edamam_app_key", TH + "edamam", fx("", 32, HEX), "EDAMAM_APP_KEY",
     ("edamam_python_requests", "hatch_toml_env_vars")),
    ("nutritionix_app_key", TH + "nutritionix", fx("", 32, HEX), "NUTRITIONIX_APP_KEY",
     ("nutritionix_swift_urlrequest", "windsurf_mcp_config_env")),
    ("helpscout_docs_api_key", TH + "helpscout", fx("", 40, LOWER_NUM), "HELPSCOUT_DOCS_API_KEY",
     ("helpscout_ruby_faraday", "opencode_json_mcp_environment")),
    ("insightly_api_key", TH + "insightly", uuid4, "INSIGHTLY_API_KEY",
     ("insightly_powershell_rest", "gemini_cli_settings_mcp_env")),
    ("mite_api_key", TH + "mite", fx("", 16, HEX), "MITE_API_KEY",
     ("mite_ruby_gem", "zellij_layout_command_env")),
    ("docparser_api_key", TH + "docparser", fx("", 40, HEX), "DOCPARSER_API_KEY",
     ("docparser_php_client", "codex_config_toml_mcp_env")),
    ("snipcart_secret_api_key", TH + "snipcart", snipcart_secret_key, "SNIPCART_SECRET_API_KEY",
     ("snipcart_node_basic_auth", "opencode_json_mcp_environment")),
    ("loyverse_access_token", TH + "loyverse", fx("", 32, HEX), "LOYVERSE_ACCESS_TOKEN",
     ("loyverse_go_bearer", "goose_config_yaml_extension_envs")),
    ("luno_api_key_secret", TH + "luno", edged(43, B64URL), "LUNO_API_KEY_SECRET",
     ("luno_python_sdk", "hatch_toml_env_vars")),
    ("bitmex_api_secret", TH + "bitmex", edged(48, B64URL), "BITMEX_API_SECRET",
     ("bitmex_python_client", "windsurf_mcp_config_env")),
    ("cryptocompare_api_key", TH + "cryptocompare", fx("", 64, HEX), "CRYPTOCOMPARE_API_KEY",
     ("cryptocompare_curl_apikey_header", "gemini_cli_settings_mcp_env")),
    ("sirv_client_secret", TH + "sirv", sirv_client_secret, "SIRV_CLIENT_SECRET",
     ("sirv_node_token_fetch", "zellij_layout_command_env")),
    ("shipday_api_key", TH + "shipday", shipday_key, "SHIPDAY_API_KEY",
     ("shipday_python_sdk", "codex_config_toml_mcp_env")),
    ("poloniex_api_secret", TH + "poloniex", fx("", 128, HEX), "POLONIEX_API_SECRET",
     ("poloniex_node_client", "goose_config_yaml_extension_envs")),
    ("deputy_access_token", TH + "deputy", fx("", 32, HEX), "DEPUTY_ACCESS_TOKEN",
     ("deputy_curl_oauth_header", "opencode_json_mcp_environment")),
    ("positionstack_access_key", TH + "positionstack", fx("", 32, HEX), "POSITIONSTACK_ACCESS_KEY",
     ("positionstack_kotlin_url", "hatch_toml_env_vars")),
    ("rownd_app_secret", TH + "rownd", fx("", 48, LOWER_NUM), "ROWND_APP_SECRET",
     ("rownd_curl_app_headers", "windsurf_mcp_config_env")),
    ("travelpayouts_api_token", TH + "travelpayouts", fx("", 32, HEX), "TRAVELPAYOUTS_TOKEN",
     ("travelpayouts_php_guzzle", "gemini_cli_settings_mcp_env")),
    ("worksnaps_api_token", TH + "worksnaps", fx("", 40, ALNUM), "WORKSNAPS_API_TOKEN",
     ("worksnaps_python_requests", "zellij_layout_command_env")),
    ("whoxy_api_key", TH + "whoxy", fx("", 33, LOWER_NUM), "WHOXY_API_KEY",
     ("whoxy_perl_lwp", "codex_config_toml_mcp_env")),
    ("zipcodeapi_api_key", TH + "zipcodeapi", fx("", 64, ALNUM), "ZIPCODEAPI_KEY",
     ("zipcodeapi_csharp_httpclient", "goose_config_yaml_extension_envs")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("model_proxy_master_key", GENERIC_RULE, proxy_master_key, "master_key",
     ("litellm_proxy_config_master_key", "litellm_docker_run_master_key")),
    ("chat_ui_credentials_key", GENERIC_RULE, fx("", 64, HEX), "CREDS_KEY",
     ("librechat_dotenv_creds_key", "librechat_compose_environment_creds_key")),
    ("automation_platform_encryption_key", GENERIC_RULE, fx("", 32, HEX), "AP_ENCRYPTION_KEY",
     ("activepieces_dotenv_encryption_key", "activepieces_helm_values_encryption_key")),
    ("chat_ui_session_secret_key", KW, fx("", 32, ALNUM), "WEBUI_SECRET_KEY",
     ("open_webui_docker_run_secret_key", "open_webui_systemd_env_secret_key")),
    ("agent_transcript_db_password", GENERIC_RULE, password, "postgresql://",
     ("aider_chat_history_run_psql", "agent_session_jsonl_exec_mysql")),
    ("queued_job_args_password", GENERIC_RULE, password, "args",
     ("celery_inspect_active_args", "sidekiq_dead_job_json_args")),
    ("diagnostic_report_session_secret", KW, fx("", 48, ALNUM), "SESSION_SECRET",
     ("node_report_json_environment_variables", "node_report_json_command_line")),
    ("private_module_registry_token", KW, fx("", 40, ALNUM), "token",
     ("deno_auth_tokens_shell_export", "bunfig_toml_install_registry_token")),
    ("package_registry_login_secret", GENERIC_RULE, password, "--password",
     ("swift_package_registry_login_cmd", "dart_pub_token_env_export")),
    ("chat_bot_xmpp_password", KW, password, "password",
     ("errbot_config_py_bot_identity", "hubot_xmpp_env_password")),
    ("matrix_appservice_token", GENERIC_RULE, fx("", 64, ALNUM), "as_token",
     ("mautrix_registration_yaml_as_token", "mautrix_bridge_config_yaml_hs_token")),
    ("chatops_automation_api_key", KW, urlsafe_48, "ST2_API_KEY",
     ("st2chatops_env_api_key", "st2_apikey_create_output")),
    ("recorded_http_fixture_password", KW, password, "password",
     ("polly_har_recording_post_data", "wiremock_mapping_basic_auth")),
    ("test_fixture_smtp_password", KW, password, "password",
     ("django_fixture_json_smtp_password", "rails_fixture_yml_smtp_password")),
    ("ike_preshared_key", GENERIC_RULE, password, "psksecret",
     ("fortigate_phase1_psksecret", "pfsense_config_xml_ipsec_psk")),
    ("ssl_vpn_client_password", GENERIC_RULE, password, "passwd-on-stdin",
     ("openconnect_passwd_on_stdin_echo", "openfortivpn_config_password")),
    ("vpn_server_admin_password", GENERIC_RULE, password, "/PASSWORD",
     ("vpncmd_server_password_flag", "softether_docker_env_spw")),
    ("dhcp_ddns_tsig_secret", GENERIC_RULE, base64_32, "secret",
     ("kea_dhcp_ddns_conf_tsig_keys", "dhcpd_conf_ddns_key_block")),
    ("authoritative_dns_api_key", KW, fx("", 24, ALNUM), "api-key",
     ("pdns_conf_api_key", "pdns_api_curl_x_api_key")),
    ("dns_server_admin_password", KW, password, "DNS_SERVER_ADMIN_PASSWORD",
     ("technitium_compose_admin_password", "technitium_api_login_curl")),
    ("dns_load_balancer_console_key", GENERIC_RULE, base64_32, "setKey",
     ("dnsdist_conf_setkey", "dnsdist_console_k_flag")),
    ("print_queue_device_uri_password", GENERIC_RULE, password, "DeviceURI",
     ("cups_printers_conf_device_uri", "lpadmin_smb_device_uri_cmd")),
    ("mfp_scan_to_folder_password", KW, password, "Password",
     ("mfp_address_book_csv_smb_password", "mfp_scan_profile_xml_password")),
    ("nas_local_user_password", GENERIC_RULE, password, "--setpw",
     ("synouser_setpw_cmd", "smbpasswd_stdin_pipe_cmd")),
    ("nas_file_sync_admin_password", KW, password, "ADMIN_PASSWORD",
     ("seafile_dotenv_init_admin_password", "seafile_compose_admin_password")),
    ("opcua_user_password", KW, password, "password",
     ("telegraf_inputs_opcua_password", "asyncua_client_set_password")),
    ("vpn_client_pkcs12_base64_long", GENERIC_RULE, vpn_identity_pkcs12_base64, "p12",
     ("sswan_profile_json_p12", "mobileconfig_ikev2_pkcs12_data")),
)  # fmt: skip
TWENTIETH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTIETH, SURROUNDINGS)
