"""The nineteenth held-out part (split ``held_out_19``): formats and surroundings none of the first eighteen parts
has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (prefix, length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells
apart (a bioinformatics server's id secret, an imaging server's database password, a workflow engine's secret, an
ML operations server's secret key, a batch pool's password, a data grid user's password, an ERP's master password, an
ERP site's database password, a CRM's database password, an SAP RFC password, a mail server's fallback admin secret,
a mail relay's secrets table, a groupware server's directory password, a mail fetcher's password, a backup's GPG
passphrase, a backup server's credentials password, a streaming metrics API key, a metrics network password, a
Windows monitoring agent's password, a telemetry collector's basic auth password, a monitoring automation secret, a
LoRaWAN server's API secret, an MQTT broker's dashboard password, a Web Push VAPID private key, a browser sync
server's master secret, a mobile app's local database key, and an IoT gateway's identity in base64 longer than a
stream's window). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and
alphabet.

Surroundings: nineteenth_places.py for the vendor places (a PowerShell profile, a systemd user ``environment.d``
file, a Spack environment, an Angular ``environment.ts``, Leiningen's ``profiles.clj``, ``CMakePresets.json``, a Conan
profile, and each vendor's API, SDK or client); nineteenth_generic.py for scientific and HPC tools, ERP and CRM
systems, mail servers and clients and backup tools; nineteenth_traces.py for observability agents, IoT gateways,
browser services, mobile apps and a long gateway identity."""

from __future__ import annotations

import hashlib
import hmac
import random

from . import nineteenth_generic as gen
from . import nineteenth_places as at
from . import nineteenth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, UPPER, b64, s, uuid4
from .seventeenth import _plain_claims, edged
from .thirteenth import passphrase, password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 19603
SPLIT = "held_out_19"
LOWER_NUM = LOWER + DIGITS


def scalr_token(rng: random.Random) -> str:
    """A Scalr API token: 136 characters of letters, digits, ``.`` and ``_``, an HS256 JWT whose header is 36
    characters, claims 55 and signature 43 (drawn again while it holds a ``-``, which the detector's alphabet has
    not)."""
    head = b64(b'{"alg":"HS256","typ":"JWT"}', url=True, pad=False)
    while True:
        claims = _plain_claims(rng, {"jti": "at-" + s(rng, 12, LOWER_NUM)}, 41)
        if not claims:
            continue
        mac = hmac.new(rng.randbytes(32), f"{head}.{claims}".encode(), hashlib.sha256)
        sig = b64(mac.digest(), url=True, pad=False)
        if "-" not in sig:
            return f"{head}.{claims}.{sig}"


def close_key(rng: random.Random) -> str:
    """A Close API key: ``api_`` and 45 characters of letters, digits and ``.``, as two runs of 22 joined by a dot."""
    return "api_" + s(rng, 22) + "." + s(rng, 22)


def budibase_key(rng: random.Random) -> str:
    """A Budibase API key: 32 hex digits, ``-`` and 78 to 80 more."""
    return s(rng, 32, HEX) + "-" + s(rng, rng.randint(78, 80), HEX)


def vapid_private_key(rng: random.Random) -> str:
    """A VAPID private key as web-push prints it: the P-256 scalar's 32 bytes in URL-safe base64 without padding."""
    return b64(rng.randbytes(32), url=True, pad=False)


def base64_32(rng: random.Random) -> str:
    """32 random bytes in base64, as ``openssl rand -base64 32`` gives a secret."""
    return b64(rng.randbytes(32))


def _pem(kind: str, der: bytes) -> str:
    body = b64(der)
    lines = "\n".join(body[i : i + 64] for i in range(0, len(body), 64))
    return f"-----BEGIN {kind}-----\n{lines}\n-----END {kind}-----\n"


