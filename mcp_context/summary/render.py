"""The extractive engine: the facts of a range written in a style, fitted to a token budget (no LLM).

Each fact cites its message (``[#12]``). What users most hate to lose comes first when the budget is tight:
their first request, the summary of what came before, what the agent was doing, their later words, the to-do
state, errors and their fixes, decisions, the files changed; then commands, files read and the rest. ``focus``
moves the facts that mention it ahead of the others. Tasks and plans are written as state, never as orders."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence

from ..conversation.model import Message
from . import fit, styles
from .cuts import cut, narrowed, program
from .facts import Action, Facts, Failure, Ref, Said, cite, extract
from .fit import Item, Part

# Priorities: what a user would hate most to lose scores highest.
FIRST, CURRENT, EARLIER, USER, ANSWER, TODO, FAILURE = 100, 96, 94, 90, 89, 88, 85
DECISION, CHANGED, FIXED, LAST_CALLS, DELEGATED, OPEN = 80, 78, 75, 70, 62, 60
DONE, SYSTEM, COMMAND, READ, CONCEPTS, SEARCH, CALL = 55, 50, 40, 35, 30, 20, 20
FOCUS_BONUS = 30
DEFAULT_MAX_TOKENS = 6_000
MIN_TOKENS = 400
BRIEF_MAX_TOKENS = 400
_STOP = {"the", "and", "for", "with", "about", "keep", "that", "this", "from", "into", "what", "all", "any"}


def default_budget(range_tokens: int, style: str = "sections") -> int:
    """A fifth of the range, at least enough for a useful summary and at most what a host shows comfortably; a
    brief is a few lines unless max_tokens asks for more."""
    # A fifth of a long range; up to half of a short one, whose every fact a fifth would not hold.
    budget = min(DEFAULT_MAX_TOKENS, max(MIN_TOKENS, range_tokens // 5, min(range_tokens // 2, 1_200)))
    return min(budget, BRIEF_MAX_TOKENS) if style == "brief" else budget


def summarize(
    messages: list[Message],
    style: str,
    count: Callable[[str], int],
    budget: int,
    focus: str | None = None,
    before: Sequence[Message] = (),
) -> str:
    """The extractive summary of ``messages`` (without the header naming the archive); ``before`` is the
    conversation ahead of them, where the primary request may be."""
    return write(extract(messages, before), styles.style(style), count, budget, focus)


def write(facts: Facts, style: styles.Style, count: Callable[[str], int], budget: int, focus: str | None) -> str:
    terms = {w for w in re.findall(r"[\w./-]{3,}", (focus or "").lower()) if w not in _STOP}
    builders = {"sections": _sections, "snapshot": _snapshot, "brief": _brief}
    parts = builders[style.name](facts)
    if facts.earlier:
        parts.insert(0, _earlier(facts, style))
    if terms:
        for part in parts:
            for item in part.items:
                if any(t in item.variants[0].lower() for t in terms):
                    item.priority += FOCUS_BONUS
    prefix = f"Focus: {focus.strip()} (facts about it kept first)" if focus and focus.strip() else ""
    # A brief is a few lines, each fact at its shortest already; the longer styles tell the request and the current
    # work, then every failure, before any is told at length.
    if style.name == "brief":
        return fit.fit(parts, budget, count, prefix)
    return fit.fit(parts, budget, count, prefix, band=(FIXED, FAILURE + 1), lead=CURRENT)


# the pieces ------------------------------------------------------------------------------------------------


def quote(said: Said, limit: int, who: str = "", flat: bool = False) -> str:
    """A message's words, verbatim when short; a long one keeps its head and tail and says where the rest is."""
    text = " ".join(said.text.split()) if flat else said.text.strip()
    if len(text) > limit:
        half = limit // 2
        gap = len(text) - 2 * half
        text = f"{text[:half].rstrip()} [... {gap:,} chars cut; the whole message is {cite(said.ref)} ...] " + (
            text[-half:].lstrip()
        )
    return f"{who}{cite(said.ref)}: {text}"


