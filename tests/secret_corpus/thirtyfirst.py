"""The thirty-first held-out part (split ``held_out_31``): formats and surroundings none of the first thirty parts
has, captured blind (without reading the redaction rules) and measured on the rules it was captured against, so that
its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked at
while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the keyword a
detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (a
knowledge base's utility secret, a scheduling server's and an e-signing server's encryption key, a design tool's
secret key, a password manager's database password, a wealth tracker's token salt, a virtualization orchestrator's
admin password, an in-memory datastore's password, a survey platform's encryption key, a chatbot builder's
encryption secret, a collaborative workspace's database URL, a notes app's access code, a session replay tool's
database password, a log platform's root password, a vector database's API key, an LLM workspace's JWT secret, a
deployment agent's passkey, a self-hosted PaaS's first admin password, a backend platform's OpenSSL key, an embedded
backend's superuser password, a comic server's token key, a Kubernetes node's join token, an identity-aware proxy's
TLS key as PEM in base64, longer than a stream's window, an app updater's EdDSA private key, a telemetry pipeline's
basic auth password, a notification URL's SMTP password and a container updater's API token). Every value is
synthetic, made afresh with its own seed, with the format's length and alphabet.

Surroundings: thirtyfirst_places.py for the vendor places (command-line tools that hand an application a setting or a
secret, and each vendor's API called from a web framework, a test suite, a home automation script, a documentation
site, a load test, a data app, a data science flow, a chat bot, a static site, a background job, a model server, a
monitoring plugin, a build file or a spreadsheet no other part has); thirtyfirst_generic.py for knowledge bases,
scheduling, e-signing, design tools, password managers, wealth trackers, virtualization and in-memory datastores;
thirtyfirst_traces.py for survey platforms, chatbot builders, workspaces, notes, session replay, log platforms, vector
databases and LLM workspaces; thirtyfirst_admin.py for deployment agents, self-hosted PaaS, backend platforms, comic
servers, Kubernetes nodes, identity-aware proxies, app updaters, telemetry pipelines, notification URLs and container
updaters."""

from __future__ import annotations

import json
import random

from . import thirtyfirst_admin as adm
from . import thirtyfirst_generic as gen
from . import thirtyfirst_places as at
from . import thirtyfirst_traces as tr
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, armored, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part

SEED = 31907
SPLIT = "held_out_31"
LOWER_NUM = LOWER + DIGITS
#: the base64url of ``{"alg":"HS256","typ":"JWT"}``, a header of ``ey`` and 34 letters and digits
JWT_HS256_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def word_bounded(n: int, inner: str) -> Make:
    """``n`` characters of ``inner`` that start and end with a letter or digit, as a detector's ``\\b`` needs."""
    return lambda rng: rng.choice(ALNUM) + s(rng, n - 2, inner) + rng.choice(ALNUM)


def avaza_token(rng: random.Random) -> str:
    """An Avaza personal access token as the detector reads it: the token's number, ``-`` and 40 hex digits."""
    return f"{rng.randint(1000, 999999)}-{s(rng, 40, HEX)}"


def bulksms_secret(rng: random.Random) -> str:
    """A BulkSMS token secret: 29 of ``a-f``, upper-case letters and digits (the detector's class)."""
    return s(rng, 29, "abcdef" + UPPER + DIGITS)


def _b64url_json(claims: dict[str, object]) -> str:
    return b64(json.dumps(claims, separators=(",", ":")).encode(), url=True, pad=False)


def voicegain_token(rng: random.Random) -> str:
    """A Voicegain JSON web token as the detector reads it: ``ey`` and 34 (an HS256 header), a dot, ``ey`` and 108
    (claims of 82 bytes of JSON), a dot and 43 of base64url (the signature), with a letter or digit at the end."""
    while True:
        claims: dict[str, object] = {"aud": "api.voicegain.ai", "sub": s(rng, 8, HEX), "iat": 1764000000}
        claims["jti"] = ""
        claims["jti"] = s(rng, 82 - len(json.dumps(claims, separators=(",", ":"))), HEX)
        sig = b64(rng.randbytes(32), url=True, pad=False)
        if sig[-1] in ALNUM:
            return f"{JWT_HS256_HEADER}.{_b64url_json(claims)}.{sig}"


