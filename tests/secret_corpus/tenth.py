"""The tenth held-out part (split ``held_out_10``): formats and surroundings none of the first nine parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from public rule sets (trufflehog's detectors, Nosey Parker's
rules, a GitHub secret scanning partner pattern), named in ``source`` with the detector or rule; the rest are generic
shapes, secrets only their setting tells apart (an Ecto repo's password, a Cloak vault key, ASP.NET's machine key,
Jasypt's master password, a Galera SST login, a Junos ``$9$`` secret, a Group Policy ``cpassword``, a password in an
agent's tool call). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and
alphabet.

Surroundings: tenth_places.py for the vendor places (Cloud Build, Nomad, Argo Workflows, Bitrise, Earthly, Quarkus,
Azure Functions, devbox, Heroku's app.json, fly.toml, nodemon and Symfony secrets, and each vendor's API, SDK, CLI or
the file its tool reads); tenth_generic.py for application code and app configs (Elixir, Rust's Rocket, Go's
gorilla, Symfony, Drupal, Magento, Devise, .NET, Spring with Jasypt, Tomcat and WildFly, knex and TypeORM, paramiko
and Fabric); tenth_system.py for hosts' and services' config files and command lines; tenth_traces.py for what tools
print, log and store and what people paste (SQL, replication logs, actuator, EF Core logs, WebSockets, OAuth 1.0a,
agent transcripts, issue trackers, Azure Pipelines); tenth_devices.py for network gear, hypervisors, desktops and
monitoring."""

from __future__ import annotations

import random

from . import tenth_devices as dv
from . import tenth_generic as gen
from . import tenth_places as at
from . import tenth_system as sy
from . import tenth_traces as tr
from .fifth import password
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4
from .ninth import key_b64_32

SEED = 5113
SPLIT = "held_out_10"
LOW_NUM = LOWER + DIGITS
HEX_UP = "0123456789ABCDEF"
#: Crockford's base32 in lower case, the alphabet of the ULID in a Paddle key
ULID = "0123456789abcdefghjkmnpqrstvwxyz"
#: the characters a Junos ``$9$`` secret is written in
JUNOS9 = ALNUM + "/-."


def lemonsqueezy(rng: random.Random) -> str:
    return f"eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.{s(rng, 314)}.{s(rng, 512, B64URL)}"


def paddle(rng: random.Random) -> str:
    return f"pdl_live_apikey_01{s(rng, 24, ULID)}_{s(rng, 22)}_{s(rng, 3)}"


def new_relic_license(rng: random.Random) -> str:
    return s(rng, 6, LOW_NUM) + s(rng, 30, HEX) + "NRAL"


def pixie(rng: random.Random) -> str:
    return "px-api-" + uuid4(rng)


def eab_hmac(rng: random.Random) -> str:
    return b64(rng.randbytes(64), url=True, pad=False)


def cpassword(rng: random.Random) -> str:
    return b64(rng.randbytes(32), pad=False)


def winscp(rng: random.Random) -> str:
    return "A35C" + s(rng, 2 * rng.randint(34, 46), HEX_UP)


def junos9(rng: random.Random) -> str:
    return "$9$" + s(rng, rng.randint(18, 30), JUNOS9)


