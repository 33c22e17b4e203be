"""The ninth held-out part (split ``held_out_9``): formats and surroundings none of the first eight parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from public rule sets (gitleaks' rules, trufflehog's
detectors, Nosey Parker's rules), named in ``source`` with the rule's id; the rest are generic shapes, secrets only
their setting tells apart (a Zigbee network key as a list of bytes, a TSIG key, a PPP CHAP secret, a password in a
Terraform plan, a core dump's strings or a chat export). Every value is synthetic, made afresh with its own seed,
with the format's prefix, length and alphabet.

Surroundings: ninth_places.py for the vendor places (IDE run configurations, task runners' and test runners'
environments, an Android manifest, ``systemd-run``, tmux and runit, and each vendor's API, SDK, CLI, firmware or
the file its tool writes); ninth_generic.py for application code and app, game and firmware configs (Bundler,
Keycloak and oauth2-proxy, Pulumi, systemd credentials, Apache and Caddy, Rails and Laravel defaults, ASP.NET and
EF Core, Go and golang-migrate, Rust, Python, Java and Kotlin HTTP clients, MySQL FEDERATED and postgres_fdw links,
Minecraft, Source, Factorio and Valheim servers, ESPHome, PlatformIO and Arduino, Zigbee2MQTT and ZHA);
ninth_system.py for a host's or a user's config files and their command lines; ninth_traces.py for what tools print
or store and people write down (LDIF, e-mails, chat exports, notebooks, Terraform plans, HAR and DevTools, browser
storage, CI logs traced with ``set -x``, crash reports, core dumps, ``gsutil hmac create``, Zabbix PSKs)."""

from __future__ import annotations

import random
import urllib.parse

from . import ninth_generic as gen
from . import ninth_places as at
from . import ninth_system as sy
from . import ninth_traces as tr
from .fifth import password
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64, B64URL, DIGITS, HEX, LOWER, b64, s, uuid4

SEED = 4907
SPLIT = "held_out_9"
LOW_NUM = LOWER + DIGITS


def bedrock_short_lived(rng: random.Random) -> str:
    """A presigned ``CallWithBearerToken`` query in base64, as the Bedrock token generator makes it: it always opens
    with ``bedrock.amazonaws.com`` (``YmVkcm9jay5hbWF6b25hd3MuY29t``)."""
    session = urllib.parse.quote("IQoJb3JpZ2luX2VjE" + s(rng, 220, B64), safe="")
    query = (
        "bedrock.amazonaws.com/?Action=CallWithBearerToken&X-Amz-Algorithm=AWS4-HMAC-SHA256"
        f"&X-Amz-Credential=ASIA{s(rng, 16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}%2F20260302%2Fus-east-1%2Fbedrock"
        f"%2Faws4_request&X-Amz-Date=20260302T101407Z&X-Amz-Expires=43200&X-Amz-Security-Token={session}"
        f"&X-Amz-Signature={s(rng, 64, HEX)}&X-Amz-SignedHeaders=host&Version=1"
    )
    return "bedrock-api-key-" + b64(query.encode())


def sidekiq_credentials(rng: random.Random) -> str:
    return f"{s(rng, 8, HEX)}:{s(rng, 8, HEX)}"


def pubnub_publish(rng: random.Random) -> str:
    return "pub-c-" + uuid4(rng)


def aiven(rng: random.Random) -> str:
    return b64(rng.randbytes(279))


def jina(rng: random.Random) -> str:
    return "jina_" + s(rng, 32, HEX) + s(rng, 28)


def kagi(rng: random.Random) -> str:
    return f"{s(rng, 11, B64URL)}.{s(rng, 43, B64URL)}"


def stackhawk(rng: random.Random) -> str:
    return f"hawk.{s(rng, 20, B64URL)}.{s(rng, 20, B64URL)}"


def teamcity(rng: random.Random) -> str:
    return f"eyJ0eXAiOiAiVENWMiJ9.{s(rng, 36, B64URL)}.{s(rng, 48, B64URL)}"


def truenas(rng: random.Random) -> str:
    return f"{rng.randint(1, 40)}-{s(rng, 64)}"


def mws(rng: random.Random) -> str:
    return "amzn.mws." + uuid4(rng)


def key_b64_32(rng: random.Random) -> str:
    return b64(rng.randbytes(32))


