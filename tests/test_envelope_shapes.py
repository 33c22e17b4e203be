"""Hosts that wrap a command's output in their own envelope (a JSON object with a success flag, a content and the
host's message; streams under bracketed labels below the host's lines), tools that print their message after an
excerpt under a place alone on its line or close with a line that only says errors were found, and a file written
whole where the history never showed its text, and a result an agent prints as its language's string literal after
``Error:``, a gateway tool that runs another tool by name, a bare ``--strict`` that makes some tools fail on warnings
and others only evaluate more, a host's pointer to the output above its line, and a result printed by Go's ``%v``.
Invented examples, none from a corpus part."""

from __future__ import annotations

import json
from typing import Any

from mcp_context.conversation import failures
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls
from mcp_context.summary.facts import extract


def test_a_success_flag_and_a_hosts_message_around_the_content_are_the_hosts_not_the_commands() -> None:
    answer = {
        "success": True,
        "content": "stdout: lib/io.c:7: error 12: Undefined identifier 'buf'\nexit status: 1\n\nstderr: ",
        "message": "Command executed successfully",
    }
    reading = failures.read_command(json.dumps(answer), '(cc lib/io.c) 2>&1; echo "exit status: $?"')
    assert reading.failed and reading.exit_code == 1
    assert reading.line == "lib/io.c:7: error 12: Undefined identifier 'buf'"


def test_streams_under_bracketed_labels_below_the_hosts_lines_are_the_output() -> None:
    text = (
        "Exit code: Error: Exit code 2\nExecution output of [run_shell]:\nError executing command:\n\n[STDOUT]\n\n"
        "scripts/run.fish (line 3): Missing end to balance this while loop\n\n[STDERR]\n\n\n"
    )
    reading = failures.read_command(text, "(fish --no-execute scripts/run.fish) 2>&1")
    assert reading.failed
    assert reading.line == "scripts/run.fish (line 3): Missing end to balance this while loop"


def test_a_place_given_as_a_span_leads_a_finding_and_a_line_that_only_says_errors_were_found_gives_way() -> None:
    text = (
        'board/main.dts:21.5-23.2: ERROR (phandle_references): /leds: Reference to missing label "gpio9"\n\n'
        "ERROR: Input tree has errors, aborting (use -f to force output)\n"
    )
    line = failures.read_command(text + "Exit code: 2").line or ""
    assert line.startswith("board/main.dts:21.5-23.2: ERROR (phandle_references)")


def test_a_message_after_an_excerpt_under_a_place_alone_is_what_a_pointer_back_points_at() -> None:
    text = (
        "FAILED: src/Till.cmj\n\n  We've found a bug for you!\n  /w/src/Till.res:7:12-19\n\n"
        '  6 │ let n = 3\n  7 │ let s = "n: " ++ n\n  8 │ \n\n'
        "  This has type: int\n  But it's expected to have type: string\n  \n"
        "  You can convert int to string with Int.toString.\n\n"
        "FAILED: cannot make progress due to previous errors.\n"
    )
    line = failures.read_command(text + "Exit code: 1").line or ""
    assert line.startswith("This has type: int But it's expected to have type: string (FAILED:")
    assert "You can convert" not in line


def _history(*steps: tuple[dict[str, Any], str]) -> list[dict[str, Any]]:
    messages: list[dict[str, Any]] = [{"role": "user", "content": "fix the build"}]
    for n, (args, result) in enumerate(steps):
        call = {"id": f"c{n}", "type": "function", "function": {"name": "run", "arguments": json.dumps(args)}}
        messages.append({"role": "assistant", "content": None, "tool_calls": [call]})
        messages.append({"role": "tool", "tool_call_id": f"c{n}", "content": result})
    return messages


def _fixes(messages: list[dict[str, Any]]) -> list[str]:
    facts = extract(adapter("openai").parse(messages))
    return [edit.call.change or "" for failure in facts.failures for edit in failure.edits]


def test_a_file_shown_by_cat_with_its_status_echoed_is_the_files_text() -> None:
    status = ' 2>&1 || echo "exit code: $?"'
    shown = json.dumps({"output": "val a = 1\nval b = a + c\n"})
    said = "src/m.sml:2: error: Value or constructor (c) has not been declared\nexit code: 1\n"
    failed = json.dumps({"output": said})
    messages = _history(
        ({"command": "cat src/m.sml" + status}, shown),
        ({"command": "(polyc src/m.sml)" + status}, failed),
        ({"path": "src/m.sml", "contents": "val a = 1\nval b = a + 1\n"}, json.dumps({"output": "Applied changes\n"})),
    )
    assert _fixes(messages) == ["`val b = a + c` -> `val b = a + 1`"]


