"""Placeholders of agent dialects (``tests/dialects``) whose tools answer with a structure built around a run's exit
code or a file's text: Python's ``str()`` of a dict and ``json.dumps`` of it (CowAgent), a file numbered ``{n:6d}``
and a tab as a JSON string (Amplifier's read_file, inside ``json.dumps`` of its answer), and a file numbered ``N: ``
with a count of its lines under it (ZeroClaw's file_read); JavaScript's ``JSON.stringify`` of a run's result with a
summary of it (VoltAgent's execute_command), ``json.dumps(..., indent=2)`` of a run's result and of a read file
(MS-Agent's code executor), and a run's output under a line naming its exit code (ellama's shell_command); a file
numbered ``N`` and a tab over Kotlin's ``lines()`` and an edit echoing its old and new text cut to a preview (ProxyAI's
Read and Edit); serde_json's pretty print of a run's result and of a read file numbered ``{:>6}│ ``, inside a
``<tool_output>`` element (IronClaw's shell and read_file), and the lines an edit replaces with one line of context
either side, as a model asked to include them sends Kwaak's replace_lines; codemcp's RunCommand, ReadFile and EditFile
answers (a run's stdout as its truncation rejoins the lines, a file numbered ``{n:6}`` and a tab, an edit's window
numbered ``{n:4d} | ``); nanocode's bash and read answers (the output stripped or ``(empty)``, a file numbered
``{n:4}| ``), MCPHost's answers as the Go JSON of an MCP tool result with its ``_meta`` (its bash and filesystem
servers) and Theia's shellExecute answer as ``JSON.stringify`` of its result; Continue's ``cn``, Agency Swarm's and
auto-coder's answers (``fidelity_answers_cli``); AgenticSeek's, Magentic-UI's, AutoAgent's, ClawdEx's, SeaClaw's,
Claudine's, mcphub.nvim's, Clyde's and the sandbox agent's (``fidelity_answers_reply``); AIChat's, Groq Code CLI's,
R2E-Gym's, Efrit's, Ponderer's, MLE-agent's, ikigai's, MyCoder's, mycoder-mini's, tokkibot's, TunaCode's, Blufio's and
ZeptoClaw's (``fidelity_answers_tools``).
``fidelity_corpora`` fills them from the case, the run's printed output (its last newline dropped), the exit code the
failing run ended with, the fix's old and new text, the command and the project's folder."""

from __future__ import annotations

import difflib
import json

from . import fidelity_answers_cli as cli
from . import fidelity_answers_hosts as hosts
from . import fidelity_answers_reply as reply
from . import fidelity_answers_tools as tools


