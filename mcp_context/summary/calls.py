"""What a tool call did, read from its name and arguments, and how it went, read from its result.

Hosts name their tools differently (Claude Code ``Read``/``Edit``/``Bash``, Gemini CLI ``read_file``/``replace``/
``run_shell_command``, Codex ``apply_patch``/``exec_command``), so calls are classified by argument keys and name
words rather than by a fixed list. A shell command's outcome is taken from its exit code where the host writes
one (Claude Code ``Exit code 1``, Gemini CLI ``Exit Code: 1``) or a traceback; other tools fail only when the
provider marks the result as an error or the host wraps it as one."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ..conversation.model import Block, args_text

Kind = Literal["read", "write", "edit", "search", "command", "todo", "delegate", "call"]

PATH_KEYS = ("file_path", "path", "filePath", "absolute_path", "notebook_path", "filename", "target_file", "dir_path")
COMMAND_KEYS = ("command", "cmd", "script")
TODO_KEYS = ("todos", "plan", "tasks", "items")
TODO_TEXT_KEYS = ("content", "description", "step", "task", "title", "text")
#: str_replace_based_edit_tool-style editors name their operation in ``command``: not a shell command.
_EDITOR_OPS = {"view": "read", "create": "write", "str_replace": "edit", "insert": "edit", "undo_edit": "edit"}
_PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.M)
_EXIT = re.compile(r"^\s*exit code:?\s*(-?\d+)\s*$", re.I | re.M)
_ERROR_LINE = re.compile(r"\b\w*(Error|Exception)\b|\berror\b|\bFAILED\b|\b\d+ failed\b", re.I)
_NAMED_ERROR = re.compile(r"\b[A-Z]\w*(Error|Exception)\b")
_RAISED = re.compile(r"^[A-Za-z_][\w.]*(Error|Exception)(: |$)")
_NOISE_LINE = re.compile(r"^(process group pgid|signal|exit code|error: \(none\)|</?untrusted_context>)", re.I)
_TAG = re.compile(r"</?[a-z_-]+>")
CUT_CHARS = 160
_TAIL_CHARS = 2_000
_ERROR_CHARS = 20_000


@dataclass
class Call:
    kind: Kind
    name: str
    target: str  # a path, a command, a search pattern, or the call written out
    paths: list[tuple[str, str]] = field(default_factory=list)  # (path, "read" | "write" | "edit")
    todos: list[tuple[str, str]] | None = None  # (status, text) of a full to-do list


def classify(block: Block) -> Call:
    name = block.name or "tool"
    args: dict[str, Any] = block.args if isinstance(block.args, dict) else {}
    words = set(re.findall(r"[a-z]+", re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()))
    todos = _todos(args)
    if todos is not None:
        return Call("todo", name, f"{len(todos)} item(s)", todos=todos)
    path = next((args[k] for k in PATH_KEYS if isinstance(args.get(k), str) and args[k]), None)
    command = _command(args)
    if path and command in _EDITOR_OPS:
        op = _EDITOR_OPS[command]
        return Call("read" if op == "read" else "edit" if op == "edit" else "write", name, path, [(path, op)])
    patch = next((v for k in ("input", "patch") if isinstance(v := args.get(k), str)), "")
    patched = [(p.strip(), "write" if op == "Add" else "edit") for op, p in _PATCH_FILE.findall(patch)]
    if patched:
        return Call("edit", name, ", ".join(p for p, _ in patched), patched)
    if command:
        return Call("command", name, command)
    if words & {"grep", "glob", "search", "find", "list", "ls"} or "pattern" in args:
        pattern = args.get("pattern") or args.get("query") or args.get("regex") or ""
        where = f" in {path}" if path else ""
        return Call("search", name, f"{pattern}{where}" if pattern else cut(args_text(args), CUT_CHARS))
    if path:
        if words & {"write", "create"}:
            return Call("write", name, path, [(path, "write")])
        if words & {"edit", "replace", "patch"}:
            return Call("edit", name, path, [(path, "edit")])
        return Call("read", name, path, [(path, "read")])
    many = args.get("paths")
    if isinstance(many, list) and many and all(isinstance(p, str) for p in many):
        return Call("read", name, ", ".join(many), [(p, "read") for p in many])
    if words & {"task", "agent", "subagent", "delegate"}:
        what = args.get("description") or args.get("prompt") or ""
        return Call("delegate", name, cut(str(what), CUT_CHARS))
    return Call("call", name, f"{name}({cut(args_text(block.args), CUT_CHARS)})")


def _command(args: dict[str, Any]) -> str | None:
    for key in COMMAND_KEYS:
        value = args.get(key)
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            value = " ".join(value)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return None


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
    """(failed, what the result says in one line): the error line of a failure, the last line of a success.

    Only the ends of a long output are read: hosts write the exit code first (Claude Code) or last (Gemini
    CLI), a traceback ends with its exception, and a success is told by its last line."""
    text = result.text or ""
    head = text.lstrip()[:200].lower()
    failed = result.is_error or head.startswith(("<tool_use_error>", '{"error"'))
    if head.startswith('{"error"'):  # Gemini's error payload: the message is inside
        text = _error_payload(text)
    last = _last_line(text[-_TAIL_CHARS:])
    if call.kind == "command":
        code = _EXIT.search(text[:300]) or _EXIT.search(text[-1000:])
        if code is not None:
            failed = failed or code.group(1) != "0"
        else:  # no exit code written: a Python traceback ends the output with the exception
            failed = failed or bool(_RAISED.match(last))
    if failed:
        lines = _lines(text[-_ERROR_CHARS:])
        errors = [ln for ln in lines if _ERROR_LINE.search(ln)]
        # A line naming the exception says more than the count after it ("1 failed in 0.31s").
        named = [ln for ln in errors if _NAMED_ERROR.search(ln)]
        return True, cut((named or errors)[-1] if errors else lines[0] if lines else "no output", CUT_CHARS)
    if call.kind == "delegate":  # a sub-agent's report leads with its findings
        return False, cut(" ".join(_lines(text[:_TAIL_CHARS])), CUT_CHARS)
    return False, cut(last, CUT_CHARS // 2) if last else "no output"


def _last_line(text: str) -> str:
    for line in reversed(text.splitlines()):
        kept = _lines(line)
        if kept:
            return kept[0]
    return ""


def _lines(text: str) -> list[str]:
    """The lines that say something: host wrappers and bookkeeping lines dropped."""
    lines = (ln.strip() for ln in _TAG.sub("", text).splitlines())
    return [ln for ln in (ln.removeprefix("Output:").strip() for ln in lines if ln and not _NOISE_LINE.match(ln)) if ln]


def _error_payload(text: str) -> str:
    try:
        value = json.loads(text)
    except ValueError:
        return text
    error = value.get("error") if isinstance(value, dict) else None
    return error if isinstance(error, str) else text


def cut(text: str, limit: int) -> str:
    """One line of at most ``limit`` characters: head and tail kept, the middle elided."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    half = (limit - 5) // 2
    return f"{text[:half]} ... {text[-half:]}"