def test_a_file_never_shown_is_told_by_the_line_its_open_failure_names() -> None:
    failed = "src/k.sml:3: error: Value or constructor (restok) has not been declared\nExit code: 1"
    written = "fun restock n = n + 1\n\nval xs = map restock [1, 2]\n"
    messages = _history(
        ({"command": "polyc src/k.sml"}, failed),
        ({"command": f"cat > src/k.sml <<'EOF'\n{written}EOF"}, "Exit code: 0"),
    )
    assert _fixes(messages) == ["wrote 3 lines; line 3: `val xs = map restock [1, 2]`"]


def test_a_read_the_tool_refused_is_not_the_files_text() -> None:
    refused = "Execution output of [file_editor]:\n\nERROR: Viewing non-Python files is disallowed: a.md"
    failed = "a.md:3:1-3:5  warning  `guys` may be insensitive  gals-man  retext-equality\nExit code: 1"
    messages = _history(
        ({"command": "view", "path": "/w/a.md"}, refused),
        ({"command": "alex a.md"}, failed),
        ({"command": "cat > /w/a.md <<'EOF'\n# A\n\nHello folks.\nEOF"}, "Exit code: 0"),
    )
    assert not any("Execution output" in fix for fix in _fixes(messages))


def test_an_smt_lib_solvers_error_response_is_a_failure_with_or_without_a_code() -> None:
    text = '(error "line 3 column 9: unknown constant stok")\nsat\n'
    assert failures.read_command(text, "z3 specs/a.smt2").line == '(error "line 3 column 9: unknown constant stok")'
    assert not failures.read_command("sat\n", "z3 specs/a.smt2").failed


def test_a_last_line_that_only_says_the_tool_is_aborting_gives_way_to_the_error_before_it() -> None:
    text = "lint: models/a.pml:7, Error: syntax error\tsaw 'od'\nlint: models/a.pml:8, Error: aborting (parse)\n"
    line = failures.read_command(text + "Exit code: 1").line or ""
    assert line.startswith("lint: models/a.pml:7, Error: syntax error")


def test_an_error_lead_that_names_what_was_being_done_where_is_told_with_the_message_under_it() -> None:
    text = "Error parsing: specs/a.yaml\nschema.errors.MissingKey: 'port' is required\n"
    line = failures.read_command(text + "Exit code: 1").line or ""
    assert "schema.errors.MissingKey: 'port' is required" in line


def test_diagnostics_at_places_in_brackets_with_their_excerpts_fail_a_run_with_no_code() -> None:
    text = "(flows/a.wdl Ln 7 Col 12) Unknown identifier cnt\n      call x { input: n = cnt }\n             ^^^\n"
    assert failures.read_command(text, "(wdlcheck flows/a.wdl) 2>&1").line == (
        "(flows/a.wdl Ln 7 Col 12) Unknown identifier cnt"
    )


def test_a_hosts_fields_in_brackets_hold_the_output_in_the_last() -> None:
    text = "\n[Executed: make]\n[Duration: 1.2s]\n[Result: src/a.c:3:1: error: expected ';'\n]"
    assert failures.read_command(text, "make").line == "src/a.c:3:1: error: expected ';'"
    assert not failures.read_command("\n[Executed: ls]\n[Duration: 0.01s]\n[Result: a.txt\n]", "ls").failed


def test_a_file_of_lines_in_brackets_keeps_its_last_lines() -> None:
    shown = json.dumps({"output": "(declare-const n Bool)\n(assert (> n 0))\n(check-sat)\n"})
    failed = '(error "line 2 column 10: Sorts Bool and Int are incompatible")\nExit code: 1'
    messages = _history(
        ({"command": "cat a.smt2"}, shown),
        ({"command": "z3 a.smt2"}, failed),
        ({"path": "a.smt2", "contents": "(declare-const n Int)\n(assert (> n 0))\n(check-sat)\n"}, "{}"),
    )
    assert _fixes(messages) == ["`(declare-const n Bool)` -> `(declare-const n Int)`"]


def test_a_closing_line_that_the_run_stopped_because_of_errors_gives_way_to_the_first_error() -> None:
    text = (
        "rules/a.lp:5:1-37: error: unsafe variables in:\n  p(X):-q.\nrules/a.lp:5:3-4: note: 'X' is unsafe\n\n"
        "*** ERROR: (grounder): grounding stopped because of errors\n"
    )
    line = failures.read_command(text + "Exit code: 1").line or ""
    assert line.startswith("rules/a.lp:5:1-37: error: unsafe variables in:")


def test_an_assemblers_numbered_message_is_no_error_beside_its_error() -> None:
    text = 'src/a.asm:6:Message[302] Register not in bank 0.\nsrc/a.asm:9:Error[181]   Unknown opcode: "movx"\n'
    wanted = 'src/a.asm:9:Error[181]   Unknown opcode: "movx"'
    assert failures.read_command(text + "Exit code: 1").line == wanted
    assert failures.read_command(text, "(asm src/a.asm) 2>&1").line == wanted


