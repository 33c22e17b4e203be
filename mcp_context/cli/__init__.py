"""The command line: the server, host registration, and a twin of each tool for people at a shell.

Each command parses, makes one Session call and prints. Commands are registered in one place
(:data:`main.COMMANDS`); errors are one line and a non-zero exit: 1 for what the store refused, 2 for a bad
command line or argument.
"""

from .main import cli as cli
from .main import main as main
