"""The thirtieth held-out part (split ``held_out_30``): formats and surroundings none of the first twenty-nine parts
has, captured blind (without reading the redaction rules) and measured on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the keyword a
detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (a
microblogging server's, a forum's, a no-code table's and a help desk's database password, a fediverse server's and a
support suite's secret key base, a time tracker's, a web analytics server's and a distributed SQL database's
connection URL, a kanban board's MongoDB URL, a low-code builder's lockbox key, an error tracker's secret key, a
reverse proxy manager's, a status page's, a mail delivery platform's and a mail server's database password, a single
sign-on server's data source, a usage analytics server's MongoDB password, a cloud manager's admin password, a
MySQL-compatible cluster's and a document database's password, a search engine's master key, a metrics agent's remote
write credentials as HTTP basic auth, a data labelling tool's and an LLM flow builder's admin password, a self-hosted
inference server's API key and a sealed secrets controller's RSA key as PEM in base64, longer than a stream's window).
Every value is synthetic, made afresh with its own seed, with the format's length and alphabet.

Surroundings: thirtieth_places.py for the vendor places (command-line tools that hand an application a setting, and
each vendor's API called from a delivery pipeline, a static site, a build script, a text expander, a DNS server's
hook, a process monitor, a BASIC dialect, a machine learning demo, a crawler, a robot, a torrent client, a web
framework, a serverless script, a big data CLI, a design tool's plugin, a browser extension, a note-taking app or a
network automation task no other part has); thirtieth_generic.py for fediverse servers, forums, time trackers, kanban
boards, no-code tables, low-code builders, web analytics and help desks; thirtieth_traces.py for error trackers,
reverse proxy managers, single sign-on, status pages, usage analytics, mail platforms and support suites;
thirtieth_admin.py for cloud managers, distributed databases, search engines, metrics agents, data labelling, LLM tools
and cluster secret controllers."""

from __future__ import annotations

import json
import random

from . import thirtieth_admin as adm
from . import thirtieth_generic as gen
from . import thirtieth_places as at
from . import thirtieth_traces as tr
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64, B64URL, DIGITS, HEX, LOWER, UPPER, armored, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part
from .twentyfourth import uuid4

SEED = 30583
SPLIT = "held_out_30"
LOWER_NUM = LOWER + DIGITS
#: the characters of a Django project's generated ``SECRET_KEY``, less ``%``, ``&``, ``=`` and ``$`` (Compose would
#: read a ``$`` as the start of a variable)
DJANGO_KEY = LOWER + DIGITS + "!@#^*(-_+)"
#: the base64url of ``{"alg":"HS256","typ":"JWT"}``, a header the FlightLabs detector's 36 letters and digits hold
JWT_HS256_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def word_bounded(n: int, inner: str) -> Make:
    """``n`` characters of ``inner`` that start and end with a letter or digit, as a detector's ``\\b`` needs."""
    return lambda rng: rng.choice(ALNUM) + s(rng, n - 2, inner) + rng.choice(ALNUM)


def apifonica_token(rng: random.Random) -> str:
    """An Apifonica auth token as the detector reads it: 11, 4, 4, 4 and 12 lower-case letters and digits, joined by
    hyphens."""
    return "-".join(s(rng, n, LOWER_NUM) for n in (11, 4, 4, 4, 12))


def cloudplan_session_id(rng: random.Random) -> str:
    """A Cloudplan session id: 32 of upper-case letters, digits and ``-`` (the detector's), a letter or digit at each
    end where its ``\\b`` stands."""
    return s(rng, 1, UPPER + DIGITS) + s(rng, 30, UPPER + DIGITS + "-") + s(rng, 1, UPPER + DIGITS)


def fileio_key(rng: random.Random) -> str:
    """A file.io API key: 39 of upper-case letters, digits, ``.`` and ``-`` (the detector's), as five groups of seven
    joined by a dot and hyphens."""
    groups = [s(rng, 7, UPPER + DIGITS) for _ in range(5)]
    return groups[0] + "." + "-".join(groups[1:])


