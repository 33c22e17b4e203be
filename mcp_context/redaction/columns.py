"""Credentials in a column: a header line names a secret's column (``password``, ``api_token``), and every row
after it holds one in that column. Comma-, semicolon- and tab-separated files (a browser's password export, a
database's CSV dump) and the tables tools print with bars (psql's and mysql's results, Markdown, ASCII tables).

The header may stand lines, or a stream's windows, before a row, so no pattern can take a row on its own: the
header is found at its secret word's anchor (or, for a table of bars, at its separator line's) and the rows are
walked in Python, each judged alone against the header (its number of cells), to the first line that is no row. A
stream's window whose table runs on past its cut hands the table to the next window (see Carry), which walks on
from its first whole line, so a row is taken the same whether its header is in its window or not. Each match
spans its row from the row's start to the value's end (what is replaced is the value alone), so no window is cut
between a row's start and its value."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from typing import Any

from .compiled import pattern, spelled_for
from .generic import password_name, secret_name
from .values import password_like, plausible_value, random_run, random_signs

#: A header's secret word ending its cell (before a separator, a quote, the line's end or a JSON escape), where a
#: row of separated values may stand: its header is read from the line's start. The word alone stands all over
#: prose and logs ("token heartbeat"), each a try.
CSV_ANCHORS = tuple(
    word + end
    for word in ("password", "passwd", "pwd", "pass", "secret", "token", "credentials", "passphrase", "key")
    for end in (",", ";", "\t", '"', "\n", "\r", "\\")
)
#: A table's separator line (``----+----``, ``+----+----+``, ``|---|:--|``): its header is the line above. Not
#: ``|--`` nor ``+--``: a tree's branches (``|-- src``) stand every line of a listing.
BAR_ANCHORS = ("-+-", "|---", "| ---", "|:--", "| :--")
#: How long a line (a header's, a row's) is read for.
_LINE_MOST = 4096
#: The most cells a header has, and how long one of its names is.
_CELLS_MOST = 64
_HEADER_CELL = r"[A-Za-z_][A-Za-z0-9_.\-]{0,47}(?: [A-Za-z0-9_.\-]{1,24}){0,3}"
#: A header's cell around its secret word: the cell's start (the line's, a separator, a quote) before it, its end
#: after, within a name's length. Checked on the few characters around the word before its line is looked for.
_AROUND = 64
#: The characters a header line is made of: names, separators, quotes (escaped in a JSON string).
_HEADER_LINE = r"[A-Za-z0-9 _.\-,;\t\"'\\]{3,4096}"
_CELL_AFTER = r"[A-Za-z0-9_.\-]{0,48}+(?:\\?[\"'])?(?:[,;\t\r\n]|\\[nt]|\Z)"
_SEPARATOR_LINE = r"[ \t]{0,8}[-=:+| \t]{3,}"
_PLACED = r"\[secret:[a-z_]+:[0-9a-f]{4}\]"
_RANDOM = r"[A-Za-z0-9]{10,}"
#: A table's closing lines, which end its rows: psql's ``(2 rows)``, mysql's border and ``2 rows in set``.
_TABLE_END = r"[ \t]*(?:\(\d+ rows?\)|[-+=]{3,}[-+= ]*|\d+ rows? in set.*)[ \t]*"


class Open:
    """What a walk leaves open at a window's cut (a table, an SQL statement's rows; see Carry): where it started,
    and whether the next window can walk on from the cut. A plain class, not a Protocol: this module is loaded by
    every process that redacts (a host's hook among them), and making a Protocol costs milliseconds."""

    at: int

    def shifted(self, by: int) -> Open:
        raise NotImplementedError

    def resumes(self, end: int) -> bool:
        raise NotImplementedError


class Table(Open):
    """A header that names a secret's columns: how its rows are split (``sep``, the quote, the line break as the
    text spells it), how many cells a row has, which of them hold a secret and whether a password's."""

    def __init__(self, sep: str, quote: str, newline: str, cells: int, secret: dict[int, bool], at: int) -> None:
        self.sep = sep
        self.quote = quote
        self.newline = newline
        self.cells = cells
        self.secret = secret
        #: Where the header line starts in the text it was found in.
        self.at = at

    def shifted(self, by: int) -> Table:
        return Table(self.sep, self.quote, self.newline, self.cells, self.secret, self.at - by)

    def resumes(self, end: int) -> bool:
        """Whether the next window can walk on from ``end``: from any whole line, a table can."""
        return True


class Carry:
    """A stream's tables left open at a window's end, handed to the next window (see the module). ``last``: the
    window is the stream's last, whose final line is a whole one."""

    def __init__(self) -> None:
        self.open: list[Open] = []
        #: What was walked in the window being redacted, and where each walk stopped (None: at the window's end).
        self.walked: list[tuple[Open, int | None]] = []
        self.last = False

    def cut(self, end: int) -> None:
        """The window was given out up to ``end`` and the next starts at ``end - kept``: the walks whose rows
        run on past ``end``, and whose header stood before it (a later one is found again), stay open."""
        self.open = [t for t, stop in self.walked if (stop is None or stop >= end) and t.at < end and t.resumes(end)]
        self.walked = []

    def moved(self, by: int) -> None:
        """The next window starts ``by`` characters into this one."""
        self.open = [t.shifted(by) for t in self.open]


def _line(text: str | bytes, at: int) -> tuple[int, int, str] | None:
    """The line around ``at``: where it starts and ends, and how the text breaks its lines (``\n``, or ``\\n``
    in a JSON string); None for a line longer than _LINE_MOST. Found in the text as it is (a stream's bytes), with
    nothing copied."""
    nl, escaped_nl, cr = ("\n", "\\n", "\r") if isinstance(text, str) else (b"\n", b"\\n", b"\r")
    low, high = max(0, at - _LINE_MOST), min(len(text), at + _LINE_MOST)
    real, escaped = text.rfind(nl, low, at), text.rfind(escaped_nl, low, at)  # type: ignore[arg-type]
    start = max(real + 1, escaped + 2 if escaped >= 0 else low)
    if real < 0 and escaped < 0 and low > 0:
        return None
    real_end, escaped_end = text.find(nl, at, high), text.find(escaped_nl, at, high)  # type: ignore[arg-type]
    ends = [e for e in (real_end, escaped_end) if e >= 0]
    end = min(ends) if ends else high
    if not ends and high < len(text):
        return None
    newline = "\\n" if escaped_end == end or (escaped >= 0 and escaped + 2 == start) else "\n"
    if end > start and text[end - 1 : end] == cr:
        end -= 1
    return start, end, newline


_BARE_QUOTE = r'(?<!\\)"'


def _in_string(line: str, newline: str, header: bool) -> tuple[int, str]:
    """The part of a line of a JSON string (its lines broken by ``\\n``) inside the string: a header's after the
    quote that opens the string (``{"out": "name,password``), a row's before the one that closes it; where that
    part starts in the line."""
    if newline != "\\n":
        return 0, line
    quotes = [m.start() for m in pattern(_BARE_QUOTE).finditer(line)]
    if not quotes:
        return 0, line
    if header:
        return quotes[-1] + 1, line[quotes[-1] + 1 :]
    return 0, line[: quotes[0]]


def _str(part: str | bytes) -> str:
    """Bytes as one character each (positions kept); a text as it is."""
    return part.decode("latin-1") if isinstance(part, bytes) else part


def _split(line: str, sep: str, quote: str) -> list[tuple[int, int]] | None:
    """Each cell's span in ``line`` (inside its quotes, where quoted); None where a quote is left open."""
    spans: list[tuple[int, int]] = []
    i, n = 0, len(line)
    while True:
        if quote and line.startswith(quote, i):
            j = i + len(quote)
            while True:
                k = line.find(quote, j)
                if k < 0:
                    return None
                if line.startswith(quote + quote, k):  # a quote doubled inside the cell
                    j = k + 2 * len(quote)
                    continue
                break
            spans.append((i + len(quote), k))
            i = k + len(quote)
            if i < n and not line.startswith(sep, i):
                return None
        else:
            k = line.find(sep, i)
            spans.append((i, n if k < 0 else k))
            i = n if k < 0 else k
        if i >= n or len(spans) > _CELLS_MOST:
            return spans
        i += len(sep)
        if i == n:
            spans.append((n, n))
            return spans


def _csv_header(line: str) -> tuple[str, str, list[str]] | None:
    """A header of separated names: its separator, its quote and its names."""
    if pattern(_HEADER_LINE).fullmatch(line) is None:
        return None  # a sign no header holds (a log's ``=``, ``:``, a sentence's ``.`` after a word and a space)
    for sep in (",", ";", "\t", "\\t"):
        if sep not in line:
            continue
        for quote in ('"', '\\"', ""):
            spans = _split(line, sep, quote)
            if spans is None or len(spans) < 2:
                continue
            names = [line[a:b] for a, b in spans]
            if all(pattern(_HEADER_CELL).fullmatch(c) for c in names):
                return sep, quote, names
    return None


def named(names: list[str]) -> dict[int, bool]:
    """The cells that name a secret, each with whether it is a password's (a placeholder's words name none)."""
    return {i: password_name(c) for i, c in enumerate(names) if secret_name(pattern(_PLACED).sub(" ", c))}


def _bar_cells(line: str) -> list[tuple[int, int]]:
    """A row's cells between bars (``| a | b |``, `` a | b``), each stripped of white space and backticks."""
    stripped = line.rstrip()
    lead = len(line) - len(line.lstrip())
    start = lead + 1 if line[lead : lead + 1] == "|" else lead
    end = len(stripped) - 1 if stripped.endswith("|") and len(stripped) - 1 >= start else len(stripped)
    spans, at = [], start
    for cell in line[start:end].split("|"):
        a, b = at, at + len(cell)
        while a < b and line[a] in " \t`":
            a += 1
        while b > a and line[b - 1] in " \t`":
            b -= 1
        spans.append((a, b))
        at += len(cell) + 1
    return spans


def value_is_secret(value: str, password: bool) -> bool:
    """A cell's value under a secret's column: a password made as one, or a random value (a cell is text of any
    kind: ``(hidden)``, a note, a word)."""
    if not value or not plausible_value(value, password):
        return False
    return (
        (password and password_like(value, quoted=True))
        or any(random_run(r, 10) for r in pattern(_RANDOM).findall(value))
        or random_signs(value)
    )


@functools.lru_cache(maxsize=512)
def _lead(n: int, data: bool) -> re.Pattern[Any]:
    """A pattern whose match from a row's start spans the row to a value ``n`` characters in, and whose group
    ``secret`` is the value (up to where the match is bounded)."""
    spelled = r"(?s).{" + str(n) + r"}(?P<secret>.+)"
    return re.compile(spelled.encode() if data else spelled)


def spanning(text: str | bytes, row: int, start: int, end: int) -> re.Match[Any] | None:
    """A match from ``row`` to ``end`` whose group ``secret`` is ``text[start:end]``: what a finder yields. A value
    never takes the backslashes it ends on: in a text inside JSON strings they begin the escape after it (``\\n``
    read as a line's end leaves its first backslash on the cell), and replacing them would break the escape."""
    while end > start and text[end - 1 : end] in ("\\", b"\\"):
        end -= 1
    return _lead(start - row, isinstance(text, bytes)).match(text, row, end) if end > start else None


def _next_line(text: str | bytes, end: int, newline: str) -> int:
    """Where the line after the one ending at ``end`` (before its ``\\r``, if any) starts."""
    return end + len(newline) + (1 if text[end : end + 1] in ("\r", b"\r") else 0)


def row_secrets(
    text: str | bytes, row: int, read: str, spans: list[tuple[int, int]], secret: dict[int, bool]
) -> Iterator[re.Match[Any]]:
    """The matches of a row's cells that hold a secret: ``read`` is the row's text from ``row`` on, ``spans`` its
    cells' there, ``secret`` the columns that name one (and whether a password's)."""
    for k, password in secret.items():
        a, b = spans[k]
        if value_is_secret(read[a:b], password):
            match = spanning(text, row, row + a, row + b)
            if match is not None:
                yield match


def _rows(text: str | bytes, table: Table, at: int, carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of the rows from the line starting at ``at`` on, to the first line that is no row; where the
    walk stopped is put in ``carry``."""
    n, newline = len(text), table.newline
    stop: int | None = None
    while at < n:
        found = _line(text, at)
        if found is None:
            stop = at
            break
        start, end, _ = found
        if end >= n and carry is not None and not carry.last:
            break  # the window's last line may run on: the next window judges it whole
        shift, line = _in_string(_str(text[start:end]), newline, False)
        start += shift
        if table.sep == "|":
            spans = _bar_cells(line) if "|" in line and pattern(_TABLE_END).fullmatch(line) is None else None
        else:
            spans = _split(line, table.sep, table.quote) if line.strip() else None
        if spans is None or len(spans) != table.cells:
            stop = start
            break
        yield from row_secrets(text, start, line, spans, table.secret)
        at = _next_line(text, end, newline)
    if carry is not None:
        carry.walked.append((table, stop))


_NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 _.-"
_NAME_BYTES = _NAME_CHARS.encode()


def _cell_starts(text: str | bytes, at: int) -> bool:
    """Whether a cell starts within a name's length before ``at``: after the line's start, a separator, a quote or
    a JSON escape (``\\n``, ``\\t``)."""
    low = max(0, at - _AROUND)
    before = text[low:at]
    rest = before.rstrip(_NAME_CHARS) if isinstance(before, str) else before.rstrip(_NAME_BYTES)
    if len(before) - len(rest) > 48:
        return False
    if not rest:
        return low == 0
    last = rest[-1:]
    if last in ("\\", b"\\"):
        return before[len(rest) : len(rest) + 1] in ("n", "t", b"n", b"t")
    return last in (",", ";", "\t", '"', "\n", b",", b";", b"\t", b'"', b"\n")


def csv_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of separated values under a header naming their column, found at the header's secret words."""
    seen: set[int] = set()
    for at in sorted({i for places in standing for i in places}):
        if pattern(spelled_for(_CELL_AFTER, text)).match(text, at, at + _AROUND) is None or not _cell_starts(text, at):
            continue  # the word stands in no cell of its own: a sentence, code, a log's ``tokens: 12``
        found = _line(text, at)
        if found is None or found[0] in seen:
            continue
        start, end, newline = found
        seen.add(start)
        header = _csv_header(_in_string(_str(text[start:end]), newline, True)[1])
        if header is None:
            continue
        sep, quote, names = header
        secret = named(names)
        if not secret:
            continue
        table = Table(sep, quote, newline, len(names), secret, start)
        yield from _rows(text, table, _next_line(text, end, newline), carry)
    yield from _carried(text, carry, "csv")


def _lines_at(text: str | bytes, standing: list[list[int]]) -> Iterator[tuple[int, int, int, str]]:
    """Each line an anchor stands in, once (the first anchor in it, the line's start and end, its line break)."""
    seen: set[int] = set()
    for at in sorted({i for places in standing for i in places}):
        found = _line(text, at)
        if found is None or found[0] in seen:
            continue
        seen.add(found[0])
        yield at, *found


def bar_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of a table drawn with bars under a header naming their column, found at its separator line."""
    for _, start, end, newline in _lines_at(text, standing):
        if pattern(_SEPARATOR_LINE).fullmatch(_str(text[start:end])) is None or start == 0:
            continue
        above = _line(text, start - len(newline) - 1)
        if above is None:
            continue
        header = pattern(_PLACED).sub(" ", _in_string(_str(text[above[0] : above[1]]), newline, True)[1])
        if "|" not in header:
            continue
        names = [header[a:b] for a, b in _bar_cells(header)]
        secret = named(names)
        if not secret:
            continue
        table = Table("|", "", newline, len(names), secret, above[0])
        yield from _rows(text, table, _next_line(text, end, newline), carry)
    yield from _carried(text, carry, "bar")


#: A query whose rows are printed without a header (sqlite3's list mode, ``psql -At``, ``mysql -NB``): its select
#: list, on the line the command stands on, names the columns; the rows follow on the next lines, split by ``|`` or a
#: tab. A stream's later windows walk them on as a header's rows (see _carried).
QUERY_ANCHORS = ("select ",)
_QUERY = r"(?i:select)[ \t]+(?P<columns>[A-Za-z0-9_.`\[\], \t]{1,1024}?)[ \t]+(?i:from)[ \t]"
_ALIAS = r"(?i:[ \t]as[ \t]+)"


def query_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The secrets of the rows a query printed without a header, under the columns its select list names."""
    for at, start, end, newline in _lines_at(text, standing):
        query = pattern(_QUERY).search(_str(text[at:end]))
        if query is None or end >= len(text):
            continue
        names = [re.split(_ALIAS, c)[-1].strip(" \t`[]").rsplit(".", 1)[-1] for c in query["columns"].split(",")]
        secret = named(names)
        following = _next_line(text, end, newline)
        first = _line(text, following)
        if not secret or first is None:
            continue
        row = _str(text[first[0] : first[1]])
        tab = "\\t" if newline == "\\n" else "\t"  # a tab as the text spells it (a JSON string's escape)
        sep = "|" if "|" in row else tab if tab in row else None
        if sep is not None:
            yield from _rows(text, Table(sep, "", newline, len(names), secret, start), following, carry)


def _carried(text: str | bytes, carry: Carry | None, kind: str) -> Iterator[re.Match[Any]]:
    """The rows of the tables an earlier window left open, walked from this window's first whole line."""
    if carry is None:
        return
    for table in [t for t in carry.open if isinstance(t, Table) and (t.sep == "|") == (kind == "bar")]:
        first = _line(text, 0)
        if first is None:
            continue
        yield from _rows(text, table, _next_line(text, first[1], table.newline), carry)


#: tshark's fields (``tshark -T fields -e ip.src -e http.authbasic``), printed a packet a line, split by tabs, with
#: no header: the command's ``-e`` flags name the columns, and a field that carries credentials holds one in every
#: row (HTTP's basic auth decoded, ``user:password``; an Authorization header's value), as does one a secret's name
#: names (``-e pgsql.password``). Walked on as a header's rows, in a stream's later windows too.
FIELDS_ANCHORS = ("-T fields", "-Tfields")
_FIELD = r"(?<=[ \t])-e[ \t]{1,4}(?P<name>[A-Za-z0-9_.\-]{1,64})"
#: Fields of tshark's dissectors that hold a credential whatever their names say.
_CREDENTIAL_FIELDS = ("http.authbasic", "http.authorization", "http.proxy_authorization", "ldap.simple")


def fields_rows(text: str | bytes, standing: list[list[int]], carry: Carry | None) -> Iterator[re.Match[Any]]:
    """The credentials of the rows tshark printed under the fields its command line names."""
    for _, start, end, newline in _lines_at(text, standing):
        line = pattern(_PLACED).sub(" ", _str(text[start:end]))
        names = [m["name"] for m in pattern(_FIELD).finditer(line)]
        secret = named(names) | {i: True for i, name in enumerate(names) if name in _CREDENTIAL_FIELDS}
        following = _next_line(text, end, newline)
        if not secret or end >= len(text) or _line(text, following) is None:
            continue
        tab = "\\t" if newline == "\\n" else "\t"  # a tab as the text spells it (a JSON string's escape)
        yield from _rows(text, Table(tab, "", newline, len(names), secret, start), following, carry)
