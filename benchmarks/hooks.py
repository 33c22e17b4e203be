"""``python -m benchmarks.hooks [--runs 15]``: what a host pays for each hook call, and what the model gets.

A hook is a new process per tool call, so its cost is its start-up. Measured as the host runs it, spawn
included, from this install's ``mcp-context`` script with the JSON on stdin, median of ``--runs``:

    baseline      ``python -c pass`` with the same interpreter, in the same run
    cli floor     ``mcp-context --version``: the package and the CLI imported, no hook code
    hook ...      each event on realistic input: a small Bash output (the goal: under 150 ms), ``seq 1
                  300000`` (1.9 MB, read from persistedOutputPath as Claude Code gives it), a pre-tool-use loop
                  check (also through the plugin's launcher, bin/mcp-context, as the plugin runs it), a Gemini
                  AfterTool on a small output

And the sizes injected into the conversation: the Bash replacement (the model's whole tool result), Gemini
CLI's additional context for the same output, the PreCompact instructions and the SessionStart snapshot for a
recorded Claude Code session. Last, whether the small-output path loaded pydantic or the MCP SDK
(``-X importtime``): either would cost 100 ms or more.
"""

from __future__ import annotations

import argparse
import compileall
import importlib.machinery
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = Path(sys.executable).parent / "mcp-context"
#: What the Claude Code plugin and the Gemini CLI extension run (their hooks/hooks.json).
LAUNCHER = ROOT / "bin" / "mcp-context"
SID = "b7e1c0de-0000-4000-8000-000000000001"
GOAL_MS = 150.0


def _bash(stdout: str, **extra: Any) -> dict[str, Any]:
    return {
        "session_id": SID,
        "transcript_path": "/dev/null",
        "cwd": "/tmp",
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "seq 1 300000", "description": "Count"},
        "tool_response": {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False, **extra},
    }


def _time(argv: list[str], stdin: bytes, runs: int, env: dict[str, str]) -> tuple[float, bytes]:
    """Median wall seconds of ``runs`` spawns, and the last run's stdout."""
    times, out = [], b""
    for _ in range(runs):
        t0 = time.perf_counter()
        done = subprocess.run(argv, input=stdin, capture_output=True, env=env, check=False)
        times.append(time.perf_counter() - t0)
        out = done.stdout
    return statistics.median(times), out


def bytecode() -> None:
    """Write the package's bytecode, as an install has it, before anything is timed: a shell that sets
    PYTHONDONTWRITEBYTECODE (as agents' shells often do) would otherwise have every spawn compile each module
    edited since its bytecode was last written, and the figures would measure that."""
    import mcp_context

    compileall.compile_dir(str(Path(mcp_context.__file__).parent), quiet=1)


