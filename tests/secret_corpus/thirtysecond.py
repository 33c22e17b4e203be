"""The thirty-second held-out part (split ``held_out_32``): formats and surroundings none of the first thirty-one
parts has, captured blind (without reading the redaction rules) and measured on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the keyword
a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (a
passkey server's session key, an identity server's cookie secret, a music streamer's app key, a personal CRM's database
password, a feed reader's user password, a no-code database's JWT secret, a DNS filter sync's origin password, a blog
platform's database password, a video front end's HMAC key, a metasearch engine's secret key, a notes service's MySQL
DSN, a PDF tool's first login password, a budget server's password, a commerce framework's superadmin password, a
feature flag server's server-side key, a vector search engine's API key, an embedding store's token, a search
engine's API key in a URL, a developer portal's backend secret, a dependency bot's RSA private key as PEM in base64,
longer than a stream's window, a commerce backend's admin password, an experiment platform's MongoDB URL, a document
server's JWT secret, a photo-sharing server's OAuth private key as PEM, a URL shortener's first API key, a scheduling
poll's secret password and a wiki's app secret). Every value is synthetic, made afresh with its own seed, with the
format's length and alphabet.

Surroundings: thirtysecond_places.py for the vendor places (command-line tools that keep a secret for an application,
and each vendor's API called from a web framework, a monitoring check, a data app, a configuration language, a test
suite, a static site, a task queue, a stream processor, a workflow engine, a documentation build or a command-line
tool no other part has); thirtysecond_generic.py for passkey servers, identity servers, music streamers, personal
CRMs, feed readers, no-code databases, DNS filters, blog platforms and video front ends; thirtysecond_traces.py for
metasearch engines, notes services, PDF tools, budget servers, commerce frameworks, feature flags, vector search,
embedding stores and search engines; thirtysecond_admin.py for developer portals, dependency bots, commerce backends,
experiment platforms, document servers, photo-sharing servers, URL shorteners, scheduling polls and wikis."""

from __future__ import annotations

import random

from . import thirtysecond_admin as adm
from . import thirtysecond_generic as gen
from . import thirtysecond_places as at
from . import thirtysecond_traces as tr
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, armored, b64, s, uuid4
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 32417
SPLIT = "held_out_32"
LOWER_NUM = LOWER + DIGITS
#: the base64url of ``{"alg":"HS256","typ":"JWT"}``
JWT_HS256_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def word_bounded(n: int, inner: str) -> Make:
    """``n`` characters of ``inner`` that start and end with a letter or digit, as a detector's ``\\b`` needs."""
    return lambda rng: rng.choice(ALNUM) + s(rng, n - 2, inner) + rng.choice(ALNUM)


def ditto_key(rng: random.Random) -> str:
    """A Ditto API key as the detector reads it: a UUID's 8-4-4-4-12 of lower-case letters and digits, a dot and 40
    more."""
    parts = "-".join(s(rng, n, LOWER_NUM) for n in (8, 4, 4, 4, 12))
    return f"{parts}.{s(rng, 40, LOWER_NUM)}"


