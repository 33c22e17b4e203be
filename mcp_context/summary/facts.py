"""What a user would hate to lose from a run of messages, taken from the messages themselves (no LLM).

The user's words, the files read and changed (paths from the tool arguments), the commands run and how they
went, the errors and what came after them (the agent's words about them and the success that redid the work), the
to-do state, decisions and open items in the agent's own phrasing, and what the agent was doing last. Each fact
keeps the index of the message it came from, so a summary can cite it and the original can be fetched."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..conversation import edits, failures
from ..conversation.model import Block, Message
from . import calls, cuts, reads, redone, textual
from .earlier import Earlier, find
from .quiet import QuietRuns, Retold

Ref = int | None

#: Text blocks a host adds to a user turn (Gemini CLI's session context, Claude Code's reminders): not the user.
_HOST_BLOCKS = ("<session_context>", "<system-reminder>")
#: Shorter assistant texts are narration of the next step, not a statement of the work in hand.
_NARRATION_CHARS = 40
#: A failure counts as fixed by a success of the same work within this many assistant turns.
FIX_WINDOW = 40
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
#: Words that mark a decision taken, or an item left open, in the agent's own phrasing (one pass per text).
_CUES = re.compile(
    r"\b(?:(?P<decided>decided|decision|go(?:ing)? with|went with|settled(?: on)?|opted (?:for|to)|chose|choosing|"
    r"pick(?:ed|ing)|instead of|rather than|in favou?r of|wins|it is(?=;)|(?:should|we'?ll|let'?s|will) use)|"
    r"(?P<open>TODO|still (?:need|needs|have|has|open) to|still open|left to do|left for later|not (?:done )?yet|"
    r"pending|remaining|remains|outstanding|(?:have not|haven'?t) had time|(?:has|have|needs?) to be done|"
    r"someone (?:has|needs) to|comes? next|follow[- ]up))\b",
    re.I,
)
#: A file's name as outputs write it, its directory left off: ``report.py`` in ``File "app/report.py", line 3``.
_FILE_NAME = re.compile(r"([\w.-]+\.[A-Za-z]\w{0,5})\b")
_QUOTED = re.compile(r"`[^`\n]*`|\"[^\"\n]*\"|“[^”\n]*”")
_CHECKBOX = re.compile(r"^\s*[-*]\s*\[( |x|X)\]\s+(.+)$", re.M)
#: `code` or ``code`` (reStructuredText), never the text between two spans or a span that starts with a space.
_BACKTICKS = re.compile(r"(?<!`)(`{1,2})(?![\s`])([^`\n]{2,60}?)(?<![\s`])\1(?!`)")


@dataclass
class Said:
    ref: Ref
    text: str


@dataclass
class FileUse:
    path: str
    refs: dict[str, list[Ref]] = field(default_factory=dict)  # "read" / "write" / "edit" -> messages
    changes: list[tuple[Ref, str]] = field(default_factory=list)  # each edit or write, in short (see calls.change)


@dataclass
class Action:
    ref: Ref
    call: calls.Call
    failed: bool | None  # None: no result in the range
    outcome: str
    #: A failure's file names, from its command and output (``report.py`` for a traceback through it): an edit
    #: of one of them, made before the failing work is run again, is taken as the attempt to fix it.
    mentions: frozenset[str] = frozenset()


@dataclass
class Failure:
    action: Action
    explanation: Said | None = None
    fixed_by: Action | None = None  # the same work done again, successfully
    edits: list[Action] = field(default_factory=list)  # the changes made between the failure and its fix


@dataclass
class Facts:
    said: list[Said] = field(default_factory=list)
    system: list[Said] = field(default_factory=list)
    files: dict[str, FileUse] = field(default_factory=dict)
    actions: list[Action] = field(default_factory=list)
    failures: list[Failure] = field(default_factory=list)
    todos: list[tuple[str, str]] = field(default_factory=list)  # (status, text), the latest full list
    todos_ref: Ref = None
    checklist: list[tuple[Ref, str, str]] = field(default_factory=list)  # (ref, status, text)
    decisions: list[Said] = field(default_factory=list)
    open_items: list[Said] = field(default_factory=list)
    concepts: list[str] = field(default_factory=list)
    concept_refs: dict[str, Ref] = field(default_factory=dict)  # where each term was first named
    tools: Counter[str] = field(default_factory=Counter)
    current: Said | None = None
    answers: list[Said] = field(default_factory=list)  # the last words of each turn the user then followed up
    last_actions: list[Action] = field(default_factory=list)
    earlier: list[Earlier] = field(default_factory=list)
    request: Said | None = None  # the conversation's first request, when it came before the range


def cite(ref: Ref) -> str:
    return f"[#{ref}]" if ref is not None else "[earlier summary]"


def extract(messages: list[Message], before: Sequence[Message] = ()) -> Facts:
    """The facts of ``messages``; ``before`` (the conversation ahead of them) is read only for its first request,
    so that a range starting later does not call its first user message the primary request."""
    facts = _Extraction()
    for message in messages:
        facts.message(message)
    found = facts.finish()
    for message in before:
        text = _words(message) if message.role == "user" else ""
        if text and find(message.index, text) is None:
            found.request = Said(message.index, text)
            break
    return found


class _Extraction:
    def __init__(self) -> None:
        self.facts = Facts()
        self.pending: dict[str, Action] = {}
        self.open: list[_Open] = []  # failures still looking for their fix
        self.terms: Counter[str] = Counter()
        self.shown: dict[str, str] = {}  # path -> its text as the history last showed it (read, written, edited)
        self.heads: dict[str, str] = {}  # path -> its first lines, shown by a read that reached its line limit
        self.runners: set[str] = set()  # tools read by shape that were seen running a command
        self.quiet: QuietRuns[Action] = QuietRuns()  # commands read as passed, until the same work runs again
        self.written: tuple[Ref, Block] | None = None  # a command a reply wrote, until the next turn answers it
        self.as_data = False  # that command was given as data (a call object): the next turn is its answer
        #: a user turn was seen answering a code block as its host does (an exit code, an output's label): the host
        #: runs what replies write, so the turn after each is its output, also one a host writes bare (a file printed)
        self.host_runs = False

    def message(self, message: Message) -> None:
        f, ref = self.facts, message.index
        text = _words(message)
        earlier = find(ref, text) if text else None
        if earlier is not None:
            f.earlier.append(earlier)
            return
        if message.role == "system":
            if text:
                f.system.append(Said(ref, text))
            return
        for block in message.blocks:
            if block.kind == "tool_result":
                self._result(ref, block)
        if text:
            spans = [span for _, span in _BACKTICKS.findall(text)]
            self.terms.update(spans)
            for span in spans:
                f.concept_refs.setdefault(span, ref)
            for status_mark, item in _CHECKBOX.findall(text):
                f.checklist.append((ref, "pending" if status_mark == " " else "done", cuts.cut(item, 200)))
        written, self.written = self.written, None
        if message.role == "user" and written is not None and self._answers(message, text, written):
            return
        if message.role == "user" and text:
            ran = textual.run(text)
            if ran is not None:  # a command and its output, quoted in the user's turn (Aider's /run, /test)
                self._done(self._call(ref, ran[0]), ran[1])
                return
            shown = textual.files_shown(text)
            for path, content in shown:  # files handed over: read, not said
                self._done(self._call(ref, textual.read(path)), content)
            if shown:
                return
            if f.current is not None and (not f.answers or f.answers[-1] is not f.current) and f.said:
                f.answers.append(f.current)  # the turn's final answer: what the user read before writing again
            f.said.append(Said(ref, text))
        if message.role == "assistant":
            self._age_failures()
            said = textual.prose(text) if text and not message.calls else text
            if said:  # the reply's own words: not the blocks it wrote for its host to carry out
                self._assistant_text(ref, said)
            made = [self._call(ref, b) for b in message.calls]
            data = textual.json_calls_written(text) if text and not message.calls else []
            command = data[-1] if data else textual.command_written(text) if text and not message.calls else None
            command = command or (textual.read_written(text) if text and not message.calls else None)
            self.written = (ref, command) if command is not None else None
            self.as_data = bool(data)
            for block in self._written(text) if text else ():  # edits written in the reply (Aider)
                action = self._call(ref, block)
                self._done(action, "")
                made.append(action)
            if made:
                f.last_actions = made

    def _assistant_text(self, ref: Ref, text: str) -> None:
        f = self.facts
        # A few words narrating the next call ("Searching for X.") keep what the agent said it was doing.
        said = Said(ref, text)
        if len(text) >= _NARRATION_CHARS or f.current is None or len(f.current.text) < _NARRATION_CHARS:
            f.current = said
        for waiting in self.open:
            waiting.said.append(said)
        if not _CUES.search(text):
            return
        sentences = [s.strip(" -*") for s in _SENTENCE.split(text)]
        for n, sentence in enumerate(sentences):
            # A cue inside a code span or a quotation (a commit message quoted, say) is not the agent deciding.
            cue = _CUES.search(_QUOTED.sub("", sentence)) if len(sentence) >= 12 else None
            if cue is not None:
                found = f.decisions if cue["decided"] else f.open_items
                # A short decision ("Settled: X.") gives its reason in the sentence after it.
                after = sentences[n + 1] if n + 1 < len(sentences) and len(sentence) < 80 else ""
                found.append(Said(ref, cuts.cut(f"{sentence} {after}".strip(), 300)))

    def _call(self, ref: Ref, block: Block) -> Action:
        call = calls.classify(block)
        self._follow(call)
        self.facts.tools[call.name] += 1
        if call.todos is not None:
            self.facts.todos, self.facts.todos_ref = call.todos, ref
        action = Action(ref, call, None, "no result in this range")
        if block.call_id:
            self.pending[block.call_id] = action
        self.facts.actions.append(action)
        return action

    def _written(self, text: str) -> list[Block]:
        """SEARCH/REPLACE blocks in a reply; else whole files written in it, each under its path, where the
        history showed that file before with other text (a reply that only quotes a file changes nothing)."""
        blocks = textual.edits_written(text)
        if blocks:
            return blocks
        written = [textual.write(path, content) for path, content in textual.files_written(text)]
        return written or [
            textual.write(path, content)
            for path, content in textual.files_shown(text)
            if (known := self._shown(path)) is not None and known.strip() != content.strip()
        ]

    def _answers(self, message: Message, text: str, written: tuple[Ref, Block]) -> bool:
        """Whether a user turn is the answer to the call the reply before it wrote (then carried out here): a turn
        with nothing in it (the call printed nothing), the turn after a call written as a tag or as data, or one
        that reads as a command's output, or any turn after a code block once its host was seen running them."""
        if not text.strip() and not any(block.kind == "tool_result" for block in message.blocks):
            self._done(self._call(*written), "")
            return True
        run = written[1].name in (textual.CODE_BLOCK, textual.SHELL_BLOCK)
        if text and run and textual.answered(text):
            self.host_runs = True
        carried = written[1].name == textual.CALLED or self.as_data or (self.host_runs and run)
        if text and (carried or textual.answered(text)):
            self._done(self._call(*written), textual.answer_body(text))
            return True
        return False

    def _follow(self, call: calls.Call) -> None:
        """Keep each file's text as the history shows it, so that a whole file written over it is told by what
        changed (``x`` -> ``y``), not by its size."""
        path = call.paths[0][0] if call.paths else None
        if path is None or call.kind not in ("write", "edit"):
            return
        known = self._shown(path)
        if call.lines is not None and known is not None and call.replaced:  # lines replaced: their old text
            start, end = call.lines
            new = call.replaced[0][1]
            old = "\n".join(known.splitlines()[start - 1 : end])
            call.replaced, call.change = [(old, new)], calls.short(old, new)
        if call.content is not None:
            head = self._shown(path, self.heads) if known is None else None
            if head is not None:  # only the file's first lines are known: what changed among them is told
                known = head
                written = "\n".join(call.content.splitlines()[: len(head.splitlines())])
            else:
                written = call.content
            if known is not None and known.strip() != written.strip():
                before, after = edits.changed_lines(known, written)
                call.change = f"`{cuts.cut(before, calls.CHANGE_CHARS // 2)}` -> `{cuts.cut(after, 120)}`"
                if head is not None:  # what the file held below its head is not known: the size written is said
                    read, wrote = calls.line_count(head), calls.line_count(call.content)
                    call.change += f" (in the first {read:,} lines read; wrote {wrote:,} lines)"
            elif known is None:  # never shown: the line an open failure names in it says what the fix wrote there
                call.change = self._at_failed_line(path, call.content) or call.change
            self.shown[path] = call.content
        else:
            texts = self.shown if known is not None else self.heads
            known = known if known is not None else self._shown(path, self.heads)
            if known is not None:  # an edit: the text shown (or its head) as it is after it
                for old, new in call.replaced:
                    known = known.replace(old, new, 1) if old else known
                texts[path] = known

    def _at_failed_line(self, path: str, content: str) -> str | None:
        """A whole file written where the history never showed its text, told by its size and the line written
        where the latest open failure places its error in that file (``src/a.sml:4: error: ...``): the fix is most
        often there. None when no open failure names a line of the file."""
        name = re.escape(path.rstrip("/").rsplit("/", 1)[-1])
        lines = content.splitlines()
        for pending in reversed(self.open):
            found = re.search(rf"(?:^|[\s/(\"']){name}:(\d+)\b", pending.failure.action.outcome)
            if found and 0 < int(found[1]) <= len(lines) and lines[int(found[1]) - 1].strip():
                said = cuts.cut(lines[int(found[1]) - 1].strip(), 120)
                return f"wrote {calls.line_count(content):,} lines; line {found[1]}: `{said}`"
        return None

    def _diffed(self, call: calls.Call, result: str) -> None:
        """An edit whose arguments do not hold the change (a second model writes it) but whose result shows it
        as a diff: the change is that diff's removed and added lines."""
        pair = edits.diff_shown(result)
        if pair is None or not call.paths:
            return
        call.change, call.replaced = calls.short(*pair), [pair]
        path = call.paths[0][0]
        known = self._shown(path)
        if known is not None and pair[0] and pair[0] in known:
            self.shown[path] = known.replace(pair[0], pair[1], 1)

    def _ran(self, call: calls.Call, output: str) -> bool:
        """Whether a call read by shape ran its command-like line: its output shows an exit code or the lines only
        a failure prints, or the same tool ran a command before (its passing runs print neither)."""
        if call.name not in self.runners and failures.exit_code(output) is None:
            if not failures.read_command(output, call.runs or "").failed:
                return False
        self.runners.add(call.name)
        return True

    def _shown(self, path: str, texts: dict[str, str] | None = None) -> str | None:
        """The text last shown of ``path`` (in ``texts``: the heads), under its name or a longer or shorter one."""
        texts = self.shown if texts is None else texts
        if path in texts:
            return texts[path]
        tail = "/" + path.lstrip("./")
        return next((t for p, t in texts.items() if p.endswith(tail) or path.endswith("/" + p.lstrip("./"))), None)

    def _done(self, action: Action, output: str) -> None:
        """A call whose result is written in the conversation's text rather than as a tool result."""
        self._result(action.ref, Block(kind="tool_result", text=output), action)

    def _result(self, ref: Ref, block: Block, action: Action | None = None) -> None:
        action = action or self.pending.pop(block.call_id or "", None)
        if action is None:
            return
        call = action.call
        if call.kind == "call" and call.runs is not None and self._ran(call, block.text or ""):
            call.kind, call.target = "command", call.runs
        action.failed, action.outcome = calls.outcome(call, block)
        if call.kind == "read" and not action.failed and call.paths and block.text and not call.partial:
            shown = edits.shown_text(reads.file_text(block.text), call.paths[0][0])
            refused = failures.TOOL_ERROR.match(_NAMED_LABEL.sub("", shown, count=1)) is not None  # not the file
            if not refused:  # the whole file, or its head where the limit was reached (it may go on below)
                texts = self.shown if call.limit is None or shown.count("\n") + 1 < call.limit else self.heads
                texts[call.paths[0][0]] = shown
        if call.kind in ("edit", "write") and not action.failed and not call.replaced and call.content is None:
            self._diffed(call, block.text or "")  # the change told only by the diff the tool answered with
        looked = _SHOWS_FILE.match(call.target) if call.kind == "command" and not action.failed else None
        if looked and block.text:  # ``cat app.py``, ``nl -ba app.py``: the output is the file (numbered or not)
            path = looked["path"] or looked["script"]
            said = failures.unwrapped(block.text)[0]
            said = _ECHOED_STATUS.sub("", said) if "echo" in looked.group() else said
            self.shown[path] = edits.shown_text(_printed(said), path)
        self._quiet(action, block.text or "")
        if action.failed:
            action.mentions = frozenset(_FILE_NAME.findall(f"{call.target}\n{(block.text or '')[:20_000]}"))
            failure = Failure(action)
            self.facts.failures.append(failure)
            self.open.append(_Open(failure))
            return
        for path, use in call.paths:
            self.facts.files.setdefault(path, FileUse(path)).refs.setdefault(use, []).append(action.ref)
            self.facts.files[path].changes.extend([(action.ref, call.change)] if call.change and use != "read" else [])
        output = (block.text or "")[:20_000]
        fixing = [w for w in self.open if _redoes(w, call) or _rebuilt(w, call, output)]
        if call.kind in ("edit", "write") or (call.kind == "command" and not redone.LOOKS.match(call.target)):
            for waiting in self.open:  # a change, or a command that set something up (not one that only looked)
                if waiting not in fixing:
                    waiting.edits.append(action)
        for waiting in fixing:
            waiting.failure.fixed_by = action
            waiting.failure.edits = waiting.edits  # the work was redone: what changed since is the fix
            waiting.close()
            self.open.remove(waiting)

    def _quiet(self, action: Action, output: str) -> None:
        """A change, or a command read as passed: a run of the same work after a change may show an earlier one
        failed (see ``quiet``); it is then told as a failure, fixed by the changes made since."""
        if action.call.kind in ("edit", "write"):
            self.quiet.changed(action)
        elif action.call.kind == "command":
            for retold in self.quiet.ran(action, action.call, output, bool(action.failed)):
                self._retold(retold, action)

    def _retold(self, retold: Retold[Action], fix: Action) -> None:
        earlier = retold.run
        earlier.failed, earlier.outcome = True, cuts.cut(retold.why, calls.FAILURE_CHARS, head=3)
        failure = Failure(earlier, fixed_by=fix, edits=retold.changes)
        at = sum(1 for f in self.facts.failures if (f.action.ref or 0) <= (earlier.ref or 0))
        self.facts.failures.insert(at, failure)

    def _age_failures(self) -> None:
        for waiting in list(self.open):
            waiting.turns += 1
            if waiting.turns > FIX_WINDOW:
                waiting.close()
                self.open.remove(waiting)

    def finish(self) -> Facts:
        for waiting in self.open:
            waiting.close()
        f = self.facts
        f.concepts = [term for term, _ in self.terms.most_common(15)]
        return f


