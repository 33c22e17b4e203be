"""Secrets in places that name no secret beside them: an API's key in a URL's query, an API token as curl's basic
auth user, a random client id, a statement naming a password with flags between or in a line of statements split
by ``;``, a value in a block (Ruby's ``name { "v" }``), a cookie made by a call, a Kerberos key in a keytab's
listing, a dump's rows given without a column list under a definition that names the secret's column, a login and
a password told together in a message, a prompt's answer keyed by the prompt; and a wallet's key or words with no
word before them (a WIF key alone, a mnemonic numbered 1 to 12). Invented tools and values; each redacted as text
and inside a JSON string alike, and redacting again changes nothing; look-alikes stay."""

from __future__ import annotations

import hashlib
import json

import base58
import pytest
from mnemonic import Mnemonic
from redaction_checks import assert_caught_alike, assert_stays, assert_streamed_alike

from mcp_context.redaction import Redactor

#: A mainnet WIF key made from a fixed seed here (no wallet's), and a mnemonic likewise.
WIF = base58.b58encode_check(b"\x80" + hashlib.sha256(b"zorb wallet").digest() + b"\x01").decode()
PHRASE = str(Mnemonic("english").to_mnemonic(hashlib.sha256(b"zorb words").digest()[:16]))
NUMBERED = "\n".join(f"{i}. {w}" for i, w in enumerate(PHRASE.split(), 1))

CASES = [
    # an API's key in its URL's query, the key hex in dashed groups or short letters and digits
    ('$ curl "https://api.zorbweather.io/v3/now?city=Lyon&key=7c0e91ad-3f4b-88e2-a1d0-5be2c4f9a617"\n', "7c0e91ad"),
    ("GET /feeds/rates.json?apikey=q8w2e7r4&limit=5 HTTP/1.1\n", "q8w2e7r4"),
    ('<img src="https://maps.zorb.dev/static?center=1,2&amp;key=Zk27Qwv93Lmx">\n', "Zk27Qwv93Lmx"),
    # curl given an API token as basic auth's user (the password a dummy, or none)
    (
        "$ curl -u 9dk2m4xq7vz1ltr8w3yh6pn0bf5cs2ge:X https://zorbtime.io/api/v1/entries\n",
        "9dk2m4xq7vz1ltr8w3yh6pn0bf5cs2ge",
    ),
    ('curl --user "Kq83LmzXv0TnR2wBy7Hd4pFs:" https://api.zorbmail.com/v2/lists\n', "Kq83LmzXv0TnR2wBy7Hd4pFs"),
    # a key a vendor calls a client id: random letters and digits, in a call or an environment file
    (
        "zorb = ZorbTravel(client_id='Xw8Rk2Lm9Qz4Tn7Vb3Hc6Yp1Jd5Fg0Ss', client_secret=s)\n",
        "Xw8Rk2Lm9Qz4Tn7Vb3Hc6Yp1Jd5Fg0Ss",
    ),
    ('{"ZORB_CLIENT_ID": "k3Jx9QmT7vLw2Rz8Pb4Nc6Yd1Hf5Gs0A"}\n', "k3Jx9QmT7vLw2Rz8Pb4Nc6Yd1Hf5Gs0A"),
    # a statement naming a password: flags before its value, or a line of statements split by ';'
    ("network --bootproto=dhcp\nrootpw --lock --plaintext Harbor7-lantern!\nreboot\n", "Harbor7-lantern!"),
    ("SetOption19 1; WebPassword Qz7!mfre2-Lkv; Hostname attic-fan\n", "Qz7!mfre2-Lkv"),
    ("  bindpw  --quiet  Tq7#vLm2Rz9w\n", "Tq7#vLm2Rz9w"),
    # a value in a block after its name (a test factory's attribute, a DSL's setting)
    ('factory :account do\n  access_token { "Rk29XmTq7LvB3nWz8Pc4" }\nend\n', "Rk29XmTq7LvB3nWz8Pc4"),
    ("  password { 'Tq7#vLm2Rz9w' }\n", "Tq7#vLm2Rz9w"),
    # a cookie made or set by a call, its value random
    (
        '$jar.Add((New-Object System.Net.Cookie("sid", "Hq2_xKf9Lm-T3vRz8Wb_Yp7cN4d-Js6Q", "/", "zorb.dev")))\n',
        "Hq2_xKf9Lm",
    ),
    ('resp.set_cookie("zorb_auth", "Lm9xQ2vTz7Rk4Wb8Nc3Yp6Hd")\n', "Lm9xQ2vTz7Rk4Wb8Nc3Yp6Hd"),
    # a Kerberos key as a keytab's listing prints it
    (
        "KVNO Principal\n---- ---------\n   4 HTTP/zorb.example.net@EXAMPLE.NET (aes128-cts-hmac-sha1-96)  "
        "(0x5e0a99f1c3b2d4e6f708192a3b4c5d6e)\n",
        "5e0a99f1c3b2d4e6f708192a3b4c5d6e",
    ),
    ("   2 01/05/2026 09:00:00 zorbsvc@CORP.ZORB.IO (0x" + "ab" * 32 + ")\n", "ab" * 32),
    # a login and a password told together in a message
    ("sure - username ops-bot, password Wq8!hT3xLr2z (please rotate)\n", "Wq8!hT3xLr2z"),
    ('{"text": "login admin; pass: Rv7%kQ2mZx9L"}\n', "Rv7%kQ2mZx9L"),
    ("[09:12] <ana> what is the password for the lab router?\n[09:13] <tom> root / Kf4$wq9ZtL2m\n", "Kf4$wq9ZtL2m"),
    # a prompt's answer keyed by the prompt (an automation's map of prompts to answers)
    ('events = {"(?i)enter passphrase:": "Vx8#mQ2kLz7R\\n"}\n', "Vx8#mQ2kLz7R"),
    ("'^Vault password:\\s*$': 'n2Kq!7xLm9Tz'\n", "n2Kq!7xLm9Tz"),
    # rows given without a column list to a table whose definition above names the secret's column (a dump)
    (
        "CREATE TABLE `zorb_hooks` (\n  `id` int NOT NULL,\n  `url` varchar(255),\n  `signing_secret` varchar(64),\n"
        "  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n\nLOCK TABLES `zorb_hooks` WRITE;\n"
        "INSERT INTO `zorb_hooks` VALUES (1,'https://a.zorb.dev/h',NULL),(2,'https://b.zorb.dev/h','Qm8xT2vLr9Wk4Zp7Nc3Yb6Hd');\n",
        "Qm8xT2vLr9Wk4Zp7Nc3Yb6Hd",
    ),
    (
        "CREATE TABLE logins (id INTEGER PRIMARY KEY, email TEXT, password TEXT);\n"
        "INSERT INTO logins VALUES(1,'ana@zorb.dev','Tq7#vLm2Rz9w');\n"
        "INSERT INTO logins VALUES(2,'tom@zorb.dev',NULL);\n",
        "Tq7#vLm2Rz9w",
    ),
    # a wallet's key or words with no word naming them
    (f"# zorb-wallet export\n{WIF} 2026-05-01T09:00:00Z reserve=1\n", WIF),
    (f"Write these down and keep them offline:\n\nSeed\n{NUMBERED}\n", PHRASE.split()[5]),
    (f"backup phrase: {' '.join(f'{i}) {w}' for i, w in enumerate(PHRASE.split(), 1))}\n", PHRASE.split()[8]),
]


