"""Placeholders of six agent dialects (``tests/dialects``) whose answers are built from a run's output and exit code
in a way a plain template cannot write: nanocode's bash and read tools, MCPHost's bash and filesystem servers (an MCP
tool result as the Go JSON MCPHost hands the model) and Theia's shellExecute tool (``JSON.stringify`` of its result);
and two hosts of MCP servers (``mcp_host_slots``): open-coder, which hands the model Go's ``%v`` of the first content
of a result from its terminal and file servers, and tiny-agents with mcp-server-command, which joins a result's texts
(the failure's message, stdout and stderr, each read line by line in Java and trimmed) with newlines; and Agent
World's shell_cmd (``world_slots``), which runs a program with its parameters and no shell and answers a summary of the
run: the command line, when it ran, how long it took, its exit code or error, then its streams under their headings.
``fidelity_answers`` merges them into its slots."""

from __future__ import annotations

import json
import re

from .fidelity_spans import span_slots

#: What Theia's shellExecute reports as the run's duration in milliseconds (a run's own varies; one is chosen).
THEIA_DURATION_MS = 1184
#: What the model writes as the description MCPHost's run_shell_cmd requires (the dialect sends the same words).
MCPHOST_DESCRIPTION = "Runs the failing check"
#: The run's time open-coder's terminal server prints, as Go's time.Duration writes it (a run's own varies).
CODER_ELAPSED = "1.203847512s"
#: The rule open-coder's terminal server draws under its header and over each stream.
CODER_RULE = "-" * 40
#: When Agent World's shell_cmd says a run was executed, as JavaScript's toISOString() writes it (a run's own varies).
WORLD_EXECUTED_AT = "2026-11-29T16:45:14.218Z"
#: How long shell_cmd says a run took, in milliseconds (a run's own varies).
WORLD_DURATION_MS = 1187
#: What Java's String.trim() removes from both ends: every character up to the space.
JAVA_TRIMMED = "".join(map(chr, range(0x21)))


def answer_slots(output: str, before: str, code: int, command: str, root: str) -> dict[str, str]:
    """``{nano_output}``/``{nano_read}``, ``{mcphost_ok}``/``{mcphost_failed}``/``{mcphost_read}`` and
    ``{theia_ok}``/``{theia_failed}``."""
    return {**_nanocode(output, before), **_mcphost(output, before, code, command), **_theia(output, code, root)}


def _nanocode(output: str, before: str) -> dict[str, str]:
    """nanocode's bash joins the lines the command printed (stdout and stderr on one pipe) and strips them, or says
    ``(empty)``; its read numbers what ``readlines()`` returns ``{n:4}| `` and joins it, each line keeping its end."""
    lines = [line + "\n" for line in before.split("\n")]
    lines[-1] = lines[-1][:-1]
    read = "".join(f"{n:4}| {line}" for n, line in enumerate((x for x in lines if x), 1))
    return {"nano_output": output.strip() or "(empty)", "nano_read": read}


def _go_json(text: str, html: bool) -> str:
    """A string as Go writes it into JSON: ``encoding/json`` escapes ``<``, ``>`` and ``&`` (``html``), the JSON
    encoder MCPHost marshals with (sonic's default) does not; both keep other characters as they are."""
    dumped = json.dumps(text, ensure_ascii=False).replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    if html:
        dumped = dumped.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return dumped


