"""The secrets corpus (tests/secret_corpus: synthetic values in the shapes of the public scanners' rule sets, in
the surroundings they turn up in) against the rules, and ordinary source and logs against false positives.
``python -m benchmarks.redaction`` prints the figures; here the dev split must be caught whole and ordinary text
must stay nearly untouched."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from benchmarks.redaction_engines import Case, corpus, count_ours, leaked, ordinary
from mcp_context.redaction import Redactor
from tests.secret_corpus import (
    eighteenth,
    eighth,
    eleventh,
    fifteenth,
    fifth,
    fourteenth,
    nineteenth,
    ninth,
    seventeenth,
    seventh,
    sixteenth,
    sixth,
    tenth,
    thirteenth,
    thirtieth,
    thirtyfirst,
    thirtysecond,
    twelfth,
    twentieth,
    twentyeighth,
    twentyfifth,
    twentyfirst,
    twentyfourth,
    twentyninth,
    twentysecond,
    twentyseventh,
    twentysixth,
    twentythird,
)

ROOT = Path(__file__).resolve().parent.parent
CASES = corpus()
DEV = [c for c in CASES if c.split == "dev"]


def test_the_corpus_is_as_large_as_asked_and_split_by_format() -> None:
    assert len(CASES) >= 200 and len({c.format for c in CASES}) >= 80
    splits: dict[str, set[str]] = {}
    for c in CASES:
        splits.setdefault(c.format, set()).add(c.split)
        assert all(line in c.text or json.dumps(line)[1:-1] in c.text for line in c.secret.splitlines()), c.id
    assert all(len(s) == 1 for s in splits.values()), "a format's cases are all in one split"
    # the first split, by a hash of the format's name (the later held-out parts are formats of their own)
    hashed = {f for f, s in splits.items() if s <= {"dev", "held_out"}}
    held = {f for f in hashed if splits[f] == {"held_out"}}
    assert 0.2 <= len(held) / len(hashed) <= 0.4


def test_the_fifth_part_is_complete_and_is_what_fifth_py_makes() -> None:
    """The fifth held-out part: at least 60 formats of two cases each, none of them in another part, keys among
    them longer than a stream's window, and the corpus file holding exactly what fifth.py makes (what is measured
    is what the module says; ``python -m tests.secret_corpus.make_corpus`` writes it)."""
    part = [c for c in CASES if c.split == fifth.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in fifth.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 60 and len(part) >= 120 and min(formats.values()) >= 2
    assert not formats.keys() & {c.format for c in CASES if c.split != fifth.SPLIT}
    assert sum(len(c.secret.replace("\n", "")) > 4000 for c in part) >= 4


def test_the_sixth_part_is_complete_and_is_what_sixth_py_makes() -> None:
    """The sixth held-out part: at least 50 formats of two cases each, about half of them vendors', none of them in
    another part, each shown in places of its own, and the corpus file holding exactly what sixth.py makes (what is
    measured is what the module says). No test reads how the rules see it: it stays blind."""
    part = [c for c in CASES if c.split == sixth.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in sixth.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 50 and len(part) >= 100 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != sixth.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    vendors = {name for name, source, *_ in sixth.SIXTH if source.startswith(("trufflehog ", "gitleaks trello"))}
    assert 0.4 <= len(vendors) / len(formats) <= 0.6


def test_the_seventh_part_is_complete_and_is_what_seventh_py_makes() -> None:
    """The seventh held-out part: at least 60 formats of two cases each, about four in ten of them vendors', none
    of them in another part, each shown in places of its own, no secret twice, and the corpus file holding exactly
    what seventh.py makes (what is measured is what the module says). No test reads how the rules see it: it stays
    blind."""
    part = [c for c in CASES if c.split == seventh.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in seventh.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 60 and len(part) >= 120 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != seventh.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    assert all(source.startswith(("gitleaks ", "trufflehog ")) for _, source, *_ in seventh.VENDORS)
    assert 0.35 <= len(seventh.VENDORS) / len(formats) <= 0.6


def test_the_eighth_part_is_complete_and_is_what_eighth_py_makes() -> None:
    """The eighth held-out part, as the seventh: at least 60 formats of two cases each, about four in ten of them
    vendors', none of them in another part, each shown in places of its own, no secret twice, and the corpus file
    holding exactly what eighth.py makes. No test reads how the rules see it: it stays blind."""
    part = [c for c in CASES if c.split == eighth.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in eighth.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 60 and len(part) >= 120 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != eighth.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    assert all(source.startswith(("gitleaks ", "trufflehog ")) for _, source, *_ in eighth.VENDORS)
    assert 0.35 <= len(eighth.VENDORS) / len(formats) <= 0.6
    assert set(eighth.SURROUNDINGS) == {where for *_, shown in eighth.EIGHTH for where in shown}


def test_the_ninth_part_is_complete_and_is_what_ninth_py_makes() -> None:
    """The ninth held-out part, as the eighth: at least 60 formats of two cases each, about four in ten of them
    vendors' (gitleaks', trufflehog's and Nosey Parker's rules), none of them in another part, each shown in places
    of its own, no secret twice, and the corpus file holding exactly what ninth.py makes. No test reads how the rules
    see it: it stays blind."""
    part = [c for c in CASES if c.split == ninth.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in ninth.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 60 and len(part) >= 120 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != ninth.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    assert all(source.startswith(("gitleaks ", "trufflehog ", "Nosey Parker ")) for _, source, *_ in ninth.VENDORS)
    assert 0.35 <= len(ninth.VENDORS) / len(formats) <= 0.6
    assert set(ninth.SURROUNDINGS) == {where for *_, shown in ninth.NINTH for where in shown}


def test_the_tenth_part_is_complete_and_is_what_tenth_py_makes() -> None:
    """The tenth held-out part, as the ninth: at least 60 formats of two cases each, over a third of them vendors'
    (trufflehog's detectors, Nosey Parker's rules, GitHub's partner patterns), none of them in another part, each
    shown in places of its own, no secret twice, and the corpus file holding exactly what tenth.py makes. No test
    reads how the rules see it: it stays blind."""
    part = [c for c in CASES if c.split == tenth.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in tenth.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 60 and len(part) >= 120 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != tenth.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    sources = ("trufflehog ", "Nosey Parker ", "GitHub secret scanning ")
    assert all(source.startswith(sources) for _, source, *_ in tenth.VENDORS)
    assert 0.35 <= len(tenth.VENDORS) / len(formats) <= 0.6
    assert set(tenth.SURROUNDINGS) == {where for *_, shown in tenth.TENTH for where in shown}


def test_the_eleventh_part_is_complete_and_is_what_eleventh_py_makes() -> None:
    """The eleventh held-out part, as the tenth: at least 60 formats of two cases each, over a third of them vendors'
    (GitHub's partner patterns), none of them in another part, each shown in places of its own, no secret twice,
    and the corpus file holding exactly what eleventh.py makes. No test reads how the rules see it: it stays blind."""
    part = [c for c in CASES if c.split == eleventh.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in eleventh.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 60 and len(part) >= 120 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != eleventh.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    assert all(source.startswith("GitHub secret scanning ") for _, source, *_ in eleventh.VENDORS)
    assert 0.35 <= len(eleventh.VENDORS) / len(formats) <= 0.6
    assert set(eleventh.SURROUNDINGS) == {where for *_, shown in eleventh.ELEVENTH for where in shown}


@pytest.mark.parametrize(
    ("module", "table", "least"),
    [
        (twelfth, "TWELFTH", 60),
        (thirteenth, "THIRTEENTH", 60),
        (fourteenth, "FOURTEENTH", 50),
    ],
    ids=["twelfth", "thirteenth", "fourteenth"],
)
def test_a_vendor_part_is_complete_and_is_what_its_module_makes(module: Any, table: str, least: int) -> None:
    """The twelfth held-out part and those after it: at least ``least`` formats of two cases each, over a third of
    them vendors' (trufflehog's detectors, of vendors no earlier part has), none of them in another part, each shown
    in places of its own, no secret twice, and the corpus file holding exactly what the part's module makes. No test
    reads how the rules see it: it stays blind."""
    part = [c for c in CASES if c.split == module.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in module.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= least and len(part) >= 2 * least and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != module.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    assert all(source.startswith("trufflehog ") for _, source, *_ in module.VENDORS)
    with open(ROOT / "tests" / "secret_corpus" / "corpus.jsonl", encoding="utf-8") as rows:
        earlier_sources = {row["source"] for row in map(json.loads, rows) if row["split"] != module.SPLIT}
    assert not {source for _, source, *_ in module.VENDORS} & earlier_sources, "vendors no earlier part has"
    assert 0.35 <= len(module.VENDORS) / len(formats) <= 0.6
    assert set(module.SURROUNDINGS) == {where for *_, shown in getattr(module, table) for where in shown}


@pytest.mark.parametrize(
    ("module", "table"),
    [
        (fifteenth, "FIFTEENTH"),
        (sixteenth, "SIXTEENTH"),
        (seventeenth, "SEVENTEENTH"),
        (eighteenth, "EIGHTEENTH"),
        (nineteenth, "NINETEENTH"),
        (twentieth, "TWENTIETH"),
        (twentyfirst, "TWENTYFIRST"),
        (twentysecond, "TWENTYSECOND"),
        (twentythird, "TWENTYTHIRD"),
        (twentyfourth, "TWENTYFOURTH"),
        (twentyfifth, "TWENTYFIFTH"),
        (twentysixth, "TWENTYSIXTH"),
        (twentyseventh, "TWENTYSEVENTH"),
        (twentyeighth, "TWENTYEIGHTH"),
        (twentyninth, "TWENTYNINTH"),
        (thirtieth, "THIRTIETH"),
        (thirtyfirst, "THIRTYFIRST"),
        (thirtysecond, "THIRTYSECOND"),
    ],
    ids=[
        "fifteenth",
        "sixteenth",
        "seventeenth",
        "eighteenth",
        "nineteenth",
        "twentieth",
        "twentyfirst",
        "twentysecond",
        "twentythird",
        "twentyfourth",
        "twentyfifth",
        "twentysixth",
        "twentyseventh",
        "twentyeighth",
        "twentyninth",
        "thirtieth",
        "thirtyfirst",
        "thirtysecond",
    ],
)
def test_a_part_with_long_keys_is_complete_and_is_what_its_module_makes(module: Any, table: str) -> None:
    """The fifteenth held-out part and those after it, as the fourteenth: at least 50 formats of two cases each, over
    a third of them vendors' (trufflehog's detectors, of vendors no earlier part has), none of them in another part,
    each shown in places of its own, no secret twice, keys among them longer than a stream's window, and the corpus
    file holding exactly what the part's module makes. No test reads how the rules see it: it stays blind."""
    part = [c for c in CASES if c.split == module.SPLIT]
    assert [(c.id, c.format, c.text, c.secret) for c in part] == [
        (r["id"], r["format"], r["text"], r["secret"]) for r in module.rows()
    ]
    formats = Counter(c.format for c in part)
    assert len(formats) >= 50 and len(part) >= 100 and min(formats.values()) >= 2
    others = [c for c in CASES if c.split != module.SPLIT]
    assert not formats.keys() & {c.format for c in others}
    assert not {c.shown for c in part} & {c.shown for c in others}
    assert len({c.secret for c in part}) == len(part) and not {c.secret for c in part} & {c.secret for c in others}
    assert sum(len(c.secret) > 4000 for c in part) >= 2
    assert all(source.startswith("trufflehog ") for _, source, *_ in module.VENDORS)
    with open(ROOT / "tests" / "secret_corpus" / "corpus.jsonl", encoding="utf-8") as rows:
        earlier_sources = {row["source"] for row in map(json.loads, rows) if row["split"] != module.SPLIT}
    assert not {source for _, source, *_ in module.VENDORS} & earlier_sources, "vendors no earlier part has"
    assert 0.35 <= len(module.VENDORS) / len(formats) <= 0.6
    assert set(module.SURROUNDINGS) == {where for *_, shown in getattr(module, table) for where in shown}


