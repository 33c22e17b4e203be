"""What hosts wrap around a command's output, and the exit code the wrapper holds.

Hosts and agent frameworks hand a command's output back in many shapes: a line that states the exit code in
their own words (Claude Code ``Exit code 1``, Gemini CLI ``Exit Code: 1``, Codex ``Process exited with code 1``,
``Command completed with exit code 1.``, ``exitcode: 1 (execution failed)``), a tag (``<returncode>1</returncode>``),
or JSON that holds the output and the code under keys of any spelling (``{"output", "metadata": {"exit_code"}}``,
``{"exit_status", "stdout", "stderr"}``, ``[{"stdout", "outcome": {"exit_code"}}]``). Read here by shape: a line
that ends in an exit code, a tag named for one, a JSON value with output-like and exit-code-like keys."""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from . import jsontext

#: An exit code that ends a line, in any host's words: a short lead ("the command completed with", "The
#: command was running 0.8s, finished with"), the code, and at most a short remark in parentheses after it
#: ("(execution failed)"). Prose that mentions exit codes goes on after the number, so it is none.
EXIT_CODE = re.compile(
    r"^[^\n]{0,160}?(?<![\w-])(?:exit(?:ed)?(?:\s+with)?|return)[\s_-]?(?:code|status)\b"
    r"[\s:=*]*(-?\d+)(?:\s*\([^()\n]{0,40}\))?[\s\]).>:*]*(?:</[\w-]+>[\s.]*)?$",  # ``**Exit Code:** 1`` too
    re.I | re.M,
)
#: An exit code in a host's shorter words, alone on its line: in brackets (``[exit 1]``, ``(exit 1)``), after a colon
#: (``Exit: 1``), after "exited with" (``Process exited with non-zero status 1``) or before the output's label
#: (``Return code 1. Output:``). A bare ``exit 1`` is a shell script's line, not a host's: it is none.
_EXIT_SHORT = re.compile(
    r"(?im)^[ \t]*(?:[\[(][ \t]*exit(?:ed)?(?:[ \t]+with)?:?[ \t]*(-?\d+)[ \t]*[\])]|exit(?:ed)?:[ \t]*(-?\d+)|"
    r"[^\n]{0,80}?\bexited with (?:an? )?(?:non-?zero (?:exit )?(?:status|code) )?(-?\d+)\.?|"
    r"return code:?[ \t]*(-?\d+)\.[ \t]*output:?)[ \t]*$"
)
#: The code and the output's label on one line, the output below (``Exit code: 1, Output:``).
_CODE_THEN_OUTPUT = re.compile(r"(?i)[ \t]*exit[ \t]*code:?[ \t]*(-?\d+)[ \t]*[,;][ \t]*(?:output|stdout):?[ \t]*")
#: A line of a host's wrapper that states a command's exit code, in any words (``Command failed with exit code: 2.``,
#: ``Return code: 1``): what the host says of the run, never why the run failed.
EXIT_LINE = re.compile(r"(?i)\b(?:exit(?:ed)?|return)[\s_-]?(?:code|status)\b\W{0,3}-?\d+\b")
#: ``<returncode>1</returncode>``, ``<return-code>\n1\n</return-code>``: the code as a tag holds it; or as an
#: attribute of the tag around an output (``<shell_output return_code="1">``), its attributes on one line or several.
_EXIT_TAG = re.compile(
    r"<(return[_-]?code|exit[_-]?code|exit[_-]?status)>\s*(-?\d+)\s*</\1>|"
    r"<\w[^<>]{0,400}?\b(?:return|exit)[_-]?(?:code|status)=[\"']?(-?\d+)[\"']?[^<>]{0,400}>",
    re.I,
)
_CODE_WORD = re.compile(r"(?i)code|status|exit(?:ed)?(?::|\s+\d|\s+with)")
#: Keys (lower case, without ``_`` and ``-``) under which JSON holds the output, and the exit code.
_OUTPUT_KEYS = ("output", "stdout", "stderr", "combinedoutput", "result")
_CODE_KEYS = ("exitcode", "exitstatus", "returncode")
#: Keys that hold an exit code only beside an output (a JSON file's own ``"status": 200`` is no exit code).
_WEAK_CODE_KEYS = ("exit", "code", "status")
_LABEL = re.compile(r"^(?:<untrusted_context>\s*)?Output: ", re.M)
#: An element that holds what the command printed (``<result>`` beside an ``<error>`` that holds only its status).
_OUTPUT_TAG = re.compile(r"<(output|stdout|stderr|result)>\n?(.*?)</\1>", re.S)
#: A label on its own line before an output: ``Output:``, ``Code output:``, ``Command output:``.
_OUTPUT_LABEL = re.compile(r"(?:[A-Za-z]+ )?output:", re.I)
_PGID = re.compile(r"^Process Group PGID: ", re.M)
#: A host's line that gives the exit code and goes on with the output after a colon, on the same line; the code
#: may be in brackets after the host's own words (Continue's ``Error executing tool Bash: Error (exit code 1): ...``).
_CODE_LEADS = re.compile(
    r"(?i)^(?:[^\n:]{0,60}:[ \t])?[^\n:]{0,80}?\b(?:exit(?:ed)?(?:\s+with)?|return)[\s_-]?(?:code|status)[\s=]*"
    r"(-?\d+)\)?\s*:[ \t]+(?=\S)"
)
_LEADING_LABEL = re.compile(r"(?i)^(?:[A-Za-z]+ )?output: (?=\S)")


