"""Keys in other encodings, and secrets in traces and process logs, for the seventh held-out part (seventh.py): the
makers of their values and the places they are shown in, each place taking ``(rng, name, value)`` and giving
``(text, secret)``.

Keys: a PuTTY ``.ppk`` (its private lines), a JWK's ``d``, .NET's ``<RSAKeyValue>`` ``<D>``, a PKCS#12 file in
base64, a BIP-39 seed phrase (words of the BIP-39 list; its checksum word is not computed), a Bitcoin WIF key
(base58check, compressed), a Solana keypair's byte array and a minisign secret key. Traces and process logs: a PHP
stack trace's arguments (PHP cuts each at 15 characters, so the passwords here are 12 to 15 long), pytest's
``--showlocals`` and pdb, ``ps -ef`` and ``pgrep -af``, an auditd ``EXECVE`` record and its ``PROCTITLE`` (hex
when an argument holds a space: a passphrase of words), ``coredumpctl info`` and a Windows 4688 event."""

from __future__ import annotations

import hashlib
import json
import random

from .fifth_places import Place
from .fresh import Shown
from .makers import ALNUM, HEX, b64, s

_B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
#: Words of the BIP-39 English list (a seed phrase's words are drawn from its 2,048).
_BIP39 = (
    "abandon ability able about above absent absorb abstract absurd abuse access accident account accuse achieve "
    "acid acoustic acquire across act action actor actress actual adapt add addict address adjust admit adult "
    "advance advice aerobic affair afford afraid again age agent agree ahead aim air airport aisle alarm album "
    "alcohol alert alien all alley allow almost alone alpha already also alter always amateur amazing among amount "
    "amused analyst anchor ancient anger angle angry animal ankle announce annual another answer antenna antique "
    "anxiety any apart apology appear apple approve april arch arctic area arena argue arm armed armor army around "
    "arrange arrest arrive arrow art artefact artist artwork ask aspect assault asset assist assume asthma athlete "
    "atom attack attend attitude attract auction audit august aunt author auto autumn average avocado avoid awake"
).split()
_WORDS = "copper lantern meadow harbor velvet glacier thistle saffron orbit falcon river quartz".split()


