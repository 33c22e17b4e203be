"""Before each tool call: feed it to the session's loop monitor, and pass on what it says.

``warn`` reaches the model as extra context (Claude Code's PreToolUse takes ``additionalContext``; Gemini
CLI's BeforeTool does not, so the nudge waits and rides on the same call's AfterTool). Only ``stop`` refuses the
call, with the nudge as the reason. The check is the stateful check_loop of the facade's store, called without
its argument model: that model loads pydantic, which takes longer than the check, on a path every tool call
takes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..loops import service
from ..loops.events import Event
from ..loops.verdict import Verdict
from ..tokens.count import TokenCounter
from .context import HookCall


def verdict(call: HookCall) -> Verdict | None:
    name = call.text("tool_name")
    if not name:
        return None
    args = call.data.get("tool_input")
    event = Event("tool_call", name=name, args=args if isinstance(args, Mapping) else None)
    store = call.store  # not call.session: a Session's imports would double the hook's time
    # The hook runs before every tool call, in a process of its own: the call's arguments are counted by the
    # estimate (the loop state records the method), as loading a tiktoken encoding found on disk would cost each
    # call more than the whole check.
    counter = TokenCounter(search_local=False)
    return service.check_stream(store, call.session_id, [event], None, False, counter).verdict


def _nudge(v: Verdict) -> str:
    return v.nudge or f"check_loop: {v.status} ({v.kind or 'repeated calls'})"


def claude_pre_tool_use(call: HookCall) -> dict[str, Any] | None:
    v = verdict(call)
    if v is None or v.status == "ok":
        return None
    if v.status == "stop":
        specific = {"permissionDecision": "deny", "permissionDecisionReason": _nudge(v)}
    else:
        specific = {"additionalContext": _nudge(v)}
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", **specific}}


def gemini_before_tool(call: HookCall) -> dict[str, Any] | None:
    v = verdict(call)
    if v is None or v.status == "ok":
        return None
    if v.status == "stop":
        return {"decision": "deny", "reason": _nudge(v)}
    call.add_pending(nudge=_nudge(v))
    return None
