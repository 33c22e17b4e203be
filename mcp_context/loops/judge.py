"""The LLM judge, Gemini CLI's third layer: a model reads the recent steps and says whether they go round in
circles. It catches what the fixed rules cannot see: a 6-step cycle, an edit made and undone, retries that
vary only a little.

This module decides when to ask, what to ask and what the answer means; it never reaches a model itself. A
face that can reach one does: the MCP server through sampling, where the client offers it, or a library
user through a callback. Without one, the other layers answer alone.

Gemini CLI asks from the 30th turn of a prompt, every 10 turns; after each answer the next interval becomes
round-half-up(5 + 10 × (1 − confidence)), between 5 and 15, so a suspicious run is checked sooner; a loop is
a confidence of at least 0.9 from its model and again from a second, confirming model. We ask one model (the
client's), so a first positive verdict only warns: a later positive verdict, the confirmation, can stop.
"""

from __future__ import annotations

import json
import math
from collections import deque
from typing import Any, NamedTuple

from .events import Event, clip
from .policy import Policy
from .verdict import is_nudge

STEP_MEMORY = 30  # steps shown to the model (Gemini CLI shows 20 history entries; a step is smaller)
STEP_CHARS = 400
REQUEST_CHARS = 2_000
MAX_TOKENS = 400

SYSTEM = """\
You check whether an AI agent is stuck in an unproductive loop. A loop is a pattern repeated over at least 5 \
consecutive steps with no net progress: the same call with the same arguments, a command re-run with nothing \
changed in between, an edit made and then undone, the same message said again. Not a loop: batch work over \
different files or items, edits that build on each other, reading different parts of a file in turn, retries \
that change something meaningful. Answer with one JSON object and nothing else: {"analysis": "<one or two \
sentences: what repeats, or why this is progress>", "confidence": <a number from 0 to 1: how sure you are \
that the agent is looping>}"""


class JudgeRequest(NamedTuple):
    """What to ask the model: a system prompt and one user message, never more than ``max_tokens`` back."""

    system: str
    prompt: str
    max_tokens: int
    turn: int  # the prompt's turn count when asked


class JudgeAnswer(NamedTuple):
    confidence: float
    analysis: str


def parse_answer(text: str) -> JudgeAnswer | None:
    """The JSON object the model was asked for, found even inside a code fence or prose; None if absent."""
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end <= start:
        return None
    try:
        data: Any = json.loads(text[start : end + 1])
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    confidence = data.get("confidence")
    if not isinstance(confidence, int | float) or isinstance(confidence, bool) or not math.isfinite(confidence):
        return None
    analysis = data.get("analysis")
    return JudgeAnswer(min(1.0, max(0.0, float(confidence))), clip(str(analysis or "(no analysis given)"), 300))


def next_interval(policy: Policy, confidence: float) -> int:
    """Gemini CLI's adaptive interval, scaled to the policy's: half of it at full confidence, 1.5 times at none."""
    low = policy.judge_interval / 2
    return max(1, math.floor(low + 2 * low * (1 - confidence) + 0.5))


class Judge:
    """The judge's memory for one stream: the user's request, the recent steps, and when it is next due.

    A user prompt starts everything afresh, as it does for the other layers.
    """

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.request = ""
        self.steps: deque[str] = deque(maxlen=STEP_MEMORY)
        self.due = policy.judge_after_turns
        self.positives = 0  # loops it has found in this prompt: the first one only warns
        self.asked: int | None = None  # the turn it was last put to a model in this prompt

    def set_policy(self, policy: Policy) -> None:
        """Carry on under another policy. Until the judge has been asked in this prompt, its first question
        is due when the new policy says (turning it on at turn 40, or lowering judge_after_turns, asks at the
        next check); after that, the schedule its answers set stands."""
        self.policy = policy
        if self.asked is None:
            self.due = policy.judge_after_turns

    def observe(self, event: Event) -> None:
        kind = event.kind
        if kind == "user" and is_nudge(event.text):
            return  # a warning handed back to the model is neither a new request nor a step
        if kind == "user":
            self.request = clip(event.text or "", REQUEST_CHARS)
            self.steps.clear()
            self.due, self.positives, self.asked = self.policy.judge_after_turns, 0, None
        elif kind == "assistant" and event.text:
            self.steps.append(f"ASSISTANT: {clip(event.text, STEP_CHARS)}")
        elif kind == "content" and event.text:
            last = self.steps[-1] if self.steps else ""
            if last.startswith("ASSISTANT (streamed): ") and len(last) < STEP_CHARS:
                self.steps[-1] = clip(last + event.text, STEP_CHARS)
            else:
                self.steps.append(clip(f"ASSISTANT (streamed): {event.text}", STEP_CHARS))
        elif kind == "tool_call":
            self.steps.append(clip(f"CALL {event.name} {event.args_text}", STEP_CHARS))
        elif kind == "tool_result":
            failed = " (failed)" if event.is_error else ""
            shown = event.text if event.text is not None else f"[result digest {event.digest or 'not given'}]"
            self.steps.append(clip(f"RESULT of {event.name}{failed}: {shown}", STEP_CHARS))

    def ask(self, turns: int) -> JudgeRequest | None:
        """The question to put to the model now, or None when the judge is off or not due yet."""
        if not self.policy.judge or turns < self.due or not self.steps:
            return None
        steps = "\n".join(f"{i}. {step}" for i, step in enumerate(self.steps, 1))
        prompt = (
            f"The user's request:\n{self.request or '(not known)'}\n\n"
            f"The agent's last {len(self.steps)} steps (turn {turns} of this request), oldest first:\n{steps}\n\n"
            "Is the agent stuck in an unproductive loop? Answer with the JSON object only."
        )
        return JudgeRequest(SYSTEM, prompt, MAX_TOKENS, turns)

    def answered(self, turns: int, text: str) -> JudgeAnswer | None:
        """Read the model's answer and schedule the next question; None when it was not the JSON asked for."""
        answer = parse_answer(text)
        self.asked = turns
        interval = self.policy.judge_interval if answer is None else next_interval(self.policy, answer.confidence)
        self.due = turns + interval
        if answer is not None and self.is_loop(answer):
            self.positives += 1
        return answer

    def declined(self, turns: int) -> None:
        """The model would not answer (a user who said no, say): ask again an interval later, not next check."""
        self.due, self.asked = turns + self.policy.judge_interval, turns

    def is_loop(self, answer: JudgeAnswer) -> bool:
        return answer.confidence >= self.policy.judge_confidence

    def to_state(self) -> dict[str, Any]:
        return {
            "request": self.request,
            "steps": list(self.steps),
            "due": self.due,
            "positives": self.positives,
            "asked": self.asked,
        }

    def load_state(self, state: dict[str, Any]) -> None:
        self.request = str(state["request"])
        self.steps = deque((str(step) for step in state["steps"]), maxlen=STEP_MEMORY)
        self.due, self.positives = int(state["due"]), int(state["positives"])
        self.asked = None if state["asked"] is None else int(state["asked"])