def ppk(rng: random.Random) -> str:
    def lines(data: bytes) -> list[str]:
        text = b64(data)
        return [text[i : i + 64] for i in range(0, len(text), 64)]

    public = lines(b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x01\x00" + rng.randbytes(256))
    private = lines(b"\x00\x00\x01\x00" + rng.randbytes(640))
    return "\n".join(
        ["PuTTY-User-Key-File-3: ssh-rsa", "Encryption: none", "Comment: deploy@acme", f"Public-Lines: {len(public)}",
         *public, f"Private-Lines: {len(private)}", *private, f"Private-MAC: {s(rng, 64, HEX)}"]
    )  # fmt: skip


def ppk_private(text: str) -> str:
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Private-Lines:")) + 1
    return "\n".join(lines[start : start + int(lines[start - 1].split()[1])])


def jwk_d(rng: random.Random) -> str:
    return b64(rng.randbytes(256), url=True, pad=False)


def rsa_xml_d(rng: random.Random) -> str:
    return b64(rng.randbytes(256))


def pkcs12_b64(rng: random.Random) -> str:
    head = bytes.fromhex("30820a4c020103308209f206092a864886f70d010701a08209e3048209df")
    return b64(head + rng.randbytes(2560))


def seed_phrase(rng: random.Random) -> str:
    return " ".join(rng.choice(_BIP39) for _ in range(12))


def wif(rng: random.Random) -> str:
    raw = b"\x80" + rng.randbytes(32) + b"\x01"
    raw += hashlib.sha256(hashlib.sha256(raw).digest()).digest()[:4]
    n, out = int.from_bytes(raw, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = _B58[r] + out
    return out


def solana_keypair(rng: random.Random) -> str:
    return json.dumps(list(rng.randbytes(64)), separators=(",", ":"))


def minisign_sk(rng: random.Random) -> str:
    return b64(b"EdScB2" + rng.randbytes(32) + (33554432).to_bytes(8, "little") + rng.randbytes(112))


def php_password(rng: random.Random) -> str:
    return s(rng, rng.randint(12, 15), ALNUM + "!#%*")


def passphrase(rng: random.Random) -> str:
    return " ".join(rng.choice(_WORDS) for _ in range(4)) + f" {rng.randint(10, 99)}"


# -- places ------------------------------------------------------------------------------------------------------


def ppk_file(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cat ~/.ssh/deploy.ppk\n{value}\n", ppk_private(value)


def ppk_in_ansible_vars(rng: random.Random, var: str, value: str) -> Place:
    block = "\n".join("  " + line for line in value.splitlines())
    return f"# group_vars/windows/vars.yml\nansible_user: deploy\nwinscp_key: |\n{block}\n", ppk_private(value)


def _rsa_parts(rng: random.Random) -> dict[str, str]:
    return {"n": jwk_d(rng), "e": "AQAB", "p": b64(rng.randbytes(128), url=True, pad=False),
            "q": b64(rng.randbytes(128), url=True, pad=False)}  # fmt: skip


def jwks_private_file(rng: random.Random, var: str, value: str) -> Place:
    key = {"kty": "RSA", "kid": s(rng, 12), "use": "sig", "alg": "RS256", **_rsa_parts(rng), "d": value}
    return "$ cat config/jwks.private.json\n" + json.dumps({"keys": [key]}, indent=2) + "\n", value


def jwk_env_json(rng: random.Random, var: str, value: str) -> Place:
    key = {"kty": "RSA", "alg": "RS256", **_rsa_parts(rng), "d": value}
    return f"SIGNING_JWK='{json.dumps(key, separators=(',', ':'))}'\nTOKEN_TTL=900\n", value


def rsa_key_value_xml(rng: random.Random, var: str, value: str) -> Place:
    parts = "".join(f"<{t}>{b64(rng.randbytes(n))}</{t}>" for t, n in (("P", 128), ("Q", 128), ("DP", 128)))
    return (
        f"<RSAKeyValue><Modulus>{b64(rng.randbytes(256))}</Modulus><Exponent>AQAB</Exponent>{parts}"
        f"<D>{value}</D></RSAKeyValue>\n"
    ), value


def csharp_from_xml_string(rng: random.Random, var: str, value: str) -> Place:
    return (
        "using var rsa = RSA.Create();\nrsa.FromXmlString(\n"
        f'    "<RSAKeyValue><Modulus>{b64(rng.randbytes(256))}</Modulus><Exponent>AQAB</Exponent>" +\n'
        f'    "<D>{value}</D></RSAKeyValue>");\n'
    ), value


def k8s_keystore_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "apiVersion: v1\nkind: Secret\nmetadata:\n  name: kafka-client-keystore\ntype: Opaque\ndata:\n"
        f"  keystore.p12: {value}\n"
    ), value


def az_keyvault_secret_show(rng: random.Random, var: str, value: str) -> Place:
    doc = {"attributes": {"enabled": True}, "contentType": "application/x-pkcs12",
           "id": "https://kv-shop.vault.azure.net/secrets/api-tls/" + s(rng, 32, HEX), "value": value}  # fmt: skip
    return "$ az keyvault secret show --vault-name kv-shop --name api-tls\n" + json.dumps(doc, indent=2) + "\n", value


def mnemonic_env(rng: random.Random, var: str, value: str) -> Place:
    return f'# .env.local\nRPC_URL=https://rpc.sepolia.org\nMNEMONIC="{value}"\n', value


def hdwallet_provider(rng: random.Random, var: str, value: str) -> Place:
    return (
        "const HDWalletProvider = require('@truffle/hdwallet-provider');\n\n"
        f"const provider = new HDWalletProvider('{value}', 'https://rpc.sepolia.org');\n"
    ), value


def bitcoin_cli_dumpprivkey(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ bitcoin-cli -rpcwallet=cold dumpprivkey bc1q{s(rng, 38, '023456789acdefghjklmnpqrstuvwxyz')}\n{value}\n",
        value,
    )


def wallet_dump_line(rng: random.Random, var: str, value: str) -> Place:
    return (
        "# Wallet dump created by Bitcoin v27.0.0\n# * Created on 2026-03-11T08:12:40Z\n\n"
        f"{value} 2026-01-02T10:00:00Z label=savings # addr=bc1q{s(rng, 38, '023456789acdefghjklmnpqrstuvwxyz')}\n"
    ), value


def solana_id_json(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cat ~/.config/solana/id.json\n{value}\n", value


def keypair_from_secret(rng: random.Random, var: str, value: str) -> Place:
    return (
        "import { Keypair } from '@solana/web3.js';\n\n"
        f"const payer = Keypair.fromSecretKey(Uint8Array.from({value}));\n"
    ), value


def minisign_key_file(rng: random.Random, var: str, value: str) -> Place:
    return f"$ cat ~/.minisign/minisign.key\nuntrusted comment: minisign encrypted secret key\n{value}\n", value


def minisign_ci_env(rng: random.Random, var: str, value: str) -> Place:
    return (
        "release:\n  stage: deploy\n  variables:\n    MINISIGN_KEY: |\n"
        f"      untrusted comment: minisign encrypted secret key\n      {value}\n"
        '  script:\n    - echo "$MINISIGN_KEY" > /tmp/k && minisign -S -s /tmp/k -m dist/*.tar.gz\n'
    ), value


def php_fatal_trace(rng: random.Random, var: str, value: str) -> Place:
    return (
        "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user 'shop'@'10.0.3.7' "
        "in /var/www/shop/src/Db.php:18\nStack trace:\n"
        f"#0 /var/www/shop/src/Db.php(18): PDO->__construct('mysql:host=db;d...', 'shop', '{value}')\n"
        "#1 /var/www/shop/public/index.php(9): Shop\\Db::connect()\n#2 {main}\n"
    ), value


def laravel_log_trace(rng: random.Random, var: str, value: str) -> Place:
    return (
        "[2026-03-11 08:12:40] production.ERROR: SQLSTATE[HY000] [2002] Connection refused "
        '{"exception":"[object] (PDOException(code: 2002): SQLSTATE[HY000] [2002] Connection refused at '
        "/var/www/shop/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php:65)\n[stacktrace]\n"
        f"#0 /var/www/shop/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php(65): "
        f"PDO->__construct('mysql:host=127....', 'forge', '{value}', Array)\n"
    ), value


def pytest_showlocals(rng: random.Random, var: str, value: str) -> Place:
    return (
        "    def test_login(client):\n        password = " + repr(value) + "\n"
        '>       resp = client.post("/login", json={"user": "qa", "password": password})\n'
        "E       AssertionError: 500 != 200\n\nclient     = <FlaskClient <Flask 'shop'>>\n"
        f"password   = {value!r}\n\ntests/test_auth.py:14: AssertionError\n"
    ), value


def pdb_print(rng: random.Random, var: str, value: str) -> Place:
    return (
        "> /srv/shop/shop/mail.py(41)send()\n-> server.login(settings.SMTP_USER, settings.SMTP_PASSWORD)\n"
        f"(Pdb) p settings.SMTP_PASSWORD\n{value!r}\n(Pdb) c\n"
    ), value


def ps_ef_java(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ ps -ef | grep [j]ava\nshop      4121     1  2 08:12 ?        00:03:11 /usr/bin/java -Xmx2g "
        f"-Dspring.datasource.password={value} -jar /opt/shop/shop.jar\n"
    ), value


def pgrep_redis(rng: random.Random, var: str, value: str) -> Place:
    return (
        f"$ pgrep -af redis\n812 /usr/bin/redis-server 127.0.0.1:6379 --requirepass {value} --appendonly yes\n",
        value,
    )


def audit_log_execve(rng: random.Random, var: str, value: str) -> Place:
    spelled = value.encode().hex().upper()
    arg = ("--passphrase=" + value).encode().hex().upper()
    return (
        'type=SYSCALL msg=audit(1773216760.120:4471): arch=c000003e syscall=59 success=yes exit=0 comm="gpg" '
        'exe="/usr/bin/gpg" key="exec"\n'
        f'type=EXECVE msg=audit(1773216760.120:4471): argc=4 a0="gpg" a1="--batch" a2={arg} a3="--decrypt"\n'
    ), spelled


def ausearch_proctitle(rng: random.Random, var: str, value: str) -> Place:
    spelled = value.encode().hex().upper()
    title = b"\0".join([b"7z", b"x", b"-p" + value.encode(), b"backup.7z"]).hex().upper()
    return (
        "$ ausearch -m EXECVE -ts today\n----\n"
        f"type=PROCTITLE msg=audit(1773216791.004:4502): proctitle={title}\n"
        'type=EXECVE msg=audit(1773216791.004:4502): argc=4 a0="7z" a1="x" a2='
        + ("-p" + value).encode().hex().upper()
        + ' a3="backup.7z"\n'
    ), spelled


def coredumpctl_info(rng: random.Random, var: str, value: str) -> Place:
    return (
        "$ coredumpctl info 4121\n           PID: 4121 (shop-sync)\n           UID: 998 (shop)\n"
        "        Signal: 11 (SEGV)\n"
        f"  Command Line: /usr/local/bin/shop-sync --db-password {value} --once\n"
        "    Executable: /usr/local/bin/shop-sync\n"
    ), value


def windows_4688_xml(rng: random.Random, var: str, value: str) -> Place:
    return (
        '<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event"><System><EventID>4688</EventID>'
        '</System><EventData><Data Name="NewProcessName">C:\\Windows\\System32\\net.exe</Data>'
        f'<Data Name="CommandLine">net user svc_backup {value} /add</Data></EventData></Event>\n'
    ), value


KEYS: dict[str, Shown] = {
    f.__name__: f
    for f in (
        ppk_file, ppk_in_ansible_vars, jwks_private_file, jwk_env_json, rsa_key_value_xml, csharp_from_xml_string,
        k8s_keystore_secret, az_keyvault_secret_show, mnemonic_env, hdwallet_provider, bitcoin_cli_dumpprivkey,
        wallet_dump_line, solana_id_json, keypair_from_secret, minisign_key_file, minisign_ci_env, php_fatal_trace,
        laravel_log_trace, pytest_showlocals, pdb_print, ps_ef_java, pgrep_redis, audit_log_execve,
        ausearch_proctitle, coredumpctl_info, windows_4688_xml,
    )
}  # fmt: skip
