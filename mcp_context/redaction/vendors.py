"""Vendors' tokens known by a prefix and a body of fixed length and alphabet, as the public rule sets spell them
(gitleaks, trufflehog's detectors, GitHub secret scanning's partner patterns): the facts of each format (its prefix,
the length and the alphabet of what follows), not any example of it. The general token rule (shaped.SHAPED) finds a
prefix, a separator and a random tail whoever issued it; the formats here are the ones it cannot: a prefix glued to
its body with no separator (``GOOG1...``, ``4b1d...``, a NATS seed's ``SU...``), a body that is a UUID (an id's shape,
which the general rule leaves), a body with signs early in it (``SWMKEY-1-.../...``), or a tail too short or too
plain to judge random. Each is matched whole, as a word of its own, wherever it stands: its prefix says enough."""

from __future__ import annotations

#: A UUID as a body's pattern (many services issue keys as one after their prefix).
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"

#: (kind, prefixes separated by spaces, the body's pattern): a token is one of the prefixes, then the body, standing
#: as a word of its own (rules._prefixed).
PREFIXED: tuple[tuple[str, str, str], ...] = (
    ("pypi_token", "pypi-AgEIcHlwaS5vcmc pypi-AgENdGVzdC5weXBpLm9yZw", r"[A-Za-z0-9_-]{50,2048}"),
    ("rubygems_key", "rubygems_", r"[a-f0-9]{48}"),
    ("nuget_key", "oy2", r"[a-z0-9]{43}"),
    ("clojars_token", "CLOJARS_", r"[a-z0-9]{60}"),
    ("digitalocean_token", "dop_v1_ doo_v1_ dor_v1_", r"[a-f0-9]{64}"),
    ("alibaba_key_id", "LTAI", r"[A-Za-z0-9]{12,20}"),
    ("flyio_token", "fo1_", r"[A-Za-z0-9_-]{43}"),
    ("databricks_token", "dapi", r"[a-f0-9]{32}(?:-\d)?"),
    ("dynatrace_token", "dt0c01.", r"[A-Z0-9]{24}\.[A-Z0-9]{64}"),
    ("groq_key", "gsk_", r"[A-Za-z0-9]{52}"),
    ("perplexity_key", "pplx-", r"[A-Za-z0-9]{48}"),
    ("xai_key", "xai-", r"[A-Za-z0-9]{80}"),
    ("replicate_token", "r8_", r"[A-Za-z0-9]{37}"),
    ("langsmith_key", "lsv2_pt_ lsv2_sk_", r"[a-f0-9]{32}_[a-f0-9]{10}"),
    ("sendgrid_key", "SG.", r"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    ("twilio_key", "SK", r"[0-9a-fA-F]{32}"),
    ("mailgun_key", "key-", r"[a-f0-9]{32}"),
    ("square_token", "sq0csp- sq0atp-", r"[A-Za-z0-9_-]{22,43}"),
    ("stripe_webhook_secret", "whsec_", r"[A-Za-z0-9+/]{32,88}={0,2}"),
    ("shopify_token", "shpat_ shpss_ shppa_", r"[a-fA-F0-9]{32}"),
    ("vault_token", "hvs. hvb. hvr.", r"[A-Za-z0-9_-]{24,2048}"),
    ("new_relic_key", "NRAK-", r"[A-Z0-9]{27}"),
    ("sentry_token", "sntrys_eyJ", r"[A-Za-z0-9+/=]{20,1024}_[A-Za-z0-9+/_-]{43}"),
    ("sentry_token", "sntryu_", r"[a-f0-9]{64}"),
    ("atlassian_token", "ATATT3", r"[A-Za-z0-9_=-]{150,300}"),
    ("linear_key", "lin_api_", r"[A-Za-z0-9]{40}"),
    ("postman_key", "PMAK-", r"[a-f0-9]{24}-[a-f0-9]{34}"),
    ("pulumi_token", "pul-", r"[a-f0-9]{40}"),
    ("typeform_token", "tfp_", r"[A-Za-z0-9_.=-]{40,64}"),
    ("age_secret_key", "AGE-SECRET-KEY-1", r"[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}"),
    ("pubnub_key", "pub-c- sub-c- sec-c-", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("amazon_mws_token", "amzn.mws.", r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
    ("aws_bedrock_key", "bedrock-api-key-", r"[A-Za-z0-9+/=%]{40,2048}"),
    ("prefect_key", "pnu_", r"[A-Za-z0-9]{36}"),
    ("netlify_token", "nfp_", r"[A-Za-z0-9]{36}"),
    ("tencent_secret_id", "AKID", r"[A-Za-z0-9]{32}"),
    ("artifactory_key", "AKCp", r"[A-Za-z0-9]{69}"),
    ("easypost_key", "EZAK", r"[A-Za-z0-9]{54}"),
    ("yandex_key", "AQVN", r"[A-Za-z0-9_\-]{35,38}"),
    # glued to their body: no separator for the general rule to start from
    ("clickhouse_key", "4b1d", r"[A-Za-z0-9]{38}"),
    ("artifactory_token", "cmVmd", r"[A-Za-z0-9]{59}"),
    ("gitlab_runner_token", "GR1348941", r"[A-Za-z0-9_-]{20}"),
    ("grafana_key", "eyJrIjoi", r"[A-Za-z0-9]{70,400}={0,3}"),
    ("gcs_hmac_key_id", "GOOG1", r"[A-Z0-9]{20,70}"),
    # a NATS nkey seed: ``S``, the key's type (user, account, operator, server, cluster, curve, ...), base32
    ("nats_seed", "SU SA SO SN SC SX SP", r"[A-Z2-7]{56}"),
    ("paypal_token", "A21AA", r"[A-Za-z0-9_-]{50,120}"),
    ("google_refresh_token", "1//0", r"[A-Za-z0-9_-]{40,512}"),
    ("databricks_oauth_secret", "dose", r"[a-f0-9]{32}"),
    ("bitbucket_app_password", "ATBB", r"[A-Za-z0-9_=-]{28,64}"),
    # base64 of a fixed start: Intercom's ``tok:``, Bedrock's long-term ``BedrockAPIKey-``
    ("intercom_token", "dG9rOj", r"[A-Za-z0-9+/]{40,120}={0,2}"),
    ("aws_bedrock_key", "ABSKQmVkcm9ja0FQSUtleS", r"[A-Za-z0-9+/]{40,300}={0,2}"),
    ("facebook_token", "EAAB EAAC EAAG EAAM", r"[A-Za-z0-9]{100,512}"),
    ("square_token", "EAAA", r"[A-Za-z0-9_-]{40,60}"),
    # signs or short runs in the body, where the general rule looks for a random run of letters and digits
    ("docker_swarm_key", "SWMKEY-1-", r"[A-Za-z0-9+/]{43}"),
    ("flyio_token", "fm1a_ fm1r_ fm2_", r"[A-Za-z0-9+/]{100,2048}={0,3}"),
    ("octopus_key", "API-", r"[A-Z0-9]{26}"),
    ("new_relic_key", "NRJS-", r"[a-f0-9]{19}"),
    ("docker_token", "dckr_pat_ dckr_oat_", r"[A-Za-z0-9_-]{27,64}"),
    ("supabase_key", "sb_secret_", r"[A-Za-z0-9_-]{31,64}"),
    ("atlassian_token", "ATCTT3", r"[A-Za-z0-9_=-]{150,300}"),
    ("midtrans_key", "Mid-server-", r"[A-Za-z0-9_-]{20,64}"),
    # a UUID after a prefix, which the general rule takes for an id
    ("ebay_client_secret", "PRD- SBX-", r"[0-9a-f]{12}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}"),
    ("valour_token", "val-", _UUID),
    ("persona_key", "persona_production_ persona_sandbox_", _UUID),
    ("hubspot_token", "pat-na1- pat-na2- pat-eu1- pat-ap1-", _UUID),
    ("sslmate_secret", "naclsecretbox:", r"[A-Za-z0-9+/]{40,64}={0,2}"),
    # a minisign secret key's line (Ed25519, scrypt, BLAKE2b: its first bytes always the same)
    ("minisign_key", "RWRTY0Iy", r"[A-Za-z0-9+/]{140,200}={0,2}"),
    # signify's secret key (Ed25519 and bcrypt_pbkdf: ``EdBK`` first, base64 ``RWRCS``), and LND's macaroons in hex
    # (a version 2 macaroon whose location is ``lnd``: ``02 01 03 6c6e64``)
    ("signify_key", "RWRCSw", r"[A-Za-z0-9+/]{120,160}={0,2}"),
    ("lnd_macaroon", "0201036c6e64", r"[0-9a-f]{100,4000}"),
)

#: (kind, anchors, pattern, how far before an anchor the token starts): formats whose fixed part stands inside or at
#: the end of the token, so that it starts a fixed distance before it.
SHAPES: tuple[tuple[str, str, str, int], ...] = (
    ("maxmind_key", "_mmk", r"(?<![A-Za-z0-9_\-])[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk(?![A-Za-z0-9_\-])", 36),
    (
        "terraform_token",
        ".atlasv1.",
        r"(?<![A-Za-z0-9])[a-z0-9]{14}\.atlasv1\.[a-z0-9_=\-]{60,70}(?![A-Za-z0-9_\-])",
        14,
    ),
    # Azure DevOps' personal access tokens of 84 characters carry ``AZDO`` at the 53rd
    ("azure_devops_pat", "AZDO", r"(?<![A-Za-z0-9])[A-Za-z0-9]{52}AZDO[A-Za-z0-9]{28}(?![A-Za-z0-9])", 52),
)

#: Microsoft's identifiable keys (Azure Storage, Cosmos DB, Cache for Redis, Container Registry, Search, Functions,
#: Service Bus, Event Hubs, API Management): random base64 with a fixed signature near its end.
AZURE_SIGNED = (
    r"(?<![A-Za-z0-9+/_\-])[A-Za-z0-9+/_\-]{33,76}(?:\+ACR|AzCa|ACDb|\+ASt|AzSe|AzFu|\+ASb|\+AEh|APIM)"
    r"[A-Za-z0-9+/_\-]{5,8}={0,2}(?![A-Za-z0-9+/=])"
)
AZURE_SIGNED_ANCHORS = ("+ACR", "AzCa", "ACDb", "+ASt", "AzSe", "AzFu", "+ASb", "+AEh", "APIM")
AZURE_SIGNED_BACK = 76

#: A key as a part of a vendor's URL: Infura's and Alchemy's RPC endpoints (``https://mainnet.infura.io/v3/<key>``),
#: Loggly's inputs (``https://logs-01.loggly.com/inputs/<token>/tag/x/``).
URL_KEY = (
    r"(?:\.infura\.io/v3/|\.alchemy(?:api)?\.(?:io|com)/v2/|\.loggly\.com/(?:inputs|bulk)/)"
    r"(?P<secret>[A-Za-z0-9_\-]{20,64})(?![A-Za-z0-9_\-])"
)
URL_KEY_ANCHORS = (
    ".infura.io/v3/",
    ".alchemy.com/v2/",
    ".alchemyapi.io/v2/",
    ".loggly.com/inputs/",
    ".loggly.com/bulk/",
)

#: Loggly's customer token as the id of a syslog message's structured data, which Loggly's enterprise number follows
#: (``[<token>@41058 tag="web"]``).
LOGGLY_SD = r"(?<![A-Za-z0-9\-])(?P<secret>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@41058\b"
LOGGLY_SD_ANCHORS = ("@41058",)
LOGGLY_SD_BACK = 36

#: Braintree's access token, Mercury's API token: words and signs between their fixed parts.
FRAMED = (
    r"\baccess_token\$(?:production|sandbox)\$[a-z0-9]{16}\$[a-f0-9]{32}"
    r"|secret-token:mercury_(?:production|sandbox)_[A-Za-z0-9]{10,64}_yrucrem"
    # a k3s cluster's join token: the CA's hash, then the server's or the node's password
    r"|\bK10[0-9a-f]{64}::(?:server|node):[0-9a-f]{32}"
)
FRAMED_ANCHORS = ("access_token$", "secret-token:mercury_", "K10")