def _mcphost(output: str, before: str, code: int, command: str) -> dict[str, str]:
    """MCPHost's builtin bash server runs ``bash -c`` with the output of both streams together; a run that fails
    hands it back as stderr with stdout empty, one that passes as stdout. The tool's text is ``<stdout>``, the
    output, ``</stdout>``, ``<stderr>``, the output, ``</stderr>`` on lines of their own, and its ``_meta`` repeats
    them with the exit code, the description and the command (``encoding/json`` of a map: keys sorted, HTML escaped).
    MCPHost hands the model the whole result marshalled, ``_meta`` first, then ``content``. Its filesystem server's
    read_file answers a text file as one text content."""
    printed = f"{output}\n" if output else ""

    def ran(exit_code: int) -> str:
        stdout, stderr = ("", printed) if exit_code else (printed, "")
        meta = (
            f'{{"description":{_go_json(MCPHOST_DESCRIPTION, True)},"exit":{exit_code},'
            f'"stderr":{_go_json(stderr, True)},"stdout":{_go_json(stdout, True)},"title":{_go_json(command, True)}}}'
        )
        text = f"<stdout>\n{stdout}\n</stdout>\n<stderr>\n{stderr}\n</stderr>"
        return f'{{"_meta":{meta},"content":[{{"type":"text","text":{_go_json(text, False)}}}]}}'

    return {
        "mcphost_ok": ran(0),
        "mcphost_failed": ran(code),
        "mcphost_read": f'{{"content":[{{"type":"text","text":{_go_json(before, False)}}}]}}',
    }


def _theia(output: str, code: int, root: str) -> dict[str, str]:
    """Theia's shellExecute answers ``{success, exitCode, output, duration, cwd}`` (``error`` is left out when there
    is none), the output trimmed as ``combineAndTruncate`` keeps it (the corpus's one stream as stdout: no
    ``--- stderr ---`` part); Theia's Anthropic model sends an object result as ``JSON.stringify`` of it."""
    kept = _theia_truncate(output.strip())

    def ran(exit_code: int) -> str:
        result = {"success": exit_code == 0, "exitCode": exit_code, "output": kept}
        result |= {"duration": THEIA_DURATION_MS, "cwd": root}
        return json.dumps(result, ensure_ascii=False, separators=(",", ":"))

    return {"theia_ok": ran(0), "theia_failed": ran(code)}


def _theia_truncate(output: str, head: int = 50, tail: int = 50, grace: int = 10, width: int = 1000) -> str:
    """``combineAndTruncate``: lines past ``width`` keep their two ends around ``... [N chars omitted] ...``; past
    ``head + tail + grace`` lines only the first and last are kept around ``... [N lines omitted] ...``."""
    if not output:
        return output

    def cut(line: str) -> str:
        if len(line) <= width:
            return line
        half = (width - 30) // 2
        return f"{line[:half]} ... [{len(line) - half * 2} chars omitted] ... {line[-half:]}"

    lines = output.split("\n")
    if len(lines) <= head + tail + grace:
        return "\n".join(cut(line) for line in lines)
    omitted = f"\n... [{len(lines) - head - tail} lines omitted] ...\n"
    return "\n".join([*(cut(line) for line in lines[:head]), omitted, *(cut(line) for line in lines[-tail:])])


def mcp_host_slots(
    output: str, before: str, after: str, code: int, command: str, old: str, new: str, abs_path: str, root: str
) -> dict[str, str]:
    """``{coder_args}``/``{coder_ok}``/``{coder_failed}``/``{coder_read}``/``{coder_span}``/``{coder_written}``
    (open-coder) and ``{tiny_ok}``/``{tiny_failed}``/``{tiny_read}`` (tiny-agents with mcp-server-command);
    ``output`` without its last newline, ``code`` the failing run's, ``root`` the project's folder."""
    printed = f"{output}\n" if output else ""

    def coder_ran(exit_code: int) -> str:
        # run_command splits a command on spaces and runs no shell: the model sends bash, -c and the line as args
        text = f"🔧 Command: bash -c ({command}) 2>&1\n⏱\ufe0f  Execution Time: {CODER_ELAPSED}\n{CODER_RULE}\n"
        text += f"📊 Exit Code: {exit_code}\n"
        if printed:
            text += f"\n📤 Standard Output:\n{CODER_RULE}\n{printed}"
        done = f"⚠\ufe0f  Command exited with code {exit_code}" if exit_code else "✅ Command completed successfully"
        return go_content(f"{text}\n{done}\n")

    written = (after.rstrip("\n") + "\n").encode()  # the whole file as the model sends it, its last newline kept
    stdout = java_trim(java_lines(printed))

    return {
        "coder_args": json.dumps(["-c", f"({command}) 2>&1"]),
        "coder_ok": coder_ran(0),
        "coder_failed": coder_ran(code),
        "coder_read": go_content(before),  # split on newlines and joined again: the text as it is
        "coder_span": span_slots(before, old, new, abs_path)["span_new"].removesuffix("\n"),
        "coder_written": go_content(f"Successfully wrote {len(written)} bytes to {abs_path.removeprefix(root + '/')}"),
        "tiny_ok": stdout or "[No content]",
        "tiny_failed": "\n".join([f"Command failed with exit code: {code}", *([stdout] if stdout else [])]),
        "tiny_read": java_trim(java_lines(before)) or "[No content]",
    }


