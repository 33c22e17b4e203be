"""Options several commands share, and options whose help is a tool argument's own description.

A command that twins a tool takes the tool's arguments as options; their help is the argument model's field
description (compaction/args.py, ...), the same text a model reads in ``tools/list``, so the two cannot drift.
It is looked up when help is shown, not when the command line starts: a command that runs imports no argument
model (and no pydantic) it does not use.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

#: ``--json`` for every command that can print its answer as JSON.
json_option = click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print JSON instead of text (a tool's twin: the structured result the MCP tool returns).",
)


class FieldOption(click.Option):
    """A click option whose help is ``field``'s description: ``"compaction.args:CompactArgs.target_tokens"``
    (a module of the package, the model, the field)."""

    def __init__(self, *args: Any, field: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.field = field

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        if self.help is None:
            self.help = described(self.field)
        return super().get_help_record(ctx)


def field_option(*decls: str, field: str, **kwargs: Any) -> Callable[[F], F]:
    """``click.option`` with the help of a tool argument (see FieldOption)."""
    return click.option(*decls, cls=FieldOption, field=field, **kwargs)


def described(field: str) -> str:
    """The description of ``module:Model.name`` as a sentence of help."""
    module, _, path = field.partition(":")
    model_name, _, name = path.partition(".")
    model = getattr(importlib.import_module(f"mcp_context.{module}"), model_name)
    text: str = model.model_fields[name].description or ""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."