def flightlabs_key(rng: random.Random) -> str:
    """A FlightLabs access key, a JSON web token as the detector reads it: ``ey`` and 34 letters and digits (an HS256
    header), a dot, then ``ey`` and 300 to 350 of letters, digits, ``.``, ``_`` and ``-`` (claims, a dot and a
    signature of 43 of base64url)."""
    while True:
        iat = 1764000000 + rng.randint(0, 900000)
        claims = {"aud": str(rng.randint(1, 9)), "jti": s(rng, rng.randint(100, 140), HEX), "iat": iat,
                  "nbf": iat, "exp": iat + 31536000, "sub": str(rng.randint(10000, 99999)), "scopes": []}  # fmt: skip
        body = b64(json.dumps(claims, separators=(",", ":")).encode(), url=True, pad=False)
        rest = f"{body}.{b64(rng.randbytes(32), url=True, pad=False)}"
        if 302 <= len(rest) <= 352 and rest[-1] in ALNUM:
            return f"{JWT_HS256_HEADER}.{rest}"


def zenkit_key(rng: random.Random) -> str:
    """A Zenkit API key: 8 lower-case letters and digits, ``-`` and 32 letters and digits."""
    return f"{s(rng, 8, LOWER_NUM)}-{s(rng, 32, ALNUM)}"


def remote_write_basic_auth(rng: random.Random) -> str:
    """HTTP basic auth of a metrics agent's remote write: the base64 of ``user:password``."""
    return b64(f"vmagent-eu:{password(rng)}".encode())


