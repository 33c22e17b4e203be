"""Failures that say why in no word of failure, or only around the line that does: a diff printed by a golden-file
check, a checker's finding that is only a place, a comparison that differs, a formatter run as a check, a verdict
that errors were found, a wrapper's closing line over what failed inside it, a pointer back to the warnings, an
exception named with where it was raised, a code after a file's name; and a code agent's host that hands back what
the code printed, with its exit code last or nothing at all. Invented examples, none from a corpus part."""

from __future__ import annotations

import tempfile

from mcp_context.conversation import failures, reasons
from mcp_context.conversation.formats import adapter
from mcp_context.conversation.model import Block
from mcp_context.summary import calls
from mcp_context.summary.facts import extract


def _quoted(text: str, code: int = 1) -> str:
    return failures.read_command(f"{text}\nExit code: {code}").line or ""


def _told(text: str, code: int = 1) -> str:
    call = calls.classify(Block(kind="tool_call", name="shell", args={"command": "make check"}))
    failed, line = calls.outcome(call, Block(kind="tool_result", text=f"{text}\nExit code: {code}"))
    return line if failed else ""


def test_a_failed_golden_file_check_is_told_by_the_first_change_of_its_diff() -> None:
    text = (
        "--- snapshots/report.txt\n+++ -\n@@ -2,3 +2,3 @@\n header\n-rows: 12\n+rows: 11\n footer\n"
        "@@ -9 +9 @@\n-end\n+END\n"
    )
    assert _told(text) == "exit code 1: -rows: 12 / +rows: 11"
    formatted = "Reformatting needed:\nlib/a.ex\n--- lib/a.ex\n+++ lib/a.ex\n@@ -1 +1 @@\n-x=1\n+x = 1\n"
    assert _told(formatted) == "exit code 1: Reformatting needed: lib/a.ex; +++ lib/a.ex; -x=1 / +x = 1"


def test_a_finding_that_is_only_a_place_is_told_under_its_heading() -> None:
    assert _told("Checking 4 modules\nsrc/util/math.ts:14 - clamp (used in module)\nDone in 2s") == (
        "exit code 1: src/util/math.ts:14 - clamp (used in module)"
    )
    assert _told("Scanning...\nUnused exports:\nparseDate  src/dates.ts:3:17\n2 files") == (
        "exit code 1: Unused exports: parseDate src/dates.ts:3:17"  # cut() joins the words with one space
    )
    assert _told("Scanning...\nsrc/util/math.ts:14 - clamp\n", code=0) == ""


def test_a_comparison_that_differs_is_the_reason_it_failed() -> None:
    assert _quoted("build/app.bin dist/app.bin differ: byte 513, line 3") == (
        "build/app.bin dist/app.bin differ: byte 513, line 3"
    )
    assert _quoted("checksum of vendor/lib.js does not match the lock file") == (
        "checksum of vendor/lib.js does not match the lock file"
    )


def test_a_formatter_run_as_a_check_is_told_by_what_it_would_change() -> None:
    text = "Would reformat: app/models.py\nWould reformat: app/views.py\n2 files would be reformatted\n"
    assert _quoted(text).startswith("Would reformat: app/models.py")
    assert not failures.read_command("0 files would be reformatted, 14 files already formatted\n", "ruff").failed


def test_a_verdict_that_errors_were_found_gives_way_to_the_error_it_counts() -> None:
    text = "[CRIT] stanza 'web': directive 'listen' needs a port\n[CRIT] Configuration errors found in pool.conf.\n"
    assert reasons.tally("Configuration errors found in pool.conf.")
    assert _quoted(text) == "[CRIT] stanza 'web': directive 'listen' needs a port"
    assert reasons.tally("Found 3 dependency issues.")


