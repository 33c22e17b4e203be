"""The fourth held-out part (split ``held_out_4``): formats and surroundings none of the first three parts has,
captured before any rule was written from the third part's misses, so that its recall tells what the rules catch
of credentials nobody wrote a rule from. Vendor shapes are taken, as facts, from public rule sets (gitleaks'
config, GitHub secret scanning's partner patterns, Microsoft's identifiable-key shapes as the scanners carry them,
secretlint's presets, detect-secrets' keyword plugin), named in ``source``; the rest are generic shapes, secrets
only their setting tells apart (a password in an XML attribute, a base64 Kubernetes Secret, a signed URL's
signature, a webhook's path). Every value is synthetic, made afresh with its own seed, with the format's length,
alphabet and fixed parts, so the other parts' rows stay as they were.

Surroundings: HAR files, ``curl -v`` dumps, docker-compose maps, JS and Rust source, ConfigMaps, supervisord,
Ruby initializers, ``aws ssm get-parameter`` and ``vault kv get`` output, ``gh secret set``, ``heroku config``,
``kubectl create secret``, Tomcat ``context.xml``, ``web.config``, Dockerfile ``ENV`` with a space, ``--build-arg``,
tfstate JSON, ``docker login``, psql conninfo, Oracle and PostgreSQL JDBC URLs, Django settings, sssd.conf,
python-ldap, OpenSSH and PGP blocks inside JSON and YAML, Terraform heredocs, HTTP cookies, OAuth token requests,
Alertmanager and Jenkins configs, Power Automate and GCS/S3 signed URLs, ``.my.cnf``, ``.s3cfg``, ``secrets.toml``,
Hibernate and Kafka properties, Ansible inventories, Composer's ``auth.json``, ``redis-cli`` sessions, Postman
collections, ``Proxy-Authorization``, ``.npmrc`` ``_auth``, and library calls given the password by position.
The surroundings are written in fourth_places.py (the vendors') and fourth_generic.py (the generic ones)."""

from __future__ import annotations

import base64
import random

from .fourth_generic import (
    alertmanager_yaml,
    ansible_ini,
    ansible_yaml,
    composer_auth,
    cookie_request_dump,
    csharp_network_credential,
    django_settings,
    docker_build_arg,
    docker_login_p,
    docker_login_stdin,
    dockerfile_env_space,
    gcs_signed_curl,
    gcs_signed_log,
    gpg_export,
    har_cookie,
    hibernate_properties,
    jdbc_oracle_thin,
    jdbc_postgres_query,
    jenkins_groovy,
    json_escaped_key,
    k8s_secret_data,
    kafka_properties,
    kubectl_get_json,
    log_dump_key,
    my_cnf,
    mysql_long_flag,
    npmrc_auth,
    postman_bearer,
    proxy_auth_dump,
    psql_conninfo,
    python_ldap_bind,
    python_smtplib_login,
    redis_cli_auth,
    redis_conf,
    s3_v2_log,
    s3_v2_url,
    s3cfg,
    smtp_url,
    spring_oauth_yaml,
    sssd_conf,
    streamlit_secrets_toml,
    teams_workflow_json,
    teams_workflow_url,
    tf_heredoc_key,
    tfstate,
    tfvars_heredoc,
    token_request_body,
    tomcat_context_xml,
    toml_nested,
    web_config,
    yaml_literal_key,
)
from .fourth_places import (
    compose_map,
    configmap,
    curl_v_dump,
    gh_secret_set,
    har_header,
    heroku_config,
    js_config,
    kubectl_secret,
    ruby_initializer,
    rust_const,
    ssm_parameter,
    supervisord,
    vault_kv_json,
)
from .fresh import Make, Shown, fx, part_rows
from .makers import ALNUM, B64URL, DIGITS, HEX, LOWER, UPPER, s, uuid4

SEED = 3403


SPLIT = "held_out_4"


LOW_NUM = LOWER + DIGITS


B64STD = ALNUM + "+/"


def glcbt(rng: random.Random) -> str:
    return f"glcbt-{s(rng, 2, HEX)}_{s(rng, 20, ALNUM + '_-')}"


def circleci(rng: random.Random) -> str:
    return f"CCIPAT_{s(rng, 22, ALNUM)}_{s(rng, 40, HEX)}"


def anthropic_admin(rng: random.Random) -> str:
    return f"sk-ant-admin01-{s(rng, 93, ALNUM + '_-')}AA"


