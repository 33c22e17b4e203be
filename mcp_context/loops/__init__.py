"""Loop detection for agents: repeated tool calls and cycles, re-reads, chanting, stuck messages, error
streaks and hard limits, over a stream of events, with warn-then-stop escalation and a bounded saved state.

No MCP here: :mod:`.service` runs check_loop over a session's stored stream or a replayed history
(:mod:`.replaying`), and the server's tool is a face over it. Every nudge starts with :data:`NUDGE_TAG`, so a
nudge handed back to the model as a user message is told from a new prompt (:func:`is_nudge`).
"""

from typing import TYPE_CHECKING

from ..lazy import loader

if TYPE_CHECKING:
    from .events import Event as Event
    from .events import parse_event as parse_event
    from .events import parse_events as parse_events
    from .judge import JudgeRequest as JudgeRequest
    from .monitor import Answer as Answer
    from .monitor import LoopMonitor as LoopMonitor
    from .monitor import replay as replay
    from .policy import Policy as Policy
    from .verdict import NUDGE_TAG as NUDGE_TAG
    from .verdict import Counters as Counters
    from .verdict import Evidence as Evidence
    from .verdict import Verdict as Verdict
    from .verdict import is_nudge as is_nudge

#: Where each public name lives: loaded on first use, so a module of this package (a hook's loop check) is
#: imported without the ones it does not need.
_WHERE = {
    "Answer": "monitor",
    "Counters": "verdict",
    "Event": "events",
    "Evidence": "verdict",
    "JudgeRequest": "judge",
    "LoopMonitor": "monitor",
    "NUDGE_TAG": "verdict",
    "Policy": "policy",
    "Verdict": "verdict",
    "is_nudge": "verdict",
    "parse_event": "events",
    "parse_events": "events",
    "replay": "monitor",
}


__getattr__ = loader(__name__, _WHERE, globals())


__all__ = [
    "NUDGE_TAG",
    "Answer",
    "Counters",
    "Event",
    "Evidence",
    "JudgeRequest",
    "LoopMonitor",
    "Policy",
    "Verdict",
    "is_nudge",
    "parse_event",
    "parse_events",
    "replay",
]