def test_a_wrappers_closing_line_gives_way_to_what_failed_inside_it() -> None:
    text = (
        "/bin/sh: 1: protoc: not found\nTraceback (most recent call last):\n"
        '  File "gen.py", line 9, in <module>\n    subprocess.run(cmd, shell=True, check=True)\n'
        "subprocess.CalledProcessError: Command 'protoc --python_out=. api.proto' returned non-zero exit status 127.\n"
    )
    assert _quoted(text).startswith("/bin/sh: 1: protoc: not found")
    task = "StepError:\nAt least one task did not complete successfully.\n"
    assert _quoted("ruff: src/a.py:3:1: F401 `os` imported but unused\n" + task).startswith("ruff: src/a.py:3:1: F401")


def test_a_line_that_points_back_is_told_with_the_warning_before_it() -> None:
    text = (
        "[WARN] Docs link /guide/setup on page /intro cannot be resolved\n"
        "[ERROR] Unable to build the site. See previous warnings\n[ERROR] Found 1 errors and 1 warnings\n"
    )
    assert _quoted(text).startswith("[WARN] Docs link /guide/setup on page /intro cannot be resolved")
    assert "error: first one" in _quoted("error: first one\nBuild stopped. Look above for the errors.\n")


def test_an_exception_named_with_where_it_was_raised_is_told_with_its_message_below() -> None:
    text = "Loading plugins...\nConfigurationException in module auth, line 4:\nmissing key 'issuer'\n"
    assert _quoted(text) == "ConfigurationException in module auth, line 4: missing key 'issuer'"


def test_a_code_after_a_files_name_makes_a_finding() -> None:
    text = "Scanning 3 files...\n\npackage.json: DEP001 'lodash' imported but missing from the dependencies\n"
    text += "Found 1 dependency issue.\n"
    assert _quoted(text) == "package.json: DEP001 'lodash' imported but missing from the dependencies"


def test_what_was_required_beside_what_is_there_is_told_with_the_requirement() -> None:
    text = "Dependency requirement 'glib-2.0 >= 2.80' could not be satisfied.\n"
    text += "Package 'glib-2.0' has version '2.74.6', required version is '>= 2.80'\n"
    assert "required version is '>= 2.80'" in _quoted(text)


def test_a_program_that_says_its_check_is_good_did_not_fail() -> None:
    good = 'gpgv: Signature made Mon 02 Mar 2026\ngpgv: Good signature from "Archive Key <a@b.c>" [unknown]\n'
    assert not failures.read_command(good, "gpgv --keyring k.gpg a.sig a").failed
    bad = 'gpgv: BAD signature from "Archive Key <a@b.c>" [unknown]\n'
    assert failures.read_command(bad, "gpgv --keyring k.gpg a.sig a").failed


def _code_agent(turns: list[str]) -> list[dict[str, str]]:
    messages = [{"role": "user", "content": "Make `make check` pass."}]
    for k, text in enumerate(turns):
        messages.append({"role": "assistant" if k % 2 == 0 else "user", "content": text})
    return messages


def test_a_code_agents_host_answers_each_block_with_its_output_and_the_exit_code_last() -> None:
    run = (
        'Checking.\n\n```python\nimport subprocess\nr = subprocess.run("make check", shell=True)\n'
        'print("exit code:", r.returncode)\n```'
    )
    warned = "src/main.c:3:1: warning: unused\n" * 6
    failed = f"cc -c src/main.c\n{warned}make: *** [check] Error 2\nexit code: 2\n"  # the code after 200 characters
    read = '```python\nprint(open("config.mk").read())\n```'
    write = "```python\nfrom pathlib import Path\n"
    write += "Path(\"config.mk\").write_text('CC = gcc\\nCFLAGS = -O2 -Wall\\n')\n```"
    turns = [run, failed, read, "CC = gcc\nCFLAGS = -O2\n\n", write, "<no output>", run, "ok\nexit code: 0"]
    found = extract(adapter("openai").parse(_code_agent(turns)))
    (failure,) = found.failures
    assert failure.action.ref == 1 and failure.fixed_by is not None and failure.fixed_by.ref == 7
    (change,) = [e for e in failure.edits if e.call.kind == "write"]
    assert change.call.change == "`CFLAGS = -O2` -> `CFLAGS = -O2 -Wall`"