TH = "trufflehog "
NP = "Nosey Parker "
KW = "detect-secrets KeywordDetector"
GENERIC_RULE = "generic (a setting no rule set names)"
Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]
#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("mandrill_api_key", TH + "mandrill", fx("", 22, B64URL), "MANDRILL_API_KEY",
     ("mandrill_python_send", "azure_functions_local_settings")),
    ("lemonsqueezy_api_key", TH + "lemonsqueezy", lemonsqueezy, "LEMONSQUEEZY_API_KEY",
     ("lemonsqueezy_js_setup", "nodemon_json_env")),
    ("larksuite_app_secret", TH + "larksuiteapikey", fx("", 32), "LARK_APP_SECRET",
     ("lark_oapi_client_builder", "lark_tenant_token_curl")),
    ("endorlabs_api_secret", TH + "endorlabs", fx("endr+", 24), "ENDOR_API_CREDENTIALS_SECRET",
     ("endorctl_api_flags", "cloudbuild_yaml_env")),
    ("gemini_exchange_api_secret", TH + "gemini", fx("", 28), "GEMINI_API_SECRET",
     ("ccxt_gemini_config", "freqtrade_config_json")),
    ("loggly_customer_token", TH + "loggly", uuid4, "LOGGLY_TOKEN",
     ("rsyslog_loggly_template", "loggly_http_inputs_curl")),
    ("logzio_api_token", TH + "logzio", uuid4, "LOGZIO_API_TOKEN", ("logzio_whoami_curl", "nomad_job_env")),
    ("line_notify_token", TH + "linenotify", fx("", 43), "LINE_NOTIFY_TOKEN", ("line_notify_curl", "bitrise_yml_envs")),
    ("coveralls_repo_token", TH + "coveralls", fx("", 37), "COVERALLS_REPO_TOKEN",
     ("coveralls_yml_file", "coveralls_report_cli")),
    ("cloudsmith_api_key", TH + "cloudsmith", fx("", 40, HEX), "CLOUDSMITH_API_KEY",
     ("cloudsmith_cli_push", "cloudsmith_credentials_ini")),
    ("betterstack_api_token", TH + "betterstack", fx("", 24), "BETTERSTACK_API_TOKEN",
     ("betteruptime_tf_provider", "fly_toml_env")),
    ("infura_api_key", TH + "infura", fx("", 32, HEX), "INFURA_API_KEY",
     ("web3py_infura_provider", "foundry_toml_rpc_endpoints")),
    ("jumpcloud_api_key", TH + "jumpcloud", fx("", 40), "JUMPCLOUD_API_KEY",
     ("jumpcloud_pwsh_connect", "argo_workflow_env")),
    ("etherscan_api_key", TH + "etherscan", fx("", 34, UPPER + DIGITS), "ETHERSCAN_API_KEY",
     ("foundry_toml_etherscan", "forge_verify_contract_flag")),
    ("mailerlite_api_key", TH + "mailerlite", fx("", 32, HEX), "MAILERLITE_API_KEY",
     ("mailerlite_php_client", "symfony_secrets_reveal")),
    ("hellosign_api_key", TH + "hellosign", fx("", 64, HEX), "HELLOSIGN_API_KEY",
     ("hellosign_ruby_client", "quarkus_application_properties")),
    ("codemagic_api_token", TH + "codemagic", fx("", 43, ALNUM + "_"), "CODEMAGIC_API_TOKEN",
     ("codemagic_builds_curl", "devbox_json_env")),
    ("azure_apim_subscription_key", TH + "azureapimanagementsubscriptionkey", fx("", 32, HEX), "APIM_SUBSCRIPTION_KEY",
     ("apim_ocp_header_curl", "apim_subscription_key_query_log")),
    ("bitly_access_token", TH + "bitlyaccesstoken", fx("", 40, HEX), "BITLY_ACCESS_TOKEN",
     ("bitly_shorten_python", "heroku_app_json_env")),
    ("dwolla_app_secret", TH + "dwolla", fx("", 50), "DWOLLA_APP_SECRET",
     ("dwolla_node_client", "earthly_secret_flag")),
    ("paddle_api_key", "GitHub secret scanning (Paddle)", paddle, "PADDLE_API_KEY",
     ("paddle_node_sdk_init", "paddle_api_curl")),
    ("new_relic_license_key", NP + "np-newrelic-01", new_relic_license, "NEW_RELIC_LICENSE_KEY",
     ("newrelic_ini_python", "newrelic_infra_yml")),
    ("new_relic_admin_key", NP + "np-newrelic-04", fx("NRAA-", 27, HEX), "NEW_RELIC_ADMIN_API_KEY",
     ("newrelic_tf_provider_admin", "nomad_job_env")),
    ("new_relic_query_key", NP + "np-newrelic-06", fx("NRIQ-", 32, B64URL), "NEW_RELIC_QUERY_KEY",
     ("insights_query_curl", "devbox_json_env")),
    ("new_relic_rest_api_key", NP + "np-newrelic-07", fx("NRRA-", 42, HEX), "NEW_RELIC_REST_API_KEY",
     ("newrelic_deployment_curl", "earthly_secret_flag")),
    ("pixie_api_key", NP + "np-newrelic-08", pixie, "PX_API_KEY", ("px_auth_login_api_key", "nri_bundle_values_pixie")),
    ("psexec_password", NP + "np-psexec-01", password, "-p", ("psexec_deploy_bat", "psexec_python_subprocess")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("ecto_repo_password", KW, password, "password", ("ecto_repo_config_exs", "elixir_crash_state_dump")),
    ("cloak_vault_key", GENERIC_RULE, key_b64_32, "key", ("cloak_vault_config_exs", "cloak_key_iex_generate")),
    ("rocket_secret_key", GENERIC_RULE, key_b64_32, "secret_key", ("rocket_toml_release", "rocket_env_k8s_deployment")),
    ("gorilla_session_key", GENERIC_RULE, fx("", 64, HEX), "NewCookieStore",
     ("go_cookiestore_literal", "go_securecookie_hex")),
    ("symfony_app_secret", KW, fx("", 32, HEX), "APP_SECRET",
     ("symfony_framework_yaml_secret", "symfony_debug_container_env")),
    ("drupal_hash_salt", GENERIC_RULE, fx("", 74, B64URL), "hash_salt",
     ("drupal_settings_php", "drush_php_eval_output")),
    ("magento_crypt_key", GENERIC_RULE, fx("", 32, HEX), "crypt", ("magento_env_php", "magento_setup_install_key")),
    ("devise_secret_key", KW, fx("", 128, HEX), "secret_key",
     ("devise_initializer_rb", "rails_credentials_show_output")),
    ("pfx_export_password", GENERIC_RULE, password, "X509Certificate2",
     ("csharp_x509_pfx_load", "dotnet_dev_certs_export")),
    ("aspnet_machine_key", GENERIC_RULE, fx("", 128, HEX_UP), "validationKey",
     ("web_config_machinekey", "machinekey_generate_output")),
    ("jasypt_master_password", KW, password, "jasypt.encryptor.password",
     ("spring_jasypt_properties", "java_jar_jasypt_flag")),
    ("app_server_admin_password", KW, password, "password", ("tomcat_users_xml", "wildfly_add_user_cmd")),
    ("js_orm_connection_password", KW, password, "password", ("knexfile_js", "typeorm_datasource_ts")),
    ("ssh_library_password", KW, password, "password", ("paramiko_connect_call", "fabric_connect_kwargs")),
    ("ansible_vault_password", GENERIC_RULE, password, "vault_password_file",
     ("vault_pass_file_cat", "ansible_vault_pass_script")),
    ("kubeconfig_basic_password", KW, password, "password",
     ("kubeconfig_user_password", "kubectl_config_set_credentials")),
    ("argocd_admin_password", GENERIC_RULE, fx("", 16), "password",
     ("argocd_update_password_cmd", "argocd_initial_admin_secret_get")),
    ("chpasswd_password", GENERIC_RULE, password, "chpasswd", ("bash_history_chpasswd", "dockerfile_run_chpasswd")),
    ("etcd_user_password", GENERIC_RULE, password, "--user",
     ("etcdctl_user_flag", "bitnami_etcd_values_root_password")),
    ("acme_eab_hmac_key", GENERIC_RULE, eab_hmac, "hmacEncoded", ("traefik_acme_eab_toml", "certbot_eab_flags")),
    ("slapd_rootpw", GENERIC_RULE, password, "rootpw", ("slapd_conf_rootpw", "olc_ldif_rootpw")),
    ("kerberos_admin_password", GENERIC_RULE, password, "-w", ("kadmin_w_flag", "kdb5_util_create_flags")),
    ("ipa_install_password", KW, password, "--admin-password",
     ("ipa_server_install_flags", "ipa_client_install_principal")),
    ("galera_sst_auth", GENERIC_RULE, password, "wsrep_sst_auth",
     ("galera_cnf_wsrep_sst_auth", "ps_mysqld_wsrep_sst_auth")),
    ("zookeeper_digest_auth", GENERIC_RULE, password, "digest", ("zkcli_addauth_digest", "curator_java_authorization")),
    ("grafana_datasource_secure_json", KW, password, "secureJsonData",
     ("grafana_provisioning_datasource_yaml", "grafana_api_datasource_post")),
    ("nextcloud_instance_secret", KW, fx("", 48, ALNUM + "+/"), "secret",
     ("nextcloud_config_php", "occ_config_system_get_secret")),
    ("synapse_registration_shared_secret", KW, fx("", 50, ALNUM + "-_.~"), "registration_shared_secret",
     ("synapse_homeserver_yaml", "register_new_matrix_user_k")),
    ("turn_static_auth_secret", KW, fx("", 64, HEX), "static-auth-secret",
     ("turnserver_conf", "synapse_turn_shared_secret_yaml")),
    ("sql_master_key_password", GENERIC_RULE, password, "ENCRYPTION BY PASSWORD",
     ("tsql_create_master_key", "pgcrypto_sym_decrypt_log")),
    ("replication_source_password", KW, password, "SOURCE_PASSWORD",
     ("mysql_change_replication_source", "mysql_general_log_change_master")),
    ("cosign_key_password", KW, password, "COSIGN_PASSWORD", ("cosign_password_env_cmd", "gha_inline_env_prefix")),
    ("actuator_exposed_password", KW, password, "password", ("actuator_env_json", "actuator_configprops_json")),
    ("ef_sensitive_param_token", GENERIC_RULE, fx("", 40, B64URL), "@p0",
     ("efcore_sensitive_data_log", "serilog_json_efcore_params")),
    ("websocket_subprotocol_token", GENERIC_RULE, fx("", 40), "Sec-WebSocket-Protocol",
     ("ws_upgrade_request_dump", "browser_websocket_protocols_js")),
    ("oauth1_token_secret", KW, fx("", 40), "oauth_token_secret",
     ("requests_oauthlib_oauth1_call", "oauth1_access_token_response")),
    ("agent_tool_call_password", KW, password, "password", ("claude_jsonl_tool_use", "openai_chat_tool_call_json")),
    ("ticket_pasted_password", GENERIC_RULE, password, "password", ("jira_issue_comment_json", "github_issue_body_md")),
    ("ado_setvariable_value", GENERIC_RULE, password, "task.setvariable",
     ("ado_log_setvariable", "ado_yaml_script_setvariable")),
    ("proxmox_api_token_secret", GENERIC_RULE, uuid4, "PVEAPIToken",
     ("proxmox_pveapitoken_header", "proxmoxer_python_token")),
    ("junos_type9_secret", GENERIC_RULE, junos9, "secret", ("junos_config_set", "junos_show_config_hierarchy")),
    ("routeros_password", KW, password, "password", ("routeros_export_script", "routeros_ssh_user_add")),
    ("gpp_cpassword", GENERIC_RULE, cpassword, "cpassword", ("gpp_groups_xml", "gpp_scheduledtasks_xml")),
    ("winscp_stored_password", KW, winscp, "Password", ("winscp_ini_session", "winscp_registry_export")),
    ("keychain_cli_password", GENERIC_RULE, password, "-w",
     ("security_add_generic_password", "security_find_generic_password_w")),
    ("nagios_resource_macro", GENERIC_RULE, password, "$USER4$", ("nagios_resource_cfg", "nagios_command_check_mysql")),
    ("icinga_api_user_password", KW, password, "password",
     ("icinga2_api_users_conf", "icinga_director_kickstart_json")),
)  # fmt: skip
TENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **sy.PLACES,
    **tr.PLACES,
    **dv.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TENTH, SURROUNDINGS)
