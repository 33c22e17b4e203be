"""The twenty-eighth held-out part (split ``held_out_28``): formats and surroundings none of the first twenty-seven
parts has, captured blind (without reading the redaction rules) and measured once on the rules it was captured against,
so that its recall tells what the rules catch of credentials nobody wrote a rule from; what it misses is not to be
looked at while writing rules. Vendor shapes are taken, as facts, from trufflehog's detectors (length, alphabet, the
keyword a detector looks for), named in ``source``; the rest are generic shapes, secrets only their setting tells apart
(a GIS server's administrator password, a GIS database's service password, a flight feeder's sharing key and site
password, a survey tool's, a genealogy site's, an RSS reader's and a recipe manager's database password, a bookmark
manager's first user's password, a help desk's, an IT asset manager's, a CRM suite's, a project tool's, an IP address
manager's and a network monitor's database password, an inventory agent's server password, a kanban board's and a
network source of truth's secret key, an Evergreen library system's, a digital collection's, a print management
server's, a read-later app's, a team board's, a project planner's and a library discovery layer's database password, a
health information system's password and a SAML identity provider's signing key as PEM in base64, longer than a stream's
window). Every value is synthetic, made afresh with its own seed, with the format's length and alphabet.

Surroundings: twentyeighth_places.py for the vendor places (service managers' ways of handing a daemon a setting, and
each vendor's API called from a scientific or statistical language, a database, a mainframe or legacy language, a small
scripting language, a device's or a network appliance's configuration, a data workflow tool or a desktop's keychain no
other part has); twentyeighth_generic.py for GIS, flight-tracking feeders, survey tools and self-hosted reading, recipe
and genealogy apps; twentyeighth_traces.py for help desks, IT asset and network inventories, CRMs and project tools;
twentyeighth_admin.py for libraries, digital collections, health information systems, print management, read-later apps,
team boards and single sign-on."""

from __future__ import annotations

import random

from . import twentyeighth_admin as adm
from . import twentyeighth_generic as gen
from . import twentyeighth_places as at
from . import twentyeighth_traces as tr
from .fresh import Shown, fx, part_rows
from .makers import ALNUM, DIGITS, HEX, LOWER, armored, b64, s
from .thirteenth import password
from .twelfth import GENERIC_RULE, KW, TH, Part
from .twentyfourth import uuid4

SEED = 28163
SPLIT = "held_out_28"
LOWER_NUM = LOWER + DIGITS
#: the base64url of ``{"alg":"HS256","typ":"JWT"}``, the header most JSON web tokens start with
JWT_HS256_HEADER = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"


def clientary_key(rng: random.Random) -> str:
    """A Clientary API key: 24 to 26 letters and digits (the detector's)."""
    return s(rng, rng.randint(24, 26), ALNUM)


def documo_key(rng: random.Random) -> str:
    """A Documo API key, a JSON web token as the detector reads it: ``ey`` and 34 letters and digits (the header),
    a dot, ``ey`` and 154 letters and digits (the claims), a dot and 43 of base64url (the HMAC-SHA256)."""
    return f"{JWT_HS256_HEADER}.ey{s(rng, 154, ALNUM)}.{s(rng, 43, ALNUM + '-_')}"


def login_password(rng: random.Random) -> str:
    """A password of a service whose detector pairs an e-mail address with it (OneDesk, ZipBooks, MrTickTock):
    12 to 18 of ``[a-zA-Z0-9!=@#$%^]`` without ``=``, starting with a letter."""
    return rng.choice(ALNUM[:52]) + s(rng, rng.randint(11, 17), ALNUM + "!@#$%^")


def gocanvas_key(rng: random.Random) -> str:
    """A GoCanvas API key: 43 of base64's alphabet and ``=`` (the detector's), the base64 of 32 bytes."""
    return b64(rng.randbytes(32))


def source_of_truth_secret_key(rng: random.Random) -> str:
    """A Django-based network source of truth's secret key: 50 characters of Django's own key alphabet."""
    return s(rng, 50, LOWER_NUM + "!@#$%^&*(-_=+)")


def saml_signing_key_pem_base64_long(rng: random.Random) -> str:
    """A SAML identity provider's signing key as PEM (PKCS#8, RSA 4096: about 2,375 bytes of DER) in base64, as a
    Kubernetes secret or a chart's value holds it: about 4,370 characters on one line, longer than a stream's
    window."""
    body = rng.randbytes(2348)
    der = b"\x30\x82" + (len(body) + 22).to_bytes(2, "big") + b"\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7"
    der += b"\x0d\x01\x01\x01\x05\x00\x04\x82" + len(body).to_bytes(2, "big") + body
    pem = armored("PRIVATE KEY", der) + "\n"
    return b64(pem.encode())


