"""The eleventh held-out part (split ``held_out_11``): formats and surroundings none of the first ten parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from GitHub secret scanning's partner patterns (prefix,
length, alphabet, fixed parts), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a password given to sshpass, lftp, signtool or ``openssl -passout``, Gradle's signing password, fastlane's
match password, a MongoDB or Redis ACL user, a Go ``%+v`` or PHP ``var_dump`` of a config, a notebook's output, a
recorded HTTP fixture, a HAR capture). Every value is synthetic, made afresh with its own seed, with the format's
prefix, length and alphabet.

Surroundings: eleventh_places.py for the vendor places (App Runner, OpenFaaS, Knative, CodeBuild, Codefresh,
Okteto, Copilot, Elastic Beanstalk, App Engine, nixpacks, Semaphore, Vela, and each vendor's API, SDK, CLI or the
file its tool reads); eleventh_generic.py for CLIs, build and release configs, mobile bundles and self-hosted
services; eleventh_traces.py for what tools print, record and store."""

from __future__ import annotations

import random

from . import eleventh_generic as gen
from . import eleventh_places as at
from . import eleventh_traces as tr
from .fifth import password
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4

SEED = 6427
SPLIT = "held_out_11"
UPPER_NUM = UPPER + DIGITS
HEX_UP = "0123456789ABCDEF"
#: the base32 alphabet NATS nkeys are written in
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
#: Bitcoin's base58, the alphabet of a Rails ``has_secure_token``
BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def swarm_unlock_key(rng: random.Random) -> str:
    return "SWMKEY-1-" + b64(rng.randbytes(32), pad=False)


def ebay_cert_id(rng: random.Random) -> str:
    return f"PRD-{s(rng, 12, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}-{s(rng, 4, HEX)}"


def evervault(rng: random.Random) -> str:
    return b64(str(rng.randint(100, 99999)).encode()) + ":" + s(rng, rng.randint(64, 65))


def fullstory(rng: random.Random) -> str:
    org = s(rng, 4, UPPER_NUM)
    return b64(f"{org}/{s(rng, 8, LOWER)}@acme.io:".encode() + rng.randbytes(36), pad=False) + "/" + org


def logicmonitor_bearer(rng: random.Random) -> str:
    pair = f"{s(rng, 20)}:{b64(rng.randbytes(16))}"
    return f"lmb_{b64(pair.encode(), pad=False)}L{b64(uuid4(rng).encode(), pad=False)}L{s(rng, 6)}"


def mercury(rng: random.Random) -> str:
    return f"mercury_production_{rng.choice(('rma', 'wma', 'rpa'))}_{s(rng, 45, BASE58)}_yrucrem"


def onechronos(rng: random.Random) -> str:
    return "cgxap_" + s(rng, 40) + s(rng, 8, HEX)


def sslmate_api_key(rng: random.Random) -> str:
    return f"{rng.randint(1000, 99999)}_{s(rng, 32, HEX)}"


def workato(rng: random.Random) -> str:
    return f"wrkaus-eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.{s(rng, 180, B64URL)}.{s(rng, 683, B64URL)}"


def workos(rng: random.Random) -> str:
    return "sk_" + b64(f"key_01{s(rng, 24, UPPER_NUM)},{s(rng, 25)}".encode(), pad=False)


def paypal_access_token(rng: random.Random) -> str:
    return "A21AA" + s(rng, 92, B64URL)


def publish_password(rng: random.Random) -> str:
    return s(rng, 60, ALNUM + "+/")


def bot_password(rng: random.Random) -> str:
    return s(rng, 30, ALNUM + "-]+>}&.~_")


def rclone_obscured(rng: random.Random) -> str:
    return b64(rng.randbytes(16 + rng.randint(10, 24)), url=True, pad=False)


