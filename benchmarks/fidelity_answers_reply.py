"""Placeholders of six agent dialects (``tests/dialects``) whose answers are built from a run in a way a plain
template cannot write: AgenticSeek's Coder (a ```` ```bash ```` block
run as ``cd WORKDIR && COMMAND`` with the block's newlines removed, its output under ``Output of COMMAND:`` or
``Command COMMAND failed with return code N:``, prefixed ``[success] ...`` or ``[failure] ...`` by a search for error
words in that text, so a passing run that prints one of them reads as failed) and Magentic-UI's Coder (each block's
result under ``Execution Result of Code Block N:`` in a ```` ```console ```` fence), both running the code blocks of
the model's reply, and AutoAgent's terminal tools (the output under ``[SUCCESS]`` or ``[ERROR]`` in the frame of its
text browser's viewport). Three personal agents answer a read with the file's text as it is, and one a failed run in
its own language's words (``claw_slots``): ClawdEx's exec and read (a failure as ``Error: `` and Elixir's ``inspect``
of ``Command exited with code N``, a blank line and the output, quoted and escaped and cut past 4,096 characters;
a read as the text split on newlines, kept to 2,000 lines and 50,000 characters), SeaClaw's file_read (the text,
kept to 512 KB) and Claudine's ReadFiles (the text as it is). Three more answer a run in words of their own
(``shell_slots``): the execute_command of mcphub.nvim's Neovim server (the command, the folder and the exit code over
the output's lines that are not blank), Clyde's run_bash (a failure as ``Command failed with exit code N: COMMAND``,
``Output:`` and the output, with hints chosen by the exit code and the command's words) and patch_file (the bytes
replaced), and the sandbox agent's bash (the output, or ``exited with status N`` for a failure that printed nothing).
One more answers in PHP's JSON (``php_slots``): ash, whose proc_open, read_file and write_file hand the model
``json_encode`` of their result arrays (slashes escaped, characters past ASCII as ``\\u`` escapes).
``fidelity_answers`` merges them into its slots."""

from __future__ import annotations

import json
import re

#: The words AgenticSeek's BashInterpreter.execution_failure_check looks for (case aside) in what a run returned.
SEEK_ERROR_WORDS = (
    "expected",
    "errno",
    "failed",
    "invalid",
    "unrecognized",
    "exception",
    "syntax",
    "segmentation fault",
    "core dumped",
    "unexpected",
    "denied",
    "not recognized",
    "not permitted",
    "not installed",
    "not found",
    "aborted",
    "no such",
    "too many",
    "too few",
    "busy",
    "broken pipe",
    "missing",
    "undefined",
    "refused",
    "unreachable",
    "not known",
)
_SEEK_ERROR = re.compile("|".join(SEEK_ERROR_WORDS), re.IGNORECASE)

#: What Magentic-UI's Coder hands back for a block that printed nothing.
MUI_NO_CONSOLE = (
    "The script ran but produced no output to console. The POSIX exit code was: 0. If you were expecting output, "
    "consider revising the script to ensure content is printed to stdout."
)


def answer_slots(
    output: str, before: str, after: str, code: int, root: str, abs_path: str, command: str
) -> dict[str, str]:
    """``{seek_ok}``/``{seek_failed}``/``{seek_read}``/``{seek_printf}``/``{seek_written}`` and
    ``{mui_ok}``/``{mui_failed}``/``{mui_read}`` and ``{autoagent_ok}``/``{autoagent_failed}``/``{autoagent_read}``;
    ``output`` without its last newline."""
    printed = f"{output}\n" if output else ""
    file = abs_path.removeprefix(f"{root}/")
    return {
        **_seek(output, printed, before, after, code, root, file, command),
        **_mui(printed, before, code),
        "autoagent_ok": autoagent_frame("execute_command", 0, printed),
        "autoagent_failed": autoagent_frame("execute_command", code, printed),
        "autoagent_read": autoagent_frame("read_file", 0, before),
    }


