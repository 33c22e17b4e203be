"""The recorder every capture group writes through (``capture.py`` runs the groups): ``Corpus`` makes scratch
projects, runs a command with ``bash -c`` in an environment cleared of the settings that change what tools print,
normalises the paths it shows, cuts over-long outputs in the middle and records each case; ``Skip`` is what a
group raises when a case cannot be captured as planned. The Gemini CLI wrappers give an output as that host's shell
tool returns it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent


CASES_DIR = HERE / "cases"


CASES_JSON = HERE / "cases.json"


SHOWN_ROOT = "/tmp/proj"


SHOWN_VENV = "/tmp/proj/.venv"


SHOWN_PYTHON = "/usr"


MAX_BYTES = 8000


HEAD_BYTES = 3000


TAIL_BYTES = 4500


# A fixed identity and clock for git, so commit hashes are the same on every run.
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Dana Dev",
    "GIT_AUTHOR_EMAIL": "dana@example.com",
    "GIT_COMMITTER_NAME": "Dana Dev",
    "GIT_COMMITTER_EMAIL": "dana@example.com",
    "GIT_AUTHOR_DATE": "2025-03-04T10:00:00+00:00",
    "GIT_COMMITTER_DATE": "2025-03-04T10:00:00+00:00",
    "GIT_CONFIG_NOSYSTEM": "1",
}


class Skip(Exception):
    """A case or group of cases that could not be captured as planned."""


@dataclass
class Run:
    output: str
    exit_code: int
    pid: int


def dedent(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def truncate(text: str) -> str:
    """Cut an over-long output in the middle, keeping whole lines at both ends."""
    if len(text.encode()) <= MAX_BYTES:
        return text
    lines = text.splitlines(keepends=True)
    head: list[str] = []
    size = 0
    for line in lines:
        if size + len(line.encode()) > HEAD_BYTES:
            break
        head.append(line)
        size += len(line.encode())
    tail: list[str] = []
    size = 0
    for line in reversed(lines[len(head) :]):
        if size + len(line.encode()) > TAIL_BYTES:
            break
        tail.insert(0, line)
        size += len(line.encode())
    cut = len(lines) - len(head) - len(tail)
    return "".join(head) + f"\n... [{cut} lines truncated] ...\n\n" + "".join(tail)


def gemini_output(text: str) -> str:
    """The output as Gemini CLI's shell service returns it: right-trimmed lines, no trailing blank lines."""
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines)


def gemini_legacy(command: str, run: Run) -> str:
    """run_shell_command's llmContent in Gemini CLI 0.26.0 and earlier (packages/core/src/tools/shell.ts)."""
    return "\n".join(
        [
            f"Command: {command}",
            "Directory: (root)",
            f"Output: {gemini_output(run.output) or '(empty)'}",
            "Error: (none)",
            f"Exit Code: {run.exit_code}",
            "Signal: (none)",
            "Background PIDs: (none)",
            f"Process Group PGID: {run.pid}",
        ]
    )


def gemini_current(command: str, run: Run) -> str:
    """run_shell_command's llmContent in Gemini CLI 0.61.0: optional lines left out, wrapped as untrusted context."""
    parts = [f"Output: {gemini_output(run.output) or '(empty)'}"]
    if run.exit_code != 0:
        parts.append(f"Exit Code: {run.exit_code}")
    parts.append(f"Process Group PGID: {run.pid}")
    body = "\n".join(parts).replace("</untrusted_context>", "&lt;/untrusted_context&gt;")
    return f"<untrusted_context>\n{body}\n</untrusted_context>"


