"""The real hosts: installed, given a fresh HOME and a scratch project, run headless against the fake model."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from .calls import for_host
from .model import FakeModel
from .plan import GEMINI_MODEL, INSTALLER, PROJECT_FILES, UUID_NS, Scenario
from .transcripts import normalise

# ----------------------------------------------------------------------------------------------- installation


@dataclass
class Hosts:
    node_bin: str
    claude: str
    gemini: str
    claude_version: str
    gemini_version: str


def install() -> Hosts:
    if not INSTALLER.is_file():
        sys.exit(f"record-hosts: installer {INSTALLER} not found (set RECORD_HOSTS_INSTALLER)")
    r = subprocess.run(["bash", str(INSTALLER), "--install-only"], capture_output=True, text=True, cwd="/tmp")
    if r.returncode != 0:
        sys.exit(f"record-hosts: {INSTALLER} --install-only failed (rc={r.returncode}):\n{r.stderr}{r.stdout}")
    info = dict(line.split(":", 1) for line in r.stdout.splitlines() if ":" in line)
    m = re.match(r"\s*(\S+)\s+\((.*)\)", info.get("node", ""))
    if not m:
        sys.exit(f"record-hosts: cannot parse installer output:\n{r.stdout}")
    node_bin = m.group(2)
    claude_v = info.get("claude", "").strip()
    gemini_v = info.get("gemini", "").strip()
    cv = claude_v.split()[0] if claude_v else ""
    cache = Path(
        os.environ.get("REAL_CLIENTS_CACHE")
        or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "real-clients"
    )
    dirs = [d for d in (cache / "clients").glob(f"*claude-{cv}.gemini-{gemini_v}") if (d / ".installed").exists()]
    if not dirs:
        sys.exit(f"record-hosts: no installed clients for claude {cv} / gemini {gemini_v} under {cache}/clients")
    nm = dirs[0] / "node_modules"
    claude = nm / "@anthropic-ai/claude-code-linux-x64/claude"
    if not os.access(claude, os.X_OK):
        claude = nm / ".bin/claude"
    return Hosts(node_bin, str(claude), str(nm / ".bin/gemini"), claude_v, gemini_v)


# ------------------------------------------------------------------------------------------------- running

DROP_ENV = (
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_AUTH_TOKEN",
    "CLAUDE_CODE_OAUTH_TOKEN",
    "ANTHROPIC_BASE_URL",
    "GEMINI_API_KEY",
    "GOOGLE_API_KEY",
    "GOOGLE_GENAI_USE_VERTEXAI",
    "GOOGLE_GENAI_USE_GCA",
    "GOOGLE_APPLICATION_CREDENTIALS",
    "GOOGLE_CLOUD_PROJECT",
    "GOOGLE_GEMINI_BASE_URL",
    "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME",
    "XDG_DATA_HOME",
    "CLAUDECODE",
    "CLAUDE_CODE_SESSION_ID",
    "CLAUDE_PROJECT_DIR",
    "GEMINI_CLI",
    "GEMINI_SESSION_ID",
    "GEMINI_PROJECT_DIR",
    "VIRTUAL_ENV",
)


def host_env(hosts: Hosts, home: Path, port: int, host: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in DROP_ENV and not k.startswith(("CLAUDE_CODE_", "OTEL_"))}
    env.update(
        HOME=str(home),
        CI="true",
        NO_COLOR="1",
        TERM="dumb",
        LC_ALL="C",
        LANG="C",
        PATH=f"{hosts.node_bin}:{os.environ.get('PATH', '/usr/bin:/bin')}",
        DISABLE_AUTOUPDATER="1",
        DISABLE_TELEMETRY="1",
        DISABLE_ERROR_REPORTING="1",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC="1",
        GEMINI_CLI_TRUST_WORKSPACE="true",
    )
    if host == "claude":
        env.update(ANTHROPIC_API_KEY="sk-ant-dummy-not-a-key", ANTHROPIC_BASE_URL=f"http://127.0.0.1:{port}")
    else:
        env.update(GEMINI_API_KEY="dummy-not-a-key", GOOGLE_GEMINI_BASE_URL=f"http://127.0.0.1:{port}")
    return env


def make_project(proj: Path, extra: dict[str, str] | None = None) -> None:
    for rel, text in (PROJECT_FILES | (extra or {})).items():
        p = proj / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)


def gemini_settings(home: Path) -> None:
    d = home / ".gemini"
    d.mkdir(parents=True, exist_ok=True)
    s = {
        "security": {"auth": {"selectedType": "gemini-api-key"}},
        "privacy": {"usageStatisticsEnabled": False},
        "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
    }
    (d / "settings.json").write_text(json.dumps(s, indent=2))


def run_host(
    host: str, hosts: Hosts, sc: Scenario, run_dir: Path, model: FakeModel, port: int, timeout: int
) -> tuple[list[Path], list[str], str]:
    """Run every prompt of the scenario; return (session files written, problems, session id)."""
    proj, home = run_dir / "proj", run_dir / "home"
    make_project(proj, sc.files)
    home.mkdir(parents=True)
    if host == "gemini":
        gemini_settings(home)
    env = host_env(hosts, home, port, host) | sc.host_env.get(host, {})
    sid = str(uuid.uuid5(UUID_NS, f"{host}/{sc.name}"))
    problems: list[str] = []
    model.set_plan(for_host(sc.prompts, host), str(proj), run_dir / "fake-model.jsonl")
    for i, prompt in enumerate(sc.prompts):
        wait_for_minute(sc.resume_timing.get(host), i)
        cmd = host_command(host, hosts, prompt.text, sid, i)
        out = run_dir / f"{host}-turn{i + 1}.out"
        limit = max(timeout, 10 * len(prompt.steps))  # a long prompt gets 10 s per step
        t0 = time.time()
        try:
            with open(out, "w") as f:
                r = subprocess.run(
                    cmd, cwd=proj, env=env, stdin=subprocess.DEVNULL, stdout=f, stderr=subprocess.STDOUT, timeout=limit
                )
            rc: int | str = r.returncode
        except subprocess.TimeoutExpired:
            rc = f"timeout after {limit}s"
        print(f"  {host} {sc.name} turn {i + 1}: rc={rc} in {time.time() - t0:.1f}s ({out})", flush=True)
        if rc != 0:
            tail = out.read_text(errors="replace").strip().splitlines()[-3:]
            problems.append(f"turn {i + 1}: `{' '.join(cmd[:2])} ...` rc={rc}: {' | '.join(tail)[:400]}")
        problems += model.problems
    if model.last_main is not None:
        (run_dir / "last-request.json").write_text(
            normalise(json.dumps(model.last_main, ensure_ascii=False), run_dir, run_dir.parent)
        )
    if host == "claude":
        files = sorted((home / ".claude" / "projects").glob("*/*.jsonl"))
    else:
        files = sorted((home / ".gemini" / "tmp").glob("*/chats/session-*"), key=lambda p: p.stat().st_mtime)
    return files, problems, sid


def wait_for_minute(timing: str | None, turn: int) -> None:
    """Gemini CLI names a chat file by its start minute: wait so the resume lands where the scenario wants."""
    sec = time.time() % 60
    if timing == "same-minute" and turn == 0 and sec > 30:
        print(f"  (waiting {61 - sec:.0f}s for a fresh minute: both runs must start in one minute)", flush=True)
        time.sleep(61 - sec)
    if timing == "next-minute" and turn > 0:
        print(f"  (waiting {61 - sec:.0f}s for the next minute before resuming)", flush=True)
        time.sleep(61 - sec)


def host_command(host: str, hosts: Hosts, text: str, sid: str, turn: int) -> list[str]:
    """The headless command for one prompt: the first starts the session, the later ones resume it."""
    if host == "claude":
        tools = ["Bash", "Read", "Edit", "Write", "Grep", "ToolSearch", "TaskCreate", "TaskUpdate"]
        cmd = [hosts.claude, "-p", text, "--output-format", "stream-json", "--verbose", "--allowedTools", *tools]
        cmd += ["--permission-mode", "acceptEdits"]
        return cmd + (["--session-id", sid] if turn == 0 else ["--resume", sid])
    cmd = [hosts.gemini, "-p", text, "-m", GEMINI_MODEL, "--approval-mode", "yolo", "-o", "stream-json"]
    return cmd + (["--session-id", sid] if turn == 0 else ["--resume", "latest"])
