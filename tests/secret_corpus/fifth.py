"""The fifth held-out part (split ``held_out_5``): formats and surroundings none of the first four parts has,
captured blind (without reading the redaction rules, while rules were written from the earlier parts) and measured
once on the rules it was captured against, so that its recall tells what the rules catch of credentials nobody
wrote a rule from; what it misses is not to be looked at while writing rules. Vendor shapes are
taken, as facts, from public rule sets (gitleaks' config, trufflehog's detectors, detect-secrets' plugins, GitHub
secret scanning's partner patterns), named in ``source``; the rest are generic shapes, secrets only their setting
tells apart (a WireGuard key, a VPN's credentials file, a password in an SMTP relay's map, a PEM key of 8192 bits
in JSON). Every value is synthetic, made afresh with its own seed, with the format's prefix, length and alphabet.

Surroundings: fifth_places.py for the vendor places; fifth_generic.py for the generic ones: wg-quick and
NetworkManager files, wpa_supplicant and netplan, ipsec.secrets and swanctl, Hardhat and ``cast``, apt's proxy
and ``pip --proxy``, fstab and ``.smbcredentials``, Postfix ``sasl_passwd`` and Exim ``passwd.client``, msmtp
and mutt, sbt credentials, ``.git-credentials`` and ``git remote -v``, HAProxy, Logstash and Fluent Bit, ``helm
--set`` and ``keycloak.conf``, OpenVPN credentials, Airflow connections, SQLAlchemy URLs, NATS and MQTT URLs,
SnowSQL and Snowflake JDBC, ``odbc.ini`` and ``isql``, ``rabbitmqctl`` and ``amqps://``, MongoDB replica-set URIs
and ``mongodump --uri``, Python tracebacks with their locals, ``curl --trace-ascii``, Splunk's HEC, ``terraform
output -json``, a ``.env`` key with escaped newlines, a Secret's ``stringData`` block, a SAML signing config,
a CI log stamping each line of a key, cloud-init, Java properties continued over lines and a TOML string."""

from __future__ import annotations

import base64
import random

from . import fifth_places as at
from .fifth_generic import GENERIC, wireguard
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, s, uuid4

SEED = 3505


SPLIT = "held_out_5"


LOW_NUM = LOWER + DIGITS


B64STD = ALNUM + "+/"


#: What a password may hold here: no quote, comma, colon, at sign or slash, which the places below would need escaped.
PW = ALNUM + "!#%^*-_+=."


def password(rng: random.Random) -> str:
    if rng.random() < 0.5:
        words = ["lantern", "Birch", "copper", "Meadow", "saffron", "Glacier", "thistle", "Harbor", "velvet", "Onyx"]
        return rng.choice(words) + rng.choice(words).lower() + rng.choice("-_.") + s(rng, 4, DIGITS) + rng.choice("!#%")
    return s(rng, rng.randint(16, 30), PW)


def ngrok(rng: random.Random) -> str:
    return f"2{s(rng, 26)}_{rng.choice(DIGITS)}{s(rng, 20)}"


def zoho(rng: random.Random) -> str:
    return f"1000.{s(rng, 32, HEX)}.{s(rng, 32, HEX)}"


def harvest(rng: random.Random) -> str:
    return f"{s(rng, 7, DIGITS)}.pt.{s(rng, 86, B64URL)}"


def salesforce(rng: random.Random) -> str:
    return f"00D{s(rng, 12)}!{s(rng, 96, ALNUM + '._')}"


def uptimerobot(rng: random.Random) -> str:
    return f"ur{s(rng, 7, DIGITS)}-{s(rng, 24, HEX)}"


def pagerduty(rng: random.Random) -> str:
    return "u+" + s(rng, 18, ALNUM + "_-")


def telnyx(rng: random.Random) -> str:
    return f"KEY{s(rng, 32, '0123456789ABCDEF')}_{s(rng, 22)}"


def tableau(rng: random.Random) -> str:
    return f"{s(rng, 22, B64STD)}==:{s(rng, 32)}"


def zapier(rng: random.Random) -> str:
    return f"{s(rng, 7, DIGITS)}/{s(rng, 7, LOW_NUM)}"


def eth_key(rng: random.Random) -> str:
    return "0x" + s(rng, 64, HEX)


def es_api_key(rng: random.Random) -> str:
    return base64.b64encode(f"{s(rng, 20, B64URL)}:{s(rng, 22, B64URL)}".encode()).decode()


