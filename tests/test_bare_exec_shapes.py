"""An exec tool that hands back only what a command printed (no exit code, stderr folded into stdout) and takes a
file's text on standard input apart from its argv: a failure is read from the output's own shape (diagnostics at
places, a checker named inside a subshell, a parser's place), a file is written by ``tee PATH`` fed its text, and
a fix is told by lines a reader can follow; a place told as ``file, line N:`` under the line it echoes, and in little
room each failure named by the program it ran; a parser's words at a place over its context, a validator's verdict
with its labelled reason, a program's first error under one head, and lines that only say errors occurred or give a
code. Invented examples, none from a corpus part."""

from __future__ import annotations

import json
from pathlib import Path

from mcp_context import Session
from mcp_context.conversation import edits, failures, host_lines, reasons, unmarked
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, cuts


def test_an_output_of_nothing_but_errors_at_places_failed_without_an_exit_code() -> None:
    text = "grammar/calc.y:12: unknown token NUMBR\ngrammar/calc.y:12: rule given no type"
    reading = failures.read_command(text, "(bison -d grammar/calc.y) 2>&1")
    assert reading.failed
    assert reading.line == "grammar/calc.y:12: unknown token NUMBR"


def test_a_search_that_prints_lines_at_places_did_not_fail() -> None:
    text = "src/app.c:40: /* undefined behaviour if len is 0 */\nsrc/app.c:88: return -1; /* unknown id */"
    assert not failures.read_command(text, "grep -n undefined src/app.c src/util.c").failed
    assert not failures.read_command(text, "(rg -n unknown src) 2>&1").failed
    assert not failures.read_command(text, "sh -c 'grep -rn unknown src'").failed


def test_warnings_at_places_alone_do_not_fail_a_run_without_an_exit_code() -> None:
    text = "lib/io.s:3: warning: unknown section flag\nlib/io.s:9: note: missing alignment"
    assert not failures.read_command(text, "as -o io.o lib/io.s").failed


def test_a_checker_run_in_a_subshell_is_still_a_checker() -> None:
    assert host_lines.checks("(toml-check config/app.toml) 2>&1")
    assert host_lines.checks("sh -c '(stylelint web/a.css) 2>&1'")
    assert not host_lines.checks("(make -C build) 2>&1")


def test_a_parsers_place_in_words_is_a_checkers_finding() -> None:
    text = (
        'while scanning a quoted scalar\n  in "deploy/values.yaml", line 7, column 9\n'
        'found unexpected end of stream\n  in "deploy/values.yaml", line 9, column 1'
    )
    reading = failures.read_command(text, "(yaml-check deploy/values.yaml) 2>&1")
    assert reading.failed
    assert "found unexpected end of stream" in (reading.line or "")


def test_a_rule_printed_in_a_column_of_its_own_counts_as_the_findings_rule() -> None:
    text = (
        "  web/cart.ts:9:3\n"
        "  ✖   9:3  count is assigned a value but never used. Allowed unused vars must match /^_/u.  no-unused-vars\n"
        "  ✖  14:5  cuont is not defined.                                              no-undef\n\n  2 errors\n"
    )
    told = reasons.reason(text) or ""
    assert "cuont is not defined" in told and "count is assigned" in told


def test_tee_fed_a_text_on_standard_input_writes_the_file_whole() -> None:
    block = Block(
        kind="tool_call",
        name="shell_execute",
        args={"command": ["tee", "conf/site.ini"], "stdin": "[site]\nport = 8080\n", "directory": "/srv/w"},
    )
    call = calls.classify(block)
    assert call.kind == "write"
    assert call.paths == [("conf/site.ini", "write")]
    assert call.content == "[site]\nport = 8080\n"


def test_commands_that_write_their_standard_input_name_the_file_and_appending_ones_do_not() -> None:
    assert edits.stdin_target("tee out/a.txt") == "out/a.txt"
    assert edits.stdin_target("tee out/a.txt >/dev/null") == "out/a.txt"
    assert edits.stdin_target("sh -c 'cat > out/b.txt'") == "out/b.txt"
    assert edits.stdin_target("dd of=out/c.bin status=none") == "out/c.bin"
    assert edits.stdin_target("tee -a out/log.txt") is None
    assert edits.stdin_target("cat out/a.txt") is None


def test_a_change_of_a_few_characters_with_little_room_is_told_by_the_lines_it_made() -> None:
    change = "`while read -r line / do` -> `while read -r line; do`"
    told = cuts.narrowed(change, 28)
    assert told == "-> `while read -r line; do`"


def test_a_change_of_indentation_only_shows_the_indentation() -> None:
    old, new = edits.changed_lines("a\n  run_job x\nb\n", "a\n    run_job x\nb\n")
    assert (old, new) == ("··run_job x", "····run_job x")
    assert edits.changed_lines("x\n\tgo\n", "x\n    go\n") == ("→go", "····go")


def test_a_checker_that_names_a_file_before_what_it_found_failed_and_one_that_says_ok_did_not() -> None:
    found = failures.read_command("api/views.py: unused imports detected", "pyclean --check api/views.py")
    assert found.failed and found.line == "api/views.py: unused imports detected"
    sums = failures.read_command("disk1.img: OK\ndisk2.img: FAILED", "md5sum --check MD5SUMS")
    assert sums.failed and sums.line == "disk2.img: FAILED"
    assert not failures.read_command("disk1.img: OK\ndisk2.img: OK", "md5sum --check MD5SUMS").failed


