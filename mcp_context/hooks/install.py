"""Install, uninstall and list our hooks in Claude Code's and Gemini CLI's settings files.

Nothing is installed unless asked. Install is idempotent (the same command twice writes once); uninstall puts
back the file's exact bytes when nothing else changed since install, and otherwise takes out only our hooks.
The bytes from before install are kept in ``<root>/hooks/installs.json``, keyed by the settings path, with a
digest of what install wrote: that digest is how uninstall knows nothing else changed.
"""

from __future__ import annotations

import hashlib
import json
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidArgument
from .hosts import HOSTS, Host
from .settings import SettingsFile, installed, read, render, with_ours, without_ours, write_atomic

RECORDS = "hooks/installs.json"


@dataclass(frozen=True)
class Change:
    """What install or uninstall did to one settings file."""

    host: str
    path: Path
    changed: bool
    how: str  # "written", "unchanged", "restored", "removed ours", "not installed"
    commands: dict[str, str] = field(default_factory=dict)


def host_of(name: str) -> Host:
    try:
        return HOSTS[name]
    except KeyError:
        raise InvalidArgument(f"unknown host {name!r}: use one of {', '.join(HOSTS)}") from None


def commands_for(host: Host, base: list[str], options: dict[str, list[str]] | None = None) -> dict[str, str]:
    """The command line of each event: ``<base> hook <host> <event> [options of that event]``."""
    options = options or {}
    return {e.cli: shlex.join([*base, "hook", host.name, e.cli, *options.get(e.cli, [])]) for e in host.events}


def install(host: Host, path: Path, commands: dict[str, str], root: Path, matchers: dict[str, str]) -> Change:
    """Merge our hooks into ``path``, keeping everything else; write only when something changes."""
    current = read(path)
    wanted = with_ours(current.doc, host, commands, matchers)
    if wanted == current.doc:
        return Change(host.name, path, False, "unchanged", commands)
    text = render(wanted, current.text)
    records = _load_records(root)
    key = str(path.absolute())
    earlier = records.get(key)
    if not (isinstance(earlier, dict) and earlier.get("after") == _digest(current.text)):
        earlier = {"before": current.text}  # the chain broke (or never was): what is there now is "before"
    records[key] = {"before": earlier.get("before"), "after": _digest(text)}
    _save_records(root, records)  # first: a crash between the two writes leaves a record, never a lost original
    write_atomic(path, text)
    return Change(host.name, path, True, "written", commands)


def uninstall(host: Host, path: Path, root: Path) -> Change:
    """Take our hooks out of ``path``: the original bytes when nothing else changed, else only our entries."""
    current = read(path)
    records = _load_records(root)
    key = str(path.absolute())
    record = records.get(key)
    if not installed(current.doc, host.name):
        return Change(host.name, path, False, "not installed")
    if isinstance(record, dict) and record.get("after") == _digest(current.text):
        before = record.get("before")
        write_atomic(path, before if isinstance(before, str) else None)
        del records[key]
        _save_records(root, records)
        return Change(host.name, path, True, "restored")
    write_atomic(path, render(without_ours(current.doc, host.name), current.text))
    if key in records:
        del records[key]
        _save_records(root, records)
    return Change(host.name, path, True, "removed ours")


def status(paths: list[tuple[str, str, Path]]) -> list[dict[str, Any]]:
    """For each (host, scope, path): whether the file exists and which of our events it registers."""
    rows = []
    for host, scope, path in paths:
        try:
            found: SettingsFile | None = read(path)
            error = None
        except Exception as exc:  # a broken file is reported, not fatal: status must list the others
            found, error = None, str(exc)
        events = installed(found.doc, host) if found is not None else {}
        exists = found is not None and found.text is not None
        rows.append(
            {"host": host, "scope": scope, "path": str(path), "exists": exists, "events": events, "error": error}
        )
    return rows


def _digest(text: str | None) -> str | None:
    return None if text is None else hashlib.sha256(text.encode("utf-8")).hexdigest()


def _load_records(root: Path) -> dict[str, Any]:
    try:
        doc = json.loads((root / RECORDS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _save_records(root: Path, records: dict[str, Any]) -> None:
    write_atomic(root / RECORDS, json.dumps(records, indent=1, ensure_ascii=False) + "\n")