def test_a_cause_that_ends_on_its_place_is_told_with_the_message_under_the_caret() -> None:
    excerpt = '\n    |\n  4 | version "0.1.0"\n    |         ^\n  expected `.`, `=`\n'
    text = "error: failed to parse: pixi.toml\n  cause: TOML parse error at line 4, column 9" + excerpt
    quoted = _quoted(text)
    assert "TOML parse error at line 4, column 9" in quoted and "expected `.`, `=`" in quoted
    uv = "warning: could not read it\nerror: Failed to parse: pixi.toml\n  cause: TOML parse error at line 4, column 9"
    assert _quoted(uv + excerpt).endswith("expected `.`, `=`")


def test_a_plugins_rule_before_its_message_or_a_shouted_err_is_a_finding() -> None:
    assert reasons.score('  × react(jsx-key): Missing "key" prop for element in iterator') > 0
    assert reasons.score("ERR wrong number of arguments for 'hset' command") > 0
    assert reasons.score("the reader(s) of this page: welcome") == 0


def test_a_file_read_back_as_a_json_string_is_its_text() -> None:
    from mcp_context.summary import reads

    assert reads.file_text('"[server]\\nport = 8080\\n"') == "[server]\nport = 8080\n"
    assert reads.file_text('"not closed') == '"not closed'


def test_a_warning_fails_a_run_told_to_fail_on_warnings() -> None:
    said = "WARNING: unquoted file mode on line 9 (check: unquoted_file_mode)\n"
    assert failures.read_command(said, "puppet-lint --fail-on-warnings init.pp") == failures.Reading(True, said.strip())
    assert failures.read_command("src/a.c:3:5: warning: unused variable 'x'\n", "gcc -Werror -c src/a.c").failed
    assert not failures.read_command(said, "puppet-lint init.pp").failed
    assert not failures.read_command("DeprecationWarning: old api\n", "python -W ignore run.py").failed


def test_warnings_made_fatal_in_any_tools_words_fail_the_run() -> None:
    said = "docs/intro.txt: warning: heading level skipped (2 -> 4)\n"
    for command in (
        "lint-docs --frail docs/",
        "render --failure-level WARN docs/intro.txt",
        "scalac -Xfatal-warnings Main.scala",
        "dart analyze --fatal-warnings",
        "dotnet build -warnaserror",
        "build --error-on-warnings",
    ):
        assert failures.read_command(said, command).failed, command
    assert not failures.read_command(said, "render --failure-level ERROR docs/intro.txt").failed
    assert not failures.read_command(said, "gcc -Wall -c intro.c").failed


def test_a_hosts_lead_line_over_a_fence_gives_way_to_the_output_in_it() -> None:
    text = "*The run failed* \n```sh\nconfig.yml: key 'timeout' must be a number\n```\n"
    assert failures.read_command(text, "validate config.yml").line == "config.yml: key 'timeout' must be a number"


def test_an_edit_told_in_words_over_two_fenced_blocks_is_an_old_new_pair() -> None:
    from mcp_context.conversation import edits

    said = "In app/cfg.py, change this code:\n```\nretries = 1\n```\nto:\n```python\nretries = 3\n```\nNothing else."
    assert edits.blocks(said) == [("retries = 1", "retries = 3")]
    assert edits.blocks("Here is the code:\n```\na = 1\n```\nand the test:\n```\nassert a\n```") == []


def test_a_hosts_label_over_a_failed_output_is_not_what_it_said() -> None:
    text = "Its output was:\npossible trouble in bin/run.sh line 3:\nexec $cmd"
    assert _told(text, code=2) == "exit code 2: possible trouble in bin/run.sh line 3: exec $cmd"


def test_a_count_of_fatal_errors_or_an_error_after_a_programs_prompt_is_a_failure() -> None:
    text = "po/es.po:4: end-of-line within string\nmsgfmt: found 1 fatal error\n"
    assert (failures.read_command(text, "msgfmt -c po/es.po").line or "").startswith("po/es.po:4: end-of-line")
    said = "nox > Running session docs\nnox > Error while collecting sessions.\n"
    assert failures.read_command(said, "nox -s docs").failed
    assert not failures.read_command("nox > uv binary not found.\nnox > Session docs was successful.\n", "nox").failed


