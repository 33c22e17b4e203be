"""Our entries in a host's settings file: added, found and taken out without touching anything else.

A settings file belongs to the user. Install keeps every key and every hook already there and adds one matcher
group per event, holding only our command; uninstall takes out exactly the hooks whose command is ours (see
:func:`hosts.our_event`), even when the user edited the file in between. When nothing else changed, uninstall
puts back the very bytes that were there before install: a record of them is kept beside the store
(:mod:`.records`), because re-serialising JSON cannot promise the user's spacing.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument, StoreError
from .hosts import HookEvent, Host, our_event


@dataclass(frozen=True)
class SettingsFile:
    """A settings file as read: its text (None when absent) and the JSON object it holds."""

    path: Path
    text: str | None
    doc: dict[str, Any]


def read(path: Path) -> SettingsFile:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return SettingsFile(path, None, {})
    except (OSError, UnicodeDecodeError) as exc:
        raise StoreError(f"cannot read {path}: {getattr(exc, 'strerror', None) or exc}") from None
    if not text.strip():
        return SettingsFile(path, text, {})
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidArgument(f"{path} is not plain JSON ({exc.msg}, line {exc.lineno}): fix it, then retry") from None
    if not isinstance(doc, dict):
        raise InvalidArgument(f"{path} holds {type(doc).__name__}, not a JSON object: fix it, then retry")
    return SettingsFile(path, text, doc)


def entry(host: Host, event: HookEvent, command: str, matcher: str | None = None) -> dict[str, Any]:
    """The matcher group we add for one event: our command alone, so taking it out leaves the user's intact.
    ``matcher`` replaces the event's default (``--matcher``)."""
    hook: dict[str, Any] = {"type": "command", "command": command, "timeout": event.timeout_s * host.timeout_unit}
    if host.name == "gemini":
        hook = {"name": f"mcp-context-{event.cli}", **hook}
    matcher = event.matcher if matcher is None else matcher
    group: dict[str, Any] = {} if matcher is None else {"matcher": matcher}
    group["hooks"] = [hook]
    return group


def without_ours(doc: dict[str, Any], host: str) -> dict[str, Any]:
    """``doc`` with every hook of ours for ``host`` taken out, and what that empties (a group, an event, the
    hooks key) taken out with it; everything else is kept as it was, in its order."""
    hooks = doc.get("hooks")
    if not isinstance(hooks, dict):
        return doc
    out_hooks: dict[str, Any] = {}
    for name, groups in hooks.items():
        if not isinstance(groups, list):
            out_hooks[name] = groups
            continue
        kept_groups = []
        for group in groups:
            inner = group.get("hooks") if isinstance(group, dict) else None
            if not isinstance(inner, list):
                kept_groups.append(group)
                continue
            kept = [h for h in inner if not (isinstance(h, dict) and _ours_for(h.get("command"), host))]
            if len(kept) == len(inner):
                kept_groups.append(group)
            elif kept:
                kept_groups.append({**group, "hooks": kept})
        if kept_groups or not groups:
            out_hooks[name] = kept_groups
    out = dict(doc)
    if out_hooks or not hooks:
        out["hooks"] = out_hooks
    else:
        del out["hooks"]
    return out


def with_ours(
    doc: dict[str, Any], host: Host, commands: dict[str, str], matchers: dict[str, str] | None = None
) -> dict[str, Any]:
    """``doc`` with our groups for ``host`` (one per event in ``commands``), replacing any earlier ones."""
    out = without_ours(doc, host.name)
    hooks = dict(out.get("hooks") or {}) if isinstance(out.get("hooks"), dict) else {}
    for event in host.events:
        if event.cli in commands:
            groups = hooks.get(event.host_name)
            groups = list(groups) if isinstance(groups, list) else []
            hooks[event.host_name] = [*groups, entry(host, event, commands[event.cli], (matchers or {}).get(event.cli))]
    return {**out, "hooks": hooks}


def installed(doc: dict[str, Any], host: str) -> dict[str, list[str]]:
    """Our events found in ``doc``: host event name -> the commands registered for it."""
    found: dict[str, list[str]] = {}
    hooks = doc.get("hooks")
    if not isinstance(hooks, dict):
        return found
    for name, groups in hooks.items():
        for group in groups if isinstance(groups, list) else []:
            inner = group.get("hooks") if isinstance(group, dict) else None
            for h in inner if isinstance(inner, list) else []:
                if isinstance(h, dict) and _ours_for(h.get("command"), host):
                    found.setdefault(name, []).append(str(h["command"]))
    return found


def _ours_for(command: object, host: str) -> bool:
    ours = our_event(command)
    return ours is not None and ours[0] == host


def render(doc: dict[str, Any], like: str | None) -> str:
    """JSON text for ``doc`` in the spacing of ``like`` (the file as it was): its indent and final newline."""
    indent: int | str = 2
    if like:
        first = re.search(r"\n([ \t]+)\S", like)
        if first:
            indent = len(first[1]) if " " in first[1] else first[1]
    text = json.dumps(doc, indent=indent, ensure_ascii=False)
    return text + ("\n" if like is None or like.endswith("\n") else "")


def write_atomic(path: Path, text: str | None) -> None:
    """Put ``text`` at ``path`` all at once (None: remove it): a temp file beside it, fsync, rename, fsync the
    folder. A host reading its settings meanwhile sees the old file or the new one, never half of one."""
    if text is None:
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        mode = path.stat().st_mode & 0o7777
    except FileNotFoundError:
        mode = 0o644
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    dir_fd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)
