"""Credentials known by their syntax or position in the classes the sixth part of the corpus showed missing (see
docs/redaction.md, "Rules written from the sixth part's misses"): a subscript's name, an index after a name, a
quoted literal inside a quoted one, a quoted value holding ``]`` or led by a sign, a value random over signs,
``-pw``, a user and a password given to a credentials flag, a password wrapped in a call, the answer to a password
prompt, a token piped into a login, passwords by position (``htpasswd -b``, ``isql``, ``net use``), a prompt's
output under a command that names a secret, Bundler's host credentials, a token in a URL's path, a JWK's private
members and a wallet's key in hex. Each caught in plain text and in a JSON string with the same placeholder, on
made-up tools' names (none of the corpus's); look-alikes (references, hashes, ids, words, code) come through
untouched."""

from __future__ import annotations

import base64
import json
import random
import string

import pytest
from redaction_checks import assert_caught_alike, assert_stays, assert_streamed_alike

from mcp_context.redaction import Redactor

ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
RNG = random.Random(20261130)


def rand(n: int, alphabet: str = ALNUM) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def b64url(n: int) -> str:
    return base64.urlsafe_b64encode(RNG.randbytes(n)).decode().rstrip("=")


def cases() -> list[tuple[str, str | None]]:
    """(text, secret): each class, in tools of the same kind as the corpus's but not its."""
    tok = f"{rand(14)}7{rand(14)}"
    pw = f"{rand(5)}#{rand(4, string.digits)}{rand(7)}"
    signs = "q]7P(x{Lr>2$w|Zk9!t?B<m&N4;e^Hs}Q8%c~J3=V-f[Uy6:D*aG"
    b64 = base64.b64encode(RNG.randbytes(32)).decode()
    uuid = f"{rand(8, HEX)}-{rand(4, HEX)}-4{rand(3, HEX)}-a{rand(3, HEX)}-{rand(12, HEX)}"
    key = rand(64, HEX)
    return [
        (f"node.default['zorb']['signing_key'] = '{tok}'\n", tok),
        (f'$_ENV["ZORB_API_TOKEN"] = "{tok}";\n', tok),
        (f"config['zorb']['db_password'] = '{pw}'\n", pw),
        (f"Recovery Key 3: {b64}\nRecovery Key 4: {b64[::-1]}\n", b64),
        (f'resValue "string", "zorb_api_key", "\\"{tok}\\""\n', tok),
        (f'CFLAGS += -DZORB_TOKEN="\\"{tok}\\""\n', tok),
        (f'{{"ZORB_NONCE_KEY": "{signs}", "ZORB_HOST": "h"}}\n', signs),
        ("zorb::db { 'orders':\n  password => '&Zr82!kqLm09x',\n}\n", "&Zr82!kqLm09x"),
        (f"zorbsh -host vault.zorb.dev -pw {pw} -batch\n", pw),
        (f"zorbbench -n 100 -A ops:{pw} https://zorb.dev/\n", pw),
        (f"zorbctl fetch --basic-auth=ops:{pw} https://zorb.dev/x\n", pw),
        (f"  password => Sensitive('{pw}'),\n", pw),
        (f'db_password: hash_it("svc", "{pw}")\n', pw),
        (f"child.expect('Password:')\nchild.sendline('{pw}')\n", pw),
        (f'expect -exact "Enter passphrase: "\nsend -- "{pw}\\r"\n', pw),
        (f"$ echo '{tok}' | zorb login --registry internal\n", tok),
        (f"printf %s {tok} | zorbctl auth login --with-token\n", tok),
        (f"$ htpasswd -bc /etc/zorb/.htpasswd ops '{pw}'\n", pw),
        (f"htpasswd -nb ops {pw}\n", pw),
        (f"$ isql ZorbDSN ops {pw}\n", pw),
        (f"C:\\> net use \\\\zorb01\\share {pw} /user:ZORB\\ops\n", pw),
        (f"C:\\> net use Y: \\\\zorb01\\share /user:ZORB\\ops {pw}\n", pw),
        (f"$ zorbctl secrets get db/admin_password\n{pw}\n$ exit\n", pw),
        (f"$ cat ~/.config/zorb/credentials\nops\n{pw}\n", pw),
        (f"ops@build-3:~/zorb$ zorbctl secrets get deploy_token\n{tok}\nops@build-3:~/zorb$ \n", tok),
        (f"export BUNDLE_GEMS__ZORB__DEV=ops:{rand(8, HEX)}{rand(4, HEX)}\n", None),
        (f'ENV BUNDLE_PKGS__ZORB__IO="{tok}"\n', tok),
        (f"  - https://pkgs.zorb.dev/t/zb-{uuid}/main\n", f"zb-{uuid}"),
        (f"GET https://api.zorb.dev/token/{tok}/status\n", tok),
        (f'{{"kty":"EC","crv":"P-256","x":"{b64url(32)}","y":"{b64url(32)}","d":"{key[:43]}Qz"}}\n', None),
        (f'{{"kty": "RSA", "e": "AQAB", "qi": "{b64url(128)}", "use": "sig"}}\n', None),
        (f'networks: {{ dev: {{ url: "http://127.0.0.1:8545", accounts: ["0x{key}"] }} }}\n', f"0x{key}"),
        (f"signer: '0x{key}'\n", f"0x{key}"),
        (
            "NODE_ENV=production\nexport ZORB_SECRET_KEY=zorb-insecure-k2#x)91&*q^p%+&z\n",
            "zorb-insecure-k2#x)91&*q^p%+&z",
        ),
        ("ZORB_DB_PASS=Ab3(x&y)Zq9!|w\nPORT=8080\n", "Ab3(x&y)Zq9!|w"),
    ]


