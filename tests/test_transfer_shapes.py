"""What makes a rule carry over to tools and agents it was not written from: a host's wrapper read as a wrapper (its
exit code in any closing form, its echo of the command never quoted as the reason), colour codes dropped, a
finding's rule or message key counted as a sign, a shape's weak line told with the scorer's stronger one, and
edits recognised by their arguments' shape before their tool's name. Invented examples, none from a corpus part."""

from __future__ import annotations

import json
from typing import Any

from mcp_context.conversation import failures, reasons
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls
from mcp_context.summary.facts import extract


def _result(name: str, args: dict[str, Any], text: str) -> tuple[bool, str]:
    call = calls.classify(Block(kind="tool_call", name=name, args=args))
    return calls.outcome(call, Block(kind="tool_result", text=text))


def _history(steps: list[tuple[str, dict[str, Any], str]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = [{"role": "user", "content": "Fix the build."}]
    for n, (name, args, result) in enumerate(steps):
        call = {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        out.append({"role": "assistant", "content": None, "tool_calls": [call]})
        out.append({"role": "tool", "tool_call_id": f"c{n}", "content": result})
    return out


def _changes(steps: list[tuple[str, dict[str, Any], str]]) -> list[str]:
    found = extract(adapter("openai").parse(_history(steps)))
    return [a.call.change or "" for a in found.actions if a.call.kind in ("edit", "write")]


def test_an_exit_code_closed_by_a_bracket_a_tag_or_a_colon_or_in_a_tag_over_several_lines() -> None:
    assert failures.exit_code("boom\n<process ended with exit code 3>") == 3
    assert failures.exit_code("[[ERROR: job finished with exit code: 2.]]</note>") == 2
    assert failures.exit_code("Task failed with exit code 4:\n\nsome output") == 4
    assert failures.exit_code('<run_result\n  cmd="make"\n  exit_code="5"\n>\nout\n</run_result>') == 5
    # prose that goes on after the number states none
    assert failures.exit_code("the exit code 1 means the linter found problems in two files") is None


def test_a_hosts_exit_code_line_and_its_echo_of_the_command_are_never_the_reason() -> None:
    command = "cd /w/site && render --strict pages.txt"
    echoed = (
        f"<job_error>shell failed: Command failed: '{command}'\nExit status: 1\n"
        "Output: pages.txt:4: unknown directive 'incldue'\n</job_error>"
    )
    failed, line = _result("shell", {"command": command}, echoed)
    assert failed and "unknown directive 'incldue'" in line and "Command failed" not in line
    banner = "[host] ERROR: Command failed with exit code: 2.\nlayout.cfg:7: duplicate section [main]\n"
    failed, line = _result("shell", {"command": "cfgcheck layout.cfg"}, banner)
    assert failed and "duplicate section [main]" in line and "exit code" not in line


def test_a_failed_run_with_no_reason_line_tells_its_first_and_last_lines() -> None:
    failed, line = _result(
        "shell", {"command": "fmtcheck src/"}, "would restyle src/a.q\n\n2 files would change.\n[exit code 1]"
    )
    assert failed and "would restyle src/a.q" in line and "2 files would change." in line
    failed, line = _result("shell", {"command": "fmtcheck src/"}, "[exit code 1]")
    assert failed and line == "exit code 1, no error message"


def test_colour_codes_are_no_part_of_the_reason() -> None:
    coloured = (
        "\x1b[37m  L3 |\x1b[90m <p>\x1b[39m\n\x1b[37m      ^ \x1b[31mAttribute must be quoted. (attr-quotes)\x1b[39m\n"
    )
    failed, line = _result("shell", {"command": "markupcheck a.html"}, coloured + "[exit code 1]")
    assert failed and "Attribute must be quoted. (attr-quotes)" in line and "\x1b" not in line


def test_a_findings_rule_a_table_column_code_and_an_error_objects_message_are_signs_of_a_reason() -> None:
    assert reasons.score("^ Value must be positive. (positive-only)") > reasons.score("Scanned 2 files in 3 ms")
    assert reasons.score("L:  3 | P:  1 | QX07 | Inconsistent casing in names") > 0
    assert reasons.score("cfg.toml:3 KV012/no-dup-keys Key declared twice") > 0
    dump = "cfg.json invalid\n[\n  {\n    path: '/port',\n    message: 'must be a number'\n  }\n]\n"
    assert "message: 'must be a number'" in (failures.quote(dump, failed=True) or "")
    # a warning's rule is named the same way: the error beside it still says why
    both = "  1:1  warning  no header  (header-rule)\n  4:2  error  key repeated in map  (no-repeat)\n"
    assert (reasons.reason(both) or "").startswith("4:2  error  key repeated")
    # prose without such a sign is no reason
    assert reasons.score("All checks were run on the branch.") == 0


def test_a_difference_told_below_a_blank_line_and_actual_before_expected() -> None:
    text = "  x counts seats\n\n  Difference (- actual, + expected):\n\n  - 7\n  + 6\n\n  1 test failed\n"
    assert "Difference (- actual, + expected): - 7 + 6" in (failures.quote(text, failed=True) or "")


def test_a_diagnostic_after_a_hash_is_a_message_and_a_hash_prompt_an_echo() -> None:
    assert reasons.score("# lib/run.sh: line 9: frobnicate: command not found") > 0
    assert reasons.score("# rm missing-file-not-found.txt") < reasons.score("rm: missing-file: not found")


def test_a_shapes_weak_line_is_told_with_the_scorers_clearly_stronger_one() -> None:
    text = "error: cannot tokenize: app/main.q:3:9\n    let x = \n            ^\nTokenizeError: bad input\n"
    quoted = failures.quote(text, failed=True) or ""
    assert "error: cannot tokenize: app/main.q:3:9" in quoted and "TokenizeError: bad input" in quoted
    assert quoted.index("cannot tokenize") < quoted.index("TokenizeError")
    # a shape's line that itself reads as a reason is told alone
    strong = "Traceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 'uid' missing in row\n"
    assert failures.quote(strong, failed=True) == "KeyError: 'uid' missing in row"


def test_an_old_new_pair_under_a_search_like_tool_name_is_an_edit() -> None:
    call = calls.classify(
        Block(kind="tool_call", name="find_and_swap", args={"file": "a.q", "find": "x", "replace": "y"})
    )
    assert call.kind == "edit" and call.replaced == [("x", "y")]
    found = calls.classify(Block(kind="tool_call", name="find_text", args={"path": "src", "pattern": "TODO"}))
    assert found.kind == "search"


def test_a_search_side_with_the_new_text_under_content_and_one_edit_nested_under_a_key() -> None:
    args = {"path": "a.q", "search": "let x = 1", "mode": "replace", "content": "let x = 2"}
    assert calls.classify(Block(kind="tool_call", name="patch_it", args=args)).change == "`let x = 1` -> `let x = 2`"
    nested = {"path": "a.q", "change": {"old": "let y = 1", "new": "let y = 3", "all": False}}
    call = calls.classify(Block(kind="tool_call", name="Amend", args=nested))
    assert call.kind == "edit" and call.replaced == [("let y = 1", "let y = 3")]


def test_files_listed_under_any_key_are_read_and_a_write_is_told_against_them() -> None:
    before = "alpha = 1\nbeta = 2\ngamma = 3\n"
    listed = ("view_many", {"file_paths": ["conf/a.ini"]}, f"Opened conf/a.ini:\n\n```\n{before}```")
    write = ("make_file", {"file_path": "conf/a.ini", "initial_text": before.replace("2", "20")}, "Created.")
    assert _changes([listed, write]) == ["`beta = 2` -> `beta = 20`"]
    as_json = ("get_files", {"paths": ["conf/a.ini"]}, json.dumps([{"path": "conf/a.ini", "content": before}]))
    whole = ("put_file", {"path": "conf/a.ini", "content": before.replace("3", "30")}, "ok")
    assert _changes([as_json, whole]) == ["`gamma = 3` -> `gamma = 30`"]


def test_a_chain_of_causes_is_told_with_its_root_and_output_tags_are_read_together() -> None:
    chain = "ERROR:\nCaused by: cannot load settings from /w/a.toml\nCaused by: Permission denied (os error 13)"
    reading = failures.read_tool(chain, "/w/a.toml")
    assert reading.failed and reading.line is not None and reading.line.endswith("; Permission denied (os error 13)")
    single = failures.read_tool("ERROR:\nCaused by: not found: /w/b.toml", "/w/b.toml")
    assert single.line == "Caused by: not found: /w/b.toml"
    tagged = '<run\n  exit_code="2"\n>\n<stdout>\n</stdout>\n<stderr>\nbad flag --x\n</stderr>\n</run>'
    assert failures.unwrapped(tagged) == ("bad flag --x", 2)


def test_a_read_answered_as_fields_gives_the_text_under_its_content_field() -> None:
    before = "alpha = 1\nbeta = 2\n"
    shown = ("peek", {"path": "/w/a.ini"}, f"path: /w/a.ini\ncontent: {before}lines_read: 2\nwas_truncated: False")
    write = ("put", {"path": "/w/a.ini", "content": before.replace("2", "7")}, "ok")
    assert _changes([shown, write]) == ["`beta = 2` -> `beta = 7`"]


def test_of_two_findings_with_codes_the_first_is_told_with_the_clearly_stronger_one() -> None:
    text = "src/a.q:2:5: Q201 value 'n' is set and never read\nsrc/a.q:4:9: Q301 undefined name 'totl'\n"
    quoted = failures.quote(text, failed=True) or ""
    assert "Q301 undefined name 'totl'" in quoted
    # a strong finding with a code chosen first is told alone when the other is no stronger
    alike = "src/a.q:2:5: Q301 undefined name 'x'\nsrc/a.q:4:9: Q301 undefined name 'y'\n"
    assert failures.quote(alike, failed=True) == "src/a.q:2:5: Q301 undefined name 'x'"
