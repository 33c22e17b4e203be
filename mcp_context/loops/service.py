"""check_loop from end to end: the session's stored stream (stateful) or a replayed history (stateless, in
:mod:`.replaying`), and the answer every face shows (:mod:`.answers`).

Stateful: the session's monitor is stored in ``<session>/state/loops.json`` after every check, with the policy it
runs under, so a policy given once applies to the session's later checks until another replaces it (``{}``
restores the defaults), and a restarted server carries on exactly where the last one stood. ``reset`` forgets
every event and strike but keeps that policy. A check whose events hold a new user prompt answers for what
came after it: what the events showed before it belongs to the prompt the user replaced, and is told in a note.

Replay: a history (or a host transcript) runs through a fresh monitor, under the given policy or the
defaults; the stored state is neither read nor written. The answer is about what the agent is doing now (see
:mod:`.replaying`).
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import InvalidArgument
from ..redaction import Redactor
from ..tokens.count import TokenCounter
from .answers import JudgeFn, LoopCheck, consult, source
from .events import Event, parse_event
from .judge import Judge
from .monitor import LoopMonitor
from .policy import Policy
from .verdict import Found

if TYPE_CHECKING:
    from ..reuse.memos import StateMemo
    from ..storage.protocol import Store

STATE_NAME = "loops"
STATE_VERSION = 2
_EARLIER = "the session's loop state was saved by an earlier version of mcp-context: started afresh"
_DAMAGED = "the session's stored loop state is damaged or from another version; check_loop(reset=true) starts afresh"


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
    if not isinstance(reset, bool):
        raise InvalidArgument(f"reset must be true or false, got {reset!r}")
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
    memo: StateMemo | None = None,
) -> LoopCheck:
    """Add ``events`` to the session's stored stream and answer for them; the state is saved unless ``dry_run``.
    ``memo``: the monitor the Session last saved (see reuse.memos.StateMemo), carried on while the store still
    holds what it saved."""
    if store.redact:
        events = _redacted(Redactor(session), events)
    with store.state_lock(session, STATE_NAME) as hold:
        stored = hold.stored
        taken = memo.take(session) if memo is not None else None
        kept = taken[1] if taken is not None and taken[0] == stored else None
        monitor, judge, notes = _restore(stored, policy, reset, counter, kept)
        if hold.previous_failure is not None:
            lost = f"the previous check's state could not be saved ({hold.previous_failure})"
            notes.insert(0, f"{lost}: its events are not in this stream")
        for event in events:
            judge.observe(event)
        answer = monitor.check(events)
        verdict = answer.verdict
        if dry_run:
            alone = " (checked on their own, from a fresh stream)" if reset else ""
            notes = [f"dry run: nothing was saved{alone}; the session's stored stream is as it was"]
        if answer.superseded:
            notes.append(_superseded(answer.superseded))
        result = LoopCheck("stateful", session, verdict, source(verdict), len(events), monitor.policy, notes=notes)
        consult(monitor, judge, result, ask)
        if not dry_run:
            document = {"version": STATE_VERSION, "monitor": monitor.to_state(), "judge": judge.to_state()}
            data = _spelled(document, memo is not None)
            hold.save(data)
            if memo is not None:
                memo.keep(session, data, _Kept(monitor, judge))
        return result


def _spelled(document: dict[str, Any], often: bool) -> bytes:
    """The state as compact JSON, spelled as orjson spells it. A process that checks ``often`` (it keeps the
    monitor: a server, a library Session) has orjson spell it, five times faster than the standard library's
    encoder on a state of a few KB. A process that checks once (a host's hook) has the standard library spell a
    plain document, which it spells byte for byte as orjson does, and spares loading orjson (with the datetime,
    uuid and dataclasses modules it loads), which costs more than the encoder's time. What orjson refuses, a
    number past 64 bits or a lone surrogate in an event's text, is left to the standard library, which
    escapes it."""
    if not often and _plain(document):
        text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
        try:
            return text.encode()
        except UnicodeEncodeError:  # a lone surrogate, which orjson refuses too
            return json.dumps(document, separators=(",", ":")).encode()
    import orjson

    try:
        return orjson.dumps(document)
    except TypeError:
        return json.dumps(document, separators=(",", ":")).encode()


def _plain(value: object) -> bool:
    """Whether the standard library spells ``value`` as orjson does: strings, booleans, None, integers of 64 bits,
    finite floats written without a negative exponent (orjson writes ``1e-05`` as ``0.00001``), in lists and
    objects with string keys."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return True
    if kind is int:
        return -(2**63) <= value < 2**64  # type: ignore[operator]
    if kind is float:
        return math.isfinite(value) and "e-" not in repr(value)  # type: ignore[arg-type]
    if kind is list:
        return all(_plain(item) for item in value)  # type: ignore[attr-defined]
    if kind is dict:
        return all(type(k) is str and _plain(v) for k, v in value.items())  # type: ignore[attr-defined]
    return False


def _redacted(redactor: Redactor, events: list[Event]) -> list[Event]:
    """The events with credentials replaced as the store replaces them: the stream kept in the state holds no
    secret, and a call repeated with the same token still repeats (the same secret, the same placeholder)."""
    out = []
    for event in events:
        text = redactor.text(event.text) if event.text is not None else None
        given = dict(event.args) if event.args is not None else None
        args = redactor.data(given)
        changed = text is not event.text or args is not given
        out.append(event._replace(text=text, args=args) if changed else event)
    return out


class _Kept(NamedTuple):
    """A session's monitor and judge as this Session last saved them (see reuse.memos.StateMemo)."""

    monitor: LoopMonitor
    judge: Judge


def _restore(
    stored: bytes | None, policy: Policy | None, reset: bool, counter: TokenCounter, kept: _Kept | None = None
) -> tuple[LoopMonitor, Judge, list[str]]:
    """The monitor and judge to check with: ``kept`` (those the stored bytes were saved from) when given."""
    if reset:
        # A damaged state is no obstacle to starting afresh: only its policy is kept, if it can be read.
        chosen = policy or _stored_policy(stored) or Policy()
        notes = ["reset: every earlier event and strike of this session is forgotten"]
        notes.append("policy set for this session" if policy is not None else "the session's policy stays")
        return LoopMonitor(chosen, counter=counter), Judge(chosen), notes
    if stored is None:
        return _fresh(policy, counter, [])
    if kept is not None:
        monitor, judge = kept.monitor, kept.judge
    else:
        document = _document(stored)
        if document is None:  # the stream is the detector's own memory, not the user's data: start it again
            return _fresh(policy, counter, [_EARLIER])
        try:
            monitor = LoopMonitor.from_state(document["monitor"], counter=counter)
            judge = Judge(monitor.policy)
            judge.load_state(document["judge"])
        except (InvalidArgument, KeyError, TypeError, ValueError) as exc:
            raise InvalidArgument(f"{_DAMAGED} ({exc})") from None
    if policy is None or policy == monitor.policy:
        return monitor, judge, []
    monitor.set_policy(policy)
    judge.set_policy(policy)
    return monitor, judge, ["policy replaced for this session: later checks use it until another is given"]


def _superseded(found: Sequence[Found]) -> str:
    shown = ", ".join(f"{f.finding.kind} at event {f.at}" for f in found[:3])
    more = f" and {len(found) - 3:,} more" if len(found) > 3 else ""
    return (
        f"these events found {shown}{more} before their last user prompt: that prompt was replaced, so the "
        "answer covers only what came after it"
    )


def judge_may_ask(
    store: Store, session: str, policy: Policy | None, replay: bool, memo: StateMemo | None = None
) -> bool:
    """Whether a check could ask the LLM judge: the given policy's switch, else the stored stream's (which a
    reset keeps; ``memo`` may hold the monitor it was saved from), else the defaults' (off). A damaged state
    says no: the check itself will say why."""
    if policy is not None:
        return policy.judge
    if replay:
        return Policy().judge
    stored = store.peek_state(session, STATE_NAME)  # no lock: one here would take a failed save's note
    kept: _Kept | None = memo.find(stored) if memo is not None and stored is not None else None
    found = kept.monitor.policy if kept is not None else _stored_policy(stored)
    return found is not None and found.judge


def _stored_policy(stored: bytes | None) -> Policy | None:
    try:
        document = _document(stored) if stored is not None else None
        return LoopMonitor.from_state(document["monitor"]).policy if document is not None else None
    except InvalidArgument:
        return None


def _fresh(policy: Policy | None, counter: TokenCounter, notes: list[str]) -> tuple[LoopMonitor, Judge, list[str]]:
    chosen = policy or Policy()
    if policy:
        notes.append("policy set for this session: later checks use it until another is given")
    return LoopMonitor(chosen, counter=counter), Judge(chosen), notes


def _document(stored: bytes) -> dict[str, Any] | None:
    """The stored state, or None when an earlier version wrote it (a version number below ours); a state that is
    neither is damaged, and says so."""
    try:
        document: Any = json.loads(stored)
    except (ValueError, UnicodeDecodeError):
        document = None
    version = document.get("version") if isinstance(document, dict) else None
    if isinstance(version, int) and not isinstance(version, bool) and 0 < version < STATE_VERSION:
        return None
    if not isinstance(document, dict) or version != STATE_VERSION or "monitor" not in document:
        raise InvalidArgument(_DAMAGED)
    return document


def plain_fields(fields: dict[str, Any]) -> dict[str, Any]:
    """check_loop's events and policy as JSON, the library's Event and Policy objects included."""
    out = dict(fields)
    if isinstance(out.get("event"), Event):
        out["event"] = out["event"].to_dict()
    if isinstance(out.get("events"), Sequence) and not isinstance(out["events"], str | bytes):
        out["events"] = [e.to_dict() if isinstance(e, Event) else e for e in out["events"]]
    if isinstance(out.get("policy"), Policy):
        out["policy"] = out["policy"].to_dict()
    return out
