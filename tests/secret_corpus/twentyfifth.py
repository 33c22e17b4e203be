"""The twenty-fifth held-out part (split ``held_out_25``): formats and surroundings none of the first twenty-four
parts has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against,
so that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be
looked at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart
(a TDengine root password, a QuestDB wire password, a SurrealDB root password, Apache Druid's metadata store password,
a Scylla Manager agent's token, a Vertica administrator's password, a Sybase ASE password, a password in a Pkl or
Jsonnet configuration, a database password a CDK for Terraform stack synthesises, a password pasted into a service
desk's ticket, an API token pasted into a live chat, a password shared in a phone messenger's chat, a password in a
logged PowerShell script block, a DSN's password in the journal, a build farm's deploy password, a notebook source's
warehouse password, a password a library call trace shows, a login in a cleartext packet capture, a SeaweedFS S3
identity's secret key, a directory's recovered administrator password, an OPNsense API secret, Matomo's database
password, listmonk's administrator password, PhotoPrism's administrator password, a wiki's database password,
Plausible's secret key base and a Kafka broker's JKS keystore as base64, longer than a stream's window). Every value is
synthetic, made afresh with its own seed, with the format's length and alphabet.

Surroundings: twentyfifth_places.py for the vendor places (workflow runners' parameters, and each vendor's API called
from a data pipeline, a monitor, a gateway or an automation tool no other part has); twentyfifth_generic.py for
time-series, graph and analytical databases, older SQL servers and infrastructure-as-code languages;
twentyfifth_traces.py for support desks, chats, logs, build farms, notebook sources, call traces and packet captures;
twentyfifth_admin.py for object storage, directories, firewalls, self-hosted analytics, newsletters, photo libraries,
wikis and Kafka's keystores."""

from __future__ import annotations

import json
import random

from . import twentyfifth_admin as adm
from . import twentyfifth_generic as gen
from . import twentyfifth_places as at
from . import twentyfifth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, B64, B64URL, DIGITS, HEX, LOWER, UPPER, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part
from .twentyfourth import uuid4

SEED = 25117
SPLIT = "held_out_25"
LOWER_NUM = LOWER + DIGITS
UPPER_NUM = UPPER + DIGITS
UPPER_HEX = "0123456789ABCDEF"
HS256 = {"alg": "HS256", "typ": "JWT"}


def _b64url(data: bytes) -> str:
    return b64(data, url=True, pad=False)


def _claims(rng: random.Random, size: int) -> str:
    """A JWT's claims in base64url, ``size`` characters: issuer, subject and times (a short one: subject and time),
    and an identifier as long as it takes. The JSON holds only letters, digits and JSON's punctuation, so its base64
    holds no ``-`` or ``_`` (a byte that could give one, ``>``, ``?``, ``~``, never occurs)."""
    assert size % 4 in (0, 2, 3), size
    n = size // 4 * 3 + {0: 0, 2: 1, 3: 2}[size % 4]
    iat = 1760000000 + rng.randrange(20_000_000)
    body: dict[str, object] = {"iss": "api", "sub": s(rng, 6, DIGITS), "iat": iat, "exp": iat + 31_536_000, "jti": ""}
    if n < 100:  # a short token carries its subject, its time and an identifier only
        body = {"sub": body["sub"], "iat": iat, "jti": ""}
    fill = n - len(json.dumps(body, separators=(",", ":")).encode())
    body["jti"] = s(rng, fill, HEX)
    out = _b64url(json.dumps(body, separators=(",", ":")).encode())
    assert len(out) == size and out.isalnum(), (size, out)
    return out


def _head(header: dict[str, str]) -> str:
    return _b64url(json.dumps(header, separators=(",", ":")).encode())


def lexigram_key(rng: random.Random) -> str:
    """A Lexigram key: an HS256 JWT of 301 characters, the detector's length (any character but white space)."""
    return f"{_head(HS256)}.{_claims(rng, 220)}.{_b64url(rng.randbytes(32))}"


