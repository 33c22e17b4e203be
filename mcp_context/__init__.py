"""Context management for long-running agents: persist large results, read them back in bounded pages,
compact histories to a budget and summarise ranges without losing anything, and catch loops early.

Every public name is loaded on first use: ``import mcp_context.cli`` (a command, a host's hook) starts without
the whole core, and ``from mcp_context import Session`` loads what a Session needs."""

from typing import TYPE_CHECKING

from .lazy import loader

if TYPE_CHECKING:
    from .compaction.args import CompactArgs as CompactArgs
    from .compaction.compact import Compaction as Compaction
    from .errors import ContextError as ContextError
    from .errors import InvalidArgument as InvalidArgument
    from .errors import InvalidId as InvalidId
    from .errors import InvalidInput as InvalidInput
    from .errors import StoreError as StoreError
    from .errors import TooLarge as TooLarge
    from .errors import UnknownHandle as UnknownHandle
    from .limits import Limits as Limits
    from .loops.answers import LoopCheck as LoopCheck
    from .loops.args import CheckLoopArgs as CheckLoopArgs
    from .results.answers import Persisted as Persisted
    from .results.answers import Read as Read
    from .results.args import PersistArgs as PersistArgs
    from .results.args import ReadArgs as ReadArgs
    from .results.retention import CleanupReport as CleanupReport
    from .reuse import Reuse as Reuse
    from .session import Session as Session
    from .summary.args import SummarizeArgs as SummarizeArgs
    from .summary.engine import RangeSummary as RangeSummary
    from .tokens.count import TokenCount as TokenCount
    from .tokens.count import TokenCounter as TokenCounter

__version__ = "0.1.0"

#: Where each public name lives.
_WHERE = {
    "CheckLoopArgs": "loops.args",
    "CleanupReport": "results.retention",
    "CompactArgs": "compaction.args",
    "Compaction": "compaction.compact",
    "ContextError": "errors",
    "InvalidArgument": "errors",
    "InvalidId": "errors",
    "InvalidInput": "errors",
    "Limits": "limits",
    "LoopCheck": "loops.answers",
    "PersistArgs": "results.args",
    "Persisted": "results.answers",
    "RangeSummary": "summary.engine",
    "Read": "results.answers",
    "ReadArgs": "results.args",
    "Reuse": "reuse",
    "Session": "session",
    "StoreError": "errors",
    "SummarizeArgs": "summary.args",
    "TokenCount": "tokens.count",
    "TokenCounter": "tokens.count",
    "TooLarge": "errors",
    "UnknownHandle": "errors",
}


__getattr__ = loader(__name__, _WHERE, globals())


__all__ = [
    "CheckLoopArgs",
    "CleanupReport",
    "CompactArgs",
    "Compaction",
    "ContextError",
    "InvalidArgument",
    "InvalidId",
    "InvalidInput",
    "Limits",
    "LoopCheck",
    "PersistArgs",
    "Persisted",
    "RangeSummary",
    "Read",
    "ReadArgs",
    "Reuse",
    "Session",
    "StoreError",
    "SummarizeArgs",
    "TokenCount",
    "TokenCounter",
    "TooLarge",
    "UnknownHandle",
    "__version__",
]