def test_an_error_object_flagged_true_is_told_by_its_message() -> None:
    answer = '{"error":true,"message":"File or directory not found: /w/NOTES.md","stack":"Error: File or directory"}'
    assert failures.read_tool(answer, "/w/NOTES.md").line == "File or directory not found: /w/NOTES.md"


def test_a_chain_of_places_each_deeper_is_told_by_its_last_link() -> None:
    text = (
        "ERROR Tool definition failed validation:\na.cwl:6:1: checking field 'inputs'\n"
        "a.cwl:7:3:   checking object 'a.cwl#n'\na.cwl:8:5:     Field 'type' references unknown identifier 'Fil'\n"
    )
    line = failures.read_command(text + "Exit code: 1").line or ""
    assert line.startswith("a.cwl:8:5: Field 'type' references unknown identifier 'Fil' (")


def test_the_last_words_that_a_compiler_stopped_for_its_errors_give_way_to_the_error() -> None:
    text = (
        "Compiler aborting due to parser-detected syntax error(s)\nsrc/a.asl      9:     }\n"
        "Error    6126 -         ^ syntax error\n\nCompilation failed. 1 Errors, 0 Warnings\n"
    )
    assert (failures.read_command(text + "Exit code: 1").line or "").startswith(
        "Error    6126 -         ^ syntax error"
    )


def test_a_hosts_envelope_of_a_failure_flag_and_its_error_text_is_read_for_the_text() -> None:
    said = 'tool shell invoke err: <shell_run_error>exit status 1: a.yang:4: error: type "unit3" not found\n'
    answer = json.dumps({"success": False, "err": said + "<shell_run_error>"}).replace("<", "\\u003c")
    reading = failures.read_command(answer, "sh -c 'yangcheck a.yang'")
    assert reading.failed and reading.line == 'a.yang:4: error: type "unit3" not found'


def test_a_result_printed_as_a_string_literal_after_error_is_read_as_its_text() -> None:
    text = 'Error: "Command exited with code 1\\n\\nzorbq: Error - The prefix in \\"shop:name\\" was not declared.\\n"'
    reading = failures.read_command(text, "zorbq q.rq")
    assert reading.failed and reading.exit_code == 1
    assert reading.line == 'zorbq: Error - The prefix in "shop:name" was not declared.'


def test_a_gateway_call_is_read_as_the_tool_it_runs() -> None:
    gateway = {
        "server_name": "zorb",
        "tool_name": "write_file",
        "tool_input": {"path": "/w/a.conf", "content": "x=1\n"},
    }
    call = calls.classify(Block(kind="tool_call", name="use_mcp_tool", args=gateway))
    assert (call.kind, call.name, call.target) == ("write", "write_file", "/w/a.conf")
    plain = {"server_name": "zorb", "tool_name": "status"}  # no arguments dict: a call of its own
    assert calls.classify(Block(kind="tool_call", name="use_mcp_tool", args=plain)).name == "use_mcp_tool"


def test_a_bare_strict_option_fails_a_run_on_warnings_only_when_the_output_ends_on_them() -> None:
    value = "warning: the group 'zorb' does not exist\n{ total = 370; }\n"
    assert not failures.read_command(value, "zorb-eval --eval --strict till.z").failed  # a stricter evaluation
    aborted = "WARNING - a.md links to b.md, which is not found.\n\nAborted with 1 warnings in strict mode!\n"
    assert failures.read_command(aborted, "zorbdocs build --strict").failed
    assert failures.read_command(value, "zorb-eval --fail-on-warnings till.z").failed  # says so whatever follows


def test_a_hosts_pointer_to_the_output_above_gives_way_to_what_it_points_at() -> None:
    text = (
        "Command failed with exit code 1: zorbd --test -C a.conf\n\nOutput:\n\n"
        "zorbd: bad dhcp-option at line 4 of a.conf\n\n\n"
        "This may indicate test failures. Check the output above for details."
    )
    assert (failures.read_command(text, "zorbd --test -C a.conf").line or "").startswith("zorbd: bad dhcp-option at")


def test_a_result_printed_by_gos_v_verb_is_read_as_its_text_and_its_error() -> None:
    text = "&{/w/zorb.conf:4: syntax error 'shop.example.com'\n map[] exit status 1}"
    reading = failures.read_command(text, "zorbmon -t -c zorb.conf")
    assert reading.failed and reading.line == "/w/zorb.conf:4: syntax error 'shop.example.com'"
    assert not failures.read_command("&{Control file syntax OK\n map[] <nil>}", "zorbmon -t -c zorb.conf").failed
