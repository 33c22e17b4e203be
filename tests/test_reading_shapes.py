"""Shapes that tell why a run failed and what fixed it, whatever tool printed them: a run that failed on its
warnings, a finding told under the place that heads it, a culprit marked on the line below, a message that points
at the line above, a host's bare or leading ``Error:`` label, tags inside a line kept as printed, reads numbered
with spaces around the bar, a read answered inside a JSON envelope or under two labels. Invented examples, none from
a corpus part."""

from __future__ import annotations

import json
from typing import Any

from mcp_context.conversation import edits, failures
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, textual
from mcp_context.summary.facts import extract


def _result(text: str, command: str = "lint src/") -> tuple[bool, str]:
    call = calls.classify(Block(kind="tool_call", name="shell", args={"command": command}))
    return calls.outcome(call, Block(kind="tool_result", text=text))


def _changes(steps: list[tuple[str, dict[str, Any], str]]) -> list[str]:
    history: list[dict[str, Any]] = [{"role": "user", "content": "Fix the build."}]
    for n, (name, args, result) in enumerate(steps):
        call = {"id": f"c{n}", "type": "function", "function": {"name": name, "arguments": json.dumps(args)}}
        history.append({"role": "assistant", "content": None, "tool_calls": [call]})
        history.append({"role": "tool", "tool_call_id": f"c{n}", "content": result})
    found = extract(adapter("openai").parse(history))
    return [a.call.change or "" for a in found.actions if a.call.kind in ("edit", "write")]


def test_a_run_that_failed_on_warnings_alone_is_told_by_its_warning() -> None:
    failed, line = _result("Scanning 2 pages\npage.md line 3 - Warning: <b> nested in <i>\n\nExit code: 1")
    assert failed and "Warning: <b> nested in <i>" in line
    failed, line = _result("Notice 4 in a.tex line 2: Odd spacing may be wrong.\nExit code: 2")
    assert failed and "Notice 4 in a.tex line 2: Odd spacing may be wrong." in line
    # an error beside a warning is still why
    failed, line = _result("a.q:1: warning: unused x\na.q:5: error: no such table 'users'\nExit code: 1")
    assert failed and "no such table 'users'" in line and "unused x" not in line


def test_a_finding_indented_under_the_place_that_heads_it_is_told_with_that_place() -> None:
    text = "lib/cart.rb:7 in method `total`:\n        R201: Method has too many lines\nExit code: 1"
    failed, line = _result(text)
    assert failed and "lib/cart.rb:7 in method `total`: R201: Method has too many lines" in line


def test_a_culprit_marked_on_the_line_below_a_short_message_is_part_of_it() -> None:
    text = "\nloading build.f\nbuild.f:4: Unknown token\n  pack >>>unpakc<<< swap\nTrace:\n 0x12 call\nExit code: 1"
    failed, line = _result(text)
    assert failed and "build.f:4: Unknown token pack >>>unpakc<<< swap" in line


def test_a_message_that_points_at_the_line_above_is_told_with_it() -> None:
    text = "Checking 4 sheets...\n[info] themes/dark.css\n[info] Layout problems found in the above file.\nExit code: 1"
    failed, line = _result(text)
    assert failed and "[info] themes/dark.css [info] Layout problems found in the above file." in line


def test_a_hosts_bare_error_label_over_the_output_shows_a_failure() -> None:
    reading = failures.read_command("Error: \nlayout.cfg:3: bad section name\nTrace:\n 0x1f load\n")
    assert reading.failed and reading.line is not None and "layout.cfg:3: bad section name" in reading.line
    assert not failures.read_command("layout.cfg loaded\n3 sections\n").failed


def test_a_line_whose_only_sign_is_a_leading_error_label_is_told_with_the_strongest_line() -> None:
    text = "Error: Compiling 3 modules...\n[fail] src/a.q: ParseError: Unexpected end (4:2)\n"
    reading = failures.read_command(text)
    assert reading.failed and reading.line is not None and "ParseError: Unexpected end (4:2)" in reading.line


def test_a_tag_inside_a_line_stays_while_a_wrappers_tags_go() -> None:
    text = "<output>\nbuilding pages\nstopped at the <main> block\n</output>\nExit code: 3"
    failed, line = _result(text, "render site/")
    assert failed and "<main> block" in line and "<output>" not in line


def test_line_numbers_with_spaces_around_the_bar_or_an_arrow_are_taken_off() -> None:
    assert edits.unnumbered("   1 | a = 1\n   2 |   b = 2") == "a = 1\n  b = 2"
    assert edits.unnumbered("     1→x\n     2→y") == "x\ny"
    assert edits.unnumbered("total | 3\nshown | 2") == "total | 3\nshown | 2"


