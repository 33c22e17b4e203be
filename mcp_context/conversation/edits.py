"""Edits recognised by their shape, whatever the tool or argument is called.

Agents write a change in one of a few shapes: a pair of old and new strings (``old_string``/``new_string``,
``old``/``new``, ``before``/``after``, ``find``/``replace``), SEARCH/REPLACE blocks (Aider in its reply, Cline and
Roo in ``replace_in_file``'s ``diff``, Continue in ``diffs``), a patch (Codex ``apply_patch``, a unified diff), or a
whole file written over one whose text the history showed earlier (the change is what differs). Each reader
answers the lines that changed, so a summary can say what the fix was and not only which file it touched."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass

#: ``<<<<<<< SEARCH`` (Aider, Roo) or ``------- SEARCH`` (Cline), the text, ``=======``, the replacement,
#: ``>>>>>>> REPLACE`` or ``+++++++ REPLACE``; conflict markers under other labels (``ORIGINAL``/``UPDATED``,
#: ``HEAD``/a branch) are the same shape. Roo's ``:start_line:`` and ``-------`` lines may follow the first.
_BLOCK = re.compile(
    r"^(?:<{5,9} ?[\w.-]*|-{5,9} ?\w[\w.-]*)[ \t]*\n(?:(?::start_line:|:end_line:)[^\n]*\n)*(?:-{3,}[ \t]*\n)?"
    r"(.*?)^={5,9}[ \t]*\n(.*?)^(?:>{5,9} ?[\w.-]*|\+{5,9} ?\w[\w.-]*)[ \t]*$",
    re.M | re.S,
)
_MARKS = "\n====="
#: The path line an Aider edit block is written under: the last non-fence line before the block's fence.
_FENCE = re.compile(r"^```")
_FENCE_PATH = re.compile(r"^```[\w-]+[ \t]+([\w./-]+\.\w+|[\w.-]*/[\w./-]+)[ \t]*$")
_PATCH_FILE = re.compile(r"^\*\*\* (Add|Update|Delete) File: (.+)$", re.M)
_DIFF_FILE = re.compile(r"^\+\+\+ (?:b/)?(\S+)", re.M)


@dataclass(frozen=True)
class Edit:
    path: str | None
    old: str
    new: str


def blocks(text: str) -> list[tuple[str, str]]:
    """The (search, replace) pairs of the SEARCH/REPLACE blocks in ``text``, or of an instruction written in words
    over two fenced blocks ("replace this code:" a fenced block "with:" another), as agents that hand an edit to a model
    describe it."""
    if "```" in text and _SAID_REPLACE.search(text):
        said = _SAID_PAIR.search(text)
        if said is not None:
            return [(said["old"], said["new"])]
    if _MARKS not in text:
        return []
    return [(m.group(1), m.group(2)) for m in _BLOCK.finditer(text)]


_SAID_REPLACE = re.compile(r"(?i)\b(?:replace|change|substitute)\b")
#: ``Replace this code:`` a fenced block ``with:`` another fenced block.
_SAID_PAIR = re.compile(
    r"(?is)\b(?:replace|change|substitute)\b[^`]{0,80}?```[^\n]*\n(?P<old>.*?)\n?```"
    r"[^`]{0,40}?\b(?:with|to|by|into)\b[^`]{0,20}?```[^\n]*\n(?P<new>.*?)\n?```"
)


def text_edits(text: str) -> list[Edit]:
    """SEARCH/REPLACE blocks written in a message, each with the path on the line above its fence (Aider)."""
    out: list[Edit] = []
    if _MARKS not in text:
        return out
    for match in _BLOCK.finditer(text):
        before = text[: match.start()].rstrip("\n").splitlines()
        path = None
        for line in reversed(before[-3:]):
            stripped = line.strip().strip("`*")
            fence = _FENCE_PATH.match(line.strip())
            if fence is not None:  # ```patch src/app.py: the path on the fence line itself
                path = fence.group(1)
                break
            if stripped and not _FENCE.match(line.strip()) and " " not in stripped:
                path = stripped
                break
        out.append(Edit(path, match.group(1), match.group(2)))
    return out


def patch_files(text: str) -> list[tuple[str, str]]:
    """(path, "write" | "edit") for each file an apply_patch body or a unified diff changes."""
    found = [(p.strip(), "write" if op == "Add" else "edit") for op, p in _PATCH_FILE.findall(text)]
    if not found and text.lstrip().startswith(("--- ", "diff --git")) and "\n@@" in text:
        found = [(p, "edit") for p in _DIFF_FILE.findall(text) if p != "/dev/null"]
    return found


#: A unified diff inside other text (a tool's answer, a fence): its headers, or its first hunk's ``@@`` line.
_DIFF_START = re.compile(r"^(?:--- \S.*\n\+\+\+ \S.*\n)?@@ [-+\d, ]+ @@.*$", re.M)


def diff_shown(text: str) -> tuple[str, str] | None:
    """The removed and added lines of a unified diff that a text shows (``Edited app.py:`` and a fenced diff):
    read from its first hunk to the first line that is no diff line."""
    if "@@" not in text:
        return None
    found = _DIFF_START.search(text)
    if found is None:
        return None
    body = []
    for line in text[found.start() :].splitlines():
        if line.startswith(("--- ", "+++ ", "@@")) or line[:1] in (" ", "+", "-", "\\") or not line:
            body.append(line)
            continue
        break
    return patch_change("\n".join(ln for ln in body if not ln.startswith(("--- ", "+++ "))))


def hunks(text: str) -> bool:
    """Whether ``text`` is diff hunks without file headers (``@@`` lines, then context, ``-`` and ``+`` lines), as
    patch tools that take the path apart from the diff write them."""
    lines = text.lstrip("\n").splitlines()
    if not lines or not lines[0].startswith("@@"):
        return False
    body = [ln for ln in lines if not ln.startswith("@@")]
    return any(ln[:1] in "+-" for ln in body) and all(ln[:1] in " +-\\" or not ln for ln in body)


def added_file(text: str) -> str | None:
    """The text of the one file an apply_patch body adds whole (``*** Add File:``, ``+`` on every line)."""
    heads = _PATCH_FILE.findall(text)
    if [op for op, _ in heads if op != "Delete"] != ["Add"]:
        return None
    at = text.find("*** Add File:")
    body = text[text.find("\n", at) + 1 :].split("\n*** ", 1)[0]
    lines = body.splitlines()
    return "\n".join(ln[1:] for ln in lines) if lines and all(ln.startswith("+") for ln in lines) else None


def patch_change(text: str) -> tuple[str, str] | None:
    """A patch's removed lines and its added lines (context lines left out)."""
    removed = [ln[1:] for ln in text.splitlines() if ln.startswith("-") and not ln.startswith("---")]
    added = [ln[1:] for ln in text.splitlines() if ln.startswith("+") and not ln.startswith("+++")]
    if not removed and not added:
        return None
    return "\n".join(removed), "\n".join(added)


