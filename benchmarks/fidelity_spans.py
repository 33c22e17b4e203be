"""Placeholders of the agent dialects (``tests/dialects``) that edit a file by a range of whole lines or show a file
in a numbering of their own: the lines a fix touches, what replaces them, and files as those agents print them.

``fidelity_corpora`` writes each history from a fix given as an old and a new string; an agent that edits by line
numbers (AgentScope's ``write_text_file`` with ``ranges``, MetaGPT's ``edit_file_by_replace``) sends the whole lines
the old string lies on and their new text instead, and answers with a window of the file after the edit. Moatless
Tools' ``StringReplace`` takes whole lines too and answers with a numbered snippet; Letta Code numbers a read with
arrows; Claude Engineer answers an edit with the count of lines added and removed; TaskWeaver's command-line
interpreter runs one line of shell per step, so its edits are one-line Python programs. Composio's file tool edits
whole lines and answers with numbered windows; Codel's terminal and LlamaIndex's code interpreter hand back a run's
output through a TTY and as Python bytes; OpenDevin's ``open_file`` numbers lines between markers of the file's ends;
Roo Code and Nanocoder pad their line numbers; AgentKit's tools answer in JavaScript's JSON, a read as a JSON list
inside the JSON of the answer. Mastra's workspace tools take terminal colours out of a run's output and number a read
``N→``; Koog's file tools render a file with its sizes and its text in a block named for its language; Kodelet numbers
a read, the block an edit wrote and a written file ``N: `` padded to the widest number, the last from zero. Suna
answers an edit with the fixed text around it; gptel-agent names an edit's old and new text cut to twenty columns as
Emacs cuts them, and hands back a run's output as printed; LobeHub's local-system tools answer a read with JSON of the
text and its counts."""

from __future__ import annotations

import difflib
import json
import re
import shlex
import unicodedata
from pathlib import PurePosixPath


def span_slots(before: str, old: str, new: str, abs_path: str) -> dict[str, str]:
    """The fix as whole lines (first and last line number, their text, the text replacing them) and the files as
    AgentScope, MetaGPT and CodeCompanion show them; each text slot also as a JSON string (``NAME_json``)."""
    at = before.index(old)
    start = before.rfind("\n", 0, at) + 1  # the first touched line begins here
    end_at = at + len(old) - (1 if old.endswith("\n") else 0)
    stop = before.find("\n", end_at)
    stop = len(before) if stop == -1 else stop + 1  # the last touched line ends here, its newline included
    after = before[:at] + new + before[at + len(old) :]
    replaced = after[start : len(after) - (len(before) - stop)]
    first = before.count("\n", 0, start) + 1
    last = before.count("\n", 0, max(start, stop - 1)) + 1
    lines = before.splitlines()
    after_lines = after.splitlines(keepends=True)
    shown_from = max(1, first - 5)  # AgentScope shows five lines either side of the written range
    shown_to = min(last + len(after_lines) - len(before.splitlines()) + 5, len(after_lines))
    text = {
        "span_old": before[start:stop],
        "first_line_text": lines[first - 1],
        "last_line_text": lines[last - 1],
        "span_new": replaced,
        "span_view": "".join(f"{n}: {after_lines[n - 1]}" for n in range(shown_from, shown_to + 1)),
        "coloned": "".join(f"{n}: {line}" for n, line in enumerate(before.splitlines(keepends=True), 1)),
        "window_after": "\n".join(
            ["(this is the beginning of the file)"]
            + [f"{n}|{line.rstrip(chr(10))}" for n, line in enumerate(after_lines, 1)]
            + ["(this is the end of the file)"]
        ),
        "arrowed": _arrowed(before),
        "moatless_view": _moatless_view(before, before[start:stop], replaced),
        "moatless_view_whole": _moatless_view(before, before, after),
    }
    numbered = "".join(f"{n:03}|{line}" for n, line in enumerate(before.splitlines(keepends=True), 1))
    return {
        "first_line": str(first),
        "last_line": str(last),
        "after_count": str(len(after_lines)),
        "ext": PurePosixPath(abs_path).suffix.lstrip("."),
        "basename": PurePosixPath(abs_path).name,
        "zero_barred_repr": repr(numbered),
        "window_before": _window(before),
        **_composio(abs_path, before, first, last, replaced),
        **{f"{name}_repr": repr(value) for name, value in (("old", old), ("new", new), ("after", after))},
        **_counts(before, after),
        **_padded_views(before, after, at, old, new),
        **_one_liners(abs_path, before, after, old, new),
        "agentkit_read": _js_json({"data": _js_json([{"path": abs_path, "content": before}])}),
        **_koog(abs_path, before, after),
        **_kodelet(before, after, old, new),
        **_suna_gptel(before, old, new),
        "lobe_read": _lobe_read(abs_path, before),
        **text,
        **{f"{name}_json": json.dumps(value) for name, value in text.items()},
    }