def conversiontools_token(rng: random.Random) -> str:
    """A Conversion Tools token: a JWT, ``ey`` and 157 to 165 letters, digits, ``_`` and ``.`` (the detector's), here
    165 characters in all, its signature drawn from that alphabet."""
    return f"{_head(HS256)}.{_claims(rng, 84)}.{s(rng, 43, ALNUM + '_')}"


def rentman_token(rng: random.Random) -> str:
    """A Rentman token: a JWT whose header is ``ey`` and 34 letters and digits and whose rest is ``ey`` and 250 to 300
    characters of letters, digits, ``.``, ``_`` and ``-`` (the detector's): 317 characters here."""
    return f"{_head(HS256)}.{_claims(rng, 236)}.{_b64url(rng.randbytes(32))}"


def tallyfy_token(rng: random.Random) -> str:
    """A Tallyfy token: a JWT of 36, 264 and 683 characters (letters and digits, then base64url), the detector's three
    lengths: an RS256 header, the claims, and a signature of 512 bytes; 985 characters."""
    return f"{_head({'typ': 'JWT', 'alg': 'RS256'})}.{_claims(rng, 264)}.{_b64url(rng.randbytes(512))}"


def clicksend_key(rng: random.Random) -> str:
    """A ClickSend API key: a UUID in upper-case hex (within the detector's upper-case letters and digits)."""
    return "-".join(s(rng, n, UPPER_HEX) for n in (8, 4, 4, 4, 12))


def fetchrss_key(rng: random.Random) -> str:
    """A FetchRSS key: 40 letters, digits and dots (the detector's alphabet), a dot between two groups."""
    return f"{s(rng, 13, LOWER_NUM)}.{s(rng, 26, ALNUM)}"


def nozbe_token(rng: random.Random) -> str:
    """A Nozbe Teams token: 16 letters and digits, ``_``, and 64 letters, digits, ``-`` and ``_`` (the detector's)."""
    return f"{s(rng, 16, ALNUM)}_{s(rng, 64, B64URL)}"


def opnsense_secret(rng: random.Random) -> str:
    """An OPNsense API secret as its ``apikey.txt`` hands it out: 80 characters of base64's alphabet."""
    return s(rng, 80, B64)


def secret_key_base(rng: random.Random) -> str:
    """A secret key base as ``openssl rand -base64 64`` gives it: 64 random bytes in base64, 88 characters."""
    return b64(rng.randbytes(64))


