"""Every threshold of loop detection, with the peers' values as defaults, and one switch per layer.

Defaults are Gemini CLI's for tool calls and chanting, OpenManus's for stuck messages, the field's "more than
3 consecutive errors", and hermes-agent's warn-then-block for re-reads. Hard limits are off unless set.
Upper bounds exist so a policy sent by a client cannot make the monitor's state, which is persisted after
every check, grow without bound.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, NamedTuple

from ..errors import InvalidArgument


class _Thresholds(NamedTuple):
    """Policy's fields (a named tuple: see Policy)."""

    # Layer switches.
    detect_repeated_calls: bool = True
    detect_repeated_reads: bool = True
    detect_chanting: bool = True
    detect_stuck: bool = True
    detect_error_streak: bool = True
    # Repeated tool calls (Gemini CLI): the last `call_history` calls; a cycle of 1..`max_cycle` calls
    # repeated `call_repeats` times in a row is a loop.
    call_history: int = 25
    call_repeats: int = 5
    max_cycle: int = 5
    # Repeated reads: the same call returning the same result this many times with nothing new in between.
    # Polling that sees no change (`sleep 30 && gh run view`) counts too: an agent that must poll raises this
    # and `call_repeats`, or switches the layer off (see toolcalls.py for why nothing is exempt by default).
    read_repeats: int = 3
    # Chanting (Gemini CLI): a `chant_window`-char text seen `chant_repeats` times, on average at most
    # `chant_max_spacing` chars apart, with at most `chant_max_periods` distinct texts between occurrences,
    # within the last `chant_buffer` chars of streamed text. Code and decoration (a window of at most two
    # distinct characters besides whitespace: rules, dot leaders, underlines) never count.
    chant_window: int = 50
    chant_repeats: int = 10
    chant_max_spacing: int = 250
    chant_max_periods: int = 5
    chant_buffer: int = 5_000
    # Stuck (OpenManus): the same non-empty assistant message this many times in a row, with no other message
    # and no new tool result in between.
    stuck_repeats: int = 3
    # Error streak: more than this many consecutive failed tool calls.
    max_consecutive_errors: int = 3
    # Escalation: a check that answers with a loop takes one strike (however many layers found it); the one
    # that makes this many strikes stops, earlier ones warn.
    strikes_to_stop: int = 2
    # Hard limits for one user prompt; None is no limit. Exceeding one stops at once.
    max_steps: int | None = None
    max_wall_time_s: float | None = None
    max_tokens: int | None = None
    max_tool_calls: int | None = None
    # The LLM judge (Gemini CLI's third layer), asked through the client's model where the client offers
    # one (MCP sampling); off unless `judge` is true, never required. From `judge_after_turns` turns into a
    # prompt, every `judge_interval` turns, adapting between half and 1.5 times that with its confidence; it
    # finds a loop when its confidence is at least `judge_confidence`.
    judge: bool = False
    judge_after_turns: int = 30
    judge_interval: int = 10
    judge_confidence: float = 0.9


class Policy(_Thresholds):
    """What counts as a loop, and when to stop. Validated on construction: a bad value raises InvalidArgument.

    A named tuple rather than a dataclass: a host's hook checks every tool call in a process of its own, and a
    dataclass of this many fields compiles its methods from source at a cost near the whole check's."""

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Policy:
        self = super().__new__(cls, *args, **kwargs)
        for name in self._fields:
            _check_value(name, getattr(self, name))
        if self.call_history < self.call_repeats * self.max_cycle:
            raise InvalidArgument(
                f"call_history ({self.call_history}) must hold call_repeats × max_cycle "
                f"({self.call_repeats} × {self.max_cycle}) calls, or the longest cycles can never be seen"
            )
        if self.chant_buffer < self.chant_window:
            raise InvalidArgument(f"chant_buffer ({self.chant_buffer}) must be at least chant_window")
        return self

    @classmethod
    def types(cls) -> dict[str, str]:
        """Each field's type as spelled here (``int | None``)."""
        return {name: ref.__forward_arg__ for name, ref in _Thresholds.__annotations__.items()}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Policy:
        """A policy from JSON: the given keys over the defaults. Unknown keys are refused, listing valid ones."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise InvalidArgument(f"policy must be an object, got {type(data).__name__}")
        valid = list(cls._fields)
        unknown = sorted(str(key) for key in data if key not in valid)
        if unknown:
            import difflib  # here: only a mistyped key needs it

            near = [m for key in unknown for m in difflib.get_close_matches(key, valid, n=1)]
            hint = f" (did you mean {', '.join(near)}?)" if near else ""
            head = f"unknown policy key(s) {', '.join(unknown)[:120]}{hint}; valid: "
            listed = ", ".join(valid)
            if len(head) + len(listed) > 400:  # one line a model reads whole
                listed = listed[: 400 - len(head) - 20].rsplit(", ", 1)[0] + f", ... ({len(valid)} in all)"
            raise InvalidArgument(head + listed)
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        return self._asdict()


# name -> (kind, lowest, highest). Kinds: "bool", "int", "limit" (int or None), "seconds" (number or None),
# "fraction" (a number between lowest and highest).
_RULES: dict[str, tuple[str, float, float]] = {
    "call_history": ("int", 1, 1_000),
    "call_repeats": ("int", 2, 100),
    "max_cycle": ("int", 1, 50),
    "read_repeats": ("int", 2, 1_000),
    "chant_window": ("int", 2, 1_000),
    "chant_repeats": ("int", 2, 1_000),
    "chant_max_spacing": ("int", 1, 100_000),
    "chant_max_periods": ("int", 1, 1_000),
    "chant_buffer": ("int", 2, 1_000_000),
    "stuck_repeats": ("int", 2, 1_000),
    "max_consecutive_errors": ("int", 1, 1_000),
    "strikes_to_stop": ("int", 1, 1_000),
    "max_steps": ("limit", 0, math.inf),
    "max_tokens": ("limit", 0, math.inf),
    "max_tool_calls": ("limit", 0, math.inf),
    "max_wall_time_s": ("seconds", 0, math.inf),
    "judge_after_turns": ("int", 1, 10_000),
    "judge_interval": ("int", 2, 1_000),
    "judge_confidence": ("fraction", 0, 1),
}


def _check_value(name: str, value: object) -> None:
    kind, low, high = _RULES.get(name, ("bool", 0, 0))
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidArgument(f"policy {name} must be true or false, got {value!r}")
        return
    nullable = kind in ("limit", "seconds")
    if value is None and nullable:
        return
    if kind in ("seconds", "fraction"):
        ok = (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
            and low <= value <= high
        )
    else:
        ok = isinstance(value, int) and not isinstance(value, bool) and low <= value <= high
    if not ok:
        what = {"seconds": "a number of seconds", "fraction": "a number"}.get(kind, "a whole number")
        bound = f"between {low:g} and {high:g}" if high != math.inf else f"at least {low:g}"
        none = ", or null for no limit" if nullable else ""
        raise InvalidArgument(f"policy {name} must be {what} {bound}{none}, got {value!r}")
