"""Large tool outputs: stored whole, and the model given a preview with the handle instead.

Claude Code lets a PostToolUse hook replace the output (``updatedToolOutput``), but only in the tool's own
shape: for Bash an object with ``stdout``, ``stderr`` and ``interrupted`` (a string is dropped silently). The
hook sees at most the first 30,000 characters inline; the whole output is in ``persistedOutputPath``, which the
replacement must leave out, or the host cuts our preview to 2 KB again.

Gemini CLI cannot have a tool output replaced (a ``deny`` turns it into an error), and cuts shell output
itself; its AfterTool hook stores the complete output (a shell command's as it printed it, out of the host's
wrapper) and appends the handle as additional context.

Codex CLI speaks Claude Code's protocol, but its PostToolUse gets the shell's output as one string and takes no
replacement for it: the output is stored and the handle added as additional context, as for Gemini CLI.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

from ..errors import ContextError
from ..tokens.count import estimate_bytes
from . import preview
from .context import HookCall

#: Our own tools and commands: reading a stored result must never store it again.
_OUR_TOOLS = re.compile(r"(?:^|_)(?:read_persisted|persist_result|compact_history|summarize_range|check_loop)$")
_OUR_COMMAND = re.compile(r"mcp[-_]context\S*(?:\s+--?\S+(?:\s+[^-\s]\S*)?)*\s+(?:read|show|persist)\b")
_BASH_KEYS_DROPPED = ("persistedOutputPath", "persistedOutputSize")


def is_ours(call: HookCall) -> bool:
    name = call.text("tool_name") or ""
    tool_input = call.data.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    return bool(_OUR_TOOLS.search(name)) or (isinstance(command, str) and bool(_OUR_COMMAND.search(command)))


def large(call: HookCall, text: str, raw: bytes | None = None) -> bool:
    """At or over the threshold. A text shorter in characters than the threshold is small without counting."""
    if len(text) < call.min_tokens:
        return False
    return estimate_bytes(raw if raw is not None else text.encode("utf-8", "surrogatepass")) >= call.min_tokens


def store(call: HookCall, raw: bytes, label: str, about: str = "") -> preview.Stored:
    """Store the exact bytes (UTF-8 text); bytes that are not UTF-8 are stored with replacement characters.
    ``about``: what the host said beside the output (exit code, process group), kept in the result's source."""
    session = call.session
    source = f"{call.host} {call.event}" + (f"; {about}" if about else "")
    try:
        persisted = session.persist_file(io.BytesIO(raw), label=label[:200], source=source)
    except ContextError:
        text = raw.decode("utf-8", "replace").encode("utf-8")
        persisted = session.persist_file(io.BytesIO(text), label=label[:200], source=source)
    meta = persisted.meta
    return preview.Stored(meta.handle, meta.session, meta.chars, meta.lines, meta.tokens)


def _label(call: HookCall) -> str:
    tool_input = call.data.get("tool_input")
    command = tool_input.get("command") if isinstance(tool_input, dict) else None
    name = call.text("tool_name") or "tool"
    return f"{name}: {' '.join(command.split())}" if isinstance(command, str) else f"{name} output"


def _shortened(call: HookCall, raw: bytes, label: str) -> str:
    stored = store(call, raw, label)
    return preview.render(raw.decode("utf-8", "replace"), stored, call.read_command)


def claude_post_tool_use(call: HookCall) -> dict[str, Any] | None:
    """The replacement output when the tool's output is large; None (no answer) when it is small or ours."""
    response = call.data.get("tool_response")
    if is_ours(call):
        return None
    replaced: dict[str, Any] | list[dict[str, Any]] | str | None
    if isinstance(response, dict) and isinstance(response.get("stdout"), str):
        replaced = _bash(call, response)
    elif isinstance(response, str):
        replaced = _shortened(call, response.encode("utf-8"), _label(call)) if large(call, response) else None
    elif isinstance(response, list) and all(isinstance(b, dict) for b in response):
        replaced = _blocks(call, response)
    else:
        replaced = None
    if replaced is None:
        return None
    return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": replaced}}