def shown_slots(output: str, before: str, after: str) -> dict[str, str]:
    """A run's output and a file as agents that do not hand back plain text show them: through a terminal (Codel's
    docker exec with a TTY ends every line with a carriage return) and as the bytes a Python program printed
    (LlamaIndex's code interpreter formats ``subprocess.run``'s bytes; ``print`` adds a newline to the text), and as
    JavaScript's ``JSON.stringify`` writes the stdout a command printed (AgentKit), whole or without its quotes; and a
    file as pydantic's compact JSON writes it with the token count Code Puppy's read estimates (a quarter of the
    characters), and the hunks of a change as the npm package ``diff`` writes them for the reference MCP filesystem
    server's edit_file (four lines of context, every range with its count)."""
    return {
        "before_js": _js_json(before),
        "jsdiff_hunks": _jsdiff_hunks(before, after),
        "before_quarter": str(len(before) // 4),
        "output_js": _js_json(f"{output}\n" if output else ""),
        "output_js_body": _js_json(output)[1:-1],
        "output_tty": output.replace("\n", "\r\n"),
        "before_tty": before.replace("\n", "\r\n"),
        "output_bytes": repr(f"{output}\n\n".encode() if output else b"\n"),
        "before_bytes": repr(f"{before}\n".encode()),
        **_stripped_views(output, before),
        **_numbered_views(output, before),
        # Kodelet wraps a run's combined output, its last newline kept, in <result> lines, or says it printed nothing.
        "output_newline_or_none": f"{output}\n" if output else "(No output)",
        # ECA sends a run's stdout trimmed under a heading of its own, and no heading when nothing was printed.
        "eca_stdout": f"\nStdout:\n{output.strip()}" if output.strip() else "",
        "mux_read": _mux_read(before),
        # gptel-agent's Bash hands back what the command printed as it is, its last newline kept.
        "output_printed": f"{output}\n" if output else "",
        # OpenClaw's exec and learn-claude-code's bash hand back the output stripped at both ends, or say it was empty.
        "output_stripped_or_none": output.strip() or "(no output)",
        # DeepCode's MCP tools answer with Python's json.dumps(ensure_ascii=False): the output as a JSON string with its
        # last newline (subprocess.run's stdout) and the file as read, non-ASCII characters written as they are.
        "output_json_raw": json.dumps(f"{output}\n" if output else "", ensure_ascii=False),
        "before_json_raw": json.dumps(before, ensure_ascii=False),
        # Stakpak's run_command hands back the output line by line, each line ending in a newline, or says it was empty;
        # its view numbers a file's lines padded to three.
        "output_newline_or_no_output": f"{output}\n" if output else "No output",
        "three_coloned": "\n".join(f"{n:3}: {line}" for n, line in enumerate(before.splitlines(), 1)),
        # Youtu-Agent's run_bash answers str() of a Python dict holding what a shell printed, stripped at both ends.
        "output_pydict": str({"command output": _ANSI.sub("", output).strip()}),
        "before_pydict": str({"command output": before.strip()}),
    }


def _suna_gptel(before: str, old: str, new: str) -> dict[str, str]:
    """Suna's answer to a ``str_replace``: the fixed text's lines from four before the edit's first line to four after
    its last, unnumbered (its ``SNIPPET_LINES``); and the old and new text as gptel-agent's Edit names them, each cut
    by Emacs' ``truncate-string-to-width`` to 20 columns, an ellipsis ending a cut one."""
    first = before.split(old)[0].count("\n")
    lines = before.replace(old, new).split("\n")[max(0, first - 4) : first + 4 + new.count("\n") + 1]
    return {"suna_snippet": "\n".join(lines), "old_emacs20": _emacs_cut(old, 20), "new_emacs20": _emacs_cut(new, 20)}


def _lobe_read(abs_path: str, before: str) -> str:
    """A file as LobeHub's ``readLocalFile`` answers it: JSON of the counts, the text of lines 0 to 200 (all of a short
    file) and its name, type and times (synthetic), lengths counted in JavaScript's UTF-16 units and lines as its
    ``split("\\n")`` counts them."""
    lines = before.split("\n")[:200]
    text = "\n".join(lines)
    name = PurePosixPath(abs_path)
    return _js_json(
        {
            "charCount": len(text.encode("utf-16-le")) // 2,
            "content": text,
            "createdTime": "2026-11-29T01:00:00.000Z",
            "fileType": name.suffix.lstrip(".").lower() or "unknown",
            "filename": name.name,
            "lineCount": len(lines),
            "loc": [0, 200],
            "modifiedTime": "2026-11-29T02:00:00.000Z",
            "totalCharCount": len(before.encode("utf-16-le")) // 2,
            "totalLineCount": len(before.split("\n")),
        }
    )


def _emacs_cut(text: str, columns: int) -> str:
    """``(truncate-string-to-width TEXT COLUMNS nil nil t)``: the text as it is when it fits, else its characters up
    to one column short of COLUMNS and the ellipsis ``…`` (one column). A newline takes no column, a tab eight, a
    wide character two."""

    def width(ch: str) -> int:
        return 0 if ch == "\n" else 8 if ch == "\t" else 2 if unicodedata.east_asian_width(ch) in "WF" else 1

    if sum(map(width, text)) <= columns:
        return text
    column, cut = 0, 0
    for ch in text:
        if column >= columns - 1 or column + width(ch) > columns - 1:
            break
        column, cut = column + width(ch), cut + 1
    return text[:cut] + "…"


def _mux_read(before: str) -> str:
    """A file as Mux's file_read answers it, JSON of its size, time, line count and the lines numbered with a tab
    (the text split on newlines as JavaScript splits it, so a last newline numbers an empty line)."""
    lines = before.split("\n") if before else []
    return _js_json(
        {
            "success": True,
            "file_size": len(before.encode()),
            "modifiedTime": "2026-11-29T02:00:00.000Z",
            "lines_read": len(lines),
            "content": "\n".join(f"{n}\t{line}" for n, line in enumerate(lines, 1)),
        }
    )


def _kodelet(before: str, after: str, old: str, new: str) -> dict[str, str]:
    """Kodelet's numbered views (its ``ContentWithLineNumber``: each line ``N: `` with the numbers right-aligned to the
    widest): a read over the lines a Go scanner yields (no line after a last newline), the new text of an edit
    numbered from the line its ``findLineNumbers`` gives the old text (the first run of whole lines equal to the old
    text's, else the first line holding its first line), and a written file split on newlines and numbered from 0."""

    def numbered(lines: list[str], offset: int) -> str:
        width = len(str(offset + len(lines) - 1)) if lines else 1
        return "".join(f"{offset + i:>{width}}: {line}\n" for i, line in enumerate(lines))

    read = before.split("\n")
    read = read[:-1] if before.endswith("\n") else read
    lines, olds = before.split("\n"), old.split("\n")
    start = next(
        (i + 1 for i in range(len(lines) - len(olds) + 1) if lines[i : i + len(olds)] == olds),
        next((i + 1 for i, line in enumerate(lines) if olds[0] in line), 1),
    )
    return {
        "kodelet_read": numbered(read, 1),
        "kodelet_edited": numbered(new.split("\n"), start) if new else "",
        "kodelet_written": numbered(after.split("\n"), 0),
    }


#: Terminal colour and cursor sequences, as Mastra's workspace tools take them out of a run's output for the model.
_ANSI = re.compile(
    r"(?:\x1b\][\s\S]*?(?:\x07|\x1b\\|\x9c))"
    r"|(?:[\x1b\x9b][\[\]()#;?]*(?:\d{1,4}(?:[;:]\d{0,4})*)?[\dA-PR-TZcf-nq-uy=><~])"
)


def _stripped_views(output: str, before: str) -> dict[str, str]:
    """A run's output with its terminal sequences taken out (Mastra's execute_command hands the model that, or
    ``(no output)``), a file as Mastra's read_file numbers it (``N→``, the numbers padded to six or to the widest and
    one, over the file split on newlines) and the file's size in bytes, as its read's header gives it."""
    plain = _ANSI.sub("", output)
    lines = before.split("\n")
    width = max(6, len(str(len(lines))) + 1)
    return {
        "output_plain": plain,
        "output_plain_or_none": plain or "(no output)",
        "arrowed_six": "\n".join(f"{n:>{width}}→{line}" for n, line in enumerate(lines, 1)),
        "before_size": str(len(before.encode())),
    }


def _numbered_views(output: str, before: str) -> dict[str, str]:
    """A run's output stripped of blank lines and spaces at both ends (as Mini-Agent hands back a failing run's
    stderr) and, with terminal sequences taken out too, as a shell read through pexpect hands it back (II-Agent's
    bash); and a file numbered as two Python agents number it: Mini-Agent's read_file over ``readlines()``
    (``{n:6d}|``, no line after the last newline) and II-Agent's Read over ``split("\\n")`` (``{n:6d}`` and a tab,
    so a file ending in a newline shows one more, empty, numbered line)."""
    read = before.split("\n")
    kept = read[:-1] if before.endswith("\n") else read
    return {
        "output_stripped": output.strip(),
        "output_plain_stripped": _ANSI.sub("", output).strip(),
        "six_barred": "\n".join(f"{n:6d}|{line}" for n, line in enumerate(kept, 1)),
        "six_tabbed_split": "\n".join(f"{n:6d}\t{line}" for n, line in enumerate(read, 1)),
    }


#: The languages Koog's file renderer names a fenced file's block with, by the file's extension.
_KOOG_CODE = set(
    "kt java js ts py cpp c h hpp cs cxx cc go rs php rb swift scala sh bash sql r html css xml json yaml yml toml md "
    "dockerfile gradle properties conf ini cfg makefile cmake dart lua perl powershell ps1 bat cmd vim".split()
)
_KOOG_IDS = {"kt": "kotlin", "js": "javascript", "ts": "typescript", "py": "python", "sh": "bash", "yml": "yaml"}
_KOOG_IDS |= {"cxx": "cpp", "cc": "cpp", "hpp": "cpp", "cs": "csharp", "ps1": "powershell", "md": "markdown"}
_KOOG_IDS |= {"rb": "ruby", "dockerfile": "docker", "gradle": "groovy", "bat": "batch", "cmd": "batch"}


def _koog(abs_path: str, before: str, after: str) -> dict[str, str]:
    """A file as Koog's read_file renders it (its path and sizes, ``Content:``, the trimmed text in a block named for
    its language where the extension is one Koog knows) and the line its write_file answers with after ``Written``."""
    ext = PurePosixPath(abs_path).suffix.lstrip(".").lower()
    text = before.strip()
    body = f"```{_KOOG_IDS.get(ext, ext)}\n{text}\n```" if ext in _KOOG_CODE else text
    sizes = f"{len(before.encode())} bytes, {len(before.splitlines())} lines"
    return {
        "koog_read": f"{abs_path} ({sizes})\nContent:\n{body}",
        "koog_written": f"{abs_path} ({len(after.encode())} bytes, {len(after.splitlines())} lines)",
    }


def _padded_views(before: str, after: str, at: int, old: str, new: str) -> dict[str, str]:
    """Files numbered with padded line numbers: Roo Code's read (``N | line``, the numbers padded to the widest),
    Nanocoder's string_replace (the replaced range, then up to twenty lines either side of it numbered ``   N: ``,
    counted over the file split on newlines) and its write_file (the whole file read back, numbered the same way,
    with its counts; the tokens estimated as a quarter of the characters)."""
    lines = before.splitlines()
    width = len(str(len(lines)))
    start = before.count("\n", 0, at) + 1
    end, new_end = start + old.count("\n"), start + new.count("\n")
    shown = after.split("\n")

    def span(a: int, b: int) -> str:
        return f"line {a}" if a == b else f"lines {a}-{b}"

    def numbered(first: int, last: int) -> str:
        return "".join(f"{n:>4}: {shown[n - 1]}\n" for n in range(first, last + 1))

    low, high = max(1, start - 20), min(len(shown), new_end + 20)
    context = f"\n\nUpdated file context (lines {low}-{high} of {len(shown)}):\n"
    context += f"[... lines 1-{low - 1} omitted ...]\n" if low > 1 else ""
    context += numbered(low, high)
    context += f"[... lines {high + 1}-{len(shown)} omitted ...]\n" if high < len(shown) else ""
    return {
        "widest_piped": "\n".join(f"{n:>{width}} | {line}" for n, line in enumerate(lines, 1)),
        "nanocoder_replaced": f"Successfully replaced content at {span(start, end)} (now {span(start, new_end)})."
        + context,
        "nanocoder_written": f"File overwritten successfully ({len(shown)} lines, {len(after)} characters, "
        f"~{-(-len(after) // 4)} tokens).\n\nFile contents after write:\n{numbered(1, len(shown))}",
    }


def _composio(abs_path: str, before: str, first: int, last: int, replaced: str) -> dict[str, str]:
    """Composio's file tool answers, each as the JSON of its action result: an open file (the first hundred lines
    numbered ``N:``), and a line-range edit (the new text as whole lines, a newline added) answered by windows of
    five lines either side of the range before and after, both headed with the length of the edited file."""
    root = str(PurePosixPath(*PurePosixPath(abs_path).parts[:4]))  # /tmp/proj/PROJECT, the file manager's folder
    text = replaced.removesuffix("\n")
    lines = before.splitlines()
    new_lines = (text + "\n").splitlines()
    edited = lines[: first - 1] + new_lines + lines[last:]

    def shown(source: list[str], begin: int, upto: int) -> str:
        return _composio_lines(abs_path, {n + 1: source[n] for n in range(begin, upto)}, len(edited))

    def result(data: dict[str, str]) -> str:
        body = {"error": "", "current_working_directory": root, **data}
        return json.dumps({"data": body, "error": None, "successfull": True})

    opened = _composio_lines(abs_path, {n + 1: line for n, line in enumerate(lines[:100])}, len(lines))
    return {
        "span_new_text": text,
        "composio_root": root,
        "composio_open": result(
            {"message": "File opened successfully. 100 lines after the cursor displayed.", "lines": opened}
        ),
        "composio_edit": result(
            {
                "old_text": shown(lines, max(0, first - 5), min(len(lines), last - 1 + 5)),
                "updated_text": shown(edited, max(0, first - 5), min(len(edited), first + len(new_lines) + 5)),
            }
        ),
        "composio_write": result({}),
    }


def _composio_lines(abs_path: str, window: dict[int, str], total: int) -> str:
    """Lines as Composio's ``File.format_text`` shows them: numbers padded on the right, lines above and below."""
    if not window:
        return ""
    width, keys = len(str(max(window))), list(window)
    body = "\n".join(f"{n:<{width}}:{line.rstrip()}" for n, line in window.items())
    head = f"[File: {abs_path}] ({total} lines total)]\n({keys[0] - 1} line above)\n"
    return f"{head}{body}\n({total - keys[-1]} line below)\n"


def _window(text: str) -> str:
    """A file as OpenDevin's ``open_file`` shows it: its lines numbered ``N|`` between the markers of its ends."""
    numbered = [f"{n}|{line}" for n, line in enumerate(text.splitlines(), 1)]
    return "\n".join(["(this is the beginning of the file)", *numbered, "(this is the end of the file)"])


def _arrowed(text: str) -> str:
    """Lines numbered ``N→`` with the numbers padded to the widest, as Letta Code's Read shows a file (its split on
    newlines keeps the empty line after the last one)."""
    lines = text.split("\n")
    width = len(str(len(lines)))
    return "\n".join(f"{n:>{width}}→{line}" for n, line in enumerate(lines, 1))


def _moatless_view(before: str, old: str, new: str) -> str:
    """The snippet Moatless Tools' StringReplace answers with: its arguments lose their trailing newlines, every
    match is replaced, and the lines from four above the match to four below the new text are numbered as its
    ``format_snippet_with_lines`` numbers them, from the match's line number plus one."""
    old, new = old.rstrip("\n"), new.rstrip("\n")
    start = before.count("\n", 0, before.find(old)) + 1
    lines = before.replace(old, new).split("\n")[max(0, start - 5) : start + 4 + new.count("\n")]
    return "\n".join(f"{n:6}\t{line}" for n, line in enumerate(lines, start + 1))


def _counts(before: str, after: str) -> dict[str, str]:
    """Lines added and removed by the fix, as Claude Engineer counts them in a unified diff of the whole file, and
    the length of the fixed file as Letta Code's Write counts it (the text sent, without its last newline)."""
    diff = list(difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True), n=3))
    return {
        "added_count": str(sum(1 for ln in diff if ln.startswith("+") and not ln.startswith("+++"))),
        "removed_count": str(sum(1 for ln in diff if ln.startswith("-") and not ln.startswith("---"))),
        "after_chars": str(len(after.rstrip("\n"))),
    }


