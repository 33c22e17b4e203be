"""Placeholders of thirteen agent dialects (``tests/dialects``) whose answers are built from a run in a way a plain
template cannot write: AIChat's llm-functions tools (what a tool wrote to ``$LLM_OUTPUT``, parsed as JSON when it is
JSON and else wrapped as ``{"output": TEXT}``, or ``"DONE"`` when it wrote nothing, printed compactly by serde_json
with its keys in order), Groq Code CLI's tools (``JSON.stringify`` of the tool's result, a run's streams in one
``stdout: ... stderr: ...`` text) and R2E-Gym's ``execute_bash`` and ``file_editor`` scripts as DeepSWE runs them (the
script's ``[STDOUT]``/``[STDERR]`` print under ``Exit code: ...`` and ``Execution output of [TOOL]:``, cut in the
middle past 80 lines; a view numbered ``{n:6d}`` and a space, an edit's snippet ``{n:6}`` and a tab); and those of
Efrit, an agent inside Emacs (``efrit_slots``): shell_exec's run under ``[Executed: ...]`` and ``[Duration: ...]`` with
what ``shell-command-to-string`` returned cut at 1,000 characters, and read_file, edit_file and create_file answering
``json-encode`` of an alist under a ``[... Result]`` line (a read with its size, time and line counts, an edit with the
unified diff ``diff -u`` prints, a creation with every line marked added). Three more agents' runs need the output
looked at first (``shell_slots``): Ponderer's shell tool (``Exit code: N`` and a ``--- stdout ---`` block only when
there is output), MLE-agent's execute_command (``Exit code: N`` and a ``--- STDOUT  ---`` block of the last 30 lines,
each stripped of white space at its end) and ikigai's bash, file_read and file_write tools (a JSON object of
``success`` and ``data``, the output without its last newline, a write with its count of bytes). Three answer in JSON
as their languages print it (``json_agent_slots``): MyCoder's shellStart and textEditor (``JSON.stringify`` of the
result, stdout trimmed, ``error`` naming a non-zero exit code; a view numbered ``N: ``), mycoder-mini's
executeShellCommand (stdout whole, and Node's ``Command failed: COMMAND`` as stderr when the run failed with nothing
on it) and tokkibot's shell and read_file (Go's ``json.Marshal`` of ``success`` with ``data`` or ``err``, a failure's
output inside ``<shell_run_error>`` tags after ``exit status N: ``, a read numbered ``N|``). Three answer in text
shaped by their own code (``run_agent_slots``): TunaCode's bash, read_file and update_file (``Command:``, ``Exit Code:``
and ``Working Directory:`` lines over ``STDOUT:`` and ``STDERR:`` blocks; a read inside ``<file>`` tags numbered
``00001| ``; an edit answered by Python's unified diff), Blufio's bash and file tools (the output as printed, or
``Exit code: N`` with ``stdout:`` and ``stderr:`` blocks) and ZeptoClaw's shell tool (the output kept to 2,000 lines
and 50,000 bytes, ``[Exit code: N]`` under a failure; an edit counting what it replaced).
``fidelity_answers`` merges them into its slots."""

from __future__ import annotations

import difflib
import json
import re

#: The lines R2E-Gym's Observation keeps of each end of a longer ``execute_bash`` output.
R2E_KEPT = 40
#: The lines of the file either side of an edit that R2E-Gym's file_editor shows (``SNIPPET_LINES``).
R2E_SNIPPET = 4
#: The characters file_editor shows of a view or a snippet before its clipping note (``MAX_RESPONSE_LEN``).
R2E_MAX = 10000
R2E_CLIPPED = (
    "<response clipped><NOTE>To save on context only part of this file has been shown to you. You should retry this "
    "tool after you have searched inside the file with `grep -n` in order to find the line numbers of what you are "
    "looking for.</NOTE>"
)
_ANSI = re.compile(r"\x1b\[[0-9;]*m|\r")


