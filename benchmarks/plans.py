"""What each worker process runs for the persistence benchmark: the library's operations and their raw
file I/O baselines, each as a ``Plan`` that checks the library's answers against the corpus.

    persist_file               copy the file with write + fsync (same 1 MiB chunks, same source reads)
    page by line or by chars   open, seek to a byte offset, read 16 KiB, close (a page is ~4-16 KiB)
    grep (whole file)          read the whole file
"""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from mcp_context import Limits, Read, Session, StoreError
from mcp_context.storage.files import FileStore

from .cache import with_cache
from .measure import Plan

SESSION = "bench"
MAX_RESULT_BYTES = 2 * 1024**3  # raised from the 64 MiB default so 1 GiB fits
CHUNK = 1024 * 1024  # what persist_file reads at a time, so the raw copy does the same I/O
RAW_READ = 16 * 1024
PAGE_CHARS = 4000

Params = dict[str, Any]


def _session(params: Params) -> Session:
    limits = Limits(max_result_bytes=MAX_RESULT_BYTES)
    return Session(root=Path(params["store"]), session=SESSION, env={}, limits=limits)


def _rng(params: Params, op: str) -> random.Random:
    # A str seed is stable across processes (hash() is not); each process of a short operation gets its own.
    return random.Random(f"{params['seed']}-{op}-{params.get('process', 0)}")


# baselines -----------------------------------------------------------------------------------------------


def _copy_fsync(source: Path, dest: Path) -> int:
    with open(source, "rb") as src, open(dest, "wb") as out:
        while chunk := src.read(CHUNK):
            out.write(chunk)
        out.flush()
        os.fsync(out.fileno())
        return out.tell()


def raw_write(params: Params) -> Plan:
    dest = Path(params["scratch"]) / "raw-copy"
    return Plan(
        calls=[partial(_copy_fsync, Path(params["file"]), dest)] * params["reps"],
        before_each=lambda: dest.unlink(missing_ok=True),
        check=_sizes_are(params["corpus"]["bytes"]),
    )


def _read_all(path: Path) -> int:
    total = 0
    with open(path, "rb") as f:
        while chunk := f.read(CHUNK):
            total += len(chunk)
    return total


def raw_read(params: Params) -> Plan:
    return Plan(
        calls=[partial(_read_all, Path(params["file"]))] * params["reps"],
        check=_sizes_are(params["corpus"]["bytes"]),
    )


def _seek_read(path: Path, offset: int) -> int:
    with open(path, "rb") as f:
        f.seek(offset)
        return len(f.read(RAW_READ))


def raw_seek(params: Params) -> Plan:
    rng, size = _rng(params, "raw_seek"), params["corpus"]["bytes"]
    offsets = [rng.randrange(max(1, size - RAW_READ)) for _ in range(params["samples"])]
    return Plan(
        calls=[partial(_seek_read, Path(params["file"]), o) for o in offsets],
        warmup=partial(_seek_read, Path(params["file"]), 0),
    )


# the library ---------------------------------------------------------------------------------------------


def _clear(session: Session) -> None:
    try:
        session.delete_session(SESSION)
    except StoreError:
        pass  # nothing stored yet


def persist(params: Params) -> Plan:
    """Each repetition stores into an emptied session, so every call does the full work (no dedup hit)."""
    session, corpus = _session(params), params["corpus"]

    def check(results: list[Any]) -> dict[str, Any]:
        for stored in results:
            meta = stored.meta
            _expect(stored.created, "persist_file reported the content as already stored")
            got = (meta.bytes, meta.chars, meta.lines)
            want = (corpus["bytes"], corpus["chars"], corpus["lines"])
            _expect(got == want, f"persist_file counted (bytes, chars, lines) = {got}, expected {want}")
        meta = results[-1].meta
        return {"handle": meta.handle, "tokens": meta.tokens, "token_method": meta.token_method}

    return Plan(
        calls=[partial(session.persist_file, Path(params["file"]))] * params["reps"],
        before_each=partial(_clear, session),
        check=check,
    )


