"""Secrets given by position and printed by tools, in shapes the rules had not read: a database's connect call given a
data source, a user and the password (over several lines too), a certificate's file and its password; a verb that
registers a credential (``init``, ``authtoken``, ``unseal``) given a random value; short flags that take an SNMP
community or pass phrase (``-c``, ``-A``, ``-X``); what a command at root's prompt prints when its words name a
secret or a key; the private members of an RSA key in .NET's XML; a minisign secret key's line and a k3s join token.
Invented tools and values; each redacted as text and inside a JSON string alike, and redacting again changes
nothing; look-alikes stay."""

from __future__ import annotations

import pytest
from redaction_checks import assert_caught_alike, assert_stays

_B64 = "Qk9yZ3h2T1pXbU5wTGs0dFI4cVZ6MlhjN3dCbTVuS2o5aEc2ZlkzZFMxYVQwdVBl" * 3


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (
            'Connection c = DriverManager.getConnection(\n    "jdbc:mysql://db.zorb.dev:3306/app",\n'
            '    "app_rw",\n    "Tz8#mQ2vLk9w");\n',
            "Tz8#mQ2vLk9w",
        ),
        ("$dbh = DBI->connect('dbi:Pg:dbname=zorb', 'report', 'Lq7!xW2mRz9k');\n", "Lq7!xW2mRz9k"),
        ("#1 /srv/app/Db.php(22): PDO->__construct('pgsql:host=db', 'zorb', 'Vk3%pQ8zTm2L')\n", "Vk3%pQ8zTm2L"),
        ('var cert = new X509Certificate2("/run/signing.p12", "Rw9#kT3mQz7v");\n', "Rw9#kT3mQz7v"),
        ("$ zorbscan init Yq7RmT2vKx9LpW4nBz8cHd3F\n", "Yq7RmT2vKx9LpW4nBz8cHd3F"),
        ("$ tunnelr authtoken 2Xq8LmZ7vRk3TpW9nYb4CdHs6Fg\n", "2Xq8LmZ7vRk3TpW9nYb4CdHs6Fg"),
        ("$ snmpbulkwalk -v2c -c Kq8+vT2m-Zx9Lw 192.0.2.7 ifTable\n", "Kq8+vT2m-Zx9Lw"),
        (
            "$ snmpset -v3 -u ops -l authPriv -a SHA -A 'Rv7!mK2qLz9t' -x AES -X 'Hz4#pW8nTq2k' 192.0.2.7\n",
            "Hz4#pW8nTq2k",
        ),
        ("root@vault-2:~# cat /etc/zorb/api_token\nMz8qWv2LkR7tXp4nBc9YdH3s\n", "Mz8qWv2LkR7tXp4nBc9YdH3s"),
        ("[root@build-1 ~]# zorbctl admin show-password\nPx7#vQ2mLk9z\n", "Px7#vQ2mLk9z"),
        (
            "$ python -c 'import zorb; print(zorb.new_signing_key())'\nk8Qz2WmT7vLx9RpN4bYc3HdF6sGj1aKe\n",
            "k8Qz2WmT7vLx9RpN4bYc3HdF6sGj1aKe",
        ),
        (f"<RSAKeyValue><Modulus>AQAB</Modulus><DP>{_B64}</DP></RSAKeyValue>\n", _B64),
        (
            "untrusted comment: minisign encrypted secret key\nRWRTY0Iy" + _B64[:150] + "\n",
            "RWRTY0Iy" + _B64[:150],
        ),
        (
            "K10" + "4f1c0a9be27d35c8" * 4 + "::node:" + "9e8d7c6b5a403122" * 2 + "\n",
            "K10" + "4f1c0a9be27d35c8" * 4 + "::node:" + "9e8d7c6b5a403122" * 2,
        ),
        # a literal key given to a signing, cookie, encryption or client call
        ("const t = jwt.sign({ sub: id }, 'Hq7#vT2mLz9k', { expiresIn: '1h' });\n", "Hq7#vT2mLz9k"),
        (
            'mac := hmac.New(sha256.New, []byte("Wz4!kP9qTm2v"))\nsig := SignedString([]byte("Rv8$nL3xQz7m"))\n',
            "Rv8$nL3xQz7m",
        ),
        ("digest = hmac.new(b'Tq3#kW9mZx2v', body, hashlib.sha256)\n", "Tq3#kW9mZx2v"),
        ("SELECT pgp_sym_encrypt(note, 'Zx9!mQ4vKt2p') FROM notes;\n", "Zx9!mQ4vKt2p"),
        ('zorb = ZorbMail.Client("Kp2vN8qTz4LmW7xR")\n', "Kp2vN8qTz4LmW7xR"),
        ("$cred = ConvertTo-SecureString -String 'Lm4#vQ9zTk2w' -AsPlainText -Force\n", "Lm4#vQ9zTk2w"),
        ("[zk: localhost:2181(CONNECTED) 1] addauth digest ops:Nv7!qT3zLm8W\n", "Nv7!qT3zLm8W"),
        ("ops@zorb.dev:{CLEARTEXT}Pz5#kV2qLm9t::1000:1000::/home/ops\n", "Pz5#kV2qLm9t"),
        # a value alone on the line after one that names it
        ("Your new deploy token:\n\n    Mz8qWv2LkR7tXp4nBc9YdH3s\n\nStore it now.\n", "Mz8qWv2LkR7tXp4nBc9YdH3s"),
        (
            "Generated an initial admin password:\n" + "3f9a1c7e5b2d8f4a6c0e9b1d7a3f5c2e" + "\n",
            "3f9a1c7e5b2d8f4a6c0e9b1d7a3f5c2e",
        ),
        ("$ zorbctl admin reset-admin-password 'Gq8#mT2vLz7k'\n", "Gq8#mT2vLz7k"),
    ],
)
def test_a_secret_given_or_printed_in_these_shapes_is_redacted(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        'sock.connect("10.0.0.5", 8080)\n',  # a host and a port
        'db.connect("postgres://app@db/zorb", "standard")\n',  # a URL and a mode
        "$ git init zorb-service-repository-2026\n",  # a name
        "$ docker login registry.zorb.dev\n",  # a host
        "$ gcc -c zorb_main_v2.c -o zorb.o\n",  # a file
        "$ curl -X POST https://api.zorb.dev/v1/items\n",  # a method
        "# cat /etc/zorb/api_token\nMz8qWv2LkR7tXp4nBc9YdH3s\n",  # a comment, no prompt
        "root@vault-2:~# cat /etc/hostname\nvault-2.zorb.dev\n",  # names no secret
        "<P>AQAB</P>\n",  # a paragraph, too short to be a key's number
        "const t = jwt.sign({ sub: id }, process.env.JWT_SECRET);\n",  # a reference
        'h = createHmac("sha256", key)\n',  # an algorithm and a variable
        "The key fingerprint is:\nSHA256abcdefghijklmnop0123456789QRSTUVWX\n",  # a fingerprint
        "Public key:\nMz8qWv2LkR7tXp4nBc9YdH3s\n",  # public
        'c = http.Client("https://api.zorb.dev/v1")\n',  # a URL
    ],
)
def test_what_only_looks_like_them_is_left(text: str) -> None:
    assert_stays(text)
