"""summarize_range from end to end: read the range, write or check the summary, store it beside the originals.

Engines: ``extractive`` (no LLM, always there), ``sampling`` (the client's model, through a callable the caller
supplies; the extractive engine stands in when there is none or its answer fails the checks), ``agent`` (the
first call hands the calling model the digest and the template, the second call brings its summary back to be
checked and stored; nothing is kept between the two, the second call names the same source and range) and
``auto`` (sampling when offered, else extractive). Every summary is checked before anything is stored: never
empty, never a placeholder, never larger than the range it stands for. The originals of the range are stored
first, as JSON lines, then the summary, whose first line names them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..conversation.accounting import Accountant
from ..conversation.archiving import archive_line
from ..conversation.formats.base import Adapter
from ..conversation.model import Message
from ..errors import ContextError, InvalidArgument, ModelDeclined
from ..results import archive
from ..results.archive import HANDLE_SLACK, STAND_IN, Persist, Stored
from . import render, sources, styles
from .earlier import Earlier, header
from .facts import Facts, extract
from .ranges import Position, Span, resolve
from .styles import SummaryRejected

ENGINES = ("auto", "extractive", "sampling", "agent")
#: The digest handed to a model: rich enough to write from, small enough for a host to show.
DIGEST_TOKENS = 5_000
#: Room for the archive handle: the limits are checked before it exists, with a stand-in of the same length.
SYSTEM_PROMPT = (
    "You summarise an AI agent's conversation so that the agent can go on without the original messages. "
    "Answer with the summary only, in the layout asked for."
)
NO_SAMPLER = (
    "engine 'sampling' needs a client that offers sampling (Claude Code and Gemini CLI do not): "
    "the extractive engine wrote this summary"
)


@dataclass(frozen=True)
class SamplingRequest:
    system: str
    prompt: str
    max_tokens: int


#: Asks a model to write the summary; raises ModelDeclined when the model would not, and extractive steps in.
Sampler = Callable[[SamplingRequest], str]


@dataclass
class Request:
    items: Any
    format: str = "auto"
    start: Position = None
    end: Position = None
    style: str = "sections"
    engine: str = "auto"
    summary: str | None = None
    max_tokens: int | None = None
    focus: str | None = None
    sampler: Sampler | None = None
    source: str = "messages=<the same list>"  # how the agent's second call names the source
    piece_bytes: int = 64 * 1024 * 1024  # the largest stored result: bigger archives go in pieces
    ids: list[tuple[str, ...]] | None = None  # a transcript's line or record ids, per message


@dataclass
class RangeSummary:
    """What summarize_range returns: the stored summary and archive, or (agent engine, first call) the task."""

    status: str  # "stored", or "needs_summary" after the agent engine's first call
    engine: str
    style: str
    format: str
    span: Span
    range_tokens: int
    token_method: str
    target_tokens: int  # what the summary aims at
    limit_tokens: int  # the most its body may take: under max_tokens and smaller than the range
    text: str | None = None
    summary_tokens: int | None = None
    summary: Stored | None = None
    archive: Stored | None = None
    earlier: list[Earlier] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    instructions: str | None = None
    digest: str | None = None
    next_call: str | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def reduction(self) -> float | None:
        """The share of the range's tokens the summary saves."""
        if self.summary_tokens is None or not self.range_tokens:
            return None
        return 1 - self.summary_tokens / self.range_tokens

    @property
    def request(self) -> SamplingRequest | None:
        if self.instructions is None or self.digest is None:
            return None
        room = max(self.target_tokens, min(self.limit_tokens, 2 * self.target_tokens))  # a model overshoots
        return SamplingRequest(SYSTEM_PROMPT, f"{self.instructions}\n\n{self.digest}", room)


@dataclass
class _Range:
    adapter: Adapter
    span: Span
    messages: list[Message]
    facts: Facts
    tokens: int
    ceiling: int  # the most the stored summary may take, header included
    room: int  # the most the body may take
    target: int  # what the extractive engine aims at, and what a model is asked for
    capped: bool  # max_tokens, not the range's own size, sets the ceiling

    def limit(self) -> str:
        if self.capped:
            return f"max_tokens={self.ceiling:,}"
        return f"the {self.tokens:,} tokens of the range it stands for (a summary must be smaller)"


def run(request: Request, accountant: Accountant, persist: Persist) -> RangeSummary:
    style = styles.style(request.style)
    if request.engine not in ENGINES:
        raise InvalidArgument(f"unknown engine {request.engine!r}: use {', '.join(ENGINES)}")
    if request.summary is not None and request.engine not in ("agent", "auto"):
        raise InvalidArgument("summary is the agent engine's second call: give it with engine='agent'")
    if request.max_tokens is not None and request.max_tokens < 1:
        raise InvalidArgument("max_tokens must be at least 1")
    r = _read(request, accountant, style)
    notes = list(r.span.notes)
    count = accountant.text
    if request.engine == "agent" and request.summary is None:
        return _task(request, r, style, accountant)
    if request.summary is not None:
        body, engine = _written(request.summary, style, r, count), "agent"
    elif request.sampler is not None and request.engine in ("sampling", "auto"):
        body, engine = _sampled(request, r, style, accountant, notes)
    else:
        if request.engine == "sampling":
            notes.append(NO_SAMPLER)
        body, engine = _extractive(request, r, style, count), "extractive"
    return _store(request, r, style, body, engine, notes, accountant, persist)