def answer_slots(
    output: str, before: str, after: str, abs_path: str, code: int, old: str, new: str, root: str
) -> dict[str, str]:
    """``{aichat_ok}``/``{aichat_failed}``/``{aichat_read}``, ``{groq_ok}``/``{groq_failed}``/``{groq_read}`` and
    ``{r2e_ok}``/``{r2e_failed}``/``{r2e_read}``/``{r2e_edited}``/``{r2e_quiet}``, with those ``shell_slots`` makes;
    ``output`` without its last newline."""
    printed = f"{output}\n" if output else ""
    rel = abs_path.removeprefix(f"{root}/")
    return {
        "aichat_ok": aichat_answer(printed),
        "aichat_failed": aichat_answer(f"{printed}exit code: {code}\n"),
        "aichat_read": aichat_answer(before),
        **_groq(printed, before, rel, code),
        **_r2e(output, before, after, abs_path, code, old, new),
        **shell_slots(output, before, after, rel, code),
    }


def compact(value: object) -> str:
    """serde_json's ``to_string``, JavaScript's ``JSON.stringify`` and json.el's ``json-encode``: no spaces, other than
    ASCII kept as it is, only quotes, backslashes and control characters escaped."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _no_constant(name: str) -> object:
    raise ValueError(name)  # serde_json takes no NaN or Infinity


def aichat_answer(written: str) -> str:
    """ToolCall.eval: what the tool wrote, as JSON when it parses, else ``{"output": ...}``; nothing is ``"DONE"``."""
    if not written:
        return compact("DONE")
    try:
        value = json.loads(written, parse_constant=_no_constant)
    except ValueError:
        return compact({"output": written})
    return compact(value)


def _groq(printed: str, before: str, rel: str, code: int) -> dict[str, str]:
    """executeCommand answers ``stdout: OUT`` and ``stderr: ERR`` on two lines (the check's own ``echo`` of its status
    closing OUT, its stderr joined to stdout); readFile the text and how many lines ``split('\\n')`` made of it."""

    def ran(status: int) -> str:
        content = f"stdout: {printed}exit status: {status}\n\nstderr: "
        return compact({"success": True, "content": content, "message": "Command executed successfully"})

    lines = len(before.split("\n"))
    read = {"success": True, "content": before, "message": f"Read {lines} lines from {rel}"}
    return {"groq_ok": ran(0), "groq_failed": ran(code), "groq_read": compact(read)}


def r2e_observation(tool: str, shown: str, error_code: str | None = None) -> str:
    """Observation.__str__: execute_bash's output under its exit code, cut in the middle past twice the lines kept;
    any other tool's output under its name alone."""
    head = f"Execution output of [{tool}]:\n"
    if error_code is None:
        return head + shown
    lines = shown.splitlines()
    if len(lines) > 2 * R2E_KEPT:
        rule = "-" * 50
        top, bottom = "\n".join(lines[:R2E_KEPT]), "\n".join(lines[-R2E_KEPT:])
        shown = f"{top}\n{rule}\n<Observation truncated in middle for saving context>\n{rule}\n{bottom}"
    return f"Exit code: {error_code}\n{head}{shown}"


def r2e_bash(output: str, code: int) -> str:
    """execute_bash prints stdout and stderr stripped under their headings (``Error executing command:`` above them
    on a failure); the runtime reports a failure's code as ``Error: Exit code N`` and strips colours from a success."""
    body = f"[STDOUT]\n\n{output.strip()} \n\n[STDERR]\n\n\n"
    if code:
        return r2e_observation("execute_bash", f"Error executing command:\n\n{body}", f"Error: Exit code {code}")
    return r2e_observation("execute_bash", _ANSI.sub("", body), "0")


def _clip(text: str) -> str:
    return text if len(text) <= R2E_MAX else text[:R2E_MAX] + R2E_CLIPPED


