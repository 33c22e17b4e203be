"""What a tool call did, read from its name and arguments, and how it went, read from its result.

Hosts name their tools differently (Claude Code ``Read``/``Edit``/``Bash``, Gemini CLI ``read_file``/``replace``/
``run_shell_command``, Codex ``apply_patch``/``exec_command``), so calls are classified by argument keys and name
words rather than by a fixed list. A shell command's outcome is taken from its exit code where the host writes
one (Claude Code ``Exit code 1``, Gemini CLI ``Exit Code: 1``) or from the lines only a failure prints; another
tool fails when the provider flags its result or the result is itself an error text (see ``failures``)."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from typing import Any, Literal

from ..conversation import edits, failures, unmarked
from ..conversation.model import Block, args_text
from ..conversation.wrappers import literal_text
from . import shaped
from .cuts import cut
from .keyed import by_words, limit_of, line_span, nested_pairs, old_new, partial, path_list, path_of, whole_text

Kind = Literal["read", "write", "edit", "search", "command", "todo", "delegate", "call"]

#: Where a command line is given: a string, or an argv list (``["bash", "-lc", "pytest -q"]``).
COMMAND_KEYS = ("command", "cmd", "script", "argv", "commandLine", "command_line")
#: ``input`` holds a command only for a tool named for a terminal (``terminal{input}``); elsewhere it is data.
_TERMINAL_WORDS = {"terminal", "shell", "bash", "sh", "zsh", "exec", "run", "console", "command"}
_SHELLS = {"bash", "sh", "zsh", "dash", "fish", "pwsh", "powershell"}
TODO_KEYS = ("todos", "plan", "tasks", "items")
TODO_TEXT_KEYS = ("content", "description", "step", "task", "title", "text")
#: str_replace_based_edit_tool-style editors name their operation in ``command``: not a shell command.
_EDITOR_OPS = {
    "view": "read",
    "create": "write",
    "write": "write",
    "str_replace": "edit",
    "insert": "edit",
    "undo_edit": "edit",
}
_NOISE_LINE = re.compile(
    r"^(process group pgid|signal|exit code|error: \(none\)|</?untrusted_context>|std(?:out|err):?\s*$|```\w*\s*$|"
    r"\[[A-Z][\w ]{2,40}: [^\]\n]*\]\s*$)",  # a host's status line: ``[Current working directory: /w]``
    re.I,
)
#: A tag opening or closing a line: a wrapper's (``<output>``, ``</stderr>``) when the text holds its pair.
_TAG = re.compile(r"^[ \t]*</?([a-z_-]+)>|</?([a-z_-]+)>[ \t]*$", re.M)
#: A terminal's escape sequence (a colour, a cursor move): ``ESC [ 31 m``.
CUT_CHARS = 160
#: A failure's line keeps more: its cause comes first, the test and the build target it failed in after it.
FAILURE_CHARS = 320
_TAIL_CHARS = 2_000
_ERROR_CHARS = 20_000


@dataclass
class Call:
    kind: Kind
    name: str
    target: str  # a path, a command, a search pattern, or the call written out
    paths: list[tuple[str, str]] = field(default_factory=list)  # (path, "read" | "write" | "edit")
    todos: list[tuple[str, str]] | None = None  # (status, text) of a full to-do list
    change: str | None = None  # an edit or write, in short: `old` -> `new`, or what was written
    content: str | None = None  # a write's whole text, to diff against what the history showed of the file
    replaced: list[tuple[str, str]] = field(default_factory=list)  # an edit's (old, new) pairs
    partial: bool = False  # a read of some lines only: not the file's whole text
    limit: int | None = None  # a read's most lines: a result that reaches it may be the file's head only
    lines: tuple[int, int] | None = None  # an edit of lines start..end (from 1, inclusive) by its new text
    runs: str | None = None  # a line that looks like a command, of a call read by shape: its result decides


def classify(block: Block) -> Call:
    """What a call does, by the shape of its arguments first (a command line, an old/new pair, SEARCH/REPLACE
    blocks, a patch, a path with content) and by its name's words only where the shape says nothing."""
    name, args = _through_gateway(block.name or "tool", block.args if isinstance(block.args, dict) else {})
    while len(args) == 1 and isinstance(only := next(iter(args.values())), dict):  # ``{payload: {...}}``: its inside
        args = only
    words = set(re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower())) | shaped.operation(args)
    todos = _todos(args)
    if todos is not None:
        return Call("todo", name, f"{len(todos)} item(s)", todos=todos)
    path = path_of(args)
    command = _command(args, words)
    if path and command in _EDITOR_OPS:
        op = _EDITOR_OPS[command]
        kind: Kind = "read" if op == "read" else "edit" if op == "edit" else "write"
        return (
            _changing(Call(kind, name, path, [(path, op)]), args)
            if kind != "read"
            else Call(kind, name, path, [(path, "read")])
        )
    changed = _patched(name, args, path) or (
        _shell_changed(name, command) or _fed(name, command, args) if command else None
    )
    if changed is not None:
        return changed
    if command:
        return Call("command", name, command)
    searching = words & {"grep", "glob", "search", "find", "list", "ls"} or "pattern" in args
    if searching and not _replacing(name, args, path):  # ``find_and_replace{path, find, replace}`` edits
        pattern = args.get("pattern") or args.get("query") or args.get("regex") or ""
        where = f" in {path}" if path else ""
        return Call("search", name, f"{pattern}{where}" if pattern else cut(args_text(args), CUT_CHARS))
    if path:
        pair = old_new(args)
        span = line_span(args) if pair is None else None
        text = whole_text(args) if span is not None else None
        if span is not None and text is not None:  # lines start..end replaced by the text: told once they are known
            return Call("edit", name, path, [(path, "edit")], change=short("", text), replaced=[("", text)], lines=span)
        if pair is not None and not pair[0] and pair[1].count("\n") and not edits.elided(pair[1]):
            # only the new text, with no marker of code left out: the whole file, told by what changed
            return Call("write", name, path, [(path, "write")], content=pair[1], change=written(pair[1]))
        if pair is not None:
            return _changing(Call("edit", name, path, [(path, "edit")]), args)
        if whole_text(args) or (whole_text(args) == "" and not words & _READ_WORDS):
            return _changing(Call("write", name, path, [(path, "write")]), args)
        if words & {"write", "create"}:
            return Call("write", name, path, [(path, "write")], change=change(args))
        if words & {"edit", "replace", "patch", "modify", "update", "change", "apply"}:
            return Call("edit", name, path, [(path, "edit")], change=change(args))
        return Call("read", name, path, [(path, "read")], partial=partial(args), limit=limit_of(args))
    many = args.get("paths") or path_list(args)
    if isinstance(many, str) and many.strip() and "\n" not in many:  # ``paths: "a.py,b.py"``: one or several
        many = [p.strip() for p in many.split(",") if p.strip()]
    if isinstance(many, list) and many and all(isinstance(p, str) for p in many):
        return Call("read", name, ", ".join(many), [(p, "read") for p in many])
    if words & {"task", "agent", "subagent", "delegate"}:
        what = args.get("description") or args.get("prompt") or ""
        return Call("delegate", name, cut(str(what), CUT_CHARS))
    return _by_shape(name, args) or _unknown(name, block)