def graphcms_token(rng: random.Random) -> str:
    """A GraphCMS (Hygraph) permanent auth token as the detector reads it: ``ey`` and 73 letters and digits (an RS256
    header with a key id), a dot, ``ey`` and 365 letters and digits (claims), a dot and 683 of base64url (a signature
    of 512 bytes); the base64url of ASCII JSON with no ``>``, ``?`` or ``~`` holds no ``-`` or ``_``, and the checks
    below say so."""
    while True:
        header = _b64url_json({"alg": "RS256", "typ": "JWT", "kid": s(rng, 20, ALNUM)})
        if len(header) == 75 and header.isalnum():
            break
    while True:
        claims: dict[str, object] = {"version": 3, "iat": 1764000000 + rng.randint(0, 900000),
                                     "aud": ["https://api-eu-central-1.hygraph.com/v2/" + s(rng, 25, LOWER_NUM)],
                                     "iss": "https://management.hygraph.com/", "sub": s(rng, 36, HEX),
                                     "jti": s(rng, 25, LOWER_NUM)}  # fmt: skip
        claims["pad"] = ""
        claims["pad"] = s(rng, 275 - len(json.dumps(claims, separators=(",", ":"))), ALNUM)
        body = _b64url_json(claims)
        if len(body) == 367 and body.isalnum():
            break
    while True:
        sig = b64(rng.randbytes(512), url=True, pad=False)
        if sig[-1] in ALNUM:
            return f"{header}.{body}.{sig}"


def snap_k8s_join_token(rng: random.Random) -> str:
    """A MicroK8s node join token: 32 hex digits, as ``microk8s add-node`` prints it."""
    return s(rng, 32, HEX)


def loki_basic_auth_password(rng: random.Random) -> str:
    """A telemetry pipeline's Loki basic auth password: a generated one, 40 letters and digits."""
    return s(rng, 40, ALNUM)


def tls_key_pem_base64_long(rng: random.Random) -> str:
    """An identity-aware proxy's TLS key as PEM (PKCS#8, RSA 4096: about 2,375 bytes of DER) in base64, as its
    ``certificate_key`` holds it: about 4,400 characters on one line, longer than a stream's window."""
    body = rng.randbytes(2348)
    rsa_oid = b"\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"
    octets = b"\x04\x82" + len(body).to_bytes(2, "big") + body
    inner = b"\x02\x01\x00" + rsa_oid + octets
    der = b"\x30\x82" + len(inner).to_bytes(2, "big") + inner
    pem = armored("PRIVATE KEY", der) + "\n"
    return b64(pem.encode())