def _read(request: Request, accountant: Accountant, style: styles.Style) -> _Range:
    adapter, messages = sources.parse(request.items, request.format)
    span = resolve(messages, request.start, request.end, request.ids)
    chosen = messages[span.start : span.end + 1]
    tokens = sum(accountant.message(m, adapter) for m in chosen)
    facts = extract(chosen, messages[: span.start])
    capped = request.max_tokens is not None and request.max_tokens < tokens - 1
    ceiling = request.max_tokens if request.max_tokens is not None and capped else tokens - 1
    top = accountant.text(header(span.count, span.label(), STAND_IN, style.name, facts.earlier)) + HANDLE_SLACK
    room = ceiling - top - 2
    target = min(room, request.max_tokens or render.default_budget(tokens, style.name))
    return _Range(adapter, span, chosen, facts, tokens, ceiling, room, target, capped)


def _task(request: Request, r: _Range, style: styles.Style, accountant: Accountant) -> RangeSummary:
    """The agent engine's first call: what to write and from what; nothing is stored."""
    if r.room < 1:
        raise InvalidArgument(_too_small(r, style))
    digest = render.write(r.facts, styles.SECTIONS, accountant.text, DIGEST_TOKENS, request.focus)
    what = f"messages {r.span.label()} ({r.span.count} messages, {r.tokens:,} tokens)"
    given = (("max_tokens", request.max_tokens), ("focus", request.focus), ("format", request.format))
    extra = "".join(f", {k}={v!r}" for k, v in given if v not in (None, "auto"))
    next_call = (
        f"summarize_range({request.source}, start={r.span.start}, end={r.span.end}, style={style.name!r}"
        f"{extra}, engine='agent', summary='<your summary>')"
    )
    return RangeSummary(
        status="needs_summary",
        engine="agent",
        **_about(r, style, accountant),
        instructions=styles.instructions(style, what, r.target, request.focus)
        + "\n\nFacts taken from those messages (each cites its message):",
        digest=digest,
        next_call=next_call,
        notes=list(r.span.notes),
    )


def _about(r: _Range, style: styles.Style, accountant: Accountant) -> dict[str, Any]:
    """What every answer says of the range and its budget, whether it stores a summary or asks for one."""
    return {
        "style": style.name,
        "format": r.adapter.name,
        "span": r.span,
        "range_tokens": r.tokens,
        "token_method": accountant.method,
        "target_tokens": r.target,
        "limit_tokens": r.room,
        "earlier": r.facts.earlier,
        "sections": [p.title for p in style.parts],
    }


def _written(text: str, style: styles.Style, r: _Range, count: Callable[[str], int]) -> str:
    body = styles.check(text, style)
    tokens = count(body)
    if tokens > r.room:
        raise SummaryRejected(
            f"the summary takes {tokens:,} tokens, more than the {max(r.room, 0):,} left under {r.limit()} "
            "once the header naming the archive is added; shorten it"
        )
    return body


def _sampled(
    request: Request, r: _Range, style: styles.Style, accountant: Accountant, notes: list[str]
) -> tuple[str, str]:
    task = _task(request, r, style, accountant).request
    assert task is not None and request.sampler is not None
    try:
        return _written(request.sampler(task), style, r, accountant.text), "sampling"
    except ModelDeclined as exc:
        notes.append(f"the client's model did not answer ({exc}); the extractive engine wrote this summary")
        return _extractive(request, r, style, accountant.text), "extractive"
    except SummaryRejected as exc:
        notes.append(
            f"the client's model wrote a summary that failed the checks ({exc}); the extractive engine wrote this"
        )
        return _extractive(request, r, style, accountant.text), "extractive"


def _extractive(request: Request, r: _Range, style: styles.Style, count: Callable[[str], int]) -> str:
    body = render.write(r.facts, style, count, max(r.target, 1), request.focus)
    if count(body) > r.room:
        raise InvalidArgument(_too_small(r, style))
    return body


def _too_small(r: _Range, style: styles.Style) -> str:
    ways = "a longer range or a higher max_tokens"
    if style.name != "brief":
        ways = "a longer range, a higher max_tokens or style='brief'"
    return f"a {style.name} summary of {r.span.label()} cannot fit under {r.limit()}: try {ways}; nothing was stored"


def _store(
    request: Request,
    r: _Range,
    style: styles.Style,
    body: str,
    engine: str,
    notes: list[str],
    accountant: Accountant,
    persist: Persist,
) -> RangeSummary:
    head = {"archive": "summarize_range", "format": r.adapter.name, "start": r.span.start, "end": r.span.end}
    lines = [archive_line(m, r.adapter) for m in r.messages]

    def text_with(handle: str) -> str:
        return header(r.span.count, r.span.label(), handle, style.name, r.facts.earlier) + "\n\n" + body

    # Checked before anything is written, with room for the real handle's tokens: a refusal stores nothing.
    sized = accountant.text(text_with(STAND_IN)) + HANDLE_SLACK
    if sized > r.ceiling:
        raise ContextError(f"the summary came to {sized:,} tokens, over {r.limit()}; nothing was stored")
    label = f"originals of {r.span.label()}"
    originals = archive.write(persist, head, archive.plain(lines), label, request.piece_bytes, source="summarize_range")
    text = text_with(originals.handle)
    tokens = accountant.text(text)
    stored = persist(text, f"summary ({style.name}) of {r.span.label()}", "summarize_range")
    return RangeSummary(
        status="stored",
        engine=engine,
        **_about(r, style, accountant),
        text=text,
        summary_tokens=tokens,
        summary=stored,
        archive=originals,
        notes=notes,
    )
