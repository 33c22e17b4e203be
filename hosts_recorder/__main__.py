"""``python -m hosts_recorder``: the same as ``scripts/record-hosts``."""

import sys

from .cli import main

sys.exit(main())