@pytest.mark.parametrize("case", DEV, ids=[c.id for c in DEV])
def test_every_dev_case_is_caught(case: Case) -> None:
    out = Redactor("s1").text(case.text)
    assert not leaked(out, case.secret, case.text), out
    assert out.count("\n") == case.text.count("\n")


def test_the_scoring_sees_a_partial_leak() -> None:
    secret = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789"
    assert leaked(f"x {secret[:20]}[secret:k:0000]", secret)
    assert not leaked("x [secret:k:0000] y", secret)
    assert leaked("short pw9 here", "pw9") and not leaked("short [s] here", "pw9")
    key, cert = "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVkt", "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0t"  # both begin "-----BEGI"
    text = f"tls.crt: {cert}\ntls.key: {key}\n"
    assert not leaked(f"tls.crt: {cert}\ntls.key: [secret:k:0000]\n", key, text)  # the shared run is public
    assert leaked(f"tls.crt: {cert}\ntls.key: {key[:20]}[secret:k:0000]\n", key, text)


@pytest.mark.slow
def test_ordinary_source_and_logs_stay_untouched() -> None:
    """Source of the standard library, this machine's package logs, the recorded host transcripts: at most one
    redaction per 10 MB (the goal), each shown when it fails."""
    found, size = [], 0
    redactor = Redactor("s1")
    for name, text in ordinary(10 * 1024 * 1024):
        size += len(text.encode())
        out = redactor.text(text)
        if out is not text and count_ours(text, out):
            found += [f"{name}: {m.group()}" for m in re.finditer(r".{0,60}\[secret:[a-z_]+:[0-9a-f]{4}\]", out)]
    assert size > 9_000_000
    assert len(found) <= size / 1e7, found


