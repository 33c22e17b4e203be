"""Writes ``corpus.jsonl``: every credential format of ``formats.py`` in the surroundings it turns up in, one
case a line ``{"id", "format", "source", "split", "shown", "text", "secret"}``; ``secret`` is the part of
``text`` that must not be stored (a PEM block's body, a URL's password as the URL spells it).

The split was fixed before any redaction rule was written against the corpus: about three formats in ten (by a
hash of the format's name) are ``held_out``, their cases never looked at while rules were written, so that the
held-out recall tells what the rules catch of formats they were not written for. Those were looked at since; a second
held-out part (``held_out_new``, fresh.py: formats and surroundings none of the first has) was captured before
the rules were made general, and is never to be looked at while writing them; third.py, fourth.py, fifth.py,
sixth.py, seventh.py, eighth.py, ninth.py, tenth.py, eleventh.py, twelfth.py, thirteenth.py, fourteenth.py,
fifteenth.py, sixteenth.py, seventeenth.py, eighteenth.py, nineteenth.py, twentieth.py, twentyfirst.py,
twentysecond.py, twentythird.py, twentyfourth.py, twentyfifth.py, twentysixth.py, twentyseventh.py,
twentyeighth.py, twentyninth.py, thirtieth.py, thirtyfirst.py and thirtysecond.py hold the parts captured after each
round of rules. Run from the repository root: ``python -m tests.secret_corpus.make_corpus`` (seeded: the same file
every time)."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from . import (
    eighteenth,
    eighth,
    eleventh,
    fifteenth,
    fifth,
    fourteenth,
    fourth,
    fresh,
    nineteenth,
    ninth,
    seventeenth,
    seventh,
    sixteenth,
    sixth,
    tenth,
    third,
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
from .first_shown import DEFAULT_SHOWN, SCHEMES, SURROUNDINGS
from .formats import FORMATS, Format

OUT = Path(__file__).with_name("corpus.jsonl")
SEED = 32
HELD_OUT_IN_TEN = 3


def split_of(name: str) -> str:
    return "held_out" if hashlib.blake2b(name.encode()).digest()[0] % 10 < HELD_OUT_IN_TEN else "dev"


def cases(fmt: Format, rng: random.Random) -> list[dict[str, str]]:
    out = []
    for shown in fmt.shown or DEFAULT_SHOWN:
        value = fmt.make(rng)
        scheme = SCHEMES.get(shown, "")
        text, secret = SURROUNDINGS[shown](rng, fmt.var, scheme + value)
        if scheme:
            secret = value
        assert all(line in text for line in secret.splitlines()), (fmt.name, shown)
        out.append({"format": fmt.name, "source": fmt.source, "shown": shown, "text": text, "secret": secret})
    return out


def main() -> None:
    rng = random.Random(SEED)
    rows = []
    for fmt in FORMATS:
        for n, case in enumerate(cases(fmt, rng)):
            rows.append({"id": f"{fmt.name}/{n}", "split": split_of(fmt.name), **case})
    rows += fresh.rows()
    rows += third.rows()
    rows += fourth.rows()
    rows += fifth.rows()
    rows += sixth.rows()
    rows += seventh.rows()
    rows += eighth.rows()
    rows += ninth.rows()
    rows += tenth.rows()
    rows += eleventh.rows()
    rows += twelfth.rows()
    rows += thirteenth.rows()
    rows += fourteenth.rows()
    rows += fifteenth.rows()
    rows += sixteenth.rows()
    rows += seventeenth.rows()
    rows += eighteenth.rows()
    rows += nineteenth.rows()
    rows += twentieth.rows()
    rows += twentyfirst.rows()
    rows += twentysecond.rows()
    rows += twentythird.rows()
    rows += twentyfourth.rows()
    rows += twentyfifth.rows()
    rows += twentysixth.rows()
    rows += twentyseventh.rows()
    rows += twentyeighth.rows()
    rows += twentyninth.rows()
    rows += thirtieth.rows()
    rows += thirtyfirst.rows()
    rows += thirtysecond.rows()
    with open(OUT, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    formats = {r["format"] for r in rows}
    parts = (
        fresh,
        third,
        fourth,
        fifth,
        sixth,
        seventh,
        eighth,
        ninth,
        tenth,
        eleventh,
        twelfth,
        thirteenth,
        fourteenth,
        fifteenth,
        sixteenth,
        seventeenth,
        eighteenth,
        nineteenth,
        twentieth,
        twentyfirst,
        twentysecond,
        twentythird,
        twentyfourth,
        twentyfifth,
        twentysixth,
        twentyseventh,
        twentyeighth,
        twentyninth,
        thirtieth,
        thirtyfirst,
        thirtysecond,
    )
    for split in ("held_out", *(part.SPLIT for part in parts)):
        held = {r["format"] for r in rows if r["split"] == split}
        print(f"{split}: {len(held)} formats, {sum(r['split'] == split for r in rows)} cases")
    print(f"{len(rows)} cases, {len(formats)} formats")


if __name__ == "__main__":
    main()