def r2e_view(before: str, abs_path: str) -> str:
    """file_editor's view: a Python file numbered ``{n:6d}`` and a space over ``splitlines()``; any other file is
    refused, the refusal printed after an empty output line (a Python file over 150 lines, which the tool condenses,
    is shown whole: none of the corpus's files is one)."""
    if not abs_path.endswith(".py"):
        name = abs_path.rsplit("/", 1)[-1]
        refused = f"Viewing non-Python files is disallowed for saving context. File '{name}' is not a .py file."
        return r2e_observation("file_editor", f"\nERROR: ERROR: {refused}\n")
    numbered = "\n".join(f"{n:6d} {line}" for n, line in enumerate(before.splitlines(), 1))
    shown = _clip(f"Here's the result of running `cat -n` on the file: {abs_path}:\n{numbered}")
    return r2e_observation("file_editor", shown + "\n")


def r2e_edited(before: str, after: str, abs_path: str, old: str, new: str) -> str:
    """file_editor's str_replace: the lines around the replaced text in the fixed file, numbered ``{n:6}`` and a tab
    after ``expandtabs()``, between its two sentences."""
    at = before.split(old)[0].count("\n")
    start = max(0, at - R2E_SNIPPET)
    end = at + R2E_SNIPPET + new.count("\n")
    snippet = _clip("\n".join(after.split("\n")[start : end + 1])).expandtabs()
    numbered = "\n".join(f"{n + start + 1:6}\t{line}" for n, line in enumerate(snippet.split("\n")))
    said = (
        f"The file {abs_path} has been edited. Here's the result of running `cat -n` on a snippet of {abs_path}:\n"
        f"{numbered}\nReview the changes and make sure they are as expected. Edit the file again if necessary.\n"
    )
    return r2e_observation("file_editor", said)


def _r2e(output: str, before: str, after: str, abs_path: str, code: int, old: str, new: str) -> dict[str, str]:
    return {
        "r2e_ok": r2e_bash(output, 0),
        "r2e_failed": r2e_bash(output, code),
        "r2e_read": r2e_view(before, abs_path),
        "r2e_edited": r2e_edited(before, after, abs_path, old, new),
        "r2e_quiet": r2e_bash("", 0),
    }


#: The characters of a run's output shell_exec keeps before its truncation note.
EFRIT_KEPT = 1000
#: A run's time as shell_exec prints it (``%.2fs``); the corpus keeps no time of its runs, so one is written for all.
EFRIT_DURATION = "0.42"
#: A file's modification time as efrit-tool-format-time prints it; the corpus keeps none, so one is written for all.
EFRIT_MTIME = "2026-11-29T12:00:00Z"
#: efrit-sensitive-file-patterns, matched without regard to case as Emacs' string-match-p does by default.
_SENSITIVE = re.compile(
    r"\.env\Z|\.env\.[^/]*\Z|credentials|\.pem\Z|\.key\Z|\.authinfo\Z|\.netrc\Z|id_rsa|id_ed25519|id_ecdsa|"
    r"\.gnupg/|password|secret",
    re.IGNORECASE,
)


def efrit_slots(output: str, before: str, after: str, abs_path: str, old: str, root: str) -> dict[str, str]:
    """``{efrit_ran}``, ``{efrit_read}``, ``{efrit_edited}`` and ``{efrit_written}`` (Efrit's); ``output`` without its
    last newline, ``before`` and ``after`` the whole texts."""
    printed = f"{output}\n" if output else ""
    rel = abs_path.removeprefix(f"{root}/")
    return {
        "efrit_ran": efrit_ran(printed),
        "efrit_read": efrit_read(before, abs_path, rel),
        "efrit_edited": efrit_edited(before, after, abs_path, rel, old),
        "efrit_written": efrit_written(f"{after.rstrip(chr(10))}\n", abs_path, rel),
    }


