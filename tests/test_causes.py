"""The cause of a failure told by its shape, on outputs written for these tests (no tool prints exactly these): the
message block under an error marker, a failure term spread over lines, a term setting expected beside got, a rule
code under a caret; and the neighbours that must stay as they were (a value on the line after ``Expected:``, a
success that prints nothing like them)."""

from __future__ import annotations

from mcp_context.conversation import failures
from mcp_context.conversation.edits import shown_text
from mcp_context.conversation.model import Block
from mcp_context.summary import calls, cuts, textual

BLOCK = """\
[2/3] Building widget
src/Widget.zd:12:4: error:
    • Cannot unify ‘Text’ with ‘Bool’
      Wanted: Bool
        Given: Text
    • In the call to ‘render’
      In a binding group
   |
12 |   render True "x"
   |          ^^^^
"""


def test_the_cause_is_the_block_under_an_error_marker_up_to_its_next_bullet() -> None:
    line = failures.read_command(BLOCK).line or ""
    assert "src/Widget.zd:12:4: error:" in line and "Cannot unify ‘Text’ with ‘Bool’" in line
    assert "Wanted: Bool" in line and "In the call" not in line and "render True" not in line


def test_an_expected_line_inside_an_error_s_block_is_a_detail_of_that_error() -> None:
    text = "lib/a.q:3: error:\n    mismatch in argument 2\n      Expected: Int\n"
    assert (failures.quote(text, failed=True) or "").startswith("lib/a.q:3: error: mismatch in argument 2")


def test_a_block_ends_at_a_blank_line_or_a_dedent() -> None:
    for text in (
        "build.xy:4: error:\n  step 4 exited with 2\n\n  unrelated note\n",
        "build.xy:4: error:\n  step 4\nnote\n",
    ):
        assert failures.quote(text, failed=True) == f"build.xy:4: error: {text.splitlines()[1].strip()}"


def test_a_failure_term_over_several_lines_is_read_until_its_brackets_close() -> None:
    text = (
        "totals_test ... *failed*\n"
        "**error:{badmatch,[{where,invoice},\n"
        '        {note,"a [bracket] in quotes"},\n'
        "        {wanted,12},\n"
        "        {got,14}]}\n"
        "  Failed: 1.  Passed: 3.\n"
    )
    line = failures.read_command(text).line or ""
    assert line.endswith('{note,"a [bracket] in quotes"}, {wanted,12}, {got,14}]}'), line


def test_brackets_that_never_close_leave_the_line_as_it_is() -> None:
    text = "Error: cannot parse (near token 7\n" + "".join(f"context {n}\n" for n in range(30))
    assert failures.quote(text, failed=True) == "Error: cannot parse (near token 7"


def test_a_term_that_sets_what_was_wanted_beside_what_came_is_the_cause() -> None:
    text = "running 3 checks\nchecking totals\nmismatch in totals: expected 12, got 14\n3 checks, 1 failure\n"
    assert failures.read_command(text).line == "mismatch in totals: expected 12, got 14"


def test_a_message_is_not_taken_over_by_a_value_printed_below_expected() -> None:
    text = (
        "0 passed / 1 failed\n\nFailure -> spec/cart_spec.lua @ 9\ncart totals\n"
        "spec/cart_spec.lua:10: Values differ.\nGot:\n(number) 5\nExpected:\n(number) 4\n"
    )
    assert failures.read_command(text).line == "spec/cart_spec.lua:10: Values differ."


def test_a_rule_code_under_a_caret_shows_a_failure_without_an_exit_code() -> None:
    text = "\nIn deploy.sh line 3:\ncp $src /opt\n   ^--^ XY1234 (warning): Quote this to keep spaces.\n"
    reading = failures.read_command(text)
    assert reading.failed and reading.line == "^--^ XY1234 (warning): Quote this to keep spaces."
    assert not failures.read_command("checked 4 files: all clean\n").failed
    assert not failures.read_command("exponent: 2^-3 is 0.125\n").failed


