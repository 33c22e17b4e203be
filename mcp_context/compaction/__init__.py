"""compact_history's core: a history made to fit a token budget, valid for its provider, nothing lost.

``budget`` turns target, model, trigger and keep into token figures (``profiles`` knows the models), ``layers``
and ``pipeline`` apply the steps cheapest first (clear consumed tool results, preview huge ones, cut long
arguments, summarise older turns with :mod:`mcp_context.summary`, then drop them), ``state`` replays earlier
replacements so the prompt cache keeps hitting (``replays`` keeps the last call's replay for the next),
``pinned`` says what is never touched, ``compact`` runs it all and archives every original first, ``views``
says what happened. Nothing here imports MCP."""
