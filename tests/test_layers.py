"""The package's structure, checked so that it cannot drift: every module imports, each layer imports only the
layers below it, nothing below the faces loads the MCP SDK or click, and no module or function outgrows what a
reader can hold. docs/architecture.md draws the same picture."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mcp_context"

#: Each room (a subpackage or a top-level module) and its layer: a room imports only rooms of lower layers.
LAYERS: dict[str, int] = {
    "errors": 0,
    "limits": 0,
    "spelling": 0,
    "lazy": 0,  # a package's names loaded on first use: the package and its loops name their modules through it
    "redaction": 1,  # its memo keys messages by their spelling
    "arguments": 1,
    "tokens": 2,
    "storage": 3,
    "results": 4,
    "conversation": 5,
    "summary": 6,
    "loops": 6,
    "reuse": 6,  # the memos kept between calls, which compaction is handed: above what they hold, below compaction
    "compaction": 7,  # its layer 5 summarises older turns: compaction uses summary, never the reverse
    "config": 8,
    "journal": 8,
    "reach": 8,
    "session": 9,
    "server": 10,
    "cli": 10,
    "demo": 10,
    "hooks": 10,
    "ui": 10,
}
#: The faces may lean on each other one way: the CLI starts the server (serve), plays the demo and runs the hooks;
#: the server reads the hooks' audit and gauge as resources; the CLI starts the viewer, which shows the hooks' work.
FACE_EDGES = {("cli", "server"), ("cli", "demo"), ("cli", "hooks"), ("server", "hooks"), ("cli", "ui"), ("ui", "hooks")}
FACES = {"server", "cli", "demo", "ui"}
#: The package's front door re-exports from every layer; python -m hands over to the CLI.
TOP = {"__init__", "__main__"}
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60


def modules() -> list[tuple[str, Path]]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out.append((".".join(parts), path))
    return out


def room(module: str) -> str:
    parts = module.split(".")
    return "__init__" if len(parts) == 1 else parts[1]


def imported(path: Path, module: str) -> set[str]:
    """Every module ``path`` imports, absolute, TYPE_CHECKING blocks left out (they cost nothing at run time)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for stmt in node.body
        for inner in ast.walk(stmt)
    }
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
            target = ".".join(part for part in (base, node.module or "") if part)
            out.add(target)
    return out


def test_every_room_has_a_layer() -> None:
    rooms = {room(module) for module, _ in modules()}
    assert rooms - TOP <= set(LAYERS), f"rooms without a layer: {sorted(rooms - TOP - set(LAYERS))}"


@pytest.mark.slow
def test_layers_import_only_downward() -> None:
    wrong = []
    for module, path in modules():
        mine = room(module)
        if mine in TOP:
            continue
        for target in imported(path, module):
            if target == "mcp_context":  # the version string, from the front door
                if mine not in FACES:
                    wrong.append(f"{module} imports the package's front door")
                continue
            if not target.startswith("mcp_context."):
                continue
            theirs = room(target)
            if theirs == mine or (mine, theirs) in FACE_EDGES:
                continue
            if theirs in TOP or LAYERS[theirs] >= LAYERS[mine]:
                wrong.append(f"{module} ({mine}, layer {LAYERS[mine]}) imports {target} (layer {LAYERS.get(theirs)})")
    assert not wrong, "\n".join(wrong)


def test_below_the_faces_nothing_imports_mcp_or_click() -> None:
    wrong = [
        f"{module} imports {target}"
        for module, path in modules()
        if room(module) not in FACES | TOP
        for target in imported(path, module)
        if target.split(".")[0] in ("mcp", "mcp_types", "click")
    ]
    assert not wrong, "\n".join(wrong)


def test_every_module_imports() -> None:
    for module, _ in modules():
        if not module.endswith("__main__"):  # runs the command line
            importlib.import_module(module)


@pytest.mark.slow
def test_the_core_loads_without_the_sdk() -> None:
    """What the static check says, at run time: importing every core module loads neither mcp nor click."""
    core = [module for module, _ in modules() if room(module) not in FACES | TOP]
    code = (
        f"import sys, importlib\nfor m in {core!r}: importlib.import_module(m)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('mcp', 'mcp_types', 'click')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


#: Code beside the package held to the same sizes: the host recorder, the benchmarks, and the Python scripts.
TOOLS = [PACKAGE.parent / "hosts_recorder", PACKAGE.parent / "benchmarks"]
SCRIPTS = PACKAGE.parent / "scripts"


def tools() -> list[tuple[str, Path]]:
    """The modules of TOOLS and the scripts that are Python (no suffix: told by their first line)."""
    found = [(f"{folder.name}.{path.stem}", path) for folder in TOOLS for path in sorted(folder.glob("*.py"))]
    scripts = [path for path in sorted(SCRIPTS.iterdir()) if path.is_file()]
    python = [path for path in scripts if path.read_text(encoding="utf-8").startswith("#!/usr/bin/env python")]
    return found + [(f"scripts/{path.name}", path) for path in python]


def test_modules_and_functions_stay_small() -> None:
    long = []
    assert any(name == "scripts/record-codex" for name, _ in tools())
    for module, path in [*modules(), *tools()]:
        text = path.read_text(encoding="utf-8")
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            long.append(f"{module}: {lines} lines")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                size = (node.end_lineno or node.lineno) - node.lineno + 1
                name = f"{module}.{node.name}"
                if size > MAX_FUNCTION_LINES:
                    long.append(f"{name}: {size} lines")
    assert not long, "\n".join(long)