def pem_block(kind: str, head: bytes, size: int, width: int = 64) -> Make:
    def make(rng: random.Random) -> str:
        data = base64.b64encode(head + rng.randbytes(size - len(head))).decode()
        lines = [data[i : i + width] for i in range(0, len(data), width)]
        return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"

    return make


#: An RSA key of 8192 bits in PKCS#8 (about 4,800 bytes of DER, 6,400 characters of base64).
rsa_8192 = pem_block(
    "PRIVATE KEY", b"\x30\x82\x12\xc1\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01", 4805
)


#: PKCS#8 encrypted with PBES2 (about 3,100 bytes of DER, 4,150 characters).
encrypted_long = pem_block(
    "ENCRYPTED PRIVATE KEY", b"\x30\x82\x0c\x18\x30\x4e\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x05\x0d", 3100
)


#: An OpenSSH RSA key of 4096 bits (about 3,380 bytes, 4,500 characters in lines of 70).
openssh_4096 = pem_block(
    "OPENSSH PRIVATE KEY", b"openssh-key-v1\0\0\0\0\x04none\0\0\0\x04none\0\0\0\0\0\0\0\x01", 3380, 70
)


#: An EC key on P-256 in SEC 1 (121 bytes).
ec_p256 = pem_block("EC PRIVATE KEY", b"\x30\x77\x02\x01\x01\x04\x20", 121)


KW = "detect-secrets KeywordDetector"


URL = "secretlint (credentials in a URL)"


GENERIC_RULE = "generic (a setting no rule set names)"