def test_a_read_inside_a_json_envelope_or_under_two_labels_is_the_files_text_for_the_write_after_it() -> None:
    enveloped = json.dumps({"ok": True, "error": None, "data": {"content": "x = 1\ny = 2\n", "path": "/w/a.py"}})
    steps = [
        ("read_file", {"path": "/w/a.py"}, enveloped),
        ("save_file", {"path": "/w/a.py", "content": "x = 1\ny = 3\n"}, "saved"),
    ]
    assert _changes(steps) == ["`y = 2` -> `y = 3`"]
    labelled = (
        "Observed result of tool `viewer` run:\nHere's the result of running `cat -n` on /w/b.py:\n     1\tp = 0\n"
    )
    steps = [
        ("viewer", {"command": "view", "path": "/w/b.py"}, labelled),
        ("viewer", {"command": "create", "path": "/w/b.py", "file_text": "p = 9\n"}, "File created"),
    ]
    assert _changes(steps) == ["`p = 0` -> `p = 9`"]


def test_the_message_after_a_source_excerpt_and_its_caret_is_what_a_label_introduces() -> None:
    text = (
        'Error: Bad token on line 4:\n...  "size": 3 "max": 9\n----------------^\nWanted one of ",", "}" but saw STR\n'
    )
    failed, line = _result(text + "Exit code: 1")
    assert failed and 'Bad token on line 4: Wanted one of ",", "}" but saw STR' in line


def test_a_message_under_a_caret_is_told_with_the_source_line_it_points_at() -> None:
    text = '\nplot sine wiht lines\n          ^\n"figs/a.plt" line 2: unrecognised keyword\nExit code: 1'
    failed, line = _result(text)
    assert failed and 'plot sine wiht lines ^ "figs/a.plt" line 2: unrecognised keyword' in line


def test_of_two_findings_alike_both_are_told_and_expecting_or_saw_reads_as_an_assertion() -> None:
    text = "lib/a.js: line 3, col 9, Expected '}' and instead saw ')'.\nlib/a.js: line 3, col 10, Missing comma.\n"
    failed, line = _result(text + "\n2 errors\nExit code: 2")
    assert failed and "Expected '}' and instead saw ')'." in line


def test_a_failed_runs_only_lines_a_label_and_its_value_are_told_as_one() -> None:
    failed, line = _result('odd construct in tools/run.sh line 4 (use printf):\necho -e "$x"\nExit code: 1')
    assert failed and 'odd construct in tools/run.sh line 4 (use printf): echo -e "$x"' in line


def test_a_turn_saying_the_script_ran_answers_the_code_block_before_it() -> None:
    history: list[dict[str, Any]] = [
        {"role": "user", "content": "Fix the build."},
        {
            "role": "assistant",
            "content": '```python\nfrom pathlib import Path\nPath("/w/a.cfg").write_text("x = 2\\n")\n```',
        },
        {"role": "user", "content": "The script ran but produced no output to console. The exit code was: 0."},
    ]
    found = extract(adapter("openai").parse(history))
    assert [a.call.kind for a in found.actions] == ["write"]


def test_a_hosts_line_echoing_the_command_with_a_failure_word_says_it_failed() -> None:
    call = calls.classify(Block(kind="tool_call", name="runner", args={"cmd": "stylecheck src/app.c"}))
    text = "There was an error running the `stylecheck src/app.c` command:\n```txt\nsrc/app.c:9: bad brace\n```"
    assert calls.outcome(call, Block(kind="tool_result", text=text)) == (True, "src/app.c:9: bad brace")
    quiet = "*** - APPLY: too few arguments given to F\n"
    text = f"There was an error running the `stylecheck src/app.c` command:\n```txt\n{quiet}```"
    assert calls.outcome(call, Block(kind="tool_result", text=text)) == (True, quiet.strip())
    fine = "Ran `stylecheck src/app.c`:\n```txt\n0 findings\n```"
    assert calls.outcome(call, Block(kind="tool_result", text=fine))[0] is False


def test_a_findings_category_and_confidence_name_its_rule_and_an_empty_error_field_says_nothing() -> None:
    out = "lib/q.cc:0:  No licence header found.  [legal/licence] [5]\nDone processing lib/q.cc\nTotal errors found: 1"
    summary = f"Execution Summary:\nFailed: 1\nStatus: error\nExit Code: 1\nOutput: {out}\nError: "
    failed, line = _result(summary, "stylecheck lib/q.cc")
    assert failed and "lib/q.cc:0: No licence header found. [legal/licence] [5]" in line  # spaces told single
    assert not line.startswith("Error")


