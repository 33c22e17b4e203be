"""The fifteenth held-out part (split ``held_out_15``): formats and surroundings none of the first fourteen parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (self-hosted services' secret keys and admin tokens, a router's Wi-Fi key, tunnel and overlay network tokens,
flow and workflow tools' keys and stored passwords, BI tools' keys and warehouse passwords, ML tracking and data
versioning remotes, an orchestrator's storage, R, Quarto and MATLAB sessions, DB2, WebLogic and IIS passwords, a
search cluster's admin password, Rust debug output, process trees, packet captures, a wiki's secret key, PHP CMS
configs, a GraphQL engine's admin secret, a REST API's JWT secret, a password manager CLI's session key, log
shippers' passwords, and a Java keystore in base64 longer than a stream's window). Every value is synthetic, made
afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: fifteenth_places.py for the vendor places (a Procfile, Hatch, Bazel, GoReleaser, Cypress, nox, Vitest,
and each vendor's API, SDK or client); fifteenth_generic.py for self-hosted services, network tools, flow and BI
tools, ML and data tools; fifteenth_traces.py for sessions, database and application servers, debug output, process
trees, captures, web apps, password manager CLIs, log shippers and long keystores."""

from __future__ import annotations

import json
import random

from . import fifteenth_generic as gen
from . import fifteenth_places as at
from . import fifteenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, b64, s, uuid4
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 15377
SPLIT = "held_out_15"
LOWER_NUM = LOWER + DIGITS