#: (name, source, maker, variable name, surroundings)
FIFTH: tuple[tuple[str, str, Make, str, tuple[str, ...]], ...] = (
    ("bittrex_access_key", "gitleaks bittrex-access-key", fx("", 32, LOW_NUM), "BITTREX_API_KEY",
     ("fish_set", "hiera")),
    ("bittrex_secret_key", "gitleaks bittrex-secret-key", fx("", 32, LOW_NUM), "BITTREX_API_SECRET",
     ("csh_setenv", "nix_module")),
    ("droneci_token", "gitleaks droneci-access-token", fx("", 32), "DRONECI_TOKEN", ("windows_setx", "gha_log")),
    ("etsy_token", "gitleaks etsy-access-token", fx("", 24, LOW_NUM), "ETSY_API_KEY", ("makefile", "android_strings")),
    ("finnhub_token", "gitleaks finnhub-access-token", fx("", 20, LOW_NUM), "FINNHUB_API_KEY",
     ("hocon", "redis_monitor")),
    ("flickr_token", "gitleaks flickr-access-token", fx("", 32, LOW_NUM), "FLICKR_API_KEY",
     ("elixir_runtime", "info_plist")),
    ("freemius_secret_key", "gitleaks freemius-secret-key", fx("sk_", 29, ALNUM + "!#$%&*+-=?^_"),
     "FREEMIUS_SECRET_KEY", ("freemius_php", "sql_settings_row")),
    ("freshbooks_token", "gitleaks freshbooks-access-token", fx("", 64, LOW_NUM), "FRESHBOOKS_ACCESS_TOKEN",
     ("clojure_profiles", "wget_header")),
    ("gitter_token", "gitleaks gitter-access-token", fx("", 40, LOW_NUM + "_-"), "GITTER_TOKEN",
     ("laravel_services", "gitlab_ci_log")),
    ("kucoin_access_token", "gitleaks kucoin-access-token", fx("", 24, HEX), "KUCOIN_API_KEY",
     ("xml_properties", "go_struct_dump")),
    ("kucoin_secret_key", "gitleaks kucoin-secret-key", uuid4, "KUCOIN_API_SECRET",
     ("dotnet_user_secrets", "rust_debug")),
    ("linkedin_client_secret", "gitleaks linkedin-client-secret", fx("", 16), "LINKEDIN_CLIENT_SECRET",
     ("gcloud_run", "node_inspect")),
    ("messagebird_api_token", "gitleaks messagebird-api-token", fx("", 25), "MESSAGEBIRD_ACCESS_KEY",
     ("aws_lambda_env", "invoke_restmethod")),
    ("nytimes_token", "gitleaks nytimes-access-token", fx("", 32), "NYTIMES_API_KEY",
     ("docker_secret", "android_strings")),
    ("privateai_token", "gitleaks privateai-api-token", fx("", 32, LOW_NUM), "PRIVATE_AI_API_KEY",
     ("reg_export", "httpie")),
    ("sendbird_access_token", "gitleaks sendbird-access-token", fx("", 40, HEX), "SENDBIRD_API_TOKEN",
     ("k8s_string_data", "hocon")),
    ("sonarqube_token", "gitleaks sonar-api-token", fx("squ_", 40, HEX), "SONAR_TOKEN",
     ("gitlab_ci_log", "last_applied")),
    ("squarespace_token", "gitleaks squarespace-access-token", uuid4, "SQUARESPACE_API_KEY",
     ("sql_settings_row", "elixir_runtime")),
    ("travisci_token", "gitleaks travisci-access-token", fx("", 22), "TRAVIS_API_TOKEN", ("fish_set", "wget_header")),
    ("ngrok_authtoken", "trufflehog ngrok", ngrok, "NGROK_AUTHTOKEN", ("docker_secret", "gha_log")),
    ("webex_client_secret", "trufflehog webex", fx("", 64, HEX), "WEBEX_CLIENT_SECRET",
     ("nix_module", "redis_monitor")),
    ("zoho_oauth_token", "trufflehog zohocrm", zoho, "ZOHO_REFRESH_TOKEN", ("windows_setx", "http_client_debug")),
    ("harvest_pat", "trufflehog harvest", harvest, "HARVEST_ACCESS_TOKEN", ("csh_setenv", "go_struct_dump")),
    ("salesforce_access_token", "trufflehog salesforce", salesforce, "SALESFORCE_ACCESS_TOKEN",
     ("httpie", "xml_properties")),
    ("cloudinary_api_secret", "trufflehog cloudinary", fx("", 27, B64URL), "CLOUDINARY_API_SECRET",
     ("cloudinary_fly", "cloudinary_js")),
    ("paystack_secret_key", "trufflehog paystack", fx("sk_live_", 40), "PAYSTACK_SECRET_KEY",
     ("laravel_services", "rust_debug")),
    ("razorpay_key_secret", "trufflehog razorpay", fx("", 24), "RAZORPAY_KEY_SECRET", ("razorpay_client", "makefile")),
    ("uptimerobot_api_key", "trufflehog uptimerobot", uptimerobot, "UPTIMEROBOT_API_KEY",
     ("hiera", "invoke_restmethod")),
    ("pagerduty_api_key", "trufflehog pagerdutyapikey", pagerduty, "PAGERDUTY_API_TOKEN",
     ("clojure_profiles", "wget_header")),
    ("elevenlabs_key", "trufflehog elevenlabs", fx("sk_", 48, HEX), "ELEVENLABS_API_KEY",
     ("node_inspect", "dotnet_user_secrets")),
    ("mux_token_secret", "trufflehog mux", fx("", 75, B64STD), "MUX_TOKEN_SECRET", ("gha_log", "k8s_string_data")),
    ("zapier_catch_hook", "trufflehog zapierwebhook", zapier, "ZAPIER_WEBHOOK", ("zapier_fetch", "zapier_curl")),
    ("vultr_api_key", "trufflehog vultrapikey", fx("", 36, UPPER + DIGITS), "VULTR_API_KEY",
     ("aws_lambda_env", "http_client_debug")),
    ("crates_io_token", "GitHub secret scanning (crates.io)", fx("cio", 32), "CARGO_REGISTRY_TOKEN",
     ("fish_set", "last_applied")),
    ("telnyx_api_key", "trufflehog telnyx", telnyx, "TELNYX_API_KEY", ("gcloud_run", "reg_export")),
    ("plivo_auth_token", "GitHub secret scanning (Plivo)", fx("", 40), "PLIVO_AUTH_TOKEN",
     ("hocon", "sql_settings_row")),
    ("tableau_pat_secret", "trufflehog tableau", tableau, "TABLEAU_PAT_SECRET",
     ("invoke_restmethod", "go_struct_dump")),
    ("scaleway_secret_key", "GitHub secret scanning (Scaleway)", uuid4, "SCW_SECRET_KEY",
     ("rclone_scaleway", "scw_config")),
    ("ibm_cloud_iam_key", "detect-secrets IbmCloudIamDetector", fx("", 44, ALNUM + "_-"), "IBMCLOUD_API_KEY",
     ("windows_setx", "nix_module")),
    ("ibm_cos_hmac_secret", "detect-secrets IbmCosHmacDetector", fx("", 48, HEX), "COS_HMAC_SECRET_ACCESS_KEY",
     ("rclone_ibmcos", "docker_secret")),
    ("softlayer_api_key", "detect-secrets SoftlayerDetector", fx("", 64, HEX), "SL_API_KEY",
     ("softlayer_config", "redis_monitor")),
    ("cloudant_password", "detect-secrets CloudantDetector", fx("", 64, HEX), "CLOUDANT_PASSWORD",
     ("couch_replicate", "couch_url_env")),
    # generic shapes: secrets only the setting tells apart
    ("wireguard_private_key", "detect-secrets Base64HighEntropyString", wireguard, "PrivateKey",
     ("wg_quick_conf", "nm_wireguard")),
    ("wpa_psk_hex", "detect-secrets HexHighEntropyString", fx("", 64, HEX), "psk", ("wpa_supplicant", "netplan_wifi")),
    ("ipsec_preshared_key", KW, password, "secret", ("ipsec_secrets", "swanctl_conf")),
    ("ethereum_private_key", "detect-secrets HexHighEntropyString", eth_key, "DEPLOYER_PRIVATE_KEY",
     ("hardhat_config", "cast_send")),
    ("proxy_url_password", URL, password, "proxy", ("apt_proxy", "pip_proxy")),
    ("cifs_mount_password", KW, password, "password", ("fstab_cifs", "smb_credentials")),
    ("smtp_relay_map_password", GENERIC_RULE, password, "sasl_passwd", ("sasl_passwd", "exim_passwd_client")),
    ("mail_client_password", KW, password, "password", ("msmtprc", "muttrc")),
    ("sbt_repository_password", KW, password, "password", ("sbt_credentials", "build_sbt")),
    ("git_credentials_token", URL, fx("", 40, HEX), "token", ("git_credentials", "git_remote_v")),
    ("haproxy_password", KW, password, "password", ("haproxy_userlist", "haproxy_stats")),
    ("log_shipper_password", KW, password, "password", ("logstash_output", "fluentbit_output")),
    ("dashboard_admin_password", KW, password, "adminPassword", ("helm_set", "keycloak_conf")),
    ("openvpn_user_password", GENERIC_RULE, password, "auth-user-pass", ("ovpn_auth_file", "ovpn_inline")),
    ("airflow_connection_password", URL, password, "conn-password", ("airflow_conn_env", "airflow_cli")),
    ("sqlalchemy_url_password", "secretlint database-connection-string", password, "sqlalchemy.url",
     ("alembic_ini", "mssql_pyodbc")),
    ("broker_url_password", URL, password, "NATS_URL", ("nats_url", "mqtt_url")),
    ("snowflake_password", KW, password, "password", ("snowsql_config", "snowflake_jdbc")),
    ("odbc_dsn_password", KW, password, "PWD", ("odbc_ini", "isql_command")),
    ("rabbitmq_user_password", KW, password, "password", ("rabbitmqctl", "kombu_amqps")),
    ("mongodb_uri_password", "secretlint database-connection-string", password, "MONGO_URI",
     ("mongodb_replset", "mongodump_uri")),
    ("traceback_local_secret", "gitleaks generic-api-key", fx("", 40), "api_key", ("rich_traceback", "go_struct_dump")),
    ("apikey_scheme_header", "gitleaks curl-auth-header", es_api_key, "Authorization",
     ("curl_trace_ascii", "http_client_apikey")),
    ("splunk_hec_token", GENERIC_RULE, uuid4, "default_token", ("httpie_splunk", "vector_toml")),
    ("rsa_8192_pkcs8_key", "gitleaks private-key", rsa_8192, "jwt_signing_key",
     ("tf_output_json", "dotenv_escaped_newlines")),
    ("encrypted_pkcs8_long_key", "detect-secrets PrivateKeyDetector", encrypted_long, "tls.key",
     ("secret_string_data_block", "saml_signing_xml")),
    ("openssh_rsa_4096_key", "gitleaks private-key", openssh_4096, "SSH_PRIVATE_KEY", ("ci_log_stamped", "cloud_init")),
    ("ec_key_in_config", "detect-secrets PrivateKeyDetector", ec_p256, "signing_key",
     ("properties_continued", "toml_multiline")),
)  # fmt: skip


SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.VENDOR_PLACES + at.ONE_VENDOR},
    **GENERIC,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, FIFTH, SURROUNDINGS)
