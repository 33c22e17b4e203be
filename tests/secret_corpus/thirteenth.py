"""The thirteenth held-out part (split ``held_out_13``): formats and surroundings none of the first twelve parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a database row as a shell prints it or a dump holds it, a DynamoDB item, a Redis hash, the IAM console
password, an access log's captured header, an HTTP wire log, a command sudo logged, a backup repository's password,
OpenVPN's ``auth-user-pass``, a built-in user's generated password, a reset link in a captured mail, a traceback's
locals, a debugger's frame, a process's environment, an issued certificate's key, a Wi-Fi passphrase, an OIDC
client's secret, a signing passphrase in a build log, an editor's SFTP upload, ``phpinfo()``). Every value is
synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: thirteenth_places.py for the vendor places (Elastic Beanstalk, Capistrano, OpenShift, Docker Swarm,
Passenger, LXD, Apptainer, helmfile, zsh, systemd-nspawn, DigitalOcean App Platform, Clever Cloud, Platform.sh, and
each vendor's API, SDK, CLI or the file its tool reads); thirteenth_generic.py for what data stores, servers and
their logs hold; thirteenth_traces.py for what tools, editors, crash reports and services print or keep."""

from __future__ import annotations

import random

from . import thirteenth_generic as gen
from . import thirteenth_places as at
from . import thirteenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, pem, s
from .ninth import key_b64_32
from .twelfth import GENERIC_RULE, KW, PK, TH, Part

SEED = 9137
SPLIT = "held_out_13"
UPPER_NUM = UPPER + DIGITS
LOWER_NUM = LOWER + DIGITS


def password(rng: random.Random) -> str:
    """A password as people pick them (words, a separator, digits and a sign) or as a generator gives it: it starts
    with a letter (a YAML value is not an alias or a tag) and holds no quote, comma, colon, equals sign, percent
    sign, ampersand, slash or backslash, so that every file and URL here holds it as it is."""
    if rng.random() < 0.5:
        words = ["Marble", "canyon", "Heron", "saffron", "Bristol", "glacier", "Otter", "velvet", "Nimbus", "quarry"]
        return rng.choice(words) + rng.choice(words).lower() + rng.choice("-_.") + s(rng, 4, DIGITS) + rng.choice("!*")
    return rng.choice(LOWER + UPPER) + s(rng, rng.randint(15, 25), ALNUM + "!*_-.")


def passphrase(rng: random.Random) -> str:
    words = ["pebble", "lattice", "juniper", "falcon", "meridian", "tinsel", "orchard", "beacon", "sorrel", "quill"]
    return "-".join(rng.choice(words) for _ in range(4)) + "-" + s(rng, 3, DIGITS)


def courier(rng: random.Random) -> str:
    return f"pk_{rng.choice(('prod', 'test'))}_{s(rng, 28, UPPER_NUM)}"


def everhour(rng: random.Random) -> str:
    return f"{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 6, HEX)}-{s(rng, 6, HEX)}-{s(rng, 8, HEX)}"


def fibery(rng: random.Random) -> str:
    return f"{s(rng, 8, HEX)}.{s(rng, 35, HEX)}"


def moosend(rng: random.Random) -> str:
    return f"{s(rng, 8, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 12, HEX)}"


def ayrshare(rng: random.Random) -> str:
    return "-".join(s(rng, 8, UPPER_NUM) for _ in range(4))