def exit_code(text: str) -> int | None:
    """The exit code the host or runner wrote, the last one when several are (a wrapper's comes last)."""
    if _CODE_WORD.search(text) is None:  # most outputs state none: one scan instead of a match per line
        return None
    found = [(m.start(), m.group(1)) for m in EXIT_CODE.finditer(text)]
    found += [(m.start(), next(g for g in m.groups() if g is not None)) for m in _EXIT_SHORT.finditer(text)]
    found += [(m.start(), m.group(2) or m.group(3)) for m in _EXIT_TAG.finditer(text)]
    return int(max(found)[1]) if found else None


def _code_line(line: str) -> bool:
    """Whether ``line`` is only a host's statement of an exit code."""
    return EXIT_CODE.fullmatch(line) is not None or _EXIT_SHORT.fullmatch(line) is not None


def enveloped(text: str) -> str:
    """The text an envelope of one member holds (``{"data": "..."}``, as a host that serialises a tool's return value
    gives it); ``text`` as it is when it is no such envelope."""
    value = _loaded(text)
    inner = _one_member(value)
    if inner is None and isinstance(value, dict | list):  # MCP content blocks (``[{"type": "text", ...}]``)
        blocks = value if isinstance(value, list) else [value]
        said = [b["text"] for b in blocks if isinstance(b, dict) and b.get("type") == "text" and "text" in b]
        inner = "\n".join(t for t in said if isinstance(t, str)) if said and len(said) == len(blocks) else None
    return text if inner is None else inner


def _loaded(text: str) -> Any:
    """The value a wrapper's text holds: JSON, or a Python literal (``{'command output': '...'}``, as frameworks
    written in Python hand back ``str()`` of the dict a tool returned), or the fields of a ``repr`` of a finished
    process (``CompletedProcess(args=..., returncode=1, stdout='...')``, a ``subprocess.run`` result made a
    string); None for anything else."""
    try:
        return jsontext.loads(text)
    except ValueError:
        pass
    stripped = text.strip()
    if _PY_WRAPPER.match(stripped) and stripped.endswith(("}", "]")):
        return _literal_value(stripped)
    if _PY_RECORD.match(stripped) and stripped.endswith(")"):
        return _record(stripped)
    return None


#: The head of a Python dict or list of dicts as ``repr`` writes it: a quoted key in single quotes (a JSON text's
#: keys take double quotes, so a failed JSON read is worth a second reading only then).
_PY_WRAPPER = re.compile(r"\[?\s*\{'")
#: The head of a ``repr`` of a record of a run: a class name and its first field given by name.
_PY_RECORD = re.compile(r"[A-Z]\w{2,40}\((?:args|returncode|stdout|stderr|output|exit_code)=")