def jks_base64_long(rng: random.Random) -> str:
    """A Kafka broker's keystore as Kubernetes secrets and container environments take it: a JKS file (its magic
    ``FEEDFEED``, version 2, one private key entry with a 4096-bit RSA key and its chain, about 4,700 bytes) in base64
    on one line, about 6,300 characters, longer than a stream's window."""
    head = b"\xfe\xed\xfe\xed\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x01\x00\x0ckafka-broker"
    return b64(head + rng.randbytes(8) + b"\x00\x00\x09\xc2" + rng.randbytes(4680))


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("clicksend_sms_api_key", TH + "clicksendsms", clicksend_key, "CLICKSEND_API_KEY",
     ("clicksend_home_assistant_notify", "snakemake_config_flag")),
    ("currencycloud_api_key", TH + "currencycloud", fx("", 64, LOWER_NUM), "CURRENCYCLOUD_API_KEY",
     ("currencycloud_kestra_flow_request", "dbt_run_vars_flag")),
    ("zipcodebase_api_key", TH + "zipcodebase", uuid4, "ZIPCODEBASE_API_KEY",
     ("zipcodebase_telegraf_inputs_http", "kedro_run_params_flag")),
    ("tmetric_api_token", TH + "tmetric", fx("", 64, UPPER_NUM), "TMETRIC_API_TOKEN",
     ("tmetric_grafana_infinity_datasource", "hydra_override_cli")),
    ("surveysparrow_access_token", TH + "surveysparrow", fx("", 88, B64URL), "SURVEYSPARROW_TOKEN",
     ("surveysparrow_logstash_http_poller", "tkn_pipeline_start_param")),
    ("onfleet_api_key", TH + "onfleet", fx("", 32, LOWER_NUM), "ONFLEET_API_KEY",
     ("onfleet_logic_app_http_basic", "prefect_deployment_run_param")),
    ("dynalist_api_token", TH + "dynalist", fx("", 128, B64URL), "DYNALIST_TOKEN",
     ("dynalist_n8n_http_request_node_body", "snakemake_config_flag")),
    ("fetchrss_api_key", TH + "fetchrss", fetchrss_key, "FETCHRSS_API_KEY",
     ("fetchrss_huginn_website_agent", "dbt_run_vars_flag")),
    ("lexigram_api_key", TH + "lexigram", lexigram_key, "LEXIGRAM_API_KEY",
     ("lexigram_kong_deck_request_transformer", "kedro_run_params_flag")),
    ("madkudu_api_key", TH + "madkudu", fx("", 32, HEX), "MADKUDU_API_KEY",
     ("madkudu_json_exporter_basic_auth", "hydra_override_cli")),
    ("cloudimage_client_key", TH + "cloudimage", fx("", 30, LOWER_NUM + "_"), "CLOUDIMAGE_CLIENT_KEY",
     ("cloudimage_varnish_vcl_header", "tkn_pipeline_start_param")),
    ("codequiry_api_key", TH + "codequiry", fx("", 64, ALNUM), "CODEQUIRY_API_KEY",
     ("codequiry_camel_route_yaml", "prefect_deployment_run_param")),
    ("conversiontools_api_token", TH + "conversiontools", conversiontools_token, "CONVERSIONTOOLS_TOKEN",
     ("conversiontools_apisix_proxy_rewrite", "snakemake_config_flag")),
    ("rentman_api_token", TH + "rentman", rentman_token, "RENTMAN_TOKEN",
     ("rentman_krakend_martian_header", "dbt_run_vars_flag")),
    ("hybiscus_api_key", TH + "hybiscus", fx("", 43, ALNUM), "HYBISCUS_API_KEY",
     ("hybiscus_redpanda_connect_http_client", "kedro_run_params_flag")),
    ("pollsapi_api_key", TH + "pollsapi", fx("", 28, UPPER_NUM), "POLLSAPI_KEY",
     ("pollsapi_blackbox_exporter_module", "hydra_override_cli")),
    ("nozbe_teams_token", TH + "nozbeteams", nozbe_token, "NOZBE_TOKEN",
     ("nozbe_gatus_endpoint_headers", "tkn_pipeline_start_param")),
    ("storecove_api_key", TH + "storecove", fx("", 43, B64URL), "STORECOVE_API_KEY",
     ("storecove_tyk_api_definition", "prefect_deployment_run_param")),
    ("sigopt_api_token", TH + "sigopt", fx("", 48, UPPER_NUM), "SIGOPT_API_TOKEN",
     ("sigopt_openresty_access_lua", "snakemake_config_flag")),
    ("tallyfy_access_token", TH + "tallyfy", tallyfy_token, "TALLYFY_TOKEN",
     ("tallyfy_graphql_mesh_operation_headers", "dbt_run_vars_flag")),
    ("verimail_api_key", TH + "verimail", fx("", 32, UPPER_NUM), "VERIMAIL_API_KEY",
     ("verimail_sheets_api_formula_values", "kedro_run_params_flag")),
    ("zonka_feedback_api_token", TH + "zonkafeedback", fx("", 36, ALNUM), "ZONKA_API_TOKEN",
     ("zonka_tines_story_http_action", "hydra_override_cli")),
    ("vbout_api_key", TH + "vbout", fx("", 25, DIGITS), "VBOUT_API_KEY",
     ("vbout_airbyte_manifest_request_parameters", "tkn_pipeline_start_param")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("timeseries_db_root_password", GENERIC_RULE, password, "taosdata",
     ("tdengine_taos_cli_p_flag", "tdengine_rest_curl_user")),
    ("timeseries_wire_password", KW, password, "pg.password",
     ("questdb_server_conf_pg_password", "questdb_compose_env_pg_password")),
    ("document_graph_db_root_pass", GENERIC_RULE, password, "--pass",
     ("surrealdb_start_pass_flag", "surrealdb_import_cli_pass")),
    ("olap_metadata_store_password", KW, password, "druid.metadata.storage.connector.password",
     ("druid_runtime_properties_connector_password", "druid_docker_environment_file")),
    ("db_cluster_manager_auth_token", GENERIC_RULE, fx("", 32, ALNUM), "auth_token",
     ("scylla_manager_agent_yaml_auth_token", "sctool_cluster_add_auth_token")),
    ("mpp_db_dbadmin_password", GENERIC_RULE, password, "password",
     ("vertica_vsql_w_flag", "vertica_python_conn_info")),
    ("legacy_db_sa_password", GENERIC_RULE, password, "password",
     ("sybase_isql_p_flag", "sybase_jconnect_jdbc_properties")),
    ("config_language_db_password", KW, password, "password",
     ("pkl_app_config_password", "tanka_jsonnet_env_password")),
    ("cdk_synth_db_password", KW, password, "password",
     ("cdktf_typescript_db_instance", "cdktf_out_synth_json")),
    ("service_desk_incident_password", GENERIC_RULE, password, "password",
     ("servicenow_incident_json_work_notes", "zendesk_ticket_comments_json")),
    ("live_chat_shared_api_token", GENERIC_RULE, fx("", 40, ALNUM), "token",
     ("tawkto_transcript_email", "livechat_transcript_txt")),
    ("phone_messenger_shared_password", GENERIC_RULE, password, "password",
     ("imessage_exporter_txt", "threema_chat_export_txt")),
    ("logged_script_block_password", GENERIC_RULE, password, "Password",
     ("powershell_scriptblock_4104_event_xml", "powershell_transcript_file")),
    ("journald_dsn_password", GENERIC_RULE, password, "DATABASE_URL",
     ("journalctl_o_json_message", "journalctl_o_export_fields")),
    ("build_farm_deploy_password", GENERIC_RULE, password, "DEPLOY_PASSWORD",
     ("sourcehut_build_manifest_environment", "laminar_job_env_file")),
    ("notebook_source_db_password", KW, password, "password",
     ("databricks_notebook_source_py", "observable_framework_data_loader")),
    ("library_call_trace_password", GENERIC_RULE, password, "",
     ("ltrace_strcmp_password", "bpftrace_bashreadline_output")),
    ("cleartext_capture_login_password", GENERIC_RULE, password, "",
     ("tcpdump_ascii_http_post_form", "ngrep_pop3_pass_command")),
    ("object_store_identity_secret_key", GENERIC_RULE, fx("", 40, ALNUM + "+/"), "secretKey",
     ("seaweedfs_s3_config_json", "weed_shell_s3_configure_cmd")),
    ("directory_admin_recovered_password", GENERIC_RULE, fx("", 48, ALNUM), "",
     ("kanidmd_recover_account_output", "lldap_config_toml_user_pass")),
    ("firewall_api_secret", GENERIC_RULE, opnsense_secret, "secret",
     ("opnsense_apikey_txt_download", "opnsense_ansible_group_vars")),
    ("web_analytics_db_password", KW, password, "password",
     ("matomo_config_ini_php_database", "matomo_compose_env_db_password")),
    ("newsletter_admin_password", GENERIC_RULE, password, "admin_password",
     ("listmonk_config_toml_admin_password", "listmonk_compose_env_admin_password")),
    ("photo_library_admin_password", GENERIC_RULE, password, "PHOTOPRISM_ADMIN_PASSWORD",
     ("photoprism_compose_admin_password", "photoprism_options_yml_admin_password")),
    ("wiki_app_db_password", GENERIC_RULE, password, "DB_PASSWORD",
     ("bookstack_env_db_password", "wikijs_config_yml_db_pass")),
    ("privacy_analytics_secret_key_base", GENERIC_RULE, secret_key_base, "SECRET_KEY_BASE",
     ("plausible_conf_env_secret_key_base", "plausible_compose_env_secret_key_base")),
    ("broker_keystore_jks_base64_long", GENERIC_RULE, jks_base64_long, "keystore.jks",
     ("cfk_secret_manifest_keystore_jks", "kafka_connect_compose_env_keystore_b64")),
)  # fmt: skip
TWENTYFIFTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYFIFTH, SURROUNDINGS)