def openai_admin(rng: random.Random) -> str:
    return f"sk-admin-{s(rng, 58, ALNUM + '_-')}T3BlbkFJ{s(rng, 58, ALNUM + '_-')}"


def azure_redis(rng: random.Random) -> str:
    return f"{s(rng, 33, ALNUM)}AzCa{rng.choice('ABCDEFGHIJKLMNOP')}{s(rng, 5, ALNUM)}="


def azure_acr(rng: random.Random) -> str:
    return f"{s(rng, 42, B64STD)}+ACR{rng.choice('ABCD')}{s(rng, 5, B64STD)}"


def azure_cosmos(rng: random.Random) -> str:
    return f"{s(rng, 76, B64STD)}ACDb{s(rng, 5, B64STD)}{rng.choice('AQgw')}=="


def azure_function(rng: random.Random) -> str:
    return f"{s(rng, 44, B64URL)}AzFu{s(rng, 5, B64URL)}{rng.choice('AQgw')}=="


def azure_search(rng: random.Random) -> str:
    return f"{s(rng, 42, ALNUM)}AzSe{rng.choice('ABCD')}{s(rng, 5, ALNUM)}"


def jfrog_reference(rng: random.Random) -> str:
    raw = f"reftkn:01:{rng.randint(1_780_000_000, 1_800_000_000)}:{s(rng, 32, ALNUM)}"
    return base64.b64encode(raw.encode()).decode().rstrip("=")


def dropbox_long(rng: random.Random) -> str:
    return f"{s(rng, 11, LOW_NUM)}AAAAAAAAAA{s(rng, 43, LOW_NUM + '-_=')}"


def sidekiq(rng: random.Random) -> str:
    return f"{s(rng, 8, HEX)}:{s(rng, 8, HEX)}"


def onfido(rng: random.Random) -> str:
    return f"api_live.{s(rng, 11, B64URL)}.{s(rng, 32, B64URL)}"


def checkout(rng: random.Random) -> str:
    return (
        f"sk_sbox_{s(rng, 26, 'abcdefghijklmnopqrstuvwxyz234567')}{rng.choice('abcdefghijklmnopqrstuvwxyz234567#$=')}"
    )


def zuplo(rng: random.Random) -> str:
    return f"zpka_{s(rng, 32, HEX)}_{s(rng, 8, HEX)}"


def slack_config(rng: random.Random) -> str:
    return f"xoxe.xoxp-1-{s(rng, 166, UPPER + DIGITS)}"


def slack_refresh(rng: random.Random) -> str:
    return f"xoxe-1-{s(rng, 146, UPPER + DIGITS)}"


def google_refresh(rng: random.Random) -> str:
    return "1//0" + rng.choice("cdfg") + s(rng, 98, B64URL)


def human_password(rng: random.Random) -> str:
    words = ["harvest", "Pebble", "orchid", "Cobalt", "juniper", "Falcon", "ember", "Nimbus", "walnut", "Quill"]
    return rng.choice(words) + rng.choice(words).lower() + rng.choice(".-_") + s(rng, 4, DIGITS) + rng.choice("!?#@")


def generated_password(rng: random.Random) -> str:
    return s(rng, rng.randint(16, 28), ALNUM + "!#%^*-_+")


def base64_password(rng: random.Random) -> str:
    return base64.b64encode(generated_password(rng).encode()).decode()


def session_id(rng: random.Random) -> str:
    return rng.choice([s(rng, 32, LOW_NUM), s(rng, 26, LOW_NUM), base64.b64encode(rng.randbytes(120)).decode()])


def oauth_secret(rng: random.Random) -> str:
    return rng.choice([s(rng, 40, HEX), s(rng, 64, B64URL), "GOCSPX-" + s(rng, 28, B64URL)])