def test_one_added_line_under_a_diff_key_is_a_one_line_file_and_a_plus_elsewhere_is_not() -> None:
    call = calls.classify(Block(kind="tool_call", name="patch", args={"path": "a.cfg", "diff": "+retries = 3"}))
    assert call.kind == "write" and call.content == "retries = 3"
    other = calls.classify(Block(kind="tool_call", name="save", args={"path": "a.cfg", "phone": "+4412345"}))
    assert other.content != "4412345"


def test_a_quoted_run_that_printed_nothing_is_still_a_run() -> None:
    ran = textual.run("I ran this command:\n\nmake check\n\nAnd got this output:")
    assert ran is not None and ran[0].args == {"command": "make check"} and ran[1] == ""


def test_a_file_s_own_first_line_ending_in_a_colon_is_kept_and_a_sentence_before_it_is_not() -> None:
    assert shown_text("stages:\n  - build\n  - test\n") == "stages:\n  - build\n  - test"
    assert shown_text("def main():\n    pass\n") == "def main():\n    pass"
    assert shown_text("Contents of the pipeline file:\nstages:\n  - build\n") == "stages:\n  - build"


def test_a_change_in_little_room_is_told_by_the_words_that_differ() -> None:
    change = "`limit = compute(rows, 10) if ready else None` -> `limit = compute(rows, 25) if ready else None`"
    assert cuts.narrowed(change, 50) == "`compute(rows, 10) if` -> `compute(rows, 25) if`"
    assert cuts.narrowed(change, 30) == "`10)` -> `25)`"  # no room for a word around it
    assert cuts.narrowed("`a = 1` -> `a = 2`", 40) == "`a = 1` -> `a = 2`"
    assert len(cuts.narrowed("`x` -> `" + "y" * 90 + "`", 40)) <= 40