def test_a_tool_that_answers_with_a_traceback_failed_on_its_exception() -> None:
    text = 'Traceback (most recent call last):\n  File "/app/t.py", line 3, in run\n    open(p)\n'
    reading = failures.read_tool(text + "FileNotFoundError: [Errno 2] No such file or directory: '/w/x'\n")
    assert reading.failed and reading.line == "FileNotFoundError: [Errno 2] No such file or directory: '/w/x'"


def test_calls_written_as_json_in_a_reply_are_calls_and_the_turn_after_answers_them() -> None:
    def reply(name: str, args: dict[str, Any]) -> dict[str, Any]:
        block = json.dumps([{"command_name": name, "args": args}], indent=2)
        return {"role": "assistant", "content": f"Next step.\n```json\n{block}\n```"}

    printed = "file_path='/w/a.ini' block_content='001|mode = fast\\n002|size = 3\\n'"
    history: list[dict[str, Any]] = [
        {"role": "user", "content": "Fix the config."},
        reply("Files.open", {"path": "/w/a.ini"}),
        {"role": "user", "content": f"Command Files.open executed: {printed}"},
        reply("Shell.run", {"cmd": "cfgcheck /w/a.ini"}),
        {"role": "user", "content": "Command Shell.run executed: a.ini:2: size must be even\nexit code: 1"},
        reply("Files.save", {"path": "/w/a.ini", "content": "mode = fast\nsize = 4\n"}),
        {"role": "user", "content": "Command Files.save executed: saved"},
    ]
    found = extract(adapter("openai").parse(history))
    kinds = [(a.call.kind, a.failed) for a in found.actions]
    assert kinds == [("read", False), ("command", True), ("write", False)]
    assert found.actions[-1].call.change == "`size = 3` -> `size = 4`"
    assert textual.answer_body("Observation:\nok") == "ok"


def test_streams_under_their_own_label_lines_are_the_output() -> None:
    text = "Process ID: p_3\n\nStdout:\nFailures:\n1) total\n  Message:\n    Expected 4 to be 5.\n\nStderr:\n\n\n"
    output, code = failures.unwrapped(text + "Return Code: 1\n\nAnalysis:\nThe run failed because of an error.")
    assert code == 1 and "Expected 4 to be 5." in output and "Analysis" not in output and "p_3" not in output


def test_a_script_that_runs_one_shell_command_runs_that_command() -> None:
    code = 'import subprocess\nr = subprocess.run("make -k lint", shell=True, cwd="/w")\nraise SystemExit(r.returncode)'
    call = calls.classify(Block(kind="tool_call", name="execute_code", args={"code": code}))
    assert (call.kind, call.target) == ("command", "make -k lint")


def test_tags_grouped_in_an_artifact_run_and_write_by_their_type_and_files_come_back_in_tags() -> None:
    reply = '<plan id="p">\n  <step type="shell">\n    make -k\n  </step>\n</plan>'
    found = textual.command_written(reply)
    assert found is not None and found.args == {"command": "make -k"}
    reply = '<plan id="p">\n  <step type="file" filePath="src/a.c">\nint x;\n  </step>\n</plan>'
    assert textual.files_written(reply) == [("src/a.c", "int x;\n")]
    # a tag with a path is an action itself: its inner tags are its parts
    reply = '<replace_in path="/w/a.c">\n<old_str>x</old_str>\n<new_str>y</new_str>\n</replace_in>'
    assert [b.args["path"] for b in textual.edits_written(reply)] == ["/w/a.c"]
    turn = 'Files for context:\n<files><file path="src/a.c">\nint x;\nint y;\n</file></files>'
    assert textual.files_shown(turn) == [("src/a.c", "int x;\nint y;")]


def test_a_finding_at_a_place_outranks_a_tools_advice_and_info_ranks_below_an_error() -> None:
    advice = "lint: Use the house style.\nlint: Run `lint --fix` to fix some problems.\n"
    text = advice + "  src/p.js:3:42: Extra comma. (comma)\n"
    failed, line = _result(text + "Exit code: 1")
    assert failed and "src/p.js:3:42: Extra comma. (comma)" in line
    text = 'doc.rst:4: (INFO/1) No entry for "x".\ndoc.rst:4: (ERROR/3) Unknown role "x".\nExit code: 1'
    failed, line = _result(text)
    assert failed and '(ERROR/3) Unknown role "x".' in line


def test_a_lead_line_over_a_fenced_output_says_failed_in_its_own_words_only() -> None:
    reading = failures.read_command("*Fix this terminal error*\n```sh\nconfig.yml:3: bad indent\n```\n")
    assert reading.failed and reading.line is not None and "config.yml:3: bad indent" in reading.line
    echoed = "`lint -W error a.md`\n```\nall good\n```\n"
    assert not failures.read_command(echoed, "lint -W error a.md").failed