#: (name, source, maker, variable name, surroundings): vendors' shapes
VENDORS: Part = (
    ("captaindata_api_key", TH + "captaindata", fx("", 64, HEX), "CAPTAINDATA_API_KEY",
     ("captaindata_fortran_execute_command_line", "smf_svccfg_setenv")),
    ("cliengo_api_key", TH + "cliengo", uuid4, "CLIENGO_API_KEY",
     ("cliengo_cobol_working_storage", "sysrc_rc_conf_env")),
    ("clientary_api_key", TH + "clientary", clientary_key, "CLIENTARY_API_KEY",
     ("clientary_zos_rexx_exec", "procd_init_set_param_env")),
    ("demio_api_key", TH + "demio", fx("", 32, ALNUM), "DEMIO_API_KEY",
     ("demio_plsql_utl_http", "s6_overlay_container_environment")),
    ("documo_api_key", TH + "documo", documo_key, "DOCUMO_API_KEY",
     ("documo_stata_do_file", "daemontools_envdir_file")),
    ("flowdash_api_token", TH + "flowdash", fx("", 24, ALNUM), "FLOWDASH_TOKEN",
     ("flowdash_elvish_rc", "windows_service_registry_environment")),
    ("gocanvas_api_key", TH + "gocanvas", gocanvas_key, "GOCANVAS_API_KEY",
     ("gocanvas_apple_shortcut_plist", "smf_svccfg_setenv")),
    ("juro_api_key", TH + "juro", fx("", 40, ALNUM), "JURO_API_KEY",
     ("juro_oracle_apex_web_service", "sysrc_rc_conf_env")),
    ("liveagent_api_key", TH + "liveagent", fx("", 32, ALNUM), "LIVEAGENT_API_KEY",
     ("liveagent_octave_weboptions", "procd_init_set_param_env")),
    ("mrticktock_password", TH + "mrticktock", login_password, "MRTICKTOCK_PASSWORD",
     ("mrticktock_alteryx_download_tool", "s6_overlay_container_environment")),
    ("myintervals_api_token", TH + "myintervals", fx("", 11, LOWER_NUM), "MYINTERVALS_API_TOKEN",
     ("myintervals_scilab_http_get", "daemontools_envdir_file")),
    ("onedesk_password", TH + "onedesk", login_password, "ONEDESK_PASSWORD",
     ("onedesk_spss_begin_program", "windows_service_registry_environment")),
    ("parseur_api_key", TH + "parseur", fx("", 40, HEX), "PARSEUR_API_KEY",
     ("parseur_jmp_jsl_http_request", "smf_svccfg_setenv")),
    ("paydirtapp_api_key", TH + "paydirtapp", fx("", 32, LOWER_NUM), "PAYDIRTAPP_API_KEY",
     ("paydirtapp_janet_script", "sysrc_rc_conf_env")),
    ("prospectcrm_api_key", TH + "prospectcrm", fx("", 32, LOWER_NUM), "PROSPECTCRM_API_KEY",
     ("prospectcrm_fennel_module", "procd_init_set_param_env")),
    ("revampcrm_api_key", TH + "revampcrm", fx("", 40, ALNUM), "REVAMPCRM_API_KEY",
     ("revampcrm_rebol_read_header", "s6_overlay_container_environment")),
    ("salesblink_api_key", TH + "salesblink", fx("key-", 64, ALNUM), "SALESBLINK_API_KEY",
     ("salesblink_love2d_https", "daemontools_envdir_file")),
    ("simplesat_api_token", TH + "simplesat", fx("", 40, LOWER_NUM), "SIMPLESAT_TOKEN",
     ("simplesat_espeasy_rules", "windows_service_registry_environment")),
    ("simvoly_api_key", TH + "simvoly", fx("", 33, LOWER_NUM), "SIMVOLY_API_KEY",
     ("simvoly_edgeos_task_scheduler", "smf_svccfg_setenv")),
    ("surveyanyplace_api_key", TH + "surveyanyplace", fx("", 32, ALNUM), "SURVEYANYPLACE_API_KEY",
     ("surveyanyplace_fortios_automation_action", "sysrc_rc_conf_env")),
    ("tefter_user_token", TH + "tefter", fx("", 20, ALNUM), "TEFTER_USER_TOKEN",
     ("tefter_panos_http_server_profile", "procd_init_set_param_env")),
    ("workstack_api_token", TH + "workstack", fx("", 60, ALNUM), "WORKSTACK_API_TOKEN",
     ("workstack_knime_get_request_settings", "s6_overlay_container_environment")),
    ("zipbooks_password", TH + "zipbooks", login_password, "ZIPBOOKS_PASSWORD",
     ("zipbooks_macos_security_find_internet_password", "daemontools_envdir_file")),
)  # fmt: skip
#: generic shapes: secrets only the setting tells apart
GENERIC_SHAPES: Part = (
    ("gis_server_admin_password", KW, password, "passwd",
     ("geoserver_rest_curl_user", "geoserver_datastore_xml_passwd")),
    ("gis_database_service_password", KW, password, "password",
     ("qgis_pg_service_conf", "ogr2ogr_pg_connection")),
    ("flight_feeder_sharing_key", GENERIC_RULE, fx("", 16, HEX), "fr24key",
     ("fr24feed_ini_key", "adsb_feeder_compose_env_key")),
    ("flight_feeder_site_password", KW, password, "flightaware-password",
     ("piaware_config_cli", "piaware_config_txt")),
    ("survey_tool_db_password", KW, password, "password",
     ("limesurvey_config_php_db", "limesurvey_helm_values_db")),
    ("genealogy_site_db_password", KW, password, "dbpass",
     ("webtrees_config_ini_php", "webtrees_compose_env")),
    ("rss_reader_db_password", GENERIC_RULE, password, "DATABASE_URL",
     ("miniflux_env_database_url", "ttrss_config_php_putenv")),
    ("bookmark_manager_superuser_password", KW, password, "LD_SUPERUSER_PASSWORD",
     ("linkding_compose_env_superuser", "linkding_django_shell_create_superuser")),
    ("recipe_manager_db_password", KW, password, "POSTGRES_PASSWORD",
     ("mealie_compose_env_postgres", "tandoor_env_file_postgres")),
    ("helpdesk_db_password", KW, password, "DBPASS",
     ("osticket_ost_config_php", "zammad_database_yml")),
    ("it_asset_manager_db_password", KW, password, "dbpassword",
     ("glpi_config_db_php", "snipeit_env_db_password")),
    ("inventory_agent_server_password", KW, password, "password",
     ("glpi_agent_cli_password_flag", "glpi_agent_cfg_password")),
    ("crm_suite_db_password", KW, password, "db_password",
     ("suitecrm_config_php_db", "espocrm_config_internal_php")),
    ("project_tool_db_password", KW, password, "password",
     ("openproject_env_database_url", "redmine_database_yml")),
    ("kanban_board_secret_key", KW, fx("", 128, HEX), "SECRET_KEY",
     ("planka_compose_env_secret_key", "planka_helm_values_secretkey")),
    ("ip_address_manager_db_password", KW, password, "pass",
     ("phpipam_config_php_db_pass", "racktables_secret_php")),
    ("network_monitor_db_password", KW, password, "db_pass",
     ("observium_config_php_db_pass", "opennms_datasources_xml")),
    ("network_source_of_truth_secret_key", KW, source_of_truth_secret_key, "NAUTOBOT_SECRET_KEY",
     ("nautobot_env_secret_key", "nautobot_config_py_secret_key")),
    ("evergreen_ils_db_password", GENERIC_RULE, password, "pw",
     ("evergreen_opensrf_xml_pw", "evergreen_eg_db_config_pass_flag")),
    ("digital_collection_db_password", KW, password, "password",
     ("omeka_s_database_ini", "omeka_s_container_env")),
    ("health_information_system_password", KW, password, "password",
     ("dhis2_dhis_conf_connection_password", "dhis2_api_curl_user")),
    ("print_management_db_password", KW, password, "password",
     ("papercut_server_properties_db", "papercut_ansible_vars")),
    ("read_later_app_db_password", KW, password, "database_password",
     ("wallabag_parameters_yml", "wallabag_container_env")),
    ("team_board_db_password", KW, password, "DB_PASSWORD",
     ("kanboard_config_php_db_password", "taiga_config_py_databases")),
    ("project_planner_db_password", KW, password, "LEAN_DB_PASSWORD",
     ("leantime_env_db_password", "leantime_compose_env")),
    ("library_discovery_db_password", GENERIC_RULE, password, "database",
     ("vufind_config_ini_database", "vufind_ansible_vars")),
    ("saml_idp_signing_key_pem_base64_long", GENERIC_RULE, saml_signing_key_pem_base64_long, "saml.pem",
     ("simplesamlphp_k8s_secret_signing_key", "satosa_helm_values_signing_key")),
)  # fmt: skip
TWENTYEIGHTH = VENDORS + GENERIC_SHAPES
SURROUNDINGS: dict[str, Shown] = {
    **{f.__name__: f for f in at.SHARED + at.ONE_VENDOR},
    **gen.PLACES,
    **tr.PLACES,
    **adm.PLACES,
}


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, TWENTYEIGHTH, SURROUNDINGS)