def seek_feedback(returned: str) -> str:
    """BashInterpreter.interpreter_feedback: what the run returned under a verdict read from its words alone."""
    if _SEEK_ERROR.search(returned):
        return f"[failure] Error in execution:\n{returned}"
    return f"[success] Execution success, code output:\n{returned}"


def seek_printf(text: str, file: str) -> str:
    """A one-line ``printf`` writing ``text`` to ``file``: the Coder's bash blocks lose their newlines when run."""
    quoted = " ".join("'" + line.replace("'", "'\\''") + "'" for line in text.split("\n")[:-1] or [""])
    return f"printf '%s\\n' {quoted} > {file}"


def _seek(
    output: str, printed: str, before: str, after: str, code: int, root: str, file: str, command: str
) -> dict[str, str]:
    """A run that exits 0 returns ``Output of cd ROOT && COMMAND:`` and its output stripped; one that fails,
    ``Command cd ROOT && COMMAND failed with return code N:`` and the output as printed."""
    run = f"cd {root} && {command}"
    written = f"cd {root} && {seek_printf(after, file)}"
    return {
        "seek_ok": seek_feedback(f"Output of {run}:\n{output.strip()}\n"),
        "seek_failed": seek_feedback(f"Command {run} failed with return code {code}:\n{printed}"),
        "seek_read": seek_feedback(f"Output of cd {root} && cat {file}:\n{before.strip()}\n"),
        "seek_printf": seek_printf(after, file),
        "seek_written": seek_feedback(f"Output of {written}:\n\n"),
    }


def _console(body: str) -> str:
    return f"\n\nExecution Result of Code Block 1:\n```console\n{body}\n```"


def _mui(printed: str, before: str, code: int) -> dict[str, str]:
    """Magentic-UI's Coder keeps a block's output as printed, says so when there was none, and puts a failure's
    output under the exit code; the thread gets each result fenced under its block's number."""
    failed = f"The script ran, then exited with an error (POSIX exit code: {code})\nIts output was:\n{printed}"
    return {
        "mui_ok": _console(printed if printed.strip() else MUI_NO_CONSOLE),
        "mui_failed": _console(failed if printed.strip() else MUI_NO_CONSOLE.replace("was: 0", f"was: {code}")),
        "mui_read": _console(before if before.strip() else MUI_NO_CONSOLE),
    }


#: The characters AutoAgent's terminal browser shows per page (``viewport_size``).
AUTOAGENT_PAGE = 1024 * 8
AUTOAGENT_RULE = "=" * 46