@pytest.mark.parametrize(("text", "secret"), CASES)
def test_a_secret_in_these_places_is_redacted(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


def test_these_places_are_redacted_alike_as_a_stream() -> None:
    assert_streamed_alike([text for text, _ in CASES])


@pytest.mark.parametrize(
    "text",
    [
        "https://zorb.dev/search?key=colour&page=2\n",  # a word
        "https://zorb.dev/cache?key=$CACHE_KEY\n",  # a reference
        'oauth = {"client_id": "zorb-dashboard-web", "redirect_uri": "https://zorb.dev/cb"}\n',  # a name
        '{"client_id": "8f14e45fceea167a5a36dedd4bea2543"}\n',  # hex: an id
        "FunctionPass *createZorbPass();\n",  # C's declaration
        "ModulePass ZorbPass;\n",  # a declaration: the value a name
        "rootpw --iscrypted\n",  # no value
        "  pass --clip zorb/email\n",  # a password store's entry: a path
        "    pass\n",  # Python's
        'name { "Ana Lopez" }\n',  # no secret's name
        'password { "${ZORB_PW}" }\n',  # a reference
        'resp.set_cookie("theme", "dark-high-contrast")\n',  # a preference
        "call at 0x7f3a2b (0x5e0a99f1c3b2d4e6f708192a3b4c5d6e)\n",  # no principal
        "sha256 alice@EXAMPLE.NET (0x5e0a99f1c3b2)\n",  # no key's length
        "user guide, pass the tests first\n",  # words
        "the ratio is width / height2 for wide screens\n",  # no password talk, no password
        "password rules: login / Required field\n",  # no password made
        '{"Enter password:": "${VAULT_PASS}"}\n',  # a reference
        '{"password_hint": "first pet name"}\n',  # no prompt
        "1. abandon 2. ability 3. able 4. about 5. above 6. absent\n",  # too few, no setting
        "INSERT INTO `zorb_hooks` VALUES (1,'https://a.zorb.dev/h','Qm8xT2vLr9Wk4Zp7Nc3Yb6Hd');\n",  # no definition
        "CREATE TABLE files (id INTEGER, digest TEXT);\nINSERT INTO files VALUES(1,'Qm8xT2vLr9Wk4Zp7');\n",
        "CREATE TABLE users (id INTEGER, password_hint TEXT);\nINSERT INTO users VALUES(1,'first pet');\n",  # a word
        "CREATE TABLE a (id INTEGER, token TEXT);\nINSERT INTO b VALUES(1,'Qm8xT2vLr9Wk4Zp7Nc3Yb6H');\n",  # another
    ],
)
def test_look_alikes_stay(text: str) -> None:
    assert_stays(text)


@pytest.mark.parametrize("user", ["ana.lopez@zorb.dev", "deploy-user-2026", "svc_backup_nightly"])
def test_a_user_of_curl_that_is_a_name_stays(user: str) -> None:
    """Only the password is taken: an address or a name as the user is no token."""
    out = Redactor("s1").text(f"$ curl -u {user}:Kq83LmzX https://zorb.dev/\n")
    assert user in out and "Kq83LmzX" not in out


def test_base58_alone_that_is_no_key_stays() -> None:
    broken = WIF[:-1] + ("2" if WIF[-1] != "2" else "3")  # its checksum broken
    address = base58.b58encode_check(b"\x00" + hashlib.sha256(b"zorb").digest()[:20]).decode()
    testnet = base58.b58encode_check(b"\xef" + hashlib.sha256(b"zorb t").digest() + b"\x01").decode()
    for text in (f"{broken} 2026\n", f"send to {address}\n", f"{testnet}\n"):
        assert_stays(text)


def test_numbered_words_out_of_order_stay() -> None:
    words = PHRASE.split()
    shuffled = "\n".join(f"{i}. {w}" for i, w in zip([2, 1, *range(3, 13)], words, strict=True))
    text = f"seed\n{shuffled}\n"
    assert Redactor("s1").text(text) == text
    assert json.loads(Redactor("s1").text(json.dumps({"c": text})))["c"] == text
