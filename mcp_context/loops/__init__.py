"""Loop detection for agents: repeated tool calls and cycles, re-reads, chanting, stuck messages, error
streaks and hard limits, over a stream of events, with warn-then-stop escalation and a bounded saved state.

No MCP here: the server's check_loop tool and transcript replay are built on this API.
"""

from .events import Event as Event
from .events import parse_event as parse_event
from .events import parse_events as parse_events
from .monitor import LoopMonitor as LoopMonitor
from .monitor import replay as replay
from .policy import Policy as Policy
from .verdict import Counters as Counters
from .verdict import Evidence as Evidence
from .verdict import Verdict as Verdict

__all__ = ["Counters", "Event", "Evidence", "LoopMonitor", "Policy", "Verdict", "parse_event", "parse_events", "replay"]
