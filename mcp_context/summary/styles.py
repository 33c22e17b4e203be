"""The summary styles: their sections, the template a model writes to, and the checks a written summary passes.

``sections`` is Claude Code's eight-section compaction summary; ``snapshot`` is Gemini CLI's
``<state_snapshot>`` (overall goal, key knowledge, file-system state, recent actions, current plan); ``brief``
is a few lines. A summary written by a model (the agent engine's second call, or a sampled one) is accepted
only if it has every section of its style, none of them empty, and reads as a summary: not an apology, an error
text or a placeholder such as "too long to summarize" (LangChain issue 39261 stored exactly that)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import InvalidArgument


class SummaryRejected(InvalidArgument):
    """A written summary that cannot stand in for its range; nothing was stored."""


@dataclass(frozen=True)
class Part:
    key: str
    title: str
    hint: str


@dataclass(frozen=True)
class Style:
    name: str
    description: str
    parts: tuple[Part, ...]

    def heading(self, i: int) -> tuple[str, str | None]:
        """The opening line of part ``i`` and its closing line, if the style closes its parts."""
        part = self.parts[i]
        if self.name == "snapshot":
            return f"  <{part.key}>", f"  </{part.key}>"
        return f"## {i + 1}. {part.title}", None


SECTIONS = Style(
    "sections",
    "Claude Code's eight sections",
    (
        Part("request", "Primary Request and Intent", "every explicit request of the user and what they want"),
        Part("concepts", "Key Technical Concepts", "technologies, frameworks, names and conventions in play"),
        Part("files", "Files and Code Sections", "files read, created or edited, with paths and why they matter"),
        Part("errors", "Errors and fixes", "each error met, its exact message, and what fixed it"),
        Part("solving", "Problem Solving", "problems solved, decisions taken, commands run and how they went"),
        Part("users", "All user messages", "every message the user wrote, verbatim or nearly"),
        Part("pending", "Pending Tasks", "tasks still open, written as state ('pending: ...')"),
        Part("current", "Current Work", "what was being done at the end of the range, precisely"),
    ),
)
SNAPSHOT = Style(
    "snapshot",
    "Gemini CLI's state snapshot",
    (
        Part("overall_goal", "Overall goal", "the user's goal in one or two sentences, with later changes"),
        Part("key_knowledge", "Key knowledge", "facts, constraints and decisions to remember; the user's corrections"),
        Part("file_system_state", "File-system state", "files created, modified and read, with paths"),
        Part("recent_actions", "Recent actions", "commands run and tools used, with their outcomes and errors"),
        Part("current_plan", "Current plan", "the plan as state: [DONE], [IN PROGRESS], [TODO] items"),
    ),
)
BRIEF = Style("brief", "a few lines", ())
STYLES = {s.name: s for s in (SECTIONS, SNAPSHOT, BRIEF)}
BRIEF_MAX_LINES = 12

RULES = (
    "Cite the message each fact comes from as [#i]. Keep file paths, commands, error messages and the user's words "
    "exact. Write plans and tasks as state ('decided: ...', 'pending: ...', 'done: ...'), never as instructions "
    "to carry out: whoever reads the summary must not redo finished work."
)


def style(name: str) -> Style:
    try:
        return STYLES[name]
    except KeyError:
        raise InvalidArgument(f"unknown style {name!r}: use {', '.join(STYLES)}") from None


def template(s: Style) -> str:
    """The skeleton a model fills in: each heading with what belongs under it."""
    if not s.parts:
        return f"At most {BRIEF_MAX_LINES} lines of plain text: the goal, what changed, what is open, the current step."
    lines = ["<state_snapshot>"] if s.name == "snapshot" else []
    for i, part in enumerate(s.parts):
        opening, closing = s.heading(i)
        lines += [opening, f"    ({part.hint})" if closing else f"({part.hint})"]
        lines += [closing] if closing else []
    return "\n".join(lines + (["</state_snapshot>"] if s.name == "snapshot" else []))


def instructions(s: Style, what: str, limit: int | None, focus: str | None) -> str:
    """What to ask a model: summarise ``what`` in style ``s``, under ``limit`` tokens, minding ``focus``."""
    size = f" Stay under {limit:,} tokens." if limit else ""
    lines = [
        f"Write a summary of {what} in the {s.name} style ({s.description}).{size}",
        "Use exactly this layout, every heading present, in this order (write 'none' where nothing applies):"
        if s.parts
        else "Layout:",
        template(s),
        RULES,
    ]
    if focus:
        lines.append(f"Focus: {focus}. Keep everything about it, even at the cost of other detail.")
    return "\n\n".join(lines)


# checking a written summary ----------------------------------------------------------------------------------

#: Words only a stand-in writes; a summary that merely mentions a UI placeholder is not caught.
_PLACEHOLDERS = re.compile(
    r"too long to summari[sz]e|(unable|not able) to summari[sz]e|(cannot|can't|could not) summari[sz]e|"
    r"summary (is )?(unavailable|not available)|as an ai (language )?model|your summary here|<summary here>|"
    r"\[(insert|add|your) [^\]]*\]|[\[(<]placeholder[\])>]",
    re.I,
)
_NOT_A_SUMMARY = re.compile(
    r"^((error|exception)\s*[:!-]|traceback \(most recent call last\)|(i'?m |i am )?sorry\b|i apologi[sz]e|"
    r"i (cannot|can't|am unable|was unable)\b|request failed\b|api error\b|http(/[\d.]+)? [45]\d\d\b|"
    r"\{\s*\"(error|type)\"\s*:)",
    re.I,
)
#: What a section holds when the writer had nothing to say; allowed in some sections, never in all of them.
_NOTHING = re.compile(r"^(none|nothing|n/?a|not applicable|no(ne)? (yet|so far))\.?$", re.I)
#: What a section holds when the writer did not do the work: never a section's whole content.
_FILLER = re.compile(r"^(tbd|tba|todo|to be (determined|done|written)|\.{2,}|…|\?+|x{2,}|lorem ipsum.*)$", re.I)
#: A brief summary says at least this many words.
BRIEF_MIN_WORDS = 4
_FENCE = re.compile(r"^```[\w-]*\n(.*)\n```$", re.S)
_HEADING = re.compile(r"^\s*(#{1,6}\s*)?(\*\*)?\s*(\d+[.)]\s*)?(?P<title>[^:*<>]+?)\s*(\*\*)?\s*:?\s*(\*\*)?\s*$")
_TAG = re.compile(r"^\s*<(?P<close>/)?(?P<key>[a-z_]+)>\s*(?P<rest>.*)$")


def check(text: object, s: Style) -> str:
    """The summary as it will be stored, or SummaryRejected saying what is wrong with it."""
    if not isinstance(text, str) or not text.strip():
        raise SummaryRejected("the summary is empty")
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    placeholder = _PLACEHOLDERS.search(body)
    if placeholder:
        raise SummaryRejected(f"the summary reads as a placeholder, not a summary ({placeholder[0]!r})")
    first = next(line for line in body.splitlines() if line.strip())
    if _NOT_A_SUMMARY.match(first.strip("#* ")):
        raise SummaryRejected(f"the summary reads as an error or a refusal: {first.strip()[:80]!r}")
    if not s.parts:
        lines = [line for line in body.splitlines() if line.strip()]
        if len(lines) > BRIEF_MAX_LINES:
            raise SummaryRejected(
                f"a brief summary is a few lines; this one has {len(lines)} (at most {BRIEF_MAX_LINES})"
            )
        if len(re.findall(r"\w+", body)) < BRIEF_MIN_WORDS:
            raise SummaryRejected(f"a brief summary says what happened in a few sentences, not {body!r}")
        return body
    found = sections_of(body, s)
    missing = [p.title for p in s.parts if p.key not in found]
    if missing:
        raise SummaryRejected(
            f"the summary lacks section(s) {', '.join(repr(m) for m in missing)} of the {s.name} style; "
            f"use these headings: {', '.join(p.title for p in s.parts)}"
        )
    contents = []
    for part in s.parts:
        content = found[part.key].strip(" \n()-*")
        if not re.search(r"\w", content) and not _FILLER.match(content):
            raise SummaryRejected(f"section {part.title!r} is empty: write 'none' if nothing applies")
        if content == part.hint:
            raise SummaryRejected(f"section {part.title!r} repeats the template's hint instead of content")
        if _FILLER.match(content):
            raise SummaryRejected(f"section {part.title!r} holds a stand-in ({content!r}), not content")
        contents.append(" ".join(content.lower().split()))
    if all(_NOTHING.match(c) for c in contents):
        raise SummaryRejected("every section says there is nothing to tell: a summary of these messages has content")
    if len(set(contents)) == 1:
        raise SummaryRejected("every section holds the same text: each one says its own part of the range")
    return body


def sections_of(body: str, s: Style) -> dict[str, str]:
    """Each part's content, found by its heading (markdown, numbered, bold, or an XML tag as Gemini CLI writes)."""
    titles = {_norm(p.title): p.key for p in s.parts} | {_norm(p.key): p.key for p in s.parts}
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in body.splitlines():
        tag = _TAG.match(line)
        if tag and _norm(tag["key"]) in titles:
            key = titles[_norm(tag["key"])]
            current = None if tag["close"] else found.setdefault(key, [])
            if current is not None and tag["rest"]:
                current.append(tag["rest"].split("</", 1)[0])
            continue
        heading = _heading_key(line, titles)
        if heading is not None:
            current = found.setdefault(heading, [])
            inline = line.split(":", 1)[1] if ":" in line else ""
            if inline.strip(" *"):
                current.append(inline)
            continue
        if current is not None:
            current.append(line)
    return {key: "\n".join(lines).strip() for key, lines in found.items()}


def _heading_key(line: str, titles: dict[str, str]) -> str | None:
    if line.lstrip().startswith(("- ", "* ", "> ")):
        return None  # a list item or a quote, whatever it says
    match = _HEADING.match(line.split(":", 1)[0] + ":" if ":" in line else line)
    if match is None:
        return None
    return titles.get(_norm(match["title"]))


def _norm(title: str) -> str:
    return re.sub(r"[^a-z]+", " ", title.lower().replace("filesystem", "file system")).strip()
