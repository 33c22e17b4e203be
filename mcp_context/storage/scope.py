"""Which sessions one view of the store may reach: the boundary between sessions.

A handle names one result in one session. A view (a :class:`~mcp_context.session.Session`) looks a handle up
only in the sessions its scope admits, lists only those, and refuses to write or delete outside them. A session
outside the scope answers exactly as one that does not exist, and the refusal is decided from the id alone,
before the store is touched, so neither the answer nor its timing tells whether such a session exists.

Over stdio the one local user owns every session under the root (:meth:`Scope.everything`, the default): a
Gemini CLI hook stores under Gemini's session id, which the server never learns, and a resumed host may start
a new id. ``serve --scope session`` narrows a server to its own session; the HTTP face gives each tenant its
own scope.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..errors import InvalidArgument


@dataclass(frozen=True)
class Scope:
    """The sessions a view may reach: ``sessions`` None means every session under the root."""

    sessions: frozenset[str] | None = None

    @classmethod
    def everything(cls) -> Scope:
        return cls(None)

    @classmethod
    def only(cls, *sessions: str) -> Scope:
        return cls(frozenset(sessions))

    @property
    def bounded(self) -> bool:
        return self.sessions is not None

    def admits(self, session: str) -> bool:
        return self.sessions is None or session in self.sessions

    def within(self, sessions: Iterable[str]) -> list[str]:
        """The sessions given that the scope admits, in their order."""
        return [s for s in sessions if self.admits(s)]

    def check_write(self, session: str) -> str:
        """``session`` when the scope admits it; otherwise the refusal, the same whether it exists or not."""
        if not self.admits(session):
            raise InvalidArgument(
                f"session {session!r} is outside what this server may reach: leave session out to use its own"
            )
        return session
