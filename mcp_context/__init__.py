"""Context management for long-running agents: persist large results, read them back in bounded pages,
compact histories to a budget without losing anything."""

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
    "Persisted",
    "Read",
    "Session",
    "StoreError",
    "TokenCount",
    "TokenCounter",
    "TooLarge",
    "UnknownHandle",
    "__version__",
]
