"""The command line's shared options: one --json for every command, and the help of a tool's twin taken from the
tool's own argument descriptions (what a model reads in tools/list)."""

from __future__ import annotations

import subprocess
import sys

import click
from click.testing import CliRunner

from mcp_context.cli.main import cli
from mcp_context.cli.options import FieldOption, described


def _commands(group: click.Group) -> list[tuple[str, click.Command]]:
    out: list[tuple[str, click.Command]] = []
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            out += [(f"{name} {sub}", c) for sub, c in _commands(command)]
        else:
            out.append((name, command))
    return out


def test_every_json_option_is_the_shared_one() -> None:
    helps = {
        name: option.help
        for name, command in _commands(cli)
        for option in command.params
        if isinstance(option, click.Option) and "--json" in option.opts
    }
    assert len(helps) >= 12, helps
    assert len(set(helps.values())) == 1, helps


def test_a_tool_twin_s_option_help_is_the_argument_s_description() -> None:
    fields = [
        (name, option)
        for name, command in _commands(cli)
        for option in command.params
        if isinstance(option, FieldOption)
    ]
    assert {name for name, _ in fields} >= {"compact", "summarize", "check-loop", "read", "persist"}
    for name, option in fields:
        wanted = described(option.field)
        shown = CliRunner().invoke(cli, [*name.split(), "--help"]).output
        assert " ".join(wanted.split()[:4]) in " ".join(shown.split()), (name, option.opts, wanted)


def test_the_command_line_starts_without_the_argument_models() -> None:
    code = "import sys, mcp_context.cli.main; print(sorted(m for m in sys.modules if m.startswith('pydantic')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