def _one_liners(abs_path: str, before: str, after: str, old: str, new: str) -> dict[str, str]:
    """The fix as one line of shell (TaskWeaver's command-line interpreter runs one line per step; ShellGPT's one
    tool runs a shell command): a Python program that replaces the old text, or writes the whole file, as it is and
    as a JSON string for TaskWeaver's JSON reply."""
    edit = f"import pathlib; p = pathlib.Path({abs_path!r}); p.write_text(p.read_text().replace({old!r}, {new!r}, 1))"
    write = f"import pathlib; pathlib.Path({abs_path!r}).write_text({after!r})"
    lines = {"cli_edit": "python3 -c " + shlex.quote(edit), "cli_write": "python3 -c " + shlex.quote(write)}
    return {**lines, **{f"{name}_json": json.dumps(line) for name, line in lines.items()}}


def _js_json(value: object) -> str:
    """``value`` as JavaScript's ``JSON.stringify`` writes it: no spaces, characters beyond ASCII as they are."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _jsdiff_hunks(before: str, after: str) -> str:
    """The hunks of ``createTwoFilesPatch`` (npm ``diff``): four lines of context, a range's count always written."""
    lines = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=4)
    out = []
    for line in list(lines)[2:]:
        if line.startswith("@@"):
            old, new = line.split(" ")[1:3]
            old, new = (r if "," in r else f"{r},1" for r in (old, new))
            line = f"@@ {old} {new} @@"
        out.append(line)
    return "\n".join(out) + "\n"