def fitted_jwt(
    rng: random.Random, header: dict[str, str], claims: dict[str, object], length: int, sig: int, banned: str = ""
) -> str:
    """A JWT whose claims part is padded (a random ``jti``) to ``length`` characters, with a ``sig``-character
    signature; drawn again while any character of ``banned`` shows, for detectors whose alphabet leaves it out."""
    head = b64(json.dumps(header, separators=(",", ":")).encode(), url=True, pad=False)
    while True:
        body = dict(claims, jti="")
        base = len(json.dumps(body, separators=(",", ":")).encode())
        assert base < length * 3 // 4, "the claims leave room for the padding"
        body["jti"] = s(rng, length * 3 // 4 - base, ALNUM)
        part = b64(json.dumps(body, separators=(",", ":")).encode(), url=True, pad=False)
        token = f"{head}.{part}.{s(rng, sig, B64URL)}"
        if len(part) == length and not any(c in token for c in banned):
            return token


def zeplin(rng: random.Random) -> str:
    """A Zeplin personal access token: a JWT of 350 to 400 characters with no underscore."""
    claims = {"aud": "uid:" + s(rng, 24, HEX), "iss": "https://app.zeplin.io", "exp": 1826000000, "iat": 1764400000,
              "sub": s(rng, 24, HEX), "type": "personal_access_token", "scope": "read write"}  # fmt: skip
    return fitted_jwt(rng, {"alg": "HS256", "typ": "JWT"}, claims, 284, 43, "_")


def monday(rng: random.Random) -> str:
    """A monday.com API token: ``ey`` and 210 to 225 characters, none of them a dash."""
    claims = {"tid": rng.randint(10**8, 10**9), "aai": 11, "uid": rng.randint(10**7, 10**8),
              "iad": "2026-10-02T08:14:51.000Z", "per": "me:write", "rgn": "euc1"}  # fmt: skip
    return fitted_jwt(rng, {"alg": "HS256"}, claims, 160, 43, "-")


def wrike(rng: random.Random) -> str:
    """A Wrike permanent token: ``ey`` and 333 more characters."""
    claims = {"d": json.dumps({"a": rng.randint(10**6, 10**7), "i": rng.randint(10**6, 10**7), "c": 4620000}),
              "exp": 1893456000, "iat": 1764400000}  # fmt: skip
    return fitted_jwt(rng, {"tt": "p", "alg": "HS256", "tv": "1"}, claims, 246, 43)


def calendly(rng: random.Random) -> str:
    """A Calendly personal access token: 20, 171 and 43 characters, dot-separated."""
    claims = {"iss": "https://auth.calendly.com", "iat": 1764400000, "user_uuid": uuid4(rng)}
    return fitted_jwt(rng, {"alg": "HS256"}, claims, 171, 43)


def front(rng: random.Random) -> str:
    """A Front API token: a JWT of a 36-character header and 188 to 244 more characters."""
    claims = {"scopes": ["shared:*", "private:*"], "iat": 1764400000, "iss": "front", "sub": s(rng, 20, HEX)}
    return fitted_jwt(rng, {"alg": "HS256", "typ": "JWT"}, claims, 160, 43)


def teamwork(rng: random.Random) -> str:
    return "tkn.v1_" + s(rng, 71, ALNUM) + "="


def nasdaq(rng: random.Random) -> str:
    return s(rng, 1, ALNUM) + s(rng, 18, ALNUM + "_-") + s(rng, 1, ALNUM)


def coinapi(rng: random.Random) -> str:
    return uuid4(rng).upper()


def vault_admin_token(rng: random.Random) -> str:
    """What ``openssl rand -base64 48`` prints: 64 characters."""
    return b64(rng.randbytes(48))


def superset_key(rng: random.Random) -> str:
    """What ``openssl rand -base64 42`` prints: 56 characters."""
    return b64(rng.randbytes(42))


def s3_style_secret(rng: random.Random) -> str:
    return s(rng, 40, ALNUM + "+/")


def wifi_key(rng: random.Random) -> str:
    words = ["Lantern", "pepper", "Coral", "meadow", "Tundra", "cobalt", "Willow", "ember", "Fjord", "thistle"]
    return rng.choice(words) + rng.choice(words).lower() + s(rng, 4, DIGITS) + rng.choice("!?#")


def bw_session(rng: random.Random) -> str:
    return b64(rng.randbytes(64))


def django_style_key(rng: random.Random) -> str:
    return s(rng, 50, LOWER + DIGITS + "!@#%^&*(-_=+)")


def jks_base64(rng: random.Random) -> str:
    """A Java keystore (JKS) in base64: the magic ``FEEDFEED``, version 2, one private key entry, ~3.5 KiB of bytes,
    so that its base64 is longer than a stream's window."""
    head = bytes.fromhex("feedfeed000000020000000100000001") + b"\x00\x06tomcat"
    stamp = (1764400000000 + rng.randint(0, 10**9)).to_bytes(8, "big")
    return b64(head + stamp + rng.randbytes(3600))


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("lunchmoney_access_token", TH + "lunchmoney", fx("", 50, HEX), "LUNCHMONEY_ACCESS_TOKEN",
     ("lunchmoney_categories_httpie", "procfile_dev_env_prefix")),
    ("smartystreets_auth_token", TH + "smartystreets", fx("", 20, ALNUM), "SMARTYSTREETS_AUTH_TOKEN",
     ("smartystreets_python_sdk_credentials", "hatch_pyproject_env_vars")),
    ("teamwork_desk_api_token", TH + "teamworkdesk", teamwork, "TEAMWORK_DESK_TOKEN",
     ("teamwork_desk_me_wget", "bazelrc_test_env")),
    ("clockify_api_key", TH + "clockify", fx("", 48, ALNUM), "CLOCKIFY_API_KEY",
     ("clockify_user_curl", "goreleaser_yaml_env")),
    ("ynab_access_token", TH + "youneedabudget", fx("", 64, HEX), "YNAB_ACCESS_TOKEN",
     ("ynab_python_sdk_configuration", "cypress_env_json")),
    ("taxjar_api_token", TH + "taxjar", fx("", 32, HEX), "TAXJAR_API_KEY",
     ("taxjar_python_client", "noxfile_session_env")),
    ("toggl_track_api_token", TH + "toggltrack", fx("", 32, HEX), "TOGGL_API_TOKEN",
     ("toggl_me_basic_curl", "vitest_config_test_env")),
    ("pivotal_tracker_token", TH + "pivotaltracker", fx("", 32, HEX), "PIVOTAL_TRACKER_TOKEN",
     ("pivotal_tracker_me_curl", "procfile_dev_env_prefix")),
    ("zeplin_access_token", TH + "zeplin", zeplin, "ZEPLIN_ACCESS_TOKEN",
     ("zeplin_users_me_curl", "hatch_pyproject_env_vars")),
    ("pusher_channels_secret", TH + "pusherchannelkey", fx("", 20, HEX), "PUSHER_SECRET",
     ("pusher_python_server_client", "bazelrc_test_env")),
    ("monday_api_token", TH + "monday", monday, "MONDAY_API_TOKEN",
     ("monday_graphql_curl", "goreleaser_yaml_env")),
    ("wrike_permanent_token", TH + "wrike", wrike, "WRIKE_TOKEN",
     ("wrike_contacts_curl", "cypress_env_json")),
    ("wise_api_token", TH + "transferwise", uuid4, "TRANSFERWISE_API_TOKEN",
     ("transferwise_profiles_curl", "noxfile_session_env")),
    ("holidayapi_key", TH + "holidayapi", uuid4, "HOLIDAYAPI_KEY",
     ("holidayapi_node_client", "vitest_config_test_env")),
    ("getresponse_api_key", TH + "getresponse", fx("", 32, LOWER_NUM), "GETRESPONSE_API_KEY",
     ("getresponse_accounts_curl", "procfile_dev_env_prefix")),
    ("calendly_personal_token", TH + "calendlyapikey", calendly, "CALENDLY_TOKEN",
     ("calendly_users_me_powershell", "hatch_pyproject_env_vars")),
    ("nasdaq_data_link_key", TH + "nasdaqdatalink", nasdaq, "NASDAQ_DATA_LINK_API_KEY",
     ("nasdaq_data_link_python_config", "bazelrc_test_env")),
    ("coinapi_key", TH + "coinapi", coinapi, "COINAPI_KEY",
     ("coinapi_exchangerate_curl", "goreleaser_yaml_env")),
    ("front_api_token", TH + "front", front, "FRONT_API_TOKEN",
     ("front_accounts_curl", "cypress_env_json")),
    ("testingbot_secret", TH + "testingbot", fx("", 32, LOWER_NUM), "TESTINGBOT_SECRET",
     ("testingbot_selenium_remote_url", "noxfile_session_env")),
    ("weatherbit_api_key", TH + "weatherbit", fx("", 32, HEX), "WEATHERBIT_API_KEY",
     ("weatherbit_current_curl", "vitest_config_test_env")),
    ("geckoboard_api_key", TH + "geckoboard", fx("", 44, ALNUM), "GECKOBOARD_API_KEY",
     ("geckoboard_basic_auth_curl", "procfile_dev_env_prefix")),
    ("delighted_api_key", TH + "delighted", fx("", 32, ALNUM), "DELIGHTED_API_KEY",
     ("delighted_ruby_config", "hatch_pyproject_env_vars")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("fediverse_server_otp_secret", GENERIC_RULE, fx("", 128, HEX), "OTP_SECRET",
     ("mastodon_env_production", "mastodon_setup_config_printout")),
    ("password_vault_admin_token", GENERIC_RULE, vault_admin_token, "ADMIN_TOKEN",
     ("vaultwarden_config_json_admin_token", "vaultwarden_docker_run_admin_token")),
    ("router_wifi_passphrase", GENERIC_RULE, wifi_key, "key",
     ("openwrt_uci_wireless_file", "openwrt_uci_show_wireless")),
    ("reverse_tunnel_auth_token", GENERIC_RULE, fx("", 32, ALNUM), "token",
     ("frpc_toml_auth_token", "frps_ini_common_token")),
    ("overlay_network_service_token", GENERIC_RULE, fx("", 24, LOWER_NUM), "X-ZT1-Auth",
     ("zerotier_local_api_curl", "zerotier_cli_t_flag")),
    ("flow_editor_credential_secret", GENERIC_RULE, fx("", 40, ALNUM), "credentialSecret",
     ("node_red_settings_js_credential_secret", "node_red_systemd_override_env")),
    ("workflow_tool_encryption_key", GENERIC_RULE, fx("", 32, ALNUM), "N8N_ENCRYPTION_KEY",
     ("n8n_config_json_encryption_key", "n8n_k8s_deployment_env_value")),
    ("workflow_export_stored_password", KW, password, "password",
     ("n8n_export_credentials_decrypted", "node_red_flows_cred_plain_json")),
    ("bi_app_secret_key", GENERIC_RULE, superset_key, "SECRET_KEY",
     ("superset_config_py_secret_key", "metabase_systemd_env_encryption_key")),
    ("bi_warehouse_connection_password", KW, password, "password",
     ("superset_set_database_uri_cmd", "metabase_api_database_details_json")),
    ("ml_tracking_server_password", KW, password, "MLFLOW_TRACKING_PASSWORD",
     ("mlflow_basic_auth_ini", "mlflow_tracking_notebook_cell_env")),
    ("data_version_remote_secret", GENERIC_RULE, s3_style_secret, "secret_access_key",
     ("dvc_config_local_remote", "dvc_remote_modify_local_cmd")),
    ("orchestrator_run_storage_password", KW, password, "password",
     ("dagster_yaml_run_storage_postgres", "dagster_helm_values_postgresql")),
    ("analysis_session_api_secret", GENERIC_RULE, fx("", 40, ALNUM), "WAREHOUSE_API_SECRET",
     ("rprofile_sys_setenv", "quarto_environment_local")),
    ("numeric_env_db_password", GENERIC_RULE, password, "DB_PASSWORD",
     ("matlab_startup_m_setenv", "matlab_database_connection_call")),
    ("db2_connect_password", GENERIC_RULE, password, "using",
     ("db2_clp_connect_using", "db2_jdbc_url_properties")),
    ("app_server_boot_password", KW, password, "password",
     ("weblogic_boot_properties", "wlst_connect_call")),
    ("iis_app_pool_identity_password", KW, password, "processModel.password",
     ("applicationhost_config_processmodel", "appcmd_set_apppool_password")),
    ("search_cluster_admin_password", KW, password, "OPENSEARCH_INITIAL_ADMIN_PASSWORD",
     ("opensearch_compose_initial_admin_password", "opensearch_dashboards_yml_password")),
    ("rust_debug_struct_secret", GENERIC_RULE, fx("", 40, ALNUM), "api_secret",
     ("rust_tracing_debug_struct", "rust_panic_unwrap_message")),
    ("process_tree_password_arg", GENERIC_RULE, password, "--password",
     ("pstree_ap_args", "systemd_cgls_cmdline")),
    ("sniffed_basic_auth_credentials", GENERIC_RULE, password, "Authorization: Basic",
     ("tshark_fields_authbasic", "wireshark_follow_http_stream")),
    ("wiki_installation_secret_key", GENERIC_RULE, fx("", 64, HEX), "wgSecretKey",
     ("mediawiki_localsettings_secret_key", "mediawiki_get_configuration_json")),
    ("php_cms_database_password", KW, password, "password",
     ("joomla_configuration_php_password", "moodle_config_php_dbpass")),
    ("graphql_engine_admin_secret", GENERIC_RULE, fx("", 32, ALNUM), "admin_secret",
     ("hasura_console_cli_admin_secret", "hasura_config_yaml_admin_secret")),
    ("rest_api_jwt_secret", GENERIC_RULE, fx("", 48, ALNUM), "jwt-secret",
     ("postgrest_conf_jwt_secret", "postgrest_docker_run_jwt_env")),
    ("password_cli_session_key", GENERIC_RULE, bw_session, "BW_SESSION",
     ("bw_unlock_session_hint_output", "bw_session_flag_zsh_history")),
    ("log_shipper_output_password", KW, password, "password",
     ("filebeat_yml_output_elasticsearch", "promtail_client_basic_auth")),
    ("identity_app_secret_key", GENERIC_RULE, django_style_key, "SECRET_KEY",
     ("authentik_env_secret_key", "netbox_configuration_py_secret_key")),
    ("tls_keystore_base64_long", GENERIC_RULE, jks_base64, "keystore",
     ("helm_values_keystore_base64_block", "ci_xtrace_keystore_base64_echo")),
)  # fmt: skip
FIFTEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, FIFTEENTH, SURROUNDINGS)
