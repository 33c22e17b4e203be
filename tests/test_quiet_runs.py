"""A host that hands back only what a command printed (no exit code, no flag): a run the agent then fixed is told
as failed when the same work, run again after a change, prints something else and no longer reads as failing.
Invented examples, none from a corpus part."""

from __future__ import annotations

from typing import Any

from mcp_context.conversation.formats import adapter
from mcp_context.summary.facts import extract

RESOLVE = (
    "Loading package lists\nUnable to satisfy acme/ledger ^3.0: conflicting requirements, resolution failed\n"
    "  shop/app requires acme/ledger ^3.0, found acme/ledger 2.1.0\n"
)


def _history(first: str, again: str, exit_code: str = "", changed: bool = True) -> list[dict[str, Any]]:
    def call(n: int, name: str, args: dict[str, Any]) -> dict[str, Any]:
        return {"role": "assistant", "content": [{"type": "tool_use", "id": f"c{n}", "name": name, "input": args}]}

    def result(n: int, text: str) -> dict[str, Any]:
        return {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"c{n}", "content": text}]}

    edit = {"path": "composer.json", "old_str": '"^3.0"', "new_str": '"^2.1"'}
    messages = [
        {"role": "user", "content": "Get `pkg install` working again."},
        call(1, "bash", {"command": "pkg install"}),
        result(1, first + exit_code),
    ]
    if changed:
        messages += [call(2, "str_replace", edit), result(2, "The file composer.json has been edited.")]
    return [*messages, call(3, "bash", {"command": "pkg install"}), result(3, again + exit_code)]


def test_a_run_the_agent_fixed_is_told_failed_with_its_reason_and_its_fix() -> None:
    facts = extract(adapter("anthropic").parse(_history(RESOLVE, "Generating autoload files\n")))
    [failure] = facts.failures
    assert failure.action.outcome.startswith("Unable to satisfy acme/ledger ^3.0")
    assert failure.fixed_by is not None and failure.fixed_by.call.target == "pkg install"
    assert [e.call.name for e in failure.edits] == ["str_replace"]


def test_a_run_is_not_retold_without_a_change_a_reason_or_a_quiet_host() -> None:
    no_change = _history(RESOLVE, "Generating autoload files\n", changed=False)
    assert extract(adapter("anthropic").parse(no_change)).failures == []
    no_reason = _history("Installing 3 packages\n", "Generating autoload files\n")
    assert extract(adapter("anthropic").parse(no_reason)).failures == []
    # an exit code of 0 said the first run passed, whatever words it printed
    coded = _history(RESOLVE, "Generating autoload files\n", exit_code="\nExit code: 0")
    assert extract(adapter("anthropic").parse(coded)).failures == []
    # the same output again: nothing the change did shows
    same = _history(RESOLVE, RESOLVE)
    assert all(f.action.ref != 2 for f in extract(adapter("anthropic").parse(same)).failures)
