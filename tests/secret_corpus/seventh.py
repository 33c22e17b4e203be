"""The seventh held-out part (split ``held_out_7``): formats and surroundings none of the first six parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be
looked at while writing rules. Vendor shapes are taken, as facts, from public rule sets (gitleaks' config,
trufflehog's detectors), named in ``source``; the rest are generic shapes, secrets only their setting tells apart
(an SNMP community, a Cisco type 7 password, a BMC password on ``ipmitool``'s command line, a key in another
encoding). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: seventh_places.py for the vendor places (CI systems' variables, deploy tools' secret commands,
serverless and edge configs, places of one vendor); seventh_generic.py for tools' configs and command lines (NuGet,
Terraform's Azure servers, SQL*Plus and Data Pump, Beeline and clickhouse-client, SNMP, Cisco IOS, FreeRADIUS,
keepalived and ucarp, hostapd and nmcli, ipmitool and racadm, xfreerdp and rdesktop, smbclient and rpcclient,
FileZilla's base64 passwords, Subversion and Mercurial, fetchmail and mbsync, Drone and Bitbucket Pipelines,
Concourse, Argo CD and Flux, skopeo and crane, Packer and Vagrant, Gitea, Mosquitto, kcat, ``.http`` files and
JetBrains' private environment, zsh and fish history, ECS task definitions); seventh_keys.py for keys in other
encodings and secrets in traces and process logs."""

from __future__ import annotations

import random

from . import seventh_places as at
from .fifth import password
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, s, uuid4
from .seventh_generic import GENERIC
from .seventh_keys import (
    KEYS,
    jwk_d,
    minisign_sk,
    passphrase,
    php_password,
    pkcs12_b64,
    ppk,
    rsa_xml_d,
    seed_phrase,
    solana_keypair,
    wif,
)  # fmt: skip

SEED = 3707
SPLIT = "held_out_7"
LOW_NUM = LOWER + DIGITS


def gitlab_routable(prefix: str) -> Make:
    return lambda rng: f"{prefix}{s(rng, 45, B64URL)}.01{s(rng, 7, LOW_NUM)}"


def slack_legacy(rng: random.Random) -> str:
    return f"xoxs-{s(rng, 10, DIGITS)}-{s(rng, 12, DIGITS)}-{s(rng, 12, DIGITS)}-{s(rng, 64, HEX)}"


def vault_legacy(rng: random.Random) -> str:
    body = s(rng, 24, ALNUM)
    while body.isalpha():  # a Vault token holds digits too
        body = s(rng, 24, ALNUM)
    return "s." + body


def twitter_access_token(rng: random.Random) -> str:
    return f"{rng.randint(10**18, 10**19 - 1)}-{s(rng, 40)}"


def langfuse(rng: random.Random) -> str:
    return "sk-lf-" + uuid4(rng)


def imagekit(rng: random.Random) -> str:
    return "private_" + s(rng, 27) + "="


def cisco_type7(rng: random.Random) -> str:
    return f"{rng.randint(0, 15):02d}" + s(rng, 2 * rng.randint(8, 14), "0123456789ABCDEF")


