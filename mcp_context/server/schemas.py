"""The tools' input schemas as models read them: every request of every agent carries them, so they say what
a model needs to fill an argument in (its type, values, bounds, a few words) and nothing else.

pydantic's schemas repeat what the property's name says (``title``), spell an optional argument as "this type or
null, null by default" (a left-out argument already is that), write ``additionalProperties: true`` where it is
the default, and define each object under ``$defs`` to point at it from where it is used. Taken out (the object
written in place), the five tools' definitions are a third smaller; every constraint a host or model checks
(types, enums, bounds, required, closed objects) stays.
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


#: Spellings an argument accepts but does not list, by tool, argument and JSON type: each says what a listed one
#: says. compact_history's ``{"messages": 6}`` is ``"6 messages"``, kept for callers porting LangChain's settings.
UNLISTED_FORMS: dict[str, dict[str, str]] = {"compact_history": {"trigger": "object", "keep": "object"}}


def listed(tool: str, schema: dict[str, Any]) -> dict[str, Any]:
    """The input schema ``tools/list`` shows for ``tool``: compacted, without its unlisted arguments (nor the
    unlisted keys of the objects it defines, such as check_loop's events) and unlisted spellings, each object
    it defines written where it is used (a host that resolves no ``$ref`` still sees its fields)."""
    hidden = UNLISTED.get(tool, frozenset())
    out: dict[str, Any] = compact(_without(schema, hidden))
    definitions = out.pop("$defs", {})
    for definition in definitions.values():
        definition.pop("description", None)  # a model's docstring, written for the code's readers
    out = _inlined(out, definitions, frozenset())
    for name, form in UNLISTED_FORMS.get(tool, {}).items():
        prop = out.get("properties", {}).get(name)
        if prop is not None and isinstance(prop.get("anyOf"), list):
            prop["anyOf"] = [option for option in prop["anyOf"] if option.get("type") != form]
    return out


def _inlined(schema: Any, definitions: dict[str, Any], within: frozenset[str]) -> Any:
    """``schema`` with each ``$ref`` replaced by what it names; a definition that contains itself is refused."""
    if isinstance(schema, list):
        return [_inlined(item, definitions, within) for item in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.removeprefix("#/$defs/") in definitions:
        name = ref.removeprefix("#/$defs/")
        if name in within:
            raise ValueError(f"the input schema's {name} contains itself: it cannot be written out in place")
        return _inlined(definitions[name], definitions, within | {name})
    return {key: _inlined(value, definitions, within) for key, value in schema.items()}


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
        if key == "default" and (value is None or value is False):
            continue  # a left-out argument is null, a left-out switch is off: nothing a model needs told
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