def efrit_ran(printed: str) -> str:
    """The command itself is shown by the template; this is the result line, the output cut past 1,000 characters."""
    if len(printed) > EFRIT_KEPT:
        printed = printed[:EFRIT_KEPT] + "\n... (output truncated)"
    return f"[Duration: {EFRIT_DURATION}s]\n[Result: {printed}]"


def count_lines(text: str) -> int:
    """Emacs' ``count-lines`` over a whole buffer: its newlines, and one more for a last line without one."""
    return text.count("\n") + (1 if text and not text.endswith("\n") else 0)


def _result(label: str, result: dict[str, object], warnings: list[str]) -> str:
    """efrit-tool-success's alist under the handler's label, its warnings only when there are some."""
    response: dict[str, object] = {"success": True, "result": result}
    if warnings:
        response["warnings"] = warnings
    return f"\n[{label}]\n{compact(response)}"


def efrit_read(before: str, abs_path: str, rel: str) -> str:
    """read_file on a whole text file: its text, encoding, bytes, time, line counts and no truncation."""
    lines = count_lines(before)
    result = {
        "path": abs_path,
        "path_relative": rel,
        "content": before,
        "encoding": "utf-8",
        "size": len(before.encode()),
        "mtime": EFRIT_MTIME,
        "total_lines": lines,
        "lines_returned": f"1-{lines}",
        "truncated": False,
    }
    warnings = [f"Sensitive file: {rel}"] if _SENSITIVE.search(abs_path) else []
    return _result("Read File Result", result, warnings)


def unified_diff(before: str, after: str, name: str) -> str:
    """``diff -u --label a/NAME --label b/NAME``: three lines of context, a note under a last line with no newline."""
    lines = difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True), f"a/{name}", f"b/{name}", n=3
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else f"{line}\n\\ No newline at end of file\n")
    return "".join(out)


def efrit_edited(before: str, after: str, abs_path: str, rel: str, old: str) -> str:
    """edit_file: how many times the old text was found, the diff, and the texts' lengths in characters."""
    result = {
        "path": abs_path,
        "path_relative": rel,
        "replacements": max(1, before.count(old)),
        "diff": unified_diff(before, after, abs_path.rsplit("/", 1)[-1]),
        "old_size": len(before),
        "new_size": len(after),
    }
    warnings = [f"Editing sensitive file: {rel}"] if _SENSITIVE.search(abs_path) else []
    return _result("Edit File Result", result, warnings)


def efrit_written(content: str, abs_path: str, rel: str) -> str:
    """create_file with overwrite over an existing file: its size and lines, every line marked added, and the
    warnings pushed in turn (so the last pushed first)."""
    lines = count_lines(content)
    added = "".join(f"+{line}" for line in content.splitlines(keepends=True))
    result = {
        "path": abs_path,
        "path_relative": rel,
        "size": len(content),
        "lines": lines,
        "diff": f"--- /dev/null\n+++ b/{abs_path.rsplit('/', 1)[-1]}\n@@ -0,0 +1,{lines} @@\n{added}",
        "created": True,
    }
    warnings = [f"Overwriting existing file: {rel}"]
    if _SENSITIVE.search(abs_path):
        warnings.append(f"Creating sensitive file: {rel}")
    return _result("Create File Result", result, warnings)


#: The lines of a run MLE-agent's execute_command keeps, the last ones (its ``max_lines``).
MLE_KEPT = 30