def test_a_pseudo_terminals_line_ends_are_newlines() -> None:
    text = "src/a.c:3:1: error: expected ';'\r\n1 error generated.\r\n"
    assert failures.read_command(text, "clang -c src/a.c").line == "src/a.c:3:1: error: expected ';'"


def test_of_two_findings_of_one_kind_the_first_printed_is_the_cause() -> None:
    text = (
        "  L3 | </ul>\n     ^ Tag must be paired, no start tag: [ </ul> ] (tag-pair)\n"
        "  L9 | <p>\n     ^ Tag must be paired, missing: [ </p> ], open tag match failed (tag-pair)\n"
        "Scanned 1 files, found 2 errors in 1 files (4 ms)\n"
    )
    assert _quoted(text).startswith("^ Tag must be paired, no start tag: [ </ul> ]")


def test_an_error_line_within_an_output_is_no_hosts_label_and_escaped_colours_go() -> None:
    text = "warning: cache dir not writable, using /tmp\nerror: No solution found when resolving dependencies\n"
    assert _quoted(text).startswith("error: No solution found")
    wrapped = '{"stdout": "\\u001b[31mFAIL\\u001b[39m src/a.test.js\\n", "exitCode": 1}'
    assert "\x1b" not in (failures.read_command(wrapped).line or "")


def test_a_numbered_problem_is_told_with_the_block_under_it() -> None:
    wanted = "    - gem 'rack' >= 3 is wanted by the app, but only rack 2.2.8 is installed.\n"
    text = "Resolving...\n\n  Problem 2\n" + wanted
    assert _quoted(text) == ("Problem 2 - gem 'rack' >= 3 is wanted by the app, but only rack 2.2.8 is installed.")


def test_a_row_of_a_findings_table_is_a_finding_not_a_source_excerpt() -> None:
    assert reasons.score(" 42 | ERROR | Missing doc comment for function total()") > 0
    assert reasons.score(" 42 |     return total") == 0


def test_a_place_with_its_message_straight_after_the_colon_is_a_finding() -> None:
    text = 'api/v1/user.proto:3:1:import "money.proto" does not exist\napi/v1/user.proto:8:3:unknown type Money\n'
    assert _quoted(text) == 'api/v1/user.proto:3:1:import "money.proto" does not exist'
    assert _told("api/v1/user.proto:12:5:Enum value name should be UPPER_SNAKE_CASE\n") == (
        "api/v1/user.proto:12:5:Enum value name should be UPPER_SNAKE_CASE"
    )


def test_an_assertions_values_are_told_with_the_error_line_above_them() -> None:
    text = (
        "  1) cart.spec.ts:4:1 › totals\n\n    Error: expect(received).toEqual(expected)\n\n"
        "    Expected: 30\n    Received: 25\n\n  1 failed\n"
    )
    assert _quoted(text).startswith("Error: expect(received).toEqual(expected) Expected: 30")


def test_a_brief_summary_keeps_an_open_failures_cause_whole() -> None:
    from mcp_context import Session

    cause = "error: 'wrods' undeclared (first use in this function)"
    out = f"/srv/build/projects/wordcount/src/main.c:7:23: {cause} (make[2]: *** [CMakeFiles/wc.dir/main.c.o] Error 1)"
    steps = [{"role": "user", "content": "Make the build pass."}]
    listing = "\n".join(f"int f{n}(void) {{ return {n}; }}" for n in range(60))  # room for a summary to fit in
    steps.append({"role": "assistant", "content": "Reading it.\n```sh\ncat src/util.c\n```"})
    steps.append({"role": "user", "content": f"{listing}\nexit code: 0"})
    steps.append({"role": "assistant", "content": "Building.\n```sh\ncmake --build build\n```"})
    steps.append({"role": "user", "content": f"{out}\nexit code: 2"})
    steps.append({"role": "assistant", "content": "That needs more digging."})
    with tempfile.TemporaryDirectory() as home:
        text = Session(home).summarize_range(messages=steps, format="openai", style="brief", engine="extractive").text
    assert cause in (text or "")