def elastic_generated(rng: random.Random) -> str:
    """The elastic user's password as Elasticsearch generates it: twenty letters, digits and a few signs."""
    return rng.choice(ALNUM) + s(rng, 19, ALNUM + "*_-+")


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("checkly_api_key", TH + "checklyhq", fx("", 32, LOWER_NUM), "CHECKLY_API_KEY",
     ("checkly_checks_curl", "eb_setenv_cmd")),
    ("courier_auth_token", TH + "courier", courier, "COURIER_AUTH_TOKEN",
     ("courier_node_client", "capistrano_default_env")),
    ("userflow_api_key", TH + "userflow", fx("", 29, LOWER_NUM + "_"), "USERFLOW_API_KEY",
     ("userflow_users_curl", "oc_set_env_deployment")),
    ("bannerbear_api_key", TH + "bannerbear", fx("", 22, ALNUM, "tt"), "BANNERBEAR_API_KEY",
     ("bannerbear_images_curl", "docker_service_create_env")),
    ("everhour_api_key", TH + "everhour", everhour, "EVERHOUR_API_KEY",
     ("everhour_time_curl", "passenger_env_var_nginx")),
    ("signalwire_api_token", TH + "signalwire", fx("", 50, ALNUM), "SIGNALWIRE_TOKEN",
     ("signalwire_python_client", "lxc_config_set_environment")),
    ("pinata_secret_api_key", TH + "pinata", fx("", 64, LOWER_NUM), "PINATA_SECRET_API_KEY",
     ("pinata_test_authentication_curl", "apptainer_exec_env")),
    ("percy_token", TH + "percy", fx("", 64, HEX), "PERCY_TOKEN", ("percy_exec_ci_log", "helmfile_release_set")),
    ("shotstack_api_key", TH + "shotstack", fx("", 40, ALNUM), "SHOTSTACK_API_KEY",
     ("shotstack_render_curl", "zshrc_export_line")),
    ("zenrows_api_key", TH + "zenrows", fx("", 40, HEX), "ZENROWS_API_KEY",
     ("zenrows_python_client", "nspawn_file_environment")),
    ("scraperapi_api_key", TH + "scraperapi", fx("", 32, LOWER_NUM), "SCRAPERAPI_KEY",
     ("scraperapi_get_url", "doctl_app_spec_envs")),
    ("storyblok_access_token", TH + "storyblok", fx("", 22, ALNUM, "tt"), "STORYBLOK_ACCESS_TOKEN",
     ("storyblok_js_init", "clever_env_set_cmd")),
    ("fibery_api_token", TH + "fibery", fibery, "FIBERY_TOKEN",
     ("fibery_commands_curl", "platformsh_variable_create")),
    ("wistia_api_token", TH + "wistia", fx("", 64, LOWER_NUM), "WISTIA_API_TOKEN",
     ("wistia_medias_curl", "eb_setenv_cmd")),
    ("crowdin_personal_token", TH + "crowdin", fx("", 80, ALNUM), "CROWDIN_PERSONAL_TOKEN",
     ("crowdin_yml_config", "capistrano_default_env")),
    ("convertkit_api_key", TH + "convertkit", fx("", 22, ALNUM + "_"), "CONVERTKIT_API_KEY",
     ("convertkit_forms_curl", "oc_set_env_deployment")),
    ("moosend_api_key", TH + "moosend", moosend, "MOOSEND_API_KEY",
     ("moosend_lists_curl", "docker_service_create_env")),
    ("knapsack_pro_test_suite_token", TH + "knapsackpro", fx("", 32, LOWER_NUM), "KNAPSACK_PRO_TEST_SUITE_TOKEN",
     ("knapsack_pro_rspec_ci", "passenger_env_var_nginx")),
    ("packagecloud_api_token", TH + "packagecloud", fx("", 48, HEX), "PACKAGECLOUD_TOKEN",
     ("packagecloud_cli_config", "lxc_config_set_environment")),
    ("pandadoc_api_key", TH + "pandadoc", fx("", 40, ALNUM), "PANDADOC_API_KEY",
     ("pandadoc_documents_curl", "apptainer_exec_env")),
    ("strava_client_secret", TH + "strava", fx("", 40, LOWER_NUM), "STRAVA_CLIENT_SECRET",
     ("strava_oauth_token_curl", "helmfile_release_set")),
    ("rebrandly_api_key", TH + "rebrandly", fx("", 32, ALNUM + "_"), "REBRANDLY_API_KEY",
     ("rebrandly_links_curl", "zshrc_export_line")),
    ("tiingo_api_key", TH + "tiingo", fx("", 40, LOWER_NUM), "TIINGO_API_KEY",
     ("tiingo_python_client", "nspawn_file_environment")),
    ("tradier_access_token", TH + "tradier", fx("", 28, ALNUM), "TRADIER_ACCESS_TOKEN",
     ("tradier_quotes_curl", "doctl_app_spec_envs")),
    ("gumroad_access_token", TH + "gumroad", fx("", 43, ALNUM + "-"), "GUMROAD_ACCESS_TOKEN",
     ("gumroad_products_curl", "clever_env_set_cmd")),
    ("codacy_api_token", TH + "codacy", fx("", 20, ALNUM), "CODACY_API_TOKEN",
     ("codacy_api_token_curl", "platformsh_variable_create")),
    ("sonarcloud_token", TH + "sonarcloud", fx("", 40, LOWER_NUM), "SONAR_TOKEN",
     ("sonarcloud_maven_scan", "eb_setenv_cmd")),
    ("ayrshare_api_key", TH + "ayrshare", ayrshare, "AYRSHARE_API_KEY",
     ("ayrshare_python_social_post", "capistrano_default_env")),
    ("qase_api_token", TH + "qase", fx("", 40, ALNUM), "QASE_TESTOPS_API_TOKEN",
     ("qase_config_json", "oc_set_env_deployment")),
    ("amplitude_secret_key", TH + "amplitudeapikey", fx("", 32, HEX), "AMPLITUDE_SECRET_KEY",
     ("amplitude_export_curl", "docker_service_create_env")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("sqlite_row_webhook_secret", GENERIC_RULE, fx("", 32, ALNUM), "signing_secret",
     ("sqlite3_select_list_mode", "sqlite3_dot_dump_insert")),
    ("psql_record_integration_token", KW, fx("", 40, HEX), "token",
     ("psql_expanded_display_record", "pg_dump_column_inserts")),
    ("mysql_row_smtp_password", KW, password, "password", ("mysql_vertical_g_output", "mysqlsh_json_pretty_result")),
    ("sql_seed_oauth_client_secret", GENERIC_RULE, fx("", 48, B64URL), "client_secret",
     ("flyway_versioned_seed_sql", "liquibase_changeset_insert_xml")),
    ("dynamodb_item_api_secret", GENERIC_RULE, key_b64_32, "apiSecret",
     ("aws_dynamodb_scan_output", "aws_dynamodb_put_item_cmd")),
    ("nosql_row_device_token", KW, fx("", 36, ALNUM), "access_token",
     ("cqlsh_select_table_output", "elasticsearch_search_hits_json")),
    ("redis_hash_refresh_token", GENERIC_RULE, fx("", 43, B64URL), "refresh_token",
     ("redis_cli_hgetall_numbered", "rdb_tools_json_dump")),
    ("aws_console_login_password", GENERIC_RULE, password, "Password",
     ("iam_credentials_csv_download", "aws_iam_create_login_profile_cmd")),
    ("access_log_captured_bearer", GENERIC_RULE, fx("", 40, ALNUM + "._-"), "Authorization",
     ("haproxy_log_captured_request_header", "traefik_json_access_log_headers")),
    ("server_log_download_token", GENERIC_RULE, fx("", 32, B64URL), "download_token",
     ("nginx_error_log_request_line", "envoy_default_access_log")),
    ("http_wire_log_bearer", GENERIC_RULE, fx("", 48, ALNUM), "Authorization",
     ("apache_httpclient_wire_log", "python_http_client_debuglevel")),
    ("sudo_journal_cmdline_password", GENERIC_RULE, password, "-p",
     ("auth_log_sudo_command", "journalctl_verbose_cmdline")),
    ("backup_repository_password", GENERIC_RULE, passphrase, "RESTIC_PASSWORD",
     ("restic_env_export_script", "autorestic_yml_backend_key")),
    ("openvpn_auth_user_pass", GENERIC_RULE, password, "auth-user-pass",
     ("openvpn_auth_user_pass_cat", "ovpn_inline_auth_user_pass")),
    ("minio_root_password", GENERIC_RULE, password, "MINIO_ROOT_PASSWORD",
     ("minio_startup_banner_rootpass", "minio_default_env_file")),
    ("elastic_builtin_user_password", GENERIC_RULE, elastic_generated, "elastic",
     ("elasticsearch_reset_password_output", "elasticsearch_security_autoconfig_banner")),
    ("code_server_password", KW, fx("", 24, HEX), "password",
     ("code_server_config_yaml", "code_server_compose_password_env")),
    ("password_reset_link_token", GENERIC_RULE, fx("", 40, B64URL), "token",
     ("mailhog_api_messages_json", "django_console_email_backend")),
    ("traceback_frame_locals_secret", GENERIC_RULE, password, "secret",
     ("django_technical_500_local_vars", "ipython_verbose_traceback_locals")),
    ("debugger_frame_password", KW, password, "password", ("lldb_frame_variable", "delve_print_locals")),
    ("process_report_env_token", GENERIC_RULE, fx("", 36, B64URL), "SEARCH_API_TOKEN",
     ("node_diagnostic_report_json", "pm2_env_output")),
    ("process_environment_password", KW, password, "SYNC_DB_PASSWORD",
     ("windbg_peb_environment", "ps_eww_process_env")),
    ("issued_leaf_ec_private_key", PK, pem("EC PRIVATE KEY", 121), "private_key",
     ("vault_pki_issue_json", "cfssl_gencert_json")),
    ("wifi_client_passphrase", GENERIC_RULE, passphrase, "Passphrase",
     ("iwd_psk_file", "android_wificonfigstore_xml")),
    ("oidc_client_secret", GENERIC_RULE, fx("", 32, ALNUM), "client_secret",
     ("kcadm_get_client_secret", "vouch_proxy_config_yml")),
    ("samba_ad_user_password", GENERIC_RULE, password, "--adminpass",
     ("samba_tool_domain_provision", "samba_tool_user_create_cmd")),
    ("clickhouse_user_password", KW, password, "password",
     ("clickhouse_users_xml_password", "clickhouse_create_user_sql")),
    ("rabbitmq_broker_user_password", KW, password, "default_pass",
     ("rabbitmq_conf_default_pass", "rabbitmqadmin_declare_user")),
    ("app_config_database_password", KW, password, "sonar.jdbc.password",
     ("mattermost_config_json_datasource", "sonar_properties_jdbc_password")),
    ("build_signing_passphrase", KW, passphrase, "gpg.passphrase",
     ("maven_gpg_passphrase_ci_log", "gradle_signing_password_ci_log")),
    ("k8s_compose_db_password", KW, password, "POSTGRES_PASSWORD",
     ("kubectl_create_secret_from_literal", "docker_compose_config_output")),
    ("editor_sftp_password", KW, password, "password", ("sublime_sftp_config_json", "vscode_sftp_json")),
    ("php_environment_password", KW, password, "DB_PASSWORD",
     ("php_i_environment_section", "phpinfo_html_table_row")),
)  # fmt: skip
THIRTEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, THIRTEENTH, SURROUNDINGS)
