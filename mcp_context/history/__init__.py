"""Conversation histories: one canonical message model over the OpenAI, Anthropic and Gemini formats, host
transcript readers, a validator, and the compact_history pipeline. No MCP here: the server is a face over it."""
