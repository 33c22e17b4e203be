"""Credential formats, as the public rule sets of secret scanners describe them (gitleaks' rules, secretlint's
rule presets, detect-secrets' plugins, GitHub secret scanning's partner patterns): a prefix, a length, an
alphabet, a checksum where the format has one. Each maker (makers.py) returns a fresh synthetic value in that
shape; no value here was ever a real credential.

``make_corpus.py`` puts each value in the surroundings it is found in (an .env file, JSON, YAML, a curl command,
an HTTP header, a connection string, a log line...) and writes ``corpus.jsonl``."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .makers import (
    ALNUM,
    B64,
    B64URL,
    DIGITS,
    HEX,
    LOWER,
    UPPER,
    age,
    airtable,
    alibaba_secret,
    atlassian,
    aws_session,
    azure_ad_secret,
    b64,
    basic,
    braintree,
    checksummed,
    discord_bot,
    discord_webhook,
    django,
    docker_auth,
    dynatrace,
    facebook,
    fcm,
    fixed,
    github_fine,
    grafana_cloud,
    grafana_sa,
    heroku,
    jwt,
    kube_client_key,
    langsmith,
    mailchimp,
    mapbox,
    notion,
    one_password,
    openai_legacy,
    openssh,
    password,
    pem,
    pinecone,
    postman,
    pypi,
    sas_sig,
    sendgrid,
    sentry_org,
    slack,
    slack_app,
    slack_webhook,
    square_app,
    tailscale,
    teams_webhook,
    telegram,
    terraform,
    twitter_bearer,
    uuid4,
    vault,
)


@dataclass(frozen=True)
class Format:
    """One credential format: its name, where its shape is described, how a value is made, and the variable
    name it usually goes by (``None`` where the surroundings give it no telling name)."""

    name: str
    source: str
    make: Callable[[random.Random], str]
    var: str
    #: Surroundings it is shown in (names of first_shown.SURROUNDINGS' templates); the default pair otherwise.
    shown: tuple[str, ...] = ()


FORMATS: tuple[Format, ...] = (
    # cloud providers
    Format("aws_access_key_id", "gitleaks aws-access-token", fixed("AKIA", 16, UPPER + "234567"), "AWS_ACCESS_KEY_ID"),
    Format(
        "aws_temporary_key_id", "gitleaks aws-access-token", fixed("ASIA", 16, UPPER + "234567"), "AWS_ACCESS_KEY_ID"
    ),
    Format(
        "aws_secret_access_key",
        "detect-secrets AWSKeyDetector",
        fixed("", 40, B64),
        "AWS_SECRET_ACCESS_KEY",
        ("env", "ini_aws", "sts_json"),
    ),  # fmt: skip
    Format("aws_session_token", "GitHub aws_session_token", aws_session, "AWS_SESSION_TOKEN", ("env", "sts_json")),
    Format(
        "azure_storage_account_key",
        "gitleaks azure-storage",
        fixed("", 86, B64, "=="),
        "AZURE_STORAGE_KEY",
        ("azure_conn", "env"),
    ),  # fmt: skip
    Format("azure_sas_signature", "GitHub azure_sas_token", sas_sig, "AZURE_SAS", ("sas_url", "sas_conn")),
    Format(
        "azure_service_bus_key",
        "GitHub azure_service_bus_key",
        fixed("", 43, B64, "="),
        "SERVICEBUS_KEY",
        ("servicebus_conn",),
    ),  # fmt: skip
    Format("azure_ad_client_secret", "gitleaks azure-ad-client-secret", azure_ad_secret, "AZURE_CLIENT_SECRET"),
    Format("gcp_api_key", "gitleaks gcp-api-key", fixed("AIza", 35, B64URL), "GOOGLE_API_KEY", ("url_query", "env")),
    Format(
        "gcp_service_account_key", "gitleaks gcp-service-account", pem("PRIVATE KEY", 1190), "GCP_KEY", ("gcp_json",)
    ),  # fmt: skip
    Format(
        "google_oauth_client_secret",
        "GitHub google_oauth_client_secret",
        fixed("GOCSPX-", 28, B64URL),
        "GOOGLE_CLIENT_SECRET",
    ),  # fmt: skip
    Format(
        "google_oauth_access_token",
        "GitHub google_oauth_access_token",
        fixed("ya29.", 150, B64URL),
        "TOKEN",
        ("bearer_header", "json_neutral"),
    ),  # fmt: skip
    Format("firebase_cloud_messaging_key", "gitleaks gcp-api-key", fcm, "FCM_SERVER_KEY", ("fcm_header", "env")),
    Format("alibaba_access_key_id", "gitleaks alibaba-access-key-id", fixed("LTAI", 20, ALNUM), "ALIBABA_KEY_ID"),
    Format(
        "alibaba_secret_key",
        "gitleaks alibaba-secret-key",
        alibaba_secret,
        "ALIBABA_ACCESS_KEY_SECRET",
        ("env", "yaml"),
    ),  # fmt: skip
    Format("tencent_secret_id", "GitHub tencent_cloud_secret_id", fixed("AKID", 32, ALNUM), "TENCENT_SECRET_ID"),
    Format("digitalocean_pat", "gitleaks digitalocean-pat", fixed("dop_v1_", 64, HEX), "DIGITALOCEAN_TOKEN"),
    Format("digitalocean_oauth", "gitleaks digitalocean-access-token", fixed("doo_v1_", 64, HEX), "DO_OAUTH"),
    Format("heroku_api_key", "GitHub heroku_platform_key", heroku, "HEROKU_API_KEY"),
    Format("flyio_token", "gitleaks flyio-access-token", fixed("fo1_", 43, B64URL), "FLY_API_TOKEN"),
    Format("databricks_token", "gitleaks databricks-api-token", fixed("dapi", 32, HEX), "DATABRICKS_TOKEN"),
    Format("dynatrace_token", "gitleaks dynatrace-api-token", dynatrace, "DT_API_TOKEN"),
    Format(
        "cloudflare_global_key",
        "gitleaks cloudflare-global-api-key",
        fixed("", 37, HEX),
        "CLOUDFLARE_API_KEY",
        ("cf_headers", "env"),
    ),  # fmt: skip
    Format(
        "cloudflare_api_token",
        "gitleaks cloudflare-api-key",
        fixed("", 40, B64URL),
        "CLOUDFLARE_API_TOKEN",
        ("bearer_header", "env"),
    ),  # fmt: skip
    # source hosting and packages
    Format("github_pat", "GitHub github_personal_access_token", checksummed("ghp_"), "GITHUB_TOKEN"),
    Format("github_oauth", "GitHub github_oauth_access_token", checksummed("gho_"), "GH_TOKEN"),
    Format(
        "github_app_installation",
        "GitHub github_app_installation_access_token",
        checksummed("ghs_"),
        "TOKEN",
        ("git_url", "log"),
    ),  # fmt: skip
    Format("github_refresh", "GitHub github_refresh_token", checksummed("ghr_"), "GITHUB_REFRESH_TOKEN"),
    Format(
        "github_fine_grained_pat", "GitHub github_personal_access_token", github_fine, "GITHUB_PAT", ("git_url", "env")
    ),  # fmt: skip
    Format("gitlab_pat", "gitleaks gitlab-pat", fixed("glpat-", 20, B64URL), "GITLAB_TOKEN", ("private_token", "env")),
    Format("gitlab_trigger_token", "gitleaks gitlab-ptt", fixed("glptt-", 40, HEX), "TRIGGER_TOKEN", ("curl_form",)),
    Format("gitlab_runner_token", "gitleaks gitlab-rrt", fixed("glrt-", 20, B64URL), "RUNNER_TOKEN", ("toml", "log")),
    Format(
        "bitbucket_app_password",
        "GitHub bitbucket_server_personal_access_token",
        fixed("ATBB", 32, ALNUM),
        "BITBUCKET_APP_PASSWORD",
        ("git_url", "env"),
    ),  # fmt: skip
    Format("npm_token", "GitHub npm_access_token", checksummed("npm_"), "NPM_TOKEN", ("npmrc", "env")),
    Format("pypi_token", "GitHub pypi_api_token", pypi, "TWINE_PASSWORD", ("pypirc", "env")),
    Format("rubygems_key", "gitleaks rubygems-api-token", fixed("rubygems_", 48, HEX), "GEM_HOST_API_KEY"),
    Format(
        "nuget_key", "gitleaks nuget-api-key", fixed("oy2", 43, LOWER + DIGITS), "NUGET_API_KEY", ("nuget_cli", "env")
    ),  # fmt: skip
    Format(
        "docker_hub_pat",
        "GitHub docker_personal_access_token",
        fixed("dckr_pat_", 27, B64URL),
        "DOCKER_TOKEN",
        ("docker_login", "env"),
    ),  # fmt: skip
    Format("docker_config_auth", "secretlint docker", docker_auth, "auth", ("docker_config",)),
    Format("clojars_token", "gitleaks clojars-api-token", fixed("CLOJARS_", 60, LOWER + DIGITS), "CLOJARS_TOKEN"),
    Format(
        "jfrog_identity_token",
        "GitHub jfrog_identity_token",
        fixed("cmVmdGtuOjAxOj", 50, ALNUM),
        "JFROG_TOKEN",
        ("bearer_header", "env"),
    ),  # fmt: skip
    # AI providers
    Format("openai_project_key", "GitHub openai_api_key", fixed("sk-proj-", 156, B64URL), "OPENAI_API_KEY"),
    Format("openai_legacy_key", "gitleaks openai-api-key", openai_legacy, "OPENAI_KEY", ("bearer_header", "env")),
    Format(
        "anthropic_api_key",
        "GitHub anthropic_api_key",
        fixed("sk-ant-api03-", 93, B64URL, "AA"),
        "ANTHROPIC_API_KEY",
        ("x_api_key", "env"),
    ),  # fmt: skip
    Format("huggingface_token", "gitleaks huggingface-access-token", fixed("hf_", 34, ALNUM), "HF_TOKEN"),
    Format("groq_key", "GitHub groq_api_key", fixed("gsk_", 52, ALNUM), "GROQ_API_KEY"),
    Format("perplexity_key", "gitleaks perplexity-api-key", fixed("pplx-", 48, ALNUM), "PPLX_API_KEY"),
    Format("xai_key", "GitHub xai_api_key", fixed("xai-", 80, ALNUM), "XAI_API_KEY"),
    Format("replicate_token", "GitHub replicate_api_token", fixed("r8_", 37, ALNUM), "REPLICATE_API_TOKEN"),
    Format("langsmith_key", "GitHub langchain_api_key", langsmith, "LANGSMITH_API_KEY"),
    Format("pinecone_key", "GitHub pinecone_api_key", pinecone, "PINECONE_API_KEY"),
    # messaging and payments
    Format("slack_bot_token", "gitleaks slack-bot-token", slack("xoxb-"), "SLACK_BOT_TOKEN"),
    Format("slack_user_token", "gitleaks slack-user-token", slack("xoxp-"), "SLACK_TOKEN", ("bearer_header", "yaml")),
    Format("slack_app_token", "gitleaks slack-app-token", slack_app, "SLACK_APP_TOKEN"),
    Format("slack_webhook", "gitleaks slack-webhook-url", slack_webhook, "SLACK_WEBHOOK_URL", ("curl_post", "env")),
    Format("discord_bot_token", "GitHub discord_bot_token", discord_bot, "DISCORD_TOKEN", ("bot_header", "env")),
    Format("discord_webhook", "gitleaks discord-webhook", discord_webhook, "DISCORD_WEBHOOK", ("curl_post", "yaml")),
    Format("teams_webhook", "gitleaks microsoft-teams-webhook", teams_webhook, "TEAMS_WEBHOOK", ("curl_post",)),
    Format(
        "telegram_bot_token", "gitleaks telegram-bot-api-token", telegram, "TELEGRAM_BOT_TOKEN", ("telegram_url", "env")
    ),  # fmt: skip
    Format("twilio_api_key", "gitleaks twilio-api-key", fixed("SK", 32, HEX), "TWILIO_API_KEY", ("curl_u_sid", "env")),
    Format(
        "twilio_auth_token",
        "detect-secrets TwilioKeyDetector",
        fixed("", 32, HEX),
        "TWILIO_AUTH_TOKEN",
        ("env", "yaml"),
    ),  # fmt: skip
    Format("sendgrid_key", "gitleaks sendgrid-api-token", sendgrid, "SENDGRID_API_KEY", ("bearer_header", "env")),
    Format(
        "mailgun_key",
        "gitleaks mailgun-private-api-token",
        fixed("key-", 32, HEX),
        "MAILGUN_API_KEY",
        ("curl_u_api", "env"),
    ),  # fmt: skip
    Format("mailchimp_key", "gitleaks mailchimp-api-key", mailchimp, "MAILCHIMP_API_KEY"),
    Format("postmark_token", "secretlint postmark", uuid4, "POSTMARK_SERVER_TOKEN", ("postmark_header", "env")),
    Format(
        "stripe_secret_key",
        "GitHub stripe_api_key",
        fixed("sk_live_", 99, ALNUM),
        "STRIPE_SECRET_KEY",
        ("curl_u_api", "env"),
    ),  # fmt: skip
    Format("stripe_restricted_key", "GitHub stripe_live_restricted_key", fixed("rk_live_", 99, ALNUM), "STRIPE_KEY"),
    Format(
        "stripe_webhook_secret", "gitleaks stripe-access-token", fixed("whsec_", 32, ALNUM), "STRIPE_WEBHOOK_SECRET"
    ),  # fmt: skip
    Format(
        "square_access_token",
        "gitleaks square-access-token",
        fixed("EAAA", 60, B64URL),
        "SQUARE_ACCESS_TOKEN",
        ("bearer_header", "env"),
    ),  # fmt: skip
    Format("square_oauth_secret", "detect-secrets SquareOAuthDetector", square_app, "SQUARE_APP_SECRET"),
    Format("braintree_token", "gitleaks", braintree, "BRAINTREE_TOKEN"),
    Format(
        "shopify_access_token",
        "gitleaks shopify-access-token",
        fixed("shpat_", 32, HEX),
        "SHOPIFY_TOKEN",
        ("shopify_header", "env"),
    ),  # fmt: skip
    Format("shopify_shared_secret", "gitleaks shopify-shared-secret", fixed("shpss_", 32, HEX), "SHOPIFY_SECRET"),
    Format("shopify_custom_app", "gitleaks shopify-custom-access-token", fixed("shpca_", 32, HEX), "SHOPIFY_APP"),
    # developer services
    Format(
        "hashicorp_vault_service",
        "GitHub hashicorp_vault_service_token",
        vault("hvs."),
        "VAULT_TOKEN",
        ("vault_header", "env"),
    ),  # fmt: skip
    Format("hashicorp_vault_batch", "GitHub hashicorp_vault_batch_token", vault("hvb."), "VAULT_TOKEN"),
    Format("terraform_cloud_token", "gitleaks hashicorp-tf-api-token", terraform, "TFE_TOKEN", ("tfrc", "env")),
    Format(
        "okta_api_token",
        "gitleaks okta-access-token",
        fixed("00", 40, B64URL),
        "OKTA_API_TOKEN",
        ("ssws_header", "env"),
    ),  # fmt: skip
    Format(
        "datadog_api_key", "gitleaks datadog-access-token", fixed("", 32, HEX), "DD_API_KEY", ("dd_header", "env")
    ),  # fmt: skip
    Format(
        "datadog_app_key", "gitleaks datadog-access-token", fixed("", 40, HEX), "DD_APP_KEY", ("dd_app_header", "env")
    ),  # fmt: skip
    Format(
        "new_relic_user_key", "gitleaks new-relic-user-api-key", fixed("NRAK-", 27, UPPER + DIGITS), "NEW_RELIC_API_KEY"
    ),  # fmt: skip
    Format("sentry_org_token", "GitHub sentry_org_token", sentry_org, "SENTRY_AUTH_TOKEN"),
    Format("sentry_user_token", "GitHub sentry_user_token", fixed("sntryu_", 64, HEX), "SENTRY_TOKEN"),
    Format(
        "grafana_service_account",
        "gitleaks grafana-service-account-token",
        grafana_sa,
        "GRAFANA_TOKEN",
        ("bearer_header", "env"),
    ),  # fmt: skip
    Format("grafana_cloud_token", "gitleaks grafana-cloud-api-token", grafana_cloud, "GRAFANA_CLOUD_TOKEN"),
    Format(
        "atlassian_api_token", "gitleaks atlassian-api-token", atlassian, "JIRA_API_TOKEN", ("curl_u_email", "env")
    ),  # fmt: skip
    Format("linear_api_key", "gitleaks linear-api-key", fixed("lin_api_", 40, ALNUM), "LINEAR_API_KEY"),
    Format("postman_api_key", "gitleaks postman-api-token", postman, "POSTMAN_API_KEY", ("x_api_key", "env")),
    Format("pulumi_token", "gitleaks pulumi-api-token", fixed("pul-", 40, HEX), "PULUMI_ACCESS_TOKEN"),
    Format("doppler_token", "gitleaks doppler-api-token", fixed("dp.pt.", 43, ALNUM), "DOPPLER_TOKEN"),
    Format(
        "contentful_token", "GitHub contentful_personal_access_token", fixed("CFPAT-", 43, B64URL), "CONTENTFUL_TOKEN"
    ),  # fmt: skip
    Format("figma_token", "GitHub figma_pat", fixed("figd_", 40, B64URL), "FIGMA_TOKEN", ("x_figma_header", "env")),
    Format("airtable_pat", "GitHub airtable_personal_access_token", airtable, "AIRTABLE_TOKEN"),
    Format("notion_token", "GitHub notion_integration_token", notion, "NOTION_TOKEN"),
    Format("supabase_token", "GitHub supabase_personal_access_token", fixed("sbp_", 40, HEX), "SUPABASE_ACCESS_TOKEN"),
    Format(
        "planetscale_password",
        "gitleaks planetscale-password",
        fixed("pscale_pw_", 43, B64URL),
        "DATABASE_PASSWORD",
        ("mysql_url", "env"),
    ),  # fmt: skip
    Format("typeform_token", "gitleaks typeform-api-token", fixed("tfp_", 44, B64URL), "TYPEFORM_TOKEN"),
    Format("mapbox_secret_token", "GitHub mapbox_secret_access_token", mapbox, "MAPBOX_TOKEN", ("url_query", "env")),
    Format("one_password_service_account", "GitHub 1password_service_account_token", one_password, "OP_TOKEN"),
    Format("tailscale_key", "GitHub tailscale_api_key", tailscale, "TS_AUTHKEY"),
    Format("age_secret_key", "gitleaks age-secret-key", age, "SOPS_AGE_KEY", ("age_file", "env")),
    Format(
        "twitter_bearer_token",
        "gitleaks twitter-bearer-token",
        twitter_bearer,
        "TWITTER_BEARER_TOKEN",
        ("bearer_header", "env"),
    ),  # fmt: skip
    Format(
        "facebook_access_token", "gitleaks facebook-access-token", facebook, "FB_ACCESS_TOKEN", ("url_query", "env")
    ),  # fmt: skip
    Format("prefect_key", "gitleaks prefect-api-token", fixed("pnu_", 36, ALNUM), "PREFECT_API_KEY"),
    Format("netlify_token", "GitHub netlify_access_token", fixed("nfp_", 36, ALNUM), "NETLIFY_AUTH_TOKEN"),
    # framework and application secrets
    Format("rails_secret_key_base", "secretlint", fixed("", 128, HEX), "secret_key_base", ("rails_yaml", "env")),
    Format("laravel_app_key", "gitleaks", lambda rng: "base64:" + b64(rng.randbytes(32)), "APP_KEY", ("env",)),
    Format("django_secret_key", "gitleaks", django, "SECRET_KEY", ("django", "env")),
    Format("jwt", "detect-secrets JwtTokenDetector", jwt, "ACCESS_TOKEN", ("bearer_header", "json_neutral", "cookie")),
    Format("kube_service_account_token", "secretlint kubernetes", jwt, "token", ("kubeconfig_token",)),
    Format("kube_client_key_data", "secretlint kubernetes", kube_client_key, "client-key-data", ("kubeconfig_key",)),
    # private keys
    Format(
        "rsa_private_key",
        "detect-secrets PrivateKeyDetector",
        pem("RSA PRIVATE KEY", 1190),
        "key",
        ("pem_file", "json_escaped"),
    ),  # fmt: skip
    Format("openssh_private_key", "detect-secrets PrivateKeyDetector", openssh, "key", ("pem_file", "yaml_block")),
    Format("ec_private_key", "detect-secrets PrivateKeyDetector", pem("EC PRIVATE KEY", 121), "key", ("pem_file",)),
    Format(
        "pkcs8_encrypted_key",
        "detect-secrets PrivateKeyDetector",
        pem("ENCRYPTED PRIVATE KEY", 1290),
        "key",
        ("pem_file",),
    ),  # fmt: skip
    Format("pgp_private_key", "gitleaks private-key", pem("PGP PRIVATE KEY BLOCK", 900), "key", ("pem_file",)),
    # credentials in protocols and configuration
    Format("basic_auth_header", "detect-secrets BasicAuthDetector", basic, "Authorization", ("basic_header",)),
    Format("bearer_token_header", "gitleaks", fixed("", 48, ALNUM + "-._~"), "Authorization", ("bearer_header",)),
    Format("token_auth_header", "secretlint", fixed("", 40, HEX), "Authorization", ("token_header",)),
    Format("x_api_key_header", "secretlint", fixed("", 32, ALNUM), "X-API-Key", ("x_api_key",)),
    Format("x_auth_token_header", "secretlint", fixed("", 40, B64URL), "X-Auth-Token", ("x_auth_token",)),
    Format("curl_user_password", "secretlint", password, "password", ("curl_u",)),
    Format(
        "url_password_postgres", "detect-secrets BasicAuthDetector", password, "password", ("postgres_url", "jdbc_like")
    ),  # fmt: skip
    Format("url_password_mongodb", "gitleaks", password, "password", ("mongo_url",)),
    Format("url_password_redis", "secretlint", password, "password", ("redis_url", "amqp_url")),
    Format("netrc_password", "secretlint netrc", password, "password", ("netrc", "netrc_one_line")),
    Format("jdbc_password", "gitleaks", password, "password", ("jdbc",)),
    Format("odbc_password", "gitleaks", password, "password", ("odbc",)),
    Format("env_password", "detect-secrets KeywordDetector", password, "DB_PASSWORD", ("env", "docker_run")),
    Format("json_password", "detect-secrets KeywordDetector", password, "password", ("json_named", "json_escaped_kv")),
    Format("yaml_password", "detect-secrets KeywordDetector", password, "password", ("yaml", "spring")),
    Format("xml_password", "gitleaks", password, "password", ("xml",)),
    Format("cli_password_flag", "secretlint", password, "password", ("mysql_p", "password_flag", "sshpass")),
    Format("kafka_jaas_password", "gitleaks", password, "password", ("jaas",)),
    Format("php_define_password", "detect-secrets KeywordDetector", password, "DB_PASSWORD", ("php_define",)),
    Format(
        "python_assigned_secret",
        "detect-secrets KeywordDetector",
        fixed("", 32, ALNUM),
        "client_secret",
        ("python", "python_dict"),
    ),  # fmt: skip
)