def _said(
    said: Said, priority: int, who: str = "", limits: tuple[int, ...] = (1200, 400, 160), flat: bool = False
) -> Item:
    return Item(priority, tuple(dict.fromkeys(quote(said, n, who, flat) for n in limits)))


def _earlier(facts: Facts, style: styles.Style) -> Part:
    items = []
    for e in facts.earlier:
        where = f"; its originals are in {', '.join(e.handles)}" if e.handles else "; it is kept whole in the archive"
        lead = f"{e.origin}'s summary {cite(e.index)}{where}"
        if style.name == "brief":  # its goal is quoted as the goal; the rest is a pointer
            items.append(Item(EARLIER, (lead,)))
        else:
            # Quoted, not restated: its next steps were the plan when it was written, not orders for now, and
            # its [#i] number the messages it summarised. The "> " also keeps its headings from reading as ours.
            lead += "; quoted as written (its next steps were that moment's plan; its [#i] cite what it summarised):"
            quoted = (f"{lead}\n{_quote(cut_block(e.text, n))}" for n in (6000, 2000, 600))
            items.append(Item(EARLIER, (*quoted, lead.rstrip(":"))))
    title = "Earlier summaries (kept, with their archives)"
    return Part(f"## {title}" if style.name == "sections" else f"{title}:", items=items, more=False)


def _quote(text: str) -> str:
    return "\n".join(f"> {line}" if line.strip() else ">" for line in text.splitlines())


