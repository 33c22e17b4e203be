"""Context management for long-running agents: persist large results, read them back in bounded pages,
compact histories to a budget and summarise ranges without losing anything, and catch loops early."""

from .api import CleanupReport as CleanupReport
from .api import Persisted as Persisted
from .api import Read as Read
from .api import Session as Session
from .config import Limits as Limits
from .errors import ContextError as ContextError
from .errors import InvalidArgument as InvalidArgument
from .errors import InvalidId as InvalidId
from .errors import StoreError as StoreError
from .errors import TooLarge as TooLarge
from .errors import UnknownHandle as UnknownHandle
from .history.compact import Compaction as Compaction
from .loops.service import LoopCheck as LoopCheck
from .summary.engine import RangeSummary as RangeSummary
from .tokens import TokenCount as TokenCount
from .tokens import TokenCounter as TokenCounter

__version__ = "0.1.0"

__all__ = [
    "CleanupReport",
    "Compaction",
    "ContextError",
    "InvalidArgument",
    "InvalidId",
    "Limits",
    "LoopCheck",
    "Persisted",
    "RangeSummary",
    "Read",
    "Session",
    "StoreError",
    "TokenCount",
    "TokenCounter",
    "TooLarge",
    "UnknownHandle",
    "__version__",
]
