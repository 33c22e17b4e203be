"""Typed tool arguments: the base of every tool's input model, and the one-line answer to a wrong argument.

Each tool has one pydantic model (``PersistArgs``, ``ReadArgs``, ...) that both faces use: the MCP server
publishes it as the tool's input schema, the CLI and the Python API build it from their own arguments. Closed
sets of values are ``Literal`` so hosts and models see them in ``tools/list``; numbers carry their bounds.

Whatever a caller gets wrong is told in one short line that names the argument, what was wrong and what is
accepted, e.g. ``start_line must be an integer >= 1 (got "ten")``: never pydantic's multi-line report with
its link, which a model reads as noise and a person as a crash.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar, Self, get_args

from pydantic import BaseModel, ConfigDict, ValidationError, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from .errors import ECHO_CHARS, InvalidInput, echoed

#: The most a message may take: models read it, hosts show it in one line.
MAX_MESSAGE = 400
_VALUE_CHARS = 60


class Arguments(BaseModel):
    """A tool's arguments: unknown names are refused (a misspelt one would otherwise be dropped silently)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    #: What a field accepts, in words, where its type alone says too little (a union of forms).
    accepts: ClassVar[dict[str, str]] = {}

    @classmethod
    def parse(cls, values: Mapping[str, Any]) -> Self:
        """The model made from ``values``, or InvalidInput with the one-line message."""
        try:
            return cls.model_validate(dict(values))
        except ValidationError as exc:
            raise InvalidInput(explain(exc, cls)) from None

    @field_validator("*", mode="before")
    @classmethod
    def _no_truth_for_numbers(cls, value: Any, info: ValidationInfo) -> Any:
        """pydantic reads true as 1; a count or a line number is never a truth value. Numbers as text ("12",
        from hosts that quote them) stay accepted."""
        if isinstance(value, bool) and info.field_name in _numeric_fields(cls):
            raise PydanticCustomError("int_type", "Input should be a valid integer")
        return value

    def given(self) -> dict[str, Any]:
        """The arguments as keyword arguments, the ones left out included with their defaults."""
        return {name: getattr(self, name) for name in type(self).model_fields}


@cache
def _numeric_fields(model: type[BaseModel]) -> frozenset[str]:
    """The fields that take a number and no truth value."""
    out = set()
    for name, info in model.model_fields.items():
        members = set(get_args(info.annotation)) or {info.annotation}
        if members & {int, float} and bool not in members:
            out.add(name)
    return frozenset(out)


def explain(error: ValidationError, model: type[BaseModel]) -> str:
    """One line for the first problem of ``error`` (and how many more there are), in the words of ``model``."""
    problems = error.errors(include_url=False)
    # A union tried member by member reports once per member: one place is one problem.
    places = {tuple(p for p in problem["loc"] if not _is_union_tag(p)) for problem in problems}
    line = _problem(problems[0], model)
    if len(places) > 1:
        line += f" (and {len(places) - 1} more problem{'s' if len(places) > 2 else ''})"
    return line if len(line) <= MAX_MESSAGE else line[: MAX_MESSAGE - 3] + "..."


def _problem(problem: Mapping[str, Any], model: type[BaseModel]) -> str:
    loc = [part for part in problem["loc"] if not _is_union_tag(part)]
    name = _dotted(loc) or "arguments"
    kind = problem["type"]
    if kind == "missing":
        return f"{name} is required: {_accepted(model, loc)}"
    if kind == "extra_forbidden":
        if len(loc) == 1:
            known = ", ".join(model.model_fields)
            return f"unknown argument {echoed(str(loc[0]))}; accepted: {known}"
        keys = _keys(model, loc[:-1])
        accepted = f"; accepted: {', '.join(keys)}" if keys else ""
        return f"{_dotted(loc[:-1])}: unknown key {echoed(str(loc[-1]))}{accepted}"
    if kind == "item_type":  # a list checked item by item without copying it (conversation.args.Objects)
        loc, value = [*loc, problem["ctx"]["index"]], problem["ctx"]["item"]
        return f"{_dotted(loc)} must be {_accepted(model, loc)} (got {_show(value)})"
    got = _show(problem.get("input"))
    reason = _custom_reason(problem)
    if reason:
        return f"{name} {reason} (got {got})"
    return f"{name} must be {_accepted(model, loc)} (got {got})"


