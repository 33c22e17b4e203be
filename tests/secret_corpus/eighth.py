"""The eighth held-out part (split ``held_out_8``): formats and surroundings none of the first seven parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from public rule sets (gitleaks' rules, trufflehog's
detectors), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (a password
in a query's result table, a cluster's join token, a Windows service account's password, a Fernet key, a ZeroMQ
CURVE key). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: eighth_places.py for the vendor places (CI and deploy tools' variables, shells' and notebooks'
environments, and each vendor's SDK, CLI or the file its tool writes); eighth_generic.py for tools' configs, command
lines and code (FTP URLs, sqlcmd and bcp, seeds, Terraform providers, Kustomize, AppVeyor and Cirrus CI, JDBC and
Perl DBI, PowerShell, R and Julia, Grafana, PgBouncer, Icecast, Airflow, Express and NestJS, Go, Rails' master key
and Kamal, gpg and duply, 7-Zip and zip, Nodemailer and PHPMailer, rsync, iSCSI, Dovecot, ``gitlab.rb``);
eighth_traces.py for what tools print and people write down (psql and mysql tables, Jenkins' first start, Erlang
cookies, k3s, kubeadm and swarm join tokens, Windows setup, mitmproxy and GraphQL flows, SOAP envelopes, HTTP
clients' error dumps, ``curve_keygen``, Markdown notes, ``gcloud secrets`` and ``op read``, sops and
ansible-vault)."""

from __future__ import annotations

import random

from . import eighth_generic as gen
from . import eighth_places as at
from . import eighth_traces as tr
from .fifth import password
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4

SEED = 3808
SPLIT = "held_out_8"
LOW_NUM = LOWER + DIGITS
_WORDS = "ember quarry willow basalt cobalt marigold tundra lagoon juniper sorrel beacon canyon".split()


def adyen(rng: random.Random) -> str:
    return f"AQE{s(rng, 8, LOW_NUM)}.{s(rng, 62, B64URL)}=="


def castai(rng: random.Random) -> str:
    return f"castai_v1_{s(rng, 64, HEX)}_{s(rng, 8, HEX)}"


def shir_key(rng: random.Random) -> str:
    return f"IR@{uuid4(rng)}@adf-shop-prod@we@{b64(rng.randbytes(32))}"


def tavily(rng: random.Random) -> str:
    return "tvly-dev-" + s(rng, 32)


def heygen(rng: random.Random) -> str:
    return "sk_V2_hgu_" + s(rng, 36, ALNUM + "_")


def azure_64_byte_key(rng: random.Random) -> str:
    return b64(rng.randbytes(64))


def paypal_secret(rng: random.Random) -> str:
    return "E" + s(rng, 79, B64URL)


def passphrase(rng: random.Random) -> str:
    return "-".join(rng.choice(_WORDS) for _ in range(5))


def apple_app_password(rng: random.Random) -> str:
    return "-".join(s(rng, 4, LOWER) for _ in range(4))


def google_app_password(rng: random.Random) -> str:
    return " ".join(s(rng, 4, LOWER) for _ in range(4))


def fernet(rng: random.Random) -> str:
    return b64(rng.randbytes(32), url=True)


def k3s_token(rng: random.Random) -> str:
    return f"K10{s(rng, 64, HEX)}::server:{s(rng, 32, HEX)}"


def kubeadm_token(rng: random.Random) -> str:
    return f"{s(rng, 6, LOW_NUM)}.{s(rng, 16, LOW_NUM)}"


def swarm_token(rng: random.Random) -> str:
    return f"SWMTKN-1-{s(rng, 50, LOW_NUM)}-{s(rng, 25, LOW_NUM)}"


def curve_key(rng: random.Random) -> str:
    return s(rng, 40, tr.Z85)


