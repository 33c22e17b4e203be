"""check_loop from end to end: the session's stored stream (stateful) or a replayed history (stateless), the
optional judge, and the answer every face shows.

Stateful: the session's monitor is stored in ``<session>/state/loops.json`` after every check, with the policy it
runs under, so a policy given once applies to the session's later checks until another replaces it (``{}``
restores the defaults), and a restarted server carries on exactly where the last one stood. ``reset`` forgets
every event and strike but keeps that policy.

Replay: a history (or a host transcript) runs through a fresh monitor, under the given policy or the
defaults; the stored state is neither read nor written. The answer is for the part since the last user
prompt: an earlier prompt's loop is listed among the detections, but it is not what the agent is doing now.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .. import saves
from ..errors import InvalidArgument, ModelDeclined
from ..history import formats
from ..store import Store
from ..tokens import TokenCounter
from .events import Event, parse_event
from .history import history_events
from .judge import Judge, JudgeRequest
from .monitor import LoopMonitor
from .policy import Policy
from .verdict import SEVERITY, Status, Verdict

STATE_NAME = "loops"
STATE_VERSION = 1
DETECTIONS_SHOWN = 20
JUDGE_KIND = "llm_judge"
_DAMAGED = "the session's stored loop state is damaged or from another version; check_loop(reset=true) starts afresh"

#: Asks a model a :class:`JudgeRequest` and returns its raw answer, or None when it could not ask (or raises
#: ModelDeclined, whose message the note repeats).
JudgeFn = Callable[[JudgeRequest], str | None]
Mode = Literal["stateful", "replay"]
Source = Literal["detector", "judge"]


@dataclass(frozen=True)
class Detection:
    """One detection made while replaying a history: where (event and messages), what, and how it answered."""

    status: Status
    kind: str
    at: int
    message: str  # where it was found
    messages: list[str]  # the messages behind its evidence
    count: int
    excerpt: str


@dataclass(frozen=True)
class JudgeReport:
    """What the judge did on this check: asked or not, what it said, and the turn it is next due."""

    asked: bool
    turn: int
    next_turn: int
    confidence: float | None = None
    analysis: str | None = None
    loop: bool = False


@dataclass
class LoopCheck:
    """The answer of check_loop: the verdict with its evidence and nudge, and where it came from."""

    mode: Mode
    session: str
    verdict: Verdict
    source: Source | None  # who made the detection: the built-in layers or the judge; None when ok
    events_seen: int  # events checked by this call
    policy: Policy
    messages: list[str] = field(default_factory=list)  # replay: the messages behind the evidence
    detections: list[Detection] = field(default_factory=list)  # replay: the last DETECTIONS_SHOWN of them
    detections_total: int = 0
    judge: JudgeReport | None = None
    notes: list[str] = field(default_factory=list)


def to_events(
    event: Event | Mapping[str, Any] | None, events: Sequence[Event | Mapping[str, Any]] | None
) -> list[Event]:
    """The events of one stateful call, parsed strictly; each error names its place (``events[3].args``)."""
    if event is not None and events is not None:
        raise InvalidArgument("give event (one) or events (a list), not both")
    if event is not None:
        return [event if isinstance(event, Event) else parse_event(event, "event")]
    if events is None:
        return []
    if not isinstance(events, Sequence) or isinstance(events, str | bytes):
        raise InvalidArgument(f"events must be a list of event objects, got {type(events).__name__}")
    return [item if isinstance(item, Event) else parse_event(item, f"events[{i}]") for i, item in enumerate(events)]


def to_policy(policy: Policy | Mapping[str, Any] | None) -> Policy | None:
    return policy if isinstance(policy, Policy) or policy is None else Policy.from_dict(policy)


def check_arguments(has_events: bool, has_history: bool, policy: object, reset: bool, format: str) -> None:
    """Refuse combinations that cannot mean one thing, before anything is read or written."""
    if has_events and has_history:
        raise InvalidArgument(
            "give events (added to the session's stream) or messages/transcript (replayed on their own), not both"
        )
    if has_history and reset:
        raise InvalidArgument(
            "reset clears the session's stored stream; a replay of messages or a transcript never uses it"
        )
    if not has_history and format != "auto":
        raise InvalidArgument("format applies to messages or a transcript, not to events")
    if not (has_events or has_history or reset or policy is not None):
        raise InvalidArgument(
            "nothing to check: give event or events (steps as they happen), messages or transcript ('host' for "
            "this host's own conversation), or reset=true"
        )


# stateful -----------------------------------------------------------------------------------------------------


def check_stream(
    store: Store,
    session: str,
    events: list[Event],
    policy: Policy | None,
    reset: bool,
    counter: TokenCounter,
    ask: JudgeFn | None = None,
    dry_run: bool = False,
) -> LoopCheck:
    """Add ``events`` to the session's stored stream and answer for them; the state is saved unless ``dry_run``."""
    key = (str(store.root), session, id(counter))
    with store.state_lock(session, STATE_NAME) as hold:
        stored = store.read_state(session, STATE_NAME)
        with _KEPT_GUARD:  # taken, not shared: a check that fails half-way leaves nothing behind
            kept = _KEPT.pop(key, None)
        monitor, judge, notes = _restore(stored, policy, reset, counter, kept)
        if hold.previous_failure is not None:
            lost = f"the previous check's state could not be saved ({hold.previous_failure})"
            notes.insert(0, f"{lost}: its events are not in this stream")
        for event in events:
            judge.observe(event)
        verdict = monitor.feed(events)
        if dry_run:
            alone = " (checked on their own, from a fresh stream)" if reset else ""
            notes = [f"dry run: nothing was saved{alone}; the session's stored stream is as it was"]
        result = LoopCheck("stateful", session, verdict, _source(verdict), len(events), monitor.policy, notes=notes)
        _consult(monitor, judge, result, ask)
        if not dry_run:
            document = {"version": STATE_VERSION, "monitor": monitor.to_state(), "judge": judge.to_state()}
            data = json.dumps(document, separators=(",", ":")).encode()
            hold.save(data)
            _keep(key, _Kept(data, monitor, judge))
        return result


