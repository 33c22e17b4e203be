"""One hook call: the host's JSON, the options in effect, and the session it belongs to, opened only when an
event needs the store (a small tool output never opens it).

Also the little state the hooks keep per session (``hooks.json`` in the session's state folder): the last
snapshot, and what is waiting to be handed to the model at the next chance (a Gemini CLI nudge, a snapshot
after a compression), because some events can speak to the model and others cannot.
"""

from __future__ import annotations

import json
import os
import shlex
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..storage import ids

if TYPE_CHECKING:
    from ..session import Session
    from ..storage.protocol import Store

ENV_MIN_TOKENS = "MCP_CONTEXT_HOOK_MIN_TOKENS"
DEFAULT_MIN_TOKENS = 2_000
STATE = "hooks"
#: In the pending state: the drops of the last compaction wait for an event that reaches the model.
DUE = "reinject"


class HookCall:
    """One hook call as the runner received it. A plain class, not a dataclass: it is made in a process of its
    own at every tool call, and a dataclass compiles its methods from source when its module is loaded."""

    def __init__(
        self,
        host: str,
        event: str,
        data: dict[str, Any],
        root: Path,
        min_tokens: int = DEFAULT_MIN_TOKENS,
        root_given: bool = False,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.host = host
        self.event = event
        self.data = data
        self.root = root
        #: Outputs at or above this many tokens are stored and shortened.
        self.min_tokens = min_tokens
        #: Whether the root was given (``--root``): then the shell command shown to the model names it too.
        self.root_given = root_given
        self.env: Mapping[str, str] = os.environ if env is None else env
        self._session: Session | None = None
        self._store: Store | None = None
        self._read_command: list[str] | None = None

    @property
    def read_command(self) -> list[str]:
        """The shell command that reads a stored result, shown beside the read_persisted call; made only when
        an output is stored (it looks the command up on PATH)."""
        if self._read_command is None:
            from ..config import command_for_people

            root = ["--root", str(self.root)] if self.root_given else []
            self._read_command = [*shlex.split(command_for_people()), *root, "read"]
        return self._read_command

    @property
    def session_id(self) -> str:
        """The host's session id (Claude Code's equals the CLAUDE_CODE_SESSION_ID its MCP servers get)."""
        sid = self.data.get("session_id")
        if not isinstance(sid, str) or not sid:
            raise ValueError("the hook input has no session_id")
        return ids.check_session(sid)

    @property
    def session(self) -> Session:
        if self._session is None:
            from ..session import Session  # here: a hook that answers without the store loads none of the core

            self._session = Session(self.root, self.session_id, env=self.env)
        return self._session

    @property
    def store(self) -> Store:
        """The session's store alone, as its Session would open it: the loop check and the hook state need no
        more, and a Session's imports (every tool's machinery the facade names) cost a hook at every tool call."""
        if self._session is not None:
            return self._session.store
        if self._store is None:
            from ..config import resolve_settings
            from ..tokens.count import TokenCounter

            settings = resolve_settings(self.root, self.session_id, env=self.env)
            limit = settings.limits.max_result_bytes
            if settings.store is None:  # the file store, without the module that also opens a database
                from ..storage.files import FileStore

                self._store = FileStore(
                    settings.root, counter=TokenCounter(), max_result_bytes=limit, redact=settings.redact
                )
            else:
                from ..storage.opening import open_store

                counter = TokenCounter()
                self._store = open_store(
                    settings.store, settings.root, None, counter=counter, max_result_bytes=limit, redact=settings.redact
                )
        return self._store

    def text(self, key: str) -> str | None:
        value = self.data.get(key)
        return value if isinstance(value, str) else None

    # per-session hook state --------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        return _parse(self.store.read_state(self.session_id, STATE))

    def save_state(self, doc: dict[str, Any]) -> None:
        self.store.write_state(self.session_id, STATE, json.dumps(doc, ensure_ascii=False).encode())

    @contextmanager
    def held_state(self) -> Iterator[dict[str, Any]]:
        """The state for a read-modify-write under its lock (hooks of one session may run side by side); what
        the block leaves in the dict is saved when it differs from what was read."""
        with self.session.store.state_lock(self.session.id, STATE) as hold:
            doc = _parse(hold.stored)
            read = json.dumps(doc, ensure_ascii=False, sort_keys=True)
            yield doc
            if json.dumps(doc, ensure_ascii=False, sort_keys=True) != read:
                hold.save(json.dumps(doc, ensure_ascii=False).encode())

    def take_pending(self) -> dict[str, Any]:
        """What waits for the model (and forget it): read cheaply, written only when something was waiting."""
        doc = self.state()
        pending = doc.pop("pending", None)
        if not isinstance(pending, dict) or not pending:
            return {}
        self.save_state(doc)
        return pending

    def claim_pending(self, key: str) -> dict[str, Any] | None:
        """The snapshot, when ``key`` waits beside it (and forget both), exactly once even when hooks run side
        by side (Claude Code runs the PreToolUse hooks of parallel tool calls at once): a cheap read first, and
        the take itself under the state's lock. None when nothing waits."""
        if not self.waits(key):
            return None
        with self.store.state_lock(self.session_id, STATE) as hold:
            doc = _parse(hold.stored)
            if not _waits(doc, key):
                return None
            pending = doc["pending"]
            for name in (key, "snapshot"):
                pending.pop(name, None)
            if not pending:
                doc.pop("pending")
            hold.save(json.dumps(doc, ensure_ascii=False).encode())
        snapshot = doc.get("snapshot")
        return snapshot if isinstance(snapshot, dict) else None

    def waits(self, key: str) -> bool:
        """Whether ``key`` waits beside the snapshot: a read of the state, without its lock."""
        return _waits(self.state(), key)

    def add_pending(self, **items: Any) -> None:
        doc = self.state()
        pending = doc.get("pending")
        doc["pending"] = {**(pending if isinstance(pending, dict) else {}), **items}
        self.save_state(doc)


def _parse(raw: bytes | None) -> dict[str, Any]:
    try:
        doc = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return doc if isinstance(doc, dict) else {}


def _waits(doc: dict[str, Any], key: str) -> bool:
    pending = doc.get("pending")
    return isinstance(pending, dict) and bool(pending.get(key))


def min_tokens_from(option: int | None, env: Mapping[str, str]) -> int:
    """The threshold: the command's ``--min-tokens`` (written into the settings at install), else the
    environment's MCP_CONTEXT_HOOK_MIN_TOKENS, else 2,000."""
    if option is not None:
        return option
    raw = env.get(ENV_MIN_TOKENS, "").strip().replace("_", "").replace(",", "")
    return int(raw) if raw.isdigit() and int(raw) > 0 else DEFAULT_MIN_TOKENS
