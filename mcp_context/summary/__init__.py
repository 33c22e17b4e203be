"""summarize_range's core: a structured summary of a range of messages, with or without a language model.

``ranges`` picks the messages (never splitting a tool call from its result), ``facts`` pulls out what a user
would hate to lose, ``styles`` holds the section templates and checks a written summary, ``render`` fits the
facts into a style under a token budget, ``engine`` runs the extractive, agent and sampling engines and stores
the summary beside the originals it covers. Nothing here imports MCP."""