@dataclass
class _Open:
    """A failure, the agent's words since, and how many turns ago it happened."""

    failure: Failure
    said: list[Said] = field(default_factory=list)
    turns: int = 0
    edits: list[Action] = field(default_factory=list)  # edits and writes since the failure

    def close(self) -> None:
        """The explanation: the words that name what failed; else the last before the fix, or the first after.
        Unfixed, the edits kept are those of files the failure named: the rest is other work."""
        if self.failure.fixed_by is None:
            named = self.failure.action.mentions
            self.failure.edits = [e for e in self.edits if any(p.rsplit("/", 1)[-1] in named for p, _ in e.call.paths)]
        if not self.said:
            return
        action = self.failure.action
        wanted = _terms(f"{action.outcome} {action.call.target}")
        scores = [len(wanted & _terms(s.text)) for s in self.said]
        best = max(scores)
        ranked = [s for s, score in zip(self.said, scores, strict=True) if score == best]
        self.failure.explanation = ranked[-1] if self.failure.fixed_by is not None else ranked[0]


def _terms(text: str) -> set[str]:
    return set(re.findall(r"[a-z_]\w{3,}", text.lower()))


#: A command whose output is one file's text: what it shows is what the file holds (``cat``, ``nl -ba``, a script
#: that prints a file it reads whole: ``print(open("a.py").read())``, ``print(Path("a.py").read_text())``).
_SHOWS_FILE = re.compile(
    r"^\s*\(?\s*(?:(?:cd \S+ && )?(?:cat(?: -n)?|sed -n ['\"]?1,\$?\d*p['\"]?|nl -ba)\s+(?P<path>[\w./-]+)|"
    r"print\(\s*(?:open|Path)\(\s*['\"](?P<script>[^'\"\n]+)['\"]\s*\)\.read(?:_text)?\(\)\s*\))\s*\)?"
    # its errors folded in, and its status echoed after it (``cat a 2>&1 || echo "exit code: $?"``)
    r"(?:\s*2>&1)?(?:\s*(?:\|\||;)\s*echo\s+[\"']?exit[ _](?:code|status)[^\n]*)?\s*$"
)
#: A host's label naming the tool over its answer (R2E-Gym's ``Execution output of [file_editor]:``).
_NAMED_LABEL = re.compile(r"\A[^\n\[\]]{0,40}\[[\w.:-]{1,40}\][ \t]*:[ \t]*\n\s*")
#: The status such a command's echo printed last: no line of the file.
_ECHOED_STATUS = re.compile(r"\n?exit[ _](?:code|status):? ?\d+\s*$")
#: A label a host puts over what a command printed (``Observation:``, ``Execution logs:``), alone on its line.
_LABEL_LINE = re.compile(r"^[A-Z][\w ]{0,30}:[ \t]*$")


