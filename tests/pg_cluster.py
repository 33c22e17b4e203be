"""A real, throwaway PostgreSQL for the tests: ``initdb`` and ``pg_ctl`` in a temp folder, on a free port on
127.0.0.1, stopped and removed when the run ends. Nothing is mocked: the store talks to the server as it would
in production. PostgreSQL refuses to run as root, so as root the cluster runs as an unprivileged user
(``postgres``, which the distribution's package creates) in a folder that user owns.

``.ci/run`` installs the distribution's ``postgresql`` package when no ``initdb`` is found; a developer without
one sees the PostgreSQL tests skipped with the reason (the file store's run regardless)."""

from __future__ import annotations

import glob
import os
import pwd
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


def _user() -> str:
    """The account the server runs as when the tests run as root: the package's, else one that surely exists."""
    try:
        pwd.getpwnam("postgres")
        return "postgres"
    except KeyError:
        return "nobody"


USER = _user()
PASSWORD = "pw-" + secrets.token_hex(8)  # a password in the URL, so tests can check no message shows it


def bindir() -> Path | None:
    """Where initdb and pg_ctl are: pg_config's answer, else the newest Debian layout, else the PATH."""
    candidates: list[Path] = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        if out.returncode == 0:
            candidates.append(Path(out.stdout.strip()))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True)
    candidates += [Path(p) for p in versions]
    on_path = shutil.which("initdb")
    if on_path:
        candidates.append(Path(on_path).resolve().parent)
    for candidate in candidates:
        if (candidate / "initdb").is_file() and (candidate / "pg_ctl").is_file():
            return candidate
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One initdb'd data folder and the server running on it."""

    def __init__(self, bin_dir: Path) -> None:
        self.bin = bin_dir
        self.as_root = os.geteuid() == 0
        self.base = Path(tempfile.mkdtemp(prefix="mcx-pg-"))  # under /tmp: the postgres user can reach it
        self.data = self.base / "data"
        self.port = free_port()

    def run(self, *args: str) -> None:
        prefix = ["runuser", "-u", USER, "--"] if self.as_root else []
        out = subprocess.run([*prefix, *args], capture_output=True, text=True, timeout=120)
        if out.returncode:
            raise RuntimeError(f"{Path(args[0]).name} failed: {out.stderr.strip() or out.stdout.strip()}")

    def start(self) -> None:
        pwfile = self.base / "pw"
        pwfile.write_text(PASSWORD + "\n")
        if self.as_root:
            user = pwd.getpwnam(USER)
            os.chown(self.base, user.pw_uid, user.pw_gid)
            os.chown(pwfile, user.pw_uid, user.pw_gid)
        os.chmod(self.base, 0o700)
        self.run(
            str(self.bin / "initdb"), "-D", str(self.data), "-U", "postgres", "--pwfile", str(pwfile),
            "--auth-host=scram-sha-256", "--auth-local=trust", "-E", "UTF8", "--no-locale",
        )  # fmt: skip
        self.launch()

    def launch(self) -> None:
        """Start the server on the initdb'd folder (again, after halt or kill)."""
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.base} -c max_connections=200"
        log = self.base / "log"
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(log), "-o", options, "-w",
                     "-t", "60", "start")  # fmt: skip
        except RuntimeError as exc:  # the server's own reason is in its log, not in pg_ctl's answer
            tail = log.read_text(errors="replace").strip().splitlines()[-3:] if log.exists() else []
            raise RuntimeError(" | ".join([str(exc), *tail])) from None

    def halt(self, mode: str = "fast") -> None:
        """Stop the server and keep its data, as an operator's restart or a failover would."""
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def kill(self) -> None:
        """SIGKILL the server and every process it started, as an out-of-memory killer or a lost machine would."""
        pid = int((self.data / "postmaster.pid").read_text().split()[0])
        children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
        for each in [pid, *(int(c) for c in children.stdout.split())]:
            try:
                os.kill(each, 9)
            except ProcessLookupError:
                continue
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        (self.data / "postmaster.pid").unlink(missing_ok=True)

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres:{PASSWORD}@127.0.0.1:{self.port}/{database}"


def create_database(admin_url: str, name: str) -> str:
    """A new empty database beside the one ``admin_url`` names; its URL."""
    import psycopg

    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return admin_url.rsplit("/", 1)[0] + "/" + name


def fresh_database(pg_url: str) -> str:
    return create_database(pg_url, "t_" + secrets.token_hex(6))


@pytest.fixture(scope="session")
def pg_url() -> Iterator[str]:
    """The URL of an empty database on a PostgreSQL started for this run (skipped when none is installed)."""
    found = bindir()
    if found is None:
        if os.environ.get("CI"):  # CI installs PostgreSQL (.ci/run): a missing server there is a failure
            pytest.fail("no PostgreSQL server binaries (initdb): .ci/run should have installed postgresql")
        pytest.skip("no PostgreSQL server binaries (initdb) on this machine: apt-get install postgresql")
    cluster = Cluster(found)
    started = time.monotonic()
    try:
        cluster.start()
        url = create_database(cluster.url(), "mcx_test")
        print(f"PostgreSQL cluster in {cluster.base} on port {cluster.port} ({time.monotonic() - started:.1f} s)")
        yield url
    finally:
        cluster.stop()


@pytest.fixture(scope="module", name="cluster")
def cluster_fixture() -> Iterator[Cluster]:
    """A cluster of the module's own, for tests that stop, kill or freeze it (so never the shared one)."""
    found = bindir()
    if found is None:
        pytest.skip("no PostgreSQL server binaries (initdb) on this machine: apt-get install postgresql")
    made = Cluster(found)
    made.start()
    try:
        yield made
    finally:
        signalled(server_pids(made), signal.SIGCONT)  # a failed test must not leave the server stopped
        made.stop()


def server_pids(cluster: Cluster) -> list[int]:
    """The postmaster's process id first, then its children's (the backends and the server's own)."""
    pid_file = cluster.data / "postmaster.pid"
    if not pid_file.exists():
        return []
    pid = int(pid_file.read_text().split()[0])
    children = subprocess.run(["ps", "-o", "pid=", "--ppid", str(pid)], capture_output=True, text=True)
    return [pid, *(int(c) for c in children.stdout.split())]


@contextmanager
def frozen(cluster: Cluster, *, postmaster: bool = True) -> Iterator[None]:
    """The server's processes stopped (SIGSTOP) for the block, then let run again: connections are accepted by
    the kernel and never answered, as with a hung machine."""
    pids = server_pids(cluster)
    stopped = pids if postmaster else pids[1:]
    signalled(stopped, signal.SIGSTOP)
    try:
        yield
    finally:
        signalled(stopped, signal.SIGCONT)


def signalled(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            continue  # a backend that ended meanwhile
