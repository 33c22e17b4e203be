"""Context management for long-running agents: persist large results, read them back in bounded pages,
compact histories to a budget and summarise ranges without losing anything, and catch loops early."""

import importlib
from typing import TYPE_CHECKING, Any

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
from .results.answers import Persisted as Persisted
from .results.answers import Read as Read
from .session import CleanupReport as CleanupReport
from .session import Session as Session
from .summary.engine import RangeSummary as RangeSummary
from .tokens.count import TokenCount as TokenCount
from .tokens.count import TokenCounter as TokenCounter

if TYPE_CHECKING:
    from .compaction.args import CompactArgs as CompactArgs
    from .loops.args import CheckLoopArgs as CheckLoopArgs
    from .results.args import PersistArgs as PersistArgs
    from .results.args import ReadArgs as ReadArgs
    from .summary.args import SummarizeArgs as SummarizeArgs

__version__ = "0.1.0"

#: The tools' argument models, loaded on first use: they bring pydantic, which a command that prints a listing
#: or its help never needs (about 100 ms of start-up).
_LAZY = {
    "CompactArgs": "compaction.args",
    "CheckLoopArgs": "loops.args",
    "PersistArgs": "results.args",
    "ReadArgs": "results.args",
    "SummarizeArgs": "summary.args",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(f"{__name__}.{_LAZY[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    "Session",
    "StoreError",
    "SummarizeArgs",
    "TokenCount",
    "TokenCounter",
    "TooLarge",
    "UnknownHandle",
    "__version__",
]
