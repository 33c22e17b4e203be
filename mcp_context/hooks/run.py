"""One hook call from start to end: parse the host's JSON, answer the event, and never break the host.

Whatever goes wrong (input that is not JSON, a session id the store refuses, a full disk, a bug) the hook
answers nothing, which every host reads as "carry on unchanged", and leaves one line in ``<root>/hooks.log``.
"""

from __future__ import annotations

import importlib
import json
import os
import stat
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .context import DUE, HookCall, min_tokens_from

LOG = "hooks.log"
LOG_MAX_BYTES = 1024 * 1024

Answer = dict[str, Any] | str | None


def gemini_after_tool(call: HookCall) -> Answer:
    """The handle of a large output, and whatever waited for the model: a nudge from BeforeTool, or the
    snapshot after a compression Gemini CLI really made (read off its chat file). All of it goes in as
    additional context: Gemini CLI cannot replace output."""
    from . import outputs, snapshots

    parts = [outputs.gemini_stored_note(call)]
    snapshots.gemini_compressions(call)
    pending = call.take_pending() if call.text("session_id") else {}
    if isinstance(pending.get("nudge"), str):
        parts.append(pending["nudge"])
    snapshot = call.state().get("snapshot") if pending.get("snapshot") else None
    if isinstance(snapshot, dict):
        parts.append(snapshots.injected(snapshot))
    text = "\n\n".join(p for p in parts if p)
    answer: dict[str, Any] = {}
    if text:
        answer["hookSpecificOutput"] = {"hookEventName": "AfterTool", "additionalContext": text}
    if isinstance(snapshot, dict) and "dropped" in snapshot:  # the user hears of a compression when the model does
        answer["systemMessage"] = snapshots.compressed_note(snapshot)
    return answer or None


def claude_pre_tool_use(call: HookCall) -> Answer:
    """The loop check, and what a compaction's summary dropped when it is due (the model went on by itself
    after an automatic compaction, so no prompt carried it). A failure of the latter never costs the former."""
    from . import repeats

    answer = repeats.claude_pre_tool_use(call)
    specific = answer["hookSpecificOutput"] if answer is not None else None
    if specific is not None and specific.get("permissionDecision") == "deny":
        return answer  # the drops wait for the next call that runs
    try:
        due = _compaction_due(call)
    except Exception as exc:  # logged like any hook failure, and the loop check still answers
        log(call.root, f"claude pre-tool-use session={call.session_id}: {type(exc).__name__}: {_one_line(str(exc))}")
        due = None
    if due is None:
        return answer
    given = specific.get("additionalContext") if specific is not None else None
    context = f"{given}\n\n{due}" if given else due
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", "additionalContext": context}}


def _compaction_due(call: HookCall) -> str | None:
    """What a compaction dropped, when it is due; the snapshot's machinery is loaded only then (most tool
    calls come when nothing is due, and this hook runs before every one)."""
    if not call.waits(DUE):
        return None
    from . import snapshots

    return snapshots.claude_due(call)


#: Each event's handler as ``module:function`` of this package, imported only when its event fires: a small
#: PostToolUse output must not pay for the loop detector's or the snapshot's imports (goal: under 150 ms).
HANDLERS: dict[tuple[str, str], str] = {
    ("claude", "pre-tool-use"): "run:claude_pre_tool_use",
    ("claude", "post-tool-use"): "outputs:claude_post_tool_use",
    ("claude", "pre-compact"): "snapshots:claude_pre_compact",
    ("claude", "session-start"): "snapshots:claude_session_start",
    ("claude", "post-compact"): "snapshots:claude_post_compact",
    ("claude", "user-prompt-submit"): "snapshots:claude_user_prompt_submit",
    ("codex", "pre-tool-use"): "repeats:claude_pre_tool_use",
    ("codex", "post-tool-use"): "outputs:codex_post_tool_use",
    ("codex", "pre-compact"): "snapshots:codex_pre_compact",
    ("codex", "session-start"): "snapshots:codex_session_start",
    ("gemini", "before-tool"): "repeats:gemini_before_tool",
    ("gemini", "after-tool"): "run:gemini_after_tool",
    ("gemini", "pre-compress"): "snapshots:gemini_pre_compress",
    ("gemini", "session-start"): "snapshots:gemini_session_start",
}


def handler(host: str, event: str) -> Callable[[HookCall], Answer]:
    name = HANDLERS.get((host, event))
    if name is None:
        raise ValueError(f"no hook {host} {event}")
    module, function = name.split(":")
    found: Callable[[HookCall], Answer] = getattr(importlib.import_module(f"{__package__}.{module}"), function)
    return found


def run(
    host: str,
    event: str,
    stdin: bytes,
    root: Path,
    min_tokens: int | None = None,
    root_given: bool = False,
    env: Mapping[str, str] | None = None,
) -> str | None:
    """What to print on stdout (None: nothing). Never raises: a failure is logged and answered with nothing."""
    env = os.environ if env is None else env
    session = "-"
    try:
        respond = handler(host, event)
        data = json.loads(stdin)
        if not isinstance(data, dict):
            raise ValueError(f"the input is JSON {type(data).__name__}, not an object")
        session = str(data.get("session_id", "-"))[:80]
        call = HookCall(host, event, data, root, min_tokens_from(min_tokens, env), root_given, env)
        answer = respond(call)
    except Exception as exc:  # the host must go on whatever happened here
        log(root, f"{host} {event} session={session}: {type(exc).__name__}: {_one_line(str(exc))}")
        return None
    if answer is None:
        return None
    return answer if isinstance(answer, str) else json.dumps(answer, ensure_ascii=False)


def _one_line(text: str) -> str:
    return " ".join(text.split())[:500]


def log(root: Path, line: str) -> None:
    """Append one line to the hooks log, keeping it under a megabyte; a log that cannot be written is skipped,
    and so is one that is a link (the line would land wherever it points)."""
    path = root / LOG
    flags = (
        os.O_WRONLY
        | os.O_APPEND
        | os.O_CREAT
        | os.O_NONBLOCK
        | getattr(os, "O_NOFOLLOW", 0)
        | getattr(os, "O_CLOEXEC", 0)
    )
    try:
        root.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > LOG_MAX_BYTES:
            os.replace(path, path.with_name(LOG + ".1"))
        with os.fdopen(os.open(path, flags, 0o600), "a", encoding="utf-8") as f:
            if stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                f.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {line}\n")
    except OSError:
        pass
