"""The tools' input schemas as models read them: every request of every agent carries them, so they say what
a model needs to fill an argument in (its type, values, bounds, a few words) and nothing else.

pydantic's schemas repeat what the property's name says (``title``), spell an optional argument as "this type or
null, null by default" (a left-out argument already is that), and write ``additionalProperties: true`` where it
is the default. Taken out, the five tools' definitions are a third smaller; every constraint a host or model
checks (types, enums, bounds, required, closed objects) stays.
"""

from __future__ import annotations

from typing import Any

_NULL = {"type": "null"}

#: Arguments each tool takes but does not list: rarely needed, they cost every request their schema. They are
#: accepted as listed ones are, named by the error for an unknown argument, and described in docs/tools.md.
UNLISTED: dict[str, frozenset[str]] = {
    "persist_result": frozenset({"session"}),
    "compact_history": frozenset(
        {"format", "system", "tools", "exclude_tools", "session", "reset", "return_messages", "context_window"}
    ),
    "check_loop": frozenset({"event", "messages", "format", "session", "digest", "time"}),
    "summarize_range": frozenset({"format", "session", "max_tokens"}),
}


def listed(tool: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The input schema ``tools/list`` shows for ``tool``: compacted, without its unlisted arguments (nor the
    unlisted keys of the objects it defines, such as check_loop's events)."""
    hidden = UNLISTED.get(tool, frozenset())
    out: dict[str, Any] = compact(_without(schema, hidden))
    for definition in out.get("$defs", {}).values():
        definition.pop("description", None)  # a model's docstring, written for the code's readers
    return out


def _without(schema: Any, hidden: frozenset[str]) -> Any:
    if isinstance(schema, list):
        return [_without(item, hidden) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _without(v, hidden) for k, v in schema.items() if k != "properties"}
    if isinstance(schema.get("properties"), dict):
        out["properties"] = {k: _without(v, hidden) for k, v in schema["properties"].items() if k not in hidden}
    return out


def compact(schema: Any) -> Any:
    """``schema`` without titles, null alternatives and defaults of null; the same constraints otherwise."""
    if isinstance(schema, list):
        return [compact(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "title" and isinstance(value, str):
            continue
        if key == "default" and value is None:
            continue
        if key == "additionalProperties" and value is True:
            continue
        if key == "properties" and isinstance(value, dict):
            out[key] = {name: compact(prop) for name, prop in value.items()}
            continue
        out[key] = compact(value)
    options = out.get("anyOf")
    if isinstance(options, list) and {"type": "number"} in options and {"type": "integer"} in options:
        options.remove({"type": "integer"})  # a number already admits integers
    if isinstance(options, list) and _NULL in options:
        rest = [o for o in options if o != _NULL]
        del out["anyOf"]
        if len(rest) == 1:
            out = {**rest[0], **out}  # the property's own description and bounds next to its one type
        elif rest:
            out["anyOf"] = rest
    return out
