"""Credentials given by position or in a syntax the names rule learnt late (mcp_context/redaction/commands.py,
shapes.py's heredocs, defaults and PuTTY keys, generic.py's typed, padded and directive syntaxes and compound
names): each caught in plain text and in a JSON string with the same placeholder; look-alikes (code that calls
the same functions with names, modes and hosts; a block that is not named for a secret; a word after a word)
come through untouched. Values are fresh random strings of a made-up vendor's names."""

from __future__ import annotations

import random
import re
import string

import pytest
from redaction_checks import assert_caught_alike

from mcp_context.redaction import Redactor
from mcp_context.redaction.generic import password_name, secret_name

ALNUM = string.ascii_letters + string.digits
RNG = random.Random(20261128)


def rand(n: int, alphabet: str = ALNUM) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def cases() -> list[tuple[str, str]]:
    """(text, secret) for each syntax and position."""
    pw = f"{rand(5)}#{rand(4, string.digits)}{rand(7)}"
    key = f"{rand(40)}9{rand(20)}=="
    tok = f"{rand(12)}0{rand(12)}"
    low = string.ascii_lowercase + string.digits
    return [
        (f'const ZORB_KEY: &str = "{key}";\n', key),
        (f'export const zorbToken: string = "{tok}";\n', tok),
        (f'var zorbPassword string = "{pw}"\n', pw),
        (f"ZORB_ACCESS_KEY:                 {key}\nWEB_CONCURRENCY: 4\n", key),
        (f"port 6379\nrequirepass {pw}\nmaxmemory 2gb\n", pw),
        (f"ldap_default_authtok = {pw}\n", pw),
        (f"ENV ZORB_DB_PASSWORD {pw}\n", pw),
        (f'zorb = os.getenv("ZORB_DB_PASSWORD", "{pw}")\n', pw),
        (f'network={{\n    ssid="home"\n    psk="{tok}"\n}}\n', tok),
        (f'{{\n  "name": "x-zorb-key",\n  "value": "{key}"\n}}\n', key),
        (f'{{"Name": "/prod/zorb/API_TOKEN",\n "Type": "SecureString",\n "Value": "{tok}",\n "Version": 3}}\n', tok),
        (f'{{\n "name": "zorbsessionid",\n "value": "{rand(64)}",\n "httpOnly": true\n}}\n', None),
        (f"zorb_admin_password = <<-EOT\n  {pw}\nEOT\n", pw),
        (f"zorb:\n  client_secret: |\n    {key}\n  region: eu\n", key),
        (f"smtp.login('mailer@zorb.dev', '{pw}')\n", pw),
        (f'conn.simple_bind_s("cn=admin,dc=zorb,dc=dev", "{pw}")\n', pw),
        (f'Credentials = new NetworkCredential("mailer@zorb.dev", "{pw}")\n', pw),
        (f"requests.get(url, auth=('deploy', '{pw}'))\n", pw),
        (f"+ echo '{pw}' | docker login ghcr.io -u ci-bot --password-stdin\nLogin Succeeded\n", pw),
        (f'$ gh secret set ZORB_TOKEN --repo zorb/api --body "{tok}"\n', tok),
        (f"aws ssm put-parameter --name /prod/ZORB_DB_PASSWORD --type SecureString --value '{pw}'\n", pw),
        (f"zorb01:6379> AUTH default {pw}\nOK\n", pw),
        (f"db.url=jdbc:oracle:thin:scott/{pw}@//ora01.zorb.dev:1521/ORCL\n", pw),
        (f"$ sqlplus -s system/{pw}@ORCLPDB1 @report.sql\n", pw),
        (f"smbclient //files/share -U admin%{pw} -c ls\n", pw),
        (f"mosquitto_pub -h broker -u iot -P {pw} -t zorb/x\n", pw),
        (f'variable "zorb_db_password" {{\n  type      = string\n  default   = "{pw}"\n  sensitive = true\n}}\n', pw),
        (f"Parameters:\n  ZorbPassword:\n    Type: String\n    NoEcho: true\n    Default: {pw}\n", pw),
        (f"environment: {{'HOME': '/root', '_zorb_session': '{rand(32, low)}'}}\n", None),
        (f"PHPSESSID={rand(26, low)}; path=/\n", None),
        (f'{{"parameters": {{\n  "zorbAdminPassword": {{\n    "value": "{pw}"\n  }}\n}}}}\n', pw),
        (f"Your temporary password is: {pw}.\n", pw),
        (f'The password was reset to "{pw}".\n', pw),
        ("2026-02-11 upstream rejected zorbsoat-Qm7v-41kxRb9TzW2pLd8s (401)\n", "zorbsoat-Qm7v-41kxRb9TzW2pLd8s"),
        (f"Public-Lines: 1\n{rand(60)}\nPrivate-Lines: 2\n{rand(64)}\n{rand(28)}\nPrivate-MAC: 00\n", None),
    ]  # fmt: skip