def _custom_reason(problem: Mapping[str, Any]) -> str | None:
    """A validator's own message (a ValueError raised by the model) says what is wrong better than the type."""
    if problem["type"] != "value_error":
        return None
    message = str(problem.get("ctx", {}).get("error", "")) or problem.get("msg", "")
    return message.removeprefix("Value error, ") or None


def _is_union_tag(part: Any) -> bool:
    """pydantic names the union member it tried ('int', 'str', 'function-after[...]'): not a place."""
    return isinstance(part, str) and (
        "[" in part or part in ("int", "str", "float", "bool", "list", "dict", "none", "literal")
    )


def _dotted(loc: list[Any]) -> str:
    """Where a problem is, ``messages[3].content``; a key the client named is cut as any echo of theirs is."""
    out = ""
    for part in loc:
        name = str(part) if len(str(part)) <= ECHO_CHARS else str(part)[:ECHO_CHARS] + "..."
        out += f"[{part}]" if isinstance(part, int) else (f".{name}" if out else name)
    return out


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, list):
        return f"a list of {len(value)}"
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= _VALUE_CHARS else text[: _VALUE_CHARS - 3] + "..."


def _accepted(model: type[BaseModel], loc: list[Any]) -> str:
    if len(loc) == 1 and isinstance(loc[0], str) and issubclass(model, Arguments) and loc[0] in model.accepts:
        return model.accepts[loc[0]]
    schema = model.model_json_schema()
    node: dict[str, Any] | None = schema
    for part in loc:
        node = _child(schema, node, part)
        if node is None:
            return "a value of the right type"
    return describe(schema, node)


def _keys(model: type[BaseModel], loc: list[Any]) -> list[str]:
    schema = model.model_json_schema()
    node: dict[str, Any] | None = schema
    for part in loc:
        node = _child(schema, node, part)
    node = _deref(schema, node)
    if node is None:
        return []
    for option in [node, *node.get("anyOf", [])]:
        option = _deref(schema, option) or {}
        if option.get("properties"):
            return list(option["properties"])
    return []


def _child(root: dict[str, Any], node: dict[str, Any] | None, part: Any) -> dict[str, Any] | None:
    node = _deref(root, node)
    if node is None:
        return None
    for option in node.get("anyOf", []):  # the member that has the part
        found = _child(root, option, part)
        if found is not None:
            return found
    if isinstance(part, int):
        return node.get("items") if node.get("type") == "array" else None
    if part in node.get("properties", {}):
        return dict(node["properties"][part])
    extra = node.get("additionalProperties")
    return extra if isinstance(extra, dict) else None


def _deref(root: dict[str, Any], node: dict[str, Any] | None) -> dict[str, Any] | None:
    while node is not None and "$ref" in node:
        node = root.get("$defs", {}).get(node["$ref"].rsplit("/", 1)[-1])
    return node


def describe(root: dict[str, Any], node: dict[str, Any] | None) -> str:
    """A JSON schema in words: 'an integer >= 1', "one of 'auto', 'openai'", 'text or null'."""
    node = _deref(root, node)
    if node is None:
        return "a value"
    if "enum" in node:
        return "one of " + ", ".join(json.dumps(v) for v in node["enum"])
    if "const" in node:
        return json.dumps(node["const"])
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if _deref(root, o) != {"type": "null"}]
        words = list(dict.fromkeys(describe(root, o) for o in options))
        if len(words) > 2:
            return ", ".join(words[:-1]) + " or " + words[-1]
        return " or ".join(words) or "null"
    kind = node.get("type")
    if kind == "integer" or kind == "number":
        noun = "an integer" if kind == "integer" else "a number"
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"{noun} from {low} to {high}"
        if low is not None:
            return f"{noun} >= {low}"
        if high is not None:
            return f"{noun} <= {high}"
        return noun
    if kind == "string":
        most = node.get("maxLength")
        return f"text of at most {most} characters" if most else "text"
    if kind == "boolean":
        return "true or false"
    if kind == "array":
        return f"a list of {_plural(describe(root, node.get('items')))}"
    if kind == "object":
        return "an object"
    return "a value"


def _plural(words: str) -> str:
    for article in ("an ", "a "):
        if words.startswith(article):
            noun, _, rest = words[len(article) :].partition(" ")
            return f"{noun}s {rest}".strip()
    return words