G = "gitleaks "
TH = "trufflehog "
KW = "detect-secrets KeywordDetector"
GENERIC_RULE = "generic (a setting no rule set names)"
Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]
#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("adyen_api_key", G + "adyen-api-key", adyen, "ADYEN_API_KEY", ("adyen_checkout_node", "woodpecker_yml_env")),
    ("castai_api_key", G + "castai-api-key", castai, "CASTAI_API_TOKEN", ("castai_tf_provider", "tekton_step_env")),
    ("chargebee_api_key", G + "chargebee-access-token", fx("live_", 34), "CHARGEBEE_API_KEY",
     ("chargebee_ruby_configure", "render_yaml_env")),
    ("chieftools_pat", G + "chieftools-pat", fx("ctp_", 40), "CHIEF_TOKEN", ("chief_api_curl", "nushell_env")),
    ("chieftools_refresh_token", G + "chieftools-refresh-token", fx("ctr_", 40), "CHIEF_REFRESH_TOKEN",
     ("chief_oauth_refresh_body", "launchctl_setenv")),
    ("claude_code_oauth_token", G + "claude-code-oauth-token", fx("sk-ant-oat01-", 95, B64URL),
     "CLAUDE_CODE_OAUTH_TOKEN", ("claude_credentials_json", "claude_setup_token_output")),
    ("looker_client_secret", G + "looker-client-secret", fx("", 24), "LOOKERSDK_CLIENT_SECRET",
     ("looker_ini", "teamcity_kts_param")),
    ("datafactory_shir_key", G + "datafactory-shir-token", shir_key, "AUTH_KEY",
     ("shir_dmgcmd", "adf_list_auth_keys")),
    ("settlemint_application_token", G + "settlemint-application-access-token", fx("sm_aat_", 16),
     "SETTLEMINT_ACCESS_TOKEN", ("settlemint_sdk_ts", "dokku_config_set")),
    ("settlemint_service_token", G + "settlemint-service-access-token", fx("sm_sat_", 16),
     "SETTLEMINT_SERVICE_TOKEN", ("settlemint_cli_login", "ipython_env_magic")),
    ("airtable_legacy_api_key", G + "airtable-api-key", fx("key", 14), "AIRTABLE_API_KEY",
     ("airtable_py_client", "renviron_file")),
    ("firecrawl_api_key", TH + "firecrawl", fx("fc-", 32, HEX), "FIRECRAWL_API_KEY",
     ("firecrawl_app_py", "devcontainer_json_env")),
    ("tavily_api_key", TH + "tavily", tavily, "TAVILY_API_KEY", ("tavily_client_py", "gitpod_env_cmd")),
    ("azure_app_config_secret", TH + "azureappconfigconnectionstring", fx("", 43, ALNUM + "+/", "="),
     "AppConfig", ("appconfig_dotnet", "az_appconfig_credential_list")),
    ("wandb_api_key", TH + "weightsandbiases", fx("", 40, HEX), "WANDB_API_KEY", ("wandb_netrc", "ipython_env_magic")),
    ("cerebras_api_key", TH + "cerebras", fx("csk-", 48, LOW_NUM), "CEREBRAS_API_KEY",
     ("cerebras_sdk_py", "nushell_env")),
    ("azure_openai_key", TH + "azure_openai", fx("", 32, HEX), "AZURE_OPENAI_API_KEY",
     ("azure_openai_py", "devcontainer_json_env")),
    ("exa_api_key", TH + "exaai", uuid4, "EXA_API_KEY", ("exa_py_client", "renviron_file")),
    ("heygen_api_key", TH + "heygen", heygen, "HEYGEN_API_KEY", ("heygen_curl", "woodpecker_yml_env")),
    ("runwayml_api_key", TH + "runwayml", fx("key_", 128, HEX), "RUNWAYML_API_SECRET",
     ("runway_sdk_js", "tekton_step_env")),
    ("vercel_token", TH + "vercel", fx("", 24), "VERCEL_TOKEN", ("vercel_cli_token", "gitpod_env_cmd")),
    ("railway_api_token", TH + "railwayapp", uuid4, "RAILWAY_TOKEN", ("railway_token_env", "render_yaml_env")),
    ("azure_batch_account_key", TH + "azurebatch", azure_64_byte_key, "AZURE_BATCH_ACCOUNT_KEY",
     ("batch_shared_key_py", "az_batch_keys_list")),
    ("auth0_client_secret", TH + "auth0oauth", fx("", 64, B64URL), "AUTH0_CLIENT_SECRET",
     ("auth0_deploy_config_json", "teamcity_kts_param")),
    ("sanity_auth_token", TH + "sanity", fx("sk", 79), "SANITY_API_TOKEN", ("sanity_client_ts", "dokku_config_set")),
    ("paypal_client_secret", TH + "paypaloauth", paypal_secret, "PAYPAL_CLIENT_SECRET",
     ("paypal_sdk_config", "launchctl_setenv")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("ftp_url_password", TH + "ftp", password, "ftp://", ("wget_ftp_log", "curlftpfs_fstab")),
    ("sqlcmd_password", GENERIC_RULE, password, "-P", ("sqlcmd_flags", "bcp_flags")),
    ("query_result_password", GENERIC_RULE, password, "password", ("psql_table_output", "mysql_table_output")),
    ("seed_user_password", KW, password, "password", ("rails_seeds_rb", "laravel_seeder_php")),
    ("tf_provider_password", G + "hashicorp-tf-password", password, "password",
     ("tf_provider_postgresql", "tf_provider_rabbitmq")),
    ("k8s_literal_password", KW, password, "password", ("kustomize_secret_generator", "kubectl_set_env")),
    ("ci_plaintext_registry_token", G + "generic-api-key", fx("", 40), "TOKEN", ("appveyor_yml_env", "cirrus_yml_env")),
    ("driver_connect_password", GENERIC_RULE, password, "getConnection", ("java_drivermanager", "perl_dbi_connect")),
    ("securestring_plaintext_password", GENERIC_RULE, password, "-AsPlainText",
     ("ps_convertto_securestring", "psreadline_history")),
    ("analytics_db_password", KW, password, "password", ("r_dbconnect", "julia_libpq")),
    ("grafana_admin_password", KW, password, "admin_password", ("grafana_ini_security", "grafana_cli_reset")),
    ("pgbouncer_password", GENERIC_RULE, password, "userlist", ("pgbouncer_userlist", "pgbouncer_ini_databases")),
    ("icecast_source_password", GENERIC_RULE, password, "source-password", ("icecast_xml", "ffmpeg_icecast_url")),
    ("fernet_key", GENERIC_RULE, fernet, "fernet_key", ("airflow_cfg_core", "fernet_generate_output")),
    ("express_session_secret", GENERIC_RULE, password, "secret", ("express_session_js", "cookie_parser_ts")),
    ("jwt_hmac_secret", G + "generic-api-key", fx("", 64), "secret", ("nestjs_jwt_module", "go_jwt_signed_string")),
    ("rails_master_key", GENERIC_RULE, fx("", 32, HEX), "RAILS_MASTER_KEY", ("cat_master_key", "kamal_secrets_file")),
    ("gpg_batch_passphrase", GENERIC_RULE, passphrase, "--passphrase", ("gpg_batch_flags", "duply_conf")),
    ("archive_password", GENERIC_RULE, password, "-p", ("sevenzip_flags", "zip_p_flags")),
    ("apple_app_specific_password", GENERIC_RULE, apple_app_password, "-p", ("altool_upload", "notarytool_store")),
    ("google_app_password", KW, google_app_password, "pass", ("nodemailer_transport", "phpmailer_props")),
    ("rsync_daemon_password", GENERIC_RULE, password, "RSYNC_PASSWORD", ("rsyncd_secrets_file", "rsync_password_env")),
    ("iscsi_chap_secret", KW, fx("", 16), "node.session.auth.password", ("iscsid_conf", "targetcli_set_auth")),
    ("dovecot_plain_password", GENERIC_RULE, password, "{PLAIN}", ("dovecot_passwd_file", "doveadm_pw_plain")),
    ("gitlab_rb_password", KW, password, "smtp_password", ("gitlab_rb_smtp", "gitlab_rb_initial_root")),
    ("jenkins_initial_admin_password", GENERIC_RULE, fx("", 32, HEX), "initialAdminPassword",
     ("jenkins_setup_banner", "jenkins_initial_admin_cat")),
    ("erlang_cookie", GENERIC_RULE, fx("", 20, UPPER), ".erlang.cookie", ("erlang_cookie_cat", "erl_setcookie_flag")),
    ("k3s_cluster_token", GENERIC_RULE, k3s_token, "K3S_TOKEN", ("k3s_install_curl", "k3s_node_token_cat")),
    ("kubeadm_bootstrap_token", GENERIC_RULE, kubeadm_token, "--token",
     ("kubeadm_join_cmd", "kubeadm_token_create_output")),
    ("swarm_join_token", GENERIC_RULE, swarm_token, "--token", ("docker_swarm_join_cmd", "swarm_init_output")),
    ("windows_local_password", GENERIC_RULE, password, "Password", ("unattend_xml_autologon", "net_user_cmd")),
    ("windows_service_account_password", GENERIC_RULE, password, "/RP", ("schtasks_rp", "sc_config_password")),
    ("login_form_password", KW, password, "password", ("mitmproxy_form_flow", "graphql_login_mutation")),
    ("wsse_password_text", GENERIC_RULE, password, "wsse:Password", ("soap_envelope_dump", "cxf_logging_payload")),
    ("http_client_error_token", GENERIC_RULE, fx("", 40), "Authorization", ("node_axios_error", "ruby_faraday_error")),
    ("zeromq_curve_secret_key", GENERIC_RULE, curve_key, "curve_secretkey",
     ("curve_keygen_output", "pyzmq_curve_config")),
    ("markdown_shared_password", GENERIC_RULE, password, "password", ("markdown_table_row", "markdown_code_login")),
    ("secret_manager_cli_output", GENERIC_RULE, password, "secret", ("gcloud_secrets_access", "op_read_output")),
    ("decrypted_secrets_file", KW, password, "password", ("sops_decrypt_yaml", "ansible_vault_view")),
)  # fmt: skip
EIGHTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {**{f.__name__: f for f in at.SHARED + at.ONE_VENDOR}, **gen.PLACES, **tr.PLACES}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, EIGHTH, SURROUNDINGS)