def _bash(call: HookCall, response: dict[str, Any]) -> dict[str, Any] | None:
    """Bash's output object with a preview for stdout (and for stderr when that is large too)."""
    stdout, stderr = response["stdout"], response.get("stderr")
    stderr = stderr if isinstance(stderr, str) else ""
    path = response.get("persistedOutputPath")
    raw: bytes | None = None
    if isinstance(path, str) and path:
        try:
            raw = Path(path).read_bytes()
        except OSError:
            raw = None  # gone already: what came inline is all there is
    out_large = large(call, stdout) if raw is None else estimate_bytes(raw) >= call.min_tokens
    err_large = large(call, stderr)
    if not (out_large or err_large):
        return None
    label = _label(call)
    new = {k: v for k, v in response.items() if k not in _BASH_KEYS_DROPPED}
    if out_large:
        new["stdout"] = _shortened(call, raw if raw is not None else stdout.encode("utf-8"), label)
    if err_large:
        new["stderr"] = _shortened(call, stderr.encode("utf-8"), f"{label} (stderr)")
    new.setdefault("stderr", stderr)
    new.setdefault("interrupted", False)
    return new


def _blocks(call: HookCall, blocks: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    """An MCP tool's content blocks: when their text is large, one text block with the preview."""
    if not all(b.get("type") == "text" and isinstance(b.get("text"), str) for b in blocks):
        return None
    text = "\n".join(str(b["text"]) for b in blocks)
    if not large(call, text):
        return None
    return [{"type": "text", "text": _shortened(call, text.encode("utf-8"), _label(call))}]


def llm_text(content: Any) -> str | None:
    """Gemini CLI's llmContent as text: a string, a part ``{text}``, or a list of those."""
    if isinstance(content, str):
        return content
    if isinstance(content, dict):
        return content.get("text") if isinstance(content.get("text"), str) else None
    if isinstance(content, list):
        texts = [llm_text(part) for part in content]
        return "".join(t for t in texts if t is not None)
    return None


def gemini_stored_note(call: HookCall) -> str | None:
    """Store a large AfterTool output whole; the note naming its handle, or None when small or ours. A shell
    command's output is stored as the command printed it, without the host's wrapper (:mod:`.shell_output`)."""
    response = call.data.get("tool_response")
    text = llm_text(response.get("llmContent")) if isinstance(response, dict) else None
    if text is None or is_ours(call) or not large(call, text):
        return None
    from .shell_output import unwrap

    assert isinstance(response, dict)
    shell = unwrap(text, response.get("returnDisplay"))
    if shell is not None:
        text = shell.output
    raw = text.encode("utf-8", "surrogatepass")
    return handle_note(call, store(call, raw, _label(call), shell.describe() if shell is not None else ""))


def handle_note(call: HookCall, stored: preview.Stored, what: str = "This tool's complete output") -> str:
    """What the model is told beside an output it still sees: where ``what`` is kept, and how to read it."""
    h = stored.handle
    command = " ".join([*call.read_command, h, "--grep", "PATTERN"])
    return (
        f"[mcp-context] {what} ({stored.chars:,} chars, {stored.lines:,} lines, about {stored.tokens:,} tokens) is "
        f"stored as handle {h}; what is shown may be cut. Page it with read_persisted(handle='{h}', start_line=1), "
        f"search it with read_persisted(handle='{h}', grep='PATTERN'), or from a shell: {command}."
    )


def codex_text(response: Any) -> str | None:
    """Codex's PostToolUse ``tool_response`` as text: the shell's output is one plain string; an MCP tool's
    result is taken as its text blocks (a list, or an object holding ``content``)."""
    if isinstance(response, str):
        return response
    if isinstance(response, dict) and isinstance(response.get("content"), list):
        response = response["content"]
    if isinstance(response, list) and response and all(isinstance(b, dict) for b in response):
        texts = [b.get("text") for b in response if b.get("type") == "text"]
        return "\n".join(t for t in texts if isinstance(t, str)) if texts else None
    return None


def codex_post_tool_use(call: HookCall) -> dict[str, Any] | None:
    """Store a large output and hand the model its handle as additional context. Codex's PostToolUse output has
    no ``updatedToolOutput`` (its schema refuses unknown keys), so the output stays as Codex shows it; a shell
    output Codex cut is stored from the longest copy Codex kept (:mod:`.codex_output`)."""
    text = codex_text(call.data.get("tool_response"))
    if text is None or is_ours(call) or not large(call, text):
        return None
    from .codex_output import longest

    kept = longest(text, call.data.get("transcript_path"), call.data.get("tool_use_id"))
    about = "" if kept.original_tokens is None else f"cut by Codex from {kept.original_tokens:,} tokens"
    about += "; Codex's rollout copy" if kept.from_rollout else ""
    stored = store(call, kept.text.encode("utf-8", "surrogatepass"), _label(call), about)
    what = "This tool's complete output"
    if kept.original_tokens is not None:
        what = f"Codex cut this output (about {kept.original_tokens:,} tokens) for you; the longest copy Codex kept"
    note = handle_note(call, stored, what)
    return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": note}}