def changed_lines(old: str, new: str) -> tuple[str, str]:
    """The lines that differ, without the context both sides share (an edit often repeats lines around it, a
    whole file written over another shares most of them)."""
    a, b = old.splitlines() or [""], new.splitlines() or [""]
    start = 0
    while start < min(len(a), len(b)) - 1 and a[start] == b[start]:
        start += 1
    end = 0
    while end < min(len(a), len(b)) - start - 1 and a[-1 - end] == b[-1 - end]:
        end += 1
    old_lines, new_lines = a[start : len(a) - end], b[start : len(b) - end]
    if [x.strip() for x in old_lines] == [x.strip() for x in new_lines]:  # only the indentation changed: shown
        return " / ".join(map(_indented, old_lines)), " / ".join(map(_indented, new_lines))
    return " / ".join(x.strip() for x in old_lines), " / ".join(x.strip() for x in new_lines)


def _indented(line: str) -> str:
    """A line with its indentation made visible (a dot a space, an arrow a tab), where only that changed."""
    body = line.lstrip()
    return line[: len(line) - len(body)].replace(" ", "·").replace("\t", "→") + body.rstrip()


def shown_text(result: str, target: str = "") -> str:
    """A file's text as a read tool showed it: line numbers, header lines (naming the file or the lines shown), a
    wrapping tag, a code fence and a closing remark taken off."""
    lines = result.splitlines()
    name = target.rstrip("/").rsplit("/", 1)[-1]
    header = 0
    while header < min(4, len(lines) - 1) and _HEADER.match(lines[header]):
        line = lines[header]
        if not ((name and name in line) or _LINE_COUNT.search(line)):
            break
        header += 1
    lines = lines[header:]
    for _ in range(_PROSE_HEADERS):  # a host's label over a tool's own (``Observed output of ...:``, ``Here's ...``)
        intro = lines[0].startswith(("### ", "Here's the result")) or _HERE_IS.match(lines[0]) if lines else False
        if not (lines and (_PROSE_HEADER.match(lines[0]) or intro)):
            break
        lines = lines[1:]
        # a label and the path it found (``Paths found:`` then the path): the file's text starts below them
        if len(lines) > 2 and name and lines[0].strip().endswith(name) and " " not in lines[0].strip():
            lines = lines[2:] if not lines[1].strip() else lines[1:]
    while lines and (not lines[0].strip() or _FENCE.match(lines[0]) or _TAG_LINE.match(lines[0])):
        lines = lines[1:]
    while lines and (_FENCE.match(lines[-1]) or _TAG_LINE.match(lines[-1]) or _REMARK.match(lines[-1])):
        lines = lines[:-1]
    return unnumbered("\n".join(lines))


