"""Child-process entry: ``python -m benchmarks._worker OP PARAMS_JSON`` runs one operation, prints JSON.

A separate process per operation keeps the peak resident set honest (it never goes down) and keeps
one operation's garbage and caches out of the next one's timings.
"""

from __future__ import annotations

import json
import sys

from .measure import emit, execute
from .plans import build


def main(argv: list[str]) -> None:
    op, raw = argv
    params = json.loads(raw)
    emit(execute(op, build(op, params), trace=params["trace"]))


if __name__ == "__main__":
    main(sys.argv[1:])
