"""The chanting finder's shortcuts (the close-pair test, the anchors, the pairs it keeps) give exactly the
straightforward rule's hits, for any chunking, across clears, and across a save and restore of its state, in
the new format or the one saved before it kept pairs."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from loop_references import StraightFinder  # Gemini CLI's rule, written plainly: the reference

from mcp_context.loops.chanting import RepeatFinder
from mcp_context.loops.policy import Policy

POLICIES = [
    Policy(chant_window=6, chant_repeats=4, chant_max_spacing=9, chant_max_periods=2, chant_buffer=60),
    Policy(chant_window=9, chant_repeats=3, chant_max_spacing=20, chant_max_periods=1, chant_buffer=120),
    Policy(chant_window=12, chant_repeats=5, chant_max_spacing=15, chant_max_periods=3, chant_buffer=90),
    Policy(chant_window=2, chant_repeats=2, chant_max_spacing=1, chant_max_periods=1, chant_buffer=10),
]


def run(policy: Policy, chunks: list[str], clears: set[int], saves: set[int], legacy: bool) -> None:
    fast, straight = RepeatFinder(policy), StraightFinder(policy)
    for i, chunk in enumerate(chunks):
        if i in clears:
            fast.clear()
            straight.clear()
        if i in saves:
            state = fast.to_state()
            if legacy:
                del state["pairs"]
            fast = RepeatFinder(policy)
            fast.load_state(state)
        got = fast.append(chunk)
        assert (got.positions if got else None) == straight.append(chunk), f"chunk {i}"


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(
    policy=st.sampled_from(POLICIES),
    units=st.lists(st.text(alphabet="abc x\n", min_size=1, max_size=25), min_size=1, max_size=5),
    picks=st.lists(st.integers(0, 4), max_size=150),
    sizes=st.lists(st.integers(1, 70), min_size=1, max_size=8),
    clear_every=st.integers(0, 40),
    save_every=st.integers(0, 15),
    legacy=st.booleans(),
)
def test_the_finder_agrees_with_the_straightforward_rule(
    policy: Policy,
    units: list[str],
    picks: list[int],
    sizes: list[int],
    clear_every: int,
    save_every: int,
    legacy: bool,
) -> None:
    chunks = _chunked("".join(units[i % len(units)] for i in picks), sizes)
    clears = set(range(clear_every, len(chunks), clear_every)) if clear_every else set()
    saves = set(range(save_every, len(chunks), save_every)) if save_every else set()
    run(policy, chunks, clears, saves, legacy)


@pytest.mark.parametrize("seed", range(6))
def test_the_finder_agrees_on_repeats_near_the_spacing_limit(seed: int) -> None:
    """Prose-like text with repeats of every spacing around the default limit, one on its own, one close
    behind, a few more: the pairs the finder keeps come and go."""
    rng = random.Random(seed)
    words = ["alpha", "beta", "gamma", "delta", "the", "of", "a", "loop", "text", "again"]
    out = []
    for _ in range(60):
        unit = " ".join(rng.choices(words, k=rng.randint(8, 40))) + ". "
        gap = " ".join(rng.choices(words, k=rng.randint(0, 60)))
        out.append((unit + gap[: rng.randint(0, 260)]) * rng.randint(1, 12))
    text = "".join(out)
    chunks, i = [], 0
    while i < len(text):
        chunks.append(text[i : i + rng.choice([1, 7, 50, 120, 400, 6000])])
        i += len(chunks[-1])
    run(Policy(), chunks, set(range(211, len(chunks), 211)), set(range(37, len(chunks), 37)), seed % 2 == 0)


def unique(rng: random.Random, n: int) -> str:
    """Text in which no few characters recur nearby: nothing in it is a repeat."""
    return "".join(rng.choices("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", k=n))


def far_tenth(policy: Policy, unit: str, gap: int, seed: int) -> list[str]:
    """``repeats - 1`` copies of a unit close together, unique text, then the unit again: the last copy's
    windows are hits (when close enough) whose close pairs lie blocks behind, not in their own block."""
    rng = random.Random(seed)
    text = unique(rng, 300) + unit * (policy.chant_repeats - 1) + unique(rng, gap) + unit * 2 + unique(rng, 80)
    chunks, i = [], 0
    while i < len(text):
        chunks.append(text[i : i + rng.randint(1, 3 * policy.chant_window)])
        i += len(chunks[-1])
    return chunks


WORDY = "the same words again and again, said over and over here. "  # 57 characters


@pytest.mark.parametrize("gap", range(1700, 1760, 3))
def test_a_repeat_far_behind_its_close_pair_is_caught_at_the_edge_of_the_spacing(gap: int) -> None:
    policy = Policy()
    for seed in range(3):
        chunks = far_tenth(policy, WORDY, gap, seed)
        run(policy, chunks, set(), set(), False)
        run(policy, chunks, set(), set(range(5, len(chunks), 9)), True)  # restored from the earlier format


@pytest.mark.parametrize("policy", POLICIES[:3])
def test_a_repeat_far_behind_its_close_pair_with_small_policies(policy: Policy) -> None:
    unit = "xy" * policy.chant_window + "z"
    longest = policy.chant_max_spacing * (policy.chant_repeats - 1)
    for gap in range(longest + 5):
        run(policy, far_tenth(policy, unit, gap, gap), set(), set(), False)


def test_pairs_after_a_hit_in_the_same_append_still_count() -> None:
    """The rest of an append after its hit is not scanned: any close pair there must still be found later."""
    policy, rng = Policy(), random.Random(5)
    other = "a different sentence, repeated a few times only, right here. "
    head = unique(rng, 400) + WORDY * 15 + other * 9 + unique(rng, 200)  # all of the 9 within the append
    tail = unique(rng, 1300) + other * 2 + unique(rng, 100)
    chunks = [head] + [tail[i : i + 90] for i in range(0, len(tail), 90)]
    fast, straight = RepeatFinder(policy), StraightFinder(policy)
    hits = [(fast.append(c) is not None, straight.append(c) is not None) for c in chunks]
    assert all(a == b for a, b in hits) and sum(a for a, _ in hits) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("sizes", [(1, 13, 36), (37, 38, 74), (5, 200, 19, 2)])
def test_blocks_reaching_past_the_text_are_not_scanned_twice_and_lose_nothing(sizes: tuple[int, ...]) -> None:
    """Chunk sizes around a block's 37 positions: the last block of most appends reaches past the text and is
    cleared (or not) by its anchor alone; a restored state resumes past it. Repeats of 32 to 57 characters
    around the spacing limit exercise the halves of a block."""
    rng = random.Random(sum(sizes))
    words = ["alpha", "beta", "gamma", "the", "of", "loop", "text", "again", "__init__", "__len__"]
    out = []
    for _ in range(40):
        unit = " ".join(rng.choices(words, k=rng.randint(5, 9))) + ". "
        out.append((unit + unique(rng, rng.randint(0, 240))) * rng.randint(1, 12))
    text = "".join(out)
    chunks, i = [], 0
    while i < len(text):
        chunks.append(text[i : i + sizes[len(chunks) % len(sizes)]])
        i += len(chunks[-1])
    run(Policy(), chunks, set(), set(range(23, len(chunks), 23)), False)
    finder = RepeatFinder(Policy())
    assert sum(finder.append(c) is not None for c in chunks) >= 3  # there are loops to catch


FRAME_PART = st.one_of(
    st.text(alphabet="ab =-\n", min_size=1, max_size=40),
    st.builds(lambda c, n: c * n, st.sampled_from("=- a"), st.integers(3, 60)),  # runs: decoration windows
)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    policy=st.sampled_from([Policy(), *POLICIES[:3]]),
    frame=st.lists(FRAME_PART, min_size=2, max_size=4),
    slots=st.lists(st.text(alphabet="0123456789", min_size=0, max_size=3), min_size=1, max_size=8),
    picks=st.lists(st.integers(0, 7), min_size=1, max_size=45),
    sizes=st.lists(st.integers(1, 130), min_size=1, max_size=5),
    save_every=st.integers(0, 15),
)
def test_runs_of_windows_recurring_with_several_periods_agree_with_the_straightforward_rule(
    policy: Policy,
    frame: list[str],
    slots: list[str],
    picks: list[int],
    sizes: list[int],
    save_every: int,
) -> None:
    """A frame of text recurring with a slot in it filled by one of several values (a module docstring naming
    its codec, say): a run of windows of the frame recurs at every copy, all sharing their occurrences, with as
    many distinct periods as slot values in a row, or only a few; some run over text of one character, which
    makes some windows of a run decoration and not the others. Such runs are judged at once, not window by
    window, and must give every verdict the rule gives."""
    chunks = _chunked("".join(frame[0] + slots[i % len(slots)] + "".join(frame[1:]) for i in picks), sizes)
    saves = set(range(save_every, len(chunks), save_every)) if save_every else set()
    run(policy, chunks, set(), saves, False)


def _chunked(text: str, sizes: list[int]) -> list[str]:
    """``text`` cut into chunks whose sizes cycle through ``sizes``, as a stream would bring it."""
    chunks: list[str] = []
    i = 0
    while i < len(text):
        chunks.append(text[i : i + sizes[len(chunks) % len(sizes)]])
        i += len(chunks[-1])
    return chunks