def _page_lines(params: Params, region: str) -> list[int]:
    """Random line numbers in the first, middle or last percent of the text (leaving a full page at the end)."""
    lines, rng = params["corpus"]["lines"], _rng(params, f"page_{region}")
    span = max(1, lines // 100)
    tail_room = Limits().page_lines
    low = {"start": 1, "middle": lines // 2 - span // 2, "end": lines - tail_room - span}[region]
    low = max(1, min(low, lines))
    return [rng.randint(low, min(lines, low + span)) for _ in range(params["samples"])]


def _page_summary(results: list[Read]) -> dict[str, Any]:
    pages = [r.page for r in results if r.page is not None]
    return {
        "page_lines": statistics.median(p.last_line - p.first_line + 1 for p in pages),
        "page_chars": statistics.median(len(p.text) for p in pages),
    }


def page_by_line(region: str, params: Params) -> Plan:
    session, handle = _session(params), params["handle"]
    starts = _page_lines(params, region)

    def check(results: list[Read]) -> dict[str, Any]:
        for line, read in zip(starts, results, strict=True):
            _expect(read.page is not None and read.page.first_line == line, f"page at line {line} starts elsewhere")
            _expect(bool(read.page and read.page.text), f"empty page at line {line}")
        for line in params["corpus"]["needle_lines"]:  # known content on known lines
            page = session.read_persisted(handle, start_line=line, max_lines=1).page
            _expect(page is not None and params["corpus"]["needle"] in page.text, f"line {line} lost its marker")
        return _page_summary(results)

    return Plan(
        calls=[partial(session.read_persisted, handle, start_line=n) for n in starts],
        warmup=partial(session.read_persisted, handle, start_line=1),
        check=check,
    )


def page_by_chars(params: Params) -> Plan:
    session, handle, rng = _session(params), params["handle"], _rng(params, "page_chars")
    chars = params["corpus"]["chars"]
    offsets = [rng.randrange(max(1, chars - PAGE_CHARS)) for _ in range(params["samples"])]

    def check(results: list[Read]) -> dict[str, Any]:
        for offset, read in zip(offsets, results, strict=True):
            page = read.page
            _expect(page is not None and page.start_offset == offset, f"page at offset {offset} starts elsewhere")
            assert page is not None
            _expect(0 < len(page.text) <= PAGE_CHARS, f"page at offset {offset} holds {len(page.text)} chars")
            # The same characters, reached through the line index instead of the character index.
            by_line = session.read_persisted(
                handle, start_line=page.first_line, max_chars=8 * PAGE_CHARS, max_tokens=Limits().max_page_tokens
            ).page
            assert by_line is not None
            head = offset - by_line.start_offset
            if by_line.end_offset >= page.end_offset:  # else the line is too long to check this way
                same = by_line.text[head : head + len(page.text)] == page.text
                _expect(head >= 0 and same, f"offset {offset}: the line and character indexes disagree")
        return _page_summary(results)

    return Plan(
        calls=[partial(session.read_persisted, handle, offset=o, max_chars=PAGE_CHARS) for o in offsets],
        warmup=partial(session.read_persisted, handle, offset=0, max_chars=PAGE_CHARS),
        check=check,
    )


def _grep_all(session: Session, handle: str, needle: str) -> tuple[int, list[int], list[str]]:
    """A whole-file grep as an agent would do it: follow the cursor until the library says it is done."""
    calls, found, notes, start = 0, [], [], None
    while True:
        read = session.read_persisted(handle, grep=needle, max_matches=5, start_line=start)
        calls += 1
        assert read.grep is not None
        found += [line.line for line in read.grep.lines if line.match]
        notes += read.grep.notes
        if read.next is None:
            return calls, found, notes
        start = read.next["start_line"]


def grep(params: Params) -> Plan:
    session, corpus = _session(params), params["corpus"]

    def check(results: list[tuple[int, list[int], list[str]]]) -> dict[str, Any]:
        for _, found, _ in results:
            want = list(corpus["needle_lines"])
            _expect(found == want, f"grep found the marker on lines {found}, expected {want}")
        return {"grep_calls": max(calls for calls, _, _ in results), "grep_notes": results[-1][2]}

    return Plan(calls=[partial(_grep_all, session, params["handle"], corpus["needle"])] * params["reps"], check=check)


def floor(params: Params) -> Plan:
    """Nothing: the resident set of an interpreter that has imported the project, the floor of every row."""
    return Plan(calls=[partial(_session, params)])


def _corpus_file(params: Params) -> list[Path]:
    return [Path(params["file"])]


def _stored_files(params: Params) -> list[Path]:
    store = _session(params).store
    assert isinstance(store, FileStore)  # the files a cold read must find out of the page cache
    directory = store.root / "sessions" / SESSION / "results"
    return sorted(p for p in directory.iterdir() if p.is_file())


# Each operation, and the files whose cache state is set before each of its timed calls.
OPS: dict[str, tuple[Callable[[Params], Plan], Callable[[Params], list[Path]]]] = {
    "floor": (floor, lambda params: []),
    "raw_write": (raw_write, _corpus_file),
    "persist": (persist, _corpus_file),
    "raw_read": (raw_read, _corpus_file),
    "grep": (grep, _stored_files),
    "raw_seek": (raw_seek, _corpus_file),
    "page_start": (partial(page_by_line, "start"), _stored_files),
    "page_middle": (partial(page_by_line, "middle"), _stored_files),
    "page_end": (partial(page_by_line, "end"), _stored_files),
    "page_chars": (page_by_chars, _stored_files),
}


def build(op: str, params: Params) -> Plan:
    make, inputs = OPS[op]
    return with_cache(make(params), partial(inputs, params), cold=params["cold"])


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(f"wrong answer: {message}")


def _sizes_are(expected: int) -> Callable[[list[int]], dict[str, Any]]:
    def check(sizes: list[int]) -> dict[str, Any]:
        _expect(all(n == expected for n in sizes), f"raw I/O moved {sizes} bytes, expected {expected}")
        return {}

    return check