#: A blind part whose texts the rules of its capture redact differently the second time (or inside a JSON string):
#: a fault of the rules the part found, left for whoever writes rules from it. Which case fails is not read here, so
#: the part stays blind; strict, so the mark has to go once the rules are fixed.
NOT_YET_IDEMPOTENT: dict[str, str] = {}


@pytest.mark.parametrize(
    "split",
    [
        pytest.param(s, marks=pytest.mark.xfail(strict=True, reason=NOT_YET_IDEMPOTENT[s]))
        if s in NOT_YET_IDEMPOTENT
        else s
        for s in sorted({c.split for c in CASES})
    ],
)
def test_redacting_again_changes_nothing_even_as_json(split: str) -> None:
    """What is stored redacted may be redacted again, as it is or as JSON text (an archive's lines): no rule
    may take a placeholder, or a JSON escape (``\\n``) next to one, for a secret; and a text given inside a JSON
    string is redacted as the text itself is. Every case of the split, each named when it fails (one test per
    case would cost the fast suite more in its own upkeep than in redacting)."""
    redactor = Redactor("s1")
    for case in (c for c in CASES if c.split == split):
        once = redactor.text(case.text)
        assert redactor.text(once) == once, case.id
        spelled = json.dumps({"content": once})
        assert redactor.text(spelled) == spelled, case.id
        # the same secret gets the same placeholder, and the text the same lines, as plain text and in a JSON string
        assert json.loads(redactor.text(json.dumps({"content": case.text})))["content"] == once, case.id


@pytest.mark.slow  # compiling every rule in prefilter mode takes seconds
def test_hyperscan_compiles_every_rule_and_finds_what_ours_finds() -> None:
    """The engine measured beside ours (benchmarks/redaction_engines.py, the bench extra) takes every rule's
    pattern; one it could not compile would stop the benchmark. Skipped where hyperscan is not installed."""
    pytest.importorskip("hyperscan")
    from benchmarks.redaction_engines import Hyperscan

    engine = Hyperscan()
    for case in DEV[:20]:
        assert not leaked(engine.redact(case.text), case.secret, case.text), case.id