def test_a_reply_that_is_code_for_the_host_to_run_is_a_call() -> None:
    reply = json.dumps({"code": "make -k check", "description": "Run the check."})
    assert [(b.name, b.args) for b in textual.json_calls_written(reply)] == [("run", {"command": "make -k check"})]
    assert textual.json_calls_written('{"name": "Ada", "age": 3}') == []


def test_a_call_written_as_tags_with_its_arguments_in_child_tags() -> None:
    run = "<agent_action><run_command>\n<command>make -k</command>\n</run_command></agent_action>"
    found = textual.command_written(run)
    assert found is not None and found.args == {"command": "make -k"}
    look = "<agent_action><read_file>\n<path>src/a.c</path>\n</read_file></agent_action>"
    found = textual.read_written(look)
    assert found is not None and found.args == {"path": "src/a.c"}
    opened, closed = "<agent_action><editor>\n<path>src/a.c</path>\n", "\n</editor></agent_action>"
    whole = f"{opened}<new_content>\nint x;\n</new_content>{closed}"
    assert textual.files_written(whole) == [("src/a.c", "int x;")]
    marked = f"{opened}<diff>\n<<<<<<< HEAD\nint x\n=======\nint x;\n>>>>>>> new\n</diff>{closed}"
    assert [(b.args["path"], b.args["new"]) for b in textual.edits_written(marked)] == [("src/a.c", "int x;\n")]


def test_an_answers_own_failed_status_and_message_and_its_content_tag() -> None:
    answer = "<reply>\n<status>error</status>\n<body><message>Cannot open: /w/a.md missing</message></body>\n</reply>"
    assert failures.read_tool(answer) == failures.Reading(True, "Cannot open: /w/a.md missing")
    assert failures.read_tool('{"success": false, "error": "no such path /w/b"}').line == "no such path /w/b"
    assert not failures.read_tool('{"success": true, "data": "x"}').failed


def test_errors_announced_are_told_with_the_list_under_them_and_warnings_rank_below_a_finding() -> None:
    text = "Validation errors were encountered.\n  conf/a.json::$: 'port' is a required property\nExit code: 1"
    failed, line = _result(text)
    assert failed and "'port' is a required property" in line
    warned = (
        "m.po:2: warning: header field 'X' missing\nm.po:7: format of argument 1 differs\ntool: found 1 fatal error\n"
    )
    failed, line = _result(warned + "Exit code: 1")
    assert failed and "m.po:7: format of argument 1 differs" in line and "header field" not in line


def test_a_stream_printed_as_a_bytes_literal_is_decoded_and_a_servers_level_tag_is_a_sign() -> None:
    output, _ = failures.unwrapped("StdOut:\nb'a.c:3: error: bad\\nmore\\n'\nStdErr:\nb''")
    assert output == "a.c:3: error: bad\nmore\n"
    text = '2026/01/01 10:00:00 [emerg] 1#1: "listen" directive is not allowed here in /e/s.conf:4\nserver: test failed'
    failed, line = _result(text + "\nExit code: 1")
    assert failed and '"listen" directive is not allowed here' in line


def test_a_runs_one_count_of_warnings_is_a_tally_and_the_warning_it_failed_on_is_why() -> None:
    text = "INFO  -  Building site\nWARNING -  Page 'a.md' links to 'b.md', which is not found.\n\n"
    failed, line = _result(text + "Aborted with 1 warnings in strict mode!\nExit code: 1")
    assert failed and "links to 'b.md', which is not found." in line and "Aborted" not in line


def test_a_hosts_status_line_is_never_the_last_line_told_and_a_label_introduces_the_next_line() -> None:
    out = "fmtcheck needs to be run on:\npkg/a.go\n--- a.go.orig\n+++ a.go\n"
    failed, line = _result(out + "[Current working directory: /w]\n[Command finished with exit code 1]")
    assert failed and line == "exit code 1: fmtcheck needs to be run on: pkg/a.go"
    answer = json.dumps({"stdout": "Ready\n/w/pkg does not contain any element\n", "return_code": 1})
    failed, line = _result(answer, "packager build")
    assert failed and line == "exit code 1: Ready; /w/pkg does not contain any element"


def test_a_bracketed_error_tag_leads_an_error_line_and_needle_and_repl_are_an_edits_sides() -> None:
    assert failures.read_command("[ERROR]: 'hots' is not a valid attribute for a Play\n").failed
    call = calls.classify(
        Block(kind="tool_call", name="replace_content", args={"relative_path": "a.py", "needle": "x", "repl": "y"})
    )
    assert (call.kind, call.change) == ("edit", "`x` -> `y`")
