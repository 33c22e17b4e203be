"""``python -m benchmarks.roundtrip [--quick]``: how long ``mcp-context serve`` takes to start and to answer a
small tool call over stdio, against a minimal server on the same SDK with one echo tool (echo_server.py).

    start-up     spawn → tools/list answered: the SDK's real ``Client`` launches the server (a fresh
                 interpreter), negotiates (``initialize`` in the legacy era, ``server/discover`` in the
                 2026-07-28 era) and lists the tools. The server's peak resident set (``VmHWM``) is read
                 from /proc before the client closes it.
    round trip   one small call to a server that is already up: ``echo(text)`` against ``read_persisted``
                 of a 5-line page of a small stored result, ``persist_result`` of a small text that is
                 already stored (the de-duplicated path) and, when the server lists it, ``check_loop`` with
                 one event. check_loop has a target of its own (×1.5): each check runs the detectors over
                 the session's stream and saves its state before answering, work the echo server has no
                 counterpart for.

The two servers are measured interleaved, in alternating order (A B, B A, ...), so a shared machine's drifting
load falls on both alike; every figure is a median. Targets: round trip within ×1.2 of echo (read_persisted and
persist_result), start-up within ×1.3. The store is a temporary ``MCP_CONTEXT_HOME``, removed at the end.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

import anyio
from mcp import Client, StdioServerParameters
from mcp.client.session import ClientSession
from mcp.client.stdio import stdio_client
from mcp.types import CallToolResult, Tool

from .measure import MiB
from .report import align, duration

_PROJECT = Path(__file__).resolve().parent.parent
ERAS = ("legacy", "auto")  # the Client's modes: initialize (what hosts send today), then 2026-07-28
STARTUP_TARGET = 1.3
ROUND_TRIP_TARGET = 1.2
LOOP_TARGET = 1.5
WARMUP_CALLS = 10
SMALL_TEXT = "".join(f"{i:04d} INFO  [worker] step {i} of a small stored result\n" for i in range(1, 41))
PAGE_LINES = 5
LOOP_CALL = "round trip: check_loop, one event"
VERDICTS = ("ok", "warn", "stop")
LOOP_NOTE = (
    "besides the round trip, every check restores the session's stream, runs every detector over it and "
    "saves the new state before it answers (one slot overwritten and its data synced, see storage/slots.py), "
    "and passes through the resolver of the optional LLM judge; the figure is what an agent waits per check"
)


@dataclass(frozen=True)
class Server:
    name: str
    args: tuple[str, ...]

    @property
    def argv(self) -> list[str]:
        return [sys.executable, *self.args]

    def client(self, env: dict[str, str], mode: str, errlog: TextIO) -> Client:
        params = StdioServerParameters(command=sys.executable, args=list(self.args), env=env, cwd=_PROJECT)
        return Client(stdio_client(params, errlog=errlog), mode=mode)


ECHO = Server("echo server", ("-m", "benchmarks.echo_server"))
CONTEXT = Server("mcp-context serve", ("-m", "mcp_context", "serve"))


@dataclass
class Row:
    """One operation in one era; ``base`` is the echo server's row it is divided by (None for echo's own)."""

    operation: str
    era: str
    times: list[float]
    peak_mib: float | None
    base: Row | None = None
    target: float | None = None
    notes: list[str] = field(default_factory=list)

    @property
    def median(self) -> float | None:
        return statistics.median(self.times) if self.times else None  # None: not measured (notes say why)

    @property
    def ratio(self) -> float | None:
        if self.base is None or self.median is None or self.base.median is None:
            return None
        return self.median / self.base.median

    @property
    def verdict(self) -> str:
        if self.ratio is None or self.target is None:
            return ""
        return f"{'met' if self.ratio <= self.target else 'MISSED'} (target ×{self.target:g})"


# the server's peak memory ------------------------------------------------------------------------------------


def server_peak_mib(argv: list[str]) -> float | None:
    """``VmHWM`` of this process's child running ``argv``: its peak resident set so far (None off Linux).

    The SDK keeps the process to itself, so it is found by parent and command line."""
    want = "\0".join(argv) + "\0"
    try:
        entries = [p for p in Path("/proc").iterdir() if p.name.isdigit()]
    except OSError:
        return None
    for entry in entries:
        try:
            if (entry / "cmdline").read_text() != want:
                continue
            if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) != os.getpid():
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024 / MiB
        except (OSError, ValueError, IndexError):
            continue  # the process ended while being read, or is not ours
    return None


# start-up ----------------------------------------------------------------------------------------------------


@dataclass
class Started:
    seconds: float
    peak_mib: float | None
    tools: list[str]
    era: str


async def start_once(server: Server, env: dict[str, str], mode: str, errlog: TextIO) -> Started:
    start = time.perf_counter()
    async with server.client(env, mode, errlog) as client:
        listed = await client.list_tools()
        seconds = time.perf_counter() - start
        return Started(seconds, server_peak_mib(server.argv), [t.name for t in listed.tools], client.protocol_version)


async def startups(env: dict[str, str], mode: str, runs: int, errlog: TextIO) -> list[Row]:
    """``runs`` start-ups of each server, alternating which goes first, after one untimed start of each."""
    got: dict[Server, list[Started]] = {ECHO: [], CONTEXT: []}
    for server in got:
        await start_once(server, env, mode, errlog)  # .pyc files and the page cache, as a host's second start
    for i in range(runs):
        for server in (ECHO, CONTEXT) if i % 2 == 0 else (CONTEXT, ECHO):
            got[server].append(await start_once(server, env, mode, errlog))
    echo, context = got[ECHO], got[CONTEXT]
    _expect(echo[-1].tools == ["echo"], f"the echo server listed {echo[-1].tools}")
    _expect("read_persisted" in context[-1].tools, f"mcp-context listed {context[-1].tools}")
    era = context[-1].era
    base = Row(f"start-up: spawn → tools/list, {ECHO.name}", era, [s.seconds for s in echo], _peak(echo))
    row = Row(
        f"start-up: spawn → tools/list, {CONTEXT.name}",
        era,
        [s.seconds for s in context],
        _peak(context),
        base,
        STARTUP_TARGET,
        [f"{len(context[-1].tools)} tools listed: {', '.join(context[-1].tools)}"],
    )
    return [base, row]


def _peak(runs: list[Started]) -> float | None:
    peaks = [s.peak_mib for s in runs if s.peak_mib is not None]
    return statistics.median(peaks) if peaks else None


# round trips -------------------------------------------------------------------------------------------------


@dataclass
class Call:
    """A tool call timed again and again: its arguments for the i-th call, and what a right answer looks like."""

    operation: str
    client: Client
    tool: str
    arguments: Callable[[int], dict[str, Any]]
    check: Callable[[int, CallToolResult], bool]
    target: float | None = ROUND_TRIP_TARGET
    notes: list[str] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    async def once(self, i: int) -> float:
        start = time.perf_counter()
        result = await self.client.call_tool(self.tool, self.arguments(i))
        elapsed = time.perf_counter() - start
        _expect(not result.is_error and self.check(i, result), f"{self.tool} answered wrongly: {result.content}")
        return elapsed


@contextmanager
def client_checks() -> Iterator[dict[str, list[float]]]:
    """The time the client (the SDK's, in this process) spends checking each answer against its tool's output
    schema, by tool: part of every round trip, and larger for an answer of many fields than for echo's one."""
    spent: dict[str, list[float]] = {}
    original = ClientSession.validate_tool_result

    async def timed(self: ClientSession, name: str, result: CallToolResult) -> None:
        start = time.perf_counter()
        try:
            await original(self, name, result)
        finally:
            spent.setdefault(name, []).append(time.perf_counter() - start)

    ClientSession.validate_tool_result = timed  # type: ignore[method-assign]
    try:
        yield spent
    finally:
        ClientSession.validate_tool_result = original  # type: ignore[method-assign]


def _text(result: CallToolResult) -> str:
    first = result.content[0] if result.content else None
    return getattr(first, "text", "")


def _status(result: CallToolResult) -> object:
    return (result.structured_content or {}).get("status")


def loop_arguments(schema: dict[str, Any]) -> Callable[[int], dict[str, Any]] | None:
    """check_loop's arguments for one new tool-call event, if its input schema takes events as expected."""
    properties = schema.get("properties", {})

    def event(i: int) -> dict[str, Any]:
        return {"kind": "tool_call", "name": "Read", "args": {"path": f"src/module_{i}.py"}}

    if "events" in properties:
        return lambda i: {"events": [event(i)]}
    if "event" in properties:
        return lambda i: {"event": event(i)}
    return None


async def round_trips(env: dict[str, str], mode: str, calls: int, errlog: TextIO) -> list[Row]:
    async with ECHO.client(env, mode, errlog) as echo, CONTEXT.client(env, mode, errlog) as context:
        await echo.list_tools()
        tools = {t.name: t for t in (await context.list_tools()).tools}
        stored = await context.call_tool("persist_result", {"content": SMALL_TEXT, "label": "bench"})
        handle = (stored.structured_content or {}).get("handle")
        _expect(isinstance(handle, str), f"persist_result returned no handle: {stored.content}")
        page = "".join(SMALL_TEXT.splitlines(keepends=True)[:PAGE_LINES])
        plan = [
            Call(
                f"round trip: echo(text), {ECHO.name}",
                echo,
                "echo",
                lambda i: {"text": f"ping {i}"},
                lambda i, r: _text(r) == f"ping {i}",
            ),
            Call(
                f"round trip: read_persisted, {PAGE_LINES}-line page",
                context,
                "read_persisted",
                lambda i: {"handle": handle, "start_line": 1, "max_lines": PAGE_LINES},
                lambda i, r: (r.structured_content or {}).get("content") == page,
            ),
            Call(
                "round trip: persist_result, already stored",
                context,
                "persist_result",
                lambda i: {"content": SMALL_TEXT, "label": "bench"},
                lambda i, r: (r.structured_content or {}).get("handle") == handle,
            ),
        ]
        loop, skipped = _loop_call(tools, context)
        plan += [loop] if loop is not None else []
        for call in plan:
            for i in range(WARMUP_CALLS):
                await call.once(-1 - i)
        with client_checks() as checks:
            for i in range(calls):
                for call in plan if i % 2 == 0 else plan[::-1]:
                    call.times.append(await call.once(i))
        for call in plan:
            if checks.get(call.tool):
                spent = duration(statistics.median(checks[call.tool]))
                call.notes.append(f"of which the client's check of the answer against the output schema: {spent}")
        peaks = {ECHO: server_peak_mib(ECHO.argv), CONTEXT: server_peak_mib(CONTEXT.argv)}
        era = context.protocol_version
    base = Row(plan[0].operation, era, plan[0].times, peaks[ECHO], notes=plan[0].notes)
    rows = [base] + [Row(c.operation, era, c.times, peaks[CONTEXT], base, c.target, c.notes) for c in plan[1:]]
    if skipped:
        rows.append(Row(LOOP_CALL, era, [], None, notes=[skipped]))
    return rows


def _loop_call(tools: dict[str, Tool], context: Client) -> tuple[Call | None, str]:
    """The check_loop round trip, or why this server gets none."""
    if "check_loop" not in tools:
        return None, "skipped: this server does not list check_loop"
    schema = tools["check_loop"].input_schema
    if (arguments := loop_arguments(schema)) is None:
        names = ", ".join(schema.get("properties", {}))
        return None, f"skipped: check_loop's input ({names}) takes no 'events' or 'event'"
    check = Call(
        LOOP_CALL, context, "check_loop", arguments, lambda i, r: _status(r) in VERDICTS, LOOP_TARGET, [LOOP_NOTE]
    )
    return check, ""


# driving and the report --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    runs: int  # start-ups of each server per era
    calls: int  # timed calls of each operation per era


QUICK = Settings(runs=5, calls=100)
FULL = Settings(runs=11, calls=300)


def measure(settings: Settings) -> list[Row]:
    home = Path(tempfile.mkdtemp(prefix="mcp-context-roundtrip-"))
    env = {"MCP_CONTEXT_HOME": str(home / "store")}  # over the SDK's default environment, for both servers
    rows: list[Row] = []
    try:
        with open(home / "servers.log", "w+", encoding="utf-8") as errlog:
            try:
                for mode in ERAS:
                    _log(f"[roundtrip] start-ups, {mode} client")
                    rows += anyio.run(startups, env, mode, settings.runs, errlog)
                    _log(f"[roundtrip] round trips, {mode} client")
                    rows += anyio.run(round_trips, env, mode, settings.calls, errlog)
            except Exception as exc:
                errlog.seek(0)
                raise RuntimeError(f"{exc}\nservers' stderr:\n{errlog.read()[-4000:]}") from exc
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return rows


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py)."""
    out = []
    for r in measure(QUICK if quick else FULL):
        out.append(
            {
                "operation": r.operation,
                "size": r.era,
                "median_s": r.median,
                "peak_mib": r.peak_mib,
                "baseline": "-" if r.base is None else ECHO.name,
                "ratio": r.ratio,
                "result": ", ".join(
                    ([r.verdict] if r.verdict else [])
                    + (["no target: also saves its state durably"] if r.base and r.target is None and r.times else [])
                    + ([f"n={len(r.times)}"] if r.times else r.notes)
                ),
            }
        )
    return out


def table(rows: list[Row]) -> str:
    lines = [["operation", "protocol", "n", "median", "server peak RSS MiB", "vs echo", "target"]]
    for r in rows:
        peak = f"{r.peak_mib:,.1f}" if r.peak_mib is not None else "-"
        ratio = f"×{r.ratio:.2f}" if r.ratio is not None else "1 (base)" if r.times else "-"
        median = duration(r.median) if r.median is not None else "-"
        lines.append([r.operation, r.era, str(len(r.times)), median, peak, ratio, r.verdict])
    return align(lines, left=2, texts=(6,))


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise AssertionError(f"wrong answer: {message}")


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.roundtrip", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK.runs} start-ups, {QUICK.calls} calls")
    parser.add_argument("--runs", type=int, help=f"start-ups of each server per era (default {FULL.runs})")
    parser.add_argument("--calls", type=int, help=f"timed calls of each operation per era (default {FULL.calls})")
    args = parser.parse_args(argv)
    chosen = QUICK if args.quick else FULL
    settings = Settings(args.runs or chosen.runs, args.calls or chosen.calls)
    if settings.runs < 3 or settings.calls < 5:
        parser.error("--runs must be at least 3 and --calls at least 5: a median of fewer says little")
    measured = measure(settings)
    print(table(measured))
    print()
    shown: set[str] = set()
    for r in measured:
        for note in r.notes:
            if note not in shown:  # the same note in both eras is said once
                shown.add(note)
                print(f"{r.operation}: {note}")
    print(
        "start-up: median of the runs, each server started alternately first, after one untimed start of each; "
        "peak: the server's VmHWM when tools/list was answered (start-up) or after every call (round trip)"
    )
    print(f"round trip: median of the calls, both servers up at once and called alternately; warm-up {WARMUP_CALLS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