#: One tag around the whole answer (``<tool_output name="shell">`` ... ``</tool_output>``).
_TAG_AROUND = re.compile(r"<(?P<tag>[\w-]+)(?:\s[^<>]{0,200})?>(?P<inner>.*)</(?P=tag)>", re.S)
#: The host's exit status put after the output's last line, on that line (``..., ERROR: exit status 1``).
_TRAILING_CODE = re.compile(r"[,;][ \t]*(?:error:[ \t]*)?exit (?:status|code):?[ \t]*(-?\d+)[ \t]*$", re.I)
_ERROR_OUTPUT = re.compile(r"^[ \t]*(?:error|failed):[ \t]*(?:output|stdout):[ \t]*", re.I)
#: A word and a colon leading the value a tool returned (``Error: {...}``, ``Result: [...]``), as an agent that
#: prefixes its tool's answer writes it.
_LEAD_WORD = re.compile(r"[ \t]*(?P<word>[A-Za-z][\w ]{0,24}?):[ \t]*\n?(?=[\[{])")
_FAILED_LEADS = ("error", "failed", "failure", "exception")


def _held(value: Any) -> tuple[str, int | None] | None:
    """The output and code a loaded wrapper holds: a JSON string's text, a one-member envelope's (``{"data": ...}``),
    or the outputs and codes of a JSON value, a Python literal or a run's record; None when it holds neither."""
    if isinstance(value, str):  # the output written as a JSON string (``"line\\nline"``): its text
        return unwrapped(value)
    inner = _one_member(value)
    if inner is not None:
        return unwrapped(inner)
    if value is None:
        return None
    outputs: list[str] = []
    codes: list[int] = []
    weak: list[int] = []
    _walk(value, outputs, codes, weak, 0)
    if not outputs and not codes:
        return None
    return "\n".join(o for o in outputs if o), codes[0] if codes else weak[0] if weak and outputs else None


def _around(text: str) -> tuple[str, int | None] | None:
    """The output and code inside what a host put around a tool's answer, or None: one tag around the JSON the tool
    returned (``<tool_output name="shell">``), its exit status after the output's last line (``..., ERROR: exit
    status 1``), a word over the value it returned (``Error: {'output': ...}``), a header over the result in a fence
    (``Execution Result of Code Block 1:``)."""
    tag = _TAG_AROUND.fullmatch(text.strip()) if text.lstrip().startswith("<") else None
    value = _loaded(tag["inner"]) if tag is not None and tag["inner"].lstrip()[:1] in ("{", "[") else None
    if tag is not None and isinstance(value, dict | list):
        return _held(value) or unwrapped(tag["inner"])
    trailing = _TRAILING_CODE.search(text[-80:]) if "xit" in text[-80:] else None
    if trailing is not None:
        body = text[: len(text) - 80 + trailing.start()] if len(text) > 80 else text[: trailing.start()]
        said, code = unwrapped(_ERROR_OUTPUT.sub("", body, count=1))  # and its lead over the first line
        return said, code if code is not None else int(trailing[1])
    lead = _LEAD_WORD.match(text) if text[:40].count(":") else None
    value = _loaded(text[lead.end() :]) if lead is not None else None
    if lead is not None and isinstance(value, dict | list):
        said, code = _held(value) or unwrapped(text[lead.end() :])
        return said, code if code is not None or lead["word"].lower() not in _FAILED_LEADS else 1
    fields = _BRACKET_FIELDS.fullmatch(text) if text.lstrip().startswith("[") else None
    if fields is not None:  # the host's fields in brackets, the output last (``[Result: ...]``)
        return fields["out"].strip("\n"), exit_code(fields["head"])
    fenced = _FENCED_RESULT.fullmatch(text.strip()) if "```" in text else None
    if fenced is not None:  # a host's header line over the result in a fence, its own words before the output
        parts: list[str] = _OUTPUT_WAS.split(fenced["body"], maxsplit=1)
        return parts[-1].strip("\n"), exit_code(parts[0])
    return None


#: A host's fields, each in brackets on its line (Efrit's ``[Executed: make]``, ``[Duration: 0.4s]``), and the
#: output in the last one, over as many lines as it takes (``[Result: ...\n]``).
_BRACKET_FIELDS = re.compile(
    r"\s*(?P<head>(?:\[[A-Z][\w ]{0,24}: [^\]\n]*\][ \t]*\n)+)\[(?:Result|Output|Stdout): ?(?P<out>.*)\]\s*", re.S
)
#: A host's header over a result in a fence (Magentic-UI's ``Execution Result of Code Block 1:`` over
#: ```` ```console ````), the fence holding the host's sentence on how the run ended and the output.
_FENCED_RESULT = re.compile(r"(?s)[^\n`]{1,80}:[ \t]*\n```[\w-]*\n(?P<body>.*?)\n?```")
#: The host's label over the output inside it (``Its output was:``).
_OUTPUT_WAS = re.compile(r"(?im)^(?:its |the )?output (?:was|is):[ \t]*\n")