def test_names_joined_by_hyphens_are_no_words_of_failure_in_a_programs_line() -> None:
    header = "platform linux -- Python 3.12\nplugins: timeout-2.4.0, xdist-3.6.1\ncollected 3 items\n\n... 3 passed\n"
    assert not failures.read_command(header, "python -m pytest -q").failed
    assert failures.read_command("sudo: unable to resolve host box\n", "sudo true").failed


def test_a_bad_option_or_an_unsupported_value_is_a_reason() -> None:
    assert reasons.score("/etc/app.conf: line 3: Bad configuration option: Listn") > 0
    assert reasons.score('/etc/app.conf line 9: unsupported option "perhaps".') > 0


def test_a_heading_over_a_list_is_told_with_its_first_item() -> None:
    text = "Unknown packages\n* lodahs: ./src/util.js\n* reactt: ./src/app.jsx\n"
    assert _quoted(text) == "Unknown packages * lodahs: ./src/util.js"


def test_a_finding_marked_with_a_cross_in_no_words_is_told_and_a_count_found_is_a_tally() -> None:
    text = "  [✓] docs/a.md\n  [✖] docs/b.md\n\n  ERROR: 1 broken links found!\n  [✖] docs/b.md → Status: 404\n"
    assert "[✖] docs/b.md → Status: 404" in _quoted(text)
    assert reasons.tally("ERROR: 2 dead links found!")


def test_a_run_that_failed_due_to_warnings_is_told_with_them() -> None:
    text = "Checking dist/app-1.0.tar.gz: FAILED due to warnings\nWARNING  `author_email` missing.\n"
    assert "`author_email` missing." in _quoted(text)


def test_a_word_of_failure_framed_as_a_banner_outweighs_a_setting_that_names_it() -> None:
    assert reasons.score("tests/test_io.py ..+++++++++++ Timeout +++++++++++") > reasons.score("timeout method: signal")


def test_a_reports_message_under_the_excerpt_of_its_place_is_told() -> None:
    text = (
        "lint error: Invalid config\n  --> conf/rules.yml:4\n4 |   severity: LOUD\n5 |   pattern: x\n\n"
        "severity must be one of INFO, WARNING, ERROR\n"
    )
    assert _quoted(text).startswith(
        "lint error: Invalid config --> conf/rules.yml:4: severity must be one of INFO, WARNING, ERROR"
    )


def test_a_message_in_a_hanging_indent_is_told_whole() -> None:
    text = (
        "ERROR    `readme` has errors in markup and would not be\n         rendered on the index.\n"
        "         line 3: Warning: Inline emphasis start-string without end-string.\n\nDone.\n"
    )
    assert _quoted(text) == (
        "ERROR    `readme` has errors in markup and would not be rendered on the index. "
        "line 3: Warning: Inline emphasis start-string without end-string."
    )


def test_a_verdict_drawn_inside_a_rule_is_read_without_the_rule() -> None:
    text = (
        "== Lint ratio for src/ ==\n| file | count |\n| a.py | 3 |\n"
        "============ OUTCOME: FAILED (allowed: 0, found: 3) ============\n"
    )
    assert _quoted(text) == "OUTCOME: FAILED (allowed: 0, found: 3)"
    # a title drawn as a rule is no verdict, and a passed one says nothing failed
    assert failures.read_command("======== test session starts ========\nall good\n").failed is False
    assert failures.read_command("-------- OUTCOME: PASSED (allowed: 0, found: 0) --------\n").failed is False


