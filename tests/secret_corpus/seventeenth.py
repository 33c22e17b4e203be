"""The seventeenth held-out part (split ``held_out_17``): formats and surroundings none of the first sixteen parts
has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a Jenkins inbound agent's secret and a Jenkins user's API token, a GoCD agent auto-register key, a Buildbot
worker's password, a Gitea runner's registration token, a container registry's admin password, a push server's
access token, a finance app's cron token, a log server's password secret, a task app's JWT secret, a download
daemon's RPC secret, a code review server's HTTP password, a CephX key, a cluster's ``hacluster`` password, a vSphere
password, Tor's control password, a Secret's password in Kubernetes audit events, a password in network devices'
command logs and in logged query strings, an initial password in bulk user imports, passwords and keys in database
clients' and REPLs' histories, a PBX's event socket password, a desk phone's SIP password, a PPPoE password, a
TACACS+ key, and a PGP signing key in base64 longer than a stream's window). Every value is synthetic, made afresh
with its own seed, with the format's prefix, length and alphabet.

Surroundings: seventeenth_places.py for the vendor places (a justfile, PDM, SST, Bicep, a Nix flake, a buildpacks
``project.toml``, Apps Script, and each vendor's API, SDK or client); seventeenth_generic.py for CI systems,
self-hosted services and infrastructure tools; seventeenth_traces.py for audit, device and access logs, user
imports, client histories, telephony, routers, switches and long signing keys."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

from . import seventeenth_generic as gen
from . import seventeenth_places as at
from . import seventeenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 17533
SPLIT = "held_out_17"
HEX_UPPER = HEX.upper()[:16]


def edged(n: int, inner: str) -> Callable[[random.Random], str]:
    """``n`` characters of ``inner`` that begin and end with a letter or digit, as a detector's word boundaries
    require of alphabets with signs in them."""
    return lambda rng: s(rng, 1, ALNUM) + s(rng, n - 2, inner) + s(rng, 1, ALNUM)


def pixabay_key(rng: random.Random) -> str:
    """A Pixabay key: 34 characters of lower-case letters, digits and ``-``, as an 8-digit user id, ``-`` and 25 hex
    digits."""
    return s(rng, 8, DIGITS) + "-" + s(rng, 25, HEX)


def stormglass_key(rng: random.Random) -> str:
    """A Stormglass key: 73 characters of lower-case letters, digits and ``-``, two UUIDs joined by ``-``."""
    return f"{uuid4(rng)}-{uuid4(rng)}"


def _plain_claims(rng: random.Random, claims: dict[str, object], size: int) -> str:
    """``claims`` padded by a random claim to ``size`` bytes of JSON, in URL-safe base64 that holds neither ``-`` nor
    ``_`` (the padding is drawn again, three bytes at a time, where it would give one); empty when the claims
    themselves would."""
    body = json.dumps(claims, separators=(",", ":"))
    start = len(body) + len(',"x":"') - 1
    chars = list(body[:-1] + ',"x":"' + s(rng, size - len(body) - 7, ALNUM) + '"}')
    for _ in range(10_000):
        out = b64("".join(chars).encode(), url=True, pad=False)
        bad = {i // 4 for i, c in enumerate(out) if c in "-_"}
        if not bad:
            return out
        if min(bad) * 3 < start or max(bad) * 3 + 3 > size - 2:
            return ""
        for group in bad:
            chars[group * 3 : group * 3 + 3] = s(rng, 3, ALNUM)
    return ""


def cloudconvert_token(rng: random.Random) -> str:
    """A CloudConvert API key: an RS256 JWT whose header is 36 characters and claims 414 characters, both of
    letters and digits only and beginning ``ey``, and whose signature is 683 characters (a 4096-bit key's)."""
    head = b64(b'{"typ":"JWT","alg":"RS256"}', url=True, pad=False)
    while True:
        iat = rng.randint(1_730_000_000, 1_764_000_000)
        claims = {
            "aud": "1", "jti": s(rng, 80, HEX), "iat": iat, "nbf": iat, "exp": iat + 31_536_000,
            "sub": s(rng, 8, DIGITS), "scopes": ["user.read", "user.write", "task.read", "task.write"],
        }  # fmt: skip
        part = _plain_claims(rng, claims, 310)
        if part:
            return f"{head}.{part}.{b64(rng.randbytes(512), url=True, pad=False)}"


def cephx_key(rng: random.Random) -> str:
    """A CephX secret as a keyring holds it: base64 of the key type (1), its creation time (seconds and
    nanoseconds), the length (16) and 16 random bytes, 40 characters beginning ``AQ``."""
    created = rng.randint(1_700_000_000, 1_764_000_000).to_bytes(4, "little") + rng.randbytes(4)
    return b64(b"\x01\x00" + created + b"\x10\x00" + rng.randbytes(16))


def _crc24(data: bytes) -> int:
    """OpenPGP's armor checksum (RFC 4880, 6.1)."""
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc & 0xFFFFFF


def pgp_secret_key_base64(rng: random.Random) -> str:
    """An RSA 4096-bit OpenPGP secret key block (a secret key packet, a user id, a subkey; about 4,700 bytes) armored
    with its checksum, itself in base64 as sbt-ci-release's ``PGP_SECRET`` takes it: over 8,000 characters, longer
    than a stream's window."""
    uid = b"Acme Release Signing <release@acme.dev>"
    packets = (
        b"\x95\x07\x46\x04" + rng.randbytes(1862) + b"\xb4" + bytes([len(uid)]) + uid
        + b"\x89\x02\x4e\x04\x13" + rng.randbytes(589) + b"\x9d\x07\x46\x04" + rng.randbytes(1862)
        + b"\x89\x02\x36\x04\x18" + rng.randbytes(565)
    )  # fmt: skip
    body = b64(packets)
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    check = b64(_crc24(packets).to_bytes(3, "big"))
    armored = f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{lines}\n={check}\n-----END PGP PRIVATE KEY BLOCK-----\n"
    return b64(armored.encode())


def edged_password(n: int) -> Callable[[random.Random], str]:
    return edged(n, ALNUM + "/+")


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("locationiq_access_token", TH + "locationiq", fx("pk.", 32, HEX), "LOCATIONIQ_API_KEY",
     ("locationiq_search_curl", "justfile_export_assignment")),
    ("mailsac_api_key", TH + "mailsac", fx("k_", 38, ALNUM), "MAILSAC_API_KEY",
     ("mailsac_axios_header", "pdm_scripts_env")),
    ("daily_co_api_key", TH + "dailyco", fx("", 64, HEX), "DAILY_API_KEY",
     ("daily_rooms_python_requests", "sst_config_function_environment")),
    ("pixabay_api_key", TH + "pixabay", pixabay_key, "PIXABAY_API_KEY",
     ("pixabay_swift_url_components", "bicep_webapp_app_settings")),
    ("here_api_key", TH + "hereapi", edged(43, B64URL), "HERE_API_KEY",
     ("here_maps_js_platform", "nix_flake_devshell_shellhook")),
    ("stormglass_api_key", TH + "stormglass", stormglass_key, "STORMGLASS_API_KEY",
     ("stormglass_fetch_header", "project_toml_build_env")),
    ("visualcrossing_api_key", TH + "visualcrossing", fx("", 25, UPPER + DIGITS), "VISUALCROSSING_API_KEY",
     ("visualcrossing_sheets_importdata", "apps_script_set_script_property")),
    ("oanda_exchange_rates_key", TH + "oanda", fx("", 24, ALNUM), "OANDA_API_KEY",
     ("oanda_rates_curl", "justfile_export_assignment")),
    ("tomorrow_io_api_key", TH + "tomorrowio", fx("", 32, ALNUM), "TOMORROW_API_KEY",
     ("tomorrow_go_realtime", "pdm_scripts_env")),
    ("geoapify_api_key", TH + "geoapify", fx("", 32, HEX), "GEOAPIFY_API_KEY",
     ("geoapify_leaflet_tiles", "sst_config_function_environment")),
    ("rawg_api_key", TH + "rawg", fx("", 32, HEX), "RAWG_API_KEY",
     ("rawg_dart_uri_https", "bicep_webapp_app_settings")),
    ("aviationstack_access_key", TH + "aviationstack", fx("", 32, HEX), "AVIATIONSTACK_ACCESS_KEY",
     ("aviationstack_php_curl", "nix_flake_devshell_shellhook")),
    ("pdfshift_api_key", TH + "pdfshift", fx("", 32, HEX), "PDFSHIFT_API_KEY",
     ("pdfshift_convert_curl", "project_toml_build_env")),
    ("polygon_io_api_key", TH + "polygon", fx("", 32, ALNUM), "POLYGON_API_KEY",
     ("polygon_python_rest_client", "apps_script_set_script_property")),
    ("cloudconvert_api_key", TH + "cloudconvert", cloudconvert_token, "CLOUDCONVERT_API_KEY",
     ("cloudconvert_node_sdk", "justfile_export_assignment")),
    ("buttercms_api_token", TH + "buttercms", fx("", 40, HEX), "BUTTERCMS_API_TOKEN",
     ("buttercms_python_client", "pdm_scripts_env")),
    ("guardian_open_platform_key", TH + "guardianapi", uuid4, "GUARDIAN_API_KEY",
     ("guardian_ruby_net_http", "sst_config_function_environment")),
    ("elasticemail_api_key", TH + "elasticemail", fx("", 96, HEX_UPPER), "ELASTICEMAIL_API_KEY",
     ("elasticemail_send_curl", "bicep_webapp_app_settings")),
    ("peopledatalabs_api_key", TH + "peopledatalabs", fx("", 64, HEX), "PEOPLEDATALABS_API_KEY",
     ("peopledatalabs_python_client", "nix_flake_devshell_shellhook")),
    ("financialmodelingprep_api_key", TH + "financialmodelingprep", fx("", 32, ALNUM), "FMP_API_KEY",
     ("fmp_r_jsonlite", "project_toml_build_env")),
    ("clarifai_personal_access_token", TH + "clarifai", fx("", 32, HEX), "CLARIFAI_PAT",
     ("clarifai_grpc_metadata", "apps_script_set_script_property")),
    ("rocketreach_api_key", TH + "rocketreach", fx("", 39, LOWER + DIGITS), "ROCKETREACH_API_KEY",
     ("rocketreach_account_curl", "pdm_scripts_env")),
    ("ipinfodb_api_key", TH + "ipinfodb", fx("", 64, HEX), "IPINFODB_API_KEY",
     ("ipinfodb_elixir_module", "justfile_export_assignment")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("ci_inbound_agent_secret", GENERIC_RULE, fx("", 64, HEX), "-secret",
     ("jenkins_agent_jar_jnlp_cmd", "jenkins_inbound_agent_compose_env")),
    ("ci_user_api_token", GENERIC_RULE, fx("11", 32, HEX), "-auth",
     ("jenkins_cli_jar_auth_flag", "python_jenkins_client_password")),
    ("ci_agent_autoregister_key", GENERIC_RULE, uuid4, "agent.auto.register.key",
     ("gocd_autoregister_properties", "gocd_agent_docker_run_env")),
    ("ci_worker_password", KW, password, "passwd",
     ("buildbot_tac_worker_passwd", "buildbot_master_cfg_worker_entry")),
    ("forge_runner_registration_token", GENERIC_RULE, fx("", 40, ALNUM), "--token",
     ("act_runner_register_cmd", "forgejo_runner_compose_env_token")),
    ("container_registry_admin_password", KW, password, "harbor_admin_password",
     ("harbor_yml_admin_password", "harbor_helm_values_admin_password")),
    ("push_server_access_token", GENERIC_RULE, fx("tk_", 29, ALNUM), "token",
     ("ntfy_token_add_output", "ntfy_publish_curl_bearer")),
    ("finance_app_static_cron_token", GENERIC_RULE, fx("", 32, ALNUM), "STATIC_CRON_TOKEN",
     ("firefly_env_static_cron_token", "firefly_cron_url_curl")),
    ("log_server_password_secret", GENERIC_RULE, fx("", 96, ALNUM), "password_secret",
     ("graylog_server_conf_password_secret", "graylog_compose_env_password_secret")),
    ("task_app_jwt_secret", GENERIC_RULE, fx("", 64, HEX), "JWTSecret",
     ("vikunja_config_yml_jwtsecret", "vikunja_compose_service_jwtsecret")),
    ("download_daemon_rpc_secret", GENERIC_RULE, fx("", 32, ALNUM), "rpc-secret",
     ("aria2_conf_rpc_secret", "aria2_jsonrpc_curl_token")),
    ("code_review_http_password", GENERIC_RULE, edged_password(42), "http-password",
     ("gerrit_rest_http_password_xssi_json", "gerrit_set_account_ssh_cmd")),
    ("storage_cluster_cephx_key", GENERIC_RULE, cephx_key, "key",
     ("ceph_auth_get_or_create_output", "cephfs_mount_secret_option")),
    ("ha_cluster_user_password", KW, password, "-p",
     ("pcs_host_auth_transcript", "ha_cluster_role_vars_yml")),
    ("hypervisor_cli_password", KW, password, "GOVC_PASSWORD",
     ("govc_env_export_url", "powercli_connect_viserver")),
    ("onion_router_control_password", KW, password, "password",
     ("stem_controller_authenticate_py", "tor_control_nc_authenticate")),
    ("k8s_audit_request_secret", GENERIC_RULE, password, "stringData",
     ("k8s_audit_log_request_object_jsonl", "loki_logcli_query_audit_output")),
    ("network_device_command_log_secret", GENERIC_RULE, password, "secret 0",
     ("cisco_parser_cfglog_syslog", "junos_ui_cmdline_syslog")),
    ("access_log_query_password", GENERIC_RULE, password, "password=",
     ("iis_w3c_u_ex_log_line", "tomcat_localhost_access_log_query")),
    ("bulk_user_import_initial_password", GENERIC_RULE, password, "Password",
     ("gworkspace_users_upload_csv", "ad_new_aduser_import_csv_ps1")),
    ("db_client_history_password", GENERIC_RULE, password, "IDENTIFIED BY",
     ("mysql_history_alter_user", "psql_history_alter_role")),
    ("repl_history_api_secret", GENERIC_RULE, fx("", 40, HEX), "API_SECRET",
     ("python_repl_history_file", "node_repl_history_file")),
    ("pbx_event_socket_password", KW, password, "password",
     ("freeswitch_event_socket_conf_xml", "fs_cli_password_flag")),
    ("desk_phone_sip_password", GENERIC_RULE, password, "account.1.password",
     ("yealink_mac_cfg_account_password", "grandstream_config_xml_p34")),
    ("dsl_pppoe_password", KW, password, "ppp_passwd",
     ("ddwrt_nvram_pppoe_passwd", "vyos_pppoe_authentication_password")),
    ("tacacs_shared_key", GENERIC_RULE, fx("", 24, ALNUM), "key",
     ("tac_plus_conf_key", "ios_tacacs_server_key")),
    ("pgp_signing_key_base64_long", GENERIC_RULE, pgp_secret_key_base64, "PGP_SECRET",
     ("woodpecker_cli_secret_add_pgp_secret", "circleci_context_env_var_put_pgp_secret")),
)  # fmt: skip
SEVENTEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, SEVENTEENTH, SURROUNDINGS)