def answer_slots(
    output: str,
    before: str,
    after: str,
    abs_path: str,
    code: int,
    old: str = "",
    new: str = "",
    command: str = "",
    root: str = "",
) -> dict[str, str]:
    """The slots named in the module's docstring: ``{cow_ok}``/``{cow_failed}``/``{cow_read}``/``{cow_edited}``/
    ``{cow_written}``, ``{six_tabbed_json}``, ``{zeroclaw_read}``, ``{volt_ok}``/``{volt_failed}``,
    ``{msagent_ok}``/``{msagent_failed}``/``{msagent_read}``, ``{ellama_ok}``/``{ellama_failed}`` and
    ``{proxyai_read}``/``{proxyai_edited}``, ``{ironclaw_ok}``/``{ironclaw_failed}``/``{ironclaw_read}`` and
    ``{kwaak_start}``/``{kwaak_end}``/``{kwaak_content}``, ``{codemcp_ok}``/``{codemcp_failed}``/``{codemcp_read}``/
    ``{codemcp_snippet}``, ``{nano_output}``/``{nano_read}``, ``{mcphost_ok}``/``{mcphost_failed}``/``{mcphost_read}``
    and ``{theia_ok}``/``{theia_failed}``, with those ``fidelity_answers_cli`` makes (Continue's ``cn``, Agency Swarm
    and auto-coder), ``fidelity_answers_reply`` (AgenticSeek, Magentic-UI, AutoAgent, ClawdEx, SeaClaw, Claudine,
    mcphub.nvim, Clyde and the sandbox agent) and ``fidelity_answers_tools`` (AIChat, Groq Code CLI, R2E-Gym, Efrit,
    Ponderer, MLE-agent, ikigai, MyCoder, mycoder-mini, tokkibot, TunaCode, Blufio and ZeptoClaw)."""
    lines = before.split("\n")
    kept = lines[:-1] if before.endswith("\n") else lines  # str.lines() in Rust, readlines() in Python
    return {
        **_cow(output, before, after, abs_path, code),
        **_ran(output, before, abs_path, code),
        **_proxyai(before, abs_path, old, new),
        **_ironclaw(output, before, abs_path, code),
        **_kwaak(before, after, old),
        **_codemcp(output, before, code, old, new),
        **hosts.answer_slots(output, before, code, command, root),
        **cli.answer_slots(output, before, after, abs_path, code, root),
        **reply.answer_slots(output, before, after, code, root, abs_path, command),
        **reply.claw_slots(output, before, code),
        **reply.shell_slots(output, before, code, command, old, new, root),
        **reply.php_slots(output, after, before, code, abs_path),
        **hosts.mcp_host_slots(output, before, after, code, command, old, new, abs_path, root),
        **hosts.world_slots(output, before, after, code, command, abs_path),
        **tools.answer_slots(output, before, after, abs_path, code, old, new, root),
        **tools.efrit_slots(output, before, after, abs_path, old, root),
        **tools.json_agent_slots(output, before, code, command),
        **tools.run_agent_slots(output, before, after, abs_path, code, old, command, root),
        # Amplifier's read_file numbers splitlines() right-aligned to six and a tab; its answer is json.dumps of a dict.
        "six_tabbed_json": json.dumps("\n".join(f"{n:6d}\t{line}" for n, line in enumerate(kept, 1))),
        # ZeroClaw's file_read numbers each line `N: ` and says how many there are under them.
        "zeroclaw_read": "\n".join(f"{n}: {line}" for n, line in enumerate(kept, 1)) + f"\n[{len(kept)} lines total]",
    }


def _cow(output: str, before: str, after: str, abs_path: str, code: int) -> dict[str, str]:
    """CowAgent's answers: its bash tool hands back ``{output, exit_code, details}``, the output kept with its last
    newline or ``(no output)``, and ``\\n\\nCommand exited with code N`` added when the run failed; the agent sends a
    success as ``json.dumps(..., ensure_ascii=False)`` and a failure as ``Error: `` and Python's ``str()`` of the dict.
    Its read answers the text with its line counts as ``str.split("\\n")`` counts them; its edit the unified diff of
    the file (``original``/``modified``, three lines of context) and the first changed line; its write the bytes it
    wrote (the fixed text without its last newline, as the dialect sends it)."""
    printed = f"{output}\n" if output else "(no output)"
    failed = {"output": f"{printed}\n\nCommand exited with code {code}", "exit_code": code, "details": None}
    counted = len(before.split("\n"))
    diff = list(
        difflib.unified_diff(before.split("\n"), after.split("\n"), lineterm="", fromfile="original", tofile="modified")
    )
    first = next((int(line.split("+")[1].split(",")[0].split(" ")[0]) for line in diff if line.startswith("@@")), None)
    written = len(after.rstrip("\n").encode())

    def dumped(value: object) -> str:
        return json.dumps(value, ensure_ascii=False)

    return {
        "cow_ok": dumped({"output": printed, "exit_code": 0, "details": None}),
        "cow_failed": f"Error: {failed}",
        "cow_read": dumped({"content": before, "total_lines": counted, "start_line": 1, "output_lines": counted}),
        "cow_edited": dumped(
            {
                "message": f"Successfully replaced text in {abs_path}",
                "path": abs_path,
                "diff": "\n".join(diff),
                "first_changed_line": first,
            }
        ),
        "cow_written": dumped(
            {"message": f"Successfully wrote {written} bytes to {abs_path}", "path": abs_path, "bytes_written": written}
        ),
    }