G = "gitleaks "
TH = "trufflehog "
KW = "detect-secrets KeywordDetector"
GENERIC_RULE = "generic (a setting no rule set names)"
Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]
#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("gitlab_pat_routable", G + "gitlab-pat-routable", gitlab_routable("glpat-"), "GITLAB_TOKEN",
     ("git_clone_oauth2", "glab_auth_login")),
    ("gitlab_runner_token_routable", G + "gitlab-runner-authentication-token-routable",
     gitlab_routable("glrt-t3_"), "CI_RUNNER_TOKEN", ("runner_config_toml", "runner_register")),
    ("flutterwave_encryption_key", G + "flutterwave-encryption-key", fx("FLWSECK_TEST-", 12, "abcdefgh0123456789"),
     "FLW_ENCRYPTION_KEY", ("direnv_envrc", "serverless_yml")),
    ("slack_legacy_workspace_token", G + "slack-legacy-workspace-token", fx("xoxa-2-", 48), "SLACK_WORKSPACE_TOKEN",
     ("slack_api_query", "circleci_env")),
    ("slack_legacy_token", G + "slack-legacy-token", slack_legacy, "SLACK_LEGACY_TOKEN",
     ("slack_api_query", "fly_secrets_set")),
    ("vault_legacy_service_token", G + "vault-service-token", vault_legacy, "VAULT_TOKEN",
     ("vault_login_output", "gitlab_ci_yaml")),
    ("yandex_static_key_secret", G + "yandex-aws-access-token", fx("YC", 38, B64URL), "YANDEX_STATIC_KEY_SECRET",
     ("tf_var_env", "doppler_secrets_set")),
    ("twitter_api_secret", G + "twitter-api-secret", fx("", 50), "TWITTER_API_SECRET",
     ("tweepy_client", "netlify_toml")),
    ("twitter_access_token", G + "twitter-access-token", twitter_access_token, "TWITTER_ACCESS_TOKEN",
     ("tweepy_client", "appengine_yaml")),
    ("twitter_access_secret", G + "twitter-access-secret", fx("", 45), "TWITTER_ACCESS_SECRET",
     ("tweepy_client", "java_opts_define")),
    ("sentry_legacy_auth_token", G + "sentry-access-token", fx("", 64, HEX), "SENTRY_AUTH_TOKEN",
     ("travis_env_global", "buildkite_env")),
    ("hubspot_legacy_api_key", G + "hubspot-api-key", uuid4, "HUBSPOT_API_KEY",
     ("hubspot_hapikey_url", "firebase_functions_config")),
    ("discord_client_secret", G + "discord-client-secret", fx("", 32, B64URL), "DISCORD_CLIENT_SECRET",
     ("vercel_json", "azure_pipelines_vars")),
    ("facebook_app_secret", G + "facebook-secret", fx("", 32, HEX), "FACEBOOK_APP_SECRET",
     ("wrangler_toml", "sam_template")),
    ("asana_client_secret", G + "asana-client-secret", fx("", 32, LOW_NUM), "ASANA_CLIENT_SECRET",
     ("cargo_config_env", "powershell_setenv_user")),
    ("plaid_secret_key", G + "plaid-secret-key", fx("", 30, HEX), "PLAID_SECRET",
     ("notebook_cell_source", "secretsmanager_create")),
    ("dropbox_app_secret", G + "dropbox-api-token", fx("", 15, LOW_NUM), "DROPBOX_APP_SECRET",
     ("gitlab_ci_yaml", "wrangler_toml")),
    ("finicity_app_key", G + "finicity-api-token", fx("", 32, HEX), "FINICITY_APP_KEY",
     ("serverless_yml", "azure_pipelines_vars")),
    ("apify_api_token", TH + "apify", fx("apify_api_", 36), "APIFY_TOKEN", ("apify_login", "travis_env_global")),
    ("klaviyo_private_key", TH + "klaviyo", fx("pk_", 34), "KLAVIYO_PRIVATE_KEY", ("klaviyo_fetch", "vercel_json")),
    ("langfuse_secret_key", TH + "langfuse", langfuse, "LANGFUSE_SECRET_KEY", ("langfuse_client", "direnv_envrc")),
    ("deepseek_api_key", TH + "deepseek", fx("sk-", 32, LOW_NUM), "DEEPSEEK_API_KEY",
     ("deepseek_client", "notebook_cell_source")),
    ("nightfall_api_key", TH + "nightfall", fx("NF-", 32), "NIGHTFALL_API_KEY", ("buildkite_env", "cargo_config_env")),
    ("zulip_api_key", TH + "zulipchat", fx("", 32), "ZULIP_API_KEY", ("zuliprc", "firebase_functions_config")),
    ("imagekit_private_key", TH + "imagekit", imagekit, "IMAGEKIT_PRIVATE_KEY", ("imagekit_node", "netlify_toml")),
    ("virustotal_api_key", TH + "virustotal", fx("", 64, HEX), "VIRUSTOTAL_API_KEY",
     ("vt_curl", "powershell_setenv_user")),
    ("shodan_api_key", TH + "shodankey", fx("", 32), "SHODAN_API_KEY", ("shodan_init", "java_opts_define")),
    ("clearbit_secret_key", TH + "clearbit", fx("sk_", 32, HEX), "CLEARBIT_KEY", ("appengine_yaml", "sam_template")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("nuget_cleartext_password", G + "nuget-config-password", password, "ClearTextPassword",
     ("nuget_config_xml", "dotnet_nuget_add_source")),
    ("azure_db_admin_password", G + "hashicorp-tf-password", password, "administrator_login_password",
     ("tf_mssql_server", "tf_postgres_flexible")),
    ("oracle_cli_password", GENERIC_RULE, password, "userid", ("sqlplus_connect", "expdp_userid")),
    ("bigdata_cli_password", GENERIC_RULE, password, "--password", ("beeline_flags", "clickhouse_client")),
    ("snmp_community_string", GENERIC_RULE, password, "rocommunity", ("snmpd_conf_community", "snmpwalk_c")),
    ("snmpv3_auth_passphrase", GENERIC_RULE, password, "-A", ("snmpget_v3", "snmpd_create_user")),
    ("cisco_type7_password", GENERIC_RULE, cisco_type7, "password 7", ("ios_username_type7", "ios_ospf_key7")),
    ("radius_shared_secret", KW, password, "secret", ("freeradius_clients", "ios_radius_key")),
    ("vrrp_auth_pass", GENERIC_RULE, fx("", 8), "auth_pass", ("keepalived_conf", "ucarp_cmd")),
    ("wifi_ap_passphrase", KW, password, "wpa_passphrase", ("hostapd_conf", "nmcli_hotspot")),
    ("bmc_password", GENERIC_RULE, password, "-P", ("ipmitool_flags", "racadm_flags")),
    ("rdp_cli_password", GENERIC_RULE, password, "/p:", ("xfreerdp_flags", "rdesktop_flags")),
    ("smb_cli_password", GENERIC_RULE, password, "-U", ("smbclient_u", "rpcclient_u")),
    ("filezilla_saved_password", GENERIC_RULE, password, "Pass", ("filezilla_sitemanager", "filezilla_recent")),
    ("vcs_http_password", KW, password, "password", ("svn_password_flag", "hgrc_auth")),
    ("mail_sync_password", KW, password, "password", ("fetchmailrc", "mbsyncrc")),
    ("ci_registry_password", KW, password, "password", ("drone_plugin_settings", "bitbucket_pipe_vars")),
    ("concourse_pipeline_var", KW, password, "registry-password", ("fly_set_pipeline", "concourse_vars_yml")),
    ("gitops_repo_password", KW, password, "--password", ("argocd_repo_add", "flux_secret_git")),
    ("registry_cli_credentials", GENERIC_RULE, password, "--dest-creds", ("skopeo_creds", "crane_auth_login")),
    ("vm_provisioner_password", KW, password, "password", ("packer_hcl", "vagrantfile_ssh")),
    ("gitea_secret_key", GENERIC_RULE, fx("", 64), "SECRET_KEY", ("gitea_app_ini", "gitea_generate_secret")),
    ("mqtt_client_password", GENERIC_RULE, password, "-P", ("mosquitto_pub_flags", "mosquitto_bridge_conf")),
    ("kafka_sasl_password", KW, password, "sasl.password", ("kcat_x_flags", "rdkafka_conf")),
    ("http_client_file_token", GENERIC_RULE, fx("", 48), "token", ("vscode_http_file", "jetbrains_private_env")),
    ("shell_history_password", GENERIC_RULE, password, "--password", ("zsh_extended_history", "fish_history")),
    ("ecs_task_env_password", KW, password, "DB_PASSWORD", ("ecs_task_definition", "ecs_describe_task_def")),
    ("putty_private_key", "detect-secrets PrivateKeyDetector", ppk, "ppk", ("ppk_file", "ppk_in_ansible_vars")),
    ("jwk_private_exponent", GENERIC_RULE, jwk_d, "d", ("jwks_private_file", "jwk_env_json")),
    ("xml_rsa_private_key", GENERIC_RULE, rsa_xml_d, "D", ("rsa_key_value_xml", "csharp_from_xml_string")),
    ("pkcs12_keystore_base64", G + "pkcs12-file (its bytes in base64)", pkcs12_b64, "keystore.p12",
     ("k8s_keystore_secret", "az_keyvault_secret_show")),
    ("bip39_seed_phrase", GENERIC_RULE, seed_phrase, "MNEMONIC", ("mnemonic_env", "hdwallet_provider")),
    ("bitcoin_wif_private_key", GENERIC_RULE, wif, "privkey", ("bitcoin_cli_dumpprivkey", "wallet_dump_line")),
    ("solana_keypair_bytes", GENERIC_RULE, solana_keypair, "id.json", ("solana_id_json", "keypair_from_secret")),
    ("minisign_secret_key", GENERIC_RULE, minisign_sk, "minisign.key", ("minisign_key_file", "minisign_ci_env")),
    ("php_trace_password", GENERIC_RULE, php_password, "PDO", ("php_fatal_trace", "laravel_log_trace")),
    ("debugger_local_password", KW, password, "password", ("pytest_showlocals", "pdb_print")),
    ("process_cmdline_password", GENERIC_RULE, password, "--requirepass", ("ps_ef_java", "pgrep_redis")),
    ("auditd_hex_passphrase", GENERIC_RULE, passphrase, "EXECVE", ("audit_log_execve", "ausearch_proctitle")),
    ("logged_command_line_password", GENERIC_RULE, password, "CommandLine", ("coredumpctl_info", "windows_4688_xml")),
)  # fmt: skip
SEVENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.VENDOR_PLACES + at.ONE_VENDOR},
    **GENERIC,
    **KEYS,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, SEVENTH, SURROUNDINGS)