def cut_block(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    half = limit // 2
    return f"{text[:half].rstrip()}\n[... {len(text) - 2 * half:,} chars cut ...]\n{text[-half:].lstrip()}"


def _refs(refs: list[Ref]) -> str:
    shown = ", ".join(cite(r)[1:-1] for r in refs[:6])
    return f"[{shown}{', ...' if len(refs) > 6 else ''}]"


def _file_items(facts: Facts, words: dict[str, str]) -> tuple[list[Item], list[Item]]:
    changed, read = [], []
    for use in facts.files.values():
        made = [f"{words[k]} {_refs(use.refs[k])}" for k in ("write", "edit") if k in use.refs]
        if made:
            seen = f", read {_refs(use.refs['read'])}" if "read" in use.refs else ""
            line = f"{use.path}: {', '.join(made)}{seen}"
            shown = [f"{cite(ref)} {text}" for ref, text in use.changes[-6:]]
            variants = [f"{line}; {'; '.join(shown[-n:])}" for n in (6, 3, 1) if len(shown) >= n]
            changed.append(Item(CHANGED, tuple(dict.fromkeys([*variants, line, use.path]))))
        else:
            read.append(Item(READ, (f"{use.path}: read {_refs(use.refs['read'])}",)))
    return changed, read


def _grouped(priority: int, lead: str, entries: list[str]) -> Item:
    """One line for several entries of a kind, shorter variants naming fewer of them."""
    variants = [
        f"{lead}: {', '.join(entries[:n])}" + (f" (+{len(entries) - n} more)" if len(entries) > n else "")
        for n in (len(entries), 12, 4)
        if n <= len(entries)
    ]
    return Item(priority, tuple(dict.fromkeys(variants)))


def _failures(facts: Facts, brief: bool = False) -> list[Item]:
    told: set[Ref] = set()  # parallel calls failing together share the agent's next words: quote them in full once
    items = []
    for failure in facts.failures:
        items.append(_failure(failure, failure.explanation is not None and failure.explanation.ref in told, brief))
        if failure.explanation is not None:
            told.add(failure.explanation.ref)
    return items


def _failure(failure: Failure, told: bool, brief: bool) -> Item:
    """A failure, its message, and what became of it: the edits and the run that fixed it, or unresolved. A fixed
    failure ranks below one still open: the open one is what the reader must act on."""
    a = failure.action
    what = a.call.name if a.call.kind != "command" and a.call.target in a.outcome else _what(a)  # said once
    base = f"{what} failed {cite(a.ref)}: {a.outcome}"
    fix = _fix(failure)
    if brief:  # an open failure is what the reader acts on: its cause gets the room, whole where it can be
        room = _BRIEF_FIXED if failure.fixed_by else _BRIEF_OPEN
        line = f"{_what(a, 100)} failed {cite(a.ref)}: {cut(_near(a.outcome, room), room, head=3)}"
        return Item(FIXED if failure.fixed_by else FAILURE, (f"{line}; {cut(fix, 160)}", line))
    said = ""  # the agent's words about it, once: failures that share them cite them after the first
    if failure.explanation is not None:
        why = f"(see {cite(failure.explanation.ref)})" if told else cut(failure.explanation.text, 240)
        said = f"; then {cite(failure.explanation.ref)}: {why}" if not told else f"; {why}"
    # Shorter and shorter: the cause is at the head of the outcome, so a cut keeps the head (the test and the
    # build target it failed in come after it); the command shortens first.
    named = f"`{program(a.call.target)}`" if a.call.kind == "command" else a.call.name  # the least room: who failed
    short = [
        f"{cut(what, n) if n else named} failed {cite(a.ref)}: {cut(_near(a.outcome, m), m, head=3)}; "
        f"{_fix(failure, compact=k)}"
        for n, m, k in ((100, 200, 160), (60, 160, 100), (40, 110, 60), (0, 110, 44))
    ]
    # The line that says why, whole (up to _WHOLE), with the command and the fix short: what every failure is
    # grown to before any is told at length (see fit.Item.core).
    whole = " ".join(a.outcome.split())
    core = short[0] if len(whole) <= 200 else None
    if core is None and len(whole) <= _WHOLE:
        core = f"{cut(what, 40)} failed {cite(a.ref)}: {whole}; {_fix(failure, compact=60)}"
    variants = (f"{base}{said}; {fix}", f"{base}; {fix}", *([core] if core else []), *short)
    return Item(FIXED + 8 if failure.fixed_by else FAILURE, tuple(dict.fromkeys(variants)), core)


#: The longest line that says why a failure is told whole in a summary with little room.
_WHOLE = 400


_BRIEF_FIXED, _BRIEF_OPEN = 120, 200
#: An absolute path leading a failure's line: its folders are the project's, which the command already places.
_LEAD_PATH = re.compile(r"^/(?:[^\s/:]+/)+(?=[^\s/:]+(?::\d+|\(\d+))")


#: A runner's count told after the cause, in parentheses: it says that the run failed, which the line says already.
_TALLY_AFTER = re.compile(
    r"\s*\((?=[^()]*\b\d+ (?:errors?|warnings?|failures?|failed|passed|tests?|examples?)\b)[^()]*\)$"
)


def _near(outcome: str, room: int) -> str:
    """``outcome`` for little room: when it does not fit in ``room``, the folders of an absolute path that leads it
    and a count told after it left out, so that the message keeps the room."""
    if len(outcome) <= room:
        return outcome
    return _TALLY_AFTER.sub("", _LEAD_PATH.sub("", outcome, count=1))


def _fix(failure: Failure, compact: int = 0) -> str:
    """What resolved a failure: each edit with its change, then the run that succeeded. ``compact``: the changes
    only, each as its file's name and what changed (in at most that many characters), for little room."""
    if compact:
        changes = [
            f"{e.call.target.rsplit('/', 1)[-1]} {cite(e.ref)}"
            + (f" {narrowed(e.call.change, compact)}" if e.call.change else "")
            for e in failure.edits[-2:]
            if e.call.kind != "command"
        ]
        if failure.fixed_by is None:
            return f"unresolved: {'; '.join(changes)}" if changes else "unresolved"
        ran = f"{_what(failure.fixed_by, compact)} {cite(failure.fixed_by.ref)}"  # when no change says it
        return f"fixed by {'; '.join(changes)}" if changes else f"fixed by {ran}"
    edits = [
        f"running {_what(e, 100)} {cite(e.ref)}"
        if e.call.kind == "command"
        else f"{e.call.name} {e.call.target} {cite(e.ref)}" + (f" ({e.call.change})" if e.call.change else "")
        for e in failure.edits[-3:]
    ]
    if failure.fixed_by is not None:
        ran = f"{_what(failure.fixed_by)} {cite(failure.fixed_by.ref)}: ok"
        return f"fixed by {'; '.join(edits)}, then {ran}" if edits else f"fixed by {ran}"
    if edits:
        return f"unresolved: edited since ({'; '.join(edits)}), not run again in this range"
    return "unresolved in this range"


def _what(action: Action, limit: int = 160) -> str:
    call = action.call
    if call.kind == "command":
        return f"`{cut(call.target, limit)}`"
    return f"{call.name} {cut(call.target, limit - 40)}"


def _actions(facts: Facts) -> list[Item]:
    items = []
    searches: dict[str, list[str]] = {}  # where -> what was searched there, in order
    latest: dict[str, int] = {}
    total = max(1, len(facts.actions))
    for n, a in enumerate(facts.actions):
        recency = 10 * n // total  # later commands matter more
        if a.call.kind == "command" and not a.failed:
            state = "ok" if a.failed is False else "no result in this range"
            items.append(Item(COMMAND + recency, (f"ran {_what(a)} {cite(a.ref)}: {state} ({a.outcome})",)))
        elif a.call.kind == "delegate":
            items.append(Item(DELEGATED, (f"delegated {cite(a.ref)}: {a.call.target} -> {cut(a.outcome, 200)}",)))
        elif a.call.kind == "search":
            what, _, where = a.call.target.rpartition(" in ") if " in " in a.call.target else (a.call.target, "", "")
            searches.setdefault(where, []).append(f"{cut(what, 60)} {cite(a.ref)}")
            latest[where] = recency
        elif a.call.kind == "call":
            items.append(Item(CALL + recency, (f"called {a.call.target} {cite(a.ref)}: {cut(a.outcome, 80)}",)))
    for where, found in searches.items():  # one line per place searched, not per search
        items.append(_grouped(SEARCH + latest[where], f"searched {where}" if where else "searched", found))
    return items


_LISTED = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+(.+)$", re.M)


def _answers(facts: Facts, brief: bool = False) -> list[Item]:
    """The final answer of each turn the user followed up: what they asked for and read (findings, a report)
    before asking for more. A long one keeps its listed points when it has them."""
    items = []
    for said in facts.answers:
        points = [p.strip() for p in _LISTED.findall(said.text)]
        listed = f"answered {cite(said.ref)}: " + " / ".join(points) if points else ""
        quoted = [quote(said, n, "answered ", flat=True) for n in ((160, 80) if brief else (1200, 400))]
        variants = [quoted[0], cut(listed, 600 if not brief else 160)] if listed else [quoted[0]]
        # In a few lines an answer the user already read ranks below a failure, even a fixed one.
        items.append(Item(FIXED - 1 if brief else ANSWER, tuple(dict.fromkeys([*variants, *quoted[1:]]))))
    return items


def _tasks(facts: Facts, marks: dict[str, str]) -> list[Item]:
    items = [
        Item(DONE if status in ("done", "cancelled") else TODO, (f"{marks[status]} {text} {cite(facts.todos_ref)}",))
        for status, text in facts.todos
    ]
    items += [Item(DONE if s == "done" else TODO, (f"{marks[s]} {t} {cite(r)}",)) for r, s, t in facts.checklist]
    items += [Item(OPEN, (f"open {cite(s.ref)}: {s.text}",)) for s in facts.open_items]
    return items


def _current(facts: Facts) -> list[Item]:
    items = []
    if facts.current is not None:
        items.append(_said(facts.current, CURRENT, limits=(1600, 600, 200)))
    if facts.last_actions:
        calls = ", ".join(
            f"{_what(a)} ({'failed' if a.failed else 'ok' if a.failed is False else 'no result'})"
            for a in facts.last_actions
        )
        items.append(Item(LAST_CALLS, (f"last tool calls {cite(facts.last_actions[0].ref)}: {cut(calls, 400)}",)))
    return items


def _concepts(facts: Facts) -> list[Item]:
    terms = [t for t in facts.concepts if "/" not in t and t not in facts.files]
    items = []
    if terms:
        named = [f"`{t}` {cite(facts.concept_refs.get(t))}" for t in terms]
        items.append(Item(CONCEPTS, tuple(", ".join(named[:n]) for n in (15, 8, 4))))
    if facts.tools:
        used = ", ".join(f"{name} x{n}" for name, n in facts.tools.most_common(12))
        span = f"{cite(facts.actions[0].ref)} to {cite(facts.actions[-1].ref)}" if facts.actions else ""
        items.append(Item(CONCEPTS - 5, (f"tools used {span}: {used}",)))
    return items


def _listed(what: str, names: list[str], n: int) -> str:
    more = f" (+{len(names) - n} more)" if len(names) > n else ""
    return f"{what}: {', '.join(names[:n])}{more}"


def _under(paths: list[str]) -> tuple[str, ...]:
    """The paths named once by their common directory. Under a deep project path the directory costs more tokens
    than the names, and a brief has a few hundred: a list that repeats it crowds out the facts around it, or is
    itself left out. Every path can still be rebuilt from the line."""
    if len(paths) < 2 or not all(path.startswith("/") for path in paths):
        return ()
    base = posixpath.commonpath(paths)
    if base in paths:
        base = posixpath.dirname(base)
    if base == "/":
        return ()
    names = [posixpath.relpath(path, base) for path in paths]
    return (_listed(f"changed, under {base}/", names, 12), _listed(f"changed, under {base}/", names, 5))


def _system(facts: Facts) -> list[Item]:
    return [Item(SYSTEM, (f"system prompt {cite(s.ref)}: {cut(s.text, 200)}",)) for s in facts.system]


# the styles ------------------------------------------------------------------------------------------------


def _first_and_later(facts: Facts) -> tuple[Said | None, list[Said]]:
    """The range's first user message is the primary request, unless the conversation's first request came
    before the range or an earlier summary before it holds that."""
    if not facts.said:
        return None, []
    first = facts.said[0]
    summarised = [e for e in facts.earlier if e.index is None or (first.ref is not None and e.index < first.ref)]
    return (None, facts.said) if summarised or facts.request else (first, facts.said[1:])


def _pointer(facts: Facts, flat: bool = False) -> list[Item]:
    """Where the original request is when the range starts after it: quoted from an earlier summary's goal,
    or from the message before the range."""
    if not facts.earlier:
        if facts.request is None:
            return []
        lead = f"the original request {cite(facts.request.ref)}, before this range"
        shown = [cut(facts.request.text, n) if flat else cut_block(facts.request.text, n) for n in (400, 160)]
        return [Item(FIRST, tuple(dict.fromkeys(f"{lead}: {text}" for text in shown)))]
    e = facts.earlier[0]
    goal = styles.sections_of(e.text, styles.SECTIONS).get("request") or styles.sections_of(
        e.text, styles.SNAPSHOT
    ).get("overall_goal")
    lead = f"the original request, from the earlier summary {cite(e.index)}"
    if not goal:
        return [Item(FIRST, (f"{lead}: see above",))]
    shown = [cut(goal, n) if flat else cut_block(goal, n) for n in (1200, 400, 160)]
    return [Item(FIRST, tuple(dict.fromkeys(f"{lead}: {text}" for text in shown)))]


def _sections(facts: Facts) -> list[Part]:
    first, later = _first_and_later(facts)
    request = [_said(first, FIRST, "user ")] if first else _pointer(facts)
    if later:
        pointer = ", ".join(cite(s.ref) for s in later[-8:])
        request.append(Item(USER + 2, (f"later requests and corrections: {pointer} (quoted under All user messages)",)))
    changed, read = _file_items(facts, {"write": "written", "edit": "edited"})
    decided = _answers(facts) + [Item(DECISION, (f"decided {cite(d.ref)}: {d.text}",)) for d in facts.decisions]
    users = [_said(s, USER) for s in later]
    marks = {"pending": "pending:", "in progress": "in progress:", "done": "done:", "cancelled": "cancelled:"}
    bodies = [
        request + _system(facts),
        _concepts(facts),
        changed + read,
        _failures(facts),
        decided + _actions(facts),
        users,
        _tasks(facts, marks),
        _current(facts),
    ]
    parts = [Part(styles.SECTIONS.heading(i)[0], items=items) for i, items in enumerate(bodies)]
    if first is not None:  # the first request is quoted once, where it leads; this section points to it
        pointer = f"{cite(first.ref)}: the primary request, quoted in section 1"
        if later:
            parts[5].items.insert(0, Item(FIRST - 1, (pointer,)))
        else:
            parts[5].empty = pointer
    return parts


def _snapshot(facts: Facts) -> list[Part]:
    first, later = _first_and_later(facts)
    goal = [_said(first, FIRST, "user ")] if first else _pointer(facts)
    knowledge = [_said(s, USER, "the user said ") for s in later]
    knowledge += _answers(facts) + [Item(DECISION, (f"decided {cite(d.ref)}: {d.text}",)) for d in facts.decisions]
    knowledge += _concepts(facts) + _system(facts)
    changed, read = _file_items(facts, {"write": "CREATED", "edit": "MODIFIED"})
    actions = _failures(facts) + _actions(facts)
    marks = {"pending": "[TODO]", "in progress": "[IN PROGRESS]", "done": "[DONE]", "cancelled": "[CANCELLED]"}
    plan = _tasks(facts, marks) + _current(facts)
    bodies = [goal, knowledge, changed + read, actions, plan]
    parts = [Part(*styles.SNAPSHOT.heading(i), items=items, indent="    ") for i, items in enumerate(bodies)]
    parts[0].opening = f"<state_snapshot>\n{parts[0].opening}"
    parts[-1].closing = f"{parts[-1].closing}\n</state_snapshot>"
    return parts


def _brief(facts: Facts) -> list[Part]:
    first, later = _first_and_later(facts)
    items = [_said(first, FIRST, "goal ", (400, 200, 100), flat=True)] if first else _pointer(facts, flat=True)
    items += [_said(s, USER, "then the user said ", (240, 120), flat=True) for s in later[-2:]]
    uses = [use for use in facts.files.values() if "write" in use.refs or "edit" in use.refs]
    changed = [use.path for use in uses]
    if changed:
        listed = _under(changed) or (_listed("changed", changed, 12), _listed("changed", changed, 5))
        # With room, the latest change of the files changed last (and the others by name); else the files alone.
        latest = sorted((u for u in uses if u.changes), key=lambda u: u.changes[-1][0] or 0)[-3:]
        told = [f"{u.path} {cite(u.changes[-1][0])} {cut(u.changes[-1][1], 140)}" for u in latest]
        others = [u.path for u in uses if u not in latest]
        detail = (
            (f"changed: {'; '.join(told)}" + (f"; also {', '.join(others[:8])}" if others else ""),) if told else ()
        )
        items.append(
            Item(FAILURE + 1, (*detail, *listed))
        )  # in a few lines, the state of the files outranks how it went
    failures = _failures(facts, brief=True)
    for n, item in enumerate(failures):  # of two alike, the later failure is the likelier to matter now
        item.priority -= min(len(failures) - 1 - n, 4)
    items += sorted(failures, key=lambda item: item.priority < FIXED + 4)  # still open first, each in its order
    items += _answers(facts, brief=True)
    items += [Item(DECISION, (f"decided {cite(d.ref)}: {cut(d.text, 200)}",)) for d in facts.decisions[-2:]]
    open_tasks = [text for status, text in facts.todos if status in ("pending", "in progress")]
    if open_tasks:
        items.append(Item(TODO, (f"pending {cite(facts.todos_ref)}: {cut('; '.join(open_tasks), 300)}",)))
    if facts.current is not None:
        items.append(_said(facts.current, CURRENT, "current work ", (400, 200, 100), flat=True))
    return [Part(None, items=items, more=False, empty="nothing but tool output in this range")]