def _ran(output: str, before: str, abs_path: str, code: int) -> dict[str, str]:
    """Three agents' answers to a run, each a success (exit code 0) and a failure (the run's own code).

    VoltAgent's execute_command returns an object that the AI SDK hands the model as ``JSON.stringify`` of it (no
    spaces, non-ASCII as it is): success, exit code, duration, the two streams with the printed text as stdout, and a
    summary naming the exit code and the bytes captured. MS-Agent's shell_executor answers ``json.dumps(...,
    ensure_ascii=False, indent=2)`` of success, stdout and stderr stripped of newlines at both ends, and the return
    code; its read answers the file's text the same way. ellama's shell_command answers the output without its last
    newlines, a failure under ``Command failed with exit code N.``, and a sentence when nothing was printed."""
    printed = f"{output}\n" if output else ""
    stripped = output.strip("\n")

    def volt(exit_code: int) -> str:
        captured = f"captured inline ({len(printed.encode())} bytes)" if printed else "(empty)"
        summary = f"Exit code: {exit_code}\nDuration: 1200 ms\nSTDOUT: {captured}\nSTDERR: (empty)"
        result = {
            "success": exit_code == 0,
            "exit_code": exit_code,
            "duration_ms": 1200,
            "timed_out": False,
            "aborted": False,
            "stdout": printed,
            "stderr": "",
            "stdout_truncated": False,
            "stderr_truncated": False,
            "summary": summary,
        }
        return json.dumps(result, ensure_ascii=False, separators=(",", ":"))

    def msagent(exit_code: int) -> str:
        result = {"success": exit_code == 0, "output": stripped, "error": None, "return_code": exit_code}
        return json.dumps(result, ensure_ascii=False, indent=2)

    def ellama(exit_code: int) -> str:
        if not output:
            done = "completed successfully with" if not exit_code else f"failed with exit code {exit_code} and"
            return f"Command {done} no output."
        return f"Command failed with exit code {exit_code}.\n{output}" if exit_code else output

    read = {"success": True, "file_path": abs_path, "output": before}
    return {
        "volt_ok": volt(0),
        "volt_failed": volt(code),
        "msagent_ok": msagent(0),
        "msagent_failed": msagent(code),
        "msagent_read": json.dumps(read, ensure_ascii=False, indent=2),
        "ellama_ok": ellama(0),
        "ellama_failed": ellama(code),
    }


def _proxyai(before: str, abs_path: str, old: str, new: str) -> dict[str, str]:
    """ProxyAI's Read numbers Kotlin's ``lines()`` of the file (a text ending in a newline has an empty last line)
    ``N`` and a tab, and trims the end of the whole, so the last line's number stays alone; its Edit says what it
    replaced, the old and new text trimmed, kept to 200 characters and shown to 97 and ``...`` past 100."""

    def preview(text: str) -> str:
        kept = text.strip()[:200]
        return kept[:97] + "..." if len(kept) > 100 else kept

    edited = (
        f"Successfully edited file '{abs_path}'\nMade 1 replacement\n\nChanges made:\n- File: {abs_path}\n"
        f'- Replacements: 1\n\n- Old text: "{preview(old)}"\n- New text: "{preview(new)}"'
    )
    numbered = "\n".join(f"{n}\t{line}" for n, line in enumerate(before.split("\n"), 1))
    return {"proxyai_read": numbered.rstrip(), "proxyai_edited": edited}


