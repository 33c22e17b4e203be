"""The twenty-ninth held-out part (split ``held_out_29``): formats and surroundings none of the first twenty-eight
parts has, captured blind (without reading the redaction rules) and measured on the rules it was captured against, so
that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be looked
at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the keyword a
detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart (a video
platform's, a link aggregator's, a photo library's and a marketing automation's database password, an audio server's
database URL, a collaborative editor's session secret, a pad editor's and a headless CMS's admin password, a no-code
database's connection with its password as a query parameter, a threat intelligence platform's admin token, a malware
sharing platform's auth key, a security case tool's and a mobile app scanner's API key, a vulnerability tracker's API
token, a vulnerability scanner's and a server admin panel's password, a remote management server's and a hosting
panel's database password, a PostgreSQL backup's cipher passphrase, a cluster manager's superuser password, a SQL
proxy's admin credentials, a PostgreSQL backup manager's, a mail suite's and a research data tool's database password,
a cron monitor's ping URL key, a wiki's REST credentials as HTTP basic auth and a mail server's DKIM signing key as PEM
in base64, longer than a stream's window). Every value is synthetic, made afresh with its own seed, with the format's
length and alphabet.

Surroundings: twentyninth_places.py for the vendor places (deployment tools' ways of handing an application a setting,
and each vendor's API called from an editor's notebook, a CI service, a legacy desktop language, a load tester, a
REPL's history, an intercepting proxy, a music notation program's plugin, a microcontroller, a game engine, a desktop
automation, a workflow engine, a data pipeline, a log collector or a media installation no other part has);
twentyninth_generic.py for federated social apps, collaborative editors, no-code databases, headless CMSs and
marketing automation; twentyninth_traces.py for security operations tools and remote administration panels;
twentyninth_admin.py for database operations, backups, mail suites, research data capture, self-hosted monitoring and
wikis."""

from __future__ import annotations

import json
import random

from . import twentyninth_admin as adm
from . import twentyninth_generic as gen
from . import twentyninth_places as at
from . import twentyninth_traces as tr
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, armored, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part
from .twentyfourth import uuid4

SEED = 29417
SPLIT = "held_out_29"
LOWER_NUM = LOWER + DIGITS
#: the base64url of ``{"typ":"JWT","alg":"HS256"}``, the header AppFollow's detector reads before its token's claims
JWT_TYP_HS256_HEADER = "eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9"


def appfollow_token(rng: random.Random) -> str:
    """An AppFollow API token, a JSON web token as the detector reads it: its fixed header, a dot, 74 letters and
    digits (the claims, ``eyJ`` first as a JSON object's base64url begins), a dot and 43 of base64url (HMAC-SHA256)."""
    return f"{JWT_TYP_HS256_HEADER}.eyJ{s(rng, 71, ALNUM)}.{s(rng, 43, B64URL)}"


def word_bounded(n: int, inner: str) -> Make:
    """``n`` characters of ``inner`` that start and end with a letter or digit, as a detector's ``\\b`` needs."""
    return lambda rng: rng.choice(ALNUM) + s(rng, n - 2, inner) + rng.choice(ALNUM)


def exportsdk_key(rng: random.Random) -> str:
    """An ExportSDK API key: 5 to 15 lower-case letters and digits, ``_`` and a UUID (the detector's 36 of
    ``[0-9a-z-]``)."""
    return s(rng, rng.randint(5, 15), LOWER_NUM) + "_" + uuid4(rng)


def getgist_key(rng: random.Random) -> str:
    """A Gist API key: 68 of letters, digits, ``+`` and ``=`` (the detector's), a letter or digit first (where the
    detector's ``\\b`` stands) and ``=`` last."""
    return rng.choice(ALNUM) + s(rng, 66, ALNUM + "+") + "="


def viewneo_token(rng: random.Random) -> str:
    """A viewneo API token, an RS256 JSON web token of an OAuth server that puts the token's id in its header too:
    a header and claims of 120 to 300 and 150 to 300 letters and digits, and a signature of 683 of base64url (4096-bit
    RSA), as the detector reads them."""
    while True:
        jti = s(rng, 80, HEX)
        head = b64(
            json.dumps({"typ": "JWT", "alg": "RS256", "jti": jti}, separators=(",", ":")).encode(), url=True, pad=False
        )
        iat = 1764000000 + rng.randint(0, 900000)
        claims = {"aud": str(rng.randint(2, 40)), "jti": jti, "iat": f"{iat}.{s(rng, 6, DIGITS)}",
                  "nbf": f"{iat}.{s(rng, 6, DIGITS)}", "exp": iat + 31536000, "sub": str(rng.randint(100, 9999)),
                  "scopes": []}  # fmt: skip
        body = b64(json.dumps(claims, separators=(",", ":")).encode(), url=True, pad=False)
        if (head + body).isalnum():
            return f"{head}.{body}.{b64(rng.randbytes(512), url=True, pad=False)}"


def pgbackrest_cipher_pass(rng: random.Random) -> str:
    """A pgBackRest repository cipher passphrase as its guide makes one (``openssl rand -base64 48``)."""
    return b64(rng.randbytes(48))


