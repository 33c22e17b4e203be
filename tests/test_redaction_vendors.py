"""Vendors' tokens known by a prefix and a body of fixed shape that the general token rule cannot judge (a prefix glued
to its body, a UUID after it, signs early in it), redacted wherever they stand, with no name to say so: in a log line,
a shell command, a JSON document. Each value is drawn afresh from the format's alphabet (the formats are facts of the
public rule sets; no example of theirs), and look-alikes that are no such token stay."""

from __future__ import annotations

import json
import random
import re
import string

import pytest

from mcp_context.redaction.redactor import Redactor

_RNG = random.Random(20261129)
_ALNUM = string.ascii_letters + string.digits
_UPPER = string.ascii_uppercase + string.digits
_HEX = "0123456789abcdef"
_B32 = string.ascii_uppercase + "234567"


def _draw(alphabet: str, n: int) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


def _uuid() -> str:
    return "-".join(_draw(_HEX, n) for n in (8, 4, 4, 4, 12))


TOKENS = {
    "clickhouse": "4b1d" + _draw(_ALNUM, 38),
    "artifactory reference": "cmVmd" + _draw(_ALNUM, 59),
    "gitlab runner registration": "GR1348941" + _draw(_ALNUM + "_-", 20),
    "grafana api key": "eyJrIjoi" + _draw(_ALNUM, 80),
    "gcs hmac id": "GOOG1" + _draw(_UPPER, 56),
    "nats account seed": "SA" + _draw(_B32, 56),
    "nats server seed": "SN" + _draw(_B32, 56),
    "paypal": "A21AA" + _draw(_ALNUM + "_-", 90),
    "databricks oauth": "dose" + _draw(_HEX, 32),
    "bitbucket app password": "ATBB" + _draw(_ALNUM, 32),
    "intercom": "dG9rOj" + _draw(_ALNUM + "+/", 54) + "=",
    "bedrock long-term": "ABSKQmVkcm9ja0FQSUtleS" + _draw(_ALNUM + "+/", 110),
    "google refresh": "1//0" + _draw(_ALNUM + "_-", 96),
    "facebook page": "EAAG" + _draw(_ALNUM, 160),
    "square": "EAAA" + _draw(_ALNUM + "_-", 60),
    "docker swarm": "SWMKEY-1-" + _draw(_ALNUM + "+/", 43),
    "fly machines": "fm2_" + _draw(_ALNUM + "+/", 140) + "==",
    "octopus": "API-" + _draw(_UPPER, 26),
    "new relic browser": "NRJS-" + _draw(_HEX, 19),
    "docker hub": "dckr_pat_" + _draw(_ALNUM + "_-", 27),
    "supabase": "sb_secret_" + _draw(_ALNUM + "_-", 31),
    "atlassian": "ATCTT3xFfGN0" + _draw(_ALNUM + "_-", 180),
    "midtrans": "Mid-server-" + _draw(_ALNUM, 24),
    "ebay sandbox": "SBX-" + "-".join(_draw(_HEX, n) for n in (12, 4, 4, 4, 4)),
    "valour": "val-" + _uuid(),
    "persona": "persona_sandbox_" + _uuid(),
    "hubspot": "pat-eu1-" + _uuid(),
    "sslmate": "naclsecretbox:" + _draw(_ALNUM + "+/", 43),
    "maxmind": _draw(_ALNUM, 6) + "_" + _draw(_ALNUM, 29) + "_mmk",
    "terraform cloud": _draw(string.ascii_lowercase + string.digits, 14) + ".atlasv1." + _draw(_HEX + "xyz_", 67),
    "azure devops": _draw(_ALNUM, 52) + "AZDO" + _draw(_ALNUM, 28),
    "azure cosmos": _draw(_ALNUM, 76) + "ACDb" + _draw(_ALNUM, 6) + "==",
    "azure redis": _draw(_ALNUM, 33) + "AzCa" + _draw(_ALNUM, 5) + "=",
    "braintree": "access_token$production$" + _draw(string.ascii_lowercase + string.digits, 16) + "$" + _draw(_HEX, 32),
}

PLACES = (
    "2026-11-29T01:02:03Z worker-3 retrying with {} after 401\n",
    "$ acme-cli deploy --region eu-west-1 {} --yes\n",
    '{{"ok": true, "data": ["{}"]}}\n',
)


@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("name", sorted(TOKENS))
def test_a_vendor_token_is_redacted_wherever_it_stands(name: str, place: str) -> None:
    secret = TOKENS[name]
    text = place.format(secret)
    redactor = Redactor("t")
    once = redactor.text(text)
    assert secret not in once and secret[-12:] not in once
    assert json.loads(redactor.text(json.dumps({"c": text})))["c"] == once
    assert redactor.text(once) == once


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('w3 = Web3(HTTPProvider("https://sepolia.infura.io/v3/' + _draw(_HEX, 32) + '"))\n', ""),
        ("rpc = https://eth-mainnet.g.alchemy.com/v2/" + _draw(_ALNUM, 32) + "\n", ""),
        ("curl -d x https://logs-01.loggly.com/inputs/" + _uuid() + "/tag/http/\n", ""),
        ("<14>1 2026-11-29T01:02:03Z web app - - [" + _uuid() + '@41058 tag="web"] started\n', ""),
    ],
)
def test_a_key_in_a_vendors_url_or_log_id_is_redacted(text: str, secret: str) -> None:
    key = max(_KEYS.findall(text), key=len)
    redactor = Redactor("t")
    once = redactor.text(text)
    assert key not in once and redactor.text(once) == once


_KEYS = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9]{32}")


@pytest.mark.parametrize(
    "text",
    [
        "appid: AcmeShop-Listing-PRD-e03d9830a-12ded08e\n",  # an application's id holds -PRD- inside a word
        "request_id=val-" + "0" * 8 + "-1111-2222-3333-" + "4" * 12 + "x\n",  # glued on: no token's end
        "see API-REFERENCE-GUIDE for the endpoints\n",  # a word, not 26 upper-case letters and digits
        "SUBSCRIPTIONS ARE RENEWED MONTHLY\n",  # upper-case words, not a seed
        "GOOG1 is the prefix of an HMAC key's id\n",  # the prefix alone
        "a dose of 250 mg twice daily\n",  # a word, not 32 hex digits after it
        "the APIM gateway forwards to AzCa and ACDb\n",  # a signature's letters alone
    ],
)
def test_what_only_looks_like_a_vendor_token_is_left(text: str) -> None:
    assert Redactor("t").text(text) == text