G = "gitleaks "
TH = "trufflehog "
NP = "Nosey Parker "
KW = "detect-secrets KeywordDetector"
GENERIC_RULE = "generic (a setting no rule set names)"
Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]
#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("aws_bedrock_short_lived_key", G + "aws-amazon-bedrock-api-key-short-lived", bedrock_short_lived,
     "AWS_BEARER_TOKEN_BEDROCK", ("bedrock_converse_curl", "mise_toml_env")),
    ("discord_api_key_hex", G + "discord-api-token", fx("", 64, HEX), "DISCORD_API_KEY",
     ("jetbrains_run_config_xml", "tox_ini_setenv")),
    ("contentful_delivery_token", G + "contentful-delivery-api-token", fx("", 43, B64URL),
     "CONTENTFUL_DELIVERY_TOKEN", ("contentful_cda_curl", "vscode_launch_json_env")),
    ("sidekiq_sensitive_url", G + "sidekiq-sensitive-url", sidekiq_credentials, "contribsys",
     ("gemfile_source_block", "gemfile_lock_remote")),
    ("deno_deploy_token", TH + "denodeploy", fx("ddp_", 36), "DENO_DEPLOY_TOKEN",
     ("deployctl_token_flag", "justfile_export")),
    ("portainer_access_token", TH + "portainertoken", fx("ptr_", 43, ALNUM + "+/", "="), "PORTAINER_TOKEN",
     ("portainer_api_curl", "taskfile_yml_env")),
    ("ubidots_token", TH + "ubidots", fx("BBFF-", 30), "UBIDOTS_TOKEN",
     ("ubidots_arduino_sketch", "android_manifest_meta_data")),
    ("pubnub_publish_key", TH + "pubnubpublishkey", pubnub_publish, "PUBNUB_PUBLISH_KEY",
     ("pubnub_js_init", "android_manifest_meta_data")),
    ("aiven_api_token", TH + "aiven", aiven, "AIVEN_API_TOKEN", ("aiven_credentials_json", "systemd_run_setenv")),
    ("lokalise_api_token", TH + "lokalisetoken", fx("", 40, HEX), "LOKALISE_API_TOKEN",
     ("lokalise2_cli_flags", "jenkinsfile_withenv")),
    ("dependency_track_api_key", NP + "np.dtrack.1", fx("odt_", 32), "DTRACK_API_KEY",
     ("dtrack_bom_upload_curl", "jenkinsfile_withenv")),
    ("jina_api_key", NP + "np.jina.1", jina, "JINA_API_KEY", ("jina_reader_curl", "pytest_ini_env")),
    ("kagi_api_key", NP + "np.kagi.1", kagi, "KAGI_API_KEY", ("kagi_search_curl", "tmux_setenv")),
    ("stackhawk_api_key", NP + "np.stackhawk.1", stackhawk, "HAWK_API_KEY",
     ("hawkscan_docker_run", "taskfile_yml_env")),
    ("teamcity_access_token", NP + "np.teamcity.1", teamcity, "TEAMCITY_TOKEN",
     ("teamcity_rest_curl", "vscode_launch_json_env")),
    ("truenas_api_key", NP + "np.truenas.1", truenas, "TRUENAS_API_KEY", ("truenas_websocket_login", "runit_env_dir")),
    ("thingsboard_access_token", NP + "np.thingsboard.1", fx("", 20, LOW_NUM), "TB_ACCESS_TOKEN",
     ("thingsboard_telemetry_curl", "thingsboard_coap_client")),
    ("particle_access_token", NP + "np.particleio.1", fx("", 40, HEX), "PARTICLE_ACCESS_TOKEN",
     ("particle_api_curl", "particle_config_json")),
    ("segment_public_api_token", NP + "np.segment.1", fx("sgp_", 64), "SEGMENT_PUBLIC_API_TOKEN",
     ("segment_public_api_curl", "mise_toml_env")),
    ("pyx_api_token", NP + "np.pyx.1", fx("sk-pyx-", 64), "UV_PUBLISH_TOKEN", ("uv_publish_token", "tox_ini_setenv")),
    ("codeclimate_reporter_id", NP + "np.codeclimate.1", fx("", 64, HEX), "CC_TEST_REPORTER_ID",
     ("cc_test_reporter_after_build", "justfile_export")),
    ("blynk_device_token", NP + "np.blynk.1", fx("", 32, B64URL), "BLYNK_AUTH_TOKEN",
     ("blynk_https_api_curl", "blynk_firmware_define")),
    ("amazon_mws_auth_token", NP + "np.aws.5", mws, "MWS_AUTH_TOKEN", ("mws_java_client_config", "pytest_ini_env")),
    ("aws_appsync_api_key", NP + "np.appsync.1", fx("da2-", 26, LOW_NUM), "aws_appsync_apiKey",
     ("amplify_aws_exports_js", "amplifyconfiguration_json")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("bundler_source_credentials", GENERIC_RULE, password, "BUNDLE_GEMS__ACME__DEV",
     ("bundle_config_set", "bundle_env_credentials")),
    ("oidc_client_secret_config", KW, fx("", 32), "client_secret", ("keycloak_realm_export", "oauth2_proxy_cfg")),
    ("pulumi_plain_config_password", KW, password, "dbPassword",
     ("pulumi_stack_yaml_plain", "pulumi_config_set_cmd")),
    ("systemd_set_credential", GENERIC_RULE, password, "SetCredential",
     ("systemd_unit_setcredential", "systemd_run_setcredential")),
    ("reverse_proxy_upstream_token", GENERIC_RULE, fx("", 40), "header",
     ("apache_requestheader_set", "caddy_header_up")),
    ("env_fallback_password", KW, password, "DB_PASSWORD", ("rails_database_yml_erb", "laravel_config_env_default")),
    ("npgsql_conn_password", KW, password, "Password", ("aspnet_launchsettings_json", "efcore_connection_flag")),
    ("go_mysql_dsn_password", GENERIC_RULE, password, "dsn", ("go_sql_open", "migrate_cli_database_flag")),
    ("http_basic_auth_call_password", GENERIC_RULE, password, "auth",
     ("rust_reqwest_basic_auth", "python_requests_auth_tuple")),
    ("java_authenticator_password", GENERIC_RULE, password, "PasswordAuthentication",
     ("java_password_authentication", "kotlin_okhttp_credentials")),
    ("db_link_password", GENERIC_RULE, password, "CONNECTION",
     ("mysql_federated_connection", "postgres_user_mapping")),
    ("game_rcon_password", KW, password, "rcon_password", ("minecraft_server_properties", "srcds_server_cfg")),
    ("game_server_join_password", KW, password, "game_password", ("factorio_server_settings", "valheim_start_script")),
    ("esphome_api_encryption_key", GENERIC_RULE, key_b64_32, "encryption key",
     ("esphome_node_yaml", "esphome_secrets_yaml")),
    ("firmware_wifi_password", KW, password, "WIFI_PASS", ("platformio_build_flags", "arduino_secrets_h")),
    ("zigbee_network_key", GENERIC_RULE, fx("", 32, HEX), "network_key",
     ("zigbee2mqtt_configuration_yaml", "zha_backup_json")),
    ("boto_hmac_secret", GENERIC_RULE, fx("", 40, ALNUM + "+/"), "gs_secret_access_key",
     ("boto_config_file", "gsutil_hmac_create_output")),
    ("cqlshrc_password", KW, password, "password", ("cqlshrc_file", "nodetool_flags")),
    ("oci_key_passphrase", GENERIC_RULE, password, "pass_phrase", ("oci_config_file", "openssl_rsa_passin")),
    ("wget_http_password", KW, password, "password", ("wgetrc_file", "wget_http_password_flag")),
    ("curlrc_user_password", GENERIC_RULE, password, "user", ("curlrc_file", "curl_config_stdin")),
    ("hcloud_api_token", GENERIC_RULE, fx("", 64), "HCLOUD_TOKEN", ("hcloud_cli_toml", "hcloud_context_create")),
    ("package_repo_password", KW, password, "password", ("apt_auth_conf", "dnf_repo_password")),
    ("ppp_chap_secret", GENERIC_RULE, password, "chap-secrets", ("ppp_chap_secrets_file", "pppd_peer_password")),
    ("smtp_relay_client_password", GENERIC_RULE, password, "AuthPass", ("ssmtp_conf", "nullmailer_remotes")),
    ("webdav_mount_password", GENERIC_RULE, password, "secrets", ("davfs2_secrets_file", "nextcloudcmd_flags")),
    ("bacula_director_password", KW, password, "Password", ("bacula_fd_conf", "bconsole_conf")),
    ("nut_upsd_password", KW, password, "password", ("upsd_users_file", "upsmon_conf_monitor")),
    ("sip_peer_secret", KW, password, "secret", ("asterisk_sip_conf", "pjsip_auth_conf")),
    ("ntp_symmetric_key", GENERIC_RULE, fx("", 40, HEX), "keys", ("chrony_keys_file", "ntp_keys_file")),
    ("tsig_key_secret", GENERIC_RULE, key_b64_32, "secret", ("bind_tsig_key", "nsupdate_key_flag")),
    ("ldif_user_password", KW, password, "userPassword", ("ldif_add_entry", "ldapmodify_replace")),
    ("emailed_temporary_password", GENERIC_RULE, password, "password",
     ("eml_welcome_message", "mbox_password_reset")),
    ("chat_shared_credential", GENERIC_RULE, password, "password", ("slack_export_json", "whatsapp_chat_txt")),
    ("kaggle_api_key", GENERIC_RULE, fx("", 32, HEX), "key", ("kaggle_json_file", "notebook_stream_output")),
    ("tf_plan_password", KW, password, "password", ("terraform_plan_output", "terraform_show_json_plan")),
    ("oauth_token_request_secret", KW, fx("", 32), "client_secret", ("har_post_data", "devtools_copy_as_fetch")),
    ("browser_storage_token", GENERIC_RULE, fx("", 48, B64URL), "token",
     ("localstorage_dump_json", "leveldb_strings_dump")),
    ("xtrace_echoed_password", GENERIC_RULE, password, "-p", ("gha_run_xtrace", "jenkins_console_xtrace")),
    ("crash_report_auth_header", GENERIC_RULE, fx("", 40), "Authorization",
     ("sentry_event_json", "werkzeug_debug_environ")),
    ("core_dump_password", GENERIC_RULE, password, "password", ("strings_core_grep", "gdb_print_struct")),
    ("zabbix_psk", GENERIC_RULE, fx("", 64, HEX), "TLSPSKFile",
     ("zabbix_agentd_psk_file", "zabbix_psk_generate_output")),
)  # fmt: skip
NINTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **sy.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, NINTH, SURROUNDINGS)
