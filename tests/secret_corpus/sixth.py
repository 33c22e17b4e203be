"""The sixth held-out part (split ``held_out_6``): formats and surroundings none of the first five parts has,
captured blind (without reading the redaction rules, while rules were written from the fifth part's misses) and
measured once on the rules it was captured against, so that its recall tells what the rules catch of credentials
nobody wrote a rule from; what it misses is not to be looked at while writing rules. Vendor shapes are taken, as
facts, from public rule sets (trufflehog's detectors, gitleaks' config), named in ``source``; the rest are generic
shapes, secrets only their setting tells apart (a Vault unseal key, a Jupyter token, a WordPress salt, a password
in a Puppet resource). Every value is synthetic, made afresh with its own seed, with the format's prefix, length
and alphabet.

Surroundings: sixth_places.py for the vendor places; the generic ones below, each beside its format: Cargo's
``credentials.toml`` and ``cargo login``, ``.condarc`` and ``conda install -c``, Jenkins' username-password
credential and JCasC, Puppet's ``mysql::db`` and ``postgresql::server::db``, a Chef data bag and ``knife data bag
show``, a Salt pillar and ``salt-call pillar.get``, ``ansible-playbook -e`` and an ad-hoc ``-a``, ``helm repo add``
and ``helm registry login``, ``vault operator init``/``unseal``, Consul's ``-token=`` and agent HCL,
``htpasswd -b`` and ``ab -A``, crontab jobs, Apache ``SetEnv`` and nginx ``fastcgi_param``, ``wp-config.php``
salts and ``wp config get``, Jupyter's config and ``jupyter server list``, Java and Kotlin ``toString()``,
mysqldump and pg_dump rows, an e-mail's reset link and ``List-Unsubscribe``, Flutter's ``key.properties`` and
Gradle's ``signingConfigs``, ``keytool`` and ``openssl -passout``, Borg and borgmatic, ``mc alias set`` and
MinIO's client config, ``cqlsh`` and ``cypher-shell``, ``influx config create`` and Telegraf, Prometheus'
``basic_auth``, Debezium, ``elasticsearch-keystore`` and ``kibana.yml``, ``cmdkey`` and ``net use``, ``expect`` and
``plink``, WebSocket URLs."""

from __future__ import annotations

import base64
import random

from . import sixth_places as at
from .fifth import password
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, s, uuid4
from .sixth_generic import GENERIC, SALT, unseal_key

SEED = 3606
SPLIT = "held_out_6"


def clickup(rng: random.Random) -> str:
    return f"pk_{s(rng, 8, DIGITS)}_{s(rng, 32, UPPER + DIGITS)}"


def deepl(rng: random.Random) -> str:
    return uuid4(rng) + ":fx"


def wakatime(rng: random.Random) -> str:
    return "waka_" + uuid4(rng)


def ably(rng: random.Random) -> str:
    return f"{s(rng, 6, B64URL)}.{s(rng, 6, B64URL)}:{s(rng, 43, B64URL)}"


def conda_token(rng: random.Random) -> str:
    return f"{s(rng, 2, LOWER)}-{uuid4(rng)}"


def influx_token(rng: random.Random) -> str:
    return base64.urlsafe_b64encode(rng.randbytes(64)).decode()