def autoagent_frame(tool: str, status: int, printed: str) -> str:
    """AutoAgent's process_terminal_response: the run's output (a space when it printed nothing) after ``[SUCCESS] ``
    or ``[ERROR] ``, written to a file the terminal browser opens, and its first page shown under the tool's name and
    the viewport's position between two rules. A page is taken as a fixed count of characters."""
    shown = f"[{'ERROR' if status else 'SUCCESS'}] {printed or ' '}"
    pages = max(1, -(-len(shown) // AUTOAGENT_PAGE))
    head = [
        f"[The output of the tool `{tool}` showing in the interactive terminal]",
        f"Terminal viewport position: Showing page 1 of {pages}.",
    ]
    if pages > 1:
        head.append(
            f"[NOTE] The output of the tool `{tool}`, you can use `terminal_page_up` to scroll up and "
            "`terminal_page_down` to scroll down. If there are many pages with meaningless content like progress bar "
            "or output of generating directory structure when there are many datasets in the directory, you can use "
            "`terminal_page_to` to move the viewport to the end of terminal where the meaningful content is."
        )
    return "\n".join(head) + f"\n{AUTOAGENT_RULE}\n{shown[:AUTOAGENT_PAGE]}\n{AUTOAGENT_RULE}\n"


#: Elixir's ``inspect`` shows this many characters of a string before `` <> ...`` (``printable_limit``'s default).
ELIXIR_PRINTABLE = 4096
#: Elixir's ``inspect`` shows this many bytes of a binary that is not printable before ``...`` (``limit``'s default).
ELIXIR_LIMIT = 50
#: The escapes Elixir's ``inspect`` writes for a string's quote, backslash and control characters.
ELIXIR_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\n": "\\n",
    "\r": "\\r",
    "\t": "\\t",
    "\v": "\\v",
    "\b": "\\b",
    "\f": "\\f",
    "\x1b": "\\e",
    "\x7f": "\\d",
    "\a": "\\a",
}
#: ClawdEx's read keeps this many lines (``limit``'s default) and this many characters (its 50 KB check).
CLAWDEX_LINES, CLAWDEX_CHARS = 2000, 50_000
#: SeaClaw's file_read reads at most this many bytes (``MAX_FILE_READ``).
SEACLAW_READ_MAX = 512 * 1024


def claw_slots(output: str, before: str, code: int) -> dict[str, str]:
    """``{clawdex_failed}``/``{clawdex_read}``, ``{seaclaw_read}`` and ``{claudine_read}``; ``output`` without its
    last newline, ``code`` the failing run's."""
    printed = f"{output}\n" if output else ""
    lines = before.split("\n")[:CLAWDEX_LINES]  # String.split keeps the empty piece after a last newline
    kept = "\n".join(lines)
    if len(kept.encode()) > CLAWDEX_CHARS:
        kept = kept[:CLAWDEX_CHARS] + "\n\n[Output truncated at 50KB]"
    return {
        "clawdex_failed": "Error: " + elixir_inspect(f"Command exited with code {code}\n\n{printed}"),
        "clawdex_read": kept,
        "seaclaw_read": before.encode()[:SEACLAW_READ_MAX].decode(errors="ignore"),
        "claudine_read": before,
    }


def elixir_printable(text: str) -> bool:
    """String.printable?: every character a printable one or one of the control characters a string may show."""
    return all(
        ch in ELIXIR_ESCAPES
        or 0x20 <= ord(ch) <= 0x7E
        or 0xA0 <= ord(ch) <= 0xD7FF
        or 0xE000 <= ord(ch) <= 0xFFFD
        or ord(ch) >= 0x10000
        for ch in text[:ELIXIR_PRINTABLE]
    )


def elixir_inspect(text: str) -> str:
    """Elixir's ``inspect`` of a string with the default options: quoted, with its quote, backslash, ``#{`` and
    control characters escaped, cut past 4,096 characters with `` <> ...``; a string it cannot print shows as its
    first 50 bytes, ``<<104, 105, ...>>``."""
    if not elixir_printable(text):
        data = text.encode()
        shown = ", ".join(str(b) for b in data[:ELIXIR_LIMIT])
        return f"<<{shown}{', ...' if len(data) > ELIXIR_LIMIT else ''}>>"
    head = text[:ELIXIR_PRINTABLE]
    body = "".join(ELIXIR_ESCAPES.get(ch, ch) for ch in head).replace("#{", "\\#{")
    return f'"{body}"' + (" <> ..." if len(text) > ELIXIR_PRINTABLE else "")


#: The hints Clyde's run_bash adds under a failed run's output, by exit code (an exit code of 1 by the command's words).
CLYDE_HINTS = {
    127: (
        "Exit code 127 typically means 'command not found'.",
        "Suggestions:",
        "  - Check if the command is installed",
        "  - Verify the command name is spelled correctly",
        "  - Try which <command> to see if it's in PATH",
    ),
    126: (
        "Exit code 126 typically means 'permission denied'.",
        "Suggestions:",
        "  - Check file/script permissions",
        "  - Try: chmod +x <script>",
    ),
}
CLYDE_TEST_HINT = ("This may indicate test failures. Check the output above for details.",)
CLYDE_GIT_HINT = (
    "Git command failed. Check the output above for details.",
    "Common issues: uncommitted changes, merge conflicts, or invalid references.",
)


def shell_slots(output: str, before: str, code: int, command: str, old: str, new: str, root: str) -> dict[str, str]:
    """``{nvim_ok}``/``{nvim_failed}``/``{nvim_read}``, ``{clyde_failed}``/``{clyde_patched}``/``{clyde_read}`` and
    ``{sandbox_failed}``/``{sandbox_read}`` (a file's text as it is, as read_file and ``cat`` hand it back);
    ``output`` without its last newline, ``code`` the failing run's, ``command`` as the model sent it (Clyde runs it
    in its own folder, here the project's), ``root`` the project's folder."""
    printed = f"{output}\n" if output else ""
    hints = CLYDE_HINTS.get(code, ())
    if code == 1 and "test" in command:  # Go's strings.Contains: case counts
        hints = CLYDE_TEST_HINT
    elif code == 1 and "git" in command:
        hints = CLYDE_GIT_HINT
    failed = [f"Command failed with exit code {code}: {command}", "", "Output:", printed]
    old_len, new_len = len(old.encode()), len(new.encode())  # Go's len(): bytes
    return {
        "nvim_ok": nvim_ran(output, command, root, 0),
        "nvim_failed": nvim_ran(output, command, root, code),
        "nvim_read": before,
        "clyde_failed": "\n".join(failed + (["", *hints] if hints else [])),
        "clyde_patched": f"replaced {old_len} bytes with {new_len} bytes (change: {new_len - old_len:+d} bytes)",
        "clyde_read": before,
        "sandbox_failed": printed or f"exited with status {code}",
        "sandbox_read": before,
    }


def nvim_ran(output: str, command: str, root: str, code: int) -> str:
    """What the execute_command of mcphub.nvim's Neovim server answers: the command as jobstart ran it (the model's,
    its streams joined), the folder and the exit code, then ``Output:``, a blank line and each line of the output
    that is not empty, each with its newline (the job's callback skips empty items), or ``Command completed with no
    output.``"""
    lines = "".join(f"{line}\n" for line in output.split("\n") if line)
    head = f"Command: ({command}) 2>&1\nWorking Directory: {root}\nExit Code: {code}\n"
    return head + (f"Output:\n\n{lines}" if lines else "Command completed with no output.")


def php_slots(output: str, after: str, before: str, code: int, abs_path: str) -> dict[str, str]:
    """``{ash_ok}``/``{ash_failed}`` (proc_open's stdout, stderr and exit code, both streams in stdout as the model's
    ``2>&1`` joins them), ``{ash_read}`` (read_file's content), ``{ash_abs}`` (a path as json_encode writes it) and
    ``{ash_written}`` (write_file's bytes written, the whole file sent with its last newline)."""
    printed = f"{output}\n" if output else ""
    written = (after.rstrip("\n") + "\n").encode()

    def ran(exit_code: int) -> str:
        return f'{{"stdout":{php_json(printed)},"stderr":"","exitCode":{exit_code}}}'

    return {
        "ash_ok": ran(0),
        "ash_failed": ran(code),
        "ash_read": f'{{"content":{php_json(before)}}}',
        "ash_abs": abs_path.replace("/", "\\/"),
        "ash_written": f'{{"bytes_written":{len(written)}}}',
    }


def php_json(text: str) -> str:
    """A string as PHP's json_encode writes it by default: ``/`` escaped, characters past ASCII as ``\\uXXXX`` (in
    surrogate pairs past the BMP), control characters as JSON's escapes, DEL as it is."""
    body = json.dumps(text, ensure_ascii=False).replace("/", "\\/")
    return re.sub(r"[^\x00-\x7f]", lambda m: _php_escape(ord(m.group())), body)


def _php_escape(point: int) -> str:
    """One character past ASCII as json_encode escapes it: one UTF-16 unit, or the two of a surrogate pair."""
    if point < 0x10000:
        return f"\\u{point:04x}"
    point -= 0x10000
    return f"\\u{0xD800 + (point >> 10):04x}\\u{0xDC00 + (point & 0x3FF):04x}"
