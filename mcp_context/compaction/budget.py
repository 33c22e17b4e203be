"""How big the history may be: the target, when to act (trigger), what to keep whole (keep).

``trigger`` and ``keep`` take tokens, messages or a fraction of the model's input limit, as deepagents does:
``0.85``, ``"85%"``, ``20000``, ``"20k tokens"``, ``"6 messages"``, ``{"messages": 6}``. The limit comes from
``context_window`` or the model's profile; with neither, a fraction cannot be resolved and says so."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import InvalidArgument, InvalidInput
from . import profiles

Unit = Literal["tokens", "messages", "fraction"]
_TEXT = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(k|m)?\s*(%|tokens?|messages?|msgs?)?\s*", re.IGNORECASE)

#: deepagents' defaults: act at 85% of the window, keep the newest 10% whole; 6 messages without a window.
DEFAULT_TRIGGER = 0.85
DEFAULT_KEEP = 0.10
DEFAULT_KEEP_MESSAGES = 6
#: With a known window and no target, compact down to half of it: room for the work still to come.
DEFAULT_TARGET = 0.5


@dataclass(frozen=True)
class Amount:
    unit: Unit
    value: float


def parse_amount(value: Any, name: str) -> Amount | None:
    if value is None:
        return None
    if isinstance(value, dict) and len(value) == 1:
        ((unit, number),) = value.items()
        if unit in ("tokens", "messages", "fraction") and isinstance(number, (int, float)):
            return _checked(Amount(unit, float(number)), name)
    elif isinstance(value, (list, tuple)) and len(value) == 2 and isinstance(value[0], str):
        return parse_amount({value[0]: value[1]}, name)
    elif isinstance(value, bool):
        pass
    elif isinstance(value, int):
        return _checked(Amount("tokens", float(value)), name)
    elif isinstance(value, float):
        return _checked(Amount("fraction" if value <= 1 else "tokens", value), name)
    elif isinstance(value, str) and (match := _TEXT.fullmatch(value)):
        number = float(match[1]) * {"k": 1e3, "m": 1e6}.get((match[2] or "").lower(), 1)
        unit_text = (match[3] or "").lower()
        if unit_text == "%":
            return _checked(Amount("fraction", number / 100), name)
        if unit_text.startswith(("message", "msg")):
            return _checked(Amount("messages", number), name)
        if unit_text or number > 1:
            return _checked(Amount("tokens", number), name)
        return _checked(Amount("fraction", number), name)
    raise InvalidArgument(
        f"{name} must be tokens (20000, '20k tokens'), messages ('6 messages', {{'messages': 6}}) "
        f"or a fraction of the window (0.85, '85%'); got {value!r}"
    )


def _checked(amount: Amount, name: str) -> Amount:
    if amount.unit == "fraction" and not 0 < amount.value <= 1:
        raise InvalidArgument(f"{name} as a fraction must be above 0 and at most 1")
    if amount.unit != "fraction" and (amount.value < 1 or amount.value != int(amount.value)):
        raise InvalidArgument(f"{name} must be a whole number of {amount.unit}, at least 1")
    return amount


@dataclass
class Budget:
    target: int
    trigger_tokens: int | None
    trigger_messages: int | None
    keep_tokens: int | None
    keep_messages: int | None
    window: int | None
    profile: profiles.Profile | None
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def resolve(
    *,
    target_tokens: int | None,
    model: str | None,
    context_window: int | None,
    trigger: Any,
    keep: Any,
    model_source: str = "given",
) -> Budget:
    warnings: list[str] = []
    notes: list[str] = []
    profile = None
    if model is not None:
        profile = profiles.lookup(model)
        if profile is None:
            near = profiles.suggestions(model)
            hint = f" (did you mean {' or '.join(near)}?)" if near else ""
            given = target_tokens is not None or context_window is not None
            then = "the budget given is used as it is" if given else "pass context_window= or target_tokens="
            warnings.append(f"unknown model {model!r}{hint}: no profile, so its input limit is not known; {then}")
        elif model_source != "given":
            notes.append(f"model {profile.name} read from the {model_source}")
    for value, what in ((target_tokens, "target_tokens"), (context_window, "context_window")):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise InvalidArgument(f"{what} must be a positive whole number of tokens")
    window = context_window or (profile.max_input if profile else None)
    if profile and not context_window:
        notes.append(f"{profile.name}: input limit {profile.max_input:,} tokens of a {profile.context_window:,} window")
    trig = parse_amount(trigger, "trigger")
    kept = parse_amount(keep, "keep")
    explicit_target = target_tokens is not None
    if target_tokens is None:
        if window is None:
            raise InvalidArgument(
                "no budget: give target_tokens, or model (a known one) or context_window to compute it from"
            )
        target_tokens = int(window * DEFAULT_TARGET)
    trigger_tokens = trigger_messages = None
    if trig is None:
        # A target given outright means "make it fit now"; a derived one waits for the usual 85% mark.
        trigger_tokens = None if explicit_target or not window else int(window * DEFAULT_TRIGGER)
    elif trig.unit == "messages":
        trigger_messages = int(trig.value)
    else:
        trigger_tokens = _tokens(trig, window, "trigger")
    keep_tokens = keep_messages = None
    if kept is None:
        if window:
            keep_tokens = min(int(window * DEFAULT_KEEP), target_tokens // 2)
        else:
            keep_messages = DEFAULT_KEEP_MESSAGES
    elif kept.unit == "messages":
        keep_messages = int(kept.value)
    else:
        keep_tokens = _kept_within(_tokens(kept, window, "keep"), target_tokens)
    return Budget(
        target_tokens, trigger_tokens, trigger_messages, keep_tokens, keep_messages, window, profile, warnings, notes
    )


def _tokens(amount: Amount, window: int | None, name: str) -> int:
    if amount.unit == "tokens":
        return int(amount.value)
    if window is None:
        raise InvalidArgument(
            f"{name}={amount.value:g} is a fraction of the context window, but no window is known: "
            "pass model= (a known one) or context_window="
        )
    return int(window * amount.value)


def _kept_within(keep_tokens: int, target_tokens: int) -> int:
    if keep_tokens > target_tokens:
        raise InvalidInput(
            f"keep ({keep_tokens:,} tokens) is larger than the target ({target_tokens:,} tokens): what is kept "
            "whole has to fit in the compacted history"
        )
    return keep_tokens
