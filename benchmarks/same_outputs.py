"""``python -m benchmarks.same_outputs [--base REV] [--sizes 1K,10K]``: whether this tree answers exactly as another
commit does on the compaction benchmark's histories, for a change meant to make the library faster and nothing
else.

The other commit's package is taken out of git (``git archive``, into a temporary folder; the checkout is not
touched) and each tree runs in a process of its own with only its package first on the path. Each runs, on the
same histories (benchmarks/histories.py, the compaction benchmark's seed), in a fresh store: a first compaction
to half the history's count and a re-compaction with one more message decoded afresh, as compaction_measure
does; ``summarize_range`` of the older half; ``check_loop`` of the history's first 200 messages. Each answer is
digested, and so is everything the store holds afterwards (texts, line indexes, states; metadata without its
time of writing, and no journal, which records when each call ran): what differs is named by what it belongs to.
Exit 1 when anything differs.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"1K": 1_000, "10K": 10_000}
#: The journal of what each call did (for the viewer), which records when: left out of the store's digest.
JOURNAL = "journal.json"
#: How much of a history check_loop reads (its tool calls are its events).
LOOP_MESSAGES = 200


def _store_digest(root: Path) -> str:
    """Every file a session holds, by name and content; a result's metadata without its time of writing."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and "sessions" in p.parts):
        if path.name.startswith(JOURNAL):
            continue
        data = path.read_bytes()
        if path.parent.name == "results" and path.suffix == ".json":
            meta = json.loads(data)
            meta.pop("created", None)
            data = json.dumps(meta, sort_keys=True).encode()
        digest.update(str(path.relative_to(root)).encode() + b"\0" + data)
    return digest.hexdigest()


def _plain(value: Any) -> Any:
    """An answer as plain data, whatever its classes are made as (dataclasses in one tree, named tuples or plain
    classes in another): dicts of its fields, all the way down, so two trees' equal answers digest the same."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        value = {f.name: getattr(value, f.name) for f in dataclasses.fields(value)}
    elif isinstance(value, tuple) and hasattr(value, "_asdict"):
        value = value._asdict()
    elif hasattr(value, "__dict__") and not isinstance(value, type) and not callable(value):
        value = {k: v for k, v in vars(value).items() if not k.startswith("_")}
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def _digest(value: Any) -> str:
    """A digest of an answer: its JSON, a preview made when asked for (a function of the answer) made."""
    spelled = json.dumps(value, ensure_ascii=False, sort_keys=True, default=lambda v: v() if callable(v) else str(v))
    return hashlib.sha256(spelled.encode()).hexdigest()


def answers(sizes: list[str], formats: list[str]) -> dict[str, str]:
    """This process's answers on the histories, digested (run in the tree being compared)."""
    from mcp_context import Session

    from .compaction_measure import json_round_trip
    from .histories import Case, Texts, build_history

    texts, out = Texts(random.Random("1-texts")), {}
    for size in sizes:
        for fmt in formats:
            history = build_history(texts, Case(size, fmt, SIZES[size]), 1, extra=2)
            with tempfile.TemporaryDirectory(prefix="same-outputs-") as scratch:
                session = Session(root=Path(scratch), session="bench", env={})
                first = session.compact_history(messages=history.messages, target_tokens=10**12, system=history.system)
                target = first.tokens_before // 2
                name = f"{size} {fmt}"
                session = Session(root=Path(scratch) / "run", session="bench", env={})
                done = session.compact_history(messages=history.messages, target_tokens=target, system=history.system)
                out[f"{name}: first compaction"] = _digest([done.messages, done.tokens_after, done.removed])
                again = json_round_trip(history.messages + history.extra[:1])
                done = session.compact_history(messages=again, target_tokens=target, system=history.system)
                out[f"{name}: re-compaction"] = _digest([done.messages, done.tokens_after, done.removed])
                summary = session.summarize_range(messages=history.messages, start=0, end=len(history.messages) // 2)
                out[f"{name}: summarize_range"] = _digest(_plain(summary))
                check = session.check_loop(messages=history.messages[:LOOP_MESSAGES])
                out[f"{name}: check_loop"] = _digest(_plain(check))
                out[f"{name}: store"] = _store_digest(Path(scratch) / "run")
    return out


def _tree(rev: str, into: Path) -> Path:
    """The package of commit ``rev``, unpacked under ``into``."""
    data = subprocess.run(["git", "archive", rev, "mcp_context"], cwd=ROOT, capture_output=True, check=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as archive:
        archive.extractall(into, filter="data")
    return into


def _run(package_root: Path, sizes: list[str], formats: list[str]) -> dict[str, str]:
    """The answers of the package under ``package_root``, in a process of its own (benchmarks from this tree)."""
    code = (
        "import json, sys; sys.path.append(sys.argv[1]); from benchmarks.same_outputs import answers; "
        "print(json.dumps(answers(sys.argv[2].split(','), sys.argv[3].split(','))))"
    )
    env = {**os.environ, "PYTHONPATH": str(package_root)}
    done = subprocess.run(
        [sys.executable, "-c", code, str(ROOT), ",".join(sizes), ",".join(formats)],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    found: dict[str, str] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.same_outputs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="HEAD", help="the commit to compare with (default HEAD)")
    parser.add_argument("--sizes", default="1K,10K", help=f"history sizes, of {', '.join(SIZES)} (default all)")
    parser.add_argument("--formats", default="openai,anthropic", help="history formats (default openai,anthropic)")
    args = parser.parse_args(argv)
    sizes = [s.strip().upper() for s in args.sizes.split(",") if s.strip()]
    if unknown := [s for s in sizes if s not in SIZES]:
        parser.error(f"--sizes takes {', '.join(SIZES)}; got {', '.join(unknown)}")
    formats = [f.strip() for f in args.formats.split(",") if f.strip()]
    with tempfile.TemporaryDirectory(prefix="same-outputs-base-") as scratch:
        base = _run(_tree(args.base, Path(scratch)), sizes, formats)
    here = _run(ROOT, sizes, formats)
    differ = [what for what in base if base[what] != here.get(what)]
    for what in base:
        print(f"{what}: {'DIFFERS' if what in differ else 'same'}")
    print(f"{len(base) - len(differ)} of {len(base)} outputs the same as {args.base}'s")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