def plugin_launcher(work: Path, env: dict[str, str]) -> tuple[list[str], dict[str, str]]:
    """The pre-tool-use hook as the Claude Code plugin runs it (hooks/hooks.json): ``python3 -S bin/mcp-context --in
    claude ...`` with this interpreter, execing into the environment it would have installed, here one made of this
    install's packages (its interpreter and site-packages). A first call lets the launcher note the source's
    digest, as the first hook after an install does."""
    loader = importlib.machinery.SourceFileLoader("plugin_launcher", str(LAUNCHER))
    spec = importlib.util.spec_from_loader("plugin_launcher", loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    plugin_env = {**env, "MCP_CONTEXT_PLUGIN_HOME": str(work / "plugin"), "CLAUDE_PLUGIN_ROOT": str(ROOT)}
    for name in ("GEMINI_SESSION_ID", "GEMINI_PROJECT_DIR", "GEMINI_CLI"):
        plugin_env.pop(name, None)
    made = work / "plugin" / f"env-{module.digest()}"
    (made / "bin").mkdir(parents=True)
    venv = Path(sys.prefix)
    shutil.copy2(venv / "pyvenv.cfg", made / "pyvenv.cfg")
    (made / "bin" / "python").symlink_to(Path(sys.executable).resolve())
    (made / "lib").symlink_to(venv / "lib")
    (made / "ready").touch()
    argv = [sys.executable, "-S", str(LAUNCHER), "--in", "claude", "hook", "claude", "pre-tool-use"]
    subprocess.run(argv, input=b"{}", capture_output=True, env=plugin_env, check=True)
    return argv, plugin_env


def _loaded_heavy(argv: list[str], stdin: bytes, env: dict[str, str]) -> list[str]:
    done = subprocess.run([sys.executable, "-X", "importtime", *argv], input=stdin, capture_output=True, env=env)
    names = {line.split("|")[-1].strip() for line in done.stderr.decode().splitlines() if "|" in line}
    return sorted(n for n in names if n.split(".")[0] in ("pydantic", "mcp", "pydantic_core", "tiktoken"))


def measure(runs: int) -> dict[str, Any]:
    bytecode()
    work = Path(tempfile.mkdtemp(prefix="bench-hooks-"))
    env = {**os.environ, "MCP_CONTEXT_HOME": str(work / "root")}
    whole = "".join(f"{i}\n" for i in range(1, 300001))
    saved = work / "b1.txt"
    saved.write_text(whole)
    small = json.dumps(_bash("1\n2\n3\n4\n5\n6\n7\n8\n9\n10")).encode()
    big = json.dumps(_bash(whole[:30000], persistedOutputPath=str(saved), persistedOutputSize=len(whole))).encode()
    pre = json.dumps({"session_id": SID, "tool_name": "Bash", "tool_input": {"command": "ls"}}).encode()
    gem = {"session_id": SID, "tool_name": "run_shell_command", "tool_input": {"command": "ls"}}
    gem_small = json.dumps({**gem, "tool_response": {"llmContent": "Output: a\nb", "returnDisplay": "a\nb"}}).encode()
    hook = [str(SCRIPT), "hook"]
    rows: dict[str, Any] = {}
    rows["baseline: python -c pass"] = _time([sys.executable, "-c", "pass"], b"", runs, env)[0]
    rows["cli floor: mcp-context --version"] = _time([str(SCRIPT), "--version"], b"", runs, env)[0]
    rows["hook claude post-tool-use, small output"] = _time([*hook, "claude", "post-tool-use"], small, runs, env)[0]
    t, out = _time([*hook, "claude", "post-tool-use"], big, max(3, runs // 3), env)
    rows["hook claude post-tool-use, 1.9 MB output"] = t
    replacement = json.loads(out)["hookSpecificOutput"]["updatedToolOutput"]["stdout"]
    rows["hook claude pre-tool-use (loop check)"] = _time([*hook, "claude", "pre-tool-use"], pre, runs, env)[0]
    launched, plugin_env = plugin_launcher(work, env)
    rows["hook claude pre-tool-use, plugin launcher"] = _time(launched, pre, runs, plugin_env)[0]
    rows["hook gemini after-tool, small output"] = _time([*hook, "gemini", "after-tool"], gem_small, runs, env)[0]
    llm = f"<untrusted_context>\nOutput: {whole}\nProcess Group PGID: 1\n</untrusted_context>"
    gem_big = json.dumps({**gem, "tool_response": {"llmContent": llm, "returnDisplay": whole}}).encode()
    gem_out = json.loads(_time([*hook, "gemini", "after-tool"], gem_big, 1, env)[1])
    sizes = {
        "claude Bash replacement (seq 1 300000, 1,988,895 chars)": len(replacement),
        "gemini AfterTool additionalContext (same output)": len(gem_out["hookSpecificOutput"]["additionalContext"]),
    }
    sizes.update(_compaction_sizes(hook, env))
    heavy = _loaded_heavy([*hook, "claude", "post-tool-use"], small, env)
    return {"times": rows, "sizes": sizes, "heavy": heavy, "runs": runs}


#: A host summary that keeps the request only, as a lossy compaction writes one.
LOSSY = "1. Primary Request and Intent: fix the failing test suite of this project.\n2. Files: none yet."


def _compaction_sizes(hook: list[str], env: dict[str, str]) -> dict[str, int]:
    """What each compaction event adds to the context of a recorded session: the PreCompact instructions (auto
    and manual), SessionStart(compact)'s line, and what the next prompt gets: the drops once the host's summary
    is known (PostCompact handed it over), or the whole snapshot when it never is (the fallback, as before)."""
    transcript = str(ROOT / "tests" / "hosts" / "claude" / "fix-failing-test.jsonl")
    sizes: dict[str, int] = {}

    def call(event: str, sid: str, **extra: Any) -> str:
        data = {"session_id": sid, "transcript_path": transcript, **extra}
        out = subprocess.run([*hook, "claude", event], input=json.dumps(data).encode(), capture_output=True, env=env)
        text = out.stdout.decode()
        return json.loads(text)["hookSpecificOutput"]["additionalContext"] if text.startswith("{") else text

    for trigger, sid in (("auto", SID), ("manual", SID.replace("0001", "0002"))):
        sizes[f"claude PreCompact instructions, {trigger} (recorded session)"] = len(
            call("pre-compact", sid, trigger=trigger, custom_instructions=None)
        )
        sizes[f"claude SessionStart(compact) line ({trigger})"] = len(call("session-start", sid, source="compact"))
        if trigger == "manual":
            call("post-compact", sid, trigger=trigger, compact_summary=LOSSY)
            name = "claude UserPromptSubmit after it: the drops of a lossy summary"
        else:
            name = "claude UserPromptSubmit after it, summary never known: the whole snapshot"
        sizes[name] = len(call("user-prompt-submit", sid, prompt="go on"))
    return sizes


def report(result: dict[str, Any]) -> str:
    times, base = result["times"], result["times"]["baseline: python -c pass"]
    lines = [f"hook wall time, spawn included (median of {result['runs']} runs)", ""]
    for name, seconds in times.items():
        over = "" if name.startswith("baseline") else f"  (+{(seconds - base) * 1000:,.0f} ms over the baseline)"
        lines.append(f"  {name:<44} {seconds * 1000:>7,.0f} ms{over}")
    small = times["hook claude post-tool-use, small output"] * 1000
    verdict = "met" if small < GOAL_MS else "NOT met"
    lines += ["", f"  goal: small output under {GOAL_MS:.0f} ms: {verdict} ({small:,.0f} ms)", ""]
    lines.append("injected into the conversation (characters)")
    lines += [f"  {name:<56} {size:>7,}" for name, size in result["sizes"].items()]
    heavy = ", ".join(result["heavy"]) or "none"
    lines += ["", f"heavy modules loaded on the small-output path (pydantic, mcp, tiktoken): {heavy}"]
    return "\n".join(lines)


def rows(quick: bool) -> list[dict[str, Any]]:
    """The suite's rows (see benchmarks/__main__.py): each hook's wall time against ``python -c pass``."""
    result = measure(7 if quick else 15)
    times = result["times"]
    base = times["baseline: python -c pass"]
    return [
        {
            "operation": name,
            "size": "spawn included",
            "median_s": seconds,
            "peak_mib": None,
            "baseline": "-" if name.startswith("baseline") else "python -c pass",
            "ratio": None if name.startswith("baseline") else seconds / base,
            "result": f"n={result['runs']}"
            + (f", goal under {GOAL_MS:.0f} ms" if name == "hook claude post-tool-use, small output" else ""),
        }
        for name, seconds in times.items()
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not SCRIPT.exists():
        print(f"benchmarks.hooks: {SCRIPT} not found (run with the venv's python)", file=sys.stderr)
        return 2
    result = measure(args.runs)
    print(json.dumps(result, indent=1) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