class Corpus:
    def __init__(self, root: Path, cases_dir: Path = CASES_DIR) -> None:
        self.root = root
        self.cases_dir = cases_dir
        self.cases: list[dict[str, object]] = []
        self.skipped: list[tuple[str, str]] = []
        self.env = self._env()

    # -- environment and helpers ------------------------------------------------------------
    def _env(self) -> dict[str, str]:
        # Settings of this machine that change what the tools print are left out, so that the corpus shows
        # the tools' defaults: CI mode, forced backtraces, unbuffered Python, extra package indexes.
        drop = {
            "CI",
            "PYTHONPATH",
            "PYTHONUNBUFFERED",
            "PYTEST_ADDOPTS",
            "NODE_OPTIONS",
            "PYTHONSTARTUP",
            "RUST_BACKTRACE",
            "RUST_LIB_BACKTRACE",
        }
        keep_pip = {"PIP_CERT", "PIP_DEFAULT_TIMEOUT", "PIP_DISABLE_PIP_VERSION_CHECK"}
        env = {
            k: v
            for k, v in os.environ.items()
            if k not in drop
            and not k.startswith(("GIT_", "npm_", "NPM_"))
            and (not k.startswith("PIP_") or k in keep_pip)
        }
        npmrc = self.root / ".npmrc-empty"
        npmrc.write_text("")
        env.update(GIT_ENV)
        env.update(
            PATH=f"{Path(sys.executable).parent}:{os.environ.get('PATH', '/usr/bin:/bin')}",
            VIRTUAL_ENV=sys.prefix,
            LANG="C.UTF-8",
            TERM="dumb",
            NO_COLOR="1",
            FORCE_COLOR="0",
            PY_COLORS="0",
            CARGO_TERM_COLOR="never",
            GIT_CEILING_DIRECTORIES=str(self.root.parent),
            npm_config_userconfig=str(npmrc),
            npm_config_update_notifier="false",
            PIP_CONFIG_FILE=os.devnull,
            # Source files are rewritten within the same second; stale bytecode would hide the fixes.
            PYTHONDONTWRITEBYTECODE="1",
            PIP_NO_INPUT="1",
        )
        return env

    def project(self, name: str, files: dict[str, str]) -> Path:
        """Create (or update) a scratch project folder with the given files."""
        where = self.root / name
        for rel, text in files.items():
            path = where / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(dedent(text))
        where.mkdir(parents=True, exist_ok=True)
        return where

    def setup(self, command: str, cwd: Path, timeout: int = 600) -> str:
        """Run a preparation step that is not part of the corpus; raise Skip when it fails."""
        proc = subprocess.run(
            ["bash", "-c", command],
            cwd=cwd,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=timeout,
            text=True,
            errors="replace",
        )
        if proc.returncode != 0:
            tail = proc.stdout.strip().splitlines()[-3:]
            raise Skip(f"setup `{command}` exited {proc.returncode}: {' | '.join(tail)}")
        return proc.stdout

    def sanitize(self, text: str) -> str:
        for real in {str(self.root), os.path.realpath(self.root)}:
            text = text.replace(real, SHOWN_ROOT)
        for real in {sys.prefix, os.path.realpath(sys.prefix)}:
            text = text.replace(real, SHOWN_VENV)
        for real in {sys.base_prefix, os.path.realpath(sys.base_prefix)}:
            if real != "/usr":
                text = text.replace(real + "/", SHOWN_PYTHON + "/")
        return text

    def execute(self, command: str, cwd: Path, timeout: int = 600) -> Run:
        proc = subprocess.Popen(
            ["bash", "-c", command],
            cwd=cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            raw, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.communicate()
            raise Skip(f"`{command}` did not finish within {timeout} s") from None
        return Run(self.sanitize(raw.decode("utf-8", errors="replace")), proc.returncode, proc.pid)

    # -- recording --------------------------------------------------------------------------
    def record(
        self,
        name: str,
        command: str,
        text: str,
        *,
        exit_code: int | None,
        kind: str,
        failed: bool,
        message: str | None = None,
        source: str = "captured",
        wrapper: str | None = None,
    ) -> None:
        path = self.cases_dir / f"{name}.txt"
        with path.open("w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        self.cases.append(
            {
                "name": name,
                "command": command,
                "exit_code": exit_code,
                "failed": failed,
                "kind": kind,
                "message": message,
                "source": source,
                "wrapper": wrapper,
            }
        )
        print(f"  {name:<42} exit={exit_code!s:<4} failed={failed!s:<5} {len(text.encode()):>6} B", flush=True)

    def case(
        self,
        name: str,
        command: str,
        cwd: Path,
        *,
        kind: str,
        failed: bool,
        message: str | None = None,
        timeout: int = 600,
    ) -> Run | None:
        """Run one real command and record it.

        `message` is a regex for the line a person would quote; the whole line is kept, or only the named group
        `msg` when the regex has one (used to drop pytest's "E   " marker).
        """
        try:
            run = self.execute(command, cwd, timeout)
        except Skip as why:
            self.skip(name, str(why))
            return None
        text = truncate(run.output)
        if failed and run.exit_code == 0:
            self.skip(name, f"expected a failure but `{command}` exited 0")
            return None
        if not failed and run.exit_code != 0:
            last = run.output.strip().splitlines()[-1:] or [""]
            self.skip(name, f"expected success but `{command}` exited {run.exit_code}: {last[0]}")
            return None
        quoted = None
        if failed:
            assert message is not None, name
            quoted = None
            for line in text.splitlines():
                found = re.search(message, line)
                if found:
                    quoted = (found.group("msg") if "msg" in found.groupdict() else line).strip()
                    break
            if quoted is None:
                self.skip(name, f"no line matching {message!r} in the output of `{command}`")
                return None
        self.record(name, command, text, exit_code=run.exit_code, kind=kind, failed=failed, message=quoted)
        return run

    def skip(self, name: str, reason: str) -> None:
        self.skipped.append((name, reason))
        print(f"  SKIPPED {name}: {reason}", flush=True)

    def group(self, title: str, fn: Callable[[Corpus], None]) -> None:
        print(f"[{title}]", flush=True)
        try:
            fn(self)
        except Skip as why:
            self.skip(title, str(why))