def gateway_identity_base64(rng: random.Random) -> str:
    """An IoT gateway's identity as provisioning tools hand it over: an RSA 4096-bit private key in PKCS#8 (about
    2,375 bytes of DER) and its certificate (about 1,400), in PEM, then in base64 on one line: over 6,500 characters,
    longer than a stream's window."""
    key = b"\x30\x82\x09\x43\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x04\x82\x09\x2d"
    key += b"\x30\x82\x09\x29\x02\x01\x00\x02\x82\x02\x01\x00" + rng.randbytes(2345)
    cert = b"\x30\x82\x05\x74\x30\x82\x03\x5c\xa0\x03\x02\x01\x02\x02\x14" + rng.randbytes(1385)
    return b64((_pem("PRIVATE KEY", key) + _pem("CERTIFICATE", cert)).encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("fulcrum_api_token", TH + "fulcrum", fx("", 80, LOWER_NUM), "FULCRUM_API_TOKEN",
     ("fulcrum_python_client", "powershell_profile_env")),
    ("lemlist_api_key", TH + "lemlist", fx("", 32, HEX), "LEMLIST_API_KEY",
     ("lemlist_axios_basic_auth", "environment_d_conf")),
    ("loginradius_api_key", TH + "loginradius", uuid4, "LOGINRADIUS_API_KEY",
     ("loginradius_node_sdk_config", "conan_profile_buildenv")),
    ("nftport_api_key", TH + "nftport", uuid4, "NFTPORT_API_KEY",
     ("nftport_elixir_req", "spack_yaml_env_vars")),
    ("sheety_bearer_token", TH + "sheety", fx("", 64, LOWER_NUM), "SHEETY_TOKEN",
     ("sheety_deno_fetch", "lein_profiles_clj_env")),
    ("thinkific_api_key", TH + "thinkific", fx("", 32, HEX), "THINKIFIC_API_KEY",
     ("thinkific_ruby_net_http", "cmake_presets_environment")),
    ("timecamp_api_token", TH + "timecamp", fx("", 26, LOWER_NUM), "TIMECAMP_API_TOKEN",
     ("timecamp_curl_token_path", "environment_d_conf")),
    ("yousign_api_key", TH + "yousign", fx("", 32, LOWER_NUM), "yousignApiKey",
     ("yousign_php_symfony_client", "angular_environment_ts")),
    ("calendarific_api_key", TH + "calendarific", fx("", 40, LOWER_NUM), "CALENDARIFIC_API_KEY",
     ("calendarific_r_httr", "lein_profiles_clj_env")),
    ("salesmate_access_token", TH + "salesmate", uuid4, "SALESMATE_ACCESS_TOKEN",
     ("salesmate_java_okhttp", "lein_profiles_clj_env")),
    ("meaningcloud_license_key", TH + "meaningcloud", fx("", 32, LOWER_NUM), "MEANINGCLOUD_LICENSE_KEY",
     ("meaningcloud_python_sdk", "spack_yaml_env_vars")),
    ("accuweather_api_key", TH + "accuweather", fx("", 32, ALNUM), "accuweatherApiKey",
     ("accuweather_dart_http", "angular_environment_ts")),
    ("walkscore_api_key", TH + "walkscore", fx("", 32, LOWER_NUM), "WALKSCORE_API_KEY",
     ("walkscore_php_file_get_contents", "environment_d_conf")),
    ("close_crm_api_key", TH + "closecrm", close_key, "CLOSE_API_KEY",
     ("closecrm_python_client", "spack_yaml_env_vars")),
    ("teamgate_auth_token", TH + "teamgate", fx("", 40, LOWER_NUM), "TEAMGATE_AUTH_TOKEN",
     ("teamgate_go_net_http", "conan_profile_buildenv")),
    ("gengo_public_key", TH + "gengo", edged(64, ALNUM + "[]-(){}|_^@$=~"), "GENGO_PUBLIC_KEY",
     ("gengo_python_client", "spack_yaml_env_vars")),
    ("appcues_api_key", TH + "appcues", uuid4, "APPCUES_API_KEY",
     ("appcues_curl_basic", "cmake_presets_environment")),
    ("jupiterone_api_token", TH + "jupiterone", fx("", 76, ALNUM), "JUPITERONE_API_TOKEN",
     ("jupiterone_python_client", "powershell_profile_env")),
    ("budibase_api_key", TH + "budibase", budibase_key, "BUDIBASE_API_KEY",
     ("budibase_csharp_httpclient", "powershell_profile_env")),
    ("privacy_com_api_key", TH + "privacy", uuid4, "privacyApiKey",
     ("privacy_node_fetch", "angular_environment_ts")),
    ("scalr_api_token", TH + "scalr", scalr_token, "SCALR_TOKEN",
     ("scalr_cli_conf_json", "cmake_presets_environment")),
    ("anypoint_bearer_token", TH + "anypoint", uuid4, "ANYPOINT_BEARER_TOKEN",
     ("anypoint_curl_bearer", "powershell_profile_env")),
    ("instamojo_client_secret", TH + "instamojo", fx("", 128, ALNUM), "INSTAMOJO_CLIENT_SECRET",
     ("instamojo_curl_client_credentials", "conan_profile_buildenv")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("bioinformatics_server_id_secret", GENERIC_RULE, fx("", 40, ALNUM), "id_secret",
     ("galaxy_yml_id_secret", "galaxy_ansible_group_vars_id_secret")),
    ("imaging_server_db_password", KW, password, "omero.db.pass",
     ("omero_config_set_db_pass", "omero_compose_config_db_pass")),
    ("workflow_engine_secret_value", GENERIC_RULE, password, "LIMS_DB_PASSWORD",
     ("nextflow_secrets_set_cmd", "nextflow_secrets_store_json")),
    ("mlops_server_secret_key", KW, fx("", 50, ALNUM), "secret_key",
     ("clearml_conf_api_credentials", "clearml_agent_systemd_env")),
    ("batch_pool_password", GENERIC_RULE, password, "pool password",
     ("condor_store_cred_add_cmd", "htcondor_ansible_pool_password")),
    ("data_grid_user_password", GENERIC_RULE, password, "iinit",
     ("iinit_password_arg", "python_irodsclient_session")),
    ("erp_master_password", GENERIC_RULE, password, "admin_passwd",
     ("odoo_conf_admin_passwd", "odoo_database_manager_backup_curl")),
    ("erp_site_db_password", KW, password, "db_password",
     ("frappe_site_config_json", "bench_set_config_db_password")),
    ("crm_database_password", KW, password, "dolibarr_main_db_pass",
     ("dolibarr_conf_php_db_pass", "dolibarr_install_forced_php")),
    ("sap_rfc_password", GENERIC_RULE, password, "PASSWD",
     ("sapnwrfc_ini_passwd", "pyrfc_connection_passwd")),
    ("mail_server_fallback_admin_secret", GENERIC_RULE, password, "fallback-admin",
     ("stalwart_config_toml_fallback_admin", "stalwart_cli_credentials_flag")),
    ("mail_relay_secrets_table_password", GENERIC_RULE, password, "secrets",
     ("opensmtpd_secrets_table_file", "opensmtpd_provision_script_echo_secrets")),
    ("groupware_directory_password", KW, password, "bindPassword",
     ("sogo_conf_bind_password", "zimbra_zmlocalconfig_ldap_root_password")),
    ("mail_fetcher_password", KW, password, "password",
     ("getmailrc_password", "fdm_conf_account_pass")),
    ("backup_gpg_passphrase", GENERIC_RULE, passphrase, "PASSPHRASE",
     ("duplicity_cron_passphrase_env", "backupninja_dup_password")),
    ("backup_server_credentials_password", KW, password, "-Password",
     ("veeam_add_vbrcredentials_ps", "veeam_connect_vbrserver_ps")),
    ("metrics_streaming_api_key", GENERIC_RULE, uuid4, "api key",
     ("netdata_stream_conf_child", "netdata_stream_conf_parent")),
    ("metrics_network_password", KW, password, "Password",
     ("collectd_network_server_password", "collectd_auth_file")),
    ("windows_monitoring_agent_password", KW, password, "password",
     ("nsclient_ini_password", "check_nscp_api_password_flag")),
    ("telemetry_collector_basicauth_password", KW, password, "client_auth",
     ("otelcol_basicauth_client_auth", "otelcol_set_flag_password")),
    ("monitoring_automation_secret", GENERIC_RULE, fx("", 32, UPPER + DIGITS), "automation",
     ("checkmk_agent_register_cmd", "checkmk_rest_api_curl_bearer")),
    ("lorawan_server_api_secret", GENERIC_RULE, base64_32, "api.secret",
     ("chirpstack_toml_api_secret", "chirpstack_docker_env_api_secret")),
    ("mqtt_broker_dashboard_password", GENERIC_RULE, password, "admins passwd",
     ("emqx_ctl_admins_passwd", "emqx_docker_run_default_password")),
    ("web_push_vapid_private_key", GENERIC_RULE, vapid_private_key, "VAPID_PRIVATE_KEY",
     ("web_push_generate_vapid_keys_output", "django_webpush_settings_vapid")),
    ("browser_sync_server_master_secret", GENERIC_RULE, fx("", 64, HEX), "master_secret",
     ("syncstorage_local_toml", "syncstorage_docker_env")),
    ("mobile_local_db_cipher_key", GENERIC_RULE, password, "key",
     ("android_sqlcipher_open_kt", "ios_fmdb_pragma_key_swift")),
    ("iot_gateway_identity_pem_base64_long", GENERIC_RULE, gateway_identity_base64, "GATEWAY_IDENTITY_B64",
     ("balena_env_add_gateway_identity", "cloud_init_write_files_gateway_identity")),
)  # fmt: skip
NINETEENTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, NINETEENTH, SURROUNDINGS)