def test_the_row_a_status_table_marks_failed_is_told_with_the_verdict_under_it() -> None:
    text = (
        "| check                | state   |\n|----------------------|---------|\n"
        "| schema.orders        | OK      |\n| schema.refunds       | FAILED  |\n"
        "------- OUTCOME: FAILED (allowed: 0, found: 1) -------\n"
    )
    quoted = " ".join(_quoted(text).split())
    assert "| schema.refunds | FAILED |" in quoted and "OUTCOME: FAILED (allowed: 0, found: 1)" in quoted
    missed = "| Order.total (L9) | MISSED |\n| Order.add (L4) | COVERED |\n---- OUTCOME: FAILED (minimum: 90%) ----\n"
    assert _quoted(missed) == "| Order.total (L9) | MISSED | (OUTCOME: FAILED (minimum: 90%))"
    boxed = "│ migrate_users   │ ✗ │\n│ migrate_orders  │ ✓ │\n"
    assert _told(boxed) == "│ migrate_users │ ✗ │"


def test_a_message_reported_then_raised_again_is_quoted_where_the_tool_reported_it() -> None:
    text = (
        "ERROR: config key `server.port` must be an integer\nTraceback (most recent call last):\n"
        '  File "/usr/lib/python3/dist-packages/cfgcheck/cli.py", line 40, in main\n    check(doc)\n'
        "cfgcheck.errors.SchemaError: config key `server.port` must be an integer\n"
    )
    assert _quoted(text) == "ERROR: config key `server.port` must be an integer"
    # a runner's arrow under a test's name abbreviates the exception below it: the exception is quoted
    arrow = (
        "  × totals an order\n    → Cannot read properties of null (reading 'lines')\n\n"
        "TypeError: Cannot read properties of null (reading 'lines')\n ❯ src/order.js:4:9\n"
    )
    assert "TypeError: Cannot read properties of null (reading 'lines')" in _quoted(arrow)


def test_a_missed_threshold_is_told_with_the_finding_listed_above_it() -> None:
    text = (
        "Unused exports found (2):\n  * parseDate  src/time.ts:3:14\n  * toIso  src/time.ts:9:14\n\n"
        "error: 2 unused exports over threshold (0)\n"
    )
    assert _quoted(text) == "* parseDate  src/time.ts:3:14 (error: 2 unused exports over threshold (0))"


def test_each_measure_that_missed_its_threshold_is_told() -> None:
    text = (
        "ERROR: Coverage for statements (70%) does not meet threshold (75%) for src/fees.js\n"
        "ERROR: Coverage for functions (50%) does not meet threshold (90%) for src/fees.js\n"
        "File      | % Stmts | % Funcs\nfees.js   |      70 |      50\n"
    )
    quoted = _quoted(text)
    assert "statements (70%) does not meet threshold (75%)" in quoted
    assert "functions (50%) does not meet threshold (90%)" in quoted
    # one measure under its threshold is told alone
    alone = "ERROR: Coverage for lines (60%) does not meet global threshold (80%)\n"
    assert _quoted(alone) == "ERROR: Coverage for lines (60%) does not meet global threshold (80%)"


def test_a_located_line_that_names_no_error_gives_way_to_a_labelled_error() -> None:
    text = (
        "setup.cfg:4: copying './template.ini'\nsetup.cfg:5: copying './defaults.ini'\n"
        "Manifest.in: error: listed file './CHANGES' not found\nbootstrap: error: packaging failed with status: 1\n"
    )
    assert _quoted(text) == "Manifest.in: error: listed file './CHANGES' not found"
    # a located finding with no word of failure stays the finding when no error is labelled so (a host's
    # ``Error: (none)`` is none)
    found = "Error: (none)\nsrc/report.rb:5:3: W: Lint/ShadowedName: shadowing outer variable - total.\n"
    assert "Lint/ShadowedName" in _quoted(found)


def test_an_exit_code_leading_the_outputs_first_line_is_the_hosts() -> None:
    answer = "Process failed with exit code 2: Checking package.json\nProblems:\n1. pkg.bin ./cli.js does not exist.\n"
    reading = failures.read_command(answer, "npx pkgcheck")
    assert reading.failed and reading.exit_code == 2
    assert reading.line is not None and "pkg.bin ./cli.js does not exist." in reading.line


