"""A compiled yes/no check for the JSON Schema subset that :mod:`worldgen.content.schema` emits.

``jsonschema`` is general and explains every failure, but costs hundreds of microseconds per
record, and the procedural provider makes thousands of records a second. So a schema is compiled
once into one closure per node answering only "valid?", and ``jsonschema`` is asked for the reasons
only when the answer is no. A keyword this compiler does not know makes it refuse the schema
(:class:`UnsupportedSchema`) rather than guess.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

Check = Callable[[Any], bool]

_ANNOTATIONS = {"$schema", "$id", "title", "description", "type"}
_ALLOWED = {
    "object": _ANNOTATIONS | {"properties", "required", "additionalProperties"},
    "array": _ANNOTATIONS | {"items", "minItems", "maxItems", "uniqueItems"},
    "string": _ANNOTATIONS | {"minLength", "maxLength", "pattern", "enum"},
    "integer": _ANNOTATIONS | {"minimum", "maximum"},
}


class UnsupportedSchema(ValueError):
    """The schema uses a keyword or type the fast check does not implement."""


def compile_check(schema: dict[str, Any]) -> Check:
    """A function telling whether a JSON value is valid under ``schema``."""
    kind = schema.get("type")
    allowed = _ALLOWED.get(kind) if isinstance(kind, str) else None
    if allowed is None:
        raise UnsupportedSchema(f"type {kind!r} is not supported by the fast check")
    unknown = set(schema) - allowed
    if unknown:
        raise UnsupportedSchema(f"keywords {sorted(unknown)} are not supported by the fast check")
    return _BUILDERS[kind](schema)


def _object(schema: dict[str, Any]) -> Check:
    props = [(name, compile_check(sub)) for name, sub in schema.get("properties", {}).items()]
    required = frozenset(schema.get("required", ()))
    allowed = frozenset(name for name, _ in props) if schema.get("additionalProperties") is False else None
    if "additionalProperties" in schema and schema["additionalProperties"] not in (True, False):
        raise UnsupportedSchema("additionalProperties must be a boolean for the fast check")

    def check(v: Any) -> bool:
        if not isinstance(v, dict) or not required.issubset(v):
            return False
        if allowed is not None and not allowed.issuperset(v):
            return False
        for name, sub in props:
            if name in v and not sub(v[name]):
                return False
        return True

    return check


def _array(schema: dict[str, Any]) -> Check:
    item = compile_check(schema["items"]) if "items" in schema else None
    lo, hi = schema.get("minItems", 0), schema.get("maxItems")
    unique = schema.get("uniqueItems", False)
    if unique and (item is None or schema["items"].get("type") != "string"):
        raise UnsupportedSchema("uniqueItems is supported for arrays of strings only")

    def check(v: Any) -> bool:
        if not isinstance(v, list) or len(v) < lo or (hi is not None and len(v) > hi):
            return False
        if item is not None:
            for x in v:
                if not item(x):
                    return False
        return not unique or len(set(v)) == len(v)  # items are strings here, so hashable

    return check


def _string(schema: dict[str, Any]) -> Check:
    lo, hi = schema.get("minLength", 0), schema.get("maxLength")
    search = re.compile(schema["pattern"]).search if "pattern" in schema else None
    choices = frozenset(schema["enum"]) if "enum" in schema else None
    if choices is not None and not all(isinstance(c, str) for c in choices):
        raise UnsupportedSchema("only string enums are supported by the fast check")

    def check(v: Any) -> bool:
        if not isinstance(v, str) or len(v) < lo or (hi is not None and len(v) > hi):
            return False
        if search is not None and search(v) is None:
            return False
        return choices is None or v in choices

    return check


def _integer(schema: dict[str, Any]) -> Check:
    lo, hi = schema.get("minimum"), schema.get("maximum")

    def check(v: Any) -> bool:
        if isinstance(v, bool) or not (isinstance(v, int) or (isinstance(v, float) and v.is_integer())):
            return False
        return (lo is None or v >= lo) and (hi is None or v <= hi)

    return check


_BUILDERS: dict[str, Callable[[dict[str, Any]], Check]] = {
    "object": _object,
    "array": _array,
    "string": _string,
    "integer": _integer,
}
