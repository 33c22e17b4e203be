"""Secrets known by the site they stand in, where no name beside them says secret: a database's connect statement
(``CONNECT TO db USER u USING pw``) and connect call (the password the third literal, or before the server's URL),
a UCI option's Wi-Fi key (OpenWrt's files and ``uci show``), an API's key in the options its client is built with
(``new Client({ key })``), a token glued to ``-T`` or given to ``--session``, the credentials in tshark's fields
under the ``-e`` flags that name them, and a Java keystore in base64 by its magic number. Invented tools and values;
each redacted as text and inside a JSON string alike, and redacting again changes nothing; look-alikes stay."""

from __future__ import annotations

import base64
import hashlib

import pytest
from redaction_checks import assert_caught_alike, assert_stays, assert_streamed_alike

from mcp_context.redaction import Redactor


def _keystore(magic: bytes, version: int) -> str:
    """Base64 of a keystore's header and bytes made from a fixed seed here (no keystore's)."""
    body = b"".join(hashlib.sha256(b"zorb store %d" % i).digest() for i in range(120))
    return base64.b64encode(magic + version.to_bytes(4, "big") + body).decode()


JKS = _keystore(b"\xfe\xed\xfe\xed", 2)
JCEKS = _keystore(b"\xce\xce\xce\xce", 2)
WRAPPED = "\n".join(JKS[i : i + 76] for i in range(0, len(JKS), 76))

CASES = [
    # a database's connect statement: DB2's command line, embedded SQL's, an instance's attach, quoted
    ("$ db2 connect to INVDB user app_rw using Tq7#mW2vLx9p\n\n   Database Connection Information\n", "Tq7#mW2vLx9p"),
    ("EXEC SQL CONNECT TO sample USER dbuser USING 'Zb4!kR8nQe2w';\n", "Zb4!kR8nQe2w"),
    ("db2 => ATTACH TO db2inst2 USER ops USING Mh5xK2pq9Lw\n", "Mh5xK2pq9Lw"),
    # a connect call given the source, the user and the password, and more after them
    ('db = MySQLdb.connect("db.internal", "reporter", "Vx7!pQ2mLk9z", "analytics")\n', "Vx7!pQ2mLk9z"),
    (
        ">> conn = database('WarehouseDSN', 'bi_reader', 'Qp8$Lm2xZv5w', ...\n"
        "       'Vendor', 'Microsoft SQL Server', 'Server', 'sql01');\n",
        "Qp8$Lm2xZv5w",
    ),
    # the password before the server's URL, the call's last literal
    ("wls:/offline> connect('zorbadmin', 'Wq3!nB8vKz2m', 't3://adminhost:7001')\n", "Wq3!nB8vKz2m"),
    # a UCI option's Wi-Fi key, as its file holds it and as uci show prints it
    (
        "config wifi-iface 'guest'\n\toption ssid 'Zorb-Guest'\n\toption key 'lantern-orbit-2291'\n",
        "lantern-orbit-2291",
    ),
    ("wireless.guest_5g.encryption='psk2'\nwireless.guest_5g.key='Mx7vQ2pL9wZk'\n", "Mx7vQ2pL9wZk"),
    # an API's key in the options its client is built with, on one line or over several
    ("const geo = new ZorbGeo({ key: '5b0c2e7a-91d4-4f3e-8a6b-2c7d9e1f0a34', lang: 'en' });\n", "5b0c2e7a"),
    ("const c = new zorb.Client({\n  region: 'eu',\n  key: \"q9Lm2XvT7pWk4Rz8Nc3Yb6Hd\",\n});\n", "q9Lm2XvT7pWk4Rz8"),
    # a token glued to -T, a session's key after --session
    ("$ zorbnet-cli -Tq8m2xk7vlp4wz9rn3cd6yb5h status\n200 status 8a1f OK\n", "q8m2xk7vlp4wz9rn3cd6yb5h"),
    ("zorbpass get item db --session kP2w+Lx8vQ3mZ7nR4tY6bH9cJ2dF5gW1sA0eU3iO8pK==\n", "kP2w+Lx8vQ3mZ7nR4tY6bH9c"),
    # the credentials in tshark's fields, under the -e flags that name them
    ("$ tshark -r a.pcap -T fields -e frame.number -e http.authbasic\n1\tops:Ld8!vQ3mZx7p\n", "Ld8!vQ3mZx7p"),
    ("$ tshark -i eth0 -Tfields -e ip.src -e pgsql.password\n10.0.0.7\tKw5#nR2pLz8q\n", "Kw5#nR2pLz8q"),
    # a Java keystore in base64, on one line (a chart's values) or wrapped (a trace's output); JCEKS too
    (f"tls:\n  keystoreBase64: {JKS}\n  keystoreAlias: web\n", JKS),
    (f"$ base64 web.jks\n{WRAPPED}\n$ ls\n", JKS[:76]),
    (f"ZORB_STORE={JCEKS}\n", JCEKS),
]


@pytest.mark.parametrize(("text", "secret"), CASES)
def test_a_secret_known_by_its_site_is_redacted_alike(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


def test_each_is_streamed_as_it_is_redacted_whole() -> None:
    assert_streamed_alike([text for text, _ in CASES])


def test_every_row_of_tsharks_fields_is_redacted_and_what_no_flag_names_stays() -> None:
    text = (
        "$ tshark -r b.pcap -T fields -e ip.src -e http.authbasic\n10.0.0.1\tops:Ld8!vQ3mZx7p\n10.0.0.2\tci:Rz2#kW9m\n"
    )
    out = Redactor("s1").text(text)
    assert "Ld8!vQ3mZx7p" not in out and "Rz2#kW9m" not in out and "10.0.0.2" in out


def test_a_wrapped_keystore_leaves_none_of_its_lines() -> None:
    out = Redactor("s1").text(f"$ base64 web.jks\n{WRAPPED}\n$ ls\n")
    assert not any(line in out for line in WRAPPED.splitlines())


@pytest.mark.parametrize(
    "text",
    [
        "EXEC SQL CONNECT TO :dbname USER :userid USING :passwd;\n",  # host variables
        "db2 connect to SAMPLE user db2inst1 using $DB2_PASSWORD\n",  # a reference
        "Then connect to staging user ops using Kerberos5.\n",  # a sentence
        "conn = sqlite3.connect('app.db', 'ro', 'deferred')\n",  # no password made
        'db = MySQLdb.connect("localhost", "root", "", "test")\n',  # none given
        "connect('zorbadmin', 'operations', 't3://adminhost:7001')\n",  # a word
        "\toption key '2'\n",  # a WEP key's index
        "\toption key '$WIFI_KEY'\n",  # a reference
        "  cfg.opts.key='sortOrderAsc1'\n",  # code's assignment, indented
        "const m = new Map({ key: 'user-settings-panel' });\n",  # a word
        "const c = new Intl.Collator({ key: 'sortKey' });\n",
        "$ tar -Tfilelist-2026-backup.txt -cf out.tar\n",  # a file's name
        "$ tmux attach --session main-dev-workspace-2026\n",  # a session's name
        "$ tshark -r a.pcap -T fields -e ip.src -e http.host\n10.0.0.1\tzorb.dev\n",  # no credential's field
        base64.b64encode(b"\xfe\xed\xfe\xed" + (9).to_bytes(4, "big") + bytes(range(90))).decode() + "\n",
    ],
)
def test_look_alikes_stay(text: str) -> None:
    assert_stays(text)
