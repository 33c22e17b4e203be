"""Conversations as the tools see them: one canonical message model (``model``) over the OpenAI, Anthropic and
Gemini formats (``formats``), host transcripts of Claude Code and Gemini CLI (``transcripts``), what a provider
would refuse (``validate``) and how it is mended (``repair``), token accounting of messages, and messages as
archive lines. Below the features, above the results they are archived in."""
