"""The twelfth held-out part (split ``held_out_12``): formats and surroundings none of the first eleven parts has,
captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (what a password manager prints or exports, a WireGuard preshared key, a passphrase handed to gpg-agent or
ssh-keygen, nslcd's ``bindpw``, a domain join, a mail server's database login, a broker's or CouchDB's admin
password, ``terraform output -json``, a probe's header, ``kubectl describe pod``, a test snapshot, a JVM crash log,
an IDE's run configuration, a notebook's output, a TOTP seed). Every value is synthetic, made afresh with its own
seed, with the format's prefix, length and alphabet.

Surroundings: twelfth_places.py for the vendor places (Podman Quadlet, Cloud Foundry, NSSM, IIS, Azure App Service
and Container Apps, Cloud Functions, Koyeb, Bamboo, OpenRC, runit, Supabase, CloudFormation, and each vendor's API,
SDK, CLI or the file its tool reads); twelfth_generic.py for what people and hosts keep; twelfth_traces.py for what
tools print, record and store."""

from __future__ import annotations

import random

from . import twelfth_generic as gen
from . import twelfth_places as at
from . import twelfth_traces as tr
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4

SEED = 7281
SPLIT = "held_out_12"
UPPER_NUM = UPPER + DIGITS
LOWER_NUM = LOWER + DIGITS
#: RFC 4648 base32, the alphabet of TOTP seeds
BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def password(rng: random.Random) -> str:
    """A password as people pick them (words, a separator, digits and a sign) or as a generator gives it; no quote,
    comma, colon, equals sign or backslash, so that every file here holds it as it is."""
    if rng.random() < 0.5:
        words = ["Cobalt", "meadow", "Juniper", "ember", "Sierra", "lagoon", "Walnut", "fjord", "Pepper", "tundra"]
        return rng.choice(words) + rng.choice(words).lower() + rng.choice("-_.") + s(rng, 4, DIGITS) + rng.choice("!#%")
    return s(rng, rng.randint(16, 26), ALNUM + "!#%*_-.")


def passphrase(rng: random.Random) -> str:
    words = ["orbit", "saddle", "copper", "willow", "garnet", "quiver", "lantern", "harbor", "thimble", "cascade"]
    return "-".join(rng.choice(words) for _ in range(4)) + "-" + s(rng, 3, DIGITS)


def saladcloud(rng: random.Random) -> str:
    return f"salad_cloud_{s(rng, rng.randint(4, 7))}_{s(rng, rng.randint(40, 64))}"


def tickettailor(rng: random.Random) -> str:
    return f"sk_{s(rng, 4, DIGITS)}_{s(rng, 6, DIGITS)}_{s(rng, 32, HEX)}"


def recharge(rng: random.Random) -> str:
    return f"sk_{rng.choice(('1', '2', '3', '5', '10'))}x{rng.choice('123')}_{s(rng, 64, HEX)}"


def stytch_secret(rng: random.Random) -> str:
    return "secret-live-" + s(rng, 35, B64URL) + "="


def omnisend(rng: random.Random) -> str:
    return s(rng, 24, HEX) + "-" + s(rng, 50)


def mailmodo(rng: random.Random) -> str:
    return "-".join(s(rng, 7, UPPER_NUM) for _ in range(4))


def voiceflow(rng: random.Random) -> str:
    return f"VF.DM.{s(rng, 24, HEX)}.{s(rng, 16)}"


def capella_password(rng: random.Random) -> str:
    """A Couchbase Capella database password: upper, lower, digit and a sign, as Capella asks."""
    return s(rng, 3, UPPER) + s(rng, 5, LOWER) + s(rng, 3, DIGITS) + rng.choice("!#%*") + s(rng, 6)


def des_key(rng: random.Random) -> str:
    return s(rng, 24, ALNUM + "!#%*_-")


#: the fixed DER of a PKCS #8 P-256 private key (an App Store Connect ``.p8``) around its private and public parts
P8_HEAD = bytes.fromhex("308193020100301306072a8648ce3d020106082a8648ce3d030107047930770201010420")
P8_MIDDLE = bytes.fromhex("a00a06082a8648ce3d030107a14403420004")