def shell_slots(output: str, before: str, after: str, rel: str, code: int) -> dict[str, str]:
    """``{ponderer_ok}``/``{ponderer_failed}``, ``{mle_ok}``/``{mle_failed}`` and ``{ikigai_ok}``/``{ikigai_failed}``/
    ``{ikigai_read}``/``{ikigai_written}``; ``output`` without its last newline, ``code`` the failing run's."""
    printed = f"{output}\n" if output else ""
    written = f"{after.rstrip(chr(10))}\n"
    return {
        "ponderer_ok": ponderer_ran(printed, 0),
        "ponderer_failed": ponderer_ran(printed, code),
        "mle_ok": mle_ran(printed, 0),
        "mle_failed": mle_ran(printed, code),
        "ikigai_ok": ikigai_json({"success": True, "data": {"output": output, "exit_code": 0}}),
        "ikigai_failed": ikigai_json({"success": True, "data": {"output": output, "exit_code": code}}),
        "ikigai_read": ikigai_json({"success": True, "data": {"output": before}}),
        "ikigai_written": ikigai_json(
            {
                "success": True,
                "data": {"output": f"Wrote {len(written.encode())} bytes to {rel}", "bytes": len(written.encode())},
            }
        ),
    }


def ponderer_ran(printed: str, code: int) -> str:
    """ShellTool's text: the exit code, then stdout under its rule when there is any (stderr would follow under its
    own; the check joins it to stdout)."""
    return f"Exit code: {code}\n" + (f"\n--- stdout ---\n{printed}" if printed else "")


def mle_ran(printed: str, code: int) -> str:
    """execute_command's text: the exit code, and the last lines of stdout read one by one (universal newlines), each
    stripped at its end, under a rule whose clip note is empty here (it is set from the other stream's count)."""
    lines = [line.rstrip() for line in re.split(r"\r\n|\r|\n", printed.removesuffix("\n"))] if printed else []
    kept = lines[-MLE_KEPT:]
    return f"Exit code: {code}" + ("\n\n--- STDOUT  ---\n" + "\n".join(kept) if kept else "")


def ikigai_json(value: object) -> str:
    """The tool's JSON as ikigai's reference transcripts print it: a space after each comma and colon, text kept."""
    return json.dumps(value, ensure_ascii=False)


#: What JavaScript's ``String.prototype.trim`` strips: white space and line terminators.
JS_SPACE = (
    "\t\n\v\f\r \u00a0\u1680" + "".join(chr(c) for c in range(0x2000, 0x200B)) + "\u2028\u2029\u202f\u205f\u3000\ufeff"
)
#: The characters MyCoder's textEditor shows of a view before its clipping note (``OUTPUT_LIMIT``).
MYCODER_VIEW_MAX = 10 * 1024


def json_agent_slots(output: str, before: str, code: int, command: str) -> dict[str, str]:
    """``{mycoder_ok}``/``{mycoder_failed}``/``{mycoder_read}``, ``{mini_ok}``/``{mini_failed}``/``{mini_read}`` and
    ``{tokki_ok}``/``{tokki_failed}``/``{tokki_read}``; ``output`` without its last newline, ``code`` the failing
    run's, ``command`` the check as the corpus runs it."""
    printed = f"{output}\n" if output else ""
    return {
        "mycoder_ok": js_json({"mode": "sync", "stdout": printed.strip(JS_SPACE), "stderr": "", "exitCode": 0}),
        "mycoder_failed": js_json(
            {
                "mode": "sync",
                "stdout": printed.strip(JS_SPACE),
                "stderr": "",
                "exitCode": code,
                "error": f"Process exited with code {code}",
            }
        ),
        "mycoder_read": mycoder_view(before),
        "mini_ok": js_json({"stdout": printed, "stderr": "", "exitCode": 0}),
        "mini_read": js_json({"stdout": before, "stderr": "", "exitCode": 0}),
        "mini_failed": js_json({"stdout": printed, "stderr": f"Command failed: ({command}) 2>&1\n", "exitCode": code}),
        "tokki_ok": go_json({"success": True, "data": printed} if printed else {"success": True}),
        "tokki_failed": go_json(
            {
                "success": False,
                "err": f"tool shell invoke err: <shell_run_error>exit status {code}: {printed}<shell_run_error>",
            }
        ),
        "tokki_read": tokki_read(before),
    }