def test_a_diagnostic_headed_by_a_cross_over_its_excerpt_frame_is_the_cause() -> None:
    text = (
        "  x Unexpected token `=>`\n   ,-[src/cart.js:4:1]\n 4 | const f = (a) => => a;\n   :                ^^\n"
        "   `----\nError: Failed to build: src/cart.js\n"
    )
    assert _quoted(text).startswith("x Unexpected token `=>`")
    boxed = "  × Missing semicolon\n   ╭─[lib/a.ts:2:10]\n 2 │ let x = 1\n   ╰────\n"
    assert _quoted(boxed).startswith("× Missing semicolon")


def test_a_place_followed_by_only_a_word_of_failure_is_told_with_the_line_below() -> None:
    text = "[ RUN      ] Cart.Empty\nunknown file: Failure\nstd::out_of_range thrown in the test body.\n"
    assert "std::out_of_range thrown in the test body." in _quoted(text)


def test_the_root_of_a_numbered_chain_of_causes_is_told_before_the_wrappers_words() -> None:
    text = (
        "Caused by:\n    0: failed to load config for `web`\n    1: failed to parse web.toml\n"
        "    2: unknown field `prot`, expected `port`\nError: Build failed: web\n"
    )
    assert _quoted(text).startswith("2: unknown field `prot`, expected `port` (")


def test_a_tag_the_tool_puts_before_every_line_is_not_its_words() -> None:
    text = "[docgen] Reading 3 pages\n[docgen] Error: unknown filter 'titlecase' in about.md\n[docgen] Stopped.\n"
    assert failures.untagged(text).splitlines()[1] == "Error: unknown filter 'titlecase' in about.md"
    assert failures.read_command(text, "docgen build").failed
    # a log whose levels differ line by line, or a short message in brackets, keeps them
    log = "[INFO] start\n[WARN] slow disk\n[INFO] done\n"
    assert failures.untagged(log) == log
    assert failures.untagged("[Errno 2] No such file or directory: 'a'") == "[Errno 2] No such file or directory: 'a'"


def test_an_output_ending_on_a_stack_or_a_count_of_failures_failed_with_no_code_given() -> None:
    for said in (
        "[packer] could not write bundle.js\n"
        "    at Bundle.write (/w/node_modules/packer/lib/bundle.js:88:11)\n"
        "    at async run (/w/node_modules/packer/bin/cli.js:30:3)\n",
        "lib/report.rb:3:in 'total': no total for an empty report\n\tfrom bin/report:4:in '<main>'\n"
        "\tfrom bin/report:1:in 'load'\n",
        "checking 4 files\nsrc/a.cc:3: Missing header guard\nTotal errors found: 1\n",
        "[ RUN ] Cart.Empty\n[ FAILED ] Cart.Empty\n\n 1 FAILED TEST\n",
        "docs/a.md:2:5 - Unknown word (recieve)\nSpell check: Files checked: 3, Issues found: 1 in 1 file.\n",
        "coverage 61.0 %\n---------- RESULT: FAILED (minimum 80.0 %) ----------\n",
        "1..3\nCannot resolve 'total' in this scope\n  in block <unit> at t/cart.t line 4\n\n"
        "# You planned 3 tests, but ran 0\n",
        'Deploying to db:pg:shop\n  + refunds .. column "amount" does not exist\nnot ok\nDeploy failed\n',
        "docs/a.rst:3: (ERROR/3) Unknown target name.\nError! Issues detected.\n",
    ):
        assert failures.read_command(said).failed, said
    for said in (
        "Spell check: Files checked: 3, Issues found: 0 in 0 files.\n",
        "ran 12 checks\n0 tests failed\n",
        "1..2\nok 1 - totals\nok 2 - rounding\n# You planned 2 tests, but ran 2\n",
        "Ran 14 checks\n14 passed 0 failed\n",
        "src/a.ts:3:1 3 warnings found\n",
        "loaded plugin\n    at init (/w/plugins/a.js:3:1)\nserver ready on :8080\n",  # a frame amid a log
    ):
        assert not failures.read_command(said).failed, said