def eddsa_private_key(rng: random.Random) -> str:
    """An app updater's EdDSA (ed25519) private key as its key tool exports it: 32 bytes in base64."""
    return b64(rng.randbytes(32))


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("avaza_personal_access_token", TH + "avazapersonalaccesstoken", avaza_token, "AVAZA_TOKEN",
     ("avaza_remix_loader", "qovery_env_create")),
    ("bugherd_api_key", TH + "bugherd", fx("", 22, LOWER_NUM), "BUGHERD_API_KEY",
     ("bugherd_cucumber_after_hook", "akeyless_create_secret")),
    ("bulksms_token_secret", TH + "bulksms", bulksms_secret, "BULKSMS_TOKEN_SECRET",
     ("bulksms_domoticz_dzvents_script", "phase_secrets_create")),
    ("clickhelp_api_key", TH + "clickhelp", fx("", 24, ALNUM), "CLICKHELP_API_KEY",
     ("clickhelp_docusaurus_config", "northflank_create_secret")),
    ("databox_push_token", TH + "databox", fx("", 21, LOWER_NUM), "DATABOX_TOKEN",
     ("databox_locustfile_listener", "encore_secret_set")),
    ("formsite_api_token", TH + "formsite", fx("", 32, ALNUM), "FORMSITE_API_TOKEN",
     ("formsite_shiny_app", "convex_env_set")),
    ("klipfolio_api_key", TH + "klipfolio", fx("", 40, HEX), "KLIPFOLIO_API_KEY",
     ("klipfolio_robot_framework_suite", "qovery_env_create")),
    ("loadmill_api_token", TH + "loadmill", fx("", 40, ALNUM), "LOADMILL_API_TOKEN",
     ("loadmill_behave_environment", "akeyless_create_secret")),
    ("mixpanel_service_account_secret", TH + "mixpanel", fx("", 32, ALNUM), "MIXPANEL_SA_SECRET",
     ("mixpanel_metaflow_flow", "phase_secrets_create")),
    ("proxycrawl_token", TH + "proxycrawl", word_bounded(22, ALNUM + "_"), "PROXYCRAWL_TOKEN",
     ("proxycrawl_axum_handler", "northflank_create_secret")),
    ("reachmail_api_token", TH + "reachmail", word_bounded(64, ALNUM + "-_"), "REACHMAIL_TOKEN",
     ("reachmail_maubot_base_config", "encore_secret_set")),
    ("replyio_api_key", TH + "replyio", fx("", 24, ALNUM), "REPLYIO_API_KEY",
     ("replyio_rasa_custom_action", "convex_env_set")),
    ("ringcentral_client_secret", TH + "ringcentral", word_bounded(22, ALNUM + "_-"), "RINGCENTRAL_CLIENT_SECRET",
     ("ringcentral_vapor_configure", "qovery_env_create")),
    ("satismeter_write_key", TH + "satismeterwritekey", fx("", 16, ALNUM), "SATISMETER_WRITE_KEY",
     ("satismeter_hexo_theme_config", "akeyless_create_secret")),
    ("stitchdata_import_token", TH + "stitchdata", word_bounded(35, LOWER_NUM + "_"), "STITCH_IMPORT_TOKEN",
     ("stitchdata_trigger_dev_task", "phase_secrets_create")),
    ("surveybot_api_key", TH + "surveybot", word_bounded(80, ALNUM + "-"), "SURVEYBOT_API_KEY",
     ("surveybot_inngest_function", "northflank_create_secret")),
    ("swell_secret_key", TH + "swell", fx("", 32, ALNUM), "SWELL_SECRET_KEY",
     ("swell_qwik_city_endpoint", "encore_secret_set")),
    ("voicegain_jwt", TH + "voicegain", voicegain_token, "VOICEGAIN_JWT",
     ("voicegain_ray_serve_deployment", "convex_env_set")),
    ("websitepulse_api_key", TH + "websitepulse", fx("", 32, HEX), "WEBSITEPULSE_KEY",
     ("websitepulse_munin_plugin", "qovery_env_create")),
    ("wepay_app_token", TH + "wepay", word_bounded(62, ALNUM + "_"), "WEPAY_APP_TOKEN",
     ("wepay_micronaut_application_yml", "akeyless_create_secret")),
    ("versioneye_api_key", TH + "versioneye", word_bounded(40, ALNUM + "-"), "VERSIONEYE_API_KEY",
     ("versioneye_buildout_cfg", "phase_secrets_create")),
    ("fxmarket_api_key", TH + "fxmarket", word_bounded(20, ALNUM + "-_"), "FXMARKET_API_KEY",
     ("fxmarket_grist_formula", "northflank_create_secret")),
    ("graphcms_permanent_auth_token", TH + "graphcms", graphcms_token, "GRAPHCMS_TOKEN",
     ("graphcms_vitepress_data_loader", "encore_secret_set")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("knowledge_base_utils_secret", GENERIC_RULE, fx("", 64, HEX), "UTILS_SECRET",
     ("outline_env_utils_secret", "outline_k8s_secret_utils_secret")),
    ("scheduling_encryption_key", GENERIC_RULE, lambda rng: b64(rng.randbytes(24)), "CALENDSO_ENCRYPTION_KEY",
     ("calcom_env_encryption_key", "calcom_helm_values_encryption_key")),
    ("esign_encryption_key", GENERIC_RULE, fx("", 32, ALNUM), "NEXT_PRIVATE_ENCRYPTION_KEY",
     ("documenso_env_encryption_key", "documenso_compose_encryption_key")),
    ("design_tool_secret_key", KW, word_bounded(86, B64URL), "PENPOT_SECRET_KEY",
     ("penpot_compose_secret_key", "penpot_k8s_deployment_secret_key")),
    ("password_manager_db_password", KW, password, "DATASOURCES_DEFAULT_PASSWORD",
     ("passbolt_compose_datasource_password", "passbolt_php_datasources")),
    ("wealth_tracker_access_token_salt", GENERIC_RULE, fx("", 32, ALNUM), "ACCESS_TOKEN_SALT",
     ("ghostfolio_env_access_token_salt", "ghostfolio_compose_access_token_salt")),
    ("virtualization_orchestrator_admin_password", KW, password, "password",
     ("xo_cli_register_password", "xenorchestra_terraform_provider")),
    ("in_memory_datastore_requirepass", KW, password, "requirepass",
     ("dragonfly_docker_run_requirepass", "dragonfly_flagfile_requirepass")),
    ("survey_platform_encryption_key", GENERIC_RULE, fx("", 64, HEX), "ENCRYPTION_KEY",
     ("formbricks_env_encryption_key", "formbricks_helm_values_encryption_key")),
    ("chatbot_builder_encryption_secret", GENERIC_RULE, fx("", 32, ALNUM), "ENCRYPTION_SECRET",
     ("typebot_env_encryption_secret", "typebot_compose_encryption_secret")),
    ("workspace_database_url_password", GENERIC_RULE, password, "APPFLOWY_DATABASE_URL",
     ("appflowy_env_database_url", "appflowy_compose_database_url")),
    ("notes_access_auth_code", GENERIC_RULE, password, "accessAuthCode",
     ("siyuan_docker_run_access_auth_code", "siyuan_compose_access_auth_code")),
    ("session_replay_postgres_password", KW, password, "postgresqlPassword",
     ("openreplay_vars_yaml_postgresql", "openreplay_helm_upgrade_set_password")),
    ("log_platform_root_password", KW, password, "ZO_ROOT_USER_PASSWORD",
     ("openobserve_compose_root_password", "openobserve_statefulset_root_password")),
    ("vector_db_api_key", KW, fx("", 32, ALNUM), "api_key",
     ("qdrant_compose_service_api_key", "qdrant_production_yaml_api_key")),
    ("llm_workspace_jwt_secret", GENERIC_RULE, fx("", 48, ALNUM), "JWT_SECRET",
     ("anythingllm_env_jwt_secret", "anythingllm_docker_run_jwt_secret")),
    ("deploy_agent_passkey", GENERIC_RULE, fx("", 40, ALNUM), "KOMODO_PASSKEY",
     ("komodo_compose_env_passkey", "komodo_periphery_config_toml_passkeys")),
    ("paas_root_user_password", KW, password, "ROOT_USER_PASSWORD",
     ("coolify_install_env_root_password", "coolify_source_env_root_password")),
    ("backend_platform_openssl_key", GENERIC_RULE, fx("", 64, HEX), "_APP_OPENSSL_KEY_V1",
     ("appwrite_env_openssl_key", "appwrite_compose_openssl_key")),
    ("embedded_backend_superuser_password", KW, password, "superuser",
     ("pocketbase_superuser_upsert_cli", "pocketbase_container_entrypoint")),
    ("comic_server_token_key", GENERIC_RULE, lambda rng: b64(rng.randbytes(96)), "TokenKey",
     ("kavita_appsettings_json_token_key", "kavita_k8s_configmap_appsettings")),
    ("snap_k8s_node_join_token", GENERIC_RULE, snap_k8s_join_token, "join",
     ("microk8s_add_node_output", "microk8s_join_cloud_init")),
    ("identity_proxy_tls_key_pem_base64_long", GENERIC_RULE, tls_key_pem_base64_long, "certificate_key",
     ("pomerium_config_yaml_certificate_key", "pomerium_k8s_secret_certificate_key")),
    ("app_updater_eddsa_private_key", GENERIC_RULE, eddsa_private_key, "SPARKLE_PRIVATE_KEY",
     ("sparkle_sign_update_release_script", "sparkle_generate_keys_export")),
    ("telemetry_pipeline_loki_basic_auth_password", KW, loki_basic_auth_password, "password",
     ("cribl_outputs_yml_loki_password", "cribl_api_patch_output_password")),
    ("notification_url_smtp_password", GENERIC_RULE, password, "mailtos",
     ("apprise_yml_mailtos_url", "apprise_cli_mailtos_url")),
    ("container_updater_http_api_token", GENERIC_RULE, fx("", 40, ALNUM), "WATCHTOWER_HTTP_API_TOKEN",
     ("watchtower_compose_http_api_token", "watchtower_post_receive_hook_bearer")),
)  # fmt: skip
THIRTYFIRST = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, THIRTYFIRST, SURROUNDINGS)
