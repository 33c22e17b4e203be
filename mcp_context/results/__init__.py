"""Stored texts as the tools read them: pages by line or character and grep with context (``reading``),
previews, archives of messages in pieces (``archive``), and what persist_result and read_persisted answer
(``answers``), as text (``views``) and as JSON (``shapes``). Above the store, below the conversation layer."""
