# The console script's entry: a host's hook call goes straight to its runner (``python -m mcp_context hook ...`` is
# what the plugin's launcher runs at every tool call), anything else through click.
from .cli import main

main()