def sealed_secrets_key_pem_base64_long(rng: random.Random) -> str:
    """A sealed secrets controller's key as PEM (PKCS#1, RSA 4096: about 2,350 bytes of DER) in base64, as its
    ``tls.key`` holds it: about 4,300 characters on one line, longer than a stream's window."""
    body = rng.randbytes(2342)
    der = b"\x30\x82" + (len(body) + 3).to_bytes(2, "big") + b"\x02\x01\x00" + body
    pem = armored("RSA PRIVATE KEY", der) + "\n"
    return b64(pem.encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("apifonica_auth_token", TH + "apifonica", apifonica_token, "APIFONICA_AUTH_TOKEN",
     ("apifonica_spinnaker_webhook_stage", "convox_env_set")),
    ("appsynergy_api_key", TH + "appsynergy", fx("", 64, LOWER_NUM), "APPSYNERGY_API_KEY",
     ("appsynergy_gatsby_node_js", "gigalixir_config_set")),
    ("artsy_client_secret", TH + "artsy", fx("", 32, ALNUM), "ARTSY_CLIENT_SECRET",
     ("artsy_jekyll_config_yml", "aptible_config_set")),
    ("runscope_access_token", TH + "blazemeter", uuid4, "RUNSCOPE_ACCESS_TOKEN",
     ("runscope_cake_build_script", "chamber_write")),
    ("boostnote_api_token", TH + "boostnote", fx("", 64, HEX), "BOOSTNOTE_TOKEN",
     ("boostnote_espanso_match", "infisical_secrets_set")),
    ("buddyns_api_token", TH + "buddyns", fx("", 40, LOWER_NUM), "BUDDYNS_API_TOKEN",
     ("buddyns_nsd_control_addzone_hook", "cloud66_cx_env_vars_set")),
    ("clockworksms_access_token", TH + "clockworksms", fx("", 24, ALNUM), "CLOCKWORK_ACCESS_TOKEN",
     ("clockworksms_monitrc_exec_alert", "convox_env_set")),
    ("cloudplan_session_id", TH + "cloudplan", cloudplan_session_id, "CLOUDPLAN_SESSION_ID",
     ("cloudplan_gambas_httpclient", "gigalixir_config_set")),
    ("deepai_api_key", TH + "deepai", uuid4, "DEEPAI_API_KEY",
     ("deepai_gradio_app", "aptible_config_set")),
    ("detectify_api_key", TH + "detectify", fx("", 32, LOWER_NUM), "DETECTIFY_API_KEY",
     ("detectify_dagger_pipeline", "chamber_write")),
    ("diggernaut_api_token", TH + "diggernaut", fx("", 40, LOWER_NUM), "DIGGERNAUT_TOKEN",
     ("diggernaut_scrapy_settings_py", "infisical_secrets_set")),
    ("faceplusplus_api_secret", TH + "faceplusplus", word_bounded(32, ALNUM + "_-"), "FACEPP_API_SECRET",
     ("faceplusplus_ros2_params_yaml", "cloud66_cx_env_vars_set")),
    ("fileio_api_key", TH + "fileio", fileio_key, "FILEIO_API_KEY",
     ("fileio_qbittorrent_autorun", "convox_env_set")),
    ("flightlabs_access_key", TH + "flightlabs", flightlabs_key, "FLIGHTLABS_ACCESS_KEY",
     ("flightlabs_astro_page", "gigalixir_config_set")),
    ("foursquare_client_secret", TH + "foursquare", fx("", 48, UPPER + DIGITS), "FOURSQUARE_CLIENT_SECRET",
     ("foursquare_nuxt_runtime_config", "aptible_config_set")),
    ("mixmax_api_token", TH + "mixmax", word_bounded(36, ALNUM + "_-"), "MIXMAX_API_TOKEN",
     ("mixmax_val_town_script", "chamber_write")),
    ("qubole_api_token", TH + "qubole", fx("", 64, LOWER_NUM), "QUBOLE_API_TOKEN",
     ("qubole_qds_cli_history", "infisical_secrets_set")),
    ("shutterstock_consumer_secret", TH + "shutterstock", fx("", 16, ALNUM), "SHUTTERSTOCK_CONSUMER_SECRET",
     ("shutterstock_uxp_plugin", "cloud66_cx_env_vars_set")),
    ("signupgenius_user_key", TH + "signupgenius", fx("", 32, ALNUM), "SIGNUPGENIUS_USER_KEY",
     ("signupgenius_sveltekit_server_load", "convox_env_set")),
    ("siteleaf_api_secret", TH + "siteleaf", fx("", 32, LOWER_NUM), "SITELEAF_API_SECRET",
     ("siteleaf_cli_dotfile", "gigalixir_config_set")),
    ("streak_api_key", TH + "streak", fx("", 32, HEX), "STREAK_API_KEY",
     ("streak_chrome_extension_worker", "aptible_config_set")),
    ("zenkit_api_key", TH + "zenkitapi", zenkit_key, "ZENKIT_API_KEY",
     ("zenkit_logseq_plugin", "chamber_write")),
    ("thousandeyes_api_token", TH + "thousandeyes", fx("", 32, ALNUM), "THOUSANDEYES_TOKEN",
     ("thousandeyes_nornir_task", "infisical_secrets_set")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("microblog_db_password", GENERIC_RULE, password, "pass",
     ("misskey_default_yml_db_pass", "misskey_docker_env_postgres")),
    ("fediverse_secret_key_base", KW, fx("", 64, B64), "secret_key_base",
     ("akkoma_prod_secret_exs_key_base", "akkoma_k8s_secret_key_base")),
    ("forum_db_password", KW, password, "password",
     ("flarum_config_php_database", "nodebb_config_json_mongo")),
    ("time_tracker_database_url_password", GENERIC_RULE, password, "DATABASE_URL",
     ("kimai_env_database_url", "kimai_compose_database_url")),
    ("kanban_mongo_url_password", GENERIC_RULE, password, "MONGO_URL",
     ("wekan_compose_mongo_url", "wekan_snap_set_mongo_url")),
    ("nocode_table_db_password", KW, password, "DATABASE_PASSWORD",
     ("baserow_compose_database_password", "baserow_helm_values_postgresql")),
    ("lowcode_builder_lockbox_key", GENERIC_RULE, fx("", 64, HEX), "LOCKBOX_MASTER_KEY",
     ("tooljet_env_lockbox_master_key", "tooljet_k8s_deployment_env")),
    ("web_analytics_database_url_password", GENERIC_RULE, password, "DATABASE_URL",
     ("umami_env_database_url", "umami_compose_database_url")),
    ("shared_inbox_db_password", KW, password, "DB_PASSWORD",
     ("freescout_env_db_password", "freescout_compose_db_password")),
    ("error_tracker_secret_key", KW, fx("", 50, DJANGO_KEY), "SECRET_KEY",
     ("glitchtip_compose_secret_key", "glitchtip_helm_values_secret_key")),
    ("reverse_proxy_manager_db_password", KW, password, "DB_MYSQL_PASSWORD",
     ("npm_compose_db_mysql_password", "npm_production_json_database")),
    ("sso_datasource_password", GENERIC_RULE, password, "dataSourceName",
     ("casdoor_app_conf_data_source", "casdoor_compose_data_source_env")),
    ("status_page_db_password", KW, password, "password",
     ("statping_config_yml_db_pass", "statping_compose_db_pass")),
    ("usage_analytics_mongodb_password", KW, password, "password",
     ("countly_api_config_js_mongodb", "countly_frontend_config_js_mongodb")),
    ("mail_delivery_db_password", KW, password, "password",
     ("postal_yml_main_db", "postal_mariadb_docker_run")),
    ("support_suite_secret_key_base", KW, fx("", 128, HEX), "SECRET_KEY_BASE",
     ("chatwoot_env_secret_key_base", "chatwoot_k8s_secret_string_data")),
    ("mail_server_vmail_db_password", KW, password, "VMAIL_DB_BIND_PASSWD",
     ("iredmail_config_file_vmail", "iredadmin_settings_py_vmail")),
    ("cloud_manager_oneadmin_password", GENERIC_RULE, password, "one_auth",
     ("opennebula_one_auth_file", "opennebula_oneuser_passwd")),
    ("distributed_sql_url_password", GENERIC_RULE, password, "url",
     ("cockroach_sql_url_flag", "cockroach_workload_init_url")),
    ("mysql_compatible_cluster_password", KW, password, "Password",
     ("vitess_static_auth_json", "tidb_operator_secret_literal")),
    ("document_db_admin_password", KW, password, "initial-password",
     ("rethinkdb_initial_password_flag", "rethinkdb_compose_command")),
    ("search_engine_master_key", GENERIC_RULE, word_bounded(43, B64URL), "master_key",
     ("meilisearch_config_toml_master_key", "meilisearch_systemd_exec_start")),
    ("metrics_remote_write_basic_auth", GENERIC_RULE, remote_write_basic_auth, "Authorization",
     ("vmagent_flags_authorization_header", "vmagent_helm_values_headers")),
    ("labeling_tool_admin_password", KW, password, "password",
     ("labelstudio_start_cli_password", "labelstudio_compose_env_password")),
    ("llm_flow_builder_admin_password", KW, password, "FLOWISE_PASSWORD",
     ("flowise_env_password", "langflow_compose_superuser_password")),
    ("self_hosted_inference_api_key", KW, fx("", 48, ALNUM), "API_KEY",
     ("localai_docker_run_api_key", "localai_helm_values_api_keys")),
    ("sealed_secrets_controller_key_pem_base64_long", GENERIC_RULE, sealed_secrets_key_pem_base64_long, "tls.key",
     ("sealed_secrets_master_key_backup_yaml", "sealed_secrets_restore_heredoc")),
)  # fmt: skip
THIRTIETH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, THIRTIETH, SURROUNDINGS)