def go_content(text: str) -> str:
    """Go's ``%v`` of the ``*mcp.TextContent`` open-coder takes from a result: its text, its empty ``Meta`` map and
    its nil ``Annotations`` between ``&{`` and ``}``."""
    return f"&{{{text} map[] <nil>}}"


def java_lines(text: str) -> str:
    """A stream as mcp-server-command reads it: BufferedReader.readLine() ends a line at ``\\n``, ``\\r`` or both,
    and each line is appended with ``\\n``."""
    lines = re.split(r"\r\n|\r|\n", text)
    if lines[-1] == "":
        lines.pop()
    return "".join(f"{line}\n" for line in lines)


def java_trim(text: str) -> str:
    """Java's String.trim(): every character up to the space cut from both ends (terminal escapes' ESC among them)."""
    return text.strip(JAVA_TRIMMED)


def world_slots(output: str, before: str, after: str, code: int, command: str, abs_path: str) -> dict[str, str]:
    """``{world_ok}``/``{world_failed}`` (a run through ``bash -c`` with ``2>&1``), ``{world_read}``/
    ``{world_missing}`` (``cat`` of the file, and of a file that is not there) and ``{world_written}`` (the whole file
    written through ``bash -c`` and a here-document): Agent World's shell_cmd summaries, ``output`` without its last
    newline and ``code`` the failing run's."""
    printed = f"{output}\n" if output else ""
    script = f"cat > {abs_path} <<'EOF'\n{after.rstrip(chr(10))}\nEOF"
    return {
        "world_ok": world_ran(["bash", "-c", f"({command}) 2>&1"], 0, printed),
        "world_failed": world_ran(["bash", "-c", f"({command}) 2>&1"], code, printed),
        "world_read": world_ran(["cat", abs_path], 0, before),
        "world_missing": world_ran(["cat", abs_path], 1, "", f"cat: {abs_path}: No such file or directory\n"),
        "world_written": world_ran(["bash", "-c", script], 0, ""),
    }


def world_ran(argv: list[str], code: int, stdout: str, stderr: str = "") -> str:
    """shell_cmd's formatResultForLLM: the program and its parameters joined by spaces, the time and duration, the
    exit code (or, for a code other than 0, ``Error: Command exited with code N``), then each stream that printed
    under its heading, or ``(No output)`` when neither printed and nothing failed; the parts joined by newlines."""
    parts = [f"Command: {' '.join(argv)}", f"Executed at: {WORLD_EXECUTED_AT}", f"Duration: {WORLD_DURATION_MS}ms"]
    parts.append(f"Error: Command exited with code {code}" if code else "Exit code: 0")
    if stdout:
        parts.append(f"\nStandard Output:\n{stdout}")
    if stderr:
        parts.append(f"\nStandard Error:\n{stderr}")
    if not stdout and not stderr and not code:
        parts.append("\n(No output)")
    return "\n".join(parts)