def wiki_basic_auth(rng: random.Random) -> str:
    """HTTP basic auth of a wiki's service account: the base64 of ``user:password``."""
    return b64(f"svc-runbooks:{password(rng)}".encode())


def dkim_signing_key_pem_base64_long(rng: random.Random) -> str:
    """A mail server's DKIM signing key as PEM (PKCS#1, RSA 4096: about 2,350 bytes of DER) in base64, as a Helm
    value or a Kubernetes secret holds it: about 4,300 characters on one line, longer than a stream's window."""
    body = rng.randbytes(2340)
    der = b"\x30\x82" + (len(body) + 3).to_bytes(2, "big") + b"\x02\x01\x00" + body
    pem = armored("RSA PRIVATE KEY", der) + "\n"
    return b64(pem.encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("aletheiaapi_key", TH + "aletheiaapi", fx("", 32, UPPER + DIGITS), "ALETHEIAAPI_KEY",
     ("aletheiaapi_org_babel_block", "juju_config_set")),
    ("appfollow_api_token", TH + "appfollow", appfollow_token, "APPFOLLOW_API_TOKEN",
     ("appfollow_buddy_yml_variable", "piku_env_file")),
    ("campayn_api_key", TH + "campayn", fx("", 64, LOWER_NUM), "CAMPAYN_API_KEY",
     ("campayn_powerbuilder_httpclient", "caprover_api_env_vars")),
    ("commercejs_secret_key", TH + "commercejs", fx("sk_", 45, HEX), "COMMERCEJS_SECRET_KEY",
     ("commercejs_vegeta_targets", "waypoint_config_set")),
    ("dareboost_api_token", TH + "dareboost", fx("", 60, ALNUM), "DAREBOOST_TOKEN",
     ("dareboost_zuul_job_vars", "sam_deploy_parameter_overrides")),
    ("dronahq_token_key", TH + "dronahq", fx("", 50, LOWER_NUM), "DRONAHQ_TOKENKEY",
     ("dronahq_irb_history", "guix_home_environment_variables")),
    ("easyinsight_api_key", TH + "easyinsight", fx("", 20, ALNUM), "EASYINSIGHT_API_KEY",
     ("easyinsight_sagemath_session", "juju_config_set")),
    ("exportsdk_api_key", TH + "exportsdk", exportsdk_key, "EXPORTSDK_API_KEY",
     ("exportsdk_fiddler_raw_request", "piku_env_file")),
    ("flatio_access_token", TH + "flatio", fx("", 128, LOWER_NUM), "FLAT_ACCESS_TOKEN",
     ("flatio_musescore_plugin_qml", "caprover_api_env_vars")),
    ("getgist_api_key", TH + "getgist", getgist_key, "GETGIST_API_KEY",
     ("getgist_siege_conf_header", "waypoint_config_set")),
    ("glitterlyapi_key", TH + "glitterlyapi", uuid4, "GLITTERLYAPI_KEY",
     ("glitterlyapi_circuitpython_code", "sam_deploy_parameter_overrides")),
    ("heatmapapi_key", TH + "heatmapapi", uuid4, "HEATMAPAPI_KEY",
     ("heatmapapi_foxpro_winhttp", "guix_home_environment_variables")),
    ("metrilo_api_token", TH + "metrilo", fx("", 16, LOWER_NUM), "METRILO_TOKEN",
     ("metrilo_fluentd_record_transformer", "juju_config_set")),
    ("noticeable_api_key", TH + "noticeable", fx("", 20, ALNUM), "NOTICEABLE_API_KEY",
     ("noticeable_applescript_shell", "piku_env_file")),
    ("onwaterio_access_token", TH + "onwaterio", word_bounded(20, ALNUM + "_-"), "ONWATER_ACCESS_TOKEN",
     ("onwaterio_solar2d_network_request", "caprover_api_env_vars")),
    ("overloop_api_key", TH + "overloop", word_bounded(50, ALNUM + "_-"), "OVERLOOP_API_KEY",
     ("overloop_windmill_script", "waypoint_config_set")),
    ("parsehub_api_key", TH + "parsehub", fx("", 12, ALNUM), "PARSEHUB_API_KEY",
     ("parsehub_luigi_cfg", "sam_deploy_parameter_overrides")),
    ("partnerstack_api_key", TH + "partnerstack", fx("", 64, ALNUM), "PARTNERSTACK_API_KEY",
     ("partnerstack_temporal_activity", "guix_home_environment_variables")),
    ("postageapp_api_key", TH + "postageapp", fx("", 32, ALNUM), "POSTAGEAPP_API_KEY",
     ("postageapp_scriptable_request", "juju_config_set")),
    ("signaturit_access_token", TH + "signaturit", fx("", 86, ALNUM), "SIGNATURIT_TOKEN",
     ("signaturit_streamsets_http_client", "piku_env_file")),
    ("survicate_api_key", TH + "survicate", fx("", 32, LOWER_NUM), "SURVICATE_API_KEY",
     ("survicate_rapidminer_process", "caprover_api_env_vars")),
    ("typetalk_client_secret", TH + "typetalk", fx("", 64, ALNUM), "TYPETALK_CLIENT_SECRET",
     ("typetalk_automator_run_shell_script", "waypoint_config_set")),
    ("viewneo_api_token", TH + "viewneo", viewneo_token, "VIEWNEO_TOKEN",
     ("viewneo_touchdesigner_webclient", "sam_deploy_parameter_overrides")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("video_platform_db_password", KW, password, "password",
     ("peertube_production_yaml_db", "peertube_docker_env_db")),
    ("link_aggregator_db_password", KW, password, "password",
     ("lemmy_hjson_database", "lemmy_compose_postgres_env")),
    ("audio_server_database_url_password", GENERIC_RULE, password, "DATABASE_URL",
     ("funkwhale_env_database_url", "funkwhale_systemd_unit_database_url")),
    ("photo_library_db_password", KW, password, "password",
     ("immich_env_db_password", "immich_helm_values_postgres")),
    ("markdown_pad_session_secret", KW, fx("", 64, HEX), "sessionSecret",
     ("hedgedoc_config_json_session_secret", "hedgedoc_compose_session_secret")),
    ("pad_editor_admin_password", KW, password, "password",
     ("etherpad_settings_json_admin", "etherpad_compose_admin_password")),
    ("nocode_db_url_query_password", GENERIC_RULE, password, "NC_DB",
     ("nocodb_compose_nc_db", "nocodb_docker_run_nc_db")),
    ("headless_cms_admin_password", KW, password, "ADMIN_PASSWORD",
     ("directus_env_admin_password", "directus_compose_admin_password")),
    ("marketing_automation_db_password", KW, password, "db_password",
     ("mautic_local_php_db_password", "mautic_container_env_db_password")),
    ("threat_intel_admin_token", KW, uuid4, "OPENCTI_ADMIN_TOKEN",
     ("opencti_env_admin_token", "opencti_connector_config_yml_token")),
    ("malware_sharing_auth_key", KW, fx("", 40, ALNUM), "misp_key",
     ("misp_pymisp_keys_py", "misp_curl_authorization_header")),
    ("security_case_api_key", KW, fx("", 32, ALNUM + "+/"), "apikey",
     ("thehive4py_script_api_key", "thehive_application_conf_cortex_key")),
    ("vuln_tracker_api_token", GENERIC_RULE, fx("", 40, HEX), "Token",
     ("defectdojo_upload_scan_script", "defectdojo_python_importer_headers")),
    ("mobile_app_scanner_api_key", GENERIC_RULE, fx("", 64, HEX), "MOBSF_API_KEY",
     ("mobsf_upload_curl_authorization", "mobsf_compose_env_api_key")),
    ("vulnerability_scanner_admin_password", KW, password, "new-password",
     ("greenbone_gvmd_new_password", "greenbone_gvm_cli_gmp_password")),
    ("remote_management_mongodb_password", GENERIC_RULE, password, "MongoDb",
     ("meshcentral_config_json_mongodb", "meshcentral_compose_mongo_password")),
    ("server_admin_panel_password", GENERIC_RULE, password, "pass",
     ("webmin_changepass_pl", "virtualmin_create_domain_pass")),
    ("hosting_panel_db_password", KW, password, "db_password",
     ("ispconfig_config_inc_php_db_password", "hestiacp_v_add_database")),
    ("postgres_backup_cipher_pass", KW, pgbackrest_cipher_pass, "repo1-cipher-pass",
     ("pgbackrest_conf_cipher_pass", "pgbackrest_cronjob_env_cipher_pass")),
    ("postgres_cluster_superuser_password", KW, password, "password",
     ("patroni_yml_superuser", "patroni_systemd_dropin_env")),
    ("sql_proxy_admin_credentials", GENERIC_RULE, password, "admin_credentials",
     ("proxysql_cnf_admin_credentials", "proxysql_admin_update_global_variables")),
    ("postgres_backup_manager_password", KW, password, "password",
     ("barman_server_conf_conninfo", "pg_probackup_crontab_pgpassword")),
    ("mail_suite_db_password", KW, password, "DBPASS",
     ("mailcow_conf_dbpass", "modoboa_settings_py_databases")),
    ("research_data_db_password", KW, password, "password",
     ("redcap_database_php", "openclinica_datainfo_properties")),
    ("cron_monitor_ping_url_key", GENERIC_RULE, uuid4, "ping",
     ("healthchecks_crontab_ping", "healthchecks_systemd_exec_start_post")),
    ("wiki_rest_basic_auth", GENERIC_RULE, wiki_basic_auth, "Authorization",
     ("xwiki_rest_curl_basic_header", "dokuwiki_jsonrpc_requests_headers")),
    ("dkim_signing_key_pem_base64_long", GENERIC_RULE, dkim_signing_key_pem_base64_long, "mail.key",
     ("docker_mailserver_helm_values_dkim", "rspamd_dkim_k8s_secret")),
)  # fmt: skip
TWENTYNINTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYNINTH, SURROUNDINGS)