def _printed(text: str) -> str:
    """What a command printed, without the labels a host wraps it in: up to two label lines over it and, when
    there were any, a label and its one value under it (``Last output from code snippet:`` then ``None``)."""
    lines = text.splitlines()
    top = 0
    while top < min(2, len(lines)) and _LABEL_LINE.match(lines[top]):
        top += 1
    if top == 0:
        return text
    lines = lines[top:]
    if len(lines) >= 2 and _LABEL_LINE.match(lines[-2]) and len(lines[-1]) < 40:
        lines = lines[:-2]
    return "\n".join(lines)


def _redoes(waiting: _Open, done: calls.Call) -> bool:
    """Whether ``done`` does the failed work again (see ``redone``): then it is the failure's fix."""
    failed = waiting.failure.action
    return redone.same_work(failed.call, failed.outcome, done)


def _rebuilt(waiting: _Open, done: calls.Call, output: str) -> bool:
    """A failure on a file fixed by an edit of that file, then a successful build or run that names it again
    (``gcc src/wc.c`` failed; ``src/wc.c`` edited; ``make build/wc`` ran ``gcc ... src/wc.c`` and passed)."""
    if done.kind != "command" or not waiting.edits:
        return False
    named = waiting.failure.action.mentions
    edited = {p.rsplit("/", 1)[-1] for e in waiting.edits for p, _ in e.call.paths} & named
    return any(name in done.target or name in output for name in edited)


def _words(message: Message) -> str:
    """The message's own text: text blocks, without the context a host injects into user turns."""
    parts = [b.text for b in message.blocks if b.kind == "text" and b.text.strip()]
    if message.role == "user":
        parts = [p for p in parts if not p.lstrip().startswith(_HOST_BLOCKS)]
    return "\n\n".join(parts).strip()