def test_labels_at_the_blocks_margin_over_their_values_go_on_with_the_report() -> None:
    text = (
        "inventory_test.cpp:27: FAILED:\n  REQUIRE( restock(shelf, 4) == 10 )\nwith expansion:\n  8 == 10\n\n"
        'inventory_test.cpp:31: FAILED:\n  CHECK( parse_qty("ten") == 10 )\n'
        "due to unexpected exception with message:\n  invalid quantity\n\n1 test case failed\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert line == "inventory_test.cpp:27: FAILED: REQUIRE( restock(shelf, 4) == 10 ) with expansion: 8 == 10"
    lone = "report.cfg:3: error:\n  key 'port' repeated\nsee the manual:\n\nnext finding\n"  # no value under it
    assert failures.quote(lone, failed=True) == "report.cfg:3: error: key 'port' repeated"


def test_a_findings_footer_naming_its_rule_is_told_with_the_message_over_its_excerpt() -> None:
    text = (
        "checking schema.json...\n[1] schema.json:8:3 at #/properties/qty\n\n"
        'Property `qty` must declare its unit.\n\n 7 |   "properties": {\n 8 |     "qty": {\n   |     ^^^^^\n\n'
        "Error was generated by the units-required rule.\n\nschema.json: checked in 12ms\n"
    )
    assert failures.quote(text, failed=True) == (
        "Property `qty` must declare its unit.; Error was generated by the units-required rule."
    )


def test_a_bundlers_marked_report_is_the_cause_its_closing_error_repeats() -> None:
    text = (
        "building for production...\n"
        '✘ [ERROR] No matching export in "src/util.ts" for import "slugify"\n\n'
        "    src/page.ts:2:9:\n"
        '      2 │ import { slugify } from "./util";\n'
        "        ╵          ~~~~~~~\n\n"
        "error during build:\nError: Build failed with 1 error:\n"
        'src/page.ts:2:9: ERROR: No matching export in "src/util.ts" for import "slugify"\n'
        "    at failureErrorWithLog (/w/node_modules/esbuild/lib/main.js:1472:15)\n"
    )
    assert failures.quote(text, failed=True) == '✘ [ERROR] No matching export in "src/util.ts" for import "slugify"'
    warned = '▲ [WARNING] Duplicate key "id" in object literal\n\nbuilt in 120ms\n'  # a warning alone: no failure
    assert failures.quote(warned) is None


def test_a_pointer_under_an_excerpt_is_no_reason_and_a_steps_progress_is_no_echoed_command() -> None:
    text = (
        "Deploying changes to db:pg:shop\n  + accounts .. ok\n"
        '  + refunds ... ERROR:  syntax error at or near "amount"\n'
        "  amount numeric(10,2) NOT NULL\n  ^--- error here\nnot ok\nDeploy failed\n"
    )
    assert (failures.quote(text, failed=True) or "").startswith(
        '+ refunds ... ERROR:  syntax error at or near "amount"'
    )


def test_a_place_with_only_a_word_of_failure_is_told_with_the_message_above_it() -> None:
    text = (
        "[ RUN      ] test_rounding\n[  ERROR   ] --- 0x7 != 0x8\n[   LINE   ] --- round_test.c:31: error: Failure!\n"
    )
    assert failures.quote(text, failed=True) == (
        "[  ERROR   ] --- 0x7 != 0x8 [   LINE   ] --- round_test.c:31: error: Failure!"
    )


def test_the_systems_refusal_printed_before_the_assertions_that_follow_from_it_leads_the_quote() -> None:
    text = (
        "test_price\nsed: can't read rates/eu.csv: No such file or directory\n"
        "ASSERT:price of A-1 expected:<12> but was:<>\n\nRan 1 test.\n\nFAILED (failures=1)\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert line.startswith("sed: can't read rates/eu.csv: No such file or directory; ASSERT:price of A-1")


def test_a_ruby_exception_raised_again_is_told_where_the_tool_first_reported_it() -> None:
    text = (
        "Rendering pages...\n  Template Error: Unknown filter 'money' used in cart.html (line 4)\n"
        "/gems/tpl-2.1/lib/tpl/filters.rb:40:in `lookup': Unknown filter 'money' used in cart.html (line 4) "
        "(Tpl::FilterError)\n\tfrom /gems/tpl-2.1/lib/tpl/render.rb:12:in `render'\n"
        "\tfrom /usr/bin/tpl:5:in `<main>'\n"
    )
    assert failures.quote(text, failed=True) == "Template Error: Unknown filter 'money' used in cart.html (line 4)"


def test_a_hosts_error_lead_over_the_whole_output_is_read_through() -> None:
    said = "Error: Building site in public/\nconfig.toml:3:1: unknown key 'baseurll'\n"
    assert failures.read_command(said) == failures.Reading(True, "config.toml:3:1: unknown key 'baseurll'")
    alone = "Error: \n/w/docs/a.md\n  3:1  error  Unexpected TODO  no-todo\n\n1 problem\n"  # the lead alone on its line
    assert failures.read_command(alone).line == "3:1  error  Unexpected TODO  no-todo"
    again = "Error: Error ------------------------ cart.js:4:2\n\nCannot add `x` to `y`. [unsafe-addition]\n"
    assert failures.read_command(again).line == failures.quote(again.removeprefix("Error: "), failed=True)
    own = "Error: Cannot find module 'left-pad'\nRequire stack:\n- /w/index.js\n"  # the program's own message
    assert (failures.read_command(own).line or "").startswith("Error: Cannot find module 'left-pad'")


def test_a_verdict_indented_under_its_check_is_told_with_the_check() -> None:
    text = (
        'Passed checks: 3, Failed checks: 1\n\nCheck: POL_12: "Ensure the queue is encrypted"\n'
        "\tFAILED for resource: aws_sqs_queue.jobs\n\tFile: /queue.tf:1-9\n"
    )
    assert failures.quote(text, failed=True) == (
        'Check: POL_12: "Ensure the queue is encrypted" FAILED for resource: aws_sqs_queue.jobs'
    )


def test_a_tests_heading_with_its_place_is_a_title_and_the_runs_closing_error_gives_way_to_it() -> None:
    text = (
        "✖ | 1       0 | totals\n────────\n"
        "Failure ('test-totals.R:4'): totals round half up\n"
        "round_total(2.5) not equal to 3.\n1/1 mismatches\n[1] 2 - 3 == -1\n────────\n\n"
        "[ FAIL 1 | WARN 0 | SKIP 0 | PASS 3 ]\nError: Test failures\nExecution halted\n"
    )
    assert failures.quote(text, failed=True) == (
        "round_total(2.5) not equal to 3. (Failure ('test-totals.R:4'): totals round half up)"
    )
    raised = (
        "Error ('test-load.R:9'): loads the rates\nError in `read_rates()`: object 'rates_path' not found\n"
        "\n[ FAIL 1 | WARN 0 | SKIP 0 | PASS 0 ]\nError: Test failures\n"
    )
    assert failures.quote(raised, failed=True) == (
        "Error in `read_rates()`: object 'rates_path' not found (Error ('test-load.R:9'): loads the rates)"
    )


def test_a_hyperlinks_escapes_are_no_part_of_what_a_reader_sees() -> None:
    linked = "\x1b[33mwarning[\x1b]8;;https://lint.example/r/no-tabs\x1b\\no-tabs\x1b]8;;\x1b\\]\x1b[0m: tab found"
    assert failures.plain(linked) == "warning[no-tabs]: tab found"


def test_a_count_of_issues_gives_way_to_the_warnings_it_counts() -> None:
    text = (
        "warning[ban-drop-column]: Dropping a column may break readers still using it.\n"
        "  --> migrations/0007.sql:2:1\n\nFound 1 issue in 1 file (checked 3 source files)\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert line.startswith("warning[ban-drop-column]: Dropping a column may break readers still using it.")


def test_a_failed_tests_values_printed_under_it_are_told_with_it() -> None:
    text = (
        "1..1\nnot ok 1 - rounds half up\n# Failed test 'rounds half up'\n# at t/round.t line 9.\n"
        "#          got: '2'\n#     expected: '3'\n# Looks like you failed 1 test of 1.\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert "# expected: '3', # got: '2'" in line and "not ok 1 - rounds half up" in line


def test_the_first_exception_of_a_python_chain_leads_the_quote() -> None:
    text = (
        'Traceback (most recent call last):\n  File "/w/app/cli.py", line 3, in <module>\n'
        "    from app.rates import load\nImportError: cannot import name 'load' from 'app.rates'\n\n"
        "The above exception was the direct cause of the following exception:\n\n"
        "RuntimeError: plugin 'rates' could not be loaded\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert line.startswith("ImportError: cannot import name 'load' from 'app.rates'; RuntimeError: plugin")


def test_a_wrappers_kind_in_parentheses_is_told_with_the_message_indented_under_it() -> None:
    text = 'ERROR:  While executing pkg ... (Pkg::InvalidManifestError)\n    version "1.x" is not a version\n'
    assert failures.quote(text, failed=True) == (
        'ERROR:  While executing pkg ... (Pkg::InvalidManifestError) version "1.x" is not a version'
    )


def test_a_components_message_announced_on_its_own_line_is_the_cause() -> None:
    text = (
        "Message from RULE-compiler:\nUnknown field 'hots' in section 'proxy'\n('/w/site.rules' Line 4 Pos 3)\n\n"
        "Running RULE-compiler failed, exited with 2\nRules compilation failed\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert "Unknown field 'hots' in section 'proxy'" in line


def test_a_closing_count_of_what_failed_gives_way_to_the_reason_above_it() -> None:
    text = "Checking 'rules.yml'  FAILED: unknown route \"night\"\n\nchk: error: failed to validate 1 file(s)\n"
    assert (failures.quote(text, failed=True) or "").startswith("Checking 'rules.yml'  FAILED: unknown route")


def test_a_kind_with_only_a_place_is_told_with_the_message_under_its_excerpt() -> None:
    text = (
        "ParseError: theme/site.tpl:3:7\n   2| <main>\n   3|   {{ totl }}\n-----------^\n   4| </main>\n\n"
        "unknown variable totl\n    at Parser.fail (/w/node_modules/tpl/lib/parser.js:80:11)\n"
    )
    assert failures.quote(text, failed=True) == "ParseError: theme/site.tpl:3:7: unknown variable totl"


def test_an_error_in_doing_something_is_told_with_the_findings_indented_under_it() -> None:
    text = (
        "Checking conf/app.toml...\nError checking file 'conf/app.toml' against 'rules.toml'\n"
        "\tport: 'eighty' is not an int.\n\tname: Required field missing\n"
    )
    line = failures.quote(text, failed=True) or ""
    assert "port: 'eighty' is not an int." in line and line.startswith("Error checking file")


def test_a_lead_that_says_only_where_is_told_with_the_message_under_it() -> None:
    """``runtime error: file X line N element E`` over the message, and a bracketed lead with a remark, are the first
    report: the consequences after them (an error of their own) are not the cause."""
    xslt = (
        "runtime error: file tpl/sum.zsl line 9 element copy-of\n"
        "Parameter 'rate' was never bound.\n"
        "Zpath error : Unbound parameter\n"
        "runtime error: file tpl/sum.zsl line 9 element copy-of\n"
        "Zpath evaluation returned nothing.\n"
    )
    assert failures.quote(xslt, True) == (
        "runtime error: file tpl/sum.zsl line 9 element copy-of Parameter 'rate' was never bound."
    )
    bracketed = "[ERROR:/w/zorb/schema/order.zdl:12] (last token was ';')\nfield 'qty' is declared twice\n"
    assert "field 'qty' is declared twice" in (failures.quote(bracketed, True) or "")


def test_a_lead_over_an_excerpt_is_not_told_with_the_excerpt_as_its_message() -> None:
    """An indented line with a caret under it is the source shown, not the message: the error below says why."""
    text = "Parse error at src/a.zs:2,7\n  let x = {\n        ^\nERROR: Unexpected end of block\n"
    assert "ERROR: Unexpected end of block" in (failures.quote(text, True) or "")


def test_a_crossed_tally_of_no_errors_is_a_pass_with_warnings() -> None:
    """A reporter that crosses its tally even when it counts no error (``✖ 2 problems (0 errors, 2 warnings)``)
    has passed; with an error counted, it failed."""
    passed = "\n/w/zorb/app.yml\n  3:1  warning  Quote the port.  quote-ports\n\n✖ 1 problems (0 errors, 1 warnings)\n"
    assert not failures.read_command(passed, "zorblint app.yml").failed
    failed = passed.replace("(0 errors, 1 warnings)", "(1 errors, 0 warnings)").replace("warning ", "error   ")
    assert failures.read_command(failed, "zorblint app.yml").failed


def test_a_parsers_list_of_what_it_expected_is_not_the_cause() -> None:
    text = 'zq: cannot parse the query.\nParse error on token "]" at line 1 column 9.\nExpected one of:\n  ) , ;\n'
    line = failures.read_command(text + "Exit code: 1", "zq 'x]'").line or ""
    assert 'Parse error on token "]" at line 1 column 9.' in line and not line.startswith("Expected")


def test_a_table_row_marked_invalid_is_a_checkers_finding() -> None:
    text = "│ name   │ path         │ status  │\n│ orders │ data/o.csv   │ INVALID │\n│ 3 │ type-error │ Bad cell │\n"
    reading = failures.read_command(text, "zorb validate data/o.csv")
    assert reading.failed and "INVALID" in (reading.line or "")
    assert not failures.read_command(text.replace("INVALID", "VALID  "), "zorb validate data/o.csv").failed


def test_a_lead_every_finding_repeats_is_the_tools_own_not_a_hosts() -> None:
    """``ERROR: ...`` line after line is how the tool reports: the first finding is the cause, as with an exit code."""
    first = "ERROR: The @retrn tag is not known. File: a.js, line: 1"
    text = f"{first}\nERROR: The @retrn tag is not known. File: a.js, line: 9"
    assert failures.read_command(text, "zorbdoc a.js").line == first


def test_a_checker_is_named_by_its_program_subcommand_or_option_never_by_a_folder() -> None:
    """A run with no exit code of a checker that printed a place is a finding; the same output of a test runner
    started in a folder named ``checkout`` is not (its passing lines name places too)."""
    from mcp_context.conversation.host_lines import checks

    assert checks("npx eslint src") and checks("go vet ./...") and checks("ruff format --check .")
    assert checks("./node_modules/.bin/stylelint a.css") and checks("pnpm --filter web run typecheck")
    assert not checks("cd /w/checkout-app && npx playwright test e2e/tax.spec.js")
    assert not checks("pytest app/checkout")
    passed = "\n  ✓  1 e2e/tax.spec.js:4:1 › adds VAT (13ms)\n\n  1 passed (1.0s)"
    assert not failures.read_command(passed, "cd /w/checkout-app && npx playwright test e2e/tax.spec.js").failed


def test_a_hosts_tool_error_lead_with_the_exit_code_in_brackets_is_read_through() -> None:
    text = 'Error executing tool Bash: Error (exit code 2): /w/a.zql\n3:9 Unknown field "qtyy". zql-fields\n'
    reading = failures.read_command(text, "zqllint a.zql")
    assert reading.exit_code == 2 and reading.line is not None and 'Unknown field "qtyy"' in reading.line


def test_an_exit_code_in_markdown_bold_is_the_hosts() -> None:
    text = "**Output:**\n```\n  Budget has exceeded by 12 B\n```\n\n**Exit Code:** 1\n\n**Working Directory:** `/`"
    reading = failures.read_command(text, "zorb-size")
    assert reading.exit_code == 1 and reading.line == "Budget has exceeded by 12 B"


def test_values_indented_under_a_finding_are_told_with_it() -> None:
    text = "detected invalid scheme for package: zorb@1.0.0\n    expected: https:\n    actual: http:\n\nExit code: 1"
    line = failures.read_command(text, "zorb-lockcheck").line or ""
    assert line.startswith("detected invalid scheme for package: zorb@1.0.0") and "actual: http:" in line


def test_a_checkers_count_of_zero_errors_is_a_pass_with_warnings() -> None:
    text = ">>> Working on: a.po\nW302: same as source\n9:#: a.html:12\n\nTotals\n  Warnings:  1\n  Errors:       0\n"
    assert not failures.read_command(text, "zorb-po lint a.po").failed
    assert failures.read_command(text.replace("Errors:       0", "Errors:       1"), "zorb-po lint a.po").failed


def test_a_hosts_header_over_a_fenced_result_is_read_through() -> None:
    """Magentic-UI's way: a header line, a fence, the host's sentence on how the run ended, its label, the output."""
    text = (
        "\n\nExecution Result of Code Block 1:\n```console\nThe script ran, then exited with an error (POSIX exit code:"
        " 1)\nIts output was:\ncat: /w/NOTES.md: No such file or directory\n\n```"
    )
    reading = failures.read_command(text, "cat /w/NOTES.md")
    assert reading.exit_code == 1 and reading.line == "cat: /w/NOTES.md: No such file or directory"


def test_a_read_tools_error_marked_in_a_viewers_frame_names_the_missing_file() -> None:
    text = "[Output of read_file]\nViewport: page 1.\n=====\n[ERROR] cat: NOTES.md: No such file or directory\n=====\n"
    assert failures.read_tool(text, "NOTES.md").line == "cat: NOTES.md: No such file or directory"
    log = "[Output of read_file]\n=====\n[ERROR] 12:01 upstream timed out\n[ERROR] 12:02 retry failed\n=====\n"
    assert not failures.read_tool(log, "app.log").failed  # a log's own error lines, no file missing


def test_a_kind_at_a_place_over_an_excerpt_with_no_caret_is_told_with_the_message_after_it() -> None:
    text = (
        "ReferenceError: /w/views/mail.zt:2\n    1| <p>Hi <%= name %></p>\n >> 2| <p><%= orderr.id %></p>\n    3| \n\n"
        "orderr is not defined\n    at eval (/w/views/mail.zt:14:26)\n\nExit code: 1"
    )
    line = failures.read_command(text, "zt render").line
    assert line == "ReferenceError: /w/views/mail.zt:2: orderr is not defined"