def test_a_place_told_as_a_file_and_its_line_in_words_is_the_finding() -> None:
    text = "} = 0x20000001;\n^\nrpc/zorb.x, line 6: expected ';'\n"  # the line echoed, a caret, then why
    assert unmarked.finding(text) == "rpc/zorb.x, line 6: expected ';'"
    assert unmarked.finding('"src/zorb.c", line 12: syntax error before `}`\n') is not None
    assert unmarked.finding("wrote 3 files, line 6 of the log was empty\n") is None  # no file's name


def test_a_command_is_named_by_the_program_it_runs() -> None:
    assert cuts.program("(mkdir -p build && zorbc -o build/a.out src/a.z) 2>&1") == "zorbc"
    assert cuts.program("cd app && ZORB_ENV=ci sudo /usr/local/bin/zorb check") == "zorb"
    assert cuts.program("zorb test --all | tee zorb.log") == "zorb"
    assert cuts.program("python3 -m zorbcheck src/ > out.txt 2>&1") == "zorbcheck"


def test_failures_in_a_short_range_are_each_told_with_their_cause(tmp_path: Path) -> None:
    """Five failures in a range of little over 1,000 tokens: the summary's room is half of it, and a line named by a
    cut of a long command line would crowd out the last cause; named by its program, each is told."""
    messages: list[dict[str, object]] = [{"role": "user", "content": "Fix the failing zorb builds, one at a time."}]
    causes = [f"src/part{i}.z, line {i + 3}: expected '{c}'" for i, c in enumerate(";)]}>")]
    for i, cause in enumerate(causes):
        command = (
            f"(mkdir -p build/stage-{i} && zorbc --strict --emit-headers -o build/stage-{i}/p{i}.o src/part{i}.z) 2>&1"
        )
        messages += [
            {"role": "assistant", "content": None, "tool_calls": [_call(f"c{i}", {"command": command})]},
            {
                "role": "tool",
                "tool_call_id": f"c{i}",
                "content": f"echoed source line {i}\n^\n{cause}\n\n[Exit code: 1]",
            },
        ]
    messages.append({"role": "assistant", "content": "Those need more digging; I will come back to them."})
    session = Session(root=tmp_path, session="s", env={}, transcript_roots=None)
    result = session.summarize_range(messages=messages, format="openai", style="sections", engine="extractive")
    assert all(cause in (result.text or "") for cause in causes)


def _call(call_id: str, arguments: dict[str, str]) -> dict[str, object]:
    return {"id": call_id, "type": "function", "function": {"name": "shell", "arguments": json.dumps(arguments)}}


def test_a_parsers_words_at_a_place_over_its_context_failed_without_an_exit_code() -> None:
    text = (
        "src/zorb.rkt:3:0: read-syntax: expected a `)` to close `(`\n  possible cause: a missing `)` before line 5\n"
        "  context...:\n   /usr/share/zorb/reader.rkt:214:17: body\n"
    )
    reading = failures.read_command(text, "zorbc make src/zorb.rkt")
    assert reading.failed and "expected a `)` to close `(`" in (reading.line or "")
    assert not failures.read_command("src/zorb.rkt:3:0: defined here\n", "zorbc make src/zorb.rkt").failed


def test_a_validators_verdict_fails_the_run_and_its_labelled_reason_is_told() -> None:
    text = (
        "data/zorb.xml is not valid\nfailed validating <Element 'till' at 0x7f2> with ZorbGroup(model='seq'):\n\n"
        "Reason: Unexpected child with tag 'itme' at position 2.\n\nSchema component:\n\n  <xs:sequence>\n"
    )
    reading = failures.read_command(text, "zorb-validate --schema s.xsd data/zorb.xml")
    assert reading.failed and "Reason: Unexpected child with tag 'itme' at position 2." in (reading.line or "")
    assert not failures.read_command("data/zorb.xml is valid\n", "zorb-validate --schema s.xsd data/zorb.xml").failed


def test_of_errors_a_program_printed_under_one_head_the_first_is_the_reason() -> None:
    text = (
        'zorbq: Running query from file q.rq\nzorbq: Error -  - The prefix in "shop:name" was not declared.\n'
        "zorbq: Error - URI file:///w/q.rq:4 - syntax error, unexpected $end\n"
    )
    assert reasons.reason(text) == 'zorbq: Error -  - The prefix in "shop:name" was not declared.'


def test_a_line_that_says_errors_occurred_or_a_code_gives_way_to_the_error_printed() -> None:
    text = (
        "zorbd: config validation run, master config etc/z.conf\n"
        "zorbd: module name 'omfiel' is unknown [try https://zorb.example/e/2209 ]\n"
        "zorbd: error during parsing file etc/z.conf, on or before line 5: errors occurred in file 'etc/z.conf'\n"
        "zorbd: run failed with error -2103 (see zorb.h to learn what that number means)\n"
    )
    reading = failures.read_command(text + "[exit 1]\n", "zorbd -N1 -f etc/z.conf")
    assert (reading.line or "").startswith("zorbd: module name 'omfiel' is unknown")
