"""The sixteenth held-out part (split ``held_out_16``): formats and surroundings none of the first fifteen parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a home automation token, a DNS sinkhole's password, Firebird and SAP HANA passwords, a Phoenix release's
secret key base, a headless CMS's JWT secret, blog and forum SMTP passwords, a video bridge's XMPP component
password, a media server's API key, a VNC password, tokens in mobile HTTP logs, passwords in Windows audit events,
IRC SASL and package index passwords, a Bitcoin node's RPC password, a 3D printer host's API key, a camera's stream
password, a push notifier's token, a document archive's secret key, an identity server's masterkey, a mesh VPN's
pre-auth key, a password pasted in chat exports, a key set in shell histories, a security agent's enrollment
password, a token in intercepting proxies' captures, and an SSH deploy key in base64 longer than a stream's window).
Every value is synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: sixteenth_places.py for the vendor places (Skaffold, pixi, docker buildx bake, AWS CDK, Jest, Deno,
Home Manager, and each vendor's API, SDK or client); sixteenth_generic.py for self-hosted services, databases, web
apps and remote access; sixteenth_traces.py for device and audit logs, chat and package clients, nodes, printers,
cameras, notifiers, chat exports, shell histories, security agents, proxy captures and long deploy keys."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from . import sixteenth_generic as gen
from . import sixteenth_places as at
from . import sixteenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, b64, s, uuid4
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 16411
SPLIT = "held_out_16"
HEX_UPPER = HEX.upper()[:16]


def edged(n: int, inner: str) -> Callable[[random.Random], str]:
    """``n`` characters of ``inner`` that begin and end with a letter or digit, as a detector's word boundaries
    require of alphabets with ``-`` or ``_`` in them."""
    return lambda rng: s(rng, 1, ALNUM) + s(rng, n - 2, inner) + s(rng, 1, ALNUM)


def livestorm(rng: random.Random) -> str:
    """A Livestorm API token: a JWT of header ``{"alg":"HS256"}``, claims that begin with the ``aud``
    ``api.livestorm.co`` and a ``jti``, padded by a random claim to 178 characters, none of them ``_``, and a
    43-character signature."""
    head = b64(b'{"alg":"HS256"}', url=True, pad=False)
    while True:
        claims = {"aud": "api.livestorm.co", "jti": uuid4(rng), "iat": rng.randint(1_700_000_000, 1_764_000_000)}
        body = json.dumps(claims, separators=(",", ":"))
        body = body[:-1] + ',"n":"' + s(rng, 126 - len(body), ALNUM) + '"}'
        part = b64(body.encode(), url=True, pad=False)
        if len(part) == 178 and "_" not in part:
            return f"{head}.{part}.{s(rng, 43, B64URL)}"


def home_assistant_token(rng: random.Random) -> str:
    """A Home Assistant long-lived access token: an HS256 JWT whose issuer is the refresh token's 32-hex id."""
    head = b64(b'{"alg":"HS256","typ":"JWT"}', url=True, pad=False)
    iat = rng.randint(1_730_000_000, 1_764_000_000)
    claims = json.dumps({"iss": s(rng, 32, HEX), "iat": iat, "exp": iat + 315_360_000}, separators=(",", ":"))
    return f"{head}.{b64(claims.encode(), url=True, pad=False)}.{s(rng, 43, B64URL)}"


def phx_secret(rng: random.Random) -> str:
    """What ``mix phx.gen.secret`` prints: 64 characters of base64."""
    return b64(rng.randbytes(48))


def strapi_secret(rng: random.Random) -> str:
    """What Strapi's generator writes: 16 random bytes in base64 (22 characters and ``==``)."""
    return b64(rng.randbytes(16))


def rpc_password(rng: random.Random) -> str:
    """What Bitcoin Core's ``rpcauth.py`` prints as the password: 32 random bytes in URL-safe base64."""
    return b64(rng.randbytes(32), url=True, pad=False)


def gotify_token(rng: random.Random) -> str:
    """A Gotify application token: ``A`` and 14 characters of letters, digits, ``.``, ``-`` and ``_``."""
    return "A" + s(rng, 13, ALNUM + ".-_") + s(rng, 1, ALNUM)


def paperless_key(rng: random.Random) -> str:
    return s(rng, 50, LOWER + DIGITS + "!@%^*-_=+")