def openssh_ed25519(rng: random.Random) -> str:
    body = base64.b64encode(b"openssh-key-v1\0\0\0\0\x04none\0\0\0\x04none" + rng.randbytes(200)).decode()
    lines = [body[i : i + 70] for i in range(0, len(body), 70)]
    kind = "OPENSSH PRIVATE KEY"
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def dsa_key(rng: random.Random) -> str:
    body = base64.b64encode(b"\x30\x82\x01\xbb\x02\x01\x00" + rng.randbytes(436)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    kind = "DSA PRIVATE KEY"
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


def pgp_block(rng: random.Random) -> str:
    body = base64.b64encode(b"\x95\x03\xc6\x04" + rng.randbytes(700)).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    crc = "=" + base64.b64encode(rng.randbytes(3)).decode()
    kind = "PGP PRIVATE KEY BLOCK"
    return f"-----BEGIN {kind}-----\n\n" + "\n".join(lines) + f"\n{crc}\n-----END {kind}-----"


def gcs_signature(rng: random.Random) -> str:
    return s(rng, 512, HEX)


def s3_v2_signature(rng: random.Random) -> str:
    return base64.b64encode(rng.randbytes(20)).decode()


def logic_app_sig(rng: random.Random) -> str:
    return s(rng, 43, B64URL)


def slack_workflow(rng: random.Random) -> str:
    return (f"https://hooks.slack.com/workflows/T{s(rng, 10, UPPER + DIGITS)}/A{s(rng, 10, UPPER + DIGITS)}/"
            f"{s(rng, 18, DIGITS)}/{s(rng, 24, ALNUM)}")  # fmt: skip


def discord_legacy(rng: random.Random) -> str:
    return f"https://discordapp.com/api/webhooks/{rng.randint(10**17, 10**18)}/{s(rng, 68, B64URL)}"


#: (name, source, maker, variable name, surroundings)
FOURTH: tuple[tuple[str, str, Make, str, tuple[str, ...]], ...] = (
    ("gitlab_cicd_job_token", "gitleaks gitlab-cicd-job-token", glcbt, "CI_JOB_TOKEN", ("curl_v_dump", "rust_const")),
    ("gitlab_incoming_mail_token", "gitleaks gitlab-incoming-mail-token", fx("glimt-", 25, ALNUM + "_-"),
     "INCOMING_EMAIL_TOKEN", ("compose_map", "heroku_config")),
    ("gitlab_scim_token", "gitleaks gitlab-scim-token", fx("glsoat-", 20, ALNUM + "_-"), "GITLAB_SCIM_TOKEN",
     ("ssm_parameter", "supervisord")),
    ("gitlab_feature_flag_client", "gitleaks gitlab-feature-flag-client-token", fx("glffct-", 20, ALNUM + "_-"),
     "UNLEASH_INSTANCE_ID", ("js_config", "configmap")),
    ("buildkite_token", "GitHub secret scanning (Buildkite)", fx("bkua_", 40, HEX), "BUILDKITE_API_TOKEN",
     ("gh_secret_set", "har_header")),
    ("circleci_pat", "GitHub secret scanning (CircleCI)", circleci, "CIRCLECI_TOKEN",
     ("vault_kv_json", "kubectl_secret")),
    ("anthropic_admin_key", "gitleaks anthropic-admin-api-key", anthropic_admin, "ANTHROPIC_ADMIN_KEY",
     ("har_header", "ruby_initializer")),
    ("openai_admin_key", "gitleaks openai-api-key (admin)", openai_admin, "OPENAI_ADMIN_KEY",
     ("js_config", "ssm_parameter")),
    ("azure_cache_redis_key", "GitHub secret scanning (Azure Cache for Redis)", azure_redis, "REDIS_ACCESS_KEY",
     ("heroku_config", "configmap")),
    ("azure_container_registry_key", "GitHub secret scanning (Azure Container Registry)", azure_acr,
     "ACR_PASSWORD", ("gh_secret_set", "compose_map")),
    ("azure_cosmos_key", "GitHub secret scanning (Azure Cosmos DB)", azure_cosmos, "COSMOS_KEY",
     ("vault_kv_json", "rust_const")),
    ("azure_function_key", "GitHub secret scanning (Azure Functions)", azure_function, "FUNCTION_KEY",
     ("curl_v_dump", "supervisord")),
    ("azure_search_key", "GitHub secret scanning (Azure Cognitive Search)", azure_search, "SEARCH_ADMIN_KEY",
     ("kubectl_secret", "ruby_initializer")),
    ("jfrog_reference_token", "GitHub secret scanning (JFrog)", jfrog_reference, "ARTIFACTORY_TOKEN",
     ("heroku_config", "har_header")),
    ("dropbox_long_lived", "gitleaks dropbox-long-lived-api-token", dropbox_long, "DROPBOX_TOKEN",
     ("js_config", "vault_kv_json")),
    ("mailgun_pub_key", "gitleaks mailgun-pub-key", fx("pubkey-", 32, HEX), "MAILGUN_PUBLIC_KEY",
     ("ruby_initializer", "compose_map")),
    ("sidekiq_enterprise", "gitleaks sidekiq-secret", sidekiq, "BUNDLE_ENTERPRISE__CONTRIBSYS__COM",
     ("gh_secret_set", "supervisord")),
    ("sumologic_access_key", "gitleaks sumologic-access-token", fx("", 64, ALNUM), "SUMO_ACCESS_KEY",
     ("configmap", "ssm_parameter")),
    ("onfido_token", "gitleaks onfido-live-secret-key", onfido, "ONFIDO_API_TOKEN", ("curl_v_dump", "js_config")),
    ("checkout_secret_key", "GitHub secret scanning (Checkout.com)", checkout, "CKO_SECRET_KEY",
     ("rust_const", "kubectl_secret")),
    ("zuplo_key", "GitHub secret scanning (Zuplo)", zuplo, "ZUPLO_API_KEY", ("har_header", "heroku_config")),
    ("rootly_key", "GitHub secret scanning (Rootly)", fx("rootly_", 64, HEX), "ROOTLY_API_TOKEN",
     ("supervisord", "vault_kv_json")),
    ("samsara_token", "GitHub secret scanning (Samsara)", fx("samsara_api_", 30), "SAMSARA_API_TOKEN",
     ("ssm_parameter", "gh_secret_set")),
    ("slack_config_access_token", "gitleaks slack-config-access-token", slack_config, "SLACK_CONFIG_TOKEN",
     ("compose_map", "curl_v_dump")),
    ("slack_config_refresh_token", "gitleaks slack-config-refresh-token", slack_refresh, "SLACK_REFRESH_TOKEN",
     ("configmap", "kubectl_secret")),
    ("google_oauth_refresh_token", "GitHub secret scanning (Google OAuth refresh token)", google_refresh,
     "GOOGLE_REFRESH_TOKEN", ("ruby_initializer", "rust_const")),
    ("snyk_token", "gitleaks snyk-api-token", uuid4, "SNYK_TOKEN", ("gh_secret_set", "configmap")),
    ("zendesk_secret", "gitleaks zendesk-secret-key", fx("", 40, ALNUM), "ZENDESK_API_TOKEN",
     ("heroku_config", "supervisord")),
    ("twitch_token", "gitleaks twitch-api-token", fx("", 30, LOW_NUM), "TWITCH_CLIENT_SECRET",
     ("js_config", "kubectl_secret")),
    ("linear_client_secret", "gitleaks linear-client-secret", fx("", 32, HEX), "LINEAR_CLIENT_SECRET",
     ("vault_kv_json", "compose_map")),
    ("algolia_admin_key", "gitleaks algolia-api-key", fx("", 32, LOW_NUM), "ALGOLIA_ADMIN_KEY",
     ("ruby_initializer", "ssm_parameter")),
    ("easypost_test_key", "gitleaks easypost-test-api-token", fx("EZTK", 54, ALNUM), "EASYPOST_TEST_KEY",
     ("rust_const", "har_header")),
    ("lob_pub_key", "gitleaks lob-pub-api-key", fx("test_pub_", 31, HEX), "LOB_PUBLISHABLE_KEY",
     ("js_config", "heroku_config")),
    ("mattermost_token", "gitleaks mattermost-access-token", fx("", 26, LOW_NUM), "MATTERMOST_TOKEN",
     ("supervisord", "curl_v_dump")),
    # generic shapes: secrets only the setting tells apart
    ("xml_attribute_password", "detect-secrets KeywordDetector", human_password, "password",
     ("tomcat_context_xml", "web_config")),
    ("dockerfile_env_space", "detect-secrets KeywordDetector", generated_password, "DB_PASSWORD",
     ("dockerfile_env_space", "docker_build_arg")),
    ("k8s_secret_data_b64", "secretlint", base64_password, "db-password", ("k8s_secret_data", "kubectl_get_json")),
    ("tfstate_password", "detect-secrets KeywordDetector", generated_password, "administrator_login_password",
     ("tfstate", "tfvars_heredoc")),
    ("docker_login_password", "secretlint", generated_password, "REGISTRY_PASSWORD",
     ("docker_login_p", "docker_login_stdin")),
    ("psql_conninfo_password", "detect-secrets KeywordDetector", human_password, "PGPASSWORD",
     ("psql_conninfo", "mysql_long_flag")),
    ("jdbc_url_password", "secretlint", generated_password, "JDBC_URL", ("jdbc_oracle_thin", "jdbc_postgres_query")),
    ("smtp_password_settings", "detect-secrets KeywordDetector", human_password, "EMAIL_HOST_PASSWORD",
     ("django_settings", "smtp_url")),
    ("ldap_bind_credential", "detect-secrets KeywordDetector", generated_password, "LDAP_BIND_PW",
     ("sssd_conf", "python_ldap_bind")),
    ("openssh_key_in_json_yaml", "gitleaks private-key", openssh_ed25519, "ssh_private_key",
     ("json_escaped_key", "yaml_literal_key")),
    ("dsa_private_key", "gitleaks private-key", dsa_key, "private_key", ("tf_heredoc_key", "log_dump_key")),
    ("pgp_private_block", "gitleaks private-key", pgp_block, "signing_key", ("json_escaped_key", "gpg_export")),
    ("session_cookie", "secretlint", session_id, "session", ("cookie_request_dump", "har_cookie")),
    ("oauth_client_secret", "gitleaks generic-api-key", oauth_secret, "client_secret",
     ("token_request_body", "spring_oauth_yaml")),
    ("slack_workflow_webhook", "GitHub secret scanning (Slack workflow webhook)", slack_workflow, "webhook",
     ("alertmanager_yaml", "jenkins_groovy")),
    ("discord_webhook_legacy_host", "gitleaks discord-webhook", discord_legacy, "webhook",
     ("alertmanager_yaml", "jenkins_groovy")),
    ("power_automate_webhook_sig", "secretlint", logic_app_sig, "sig", ("teams_workflow_url", "teams_workflow_json")),
    ("gcs_signed_url_signature", "secretlint", gcs_signature, "X-Goog-Signature",
     ("gcs_signed_curl", "gcs_signed_log")),
    ("s3_presigned_v2_signature", "secretlint", s3_v2_signature, "Signature", ("s3_v2_url", "s3_v2_log")),
    ("client_ini_secret", "detect-secrets KeywordDetector", human_password, "password", ("my_cnf", "s3cfg")),
    ("toml_secrets_password", "detect-secrets KeywordDetector", generated_password, "password",
     ("streamlit_secrets_toml", "toml_nested")),
    ("java_properties_password", "detect-secrets KeywordDetector", generated_password, "password",
     ("hibernate_properties", "kafka_properties")),
    ("ansible_inventory_password", "detect-secrets KeywordDetector", human_password, "ansible_password",
     ("ansible_ini", "ansible_yaml")),
    ("composer_auth_password", "secretlint", fx("", 40, HEX), "password", ("composer_auth", "postman_bearer")),
    ("redis_auth_command", "detect-secrets KeywordDetector", generated_password, "requirepass",
     ("redis_cli_auth", "redis_conf")),
    ("basic_credentials_b64", "detect-secrets BasicAuthDetector", human_password, "proxy",
     ("proxy_auth_dump", "npmrc_auth")),
    ("password_by_position", "detect-secrets KeywordDetector", generated_password, "password",
     ("csharp_network_credential", "python_smtplib_login")),
)  # fmt: skip


SURROUNDINGS: dict[str, Shown] = {
    f.__name__: f
    for f in (
        curl_v_dump, rust_const, compose_map, heroku_config, ssm_parameter, supervisord, js_config, configmap,
        gh_secret_set, har_header, vault_kv_json, kubectl_secret, ruby_initializer, tomcat_context_xml, web_config,
        dockerfile_env_space, docker_build_arg, k8s_secret_data, kubectl_get_json, tfstate, tfvars_heredoc,
        docker_login_p, docker_login_stdin, psql_conninfo, mysql_long_flag, jdbc_oracle_thin, jdbc_postgres_query,
        django_settings, smtp_url, sssd_conf, python_ldap_bind, json_escaped_key, yaml_literal_key, tf_heredoc_key,
        log_dump_key, gpg_export, cookie_request_dump, har_cookie, token_request_body, spring_oauth_yaml,
        alertmanager_yaml, jenkins_groovy, teams_workflow_url, teams_workflow_json, gcs_signed_curl, gcs_signed_log,
        s3_v2_url, s3_v2_log, my_cnf, s3cfg, streamlit_secrets_toml, toml_nested, hibernate_properties,
        kafka_properties, ansible_ini, ansible_yaml, composer_auth, postman_bearer, redis_cli_auth, redis_conf,
        proxy_auth_dump, npmrc_auth, csharp_network_credential, python_smtplib_login,
    )
}  # fmt: skip


def rows() -> list[dict[str, str]]:
    """The part's cases, as make_corpus writes them."""
    return part_rows(SEED, SPLIT, FOURTH, SURROUNDINGS)
