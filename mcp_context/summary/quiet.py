"""Runs that said no failure in any way a reader can rely on (no exit code, no flag, no line only a failure
prints) and that the agent then treated as failed: it changed a file and ran the same work again, and the output
changed. Hosts that hand back only what a command printed (no exit code) leave a summary no other sign: a
dependency resolver's "could not be resolved", a checker's finding with no severity word. Told as failed only
when the first output holds a line that reads as a reason and the second holds none (the run now passes)."""

from __future__ import annotations

from dataclasses import dataclass

from ..conversation import failures, reasons
from . import calls, redone

__all__ = ["QuietRuns", "Retold"]


@dataclass
class Retold:
    """A run read as passed when it ran, failed in the light of what came after: its reason and its fix."""

    index: int  # which run, in the order ``QuietRuns.ran`` was told of them
    why: str
    edits: list[int]  # which changes (in the order ``QuietRuns.changed`` was told of them) came between


class QuietRuns:
    """The commands read as passed, kept until the same work is run again after a change."""

    def __init__(self) -> None:
        self._runs: list[tuple[int, calls.Call, str, int]] = []  # (index, call, output, changes seen before it)
        self._count = 0
        self._changes = 0

    def changed(self) -> None:
        """A file was changed (an edit, a write): changes are numbered in the order told."""
        self._changes += 1

    def ran(self, call: calls.Call, output: str, failed: bool) -> list[Retold]:
        """A command ran with ``output`` (``failed``: read as failed by its own signs; runs are numbered in the
        order told): the earlier run of the same work it shows to have failed (a change since, a different output,
        a reason in the earlier one and none in this one). Only the last run of a work is compared: a run between
        settles the one before."""
        index = self._count
        self._count += 1
        inner, code = failures.unwrapped(output)
        bare = failures.printed(inner, call.target)
        retold: list[Retold] = []
        for earlier in [run for run in self._runs if redone.same_work(run[1], "", call)]:
            self._runs.remove(earlier)
            at, before, said, changes = earlier
            if not failed and changes != self._changes and reasons.strongest(bare) is None:
                then = failures.printed(failures.unwrapped(said)[0], before.target)
                strongest = reasons.strongest(then) if failures.normalised(then) != failures.normalised(bare) else None
                why = failures.quote(then, failed=True) if strongest and strongest[0] >= reasons.SEVERE else None
                if why is not None:
                    retold.append(Retold(at, why, list(range(changes, self._changes))))
        if failed or redone.LOOKS.match(call.target):
            return retold
        if code is None and failures.exit_code(inner) is None:  # a run whose exit code said it passed did
            self._runs.append((index, call, output, self._changes))
        return retold