@dataclass(frozen=True)
class _Kept:
    """A session's monitor and judge as this process last saved them, with the bytes saved.

    Decoding the state costs more than the check itself; while the file still holds exactly these bytes (no
    other process checked since), the next check carries on with these objects instead."""

    data: bytes
    monitor: LoopMonitor
    judge: Judge


_KEPT: dict[tuple[str, str, int], _Kept] = {}  # by store root, session and token counter
_KEPT_MAX = 64
_KEPT_GUARD = threading.Lock()


def _keep(key: tuple[str, str, int], kept: _Kept) -> None:
    with _KEPT_GUARD:  # other sessions' checks run in other threads
        if len(_KEPT) >= _KEPT_MAX:
            del _KEPT[next(iter(_KEPT))]  # the longest unused
        _KEPT[key] = kept


def _restore(
    stored: bytes | None, policy: Policy | None, reset: bool, counter: TokenCounter, kept: _Kept | None = None
) -> tuple[LoopMonitor, Judge, list[str]]:
    if reset:
        # A damaged state is no obstacle to starting afresh: only its policy is kept, if it can be read.
        chosen = policy or _stored_policy(stored) or Policy()
        notes = ["reset: every earlier event and strike of this session is forgotten"]
        notes.append("policy set for this session" if policy is not None else "the session's policy stays")
        return LoopMonitor(chosen, counter=counter), Judge(chosen), notes
    if stored is None:
        chosen = policy or Policy()
        notes = ["policy set for this session: later checks use it until another is given"] if policy else []
        return LoopMonitor(chosen, counter=counter), Judge(chosen), notes
    if kept is not None and kept.data == stored:
        monitor, judge = kept.monitor, kept.judge
    else:
        document = _document(stored)
        try:
            monitor = LoopMonitor.from_state(document["monitor"], counter=counter)
            judge = Judge(monitor.policy)
            judge.load_state(document["judge"])
        except (InvalidArgument, KeyError, TypeError, ValueError) as exc:
            raise InvalidArgument(f"{_DAMAGED} ({exc})") from None
    if policy is None or policy == monitor.policy:
        return monitor, judge, []
    monitor.set_policy(policy)
    judge.policy = policy
    return monitor, judge, ["policy replaced for this session: later checks use it until another is given"]


def judge_may_ask(store: Store, session: str, policy: Policy | None, replay: bool) -> bool:
    """Whether a check could ask the LLM judge: the given policy's switch, else the stored stream's (which a
    reset keeps), else the defaults' (off). A damaged state says no: the check itself will say why."""
    if policy is not None:
        return policy.judge
    if replay:
        return Policy().judge
    saves.wait()  # this process's last check may still be saving; a lock here would take its failure note
    stored = store.read_state(session, STATE_NAME)
    with _KEPT_GUARD:
        kept = next((k for k in _KEPT.values() if k.data == stored), None) if stored is not None else None
    found = kept.monitor.policy if kept is not None else _stored_policy(stored)
    return found is not None and found.judge


def _stored_policy(stored: bytes | None) -> Policy | None:
    try:
        return LoopMonitor.from_state(_document(stored)["monitor"]).policy if stored is not None else None
    except InvalidArgument:
        return None