def app_store_connect_key(rng: random.Random) -> str:
    body = b64(P8_HEAD + rng.randbytes(32) + P8_MIDDLE + rng.randbytes(64))
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines) + "\n-----END PRIVATE KEY-----"


def key32_b64(rng: random.Random) -> str:
    return b64(rng.randbytes(32))


TH = "trufflehog "
KW = "detect-secrets KeywordDetector"
PK = "detect-secrets PrivateKeyDetector"
GENERIC_RULE = "generic (a setting no rule set names)"
Part = tuple[tuple[str, str, Make, str, tuple[str, ...]], ...]
#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("saladcloud_api_key", TH + "saladcloudapikey", saladcloud, "SALAD_API_KEY",
     ("saladcloud_api_curl", "podman_quadlet_environment")),
    ("tickettailor_api_key", TH + "tickettailor", tickettailor, "TICKETTAILOR_API_KEY",
     ("tickettailor_basic_auth_curl", "cf_manifest_env")),
    ("pagarme_api_key", TH + "pagarme", fx("ak_live_", 30), "PAGARME_API_KEY",
     ("pagarme_node_client", "nssm_set_app_environment")),
    ("dfuse_api_key", TH + "dfuse", fx("web_", 32, LOWER_NUM), "DFUSE_API_KEY",
     ("dfuse_auth_issue_curl", "iis_web_config_environment")),
    ("recharge_api_token", TH + "rechargepayments", recharge, "RECHARGE_API_TOKEN",
     ("recharge_python_requests", "az_webapp_appsettings_set")),
    ("flexport_api_token", TH + "flexport", fx("shltm_", 40, B64URL), "FLEXPORT_API_TOKEN",
     ("flexport_logistics_api_curl", "gcloud_functions_set_env_vars")),
    ("paymongo_secret_key", TH + "paymongo", fx("sk_live_", 24), "PAYMONGO_SECRET_KEY",
     ("paymongo_curl_basic", "koyeb_service_create_env")),
    ("ramp_client_secret", TH + "ramp", fx("ramp_sec_", 48), "RAMP_CLIENT_SECRET",
     ("ramp_token_curl", "bamboo_specs_variables")),
    ("stytch_project_secret", TH + "stytch", stytch_secret, "STYTCH_SECRET",
     ("stytch_python_client", "openrc_conf_d_export")),
    ("fleetbase_api_key", TH + "fleetbase", fx("flb_live_", 20), "FLEETBASE_API_KEY",
     ("fleetbase_sdk_js", "runit_envdir_grep")),
    ("magicbell_api_secret", TH + "magicbell", fx("", 40, LOWER_NUM), "MAGICBELL_API_SECRET",
     ("magicbell_headers_curl", "supabase_secrets_set")),
    ("mailmodo_api_key", TH + "mailmodo", mailmodo, "MAILMODO_API_KEY",
     ("mailmodo_campaign_trigger_curl", "cloudformation_lambda_environment")),
    ("nylas_api_key", TH + "nylas", fx("", 30), "NYLAS_API_KEY",
     ("nylas_v3_grants_curl", "azure_containerapp_yaml_env")),
    ("apideck_api_key", TH + "apideck", fx("sk_live_", 93, ALNUM + "-"), "APIDECK_API_KEY",
     ("apideck_unify_curl", "podman_quadlet_environment")),
    ("omnisend_api_key", TH + "omnisend", omnisend, "OMNISEND_API_KEY", ("omnisend_contacts_curl", "cf_manifest_env")),
    ("voiceflow_dm_api_key", TH + "voiceflow", voiceflow, "VOICEFLOW_API_KEY",
     ("voiceflow_runtime_interact_curl", "nssm_set_app_environment")),
    ("finage_api_key", TH + "finage", fx("API_KEY", 32, UPPER_NUM), "FINAGE_API_KEY",
     ("finage_last_quote_url", "iis_web_config_environment")),
    ("scrapingbee_api_key", TH + "scrapingbee", fx("", 80, UPPER_NUM), "SCRAPINGBEE_API_KEY",
     ("scrapingbee_python_client", "az_webapp_appsettings_set")),
    ("smartsheet_access_token", TH + "smartsheets", fx("", 37), "SMARTSHEET_ACCESS_TOKEN",
     ("smartsheet_python_sdk", "gcloud_functions_set_env_vars")),
    ("couchbase_capella_password", TH + "couchbase", capella_password, "COUCHBASE_PASSWORD",
     ("couchbase_cbq_shell", "koyeb_service_create_env")),
    ("uploadcare_secret_key", TH + "uploadcare", fx("", 20, LOWER_NUM), "UPLOADCARE_SECRET_KEY",
     ("uploadcare_simple_auth_curl", "bamboo_specs_variables")),
    ("pipedream_api_key", TH + "pipedream", fx("", 32, LOWER_NUM), "PIPEDREAM_API_KEY",
     ("pipedream_cli_config", "openrc_conf_d_export")),
    ("eventbrite_private_token", TH + "eventbrite", fx("", 20, UPPER_NUM), "EVENTBRITE_TOKEN",
     ("eventbrite_users_me_url", "runit_envdir_grep")),
    ("bitfinex_api_secret", TH + "bitfinex", fx("", 43, B64URL), "BITFINEX_API_SECRET",
     ("bitfinex_api_py_client", "supabase_secrets_set")),
    ("shortcut_api_token", TH + "shortcut", uuid4, "SHORTCUT_API_TOKEN",
     ("shortcut_token_header_curl", "cloudformation_lambda_environment")),
    ("webflow_api_token", TH + "webflow", fx("", 64, LOWER_NUM), "WEBFLOW_API_TOKEN",
     ("webflow_sites_curl", "azure_containerapp_yaml_env")),
    ("twelvedata_api_key", TH + "twelvedata", fx("", 32, LOWER_NUM), "TWELVEDATA_API_KEY",
     ("twelvedata_python_tdclient", "podman_quadlet_environment")),
    ("zerobounce_api_key", TH + "zerobounce", fx("", 32, LOWER_NUM), "ZEROBOUNCE_API_KEY",
     ("zerobounce_getcredits_url", "cf_manifest_env")),
    ("moonclerk_api_key", TH + "moonclerk", fx("", 32, LOWER_NUM), "MOONCLERK_API_KEY",
     ("moonclerk_token_header_curl", "nssm_set_app_environment")),
    ("kanbantool_api_token", TH + "kanbantool", fx("", 12, UPPER_NUM), "KANBANTOOL_API_TOKEN",
     ("kanbantool_api_v3_curl", "iis_web_config_environment")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("password_manager_cli_password", KW, password, "Password",
     ("keepassxc_cli_show_protected", "lastpass_lpass_show_all")),
    ("vault_export_item_password", GENERIC_RULE, password, "password",
     ("bitwarden_bw_get_item_json", "pass_show_with_fields")),
    ("browser_password_export_csv", GENERIC_RULE, password, "password", ("chrome_passwords_csv", "firefox_logins_csv")),
    ("wireguard_preshared_key", GENERIC_RULE, key32_b64, "PresharedKey",
     ("wg_show_preshared_keys_table", "networkmanager_wireguard_nmconnection")),
    ("nm_vpn_secret_password", KW, password, "vpn.secrets", ("nmcli_show_secrets_vpn_table", "nm_keyfile_vpn_secrets")),
    ("gpg_agent_preset_passphrase", GENERIC_RULE, passphrase, "PRESET_PASSPHRASE",
     ("gpg_preset_passphrase_cmd", "gpg_connect_agent_preset_hex")),
    ("ssh_key_passphrase_flag", GENERIC_RULE, passphrase, "-N", ("ssh_keygen_p_history", "ssh_askpass_echo_script")),
    ("ldap_nss_bindpw", GENERIC_RULE, password, "bindpw",
     ("nslcd_conf_bindpw_directive", "debconf_set_selections_bindpw")),
    ("ad_domain_join_password", GENERIC_RULE, password, "-U",
     ("net_ads_join_user_percent", "adcli_join_stdin_password")),
    ("mail_backend_sql_password", KW, password, "MYSQL_PASSWORD",
     ("courier_authmysqlrc_directive", "dovecot_sql_conf_ext_connect")),
    ("roundcube_des_key", GENERIC_RULE, des_key, "des_key",
     ("roundcube_config_inc_php", "roundcube_compose_environment")),
    ("artemis_broker_password", KW, password, "--password",
     ("artemis_create_broker_cmd", "artemis_broker_xml_cluster_password")),
    ("nats_server_user_password", KW, password, "password",
     ("nats_server_conf_accounts_block", "nats_cli_context_json")),
    ("couchdb_admin_password", GENERIC_RULE, password, "admins",
     ("couchdb_local_ini_admins", "couchdb_config_api_curl_put")),
    ("mongoexport_document_secret", GENERIC_RULE, fx("", 40), "apiSecret",
     ("mongoexport_jsonl_line", "mongosh_find_pretty_output")),
    ("cntlm_proxy_password", GENERIC_RULE, password, "Password",
     ("cntlm_conf_password_directive", "cntlm_hash_output_passntlmv2")),
    ("squid_proxy_password", GENERIC_RULE, password, "login=",
     ("squid_conf_cache_peer_login", "squidclient_mgr_w_flag")),
    ("terraform_output_json_sensitive", KW, password, "password",
     ("terraform_output_json_cmd", "terraform_output_raw_ci_log")),
    ("opentofu_state_passphrase", KW, passphrase, "passphrase",
     ("tofu_encryption_hcl_block", "tf_encryption_env_heredoc")),
    ("healthcheck_bearer_token", GENERIC_RULE, fx("", 40, B64URL), "Authorization",
     ("k8s_probe_http_headers", "compose_healthcheck_curl_header")),
    ("container_runtime_env_password", KW, password, "DB_PASSWORD",
     ("crictl_inspect_env_json", "kubectl_describe_pod_env")),
    ("settings_dump_mail_password", KW, password, "EMAIL_HOST_PASSWORD",
     ("django_diffsettings_output", "flask_config_pprint")),
    ("test_snapshot_secret", KW, fx("", 36), "apiKey", ("jest_snapshot_object", "insta_snapshot_yaml")),
    ("fixture_record_token", KW, fx("", 40, HEX), "access_token", ("django_dumpdata_json", "rails_test_fixture_yml")),
    ("ci_service_message_secret", GENERIC_RULE, fx("", 40, B64URL), "setParameter",
     ("teamcity_set_parameter_message", "gha_set_output_legacy_log")),
    ("jvm_system_property_password", KW, password, "spring.datasource.password",
     ("hs_err_pid_java_command", "jcmd_vm_system_properties")),
    ("error_tracker_payload_secret", KW, password, "password",
     ("sentry_event_request_data_escaped", "rollbar_occurrence_post_params")),
    ("ide_run_config_env_secret", KW, password, "DB_PASSWORD",
     ("intellij_run_configuration_xml", "xcode_scheme_environment_variables")),
    ("vscode_extension_connection_secret", KW, password, "password",
     ("vscode_sqltools_settings_json", "vscode_rest_client_environment")),
    ("notebook_cell_output_secret", KW, fx("", 32), "api_token",
     ("zeppelin_note_paragraph_result", "ipynb_shell_cat_output")),
    ("openstack_app_credential_secret", KW, fx("", 86, B64URL), "application_credential_secret",
     ("openstack_appcred_create_table", "clouds_yaml_application_credential")),
    ("nomad_acl_secret_id", GENERIC_RULE, uuid4, "Secret ID",
     ("nomad_acl_token_create_output", "nomad_cli_token_flag")),
    ("totp_shared_secret", GENERIC_RULE, fx("", 32, BASE32), "secret",
     ("zbarimg_otpauth_uri", "oathtool_totp_base32_cmd")),
    ("k8s_encryption_config_key", GENERIC_RULE, key32_b64, "secret",
     ("encryption_configuration_yaml", "talos_machine_config_secretbox")),
    ("app_store_connect_p8_key", PK, app_store_connect_key, "key",
     ("fastlane_api_key_json_escaped", "fastfile_key_content_heredoc")),
)  # fmt: skip
TWELFTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWELFTH, SURROUNDINGS)
