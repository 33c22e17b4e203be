"""What the tests of summarize_range share: the ``session`` fixture they run with (the Session's reuse on and off,
see conftest.reuse; each module imports it as ``session_both_reuses``), the styles and their sections, the
realistic fixtures as sources, a written summary in each style, and what a summary archived."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from mcp_context import Session


@pytest.fixture(name="session")
def session_both_reuses(session_both_ways: Session) -> Session:
    """Every test of this suite runs with the Session's reuse on and off (see conftest.reuse)."""
    return session_both_ways


STYLES = ("sections", "snapshot", "brief")


SECTION_COUNT = {"sections": 8, "snapshot": 5, "brief": 0}


def norm(text: str) -> str:
    return " ".join(text.split())


def archived(session: Session, handle: str) -> list[Any]:
    lines = "".join(session.iter_text(handle)).splitlines()
    assert json.loads(lines[0])["archive"] == "summarize_range"
    return [json.loads(line)["message"] for line in lines[1:]]


def source(histories: Any, kind: str) -> dict[str, Any]:
    if kind == "openai":
        return {"messages": json.loads(histories.openai.read_text())}
    return {"transcript": str(getattr(histories, kind))}


def written(style: str, note: str = "") -> str:
    """A summary as a model writes it: its own heading spellings, facts cited by message."""
    if style == "brief":
        return f"Goal [#1]: a stats command. Switched to JSON Lines [#94]. Pending: show the diff. {note}"
    if style == "snapshot":
        keys = ("overall_goal", "key_knowledge", "file_system_state", "recent_actions", "current_plan")
        body = "\n".join(f"  <{k}>\n    - {k.replace('_', ' ')} as of [#3]. {note}\n  </{k}>" for k in keys)
        return f"<state_snapshot>\n{body}\n</state_snapshot>"
    titles = (
        "Primary Request and Intent",
        "Key Technical Concepts",
        "Files and Code Sections",
        "Errors and fixes",
        "Problem Solving",
        "All user messages",
        "Pending Tasks",
        "Current Work",
    )
    return "\n\n".join(f"{i}. {t}:\n   - {t.lower()} of the range [#3]. {note}" for i, t in enumerate(titles, 1))


def every_section(says: str) -> str:
    """The sections layout, every heading present, each holding ``says``: the shape of a summary that says nothing."""
    return re.sub(r"(?m)^   - .*$", f"   {says}", written("sections"))