def _document(stored: bytes) -> dict[str, Any]:
    try:
        document: Any = json.loads(stored)
    except (ValueError, UnicodeDecodeError):
        document = None
    if not isinstance(document, dict) or document.get("version") != STATE_VERSION or "monitor" not in document:
        raise InvalidArgument(_DAMAGED)
    return document


# replay -------------------------------------------------------------------------------------------------------


def check_history(
    items: Any,
    format: str,
    policy: Policy | None,
    session: str,
    counter: TokenCounter,
    ask: JudgeFn | None = None,
    notes: Iterable[str] = (),
) -> LoopCheck:
    """Replay a message list through a fresh monitor; the answer covers the part since the last user prompt."""
    name = formats.detect(items) if format == "auto" else format
    parsed = formats.adapter(name).parse(items)
    replayed = history_events(parsed)
    chosen = policy or Policy()
    monitor, judge = LoopMonitor(chosen, counter=counter), Judge(chosen)
    found: list[tuple[Verdict, Detection]] = []
    prompt_at = 0  # the first event of the current prompt
    for index, event in enumerate(replayed.events):
        judge.observe(event)
        if event.kind == "user":
            prompt_at = index
        verdict = monitor.feed([event])
        if verdict.status != "ok" and verdict.evidence is not None:
            evidence = verdict.evidence
            detection = Detection(
                verdict.status,
                verdict.kind or "",
                index,
                replayed.labels[index],
                replayed.messages(evidence.events),
                evidence.count,
                evidence.excerpt,
            )
            found.append((verdict, detection))
    final = monitor.feed([])
    current = [verdict for verdict, _ in found if verdict.at is not None and verdict.at >= prompt_at]
    # The most severe since the prompt; of equals the latest, which is what the agent is doing now.
    chosen_verdict = max(reversed(current), key=lambda v: SEVERITY[v.status], default=None)
    verdict = final if chosen_verdict is None else replace(chosen_verdict, strike=final.strike, counters=final.counters)
    result = LoopCheck(
        "replay",
        session,
        verdict,
        _source(verdict),
        len(replayed.events),
        chosen,
        detections=[detection for _, detection in found[-DETECTIONS_SHOWN:]],
        detections_total=len(found),
        notes=list(notes),
    )
    where = f" (from message {replayed.labels[prompt_at]})" if replayed.events else ""
    result.notes.append(
        f"replayed {len(parsed):,} {name} messages as {len(replayed.events):,} events; the answer covers the "
        f"latest user prompt{where}"
    )
    if chosen.max_wall_time_s is not None:
        result.notes.append("max_wall_time_s is not checked on a replay: messages carry no times")
    _consult(monitor, judge, result, ask)
    if result.verdict.evidence is not None:
        result.messages = replayed.messages(result.verdict.evidence.events)
    return result


# both ---------------------------------------------------------------------------------------------------------


def _source(verdict: Verdict) -> Source | None:
    return None if verdict.status == "ok" else "detector"


def _consult(monitor: LoopMonitor, judge: Judge, result: LoopCheck, ask: JudgeFn | None) -> None:
    """Ask the judge when it is due and nothing else was found; a loop it sees becomes a strike."""
    if result.verdict.status != "ok":
        return
    turns = monitor.counters.steps
    request = judge.ask(turns)
    if request is None:
        return
    why = "the client offers no sampling"
    try:
        text = ask(request) if ask is not None else None
    except ModelDeclined as exc:
        judge.declined(turns)
        text, why = None, f"the client's model did not answer: {exc}"
    if text is None:
        result.judge = JudgeReport(False, turns, judge.due)
        result.notes.append(
            f"the LLM judge was due at turn {turns} but no model could be asked ({why}); "
            "the other layers answered alone"
        )
        return
    answer = judge.answered(turns, text)
    if answer is None:
        result.judge = JudgeReport(True, turns, judge.due)
        result.notes.append("the LLM judge's answer was not the JSON object asked for; it was ignored")
        return
    loop = judge.is_loop(answer)
    result.judge = JudgeReport(True, turns, judge.due, answer.confidence, answer.analysis, loop)
    if not loop:
        return
    excerpt = f"judged by the client's model (confidence {answer.confidence:.2f}): {answer.analysis}"
    nudge = (
        f"A reviewing model judged that you are going round in circles (confidence {answer.confidence:.2f}): "
        f"{answer.analysis} Step back: say what you are trying to do and what the repeated steps returned, "
        "then take a different approach (another tool, other arguments, a fix first) or ask the user."
    )
    # Its first verdict in a prompt is an opinion, so it warns; a confirming one may stop.
    cap: Status = "warn" if judge.positives <= 1 else "stop"
    result.verdict = monitor.flag(JUDGE_KIND, excerpt, nudge, cap=cap)
    result.source = "judge"