_HEADER = re.compile(r"^\S.{0,160}$")  # a short line that starts at the margin
_PROSE_HEADERS = 2
_HERE_IS = re.compile(r"^Here (?:is|are) (?:the )?[\w ]{0,40}(?:content|file|text)\b[^\n]{0,60}:$")
#: A sentence that introduces what follows (``Contents of the file:``): a capitalised word and more words, none of
#: them code. A file's own first line may end in ':' too (YAML's ``jobs:``, Python's ``class A:``) and is kept.
_PROSE_HEADER = re.compile(r"^[A-Z][a-z'’]*(?:[ \t]+[^\s(){}\[\]=;:]+)+:[ \t]*$")
_LINE_COUNT = re.compile(r"\b(?:lines?|total)\b.*\d|\d.*\blines?\b", re.I)
_TAG_LINE = re.compile(r"^\s*</?[A-Za-z_][\w-]*>\s*$")
#: ``(End of file - total 12 lines)``, ``(showing the whole file)``, a blank line: words in brackets; not a line of
#: code in brackets (Lisp's, SMT-LIB's ``(check-sat)``, ``(assert (> n 0))``)
_REMARK = re.compile(r"^\s*(?:\([A-Za-z][^()\n\"'=<>;{}]* [^()\n\"'=<>;{}]*\))?\s*$")
#: A line number as read tools, ``nl`` and ``cat -n`` write it: ``     3\t``, ``00003| ``, ``3: ``, ``   3 | ``,
#: ``     3→``.
_NUMBER = re.compile(r"^ *(\d+)(?:\t| ?[|│:→] ?)")