CASES = cases()


def _secret(text: str, secret: str | None) -> str:
    if secret is not None:
        return secret
    if "BUNDLE_" in text:
        return text.split("ops:")[1].strip()
    return text.rsplit('":"', 1)[1].split('"')[0] if '"d":"' in text else text.split('"qi": "')[1].split('"')[0]


@pytest.mark.parametrize(("text", "secret"), CASES, ids=range(len(CASES)))
def test_a_credential_by_its_syntax_is_caught(text: str, secret: str | None) -> None:
    assert_caught_alike(text, _secret(text, secret))


LOOK_ALIKES = [
    "node.default['zorb']['api_key_id'] = 'Xk29fLq0pZ7wRt3vBn8m'\n",
    "config['zorb']['token_ttl'] = '3600'\n",
    "Key 1: enabled\nStep 2: zorb-install --prefix /opt/zorb\n",
    'resValue "string", "zorb_app_name", "\\"Zorb Notes\\""\n',
    '{"ZORB_KEY_HINT": "Press [Enter] to go on, or [Esc] to stop."}\n',
    'ZORB_HEX_PAT = "[0-9A-Fa-f]{1,4}"\nzorb_token_re = "[A-Za-z0-9_]{20,64}"\n',
    "password: '%(db_password)s'\npassword => '#{db_pass}'\npassword: '@db_pass'\ntoken: &default_token\n",
    'password = "&lt;password&gt;"\npassword: "%DB_PASSWORD%"\npassword: "*{{ vault_db_password }}"\n',
    "zorbsh -host h -pw $ZORB_PW\nzorbsh -host h -pw <password>\n",
    "grep -A 3 needle:haystack log.txt\ncurl -A 'Mozilla/5.0 (X11)' https://zorb.dev/\n",
    "password = getpass('Password: ')\npassword: hash(password)\n",
    'expect "password:"\nsend "$pw\\r"\n',
    'echo "$ZORB_TOKEN" | zorb login\necho done | zorb login\n',
    "htpasswd -c /etc/zorb/.htpasswd ops\nisql -v ZorbDSN\n",
    "$ cat README.md\nVersion2.1!\n$ zorbctl get token-ttl\n3600s\n",
    "it costs 5$ a month for the token tier\nPlan2024!\n",
    "BUNDLE_JOBS=4\nBUNDLE_PATH=vendor/bundle\n",
    "ZORB_KEY=$(cat /run/secrets/k)\nPASSWORD=${DB_PASSWORD:-changeme}\nKEY=value_of_the_thing(1)\n",
    "ZORB_TOKEN_URL=https://auth.zorb.dev/oauth/token\nZORB_PASS=1\nfoo; ZORB_SECRET=abc(def)&ghi1\n",
    "https://forum.zorb.dev/t/how-to-rotate-api-keys-safely/1234\n",
    '<path d="M10 10 L20 20"/>\n{"k": "word", "v": 3}\n{"d": "2026-01-01", "p": "zorb-notes"}\n',
    f'{{"txHash": "0x{rand(64, HEX)}", "blockHash": "0x{rand(64, HEX)}", "topics": ["0x{rand(64, HEX)}"]}}\n',
    f"commit {rand(40, HEX)}\nrequest {rand(8, HEX)}-{rand(4, HEX)}-4{rand(3, HEX)}-a{rand(3, HEX)}-{rand(12, HEX)}\n",
]


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=range(len(LOOK_ALIKES)))
def test_look_alikes_of_the_syntaxes_stay(text: str) -> None:
    assert_stays(text)


def test_a_stream_redacts_the_syntaxes_as_the_text() -> None:
    assert_streamed_alike([text for text, _ in CASES])


def test_identified_by_is_redacted_alike_in_a_json_string() -> None:
    text = "CREATE DATABASE LINK sales CONNECT TO app IDENTIFIED BY \"Glacier-9599%\" USING 'SALES';\n"
    once = Redactor("s1").text(text)
    assert "Glacier-9599%" not in once
    assert json.loads(Redactor("s1").text(json.dumps({"sql": text})))["sql"] == once
