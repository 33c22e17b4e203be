"""A tool's state is redacted as _found rules (mcp_context/redaction/redactor.py, Redactor.json_bytes): a state that
names only placeholders of what was redacted before holds nothing to redact, and is saved as it was given."""

from __future__ import annotations

import json

from mcp_context.redaction import Redactor


def test_a_state_naming_only_placeholders_is_saved_as_it_is() -> None:
    redactor = Redactor("s1")
    cleared = redactor.text("DB_PASSWORD=hunter2hunter2x9")
    assert cleared == f"DB_PASSWORD=[secret:password:{redactor.tag('hunter2hunter2x9')}]"
    # the names rule reads "secret:secret:57ef" as a secret's name and its value: a match that takes in a placeholder
    state = json.dumps(
        {"results": {"r1": f"[tool result cleared] {cleared}"}, "named": ["[secret:secret:57ef]"]}, indent=1
    )
    assert redactor.json_bytes(state.encode()) == state.encode()


def test_a_state_holding_a_credential_beside_placeholders_is_redacted() -> None:
    redactor = Redactor("s1")
    token = "ghp_" + "a1B2" * 9
    state = json.dumps({"token": token, "named": ["[secret:secret:57ef]"]}, indent=1).encode()
    saved = json.loads(redactor.json_bytes(state))
    assert saved == {"token": f"[secret:github_token:{redactor.tag(token)}]", "named": ["[secret:secret:57ef]"]}
