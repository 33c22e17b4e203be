"""A streamed persist (``persist_file``, ``mcp-context persist FILE``, a hook's stored output) is redacted as the
whole text would be, wherever the pieces it comes in, or the windows the redactor works in, cut a credential."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
import uuid as _uuid
from pathlib import Path

import base58
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mnemonic import Mnemonic

from mcp_context import Session
from mcp_context.redaction import Redactor
from mcp_context.redaction import redactor as redaction
from mcp_context.storage.incoming import incoming_stream

ROOT = Path(__file__).resolve().parent.parent
RNG = random.Random(7)
ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def rand(n: int, alphabet: str = ALNUM) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


#: (text as it stands in the stream, the secret in it): the six an outside check found stored whole.
ISSUE_CASES = [
    (f'","password":"{rand(14)}9"', None),
    (f",Authorization: Bearer {rand(40)}", None),
    (f'"key":"AKIA{rand(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")}"', None),
    (f'"token":"ghp_{rand(36)}"', None),
    (f'"key":"mcx_{rand(12, "0123456789abcdef")}_{rand(43)}"', None),
    (f'"url":"https://deploy:{rand(16)}@db.example.com/x"', None),
]
SECRETS = [
    ISSUE_CASES[0][0][14:-1],
    ISSUE_CASES[1][0][23:],
    ISSUE_CASES[2][0][7:-1],
    ISSUE_CASES[3][0][9:-1],
    ISSUE_CASES[4][0][7:-1],
    ISSUE_CASES[5][0][15:31],
]
#: (text as it stands in the stream, the secret in it) for each kind of general rule (see the redaction package's
#: generic module): a value given a secret's name, one given it by white space, a token of an unknown vendor,
#: an Authorization header of any scheme, a bearer token in a log line. Each can be longer than a vendor's token.
GENERAL_CASES = [
    (f'","zorblaxSigningSecret":"{rand(300)}9"', None),
    (f" --api-key {rand(200)}7q ", None),
    (f",qlm_live_{rand(12, '0123456789')}{rand(480)} ", None),
    (f",authorization: ZorblaxAuth {rand(6, '0123456789')}{rand(600)}", None),
    (f" sending Bearer {rand(4, '0123456789')}{rand(400)} now", None),
]
GENERAL_SECRETS = [
    GENERAL_CASES[0][0][26:-1],
    GENERAL_CASES[1][0][11:-1],
    GENERAL_CASES[2][0][1:-1],
    GENERAL_CASES[3][0][28:],
    GENERAL_CASES[4][0][16:-4],
]


def _shape_cases() -> list[tuple[str, str]]:
    """(text as it stands in the stream, the secret in it) for each rule that finds a credential by the shape of
    its place (the redaction package's shapes and commands modules, and the syntaxes of the names rule), the
    name read back as far as each rule reads it (a pair's name, fields before its value)."""
    pw = f"{rand(6)}!{rand(5, '0123456789')}{rand(8)}"
    key = f"{rand(30)}9{rand(30)}"
    private = f"{rand(64)}\n{rand(40)}"
    wallet = "0x" + rand(64, "0123456789abcdef")
    ssm = f'{{"Name": "/prod/api/ZORB_TOKEN",\n "Type": "SecureString",\n "Description": "{rand(40)}",\n'
    seed = rand(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    uuid = str(_uuid.UUID(int=RNG.getrandbits(128), version=4))
    letters = f"{rand(8, ALNUM[:52])}_{rand(9, ALNUM[:52])}"
    phrase = str(Mnemonic("english").to_mnemonic(bytes(RNG.getrandbits(8) for _ in range(16))))
    wif = base58.b58encode_check(b"\x80" + bytes(RNG.getrandbits(8) for _ in range(32)) + b"\x01").decode()
    hexed = "-".join(rand(n, "0123456789abcdef") for n in (4, 4, 6, 6, 8))
    keytab = rand(64, "0123456789abcdef")
    return [
        (f'\nconst ZORB_KEY: &str = "{key}";\n', key),
        (f"\nZORB_ACCESS_KEY:{' ' * 30}{key}\n", key),
        (f"\nrequirepass {pw}\n", pw),
        (f'{ssm} "Value": "{key}"}}', key),
        (f"\nzorb_password = <<-EOT\n  {pw}\nEOT\n", pw),
        (f"\nsmtp.login('mailer@acme.dev', '{pw}')\n", pw),
        (f"\necho '{pw}' | docker login ghcr.io -u ci --password-stdin\n", pw),
        (f'\ngh secret set ZORB_TOKEN --repo acme/api --body "{key}"\n', key),
        (f"\nAUTH default {pw}\n", pw),
        (f"\ndb.url=jdbc:oracle:thin:scott/{pw}@//ora:1521/X\n", pw),
        (f"\nsmbclient //srv/share -U admin%{pw}\n", pw),
        (f'\nvariable "zorb_password" {{\n  type = string\n  default = "{pw}"\n}}\n', pw),
        (f"\nPrivate-Lines: 2\n{private}\nPrivate-MAC: 00\n", private),
        (f'"zorbAdminPassword": {{\n    "value": "{pw}"}}', pw),
        (f"\nYour temporary password is: {pw}.\n", pw),
        (f'\n<string name="zorb_client_secret" translatable="false">{key}</string>\n', key),
        (f"\n<key>ZorbApiKey</key>\n\t<string>{key}</string>\n", key),
        (f"\nprintf '%s' '{key}' | podman secret create zorb_api_token -\n", key),
        (f'\nCredentials("Zorb Realm", "repo.zorb.dev", "deployer", "{pw}")\n', pw),
        (f"\nzorbmqctl add_user billing '{pw}'\n", pw),
        (f"\n    auth ops:{pw}\n", pw),
        (f"\nsmtp.zorb.dev:465 alerts@zorb.dev:{pw}\n", pw),
        (f"\nhttps://hooks.zorbflow.io/catch/88231/{key}/\n", key),
        (f"\n<zorb-credentials>\nsvc-ops\n{pw}\n</zorb-credentials>\n", pw),
        (f"\nnode.default['zorb']['signing_key'] = '{key}'\n", key),
        (f"\n$ zorbctl secrets get db/admin_password\nfetching\n{pw}\n", pw),
        (f"\nzorbbench -n 100 -A ops:{pw} https://zorb.dev/\n", pw),
        (f"\n  password => Sensitive('{pw}'),\n", pw),
        (f"\nchild.expect('Password:')\nchild.sendline('{pw}')\n", pw),
        (f"\n$ htpasswd -bc /etc/zorb/.htpasswd ops '{pw}'\n", pw),
        (f'\nENV BUNDLE_PKGS__ZORB__IO="ops:{pw}"\n', pw),
        (f"\nexport ZORB_SECRET_KEY=zorb-insecure-{pw})&*q\n", f"zorb-insecure-{pw})&*q"),
        (f'\n{{"kty":"EC","crv":"P-256","d":"{key[:43]}"}}\n', key[:43]),
        (f'\naccounts: [\n  "0x{rand(64, "0123456789abcdef")}",\n  "{wallet}"\n]\n', wallet),
        (f'\n  ["zorb_pass"]=>\n  string({len(pw)}) "{pw}"\n', pw),
        (f"\n      X-Zorb-Token:\n      - {key}\n", key),
        (f"\nmd=map[x-zorb-token:[{key}]]\n", key),
        (f'\nzorb.builder().clientSecret("{key}").build()\n', key),
        (f"\nuser ingest on >{pw} ~ingest:* +@write\n", pw),
        (f"\nZorbAppPassword={pw}]>\n", f"{pw}]>"),
        (f'\n<Exec Command="zorbsign /p &quot;{pw}&quot; a.exe" />\n', pw),
        (f"\n##vso[task.setvariable variable=ZorbToken;issecret=true]{key}\n", key),
        (f'\nc = DriverManager.getConnection(\n    "jdbc:zorb://db/app",\n    "app",\n    "{pw}");\n', pw),
        (f"\nroot@vault-2:~# cat /etc/zorb/api_token\n{key}\n", key),
        (f"\n id | zorb_token\n----+-----------\n  1 | {key}\n", key),
        (f"\nYour new zorb token:\n\n    {key}\n", key),
        # the twelfth part's classes: a column under its header, a section's entry, a value after fields that
        # describe it, commands' pass phrases and seeds, what a line reports, a wallet's secrets by their checksums
        (f"\nsite,login,zorb_password\nzorb.dev,ops,{pw}\n", pw),
        (f"\nINSERT INTO zorb_clients (id, api_token) VALUES (1, '{key}');\n", key),
        (f"\n[admins]\nops = {pw}\n", pw),
        (f'\n"zorb_password": {{\n  "sensitive": true,\n  "type": "string",\n  "value": "{pw}"\n}}\n', pw),
        (f"\ncache_peer zorb.dev parent 3128 0 login=ops:{pw}\n", pw),
        (f"\nssh-keygen -p -f id_zorb -P '' -N '{pw}'\n", pw),
        (f"\noathtool --totp -b {seed}\n", seed),
        (f"\n#!/bin/sh\n# zorb askpass\necho '{pw}'\n", pw),
        (f"\nadmin password for the zorb console: {pw}\n", pw),
        (f"\ncurl -X PUT http://zorb:5984/_node/_local/_config/admins/ops -d '\"{pw}\"'\n", pw),
        (f"\nSecret ID    = {uuid}\n", uuid),
        (f"\nZORB_PASSWORD          {letters}\n", letters),
        (f"\nPRESET_PASSPHRASE {rand(40, 'ABCDEF0123456789')} -1 {pw.encode().hex()}\n", pw.encode().hex()),
        (f"\nzorb wallet recovery phrase:\n{phrase}\n", phrase),
        (f"\nzorb-cli dumpprivkey zb1qxyz\n{wif}\n", wif),
        # the thirteenth part's classes: a store's typed attribute and numbered reply, a plugin before the
        # password, a noun-and-verb tool's user, a vendor's SDK client, a pair's type, hex in dashed groups
        (f'\n{{"zorbSecret": {{"S": "{key}"}}}}\n', key),
        (f'\n 5) "zorb_token"\n 6) "{key}"\n', key),
        (f"\nCREATE USER ops IDENTIFIED WITH sha256_password BY '{pw}';\n", pw),
        (f"\nzorb-tool user create ops '{pw}'\n", pw),
        (f'\nc = ZorbClient("{key}")\n', key),
        (f'\n{{"type": "secret", "value": "{key}"}}\n', key),
        (f"\nZORB_API_KEY {hexed}\n", hexed),
        (f'\n<td class="e">ZORB_PASSWORD </td><td class="v">{pw} </td>\n', pw),
        (f"\nThe generated password for the zorb built-in user is : {pw}\n", pw),
        (f'\n<string name="ZorbPreSharedKey">&quot;{pw}&quot;</string>\n', pw),
        (f"\n$ zorbsql app.db 'select id, api_token from keys;'\n1|{key}\n", key),
        # the fourteenth part's classes: a URL's key, curl's user, a statement's flags, a block's value, a cookie's
        # call, a keytab's key, a login and a password told, a prompt's answer, a wallet's key and words alone
        (f"\nhttps://api.zorb.dev/v1/now?lat=1&key={key}\n", key),
        (f"\ncurl -u {key}:x https://zorb.dev/api\n", key),
        (f"\nrootpw --plaintext {pw}\n", pw),
        (f"\nZorbUser ops; ZorbPassword {pw}; Topic fan\n", pw),
        (f'\n  zorb_secret {{ "{key}" }}\n', key),
        (f'\nc = new Cookie("zsid", "{key}");\n', key),
        (f"\n   3 svc/zorb.dev@ZORB.DEV (0x{keytab})\n", keytab),
        (f"\nuser ops, pass {pw}\n", pw),
        (f"\nwhat is the zorb password?\nops / {pw}\n", pw),
        (f'\n"^Zorb password:\\\\s*$": "{pw}"\n', pw),
        (f"\n{wif} 2026-01-01T00:00:00Z\n", wif),
        (
            f"\nCREATE TABLE `zorb` (\n  `id` int,\n  `api_token` varchar(64)\n);\n{'-- x' * 200}\n"
            f"INSERT INTO `zorb` VALUES (1,NULL),(2,'{key}');\n",
            key,
        ),
        ("\nseed:\n" + "\n".join(f"{i}. {w}" for i, w in enumerate(phrase.split(), 1)) + "\n", phrase.split()[4]),
        # the fifteenth part's classes: a connect statement's and a connect call's password, a UCI option's key, an
        # API key in a client's options, a token flag, tshark's fields
        (f"\ndb2 connect to ZORB user ops using {pw}\n", pw),
        (f"\nconn = database('zorb', 'ops', '{pw}', 'Vendor', 'Zorb');\n", pw),
        (f"\nconnect('ops', '{pw}', 't3://zorb.dev:7001')\n", pw),
        (f"\n\toption key '{pw}'\n", pw),
        (f"\nwireless.zorb.key='{pw}'\n", pw),
        (f"\nconst z = new Zorb({{ key: '{key}' }});\n", key),
        (f"\nzorb-cli -T{key} info\n", key),
        (f"\nzorbpass list --session {key}==\n", key),
        (f"\n$ tshark -r z.pcap -T fields -e ip.src -e http.authbasic\n10.0.0.9\tops:{pw}\n", pw),
    ]


SHAPE_CASES = _shape_cases()

#: Minified JSON: no space or line break for the redactor to cut at.
FILLER = '{"id":1234,"name":"build-step","ok":true,"tags":["a","b"]},'


def filled(size: int) -> str:
    return (FILLER * (size // len(FILLER) + 1))[:size]


def streamed(text: str, chunk: int) -> str:
    data = text.encode()
    chunks = [data[i : i + chunk] for i in range(0, len(data), chunk)]
    out, _, _ = incoming_stream("s1", True, iter(chunks), None, None)
    return b"".join(out).decode()


def test_the_issue_cases_are_the_secrets_they_name() -> None:
    for (text, _), secret in zip(ISSUE_CASES + GENERAL_CASES, SECRETS + GENERAL_SECRETS, strict=True):
        assert secret in text and secret not in Redactor("s1").text(FILLER + text + FILLER), text
    for text, secret in SHAPE_CASES:
        assert secret in text and secret not in Redactor("s1").text(FILLER + text + FILLER), text


CHUNK = 5000
STEP = 8 * 1024
#: The cuts a secret is laid across: a piece's end, the first window's cut (give or take a match), and the ends of
#: the next pieces, where the windows before have moved on. The fast part takes the window's cut, where a secret
#: is seen by two windows; test_persist_file_redacts_a_secret_at_the_real_cut lays one across a piece's end.
CUTS = [
    pytest.param(CHUNK, id="first-piece-end", marks=pytest.mark.slow),
    pytest.param(STEP + CHUNK - redaction.LONGEST, id="first-window-cut"),
    pytest.param(2 * CHUNK, id="second-piece-end", marks=pytest.mark.slow),
    pytest.param(3 * CHUNK, id="third-piece-end", marks=pytest.mark.slow),
]


ALL_CASES = [c for c, _ in ISSUE_CASES + GENERAL_CASES] + [c for c, _ in SHAPE_CASES]
ALL_SECRETS = SECRETS + GENERAL_SECRETS + [s for _, s in SHAPE_CASES]


#: The fast part lays the issue's secrets across the window's cut; the other shapes run in the whole suite.
CASES = [
    pytest.param(n, marks=() if n < len(ISSUE_CASES) else pytest.mark.slow, id=str(n)) for n in range(len(ALL_CASES))
]


@pytest.mark.parametrize("boundary", CUTS)
@pytest.mark.parametrize("case", CASES)
def test_a_secret_at_every_offset_around_every_cut_is_redacted(case: int, boundary: int) -> None:
    """Pieces of 5,000 bytes, windows of 8 KiB (the sizes made small, the logic the same): the secret's text is
    put at every offset that lays it across a piece's end or a window's cut, and no cut lets it through."""
    text, secret = ALL_CASES[case], ALL_SECRETS[case]
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", STEP)
        for at in range(boundary - len(text) - 2, boundary + 3):
            whole = filled(at) + text + filled(3 * STEP)
            out = streamed(whole, CHUNK)
            assert secret not in out, (case, at)
            assert out == Redactor("s1").text(whole), (case, at)


@pytest.mark.parametrize("case", range(len(ISSUE_CASES)))
def test_persist_file_redacts_a_secret_at_the_real_cut(tmp_path: Path, case: int) -> None:
    """The sizes a persisted file is read in (1 MiB) and the first window's cut (1 MiB - 4 KiB, as found)."""
    text, secret = ISSUE_CASES[case][0], SECRETS[case]
    for end in (1024 * 1024 - 4096, 1024 * 1024):
        for lead in (0, len(text) // 2, len(text) - 1):
            whole = filled(end - lead) + text + filled(64 * 1024)
            s = Session(tmp_path / f"{end}-{lead}", "s1")
            meta = s.persist_file(io.BytesIO(whole.encode()), label="build log").meta
            stored = "".join(s.iter_text(meta.handle))
            assert secret not in stored, (case, end, lead)
            assert stored == Redactor("s1").text(whole)


def test_the_cli_persist_of_a_file_redacts_across_the_cut(tmp_path: Path) -> None:
    text, secret = ISSUE_CASES[0][0], SECRETS[0]
    whole = filled(1024 * 1024 - 4096 - 5) + text + filled(10_000)
    path = tmp_path / "out.json"
    path.write_text(whole)
    command = [sys.executable, "-m", "mcp_context", "--root", str(tmp_path / "root"), "--session", "s1"]
    done = subprocess.run([*command, "persist", str(path)], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    stored = b"".join(p.read_bytes() for p in (tmp_path / "root").rglob("*") if p.is_file())
    assert secret.encode() not in stored and b"[secret:password:" in stored


def _corpus() -> list[dict[str, str]]:
    with open(ROOT / "tests" / "secret_corpus" / "corpus.jsonl", encoding="utf-8") as rows:
        return [json.loads(row) for row in rows]


CORPUS = _corpus()


@settings(max_examples=150, deadline=None)
@given(
    case=st.integers(min_value=0, max_value=len(CORPUS) - 1),
    lead=st.integers(min_value=0, max_value=12_000),
    chunk=st.sampled_from([1, 7, 64, 1000, 4096, 5000]),
    spaced=st.booleans(),
)
def test_any_corpus_secret_cut_anywhere_is_redacted_like_the_whole(
    case: int, lead: int, chunk: int, spaced: bool
) -> None:
    """Any case of the secrets corpus, at any offset in a long text, given in pieces of any size: the stream is
    redacted exactly as the whole text is."""
    text = CORPUS[case]["text"]
    before = ("word é 日本 " * 2000 if spaced else filled(24_000))[:lead]
    whole = before + "\n" + text + "\n" + filled(9_000)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        assert streamed(whole, chunk) == Redactor("s1").text(whole)


def test_an_open_private_key_is_held_until_its_end(tmp_path: Path) -> None:
    """A PEM block longer than a window is held whole, however the stream is cut, and one never ended is let go
    (redacted as far as it goes) past _HOLD characters."""
    body = "\n".join(rand(64, ALNUM + "+/") for _ in range(200))  # 13 KB
    key = f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----"
    whole = filled(20_000) + "\n" + key + "\n" + filled(20_000)
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        for chunk in (100, 4096, 9000):
            out = streamed(whole, chunk)
            assert out == Redactor("s1").text(whole) and body[:64] not in out and "[secret:private_key:" in out
        patched.setattr(redaction, "_HOLD", 32 * 1024)
        endless = filled(1000) + "\n-----BEGIN PRIVATE KEY-----\n" + "\n".join(rand(64) for _ in range(1500))
        out = streamed(endless, 4096)
        assert out.count("\n") == endless.count("\n") and "[secret:private_key:" in out


def test_an_open_private_key_in_a_json_string_is_held_until_its_end() -> None:
    """The same block as a JSON string holds it (``terraform output -json``: its lines joined by ``\\n``): held
    whole however the stream is cut, never a line of it left."""
    lines = [rand(64, ALNUM + "+/") for _ in range(110)]  # 7 KB, most of a window
    key = "-----BEGIN PRIVATE KEY-----\\n" + "\\n".join(lines) + "\\n-----END PRIVATE KEY-----\\n"
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        for lead in (0, 1419, 3000, 6000):
            whole = filled(lead) + '\n{"value": "' + key + '"}\n' + filled(9_000)
            for chunk in (1, 4096):
                out = streamed(whole, chunk)
                assert out == Redactor("s1").text(whole) and not any(line in out for line in lines), (lead, chunk)


def test_no_rule_but_a_pem_block_matches_more_than_a_window_keeps() -> None:
    """A stream's window is cut LONGEST characters before its end so that no match can run past it: every
    pattern's repeats are bounded to keep that true (a PEM block is held instead)."""
    import re._parser as parser

    for rule in redaction.RULES:
        if rule.kind != "private_key":
            assert parser.parse(rule.pattern.pattern).getwidth()[1] < redaction.LONGEST, rule.kind


def test_a_hook_storing_a_large_output_redacts_across_the_cut(tmp_path: Path) -> None:
    """Claude Code's PostToolUse hook stores a large Bash output with persist_file: the same cut, the same
    redaction."""
    from test_hooks import SID, answer, bash_input

    for (text, _), secret in zip(ISSUE_CASES, SECRETS, strict=True):
        stdout = filled(1024 * 1024 - 4096 - len(text) // 2) + text + filled(10_000)
        root = tmp_path / str(len(secret)) / secret[:4]
        out = answer("claude", "post-tool-use", bash_input(stdout), root)
        assert "updatedToolOutput" in out["hookSpecificOutput"], "the output was stored"
        stored = b"".join(p.read_bytes() for p in (root / "sessions" / SID).rglob("*") if p.is_file())
        assert secret.encode() not in stored and b"[secret:" in stored, text


def test_a_password_with_letters_outside_ascii_is_caught_whole_and_streamed() -> None:
    for text in ('password = "pässwort123"\n', "DB_PASSWORD=Größe2024x\n", '{"secret": "日本語のパス9x"}\n'):
        whole = Redactor("s1").text(text)
        assert "[secret:password:" in whole, text
        assert streamed(filled(9000) + text + filled(9000), 4096) == Redactor("s1").text(
            filled(9000) + text + filled(9000)
        )


def test_base64_of_a_long_private_key_is_redacted_whole_across_any_cut() -> None:
    """Base64 of a 4096-bit key's PEM block (over 4,000 characters, longer than a stream's LONGEST), on one line
    (a kubeconfig's client-key-data) or wrapped as ``base64`` wraps it: nothing of it is left, in a text or in a
    stream cut anywhere along it."""
    import base64

    body = "\n".join(rand(64, ALNUM + "+/") for _ in range(52))
    pem = f"-----BEGIN RSA PRIVATE KEY-----\n{body}\n-----END RSA PRIVATE KEY-----\n"
    encoded = base64.b64encode(pem.encode()).decode()
    assert len(encoded) > 4000
    wrapped = "\n".join(encoded[i : i + 76] for i in range(0, len(encoded), 76))
    for text in (f"\nclient-key-data: {encoded}\n", f"\n$ base64 key.pem\n{wrapped}\n$ ls\n"):
        assert "[secret:private_key:" in Redactor("s1").text(text)
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(redaction, "_STEP", STEP)
            for at in range(CHUNK - len(text), CHUNK + 3, 331):
                whole = filled(max(0, at)) + text + filled(3 * STEP)
                out = streamed(whole, CHUNK)
                assert out == Redactor("s1").text(whole), at
                assert not any(encoded[i : i + 24] in out for i in range(0, len(encoded) - 24, 24)), at
                assert not any(line in out for line in wrapped.splitlines()), at


def test_base64_of_a_long_java_keystore_is_redacted_whole_across_any_cut() -> None:
    """Base64 of a Java keystore (over 4,000 characters, longer than a stream's LONGEST), on one line (a chart's
    values) or wrapped as ``base64`` wraps it: nothing of it is left, in a text or in a stream cut anywhere along
    it."""
    import base64

    encoded = base64.b64encode(b"\xfe\xed\xfe\xed\x00\x00\x00\x02" + rand(3200).encode()).decode()
    assert len(encoded) > 4000
    wrapped = "\n".join(encoded[i : i + 76] for i in range(0, len(encoded), 76))
    for text in (f"\n  keystoreBase64: {encoded}\n", f"\n+ base64 web.jks\n{wrapped}\n+ ls\n"):
        assert "[secret:private_key:" in Redactor("s1").text(text)
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(redaction, "_STEP", STEP)
            for at in range(CHUNK - len(text), CHUNK + 3, 331):
                whole = filled(max(0, at)) + text + filled(3 * STEP)
                out = streamed(whole, CHUNK)
                assert out == Redactor("s1").text(whole), at
                assert not any(encoded[i : i + 24] in out for i in range(0, len(encoded) - 24, 24)), at


def test_an_open_private_key_in_a_stamped_log_is_held_until_its_end() -> None:
    """A CI log stamps each line (``2026-03-11T08:12:40.0000001Z``): the key's lines after their stamps are held
    whole however the stream is cut."""
    lines = [rand(70, ALNUM + "+/") for _ in range(60)]
    stamped = [f"2026-03-11T08:12:{n // 10:02d}.{n:07d}Z {line}" for n, line in enumerate(lines)]
    key = "2026-03-11T08:12:39.9999999Z -----BEGIN OPENSSH PRIVATE KEY-----\n" + "\n".join(stamped)
    key += "\n2026-03-11T08:12:41.0000000Z -----END OPENSSH PRIVATE KEY-----\n"
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        for lead in (0, 1552, 4000, 7000):
            whole = filled(lead) + "\n" + key + filled(9_000)
            for chunk in (1, 4096):
                out = streamed(whole, chunk)
                assert out == Redactor("s1").text(whole) and not any(line in out for line in lines), (lead, chunk)


def test_an_open_private_key_indented_in_a_yaml_block_is_held_until_its_end() -> None:
    """A key in a YAML block scalar (cloud-config's ``rsa_private: |``), its lines indented: held whole however the
    stream is cut."""
    lines = [rand(70, ALNUM + "+/") for _ in range(110)]  # 8 KB: longer than a window's step
    key = "ssh_keys:\n  rsa_private: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n    " + "\n    ".join(lines)
    key += "\n    -----END OPENSSH PRIVATE KEY-----\n"
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(redaction, "_STEP", 8 * 1024)
        for lead in (0, 3222, 5000, 7000):
            whole = filled(lead) + "\n" + key + filled(9_000)
            for chunk in (1, 4096):
                out = streamed(whole, chunk)
                assert out == Redactor("s1").text(whole) and not any(line in out for line in lines), (lead, chunk)
