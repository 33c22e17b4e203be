"""What a command at a shell prompt prints, read line by line (mcp_context/redaction/shapes.py, PROMPT_OUTPUT): its
output's lines end as the command's line does, so a JSON document the command printed, whose strings hold ``\\n``,
is read as the lines it is, and a text is redacted the same whether it is given as it is or inside a JSON string.
Invented tools and values."""

from __future__ import annotations

import json

import pytest
from redaction_checks import assert_caught_alike

from mcp_context.redaction import Redactor

_CERT = "MIIBq3ZxTk2mW9vLp4RcY7nB8dHs6Jf5Gt3KzQ1wXe0AaUu2Vi9Oo8Pl7Mn6Bb5Cc4"


@pytest.mark.parametrize(
    "text",
    [
        # a certificate tool asked for a key (its words name one) prints JSON: the certificate's lines are
        # escaped in its strings, not lines of the output
        "$ zorbca issue --ca-key ca-key.pem web.json\n"
        f'{{"cert": "-----BEGIN CERTIFICATE-----\\n{_CERT}\\n-----END CERTIFICATE-----\\n", "serial": "4f"}}\n',
        f'$ zorbctl get secret web-tls -o json\n{{"data": {{"tls.crt": "{_CERT}\\n"}}}}\n',
    ],
)
def test_a_printed_json_document_is_read_as_its_own_lines_as_text_and_in_a_json_string(text: str) -> None:
    redactor = Redactor("s1")
    once = redactor.text(text)
    assert json.loads(redactor.text(json.dumps({"content": text})))["content"] == once
    assert _CERT in once  # a certificate is public: no line of the output is a value alone


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        # the value printed last, the text ending with it (inside a JSON string, where the string ends)
        ("$ cat /etc/zorb/api_token\nMz8qWv2LkR7tXp4nBc9YdH3s", "Mz8qWv2LkR7tXp4nBc9YdH3s"),
        ("deploy@web-1:~/app$ zorbctl vault read -field=password db/app\r\nKq8#vT2mZx9Lw4Rp\r\n", "Kq8#vT2mZx9Lw4Rp"),
    ],
)
def test_what_a_command_naming_a_secret_prints_is_still_redacted(text: str, secret: str) -> None:
    assert_caught_alike(text, secret)


@pytest.mark.parametrize("token", ["Rk4vQz8Lm2Xw7Tn5Bc9Hd3Js6Fp1Yg0Ua", "[secret:password:5a1c]"])
def test_a_command_continued_over_lines_ends_where_its_last_line_does_in_a_json_string_too(token: str) -> None:
    """A command whose lines end in ``\\`` goes on over them; inside a JSON string the backslash and the break are
    both escaped, and that escaped backslash is a continuation too, never the last character of a command whose
    next lines would be its output: a long ``run`` naming a token (longer than a command is read) and the
    container's id it prints are read alike as text, inside a JSON string, and redacted again."""
    text = (
        "$ zorbman run -d --name relay \\\n"
        f"  -e RELAY_API_TOKEN='{token}' \\\n"
        "  -v /srv/relay-data/:/var/lib/relay/ -p 127.0.0.1:9090:90 -e ZONE=eu-west-1 \\\n"
        "  --restart unless-stopped --log-driver journald --health-cmd 'zorbctl ping' zorb/relay:2.4\n"
        "9f2c4be07a1d36e85b0f4c2d7e19a3b6c58d04e1f7a2b9c3d6e8f0a1b2c3d4e5\n"
    )
    redactor = Redactor("s1")
    once = redactor.text(text)
    assert json.loads(redactor.text(json.dumps({"content": text})))["content"] == once
    assert redactor.text(once) == once
    spelled = json.dumps({"content": once})
    assert redactor.text(spelled) == spelled
