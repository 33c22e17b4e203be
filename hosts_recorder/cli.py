"""The command: record every scenario in both hosts, write the fixtures, check them."""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import __doc__ as DESCRIPTION
from .checks import check_all
from .hosts import Hosts, install, run_host
from .model import FakeModel, serve
from .plan import ROOT, Scenario
from .scenarios import scenarios
from .transcripts import normalise, trim_claude
from .truth import build_truth


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=str(ROOT / "tests" / "hosts"))
    ap.add_argument("--only", default="", help="comma list of HOST or HOST/SCENARIO (hosts: claude, gemini)")
    ap.add_argument("--keep", action="store_true", help="keep the scratch runs (homes, host outputs, model log)")
    ap.add_argument(
        "--timeout",
        type=int,
        default=180,
        help="limit for one host invocation (seconds; at least 10 s per planned step)",
    )
    ap.add_argument("--check", action="store_true", help="only check the fixtures already in --out (no recording)")
    return ap.parse_args(argv)


@dataclass
class Recording:
    """One recording run: the hosts, the fake model and where it listens, the scratch root and the output."""

    hosts: Hosts
    model: FakeModel
    port: int
    root: Path
    out: Path
    timeout: int


def main(argv: list[str] | None = None) -> int:
    a = arguments(argv)
    out = Path(a.out).resolve()
    if a.check:
        return check_all(out)
    hosts = install()
    print(f"claude: {hosts.claude_version}\ngemini: {hosts.gemini_version}", flush=True)
    have_gcc = shutil.which("gcc") is not None and shutil.which("make") is not None
    if not have_gcc:
        print("record-hosts: gcc/make missing: flagless-failures is skipped", file=sys.stderr)
    only = [x for x in a.only.split(",") if x]
    root = Path(tempfile.mkdtemp(prefix="record-hosts-"))
    model = FakeModel(root / "fake-model.jsonl")
    srv = serve(model)
    rec = Recording(hosts, model, srv.server_address[1], root, out, a.timeout)
    failed: list[str] = []
    try:
        for host in ("claude", "gemini"):
            for sc in scenarios(have_gcc):
                if (not only or host in only or f"{host}/{sc.name}" in only) and host in sc.hosts:
                    failed += record(rec, host, sc)
    finally:
        srv.shutdown()
        if a.keep:
            print(f"scratch runs kept in {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)
    print("\nchecking the fixtures:")
    checked = check_all(out)
    if failed:
        print("\nproblems:\n" + "\n".join(f"- {f}" for f in failed))
        return 1
    return checked


def record(rec: Recording, host: str, sc: Scenario) -> list[str]:
    """Run one scenario in one host and write its fixture; what failed, in one line each."""
    run_dir = rec.root / f"{host}-{sc.name}"
    run_dir.mkdir()
    files, problems, sid = run_host(host, rec.hosts, sc, run_dir, rec.model, rec.port, rec.timeout)
    if not files:
        return [f"{host}/{sc.name}: no session file written; " + "; ".join(problems)]
    # the session is the file holding every prompt; Gemini CLI's --resume also leaves a stub file
    # (same sessionId, only the session context) that is kept as <scenario>.resume-stub.<ext>
    marks = [json.dumps(p.text)[1:-1] for p in sc.prompts]
    full = [f for f in files if all(m in f.read_text(encoding="utf-8") for m in marks)]
    if not full:
        return [f"{host}/{sc.name}: no session file holds all prompts ({[f.name for f in files]})"]
    src = max(full, key=lambda f: f.stat().st_size)
    dest = rec.out / host / f"{sc.name}{''.join(src.suffixes[-1:]) or '.jsonl'}"
    dest.parent.mkdir(parents=True, exist_ok=True)
    for stale in dest.parent.glob(f"{sc.name}.*"):  # this scenario's files from an earlier recording
        if stale.is_dir():
            shutil.rmtree(stale)
        else:
            stale.unlink()
    other_names = copy_others(host, sc, [f for f in files if f != src], dest, run_dir, rec.root, problems)
    text = normalise(src.read_text(encoding="utf-8"), run_dir, rec.root)
    trimmed: list[int] = []
    if host == "claude":
        text, trimmed = trim_claude(text)
    dest.write_text(text, encoding="utf-8")
    copy_tool_results(sc, src, dest, rec.out, problems)
    truth = build_truth(host, rec.hosts, sc, dest, sid, problems, run_dir / "last-request.json")
    req = run_dir / "last-request.json"
    if req.is_file():  # what the host sent the model last: the ground truth for "what the model saw"
        shutil.copyfile(req, dest.parent / f"{sc.name}.last-request.json")
    truth |= {"trimmed_lines": trimmed, "host_file_name": src.name, "other_session_files": other_names}
    size = dest.stat().st_size
    if size > sc.max_bytes:
        problems.append(f"fixture is {size:,} bytes (> {sc.max_bytes // 1000} KB)")
    truth["problems"] = problems
    (dest.parent / f"{sc.name}.truth.json").write_text(json.dumps(truth, indent=2, ensure_ascii=False) + "\n")
    report(dest, rec.out, size, truth, problems)
    return [f"{host}/{sc.name}: " + "; ".join(problems)] if problems else []


def copy_others(
    host: str, sc: Scenario, others: list[Path], dest: Path, run_dir: Path, root: Path, problems: list[str]
) -> list[dict[str, Any]]:
    """The session files beside the one kept (Gemini CLI's resume stubs), copied normalised; what they are."""
    names = []
    for k, f in enumerate(others, 1):
        name = f"{sc.name}.resume-stub{'' if len(others) == 1 else k}{f.suffix}"
        if host != "gemini" or len(sc.prompts) < 2:
            problems.append(f"unexpected extra session file {f.name}")
            name = f"{sc.name}.extra{k}{f.suffix}"
        (dest.parent / name).write_text(normalise(f.read_text(encoding="utf-8"), run_dir, root))
        names.append({"fixture": name, "host_file_name": f.name, "bytes": f.stat().st_size})
    return names


def copy_tool_results(sc: Scenario, src: Path, dest: Path, out: Path, problems: list[str]) -> None:
    """Claude Code keeps big outputs in <session>/tool-results/*.txt: copied beside the fixture."""
    extra_dir = src.with_suffix("")
    side = sorted(p for p in extra_dir.rglob("*") if p.is_file()) if extra_dir.is_dir() else []
    for p in side:
        if p.parent.name == "tool-results":
            copy = dest.parent / f"{sc.name}.tool-results" / p.name
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(p, copy)
            print(f"     + {p.relative_to(src.parent)} -> {copy.relative_to(out)}")
        else:
            problems.append(f"host also wrote {p.relative_to(src.parent)} (not copied)")


def report(dest: Path, out: Path, size: int, truth: dict[str, Any], problems: list[str]) -> None:
    status = "OK" if not problems else "PROBLEMS"
    print(
        f"  -> {dest.relative_to(out.parent) if out.parent in dest.parents else dest} "
        f"{size:,} bytes, {len(truth['tool_calls'])} tool calls, reader: "
        f"{truth['reader']['messages']} messages {truth['reader']['error'] or ''} [{status}]",
        flush=True,
    )
    for problem in problems:
        print(f"     ! {problem}", flush=True)