def _jwt(rng: random.Random, claims_chars: int) -> str:
    """An HS256 JSON web token whose claims are ``claims_chars`` characters of base64url, ending with a letter or
    digit."""
    body = b64(rng.randbytes(claims_chars * 3 // 4), url=True, pad=False)
    body = "eyJ" + body[3:]
    while True:
        sig = b64(rng.randbytes(32), url=True, pad=False)
        if sig[-1] in ALNUM:
            return f"{JWT_HS256_HEADER}.{body}.{sig}"


def formbucket_token(rng: random.Random) -> str:
    """A FormBucket API token: a JSON web token (the detector reads letters and digits, a dot, letters and digits, a
    dot and letters, digits, ``-`` and ``_``); claims of 120 characters with no ``-`` or ``_``."""
    while True:
        token = _jwt(rng, 120)
        if token.split(".")[1].isalnum():
            return token


def simplynoted_token(rng: random.Random) -> str:
    """A Simply Noted API token: a bearer JSON web token of 340 to 360 characters, no whitespace."""
    return _jwt(rng, rng.choice((264, 268, 272)))


def instabot_key(rng: random.Random) -> str:
    """An Instabot API key: 32 bytes in base64, 44 characters ending with ``=``."""
    return b64(rng.randbytes(32))


def lendflow_token(rng: random.Random) -> str:
    """A Lendflow API token as the detector reads it: 36 letters and digits, a dot, 235, a dot, then ten runs of
    letters, digits (and ``_`` where the detector allows it) joined by ``-``: 32, 47, 162, 42, 40, 66, 59, 7, 220."""
    runs = [(32, ALNUM), (47, ALNUM), (162, ALNUM + "_"), (42, ALNUM), (40, ALNUM + "_"), (66, ALNUM + "_"),
            (59, ALNUM + "_"), (7, ALNUM), (220, ALNUM + "_")]  # fmt: skip
    tail = "-".join(s(rng, n, alphabet) for n, alphabet in runs)
    return f"{s(rng, 36, ALNUM)}.{s(rng, 235, ALNUM)}.{tail[:-1]}{rng.choice(ALNUM)}"


def rsa4096_pkcs8_pem(rng: random.Random) -> str:
    """An RSA 4096 private key as ``openssl genrsa 4096`` writes it: PKCS#8 DER of about 2,375 bytes in PEM, 64
    characters a line."""
    body = rng.randbytes(2350)
    rsa_oid = b"\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"
    octets = b"\x04\x82" + len(body).to_bytes(2, "big") + body
    inner = b"\x02\x01\x00" + rsa_oid + octets
    return armored("PRIVATE KEY", b"\x30\x82" + len(inner).to_bytes(2, "big") + inner)


def rsa_pem_base64_long(rng: random.Random) -> str:
    """That PEM (with its closing newline) in base64 on one line, as a Kubernetes secret's ``data`` holds it: about
    4,400 characters, longer than a stream's window."""
    return b64((rsa4096_pkcs8_pem(rng) + "\n").encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("autopilot_api_key", TH + "autopilot", fx("", 32, HEX), "AUTOPILOT_API_KEY",
     ("autopilot_hono_route", "cf_set_env")),
    ("bitbar_api_key", TH + "bitbar", fx("", 32, LOWER_NUM), "BITBAR_API_KEY",
     ("bitbar_sinatra_app", "gopass_insert")),
    ("bulbul_api_key", TH + "bulbul", fx("", 32, LOWER_NUM), "BULBUL_API_KEY",
     ("bulbul_mojolicious_lite_app", "berglas_create")),
    ("chatfuel_api_token", TH + "chatfule", fx("", 128, ALNUM), "CHATFUEL_TOKEN",
     ("chatfuel_dancer2_config_yml", "envchain_set")),
    ("cicero_api_key", TH + "cicero", fx("", 40, LOWER_NUM), "CICERO_API_KEY",
     ("cicero_sensu_check_definition", "secret_tool_store")),
    ("collect2_api_key", TH + "collect2", uuid4, "COLLECT2_API_KEY",
     ("collect2_elysia_handler", "podman_secret_create")),
    ("commodities_api_key", TH + "commodities", fx("", 60, ALNUM), "COMMODITIES_API_KEY",
     ("commodities_fastify_plugin", "cf_set_env")),
    ("ditto_api_key", TH + "ditto", ditto_key, "DITTO_API_KEY",
     ("ditto_reflex_state", "gopass_insert")),
    ("dnscheck_api_key", TH + "dnscheck", fx("", 32, ALNUM), "DNSCHECK_API_KEY",
     ("dnscheck_dhall_config", "berglas_create")),
    ("enigma_api_key", TH + "enigma", fx("", 40, ALNUM), "ENIGMA_API_KEY",
     ("enigma_nicegui_app", "envchain_set")),
    ("fakejson_token", TH + "fakejson", fx("", 22, ALNUM), "FAKEJSON_TOKEN",
     ("fakejson_sails_config_custom", "secret_tool_store")),
    ("formbucket_api_token", TH + "formbucket", formbucket_token, "FORMBUCKET_TOKEN",
     ("formbucket_bats_test", "podman_secret_create")),
    ("happi_api_key", TH + "happi", fx("", 56, ALNUM), "HAPPI_API_KEY",
     ("happi_pelicanconf", "cf_set_env")),
    ("instabot_api_key", TH + "instabot", instabot_key, "INSTABOT_API_KEY",
     ("instabot_dramatiq_actor", "gopass_insert")),
    ("kontent_project_key", TH + "kontent", uuid4, "KONTENT_PROJECT_ID",
     ("kontent_zola_config_toml", "berglas_create")),
    ("lendflow_api_token", TH + "lendflow", lendflow_token, "LENDFLOW_TOKEN",
     ("lendflow_faust_agent", "envchain_set")),
    ("metaapi_api_key", TH + "metaapi", fx("", 64, HEX), "METAAPI_KEY",
     ("metaapi_hatchet_workflow", "secret_tool_store")),
    ("quickmetrics_api_key", TH + "quickmetrics", word_bounded(22, B64URL), "QUICKMETRICS_KEY",
     ("quickmetrics_feathers_config", "podman_secret_create")),
    ("scrutinizer_access_token", TH + "scrutinizerci", fx("", 64, LOWER_NUM), "SCRUTINIZER_TOKEN",
     ("scrutinizer_pester_test", "cf_set_env")),
    ("simplynoted_api_token", TH + "simplynoted", simplynoted_token, "SIMPLYNOTED_TOKEN",
     ("simplynoted_adonis_services_config", "gopass_insert")),
    ("skrapp_api_key", TH + "skrappio", fx("", 42, ALNUM), "SKRAPP_API_KEY",
     ("skrapp_hanami_settings", "berglas_create")),
    ("supernotes_api_key", TH + "supernotesapi", fx("", 43, B64URL), "SUPERNOTES_API_KEY",
     ("supernotes_typer_cli_run", "envchain_set")),
    ("webscraper_api_token", TH + "webscraper", fx("", 60, ALNUM), "WEBSCRAPER_API_TOKEN",
     ("webscraper_sphinx_conf", "secret_tool_store")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("passkey_server_session_key", GENERIC_RULE, fx("", 32, ALNUM), "SECRETS_KEYS",
     ("hanko_config_yaml_secrets_keys", "hanko_k8s_deployment_secrets_keys")),
    ("identity_server_cookie_secret", GENERIC_RULE, fx("", 32, ALNUM), "SECRETS_COOKIE",
     ("kratos_yml_secrets_cookie", "kratos_compose_secrets_cookie")),
    ("music_streamer_app_key", GENERIC_RULE, lambda rng: b64(rng.randbytes(32)), "APP_KEY",
     ("koel_env_app_key", "koel_compose_app_key")),
    ("personal_crm_db_password", KW, password, "DB_PASSWORD",
     ("monica_env_db_password", "monica_helm_values_db_password")),
    ("feed_reader_user_password", KW, password, "password",
     ("freshrss_cli_create_user", "freshrss_compose_freshrss_user")),
    ("nocode_db_jwt_secret", GENERIC_RULE, fx("", 48, ALNUM), "BACKEND_JWT_SECRET",
     ("teable_env_jwt_secret", "teable_compose_jwt_secret")),
    ("dns_filter_sync_origin_password", KW, password, "ORIGIN_PASSWORD",
     ("adguardhome_sync_compose_origin_password", "adguardhome_sync_yaml_origin_password")),
    ("blog_platform_db_password", KW, password, "password",
     ("writefreely_config_ini_database", "writefreely_k8s_configmap_config_ini")),
    ("video_frontend_hmac_key", GENERIC_RULE, fx("", 20, LOWER_NUM), "hmac_key",
     ("invidious_config_yml_hmac_key", "invidious_compose_config_hmac_key")),
    ("metasearch_secret_key", GENERIC_RULE, fx("", 64, HEX), "SEARXNG_SECRET",
     ("searxng_settings_yml_secret_key", "searxng_docker_run_secret")),
    ("notes_service_mysql_dsn_password", GENERIC_RULE, password, "MEMOS_DSN",
     ("memos_compose_mysql_dsn", "memos_systemd_unit_dsn")),
    ("pdf_tool_initial_login_password", KW, password, "SECURITY_INITIALLOGIN_PASSWORD",
     ("stirling_pdf_compose_initial_password", "stirling_pdf_settings_yml_initial_password")),
    ("budget_server_password", KW, password, "ACTUAL_PASSWORD",
     ("actual_api_node_import_script", "actual_cron_env_file")),
    ("commerce_framework_superadmin_password", KW, password, "SUPERADMIN_PASSWORD",
     ("vendure_env_superadmin_password", "vendure_config_ts_superadmin")),
    ("feature_flag_server_side_key", GENERIC_RULE, fx("ser.", 22, ALNUM), "FLAGSMITH_SERVER_KEY",
     ("flagsmith_python_sdk_server_key", "flagsmith_env_server_key")),
    ("vector_search_allowed_api_key", GENERIC_RULE, fx("", 32, ALNUM), "AUTHENTICATION_APIKEY_ALLOWED_KEYS",
     ("weaviate_compose_allowed_keys", "weaviate_helm_values_allowed_keys")),
    ("embedding_store_server_token", GENERIC_RULE, fx("", 40, ALNUM), "CHROMA_SERVER_AUTHN_CREDENTIALS",
     ("chroma_compose_authn_credentials", "chroma_python_client_token_header")),
    ("search_engine_api_key_in_url", KW, fx("", 32, ALNUM), "api-key",
     ("typesense_server_cli_api_key", "typesense_curl_query_api_key")),
    ("developer_portal_backend_secret", GENERIC_RULE, lambda rng: b64(rng.randbytes(24)), "BACKEND_SECRET",
     ("backstage_app_config_backend_secret", "backstage_k8s_secret_backend_secret")),
    ("dependency_bot_rsa_private_key_pem_base64_long", GENERIC_RULE, rsa_pem_base64_long, "RENOVATE_PRIVATE_KEY",
     ("renovate_k8s_secret_private_key", "renovate_kubectl_get_secret_json")),
    ("commerce_backend_admin_password", KW, password, "password",
     ("medusa_user_cli_password", "medusa_docker_entrypoint_user")),
    ("experiment_platform_mongodb_url_password", GENERIC_RULE, password, "MONGODB_URI",
     ("growthbook_compose_mongodb_uri", "growthbook_env_mongodb_uri")),
    ("document_server_jwt_secret", GENERIC_RULE, fx("", 32, ALNUM), "JWT_SECRET",
     ("onlyoffice_compose_jwt_secret", "onlyoffice_nextcloud_occ_jwt_secret")),
    ("photo_server_passport_private_key", GENERIC_RULE, rsa4096_pkcs8_pem, "PASSPORT_PRIVATE_KEY",
     ("pixelfed_env_passport_private_key", "pixelfed_k8s_secret_passport_private_key")),
    ("url_shortener_initial_api_key", GENERIC_RULE, uuid4, "INITIAL_API_KEY",
     ("shlink_compose_initial_api_key", "shlink_api_key_generate_output")),
    ("scheduling_poll_secret_password", KW, fx("", 64, HEX), "SECRET_PASSWORD",
     ("rallly_env_secret_password", "rallly_compose_secret_password")),
    ("wiki_app_secret", GENERIC_RULE, fx("", 64, HEX), "APP_SECRET",
     ("docmost_env_app_secret", "docmost_compose_app_secret")),
)  # fmt: skip
THIRTYSECOND = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, THIRTYSECOND, SURROUNDINGS)
