"""Real failures of many ecosystems (``tests/outputs/ecosystems``, captured by ``capture.py ecosystems``), each
with its success twin and a hand-written truth file, and many agent dialects (``tests/dialects``): every failure
is read as failed with the line that says why, no twin is, and every agent's fix is told with what it changed.

The held-out parts (``benchmarks/fidelity_split.json``) are measured by ``benchmarks.fidelity``. The third and
fourth are checked here for completeness, and no success twin of theirs may read as failed; their failures are not
asserted one by one (many hand back a bare output with no exit code, which the rules do not all read as failed).
The fifth to the fortieth (the fortieth still blind) are checked for completeness and disjointness only: no
test here reads how the rules see them.
The second part, once held out and used up since, is dev material, tested here like the rest."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from mcp_context.conversation import failures
from mcp_context.conversation.formats import adapter
from mcp_context.summary.facts import extract

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from benchmarks import fidelity_corpora as corpora  # noqa: E402

CORPUS = Path(__file__).parent / "outputs" / "ecosystems"
CASES: list[dict[str, Any]] = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))
TRUTH: dict[str, Any] = json.loads((CORPUS / "truth.json").read_text(encoding="utf-8"))
PARTS = corpora.split()
USED_ECOSYSTEMS, USED_AGENTS = corpora.used_up()
THIRD_ECOSYSTEMS, THIRD_AGENTS = PARTS["held-out 3"]
FOURTH_ECOSYSTEMS, FOURTH_AGENTS = PARTS["held-out 4"]
FIFTH_ECOSYSTEMS, FIFTH_AGENTS = PARTS["held-out 5"]
SIXTH_ECOSYSTEMS, SIXTH_AGENTS = PARTS["held-out 6"]
SEVENTH_ECOSYSTEMS, SEVENTH_AGENTS = PARTS["held-out 7"]
EIGHTH_ECOSYSTEMS, EIGHTH_AGENTS = PARTS["held-out 8"]
NINTH_ECOSYSTEMS, NINTH_AGENTS = PARTS["held-out 9"]
TENTH_ECOSYSTEMS, TENTH_AGENTS = PARTS["held-out 10"]
ELEVENTH_ECOSYSTEMS, ELEVENTH_AGENTS = PARTS["held-out 11"]
TWELFTH_ECOSYSTEMS, TWELFTH_AGENTS = PARTS["held-out 12"]
THIRTEENTH_ECOSYSTEMS, THIRTEENTH_AGENTS = PARTS["held-out 13"]
FOURTEENTH_ECOSYSTEMS, FOURTEENTH_AGENTS = PARTS["held-out 14"]
FIFTEENTH_ECOSYSTEMS, FIFTEENTH_AGENTS = PARTS["held-out 15"]
SIXTEENTH_ECOSYSTEMS, SIXTEENTH_AGENTS = PARTS["held-out 16"]
SEVENTEENTH_ECOSYSTEMS, SEVENTEENTH_AGENTS = PARTS["held-out 17"]
EIGHTEENTH_ECOSYSTEMS, EIGHTEENTH_AGENTS = PARTS["held-out 18"]
NINETEENTH_ECOSYSTEMS, NINETEENTH_AGENTS = PARTS["held-out 19"]
TWENTIETH_ECOSYSTEMS, TWENTIETH_AGENTS = PARTS["held-out 20"]
TWENTY_FIRST_ECOSYSTEMS, TWENTY_FIRST_AGENTS = PARTS["held-out 21"]
TWENTY_SECOND_ECOSYSTEMS, TWENTY_SECOND_AGENTS = PARTS["held-out 22"]
TWENTY_THIRD_ECOSYSTEMS, TWENTY_THIRD_AGENTS = PARTS["held-out 23"]
TWENTY_FOURTH_ECOSYSTEMS, TWENTY_FOURTH_AGENTS = PARTS["held-out 24"]
TWENTY_FIFTH_ECOSYSTEMS, TWENTY_FIFTH_AGENTS = PARTS["held-out 25"]
TWENTY_SIXTH_ECOSYSTEMS, TWENTY_SIXTH_AGENTS = PARTS["held-out 26"]
TWENTY_SEVENTH_ECOSYSTEMS, TWENTY_SEVENTH_AGENTS = PARTS["held-out 27"]
TWENTY_EIGHTH_ECOSYSTEMS, TWENTY_EIGHTH_AGENTS = PARTS["held-out 28"]
TWENTY_NINTH_ECOSYSTEMS, TWENTY_NINTH_AGENTS = PARTS["held-out 29"]
THIRTIETH_ECOSYSTEMS, THIRTIETH_AGENTS = PARTS["held-out 30"]
THIRTY_FIRST_ECOSYSTEMS, THIRTY_FIRST_AGENTS = PARTS["held-out 31"]
THIRTY_SECOND_ECOSYSTEMS, THIRTY_SECOND_AGENTS = PARTS["held-out 32"]
THIRTY_THIRD_ECOSYSTEMS, THIRTY_THIRD_AGENTS = PARTS["held-out 33"]
THIRTY_FOURTH_ECOSYSTEMS, THIRTY_FOURTH_AGENTS = PARTS["held-out 34"]
THIRTY_FIFTH_ECOSYSTEMS, THIRTY_FIFTH_AGENTS = PARTS["held-out 35"]
THIRTY_SIXTH_ECOSYSTEMS, THIRTY_SIXTH_AGENTS = PARTS["held-out 36"]
THIRTY_SEVENTH_ECOSYSTEMS, THIRTY_SEVENTH_AGENTS = PARTS["held-out 37"]
THIRTY_EIGHTH_ECOSYSTEMS, THIRTY_EIGHTH_AGENTS = PARTS["held-out 38"]
THIRTY_NINTH_ECOSYSTEMS, THIRTY_NINTH_AGENTS = PARTS["held-out 39"]
FORTIETH_ECOSYSTEMS, FORTIETH_AGENTS = PARTS["held-out 40"]
#: No test reads how the rules see these.
UNREAD_ECOSYSTEMS = (
    FIFTH_ECOSYSTEMS
    | SIXTH_ECOSYSTEMS
    | SEVENTH_ECOSYSTEMS
    | EIGHTH_ECOSYSTEMS
    | NINTH_ECOSYSTEMS
    | TENTH_ECOSYSTEMS
    | ELEVENTH_ECOSYSTEMS
    | TWELFTH_ECOSYSTEMS
    | THIRTEENTH_ECOSYSTEMS
    | FOURTEENTH_ECOSYSTEMS
    | FIFTEENTH_ECOSYSTEMS
    | SIXTEENTH_ECOSYSTEMS
    | SEVENTEENTH_ECOSYSTEMS
    | EIGHTEENTH_ECOSYSTEMS
    | NINETEENTH_ECOSYSTEMS
    | TWENTIETH_ECOSYSTEMS
    | TWENTY_FIRST_ECOSYSTEMS
    | TWENTY_SECOND_ECOSYSTEMS
    | TWENTY_THIRD_ECOSYSTEMS
    | TWENTY_FOURTH_ECOSYSTEMS
    | TWENTY_FIFTH_ECOSYSTEMS
    | TWENTY_SIXTH_ECOSYSTEMS
    | TWENTY_SEVENTH_ECOSYSTEMS
    | TWENTY_EIGHTH_ECOSYSTEMS
    | TWENTY_NINTH_ECOSYSTEMS
    | THIRTIETH_ECOSYSTEMS
    | THIRTY_FIRST_ECOSYSTEMS
    | THIRTY_SECOND_ECOSYSTEMS
    | THIRTY_THIRD_ECOSYSTEMS
    | THIRTY_FOURTH_ECOSYSTEMS
    | THIRTY_FIFTH_ECOSYSTEMS
    | THIRTY_SIXTH_ECOSYSTEMS
    | THIRTY_SEVENTH_ECOSYSTEMS
    | THIRTY_EIGHTH_ECOSYSTEMS
    | THIRTY_NINTH_ECOSYSTEMS
    | FORTIETH_ECOSYSTEMS
)
LATER_ECOSYSTEMS = THIRD_ECOSYSTEMS | FOURTH_ECOSYSTEMS | UNREAD_ECOSYSTEMS
LATER_AGENTS = (
    THIRD_AGENTS
    | FOURTH_AGENTS
    | FIFTH_AGENTS
    | SIXTH_AGENTS
    | SEVENTH_AGENTS
    | EIGHTH_AGENTS
    | NINTH_AGENTS
    | TENTH_AGENTS
    | ELEVENTH_AGENTS
    | TWELFTH_AGENTS
    | THIRTEENTH_AGENTS
    | FOURTEENTH_AGENTS
    | FIFTEENTH_AGENTS
    | SIXTEENTH_AGENTS
    | SEVENTEENTH_AGENTS
    | EIGHTEENTH_AGENTS
    | NINETEENTH_AGENTS
    | TWENTIETH_AGENTS
    | TWENTY_FIRST_AGENTS
    | TWENTY_SECOND_AGENTS
    | TWENTY_THIRD_AGENTS
    | TWENTY_FOURTH_AGENTS
    | TWENTY_FIFTH_AGENTS
    | TWENTY_SIXTH_AGENTS
    | TWENTY_SEVENTH_AGENTS
    | TWENTY_EIGHTH_AGENTS
    | TWENTY_NINTH_AGENTS
    | THIRTIETH_AGENTS
    | THIRTY_FIRST_AGENTS
    | THIRTY_SECOND_AGENTS
    | THIRTY_THIRD_AGENTS
    | THIRTY_FOURTH_AGENTS
    | THIRTY_FIFTH_AGENTS
    | THIRTY_SIXTH_AGENTS
    | THIRTY_SEVENTH_AGENTS
    | THIRTY_EIGHTH_AGENTS
    | THIRTY_NINTH_AGENTS
    | FORTIETH_AGENTS
)
SEEN = [c for c in CASES if c["ecosystem"] not in LATER_ECOSYSTEMS]
LATER = tuple(f"held-out {n}" for n in range(3, 41))
SPLITS = corpora.history_parts()
HISTORIES = corpora.histories(only={"dev", "held-out"})
#: The later held-out parts in the order captured, each with the least it holds (ecosystems, agents).
LATER_PARTS = {
    "held-out 3": (12, 8),
    "held-out 4": (12, 8),
    "held-out 5": (12, 8),
    "held-out 6": (10, 6),
    "held-out 7": (12, 6),
    "held-out 8": (10, 4),
    "held-out 9": (12, 5),
    "held-out 10": (12, 5),
    "held-out 11": (10, 4),
    "held-out 12": (12, 5),
    "held-out 13": (12, 5),
    "held-out 14": (10, 4),
    "held-out 15": (10, 4),
    "held-out 16": (12, 4),
    "held-out 17": (11, 3),
    "held-out 18": (9, 3),
    "held-out 19": (12, 3),
    "held-out 20": (11, 3),
    "held-out 21": (9, 3),
    "held-out 22": (9, 3),
    "held-out 23": (9, 3),
    "held-out 24": (8, 3),
    "held-out 25": (8, 3),
    "held-out 26": (8, 3),
    "held-out 27": (8, 3),
    "held-out 28": (8, 3),
    "held-out 29": (8, 3),
    "held-out 30": (8, 3),
    "held-out 31": (8, 3),
    "held-out 32": (8, 3),
    "held-out 33": (8, 3),
    "held-out 34": (8, 3),
    "held-out 35": (8, 3),
    "held-out 36": (8, 3),
    "held-out 37": (8, 3),
    "held-out 38": (8, 3),
    "held-out 39": (8, 3),
    "held-out 40": (8, 3),
}


def flat(text: str) -> str:
    return " ".join(text.split())


def output(name: str) -> str:
    return (CORPUS / "cases" / f"{name}.txt").read_text(encoding="utf-8")


def test_the_corpora_are_as_wide_as_promised() -> None:
    ecosystems = {c["ecosystem"] for c in CASES}
    assert len(ecosystems) >= 12
    assert all(c["twin"] in {d["name"] for d in CASES} for c in CASES)
    assert len(corpora.dialects()) >= 10
    held_eco, held_agents = PARTS["held-out"]
    assert len(held_eco) * 3 >= len(ecosystems - USED_ECOSYSTEMS - LATER_ECOSYSTEMS)
    assert len(held_agents) * 3 >= len(set(corpora.dialects()) - USED_AGENTS - LATER_AGENTS)


def test_the_used_up_part_is_whole_complete_and_dev_now() -> None:
    """The part once held out: whole ecosystems and agents apart from the held-out part, each failure with its
    twin and its truth, each agent with a tool (or a written command) for every step; its histories are dev."""
    held_eco, held_agents = PARTS["held-out"]
    assert len(USED_ECOSYSTEMS) >= 12 and len(USED_AGENTS) >= 8
    assert not USED_ECOSYSTEMS & held_eco and not USED_AGENTS & held_agents
    assert USED_ECOSYSTEMS <= {c["ecosystem"] for c in CASES} and USED_AGENTS <= set(corpora.dialects())
    for case in CASES:
        if case["ecosystem"] in USED_ECOSYSTEMS and case["failed"]:
            assert flat(TRUTH[case["name"]]["cause"]) in flat(output(case["name"])), case["name"]
    for name in USED_AGENTS:
        dialect = corpora.dialects()[name]
        steps = ("exec", "read", "edit", "write") if dialect.get("tools", True) else ("exec_text", "edit_text")
        assert all(step in dialect for step in steps), name
    assert SPLITS == set(corpora.PARTS)


@pytest.mark.parametrize("part", list(LATER_PARTS))
def test_a_later_held_out_part_is_new_whole_and_complete(part: str) -> None:
    """Whole ecosystems (two distinct failures each) and agents no earlier part had, each failure with its twin and
    a truth line found in its output, each agent with a tool (or a written command) for every step and a source."""
    ecosystems, agents = PARTS[part]
    earlier_eco, earlier_agents = PARTS["held-out"][0] | USED_ECOSYSTEMS, PARTS["held-out"][1] | USED_AGENTS
    for before in list(LATER_PARTS)[: list(LATER_PARTS).index(part)]:
        earlier_eco, earlier_agents = earlier_eco | PARTS[before][0], earlier_agents | PARTS[before][1]
    least_eco, least_agents = LATER_PARTS[part]
    assert len(ecosystems) >= least_eco and len(agents) >= least_agents
    assert not ecosystems & earlier_eco and not agents & earlier_agents
    assert ecosystems <= {c["ecosystem"] for c in CASES} and agents <= set(corpora.dialects())
    names = {c["name"] for c in CASES}
    for eco in ecosystems:
        failed = [c for c in CASES if c["ecosystem"] == eco and c["failed"]]
        assert len({TRUTH[c["name"]]["cause"] for c in failed}) >= 2, eco
        for case in failed:
            assert case["twin"] in names and "fix" in case, case["name"]
            assert flat(TRUTH[case["name"]]["cause"]) in flat(output(case["name"])), case["name"]
    for name in agents:
        dialect = corpora.dialects()[name]
        steps = ("exec", "read", "edit", "write") if dialect.get("tools", True) else ("exec_text", "edit_text")
        assert all(step in dialect for step in steps) and dialect["source"], name
    assert part in SPLITS


@pytest.mark.parametrize("case", [c for c in SEEN if c["failed"]], ids=lambda c: c["name"])
def test_a_failure_is_told_by_the_line_that_says_why(case: dict[str, Any]) -> None:
    reading = failures.read_command(output(case["name"]))
    truth = TRUTH[case["name"]]
    assert reading.failed
    assert reading.line is not None and flat(truth["cause"]) in flat(reading.line), reading.line


@pytest.mark.parametrize(
    "case", [c for c in CASES if not c["failed"] and c["ecosystem"] not in UNREAD_ECOSYSTEMS], ids=lambda c: c["name"]
)
def test_a_success_twin_is_no_failure(case: dict[str, Any]) -> None:
    assert not failures.read_command(output(case["name"])).failed


@pytest.mark.parametrize(
    "name",
    [
        "jest_type_error",
        "go_test_failure",
        "unittest_assert_equal",
        "phpunit_failure",
        "rspec_no_method",
        "cargo_test_panic",
        "pytest_key_error",
        "mocha_assertion",
    ],
)
def test_the_cause_is_kept_with_the_test_it_failed_in(name: str) -> None:
    line = failures.read_command(output(name)).line or ""
    assert flat(TRUTH[name]["cause"]) in flat(line) and TRUTH[name]["test"] in line, line


@pytest.mark.parametrize("history", HISTORIES, ids=lambda h: f"{h.agent}-{h.facts[0].text[:20]}")
def test_every_dialect_tells_its_failures_their_causes_and_fixes(history: corpora.History) -> None:
    """Read as facts (before any budget): each planted failure found with its cause, each fix found with the
    change it made, and no success twin taken for a failure."""
    found = extract(adapter(history.fmt).parse(history.messages))
    told = " ".join(flat(f.action.outcome) for f in found.failures)
    for fact in history.facts:
        if fact.kind in ("cause", "missing"):
            assert flat(fact.text) in told, (fact.kind, fact.text)
    fixed = [f for f in found.failures if f.fixed_by is not None]
    changes = " ".join(flat(e.call.change or "") for f in fixed for e in f.edits)
    for fact in history.facts:
        if fact.kind == "fix":
            assert flat(fact.text) in changes, fact.text
    ran = {t - 1 for t in history.twins} | set(history.twins)
    assert not [f.action.outcome for f in found.failures if f.action.ref in ran]