def _ironclaw(output: str, before: str, abs_path: str, code: int) -> dict[str, str]:
    """IronClaw hands a tool's JSON result to the model as serde_json's pretty print (two spaces, keys in order since
    its maps are sorted, non-ASCII as it is) between ``<tool_output name="TOOL">`` and ``</tool_output>`` lines. Its
    shell answers the output as printed, the exit code, success and whether it ran sandboxed; its read_file the lines
    of Rust's ``lines()`` numbered ``{:>6}│ `` and joined by newlines, with their counts and the path."""

    def wrapped(tool: str, result: dict[str, object]) -> str:
        return f'<tool_output name="{tool}">\n{json.dumps(result, ensure_ascii=False, indent=2)}\n</tool_output>'

    def ran(exit_code: int) -> str:
        printed = f"{output}\n" if output else ""
        return wrapped(
            "shell", {"exit_code": exit_code, "output": printed, "sandboxed": False, "success": exit_code == 0}
        )

    lines = before.splitlines()
    read = {
        "content": "\n".join(f"{n:>6}\u2502 {line}" for n, line in enumerate(lines, 1)),
        "lines_shown": len(lines),
        "path": abs_path,
        "total_lines": len(lines),
        "truncated_by_default": False,
    }
    return {"ironclaw_ok": ran(0), "ironclaw_failed": ran(code), "ironclaw_read": wrapped("read_file", read)}


def _kwaak(before: str, after: str, old: str) -> dict[str, str]:
    """Kwaak's replace_lines takes a region of whole lines and the text that replaces it, and asks for a line of
    context before and after the change (its first and last lines must match the file's and not be blank): the lines
    the fix touches and one more on each side where the file has them, widened past blank lines, numbered from 1, and
    the fixed text of that region."""
    old_lines, new_lines = before.splitlines(), after.splitlines()
    at = before.find(old) if old else 0
    first = before.count("\n", 0, max(at, 0)) + 1
    last = before.count("\n", 0, max(at, 0) + max(len(old) - 1, 0)) + 1
    start, end = max(first - 1, 1), min(last + 1, len(old_lines))
    while start > 1 and not old_lines[start - 1].strip():  # its first and last lines may not be blank
        start -= 1
    while end < len(old_lines) and not old_lines[end - 1].strip():
        end += 1
    grown = len(new_lines) - len(old_lines)
    return {
        "kwaak_start": str(start),
        "kwaak_end": str(end),
        "kwaak_content": "\n".join(new_lines[start - 1 : end + grown]),
    }


def _codemcp(output: str, before: str, code: int, old: str, new: str) -> dict[str, str]:
    """codemcp's answers. RunCommand runs the project's configured command and hands back its stdout through
    ``truncate_output_content``, which splits it with ``str.splitlines()`` (a carriage return ends a line too), cuts
    lines past 1,000 characters and joins them with newlines: ``Code check successful:`` over it, or a failure as
    ``Error: Check command failed with exit code N:`` with ``STDOUT:`` and ``STDERR:`` sections (``<empty>`` for an
    empty one; the corpus's one stream is its stdout). ReadFile numbers each line ``{n:6}`` and a tab, its end
    stripped; EditFile shows the fixed file from four lines before the replaced text's first line to four past its
    new text, numbered ``{n:4d} | ``, as ``get_edit_snippet`` cuts it."""
    lines = [line if len(line) <= 1000 else line[:1000] + "... (line truncated)" for line in output.splitlines()]
    stdout = "\n".join(lines)
    shown = f"STDOUT:\n{stdout}" if stdout else "STDOUT: <empty>"
    at = len(before.split(old)[0].split("\n")) if old else 1
    edited = before.replace(old, new).split("\n") if old else before.split("\n")
    start, end = max(0, at - 4), min(len(edited), at + 4 + len(new.split("\n")))
    read = (before[:-1] if before.endswith("\n") else before).split("\n") if before else []  # readlines()
    return {
        "codemcp_ok": f"Code check successful:\n{stdout}",
        "codemcp_failed": f"Error: Check command failed with exit code {code}:\n{shown}\nSTDERR: <empty>",
        "codemcp_read": "\n".join(f"{n:6}\t{line.rstrip()}" for n, line in enumerate(read, 1)),
        "codemcp_snippet": "\n".join(f"{n + 1:4d} | {edited[n]}" for n in range(start, end)),
    }