def unnumbered(text: str) -> str:
    """``text`` without the line numbers a tool put before its lines, when they count up one by one."""
    lines = text.splitlines()
    found = [_NUMBER.match(ln) for ln in lines]
    numbers = [int(m.group(1)) for m in found if m]
    if not numbers or len(numbers) < max(1, len(lines) // 2):
        return text
    if numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return text
    return "\n".join(ln[m.end() :] if m else ln for ln, m in zip(lines, found, strict=True))


#: A line standing for code left out of an edit (``// ... existing code ...``, ``# ...rest unchanged...``).
_ELIDED = re.compile(
    r"^[ \t]*(?://|#|--|/\*|<!--|;|\*)?[ \t]*\.{3}[ \t]*(?:existing|rest|unchanged|remaining|other)\b.*$", re.M | re.I
)


def elided(text: str) -> bool:
    """Whether an edit's new text marks code it leaves out: a part of the file, not its whole text."""
    return _ELIDED.search(text) is not None


def without_elisions(text: str) -> str:
    return "\n".join(ln for ln in text.splitlines() if not _ELIDED.match(ln))


def strings(value: object) -> Iterator[str]:
    """Every string in an argument value, lists and objects walked."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)


#: A file written by a shell here-document: ``cat > PATH <<'EOF'``, ``cat <<EOF > PATH``, ``tee PATH <<EOF``.
_HEREDOC = re.compile(
    r"(?:\bcat\s*>\s*(?P<p1>[^\s<>;&|]+)\s*<<-?\s*(?P<q1>['\"]?)(?P<t1>\w+)(?P=q1)|"
    r"\bcat\s*<<-?\s*(?P<q2>['\"]?)(?P<t2>\w+)(?P=q2)\s*>\s*(?P<p2>[^\s<>;&|]+)|"
    r"\btee\s+(?P<p3>[^\s<>;&|-][^\s<>;&|]*)\s*<<-?\s*(?P<q3>['\"]?)(?P<t3>\w+)(?P=q3))[^\n]*\n"
)
#: ``sed -i 's/old/new/' PATH``, ``perl -pi -e 's/old/new/' PATH``: a substitution made in place.
_SED = re.compile(
    r"\b(?:sed\s+-i(?:\s*''|\.\w+)?|perl\s+-p?i\w*(?:\s+-e)?)\s+(?:-e\s+)?(['\"])s([/|#,])(.+?)\2(.*?)\2g?\1"
    r"\s+([^\s;&|]+)"
)
#: One literal replaced by another in a script: ``p.write_text(p.read_text().replace("a", "b"))``.
#: A literal's text runs to its closing quote, an escaped quote (``\"``) being part of it.
_REPLACE = re.compile(
    r"\.replace\(\s*([rRbB]?)('''|\"\"\"|'|\")((?:\\.|(?!\2).)*?)\2\s*,\s*"
    r"([rRbB]?)('''|\"\"\"|'|\")((?:\\.|(?!\5).)*?)\5",
    re.S,
)
#: A script writing a file whole from one literal: ``open(p, "w").write("...")``, ``Path(p).write_text("...")``,
#: ``fs.writeFileSync(p, "...")``.
_SCRIPT_WRITE = re.compile(
    r"(?:\.write|\.write_text|writeFileSync\([^,\n]+,)\(?\s*([rRbB]?)('''|\"\"\"|'|\")((?:\\.|(?!\2).)*?)\2\s*\)", re.S
)
_SCRIPT_PATH = re.compile(r"(?:Path|open|readFileSync|writeFileSync)\(\s*['\"]([^'\"\n]+)['\"]")


def shell_change(command: str) -> tuple[str, str, str, str] | None:
    """(path, "write" | "edit", old, new) when a command line writes a file whole (a here-document: ``new`` is the
    text, ``old`` empty) or replaces text in one (``sed -i``, a script's literal replace)."""
    found = _HEREDOC.search(command)
    if found is not None:
        tag = found["t1"] or found["t2"] or found["t3"]
        body = command[found.end() :]
        end = re.search(rf"^\s*{re.escape(tag)}\s*$", body, re.M)
        if end is not None:
            return found["p1"] or found["p2"] or found["p3"], "write", "", body[: end.start()].rstrip("\n") + "\n"
    sed = _SED.search(command)
    if sed is not None:
        old, new = (re.sub(r"\\(.)", r"\1", part) for part in (sed.group(3), sed.group(4)))
        return sed.group(5).strip("'\""), "edit", old, new
    return _script_change(command) or _script_change(_unquoted(command))


#: A command that writes what it reads on its standard input to a file whole: ``tee PATH``, ``cat > PATH``,
#: ``dd of=PATH`` (``tee -a`` and ``>>`` append, so the text given is not the file's).
_STDIN_WRITE = re.compile(
    r"^\s*(?:(?:sh|bash)\s+-c\s+)?['\"]?\s*(?:tee\s+(?P<p1>[^\s<>;&|'\"-][^\s<>;&|'\"]*)|"
    r"cat\s*>\s*(?P<p2>[^\s<>;&|'\"]+)|dd\s+(?:\S+\s+)*?of=(?P<p3>[^\s;&|'\"]+)(?:\s+\S+)*?)\s*(?:>\s*/dev/null\s*)?['\"]?\s*$"
)


def stdin_target(command: str) -> str | None:
    """The file a command writes whole from its standard input, or None: an exec tool given the text apart from
    the command line (``{command: ["tee", PATH], stdin: TEXT}``) writes that text to the file."""
    found = _STDIN_WRITE.match(command)
    return None if found is None else (found["p1"] or found["p2"] or found["p3"])


def _script_change(command: str) -> tuple[str, str, str, str] | None:
    """A script's literal replace in a file it names, or its writing of the file whole from one literal."""
    replace = _REPLACE.search(command)
    where = _SCRIPT_PATH.search(command)
    if replace is not None and where is not None:
        old, new = (_literal(replace.group(n), replace.group(n + 2)) for n in (1, 4))
        return where.group(1), "edit", old, new
    whole = _SCRIPT_WRITE.search(command) if where is not None else None
    if whole is not None and where is not None:
        return where.group(1), "write", "", _literal(whole.group(1), whole.group(3))
    return None


def _unquoted(command: str) -> str:
    """A command line's words as the shell hands them to the program (``python3 -c '...'"'"'...'``: the script
    as Python reads it); empty when the line is no list of words the shell would split."""
    if "'" not in command and '"' not in command:
        return ""
    try:
        return "\n".join(shlex.split(command))
    except ValueError:
        return ""


def _literal(prefix: str, body: str) -> str:
    """A string literal's text: a raw one as written, another with its common escapes read."""
    if prefix.lower() == "r":
        return body
    for escaped, plain in (("\\n", "\n"), ("\\t", "\t"), ('\\"', '"'), ("\\'", "'"), ("\\\\", "\\")):
        body = body.replace(escaped, plain)
    return body