#: A result printed by Go's ``%v`` of a pointer to a struct of a text, a map of metadata and an error (``&{TEXT
#: map[] <nil>}``, an agent that hands its tools' results over so).
_GO_PRINTED = re.compile(r"&\{(?P<text>.*)[ \n]map\[[^\[\]]{0,400}\] (?P<error><nil>|[^{}]{0,400})\}", re.S)
#: A word of failure and then one string's literal, the whole of a result (an agent answering with its language's
#: printed form of the output: Elixir's ``Error: "..."``, escapes and all).
_QUOTED_WHOLE = re.compile(r'(?P<lead>(?:Error|Failed|Failure|Exception): )?(?P<literal>"(?:[^"\\]|\\.)*")', re.S)


def _string_literal(literal: str) -> str | None:
    """A double-quoted literal's text, its escapes read as JSON's (Elixir's and most languages' agree on them),
    else as Python's; None when it is neither."""
    try:
        value = json.loads(literal)
    except ValueError:
        value = _literal_value(literal)
    return value if isinstance(value, str) else None


def _literal_value(text: str) -> Any:
    try:  # literal_eval builds values only (no names, no calls); a nesting too deep raises like JSON's
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _record(text: str) -> dict[str, Any] | None:
    """The fields of ``Name(a=..., b=...)`` whose values are literals, as a dict (a field that is not a literal is
    left out); None when the text is no such call."""
    try:
        tree = ast.parse(text, mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    if not isinstance(tree, ast.Call) or tree.args or not tree.keywords:
        return None
    fields: dict[str, Any] = {}
    for keyword in tree.keywords:
        try:
            fields[keyword.arg or ""] = ast.literal_eval(keyword.value)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
    return fields


def _one_member(value: Any) -> str | None:
    """The text of a one-member envelope (``{"data": "..."}``), or of a host's envelope around a tool's text: a
    ``content`` (or the error text, ``err``) beside only a flag of success and the host's own message
    (``{"success": true, "content": "stdout: ...", "message": "Command executed successfully"}``; the flag and the
    message say how the call went, not the command)."""
    if isinstance(value, dict) and len(value) == 1 and isinstance(inner := next(iter(value.values())), str):
        return inner
    if isinstance(value, dict) and set(value) <= _ENVELOPE_KEYS:
        held = [value[key] for key in ("content", "err", "error") if isinstance(value.get(key), str)]
        return held[0] if len(held) == 1 else None
    return None


_ENVELOPE_KEYS = {"success", "ok", "content", "message", "err", "error"}


def unwrapped(text: str) -> tuple[str, int | None]:
    """The output inside a host's wrapper, and the exit code the wrapper holds (None: not given that way)."""
    around = _around(text)
    if around is not None:
        return around
    printed = _GO_PRINTED.fullmatch(text.strip()) if text.lstrip().startswith("&{") else None
    if printed is not None:  # Go's ``%v`` of a result's pointer: its text, and its error when there is one
        error = printed["error"].strip()
        return unwrapped(printed["text"] + ("" if error == "<nil>" else f"\n{error}"))
    quoted = _QUOTED_WHOLE.fullmatch(text.strip()) if text.rstrip().endswith('"') else None
    inner = _string_literal(quoted["literal"]) if quoted is not None and quoted["lead"] else None
    if quoted is not None and inner is not None:  # ``Error: "Command exited with code 1\n\n..."``: a string's
        return unwrapped(f"{quoted['lead']}{inner}")  # literal, as Elixir's inspect prints one, read as the text
    head = text.lstrip()[:1]
    held = head in ("{", "[", '"') or (head.isupper() and _PY_RECORD.match(text.lstrip()) is not None)
    found = _held(_loaded(text)) if held else None
    if found is not None:
        return found
    tagged = list(_OUTPUT_TAG.finditer(text)) if any(end in text for end in ("put>", "out>", "err>", "ult>")) else []
    if not text.lstrip().startswith("<"):  # a ``<result>`` inside what a command printed is its own text
        tagged = [t for t in tagged if t.group(1) != "result"]
    if tagged:
        # ``<returncode>1</returncode><output>...</output>``, ``<stdout>``, ``<stderr>``, ``<error>`` with the status
        # over ``<result>``: the output is inside
        said = "\n".join(t.group(2).strip("\n") for t in tagged if t.group(2).strip())
        return said, exit_code(text[: tagged[0].start()] + "\n" + text[tagged[-1].end() :])  # before or after
    sections = _sections(text) if ":" in text or "]\n" in text else None
    if sections is not None:  # ``Stdout:`` and ``Stderr:`` alone on their lines, each over what the stream held
        return sections, exit_code(text)
    head_lines = text.lstrip("\n").split("\n", 3)
    labelled = _CODE_THEN_OUTPUT.fullmatch(head_lines[0]) if len(head_lines) > 1 else None
    if len(head_lines) > 1 and (labelled or _code_line(head_lines[0])):  # the code, a label, the output
        rest = head_lines[1:]
        while rest and (not rest[0].strip() or _OUTPUT_LABEL.fullmatch(rest[0].strip())):
            rest = rest[1:]
        if rest and _LEADING_LABEL.match(rest[0]):  # the label leads the output's first line (``Output: Missing``)
            rest = [_LEADING_LABEL.sub("", rest[0], count=1), *rest[1:]]
        said = "\n".join(rest)  # the streams under their labels, where the host labels them below its lines
        return _sections(said) or said, int(labelled[1]) if labelled else exit_code(head_lines[0])
    lead = _CODE_LEADS.match(text.lstrip("\n"))
    if lead is not None:  # ``Command failed with exit code 1: Running publint...``: the output after the code
        return text.lstrip("\n")[lead.end() :], int(lead[1])
    if "Output: " in text:  # Gemini CLI starts the output on its own label's line: a rule reads whole lines
        text = _LABEL.sub("", text)
        # Since 0.27 Gemini CLI writes "Exit Code:" only when it is not 0, and always its process group: a
        # result with the one and not the other ended well, whatever its output says (a traceback recovered).
        if _PGID.search(text) and not EXIT_CODE.search(text):
            return text, 0
    return text, None


#: A label alone on its line over what a stream printed (``Stdout:``, ``STDERR:``, ``Standard output:``, R2E-Gym's
#: ``[STDOUT]``), or leading the stream's first line (``stdout: ...``).
_STREAM = re.compile(
    r"(?im)^[ \t]*(?:\[std ?(?:(?P<bout>out)|err)\]|"
    r"(?:std ?(?P<out>out)|std ?err|standard (?:(?P<output>output)|error))[ \t]*:)[ \t]*(?P<inline>.*)$"
)


def _sections(text: str) -> str | None:
    """What the streams printed, when a host writes each under its own label line, or leads each stream's first
    line with its label (both streams labelled so: one such line alone may be the output's own); None when it does
    not."""
    found = list(_STREAM.finditer(text))
    if not found:
        return None
    inline = [label for label in found if label["inline"].strip()]
    if inline and {bool(label["out"] or label["output"] or label["bout"]) for label in found} != {True, False}:
        found = [label for label in found if not label["inline"].strip()]
        if not found:
            return None
    said = []
    for label in found:
        taken = [label["inline"]] if label["inline"].strip() and not _NOTHING.match(label["inline"]) else []
        for line in text[label.end() :].split("\n")[1:]:
            if _STREAM.match(line) or EXIT_LINE.search(line) or _FIELD_NONE.match(line):  # the next stream, the
                break  # host's exit code line, or another of its fields with nothing in it (``Error: (none)``)
            taken.append(line)
        said.append(_literal("\n".join(taken).strip("\n")))
    return "\n".join(part for part in said if part.strip())


#: What a host writes for a stream or a field with nothing in it.
_NOTHING = re.compile(r"(?i)[ \t]*\((?:none|empty|no output|nothing)\)[ \t]*$")
_FIELD_NONE = re.compile(r"(?i)^[A-Z][\w ]{0,24}:[ \t]*\((?:none|empty|no output|nothing)\)[ \t]*$")


#: A stream printed as a literal (``b'line 1\nline 2\n'``): a program printed what it captured without decoding it.
_LITERAL = re.compile(r"""^b?(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")$""")


def _literal(part: str) -> str:
    """A stream's text: decoded when it was printed as a bytes or string literal, else as it is."""
    decoded = literal_text(part.strip())
    return part if decoded is None else decoded


def literal_text(literal: str) -> str | None:
    """The text of a Python string or bytes literal (``'a\\nb'``, ``b'x'``; bytes read as UTF-8), None for
    anything else: programs print what they hold so, and scripts hold commands and files so."""
    if not _LITERAL.match(literal):
        return None
    try:
        value = ast.literal_eval(literal)
    except (ValueError, SyntaxError):
        return None
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value if isinstance(value, str) else None


def _walk(value: Any, outputs: list[str], codes: list[int], weak: list[int], depth: int) -> None:
    """The output-like strings and exit-code-like numbers of a JSON value, nested objects and lists walked (a
    code under ``metadata`` or ``outcome``, one entry per command run)."""
    if depth > 4:
        return
    if isinstance(value, list):
        for item in value[:20]:
            _walk(item, outputs, codes, weak, depth + 1)
        return
    if not isinstance(value, dict):
        return
    if value.get("type") == "text" and isinstance(value.get("text"), str):  # an MCP content block, as agents
        outputs.append(value["text"].rstrip("\n"))  # that call MCP tools hand its result on (JSON of the block)
        return
    if value.get("isError") is True:  # an MCP tool's result, marked as failed
        weak.append(1)
    for key, item in value.items():
        name = re.sub(r"[_\-\s]", "", str(key).lower())
        if (name in _OUTPUT_KEYS or name.endswith("output")) and isinstance(item, str | bytes):
            said = item.decode("utf-8", "replace") if isinstance(item, bytes) else item
            outputs.append(said.rstrip("\n"))
        elif name in _CODE_KEYS + _WEAK_CODE_KEYS and (code := _number(item)) is not None:
            (codes if name in _CODE_KEYS else weak).append(code)
        elif isinstance(item, dict | list):
            _walk(item, outputs, codes, weak, depth + 1)


def _number(value: Any) -> int | None:
    """An exit code as JSON writes it: a number, or a string of digits (``"exit_status": "1"``)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d{1,3}", value.strip()):
        return int(value)
    return None


def printed(text: str, command: str = "") -> str:
    """What the command printed, without the lines a host wraps around it that state its exit code (``Command
    failed with exit code: 2.``, ``Return code: 1``) or echo the command run (``Command failed: 'cd /p && make'``):
    they say that it failed, never why. ``text`` whole when nothing else is left."""
    text = untagged(text)
    echo = command.strip() if len(command.strip()) >= ECHOED else ""
    if not EXIT_LINE.search(text) and not (echo and echo in text):
        return text
    kept = [ln for ln in text.split("\n") if not EXIT_LINE.search(ln) and not (echo and echo in ln)]
    return "\n".join(kept) if any(ln.strip() for ln in kept) else text


#: The tag a tool puts before every line it prints (``[11ty] ``, ``[vite] ``): its name, not its words.
_LINE_TAG = re.compile(r"^\[[\w .:/-]{1,24}\] ?")
_TAGGED_SHARE = 0.8  # of the output's lines that carry the same tag: the tool's, not a log's levels
_TAGGED_LINES = 3


def untagged(text: str) -> str:
    """``text`` without the tag the tool put before every line, so that a line reads as the tool wrote it
    (``Error: ...`` at its start); a tag on fewer lines (a log's ``[INFO]``, ``[ERROR]``) is left."""
    if not text.startswith("["):
        return text
    lines = text.split("\n")
    said = [ln for ln in lines if ln.strip()]
    first = _LINE_TAG.match(said[0]) if len(said) >= _TAGGED_LINES else None  # a line or two: a message's own
    if first is None or sum(1 for ln in said if ln.startswith(first.group(0).rstrip())) < _TAGGED_SHARE * len(said):
        return text
    tag = first.group(0).rstrip()
    return "\n".join(ln[len(tag) :].removeprefix(" ") if ln.startswith(tag) else ln for ln in lines)


ECHOED = 8  # a command this long, found in a line, is that line echoing it; a shorter one may be a word of it
