"""``mcp-context demo``: the whole product in under a minute, driven the way a host drives it.

It starts the real server as a subprocess over stdio, talks to it with the MCP SDK's own client, and plays a
long agent run on this machine's own material (material.py), printing what each call sent, what came
back, and the figures that matter. It needs no network, no key and no configuration.
"""

from __future__ import annotations

import itertools
import os
import shlex
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TextIO, TypeVar

import anyio
from mcp import Client, StdioServerParameters

from ..config import command_for_people
from . import material

T = TypeVar("T")
SPIN = "|/-\\"
#: Calls slower than this get a live progress line on a terminal.
SLOW_S = 0.3


class Show:
    """Everything the demo prints: numbered steps, the call sent (→), the answer (←), figures, a progress line."""

    def __init__(self, out: TextIO, steps: int) -> None:
        self.out, self.steps, self.step_no = out, steps, 0
        self.live = out.isatty()

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def step(self, title: str) -> None:
        self.step_no += 1
        self.say(f"\n[{self.step_no}/{self.steps}] {title}")

    def sent(self, tool: str, args: dict[str, Any]) -> None:
        shown = ", ".join(f"{k}={_short(v)}" for k, v in args.items())
        self.say(f"  → {tool}({shown})")

    def got(self, text: str, seconds: float | None = None) -> None:
        took = f"  [{_duration(seconds)}]" if seconds is not None else ""
        self.say(f"  ← {text}{took}")

    def note(self, text: str) -> None:
        self.say(f"    {text}")

    async def progress(self, label: str, work: Callable[[], Awaitable[T]]) -> tuple[T, float]:
        """Run ``work``; on a terminal, a spinner with the elapsed time stays on screen while it is slow."""
        start = time.perf_counter()
        shown = False

        async def spin() -> None:
            nonlocal shown
            await anyio.sleep(SLOW_S)
            shown = True
            for tick in itertools.count():
                self.out.write(f"\r    {SPIN[tick % 4]} {label} {time.perf_counter() - start:4.1f} s")
                self.out.flush()
                await anyio.sleep(0.1)

        async with anyio.create_task_group() as tg:
            if self.live:
                tg.start_soon(spin)
            result = await work()
            tg.cancel_scope.cancel()
        if shown:
            self.out.write("\r" + " " * (len(label) + 16) + "\r")
        return result, time.perf_counter() - start