def mycoder_view(text: str) -> str:
    """MyCoder's textEditor view: each line of ``split("\\n")`` numbered ``N: `` (the empty one after a last newline
    too), clipped past 10 KB, in the object the tool returns, sent as ``JSON.stringify`` of it."""
    numbered = "\n".join(f"{n}: {line}" for n, line in enumerate(text.split("\n"), 1))
    if len(numbered) > MYCODER_VIEW_MAX:
        shown = {"success": True, "message": "File content (truncated):"}
        return js_json({**shown, "content": f"{numbered[:MYCODER_VIEW_MAX]}\n<response clipped>"})
    return js_json({"success": True, "message": "File content:", "content": numbered})


def tokki_read(text: str) -> str:
    """tokkibot's read_file: the lines a ``bufio.Scanner`` reads, numbered ``N|``, joined without a last newline, as
    the ``data`` of its result (left out when empty)."""
    lines = text.split("\n")
    lines = lines[:-1] if text.endswith("\n") else lines
    data = "\n".join(f"{n}|{line.removesuffix(chr(13))}" for n, line in enumerate(lines, 1))
    return go_json({"success": True, "data": data} if data else {"success": True})


def js_json(value: object) -> str:
    """``JSON.stringify`` of a value: no spaces, text other than control characters kept as it is."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def go_json(value: object) -> str:
    """Go's ``json.Marshal`` of a value: no spaces, and ``<``, ``>``, ``&``, U+2028 and U+2029 escaped as ``\\uXXXX``
    (its HTML-safe default)."""
    text = js_json(value)
    for sign in "<>&\u2028\u2029":
        text = text.replace(sign, f"\\u{ord(sign):04x}")
    return text


#: TunaCode's bash answer past this many characters keeps its head and tail (``max_command_output``'s default).
TUNA_MAX = 5000
#: The characters of a long TunaCode answer kept before (``COMMAND_OUTPUT_START_INDEX``) and after the cut.
TUNA_HEAD, TUNA_TAIL = 2500, 1000
#: The lines and characters a line of TunaCode's read_file shows (``DEFAULT_READ_LIMIT``, ``MAX_LINE_LENGTH``).
TUNA_READ_LINES, TUNA_LINE_MAX = 2000, 2000
#: Blufio's file tool shows this many bytes of a read (``MAX_READ_SIZE``).
BLUFIO_READ_MAX = 100 * 1024
#: ZeptoClaw's shell answer keeps this many lines and bytes (``MAX_OUTPUT_LINES``, ``MAX_OUTPUT_BYTES``).
ZEPTO_LINES, ZEPTO_BYTES = 2000, 50000


def run_agent_slots(
    output: str, before: str, after: str, abs_path: str, code: int, old: str, command: str, root: str
) -> dict[str, str]:
    """``{tuna_ok}``/``{tuna_failed}``/``{tuna_read}``/``{tuna_edited}``/``{tuna_written}``,
    ``{blufio_ok}``/``{blufio_failed}``/``{blufio_read}`` and
    ``{zepto_ok}``/``{zepto_failed}``/``{zepto_read}``/``{zepto_replaced}``;
    ``output`` without its last newline, ``code`` the failing run's, ``command`` the check as the corpus runs it."""
    printed = f"{output}\n" if output else ""
    ran = f"({command}) 2>&1"
    heredoc = f"cat > {abs_path} <<'EOF'\n{after.rstrip(chr(10))}\nEOF"
    return {
        "tuna_ok": tuna_ran(ran, 0, output, root),
        "tuna_failed": tuna_ran(ran, code, output, root),
        "tuna_read": tuna_read(before),
        "tuna_edited": tuna_edited(before, after, abs_path),
        "tuna_written": tuna_ran(heredoc, 0, "", root),
        "blufio_ok": printed,
        "blufio_failed": f"Exit code: {code}\nstdout:\n{printed}\nstderr:\n",
        "blufio_read": blufio_read(before),
        "zepto_ok": zepto_cut(printed),
        "zepto_failed": zepto_cut(f"{printed}\n[Exit code: {code}]"),
        "zepto_read": before,
        "zepto_replaced": str(before.count(old)) if old else "0",
    }


