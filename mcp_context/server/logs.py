"""What the server writes to stderr: one line per record, at a level the operator picks (``serve --log-level``).

The SDK logs at INFO for every HTTP request (a stateless transport is made and terminated per request) and
installs a handler that wraps a record over several lines at 80 columns. So the server puts one plain handler
on the root logger and keeps the SDK's loggers at WARNING unless ``debug`` is asked for:

- ``warning`` (the default): problems only, nothing for a request that went well;
- ``info``: one access line per HTTP request (the address, the method and path, the status), and ours;
- ``debug``: everything, the SDK's per-request lines included.
"""

from __future__ import annotations

import logging
import sys

LEVELS = ("debug", "info", "warning", "error")
DEFAULT = "warning"
#: Loggers whose INFO lines come once or more per request.
CHATTY = ("mcp", "httpx", "httpcore")


def configure(level: str) -> None:
    """Route every record to stderr, one line each, from ``level`` up (the SDK's from WARNING unless debug)."""
    number = logging.getLevelName(level.upper())
    root = logging.getLogger()
    for handler in list(root.handlers):
        root.removeHandler(handler)
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%Y-%m-%dT%H:%M:%S"))
    root.addHandler(handler)
    root.setLevel(number)
    for name in CHATTY:
        logging.getLogger(name).setLevel(number if level == "debug" else max(number, logging.WARNING))


def access_log(level: str) -> bool:
    """Whether uvicorn writes its one line per request."""
    return level in ("debug", "info")
