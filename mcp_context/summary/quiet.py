"""Runs that said no failure in any way a reader can rely on (no exit code, no flag, no line only a failure
prints) and that the agent then treated as failed: it changed a file and ran the same work again, and the output
changed. Hosts that hand back only what a command printed (no exit code) leave a summary no other sign: a
dependency resolver's "could not be resolved", a checker's finding with no severity word. Told as failed only
when the first output holds a line that reads as a reason and the second holds none (the run now passes)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, TypeVar

from ..conversation import failures, reasons, sameness
from . import calls, redone

__all__ = ["QuietRuns", "Retold"]

#: What the caller knows a run or a change by (its action), handed back as it was given.
T = TypeVar("T")


@dataclass
class Retold(Generic[T]):
    """A run read as passed when it ran, failed in the light of what came after: its reason and its fix."""

    run: T
    why: str
    changes: list[T]  # the changes made between it and the run that showed it failed


class QuietRuns(Generic[T]):
    """The commands read as passed, kept until the same work is run again after a change."""

    def __init__(self) -> None:
        self._runs: list[tuple[T, calls.Call, str, int]] = []  # (run, call, output, changes made before it)
        self._changes: list[T] = []

    def changed(self, change: T) -> None:
        """A file was changed (an edit, a write)."""
        self._changes.append(change)

    def ran(self, run: T, call: calls.Call, output: str, failed: bool) -> list[Retold[T]]:
        """A command ran with ``output`` (``failed``: read as failed by its own signs): the earlier run of the same
        work it shows to have failed (a change since, a different output, a reason in the earlier one and none in
        this one). Only the last run of a work is compared: a run between settles the one before."""
        earlier = [each for each in self._runs if redone.same_work(each[1], "", call)]
        for each in earlier:
            self._runs.remove(each)
        if failed:  # it settles the runs before it, and is no quiet run itself
            return []
        inner, code = failures.unwrapped(output)
        bare = failures.printed(inner, call.target)
        retold = [told for each in earlier if (told := self._retold(each, bare)) is not None]
        if not redone.LOOKS.match(call.target) and code is None and failures.exit_code(inner) is None:
            self._runs.append((run, call, output, len(self._changes)))  # a run whose exit code said it passed did
        return retold

    def _retold(self, earlier: tuple[T, calls.Call, str, int], bare: str) -> Retold[T] | None:
        """The earlier run as failed, when a change came since, this run's output ``bare`` reads as no failure, and
        the earlier one's differs from it with a line that reads as a reason."""
        run, before, said, changes = earlier
        if changes == len(self._changes) or reasons.strongest(bare) is not None:
            return None
        then = failures.printed(failures.unwrapped(said)[0], before.target)
        if sameness.normalised(then) == sameness.normalised(bare):
            return None
        strongest = reasons.strongest(then)
        why = failures.quote(then, failed=True) if strongest and strongest[0] >= reasons.SEVERE else None
        return Retold(run, why, self._changes[changes:]) if why is not None else None
