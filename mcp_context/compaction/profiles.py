"""Model profiles: how much input a model really takes, so a budget is computed, not guessed.

A window is not an input limit: GPT-5's 400K window holds input and output together, so its input limit is
272K; Claude's window also holds the reply. Figures are from the vendors' model pages (Anthropic "Models
overview", OpenAI model pages, Google "Gemini models"). Names match exactly after dropping a provider prefix
(``anthropic/``, ``models/``), a date snapshot suffix and ``-latest``; an unknown name is reported, never
silently replaced by a default.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    name: str
    context_window: int
    max_input: int
    output_reserve: int
    provider: str


def _p(name: str, window: int, max_input: int, reserve: int, provider: str) -> Profile:
    return Profile(name, window, max_input, reserve, provider)


_CLAUDE_200K = 200_000
PROFILES: dict[str, Profile] = {
    p.name: p
    for p in (
        # Anthropic: the window holds the reply too; hosts keep room for it (Claude Code reserves ~20K).
        _p("claude-opus-5-5", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-opus-4-5", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-opus-4-1", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-opus-4", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-sonnet-4-5", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-sonnet-4-5[1m]", 1_000_000, 980_000, 20_000, "anthropic"),
        _p("claude-sonnet-4", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-sonnet-4[1m]", 1_000_000, 980_000, 20_000, "anthropic"),
        _p("claude-haiku-4-5", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-3-7-sonnet", _CLAUDE_200K, 180_000, 20_000, "anthropic"),
        _p("claude-3-5-haiku", _CLAUDE_200K, 191_808, 8_192, "anthropic"),
        # OpenAI: GPT-5's 400K window is input + output (128K), so at most 272K of input.
        _p("gpt-5.1", 400_000, 272_000, 128_000, "openai"),
        _p("gpt-5", 400_000, 272_000, 128_000, "openai"),
        _p("gpt-5-mini", 400_000, 272_000, 128_000, "openai"),
        _p("gpt-5-nano", 400_000, 272_000, 128_000, "openai"),
        _p("gpt-4.1", 1_047_576, 1_014_808, 32_768, "openai"),
        _p("gpt-4.1-mini", 1_047_576, 1_014_808, 32_768, "openai"),
        _p("gpt-4o", 128_000, 111_616, 16_384, "openai"),
        _p("gpt-4o-mini", 128_000, 111_616, 16_384, "openai"),
        _p("o3", 200_000, 100_000, 100_000, "openai"),
        _p("o4-mini", 200_000, 100_000, 100_000, "openai"),
        # Google: the input limit is separate from the output limit.
        _p("gemini-3-pro-preview", 1_048_576, 1_048_576, 65_536, "google"),
        _p("gemini-2.5-pro", 1_048_576, 1_048_576, 65_536, "google"),
        _p("gemini-2.5-flash", 1_048_576, 1_048_576, 65_536, "google"),
        _p("gemini-2.5-flash-lite", 1_048_576, 1_048_576, 65_536, "google"),
        _p("gemini-2.0-flash", 1_048_576, 1_048_576, 8_192, "google"),
    )
}

# Names hosts and SDKs accept for the models above (Claude Code's short aliases, Gemini CLI's).
ALIASES = {
    "opus": "claude-opus-5-5",
    "sonnet": "claude-sonnet-4-5",
    "haiku": "claude-haiku-4-5",
    "sonnet[1m]": "claude-sonnet-4-5[1m]",
    "claude-opus-4-0": "claude-opus-4",
    "claude-sonnet-4-0": "claude-sonnet-4",
    "claude-3-7-sonnet-latest": "claude-3-7-sonnet",
    "gpt-5-chat": "gpt-5",
    "pro": "gemini-2.5-pro",
    "flash": "gemini-2.5-flash",
    "flash-lite": "gemini-2.5-flash-lite",
}

_PREFIX = re.compile(r"^(?:anthropic|openai|google|gemini|models|vertex_ai|bedrock)[/:]")
_SNAPSHOT = re.compile(r"(?:-\d{8}|-\d{4}-\d{2}-\d{2}|-latest|@\d{8})(?=$|\[)")


def lookup(model: str) -> Profile | None:
    name = model.strip().lower()
    while _PREFIX.match(name):
        name = _PREFIX.sub("", name, count=1)
    name = ALIASES.get(name, name)
    if name in PROFILES:
        return PROFILES[name]
    name = ALIASES.get(_SNAPSHOT.sub("", name), _SNAPSHOT.sub("", name))
    return PROFILES.get(name)


def suggestions(model: str, limit: int = 3) -> list[str]:
    """Known names closest to a misspelt one, for the warning."""
    return difflib.get_close_matches(model.strip().lower(), list(PROFILES) + list(ALIASES), n=limit, cutoff=0.5)