def tuna_ran(command: str, code: int, output: str, cwd: str) -> str:
    """TunaCode's bash answer: the command, its exit code and folder, then ``STDOUT:`` stripped at both ends (or
    ``(no output)``) and ``STDERR:`` (``(no errors)``, the run's streams joined), cut in the middle when long."""
    shown = output.strip()
    lines = [f"Command: {command}", f"Exit Code: {code}", f"Working Directory: {cwd}", "", "STDOUT:"]
    result = "\n".join([*lines, shown or "(no output)", "", "STDERR:", "(no errors)"])
    if len(result) > TUNA_MAX:
        result = f"{result[:TUNA_HEAD]}\n...\n[truncated]\n...\n{result[-TUNA_TAIL:]}"
    return result


def tuna_read(text: str) -> str:
    """TunaCode's read_file: ``<file>``, the lines numbered ``00001| `` (each cut past 2,000 characters), a note of
    the total or of more lines to read, ``</file>``."""
    lines = re.findall(r"[^\n]*\n|[^\n]+$", universal(text))  # what readline() hands back, line by line
    shown = [
        f"{n:05d}| {line.rstrip(chr(10))[:TUNA_LINE_MAX]}{'...' if len(line.rstrip(chr(10))) > TUNA_LINE_MAX else ''}"
        for n, line in enumerate(lines[:TUNA_READ_LINES], 1)
    ]
    if len(lines) > TUNA_READ_LINES:
        note = f"(File has more lines. Use 'offset' to read beyond line {TUNA_READ_LINES})"
    else:
        note = f"(End of file - total {len(shown)} lines)"
    return "<file>\n" + "\n".join(shown) + f"\n\n{note}\n</file>"


def tuna_edited(before: str, after: str, abs_path: str) -> str:
    """TunaCode's update_file: the path updated, a blank line and Python's unified diff of the file."""
    old, new = universal(before).splitlines(keepends=True), universal(after).splitlines(keepends=True)
    diff = difflib.unified_diff(old, new, f"a/{abs_path}", f"b/{abs_path}")
    return f"File '{abs_path}' updated successfully.\n\n" + "".join(diff)


def blufio_read(text: str) -> str:
    """Blufio's file tool reading: the text as it is, cut past 100 KB with a note of its size."""
    size = len(text.encode())
    if size <= BLUFIO_READ_MAX:
        return text
    head = text.encode()[:BLUFIO_READ_MAX].decode(errors="ignore")
    return f"{head}...\n\n[File truncated from {size} to {BLUFIO_READ_MAX} bytes]"


def zepto_cut(text: str) -> str:
    """ZeptoClaw's shell answer kept to 2,000 lines and 50,000 bytes, with a note of the limit it met."""
    kept, size, reason = [], 0, ""
    for n, segment in enumerate(text.splitlines(keepends=True), 1):
        if n > ZEPTO_LINES:
            reason = f"{ZEPTO_LINES} lines"
            break
        if size + len(segment.encode()) > ZEPTO_BYTES:
            kept.append(segment.encode()[: ZEPTO_BYTES - size].decode(errors="ignore"))
            reason = f"{ZEPTO_BYTES} bytes"
            break
        kept.append(segment)
        size += len(segment.encode())
    if not reason:
        return text
    cut = "".join(kept)
    return f"{cut}{'' if cut.endswith(chr(10)) or not cut else chr(10)}... [output truncated at {reason}]"


def universal(text: str) -> str:
    """Text as Python reads a file in text mode: ``\\r\\n`` and ``\\r`` read as ``\\n`` (universal newlines)."""
    return text.replace("\r\n", "\n").replace("\r", "\n")