_GATEWAY_NAMES = ("tool_name", "toolName", "tool")
_GATEWAY_ARGS = ("tool_input", "toolInput", "arguments", "args", "input", "params", "parameters")


def _through_gateway(name: str, args: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The tool a gateway call runs and its arguments (``use_mcp_tool{server_name, tool_name: "write_file",
    tool_input: {...}}``, an agent reaching MCP servers through one tool of its own): what it does is the inner
    tool's; else the call as it is."""
    if len(args) > 4:
        return name, args
    inner = next((args[k] for k in _GATEWAY_NAMES if isinstance(args.get(k), str) and args[k].strip()), None)
    given = next((args[k] for k in _GATEWAY_ARGS if isinstance(args.get(k), dict)), None)
    return (inner, given) if inner is not None and given is not None else (name, args)


def _unknown(name: str, block: Block) -> Call:
    """A call that names nothing this module knows, written out; a command-like line in it is kept for its result
    to decide on (see ``facts``)."""
    args: dict[str, Any] = block.args if isinstance(block.args, dict) else {}
    runs = shaped.command_like(args)
    line = _command_line(runs) if isinstance(runs, list) else runs
    if line is None:  # a script that runs one command through the shell (``subprocess.run("make", shell=True)``)
        line = next((found for v in shaped.scripts(args) if (found := _shell_in(v)) != v), None)
    return Call("call", name, f"{name}({cut(args_text(block.args), CUT_CHARS)})", runs=line)


def _replacing(name: str, args: dict[str, Any], path: str | None) -> bool:
    """Whether a tool named for finding replaces: an old/new pair beside its path, or by shape a path and two texts."""
    shape = None if path else _by_shape(name, args)
    return old_new(args) is not None if path else shape is not None and shape.kind == "edit"


def _by_shape(name: str, args: dict[str, Any]) -> Call | None:
    """A call whose keys said nothing, read by its values (see ``shaped``): a path with a patch or two texts is an
    edit, with one text of several lines a write, alone a read."""
    for script in shaped.scripts(args):
        changed = _shell_changed(name, script)
        if changed is not None:
            return changed
    files = shaped.files(args)
    if files:
        return Call("read", name, ", ".join(files), [(p, "read") for p in files])
    path = shaped.path_like(args)
    if path is None or shaped.argv(args) is not None:
        return None
    patched = _patched(name, args, path)
    if patched is not None:
        return patched
    rest = shaped.changes(args, path)
    if shaped.folder(path) and any(" " in text.strip() and "\n" not in text.strip() for text in rest):
        return None  # a command and the folder it runs in: its result says whether it ran
    if len(rest) >= 2 and rest[0] != rest[1]:
        old, new = rest[0], rest[1]
        return Call("edit", name, path, [(path, "edit")], change=short(old, new), replaced=[(old, new)])
    if len(rest) == 1 and "\n" in rest[0].strip() and edits.elided(rest[0]):  # ``// ... existing code ...``
        return Call("edit", name, path, [(path, "edit")], change=short("", rest[0]), replaced=[("", rest[0])])
    if len(rest) == 1 and "\n" in rest[0].strip():
        return Call("write", name, path, [(path, "write")], change=written(rest[0]), content=rest[0])
    return Call("read", name, path, [(path, "read")]) if not rest else None


#: Words of a tool's name or operation that say it shows a file: an empty text beside the path writes nothing.
_READ_WORDS = {"read", "view", "open", "show", "cat", "get"}


def _patched(name: str, args: dict[str, Any], path: str | None) -> Call | None:
    """A change given as a patch or diff: an apply_patch body or unified diff anywhere in the arguments, diff hunks
    given apart from their path, SEARCH/REPLACE blocks, or a list of old/new pairs."""
    for text in edits.strings(args):  # a patch anywhere: apply_patch's input, a shell argv, a diff argument
        patched = edits.patch_files(text)
        if patched:
            pair = edits.patch_change(text)
            files = list(dict.fromkeys(p for p, _ in patched))
            call = Call("edit", name, ", ".join(files), patched, change=short(*pair) if pair else None)
            added = edits.added_file(text)
            if added is not None and len(files) == 1:  # a file written whole: told against its earlier text
                call.content = added
            else:
                call.replaced = [pair] if pair else []
            return call
    if not path:
        return None
    plain = old_new(args) is None  # an old/new pair's text may start with "+" ("+ 32"): it is no diff
    diff = by_words(args, {"diff", "patch"}, set())  # under such a key, one added line is a one-line file
    for text in edits.strings(args) if plain else ():  # diff hunks given apart from their path
        lines = text.splitlines()
        whole = (len(lines) > 1 or text == diff) and bool(lines) and all(ln[:1] == "+" for ln in lines)
        pair = edits.patch_change(text) if edits.hunks(text) or whole else None
        if pair is not None and not pair[0] and not edits.hunks(text):  # every line added: the whole file
            return Call("write", name, path, [(path, "write")], change=written(pair[1]), content=pair[1])
        if pair is not None:
            return Call("edit", name, path, [(path, "edit")], change=short(*pair), replaced=[pair])
    pairs = [pair for text in edits.strings(args) for pair in edits.blocks(text)] or nested_pairs(args)
    if pairs:
        return Call("edit", name, path, [(path, "edit")], change=_pairs(pairs), replaced=pairs)
    return None


def _shell_changed(name: str, command: str) -> Call | None:
    """A command that changes a file: a here-document writes it whole, ``sed -i`` or a script's replace edits it."""
    changed = edits.shell_change(command)
    if changed is None:
        return None
    where, op, old, new = changed
    if op == "write":
        return Call("write", name, where, [(where, "write")], change=written(new), content=new)
    return Call("edit", name, where, [(where, "edit")], change=short(old, new), replaced=[(old, new)])


def _fed(name: str, command: str, args: dict[str, Any]) -> Call | None:
    """A command given its standard input apart (``{command: ["tee", PATH], stdin: TEXT}``) that writes it to a
    file whole: a write of that text."""
    where = edits.stdin_target(command)
    fed = next((v for k, v in args.items() if isinstance(k, str) and "stdin" in k.lower() and isinstance(v, str)), None)
    if where is None or fed is None:
        return None
    return Call("write", name, where, [(where, "write")], change=written(fed), content=fed)


def _changing(call: Call, args: dict[str, Any]) -> Call:
    """An edit or write, with its change in short and what it needs to follow the file's text."""
    call.change = change(args)
    pair = old_new(args)
    if pair is not None:
        call.replaced = [pair]
    call.content = whole_text(args) if pair is None else None
    return call


CHANGE_CHARS = 240


def change(args: dict[str, Any]) -> str | None:
    """An edit in short, from its arguments: `old` -> `new` (each side cut to its changed lines), the edits of a
    multi-edit joined, or the size of what was written. The summary names the change, not only the file."""
    edit_list = args.get("edits")
    if isinstance(edit_list, list) and edit_list and all(isinstance(e, dict) for e in edit_list):
        edit_list = [e for e in edit_list if change(e)]
        parts = [c for c in (change(e) for e in edit_list[:3]) if c]
        more = f" (+{len(edit_list) - 3} more edits)" if len(edit_list) > 3 else ""
        return "; ".join(parts) + more if parts else None
    pair = old_new(args)
    if pair is not None:
        return short(*pair)
    content = whole_text(args)
    if content is not None:
        return written(content)
    return None


def written(content: str) -> str:
    """A whole file written where nothing earlier showed its text: its size and first line."""
    first = next((ln.strip() for ln in content.splitlines() if ln.strip()), "")
    return f"wrote {line_count(content):,} lines" + (f", starting `{cut(first, 60)}`" if first else "")


def line_count(content: str) -> int:
    """The lines of a file's text, its last line counted whether or not a newline ends it."""
    return content.count("\n") + (0 if content.endswith("\n") or not content else 1)


def short(old: str, new: str) -> str:
    before, after = edits.changed_lines(old, edits.without_elisions(new) if not old else new)
    return f"`{cut(before, CHANGE_CHARS // 2)}` -> `{cut(after, CHANGE_CHARS // 2)}`"


def _pairs(pairs: list[tuple[str, str]]) -> str:
    more = f" (+{len(pairs) - 2} more blocks)" if len(pairs) > 2 else ""
    return "; ".join(short(old, new) for old, new in pairs[:2]) + more


#: Where a command is, by key (lower case, without ``_`` and ``-``): ``CommandLine``, ``commands``, ``cmd``...
_COMMAND_NAMES = {re.sub(r"[_-]", "", k).lower() for k in COMMAND_KEYS} | {"commands", "cmds", "shellcommand"}


#: Code under these keys is run, not stored, when the tool is named for running it (``execute{code}``,
#: ``code_interpreter{code}``) or names the language it runs (``{language: "python", code}``).
_CODE_KEYS = {"code", "input", "source"}
_RUNS_CODE = re.compile(r"^(?:exec\w*|run\w*|interpret\w*|eval\w*)$")


def _command(args: dict[str, Any], words: set[str]) -> str | None:
    found = _command_here(args, words)
    if found is None:  # a command one level down: ``{action: {type: "exec", command: [...]}}``
        for value in args.values():
            if isinstance(value, dict):
                found = _command_here(value, words | _words_of(value))
                if found is not None:
                    break
    return found


def _words_of(value: dict[str, Any]) -> set[str]:
    """The words of an operation's short string fields (``type: "exec"``): they may say that it runs a command."""
    return {w for v in value.values() if isinstance(v, str) and len(v) <= 30 for w in re.findall(r"[a-z]+", v.lower())}


def _command_here(args: dict[str, Any], words: set[str]) -> str | None:
    runs = bool(words & _TERMINAL_WORDS) or any(_RUNS_CODE.match(w) for w in words)
    runs = runs or any(k in args for k in ("language", "lang", "runtime"))
    names = _COMMAND_NAMES | ({"input"} if words & _TERMINAL_WORDS else set()) | (_CODE_KEYS if runs else set())
    for key, value in args.items():
        if not isinstance(key, str) or re.sub(r"[_-]", "", key).lower() not in names:
            continue
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            value = _command_line(value)
        if isinstance(value, str) and value.strip():
            return _shell_in(value.strip()) if runs else value.strip()
    return None


#: A shell command a script runs from a string literal (``subprocess.run("make -k", shell=True)``, ``os.system``).
_SHELL_CALL = re.compile(
    r"""\b(?:subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|os\.system|os\.popen)"""
    r"""\(\s*(?P<literal>"(?:[^"\\\n]|\\.)+"|'(?:[^'\\\n]|\\.)+')"""
)


def _shell_in(code: str) -> str:
    """The command a script runs through the shell, when it is one literal (the script is a wrapper round it);
    else the script itself."""
    found = _SHELL_CALL.search(code) if "(" in code else None
    if found is None:
        return code
    command = literal_text(found["literal"])
    return command if command and command.strip() else code


def _command_line(value: list[str]) -> str:
    """An argv as one line; ``bash -lc 'pytest -q'`` runs pytest (the script is the command); a list of command
    lines (``["cd app", "pytest -q"]``: more than one holds a space) runs them one after the other."""
    shell = value[0].rsplit("/", 1)[-1] in _SHELLS and len(value) >= 3 and value[-2].startswith("-")
    if shell and "c" in value[-2]:
        return value[-1]
    if sum(" " in v.strip() for v in value) > 1 or (len(value) == 1 and " " in value[0]):
        return " && ".join(v.strip() for v in value)
    return shlex.join(value)


def _todos(args: dict[str, Any]) -> list[tuple[str, str]] | None:
    for key in TODO_KEYS:
        items = args.get(key)
        if isinstance(items, list) and items and all(isinstance(i, dict) and "status" in i for i in items):
            out = []
            for item in items:
                text = next((str(item[k]) for k in TODO_TEXT_KEYS if item.get(k)), "")
                out.append((status(str(item["status"])), text))
            return out
    return None


def status(word: str) -> str:
    word = word.lower().replace("-", "_").replace(" ", "_")
    if word in ("completed", "complete", "done", "finished"):
        return "done"
    if word in ("in_progress", "active", "running", "doing"):
        return "in progress"
    if word in ("cancelled", "canceled", "skipped"):
        return "cancelled"
    return "pending"


def outcome(call: Call, result: Block) -> tuple[bool, str]:
    """(failed, what the result says in one line): the line that says why it failed, the last line of a success.

    A flag on the result decides; else the output itself does (see ``failures``): a shell command by its exit
    code or the lines only a failure prints, another tool when its result is an error text."""
    text = result.text or ""
    head = text.lstrip()[:200].lower()
    if head.startswith('{"error"'):  # Gemini's error payload: the message is inside
        text = _error_payload(text)
        return True, cut(_lines(text)[0] if _lines(text) else "error", CUT_CHARS)
    seen = text if len(text) <= 2 * _ERROR_CHARS else text[:_ERROR_CHARS] + "\n" + text[-_ERROR_CHARS:]
    seen = failures.plain(seen)  # a terminal's colour codes and line ends are no part of what a tool says
    command = call.kind == "command"
    reading = failures.read_command(seen, call.target) if command else failures.read_tool(seen, call.target)
    if result.is_error or head.startswith("<tool_use_error>") or reading.failed:
        bare = failures.printed(failures.unwrapped(seen)[0], call.target) if command else seen  # not the wrapper's
        line = reading.line or failures.quote(bare, failed=True)
        code = (reading.exit_code or failures.exit_code(seen)) if command else None  # also one a wrapper's JSON held
        if line is None and code:  # no line names a failure: the output itself says what failed
            line = _unnamed(bare, code)
        if line is None:
            lines = _lines(failures.printed(seen, call.target) if command else seen) or _lines(seen)
            line = lines[0] if lines else "no output"
        return True, cut(line, FAILURE_CHARS, head=3)
    if call.kind == "delegate":  # a sub-agent's report leads with its findings
        return False, cut(" ".join(_lines(text[:_TAIL_CHARS])), CUT_CHARS)
    if call.kind == "command":  # the output inside a host's wrapper (Codex's JSON), not the wrapper's last line
        text = failures.unwrapped(text[-_TAIL_CHARS:] if text.lstrip()[:1] != "{" else text)[0]
    last = _last_line(text[-_TAIL_CHARS:])
    return False, cut(last, CUT_CHARS // 2) if last else "no output"


def _unnamed(bare: str, code: int) -> str:
    """A failed run's output that names no failure: the diff or the finding's place it shows (the output is the
    finding), else its first and last lines (a first line that ends in ':' introduces the next: ``needs to be run
    on:`` over a path)."""
    shown = unmarked.finding(bare)
    if shown:
        return f"exit code {code}: {shown}"
    said = _lines(bare)
    while len(said) > 1 and _OUTPUT_LABEL.match(said[0]):  # the host's label over the output (``Its output was:``)
        said = said[1:]
    ends = list(dict.fromkeys(said[:2] if said[0].endswith(":") else said[:1] + said[-1:])) if said else []
    ends = [ln for ln in ends if failures.exit_code(ln) is None]  # a wrapper's code line is left only
    told = " ".join(ends) if len(ends) == 2 and ends[0].endswith(":") else "; ".join(ends)  # a label, its value
    return f"exit code {code}: {told}" if ends else f"exit code {code}, no error message"


_OUTPUT_LABEL = re.compile(r"(?i)^[\w ]{0,30}\b(?:output|stdout|stderr|result|log)s?\b[\w ]{0,12}:$")


def _last_line(text: str) -> str:
    for line in reversed(text.splitlines()):
        kept = _lines(line)
        if kept:
            return kept[0]
    return ""


def _lines(text: str) -> list[str]:
    """The lines that say something: host wrappers and bookkeeping lines dropped."""
    lines = (ln.strip() for ln in _unwrapped_tags(text).splitlines())
    return [ln for ln in (ln.removeprefix("Output:").strip() for ln in lines if ln and not _NOISE_LINE.match(ln)) if ln]


def _unwrapped_tags(text: str) -> str:
    """``text`` without a wrapper's tags: each opening or closing a line whose pair the text holds too. A tag
    inside a line, or one with no pair, is what the tool printed (``Warning: <img> lacks "alt" attribute``)."""
    if "<" not in text:
        return text

    def drop(found: re.Match[str]) -> str:
        name = found[1] or found[2]
        return "" if f"<{name}>" in text and f"</{name}>" in text else found[0]

    return _TAG.sub(drop, text)


def _error_payload(text: str) -> str:
    """The message of an error object: Gemini's ``{"error": "..."}``, or a flag beside its message (``{"error":
    true, "message": "...", "stack": ...}``)."""
    try:
        value = json.loads(text)
    except ValueError:
        return text
    error = value.get("error") if isinstance(value, dict) else None
    if error is True and isinstance(value.get("message"), str):
        return str(value["message"])
    return error if isinstance(error, str) else text