GH = "GitHub secret scanning "
KW = "detect-secrets KeywordDetector"
GENERIC_RULE = "generic (a setting no rule set names)"
Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]
#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("docker_swarm_unlock_key", GH + "(Docker Swarm unlock key)", swarm_unlock_key, "SWARM_UNLOCK_KEY",
     ("swarm_unlock_key_output", "vela_yml_environment")),
    ("ebay_production_client_secret", GH + "(eBay production client secret)", ebay_cert_id, "EBAY_CERT_ID",
     ("ebay_oauth_client_credentials", "apprunner_yaml_env")),
    ("evervault_api_key", GH + "(Evervault API key)", evervault, "EVERVAULT_API_KEY",
     ("evervault_node_init", "openfaas_stack_yml")),
    ("fullstory_api_key", GH + "(FullStory API key)", fullstory, "FULLSTORY_API_KEY",
     ("fullstory_api_curl", "knative_service_env")),
    ("gcs_hmac_access_key_id", GH + "(Google Cloud Storage service account access key ID)",
     fx("GOOG1E", 55, UPPER_NUM), "GCS_ACCESS_KEY_ID", ("gsutil_boto_hmac", "codebuild_buildspec_env")),
    ("ionic_personal_access_token", GH + "(Ionic personal access token)", fx("ion_", 42), "IONIC_TOKEN",
     ("ionic_appflow_cli_login", "codefresh_yml_variables")),
    ("jd_cloud_access_key", GH + "(JD Cloud access key)", fx("JDC_", 28, HEX_UP), "JDCLOUD_ACCESS_KEY",
     ("jdcloud_cli_configure", "okteto_yml_environment")),
    ("localstack_api_key", GH + "(LocalStack API key)", fx("", 10), "LOCALSTACK_API_KEY",
     ("localstack_docker_run", "copilot_manifest_variables")),
    ("logicmonitor_bearer_token", GH + "(LogicMonitor bearer token)", logicmonitor_bearer, "LM_BEARER_TOKEN",
     ("logicmonitor_rest_curl", "ebextensions_option_settings")),
    ("mercury_production_api_token", GH + "(Mercury production API token)", mercury, "MERCURY_API_TOKEN",
     ("mercury_api_python", "mercury_dotenv_secret_token")),
    ("midtrans_production_server_key", GH + "(Midtrans production server key)", fx("Mid-server-", 24, B64URL),
     "MIDTRANS_SERVER_KEY", ("midtrans_php_config", "gae_app_yaml_env")),
    ("onechronos_api_key", GH + "(OneChronos API key)", onechronos, "ONECHRONOS_API_KEY",
     ("onechronos_fix_session_cfg", "nixpacks_toml_variables")),
    ("orbit_api_token", GH + "(Orbit API token)", fx("obu_", 40, B64URL), "ORBIT_API_TOKEN",
     ("orbit_members_curl", "semaphore_yml_env_vars")),
    ("persona_production_api_key", GH + "(Persona production API key)", lambda rng: "persona_production_" + uuid4(rng),
     "PERSONA_API_KEY", ("persona_inquiry_curl", "apprunner_yaml_env")),
    ("sslmate_api_key", GH + "(SSLMate API key)", sslmate_api_key, "SSLMATE_API_KEY",
     ("sslmate_conf_file", "openfaas_stack_yml")),
    ("sslmate_cluster_secret", GH + "(SSLMate cluster secret)", fx("naclsecretbox:", 43, B64URL),
     "SSLMATE_CLUSTER_SECRET", ("certspotter_cluster_secret", "knative_service_env")),
    ("getstream_api_secret", GH + "(Stream API secret)", fx("", 64, LOWER + DIGITS), "STREAM_API_SECRET",
     ("getstream_python_client", "codebuild_buildspec_env")),
    ("thunderstore_api_token", GH + "(Thunderstore API token)", fx("tss_", 36), "THUNDERSTORE_TOKEN",
     ("thunderstore_cli_publish", "codefresh_yml_variables")),
    ("valour_access_token", GH + "(Valour access token)", lambda rng: "val-" + uuid4(rng), "VALOUR_TOKEN",
     ("valour_bot_client", "okteto_yml_environment")),
    ("wiseflow_api_key", GH + "(WISEflow API key)", fx("wfs_1_", 38), "WISEFLOW_API_KEY",
     ("wiseflow_api_header", "copilot_manifest_variables")),
    ("workato_developer_api_token", GH + "(Workato developer API token)", workato, "WORKATO_API_TOKEN",
     ("workato_api_curl", "ebextensions_option_settings")),
    ("workos_production_api_key", GH + "(WorkOS production API key)", workos, "WORKOS_API_KEY",
     ("workos_node_init", "gae_app_yaml_env")),
    ("wechat_app_secret", GH + "(Tencent WeChat API app secret)", fx("", 32, HEX), "WECHAT_APP_SECRET",
     ("wechat_access_token_url", "wechat_miniprogram_config_js")),
    ("paypal_access_token", GH + "(PayPal access token)", paypal_access_token, "PAYPAL_ACCESS_TOKEN",
     ("paypal_rest_curl", "nixpacks_toml_variables")),
    ("cleardb_mysql_url_password", GH + "(Heroku ClearDB MySQL connection URL)", fx("", 8, HEX),
     "CLEARDB_DATABASE_URL", ("cleardb_heroku_config", "cleardb_php_parse_url")),
    ("azure_bot_app_password", GH + "(Azure Web App Bot password)", bot_password, "MicrosoftAppPassword",
     ("bot_appsettings_json", "bot_env_file")),
    ("azure_publish_profile_password", GH + "(Azure App Service deployment password)", publish_password, "userPWD",
     ("publish_settings_xml", "az_webapp_publishing_credentials")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("gh_secret_set_value", GENERIC_RULE, password, "--body",
     ("gh_secret_set_shell_history", "gh_secret_set_makefile")),
    ("cli_stdin_secret", GENERIC_RULE, password, "printf", ("vercel_env_add_pipe", "docker_secret_create_printf")),
    ("docker_build_arg_secret", KW, password, "--build-arg", ("docker_build_arg_cmd", "docker_history_build_arg")),
    ("openssl_pass_arg", GENERIC_RULE, password, "pass:", ("openssl_pkcs12_passout", "openssl_enc_k_history")),
    ("signtool_pfx_password", GENERIC_RULE, password, "/p", ("signtool_build_log", "msbuild_signtool_target")),
    ("sshpass_password", GENERIC_RULE, password, "-p", ("sshpass_history", "sshpass_rsync_script")),
    ("lftp_user_password", GENERIC_RULE, password, "-u", ("lftp_u_flag", "lftp_open_script")),
    ("curl_oauth2_bearer_flag", GENERIC_RULE, fx("", 43, B64URL), "--oauth2-bearer",
     ("curl_oauth2_bearer_history", "makefile_curl_oauth2_bearer")),
    ("httpie_auth_password", GENERIC_RULE, password, "-a", ("httpie_a_flag", "httpie_session_json")),
    ("cloud_db_master_password", KW, password, "--master-user-password",
     ("gcloud_sql_set_password", "aws_rds_create_master_password")),
    ("helm_set_password", KW, password, "--set", ("helm_install_set_flag", "helm_get_values_output")),
    ("gradle_signing_key_password", KW, password, "signing.password",
     ("gradle_properties_signing", "gradle_env_in_memory_key")),
    ("fastlane_match_password", KW, password, "MATCH_PASSWORD", ("fastlane_env_default", "fastlane_match_ci_log")),
    ("csc_key_password", KW, password, "CSC_KEY_PASSWORD",
     ("electron_builder_ci_env_yaml", "electron_builder_debug_log")),
    ("dart_define_secret", KW, fx("", 40), "--dart-define", ("flutter_build_dart_define", "vscode_launch_dart_define")),
    ("mobile_bundled_api_secret", KW, fx("", 40), "client_secret",
     ("info_plist_secret_key", "android_strings_xml_secret")),
    ("mongo_create_user_pwd", GENERIC_RULE, password, "pwd", ("mongo_init_js", "mongosh_history")),
    ("redis_acl_user_password", GENERIC_RULE, password, ">", ("redis_acl_setuser", "redis_users_acl_file")),
    ("neo4j_auth_password", GENERIC_RULE, password, "NEO4J_AUTH", ("neo4j_docker_env_auth", "cypher_shell_p_flag")),
    ("rclone_obscured_password", GENERIC_RULE, rclone_obscured, "pass", ("rclone_conf_section", "rclone_config_show")),
    ("nats_nkey_seed", GENERIC_RULE, fx("SUA", 55, BASE32), "NKEY SEED",
     ("nats_creds_file", "nsc_generate_nkey_output")),
    ("syncthing_gui_apikey", GENERIC_RULE, fx("", 32), "apikey", ("syncthing_config_xml", "syncthing_cli_apikey_get")),
    ("plex_online_token", GENERIC_RULE, fx("", 20, ALNUM + "-_"), "X-Plex-Token",
     ("plex_preferences_xml", "plex_token_query_url")),
    ("arr_config_api_key", KW, fx("", 32, HEX), "ApiKey", ("sonarr_config_xml", "prowlarr_api_curl")),
    ("transmission_rpc_password", KW, password, "rpc-password",
     ("transmission_settings_json", "transmission_remote_auth")),
    ("notebook_output_secret", KW, password, "WAREHOUSE_PASSWORD",
     ("ipynb_stream_output_environ", "ipynb_papermill_parameters")),
    ("recorded_http_fixture_token", GENERIC_RULE, fx("", 48), "X-Auth-Token",
     ("vcrpy_cassette_yaml", "ruby_vcr_cassette_yml")),
    ("har_captured_secret", GENERIC_RULE, fx("", 43, B64URL), "value", ("har_request_headers", "har_post_data_params")),
    ("graphql_login_variables_password", KW, password, "password",
     ("graphql_mutation_request_json", "apollo_devtools_log")),
    ("grpc_metadata_token", GENERIC_RULE, fx("", 40, B64URL), "x-access-token",
     ("grpcurl_rpc_header", "grpc_go_metadata_log")),
    ("ci_env_dump_password", KW, password, "_PASSWORD", ("circleci_printenv_step", "travis_env_export_log")),
    ("go_struct_dump_password", KW, password, "Password", ("go_percent_v_log", "go_spew_dump")),
    ("php_var_dump_password", KW, password, "password", ("php_var_dump_output", "php_print_r_output")),
    ("activerecord_inspect_token", GENERIC_RULE, fx("", 24, BASE58), "api_token",
     ("rails_console_inspect", "rails_log_inspect")),
    ("python_repr_password", KW, password, "password", ("pytest_assert_repr_diff", "logging_dataclass_repr")),
    ("api_client_environment_secret", KW, password, "adminPassword",
     ("postman_environment_json", "insomnia_export_yaml")),
)  # fmt: skip
ELEVENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, ELEVENTH, SURROUNDINGS)