def _short(value: Any) -> str:
    if isinstance(value, str):
        return repr(value) if len(value) <= 60 else f"<{len(value):,} chars>"
    if isinstance(value, list):
        if value and all(isinstance(v, dict) and "kind" in v for v in value):  # check_loop events
            return "[" + ", ".join(" ".join(str(v[k]) for k in ("kind", "name") if k in v) for v in value) + "]"
        return f"<{len(value):,} messages>"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_short(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _duration(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds < 1 else f"{seconds:.2f} s"


def _size(n: float) -> str:
    """Binary units, as the CLI's tables print them."""
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:,.0f} {unit}" if unit == "B" else f"{n:,.1f} {unit}"
        n /= 1024
    return ""


def _line(text: str, width: int) -> str:
    """One line of a result as shown in the demo, marked when it was cut."""
    return text if len(text) <= width else text[: width - 1] + "…"


def _on_disk(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else 0


def _tokens(out: dict[str, Any], key: str = "tokens", method_key: str = "token_method") -> str:
    method = str(out.get(method_key, ""))
    how = "exact, " + method.split(":", 1)[1] if method.startswith("exact") else "estimated"
    return f"{out[key]:,} tokens ({how})"


class Demo:
    def __init__(self, client: Client, show: Show, session_dir: Path) -> None:
        self.client, self.show, self.dir = client, show, session_dir

    async def call(self, tool: str, args: dict[str, Any], label: str | None = None) -> tuple[dict[str, Any], float]:
        self.show.sent(tool, args)
        result, took = await self.show.progress(label or tool, lambda: self.client.call_tool(tool, args))
        if result.is_error or result.structured_content is None:
            text = " ".join(getattr(c, "text", "") for c in result.content)
            raise RuntimeError(f"{tool} failed: {text}")
        return result.structured_content, took

    async def persist(self, text: str, label: str, source: str) -> dict[str, Any]:
        before = _on_disk(self.dir)
        out, took = await self.call("persist_result", {"content": text, "label": label, "source": source})
        self.show.got(f"handle {out['handle']}: {out['chars']:,} chars, {out['lines']:,} lines, {_tokens(out)}", took)
        self.show.note(
            f"the model keeps a {len(out['preview']):,}-char preview instead of {out['chars']:,} chars; "
            f"{_size(_on_disk(self.dir) - before)} written to disk (text, line index, metadata)"
        )
        return out

    async def read_page(self, handle: str, start_line: int) -> None:
        out, took = await self.call("read_persisted", {"handle": handle, "start_line": start_line, "max_lines": 5})
        self.show.got(f"lines {out['first_line']:,}-{out['last_line']:,} of {out['total_lines']:,}", took)
        for line in (out["content"] or "").splitlines()[:3]:
            self.show.note(f"| {_line(line, 100)}")
        if out.get("next_call"):
            self.show.note(f"next page: {out['next_call']}")

    async def grep(self, handle: str, pattern: str) -> None:
        out, took = await self.call("read_persisted", {"handle": handle, "grep": pattern, "max_matches": 3})
        self.show.got(f"{out['match_count']} matching line(s), each with its context lines", took)
        for line in [m for m in out["matches"] if m["match"]][:3]:
            self.show.note(f"| {line['line']:>6}: {_line(line['text'], 90)}")
        if out.get("next_call"):
            self.show.note(f"more: {out['next_call']}")


async def run(root: Path, session: str, out: TextIO) -> Path:
    show = Show(out, steps=7)
    session_dir = root / "sessions" / session
    show.say("mcp-context demo: a scripted agent run against the real server, on this machine's own files.")
    show.say("No network, no key: the server is a subprocess over stdio, driven by the MCP SDK's client.")

    show.step("Start the server (mcp-context serve over stdio)")
    env = dict(os.environ, MCP_CONTEXT_HOME=str(root), MCP_CONTEXT_SESSION=session)
    params = StdioServerParameters(command=sys.executable, args=["-m", "mcp_context", "serve"], env=env)
    start = time.perf_counter()
    async with Client(params) as client:
        tools = (await client.list_tools()).tools
        show.got(f"ready, {len(tools)} tools: {', '.join(t.name for t in tools)}", time.perf_counter() - start)
        demo = Demo(client, show, session_dir)

        show.step("Persist a large real file and a long real command output")
        big = material.large_file()
        stored = await demo.persist(big.text, big.path.name, str(big.path))
        command, output = material.command_output()
        log = await demo.persist(output, "import-time trace", command)

        show.step("Read them back: a page by line, and grep")
        await demo.read_page(stored["handle"], stored["lines"] // 2)
        await demo.grep(log["handle"], r"mcp_context\.storage")

        history = material.agent_history(command, output)
        show.step(f"Compact a {len(history)}-message agent history to a token budget")
        await compact(demo, history)

        show.step("Summarise a range of it (extractive: no model needed)")
        await summarize(demo, history)

        show.step("Walk into a loop: check_loop after every tool call")
        await loop(demo)

        show.step("Where it all is")
    show.say(f"  session directory: {session_dir} ({_size(_on_disk(session_dir))} on disk)")
    show.say("  browse it:")
    command = f"{command_for_people()} --root {shlex.quote(str(root))}"
    show.say(f"    {command} --session {session} results")
    show.say(f"    {command} read {stored['handle']} --grep coroutine --max-matches 5")
    show.say(f"    {command} delete-session {session}")
    show.say("  see its story in a browser (the timeline, each compaction, the loop stop):")
    show.say(f"    {command} --session {session} ui --open")
    return session_dir


async def compact(demo: Demo, history: list[dict[str, Any]]) -> None:
    args = {"messages": history, "target_tokens": 12_000, "keep": 4_000, "return_messages": False}
    out, took = await demo.call("compact_history", args, "compacting")
    demo.show.got(
        f"{out['message_count_before']} → {out['message_count_after']} messages, "
        f"{out['tokens_before']:,} → {out['tokens_after']:,} tokens "
        f"({'exact' if out['token_method'].startswith('exact') else 'estimated'}), fits: {out['fits']}",
        took,
    )
    for layer in out["layers"]:
        if layer["changed"]:
            demo.show.note(
                f"layer {layer['layer']} {layer['name']}: {layer['changed']} changed, -{layer['tokens_saved']:,}"
            )
    demo.show.note(f"originals of everything removed or shortened: {out['archive_handle']}")
    demo.show.note(f"the compacted history itself: {out['history_handle']} (read_persisted pages it)")
    again = dict(args, messages=history + [{"role": "assistant", "content": "Looking at storage/files.py now."}])
    out2, took2 = await demo.call("compact_history", again, "compacting again")
    demo.show.got(
        f"one message later: {out2['tokens_after']:,} tokens, earlier replacements replayed byte for byte "
        "(the host's prompt cache keeps hitting)",
        took2,
    )


async def summarize(demo: Demo, history: list[dict[str, Any]]) -> None:
    end = len(history) // 2
    args = {"messages": history, "start": 1, "end": end, "style": "sections", "engine": "extractive"}
    out, took = await demo.call("summarize_range", args, "summarising")
    demo.show.got(
        f"messages {out['start']}-{out['end']} ({out['range_tokens']:,} tokens) → a {out['summary_tokens']:,}-token "
        f"summary, {out['reduction']:.0%} smaller",
        took,
    )
    lines = [line for line in (out["summary"] or "").splitlines() if line.strip()]
    for line in lines[:8]:
        demo.show.note(f"| {_line(line, 110)}")
    demo.show.note(f"| ... ({len(lines) - 8} more lines; every item cites the message it came from)")
    demo.show.note(f"summary {out['summary_handle']}, the exact range it covers {out['archive_handle']}")


async def loop(demo: Demo) -> None:
    path = str(material.PACKAGE / "storage" / "files.py")
    text = Path(path).read_text(encoding="utf-8")
    user = {"kind": "user", "text": "Check the writes in storage/files.py"}
    out, took = await demo.call("check_loop", {"events": [user]})
    demo.show.got(f"{out['status']}: a new user prompt, tracking starts afresh", took)
    for attempt in range(1, 12):
        events = [
            {"kind": "turn"},
            {"kind": "tool_call", "name": "read_file", "args": {"path": path}},
            {"kind": "tool_result", "name": "read_file", "text": text},
        ]
        out, took = await demo.call("check_loop", {"events": events})
        found = f" ({out['kind']}, strike {out['strike']})" if out.get("kind") else ""
        demo.show.got(f"read #{attempt} of the same file: {out['status']}{found}", took)
        if out["status"] != "ok":
            demo.show.note(f"nudge for the model: {out['nudge']}")
        if out["status"] == "stop":
            break


def main(root: Path, session: str, out: TextIO = sys.stdout) -> None:
    anyio.run(run, root, session, out)