CASES = cases()
_PLACEHOLDER = re.compile(r"\[secret:[a-z_]+:[0-9a-f]{4}\]")


def _secret(text: str, secret: str | None) -> str:
    if secret is not None:
        return secret
    if "Private-Lines" in text:
        return text.split("Private-Lines: 2\n")[1].split("\n")[0]
    if "_session" in text:
        return text.split("_session': '")[1].split("'")[0]
    if "PHPSESSID" in text:
        return text.split("=")[1].split(";")[0]
    return text.split('"value": "')[1].split('"')[0]


@pytest.mark.parametrize(("text", "secret"), CASES, ids=range(len(CASES)))
def test_a_credential_given_by_position_or_syntax_is_caught(text: str, secret: str | None) -> None:
    assert_caught_alike(text, _secret(text, secret))


LOOK_ALIKES = [
    "const TIMEOUT: Duration = Duration::from_secs(30);",
    'let key: String = format!("{}-{}", prefix, name);',
    "bypass cache-2024-v3\n",
    "requirepass\n",
    "token expired for user 1234abcd\n",
    '{\n  "name": "commit",\n  "value": "4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a"\n}\n',
    '{"name": "GIT_SHA", "value": "0123456789abcdef0123456789abcdef01234567"}',
    'variable "region" {\n  default = "eu-west-1-zorb42"\n}\n',
    "description: |\n  Rotates the zorb secret every 30 days.\n",
    "user.login('alice', 'dashboard')\n",
    "button.login(event, 'primary')\n",
    "fn.auth=(user, 'standard')\n",
    "echo 'build done' | tee -a log.txt\n",
    'echo "$REGISTRY_PASSWORD" | docker login ghcr.io -u ci --password-stdin\n',
    "gh variable set REGION --body eu-west-1\n",
    "AUTH required before MULTI\n",
    "jdbc:oracle:thin:@//ora01.zorb.dev:1521/ORCL\n",
    "smbclient -L //files -U guest\n",
    "scp -P 2222 build.tar host:/tmp\n",
    "x = 1 << 20\ncat <<EOF > out.txt\nhello world\nEOF\n",
    "Public-Lines: 2\n",
    '{"location": {"value": "westeurope-zorb-2"}, "sku": {"value": "Standard_LRS"}}',
    "The password is required. The password is incorrect for user admin1. The password is set to expire.\n",
    "session = requests.Session()\nself.session_id = 'a3f9c2d1e4b5a6c7d8e9f0a1b2c3d4e5'\n",
    '{"sessionId": "4b1f6c3e-9a2d-4c8e-b7f1-2d3e4f5a6b7c", "session": 3}',
    "see draft-ietf-oauth-v2-1-10 and release-2026-02-11-rc1 for details\n",
]


@pytest.mark.parametrize("text", LOOK_ALIKES, ids=range(len(LOOK_ALIKES)))
def test_look_alikes_of_positions_and_syntaxes_stay(text: str) -> None:
    assert Redactor("s1").text(text) == text


def test_compound_names_say_secret_but_bypass_and_compass_do_not() -> None:
    assert secret_name("requirepass") and secret_name("masterauth") and secret_name("ldap_default_authtok")
    assert password_name("requirepass") and password_name("dbpass")
    assert not secret_name("bypass") and not secret_name("compass") and not secret_name("oauth")


def test_a_stream_redacts_them_as_the_text_with_other_scripts_between_name_and_value() -> None:
    """A stream's rules read back from the value to the name through bytes that may be any UTF-8 (a field's
    description in another script): the same as the text, never an error."""
    pw = f"{rand(5)}#{rand(4, string.digits)}{rand(7)}"
    texts = [text for text, _ in CASES] + [
        f'{{"Name": "/prod/ZORB_TOKEN",\n "Description": "clé 日本",\n "Value": "{rand(30)}"}}\n',
        f'variable "zorb_password" {{\n  description = "mot de passé"\n  default = "{pw}"\n}}\n',
    ]
    redactor = Redactor("s1")
    for text in texts:
        data = ("é" * 3 + "\n" + text).encode()
        streamed = b"".join(redactor.stream(data[i : i + 7] for i in range(0, len(data), 7)))
        assert streamed.decode() == redactor.text(data.decode())
