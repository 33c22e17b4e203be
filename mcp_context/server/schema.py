"""The base of every tool's structured result: a pydantic model whose JSON schema is lean.

A client checks each structured result against the tool's output schema on every call (the Python SDK's
``Client`` with jsonschema, the Inspector with ajv), so the schema's shape is paid per call. pydantic writes
an optional field as ``anyOf: [{type: X, ...}, {type: null}]`` and gives every field a title copied from its name;
a validator walks both branches of the one and carries the other for nothing. Here it is written
``type: [X, "null"], ...`` and the generated titles are left out: the same set of valid documents, about
half the validation time (``read_persisted``'s page: 130 µs → 60 µs with jsonschema 4) and a shorter
``tools/list``. Input schemas are not touched: Gemini's function declarations do not take type lists.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, GetJsonSchemaHandler
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_MAPS = ("properties", "$defs", "patternProperties")
_SCHEMA_ONES = ("items", "additionalProperties", "not")


class Output(BaseModel):
    @classmethod
    def __get_pydantic_json_schema__(cls, core_schema: CoreSchema, handler: GetJsonSchemaHandler) -> JsonSchemaValue:
        schema = handler(core_schema)
        lean(handler.resolve_ref_schema(schema))
        return schema


def lean(schema: Any) -> None:
    """Rewrite ``schema`` in place (see the module's docstring); anything it does not recognise is kept."""
    if not isinstance(schema, dict):
        return
    if isinstance(schema.get("title"), str):
        del schema["title"]
    branches = schema.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and {"type": "null"} in branches:
        other = branches[0] if branches[1] == {"type": "null"} else branches[1]
        # an array's or an object's keywords apply to that type alone, so they can move up beside the list
        if isinstance(other, dict) and isinstance(other.get("type"), str) and not set(other) & set(schema):
            del schema["anyOf"]
            schema.update(other, type=[other["type"], "null"])
    for key in _SCHEMA_LISTS:
        for sub in schema.get(key) or ():
            lean(sub)
    for key in _SCHEMA_MAPS:
        for sub in (schema.get(key) or {}).values():
            lean(sub)
    for key in _SCHEMA_ONES:
        lean(schema.get(key))