def rsa4096_pem_base64(rng: random.Random) -> str:
    """An RSA 4096-bit private key in PEM (a PKCS#1 DER of 2,349 bytes, 64 characters a line), itself in base64 as
    a CI variable or a Secret holds it: about 4,300 characters, longer than a stream's window."""
    der = bytes.fromhex("3082092902010002820201" + "00") + rng.randbytes(2349 - 12)
    body = b64(der)
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return b64(f"-----BEGIN RSA PRIVATE KEY-----\n{lines}\n-----END RSA PRIVATE KEY-----\n".encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("geocodio_api_key", TH + "geocodio", fx("", 39, HEX), "GEOCODIO_API_KEY",
     ("geocodio_python_client", "skaffold_yaml_build_args")),
    ("customerio_track_api_key", TH + "customerio", fx("", 20, HEX), "CUSTOMERIO_API_KEY",
     ("customerio_python_track_client", "pixi_toml_activation_env")),
    ("gyazo_access_token", TH + "gyazo", edged(43, ALNUM + "-"), "GYAZO_ACCESS_TOKEN",
     ("gyazo_upload_curl", "docker_bake_hcl_variable_default")),
    ("yelp_fusion_api_key", TH + "yelp", edged(128, ALNUM + "-_"), "YELP_API_KEY",
     ("yelp_business_search_curl", "cdk_lambda_function_environment")),
    ("onelogin_client_secret", TH + "onelogin", fx("", 64, HEX), "ONELOGIN_CLIENT_SECRET",
     ("onelogin_token_curl", "jest_setup_process_env")),
    ("kickbox_api_key", TH + "kickbox", fx("live_", 64, HEX), "KICKBOX_API_KEY",
     ("kickbox_node_client", "deno_json_task_env")),
    ("newsapi_key", TH + "newsapi", fx("", 32, HEX), "NEWSAPI_KEY",
     ("newsapi_python_client", "home_manager_session_variables")),
    ("urlscan_api_key", TH + "urlscan", uuid4, "URLSCAN_API_KEY",
     ("urlscan_submit_curl", "skaffold_yaml_build_args")),
    ("airbrake_user_key", TH + "airbrakeuserkey", fx("", 40, HEX), "AIRBRAKE_USER_KEY",
     ("airbrake_deploy_curl", "pixi_toml_activation_env")),
    ("livestorm_api_token", TH + "livestorm", livestorm, "LIVESTORM_API_TOKEN",
     ("livestorm_ping_curl", "docker_bake_hcl_variable_default")),
    ("iexcloud_secret_token", TH + "iexcloud", fx("sk_", 32, HEX), "IEXCLOUD_TOKEN",
     ("iexcloud_quote_pandas", "cdk_lambda_function_environment")),
    ("statuscake_api_token", TH + "statuscake", fx("", 20, ALNUM), "STATUSCAKE_API_TOKEN",
     ("statuscake_terraform_provider", "jest_setup_process_env")),
    ("spoonacular_api_key", TH + "spoonacular", fx("", 32, HEX), "SPOONACULAR_API_KEY",
     ("spoonacular_fetch_js", "deno_json_task_env")),
    ("securitytrails_api_key", TH + "securitytrails", fx("", 32, ALNUM), "SECURITYTRAILS_API_KEY",
     ("securitytrails_ping_curl", "home_manager_session_variables")),
    ("opencagedata_api_key", TH + "opencagedata", fx("", 32, HEX), "OPENCAGEDATA_API_KEY",
     ("opencage_python_geocoder", "skaffold_yaml_build_args")),
    ("jotform_api_key", TH + "jotform", fx("", 32, HEX), "JOTFORM_API_KEY",
     ("jotform_php_client", "pixi_toml_activation_env")),
    ("ticketmaster_consumer_key", TH + "ticketmaster", fx("", 32, ALNUM), "TICKETMASTER_API_KEY",
     ("ticketmaster_discovery_url", "docker_bake_hcl_variable_default")),
    ("the_odds_api_key", TH + "theoddsapi", fx("", 32, HEX), "THE_ODDS_API_KEY",
     ("the_odds_api_requests_params", "cdk_lambda_function_environment")),
    ("lastfm_api_key", TH + "lastfm", fx("", 32, HEX), "LASTFM_API_KEY",
     ("pylast_network", "jest_setup_process_env")),
    ("diffbot_token", TH + "diffbot", fx("", 32, HEX), "DIFFBOT_TOKEN",
     ("diffbot_article_wget", "deno_json_task_env")),
    ("textmagic_api_key", TH + "textmagic", fx("", 30, ALNUM), "TEXTMAGIC_API_KEY",
     ("textmagic_python_rest_client", "home_manager_session_variables")),
    ("mapquest_api_key", TH + "mapquest", fx("", 32, ALNUM), "MAPQUEST_API_KEY",
     ("mapquest_leaflet_html", "skaffold_yaml_build_args")),
    ("ipgeolocation_api_key", TH + "ipgeolocation", fx("", 32, HEX), "IPGEOLOCATION_API_KEY",
     ("ipgeolocation_powershell", "pixi_toml_activation_env")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("home_automation_access_token", GENERIC_RULE, home_assistant_token, "token",
     ("home_assistant_states_curl", "appdaemon_yaml_ha_token")),
    ("dns_sinkhole_admin_password", KW, password, "password",
     ("pihole_setpassword_cmd", "pihole_compose_ftlconf_password")),
    ("firebird_sysdba_password", KW, fx("", 20, ALNUM), "ISC_PASSWORD",
     ("isql_fb_sysdba_connect", "firebird_sysdba_password_file")),
    ("hana_database_user_password", GENERIC_RULE, password, "-p",
     ("hdbsql_system_connect", "hdbuserstore_set_key")),
    ("elixir_release_secret_key_base", GENERIC_RULE, phx_secret, "SECRET_KEY_BASE",
     ("phx_gen_secret_export_shell", "elixir_rel_env_sh_eex")),
    ("headless_cms_admin_jwt_secret", GENERIC_RULE, strapi_secret, "ADMIN_JWT_SECRET",
     ("strapi_env_admin_jwt_secret", "strapi_config_admin_js_fallback")),
    ("blog_engine_smtp_password", KW, password, "pass",
     ("ghost_config_production_json_mail", "ghost_cli_setup_mailpass")),
    ("forum_container_smtp_password", KW, password, "DISCOURSE_SMTP_PASSWORD",
     ("discourse_app_yml_smtp_password", "discourse_setup_transcript")),
    ("xmpp_component_auth_password", KW, fx("", 32, HEX), "JICOFO_AUTH_PASSWORD",
     ("jitsi_docker_env_jicofo_password", "prosodyctl_register_focus")),
    ("media_server_api_key", GENERIC_RULE, fx("", 32, HEX), "api_key",
     ("jellyfin_nginx_access_log_api_key", "jellyfin_emby_token_header_curl")),
    ("remote_desktop_vnc_password", KW, fx("", 8, ALNUM), "passwd",
     ("x11vnc_systemd_unit_passwd", "guacamole_user_mapping_xml_vnc")),
    ("mobile_http_log_bearer_token", GENERIC_RULE, fx("", 40, ALNUM), "Authorization",
     ("adb_logcat_okhttp_logging_interceptor", "ios_simulator_log_stream_alamofire")),
    ("windows_audit_cmdline_password", GENERIC_RULE, password, "CommandLine",
     ("winevent_4688_process_command_line", "sysmon_event1_xml_commandline")),
    ("irc_client_sasl_password", KW, password, "sasl_password",
     ("weechat_irc_conf_sasl_password", "irssi_config_sasl_password")),
    ("python_index_basic_auth_password", KW, password, "http-basic",
     ("poetry_config_http_basic_cmd", "poetry_auth_toml_plaintext")),
    ("bitcoin_node_rpc_password", KW, rpc_password, "rpcpassword",
     ("bitcoin_conf_rpcpassword", "bitcoin_cli_rpcpassword_flag")),
    ("printer_host_api_key", GENERIC_RULE, fx("", 32, HEX_UPPER), "X-Api-Key",
     ("octoprint_config_yaml_api_key", "octoprint_job_curl_api_key")),
    ("ip_camera_stream_password", GENERIC_RULE, password, "rtsp",
     ("frigate_config_rtsp_input", "ffprobe_rtsp_camera_url")),
    ("push_notifier_app_token", GENERIC_RULE, gotify_token, "token",
     ("gotify_message_curl_token", "gotify_cron_backup_notify")),
    ("document_archive_secret_key", GENERIC_RULE, paperless_key, "PAPERLESS_SECRET_KEY",
     ("paperless_compose_env_secret_key", "paperless_conf_bare_metal")),
    ("identity_server_masterkey", GENERIC_RULE, fx("", 32, ALNUM), "masterkey",
     ("zitadel_start_from_init_masterkey", "zitadel_compose_masterkey_env")),
    ("mesh_vpn_preauth_key", GENERIC_RULE, fx("", 48, HEX), "authkey",
     ("headscale_preauthkeys_create_output", "tailscale_up_login_server_authkey")),
    ("chat_export_pasted_password", GENERIC_RULE, password, "pass",
     ("element_export_html_message", "zoom_meeting_saved_chat_txt")),
    ("shell_history_exported_api_key", GENERIC_RULE, fx("", 40, ALNUM), "INGEST_API_KEY",
     ("xonsh_history_json_env_assign", "tcsh_history_setenv")),
    ("siem_agent_enrollment_password", GENERIC_RULE, password, "-P",
     ("wazuh_agent_auth_p_flag", "wazuh_authd_pass_file")),
    ("proxy_capture_api_token", GENERIC_RULE, fx("", 40, HEX), "Authorization: Token",
     ("charles_chlsj_authorization_header", "burp_saved_request_authorization")),
    ("ssh_deploy_key_base64_long", GENERIC_RULE, rsa4096_pem_base64, "ssh-privatekey",
     ("k8s_secret_ssh_auth_yaml", "gitlab_variables_api_json_ssh_key_b64")),
)  # fmt: skip
SIXTEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, SIXTEENTH, SURROUNDINGS)