KW = "detect-secrets KeywordDetector"
URL = "secretlint (credentials in a URL)"
GENERIC_RULE = "generic (a setting no rule set names)"
TH = "trufflehog "
#: (name, source, maker, variable name, surroundings)
SIXTH: tuple[tuple[str, str, Make, str, tuple[str, ...]], ...] = (
    ("clickup_personal_token", TH + "clickuppersonaltoken", clickup, "CLICKUP_API_TOKEN",
     ("clickup_raw_header", "puppet_class")),
    ("deepl_auth_key", TH + "deepl", deepl, "DEEPL_AUTH_KEY", ("deepl_fetch", "chef_attributes")),
    ("todoist_token", TH + "todoist", fx("", 40, HEX), "TODOIST_API_TOKEN", ("salt_pillar", "emacs_setq")),
    ("pipedrive_api_token", TH + "pipedrive", fx("", 40, HEX), "PIPEDRIVE_API_TOKEN",
     ("jenkins_credentials_xml", "mysqldump_insert")),
    ("wakatime_api_key", TH + "wakatime", wakatime, "WAKATIME_API_KEY", ("wakatime_cfg", "vscode_settings")),
    ("unsplash_access_key", TH + "unsplash", fx("", 43, ALNUM + "_"), "UNSPLASH_ACCESS_KEY",
     ("unsplash_img", "expo_app_json")),
    ("assemblyai_api_key", TH + "assemblyai", fx("", 32, HEX), "ASSEMBLYAI_API_KEY",
     ("consul_kv_export", "gunicorn_raw_env")),
    ("opsgenie_api_key", TH + "opsgenie", uuid4, "OPSGENIE_API_KEY", ("strace_genie", "opsgenie_heartbeat")),
    ("browserstack_access_key", TH + "browserstack", fx("", 20), "BROWSERSTACK_ACCESS_KEY",
     ("wdio_browserstack", "crontab_line")),
    ("deepgram_api_key", TH + "deepgram", fx("", 40, HEX), "DEEPGRAM_API_KEY", ("vault_kv_get", "neovim_setup")),
    ("abuseipdb_api_key", TH + "abuseipdb", fx("", 80, HEX), "ABUSEIPDB_API_KEY",
     ("systemctl_show_env", "php_fpm_pool")),
    ("otx_api_key", TH + "alienvault", fx("", 64, HEX), "OTX_API_KEY", ("structlog_line", "uwsgi_ini")),
    ("alchemy_api_key", TH + "alchemy", fx("", 32, B64URL), "ALCHEMY_API_KEY",
     ("flutter_dart_define", "nomad_template")),
    ("giphy_api_key", TH + "giphy", fx("", 32), "GIPHY_API_KEY", ("xcconfig", "wp_option_update")),
    ("tomtom_api_key", TH + "tomtom", fx("", 32), "TOMTOM_API_KEY", ("gradle_build_config", "lombok_tostring")),
    ("openweather_api_key", TH + "openweather", fx("", 32, HEX), "OPENWEATHER_API_KEY",
     ("launchd_plist", "proc_environ")),
    ("pexels_api_key", TH + "pexels", fx("", 56), "PEXELS_API_KEY", ("pm2_ecosystem", "docker_inspect_env")),
    ("mailjet_secret_key", TH + "mailjetbasicauth", fx("", 32, HEX), "MAILJET_SECRET_KEY",
     ("kafka_connect_json", "salt_pillar")),
    ("freshdesk_api_key", TH + "freshdesk", fx("", 20), "FRESHDESK_API_KEY", ("chef_attributes", "structlog_line")),
    ("saucelabs_access_key", TH + "saucelabs", uuid4, "SAUCE_ACCESS_KEY",
     ("selenium_remote_url", "saucelabs_sauce_env")),
    ("bugsnag_api_key", TH + "bugsnag", fx("", 32, HEX), "BUGSNAG_API_KEY", ("expo_app_json", "xcconfig")),
    ("honeycomb_api_key", TH + "honeycomb", fx("", 32, HEX), "HONEYCOMB_API_KEY",
     ("nomad_template", "docker_inspect_env")),
    ("pushbullet_access_token", TH + "pushbulletapikey", fx("o.", 32), "PUSHBULLET_ACCESS_TOKEN",
     ("pushbullet_requests", "crontab_line")),
    ("sparkpost_api_key", TH + "sparkpost", fx("", 40, HEX), "SPARKPOST_API_KEY",
     ("php_fpm_pool", "jenkins_credentials_xml")),
    ("ambee_api_key", TH + "ambee", fx("", 64, HEX), "AMBEE_API_KEY", ("wp_option_update", "puppet_class")),
    ("vonage_api_secret", TH + "nexmoapikey", fx("", 16), "VONAGE_API_SECRET", ("vault_kv_get", "launchd_plist")),
    ("mistral_api_key", TH + "mistral", fx("", 32), "MISTRAL_API_KEY", ("emacs_setq", "vscode_settings")),
    ("ably_api_key", TH + "ably", ably, "ABLY_API_KEY", ("ably_realtime", "gunicorn_raw_env")),
    ("woocommerce_consumer_secret", TH + "woocommerce", fx("cs_", 40, HEX), "WOOCOMMERCE_CONSUMER_SECRET",
     ("woocommerce_client", "woocommerce_query")),
    ("trello_token", "gitleaks trello-access-token", fx("", 32), "TRELLO_TOKEN",
     ("trello_query", "systemctl_show_env")),
    # generic shapes: secrets only the setting tells apart
    ("private_cargo_registry_token", "gitleaks generic-api-key", fx("", 32), "token",
     ("cargo_credentials_toml", "cargo_login")),
    ("conda_channel_token", URL, conda_token, "channel", ("condarc_channel", "conda_install_url")),
    ("jenkins_password_credential", KW, password, "password", ("jenkins_userpass_xml", "jcasc_yaml")),
    ("puppet_db_password", KW, password, "password", ("puppet_mysql_db", "puppet_pg_db")),
    ("chef_data_bag_password", KW, password, "password", ("chef_data_bag_json", "knife_data_bag_show")),
    ("salt_pillar_password", KW, password, "root_password", ("salt_mysql_pillar", "salt_call_pillar_get")),
    ("ansible_extra_vars_password", KW, password, "password", ("ansible_playbook_e", "ansible_adhoc_args")),
    ("helm_repo_password", KW, password, "password", ("helm_repo_add", "helm_registry_login")),
    ("vault_unseal_key", "detect-secrets Base64HighEntropyString", unseal_key, "unseal",
     ("vault_operator_init", "vault_operator_unseal")),
    ("consul_acl_token", GENERIC_RULE, uuid4, "token", ("consul_kv_get_token", "consul_agent_hcl")),
    ("htpasswd_batch_password", GENERIC_RULE, password, "password", ("htpasswd_b", "ab_basic_auth")),
    ("cron_job_password", KW, password, "password", ("cron_mysqldump", "cron_rsync_env")),
    ("webserver_env_password", KW, password, "DB_PASSWORD", ("apache_setenv", "nginx_fastcgi_param")),
    ("wordpress_auth_salt", GENERIC_RULE, fx("", 64, SALT), "AUTH_KEY", ("wp_config_salts", "wp_config_get_json")),
    ("jupyter_server_token", "detect-secrets HexHighEntropyString", fx("", 48, HEX), "token",
     ("jupyter_server_config", "jupyter_server_list")),
    ("tostring_password", KW, password, "password", ("spring_datasource_tostring", "kotlin_data_class")),
    ("sql_dump_row_secret", GENERIC_RULE, fx("", 32), "signing_secret", ("mysqldump_smtp_row", "pg_dump_copy")),
    ("email_link_token", GENERIC_RULE, fx("", 43, B64URL), "token", ("email_reset_link", "list_unsubscribe_header")),
    ("android_keystore_password", KW, password, "storePassword", ("flutter_key_properties", "gradle_signing_config")),
    ("keystore_cli_password", GENERIC_RULE, password, "storepass", ("keytool_storepass", "openssl_passout")),
    ("backup_repo_passphrase", KW, password, "BORG_PASSPHRASE", ("borg_script", "borgmatic_yaml")),
    ("minio_secret_key", "detect-secrets Base64HighEntropyString", fx("", 40, ALNUM + "+/"), "secretKey",
     ("mc_alias_set", "mc_config_json")),
    ("db_shell_password", GENERIC_RULE, password, "-p", ("cqlsh_flags", "cypher_shell")),
    ("influxdb_token", "detect-secrets Base64HighEntropyString", influx_token, "token",
     ("influx_config_create", "telegraf_influx_output")),
    ("prometheus_basic_auth_password", KW, password, "password", ("prometheus_scrape", "prometheus_remote_write")),
    ("cdc_connector_password", KW, password, "database.password",
     ("debezium_connector_json", "debezium_server_props")),
    ("elastic_bootstrap_password", KW, password, "password", ("es_keystore_add", "kibana_yml")),
    ("windows_stored_password", GENERIC_RULE, password, "/pass", ("cmdkey_pass", "net_use")),
    ("interactive_login_password", GENERIC_RULE, password, "send", ("expect_send", "plink_pw")),
    ("websocket_url_token", URL, fx("", 43, B64URL), "access_token", ("websocket_js", "websocat_cmd")),
)  # fmt: skip
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.VENDOR_PLACES + at.ONE_VENDOR},
    **GENERIC,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, SIXTH, SURROUNDINGS)
