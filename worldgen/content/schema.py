"""The JSON Schema (Draft 2020-12) of one content record, derived from a scaffold's content slots.

Two variants come from one walk over the slots:

* the full schema: every constraint the slots declare, the contract records are validated against;
* the strict variant for OpenAI structured outputs: only keywords strict mode accepts (no
  ``minLength``/``maxLength``/``uniqueItems``/``$schema``), with the dropped constraints restated
  in each ``description`` so a model still sees them. Records are always validated against the
  full schema, so nothing is lost by sending the weaker one.
"""

from __future__ import annotations

from typing import Any

from worldgen.canonical import sha256
from worldgen.content.names import entity_name_paths
from worldgen.ir.models import Expr, Scaffold, Slot, Template, canonical_json

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# A word players type: lowercase letters and digits, parts joined by single '.', '-', '_' or '/'
# so names read like what they stand for (deploy.sh, nginx.log, my-branch, src/main.py).
_WORD = "[a-z][a-z0-9]*([._/-][a-z0-9]+)*"
WORD_PATTERN = f"^{_WORD}$"
NAME_PATTERN = f"^{_WORD}( {_WORD})*$"
DEFAULT_LIST_SIZE = 3


def content_schema(scaffold: Scaffold) -> dict[str, Any]:
    """The full Draft 2020-12 schema of a content record."""
    return _root(scaffold, strict=False)


def strict_schema(scaffold: Scaffold) -> dict[str, Any]:
    """The OpenAI structured-outputs (strict mode) variant of :func:`content_schema`."""
    return _root(scaffold, strict=True)


def schema_hash(schema: dict[str, Any]) -> str:
    """sha256 of the canonical JSON of a schema: packs record it to detect a changed scaffold."""
    return sha256(canonical_json(schema))


def list_size(slot: Slot) -> tuple[int, int]:
    """(min, max) items of a list slot. A list sized by a param is generated at the param's
    largest value, so one record serves worlds drawn with any value of it."""
    if slot.size_param is not None:
        size = slot.max_items if slot.max_items is not None else slot.min_items
        size = DEFAULT_LIST_SIZE if size is None else size
        return size, size
    lo = slot.min_items if slot.min_items is not None else 0
    hi = slot.max_items if slot.max_items is not None else max(lo, DEFAULT_LIST_SIZE)
    return lo, hi


def template_text(template: Template) -> str:
    """A template's wording with each placeholder shown as ``<what it refers to>`` (for
    descriptions and prompts: the text itself is never formatted)."""
    return "".join((p.text or "") if p.expr is None else _placeholder(p.expr) for p in template.parts).strip()


def _placeholder(expr: Expr) -> str:
    if expr.op == "content" and isinstance(expr.value, str):
        return f"<{expr.value}>"
    return f"<{expr.name}>" if expr.name else "<...>"


def _root(scaffold: Scaffold, *, strict: bool) -> dict[str, Any]:
    names = set(entity_name_paths(scaffold))
    schema = _object(scaffold.content, (), names, strict)
    schema["title"] = scaffold.title or scaffold.name
    instruction = template_text(scaffold.instruction)
    schema["description"] = f"Content for one world of '{scaffold.name}'. {instruction}".strip()
    if not strict:
        schema = {"$schema": DRAFT, **schema}
    return schema


def _object(
    fields: tuple[Slot, ...], path: tuple[str, ...], names: set[tuple[str, ...]], strict: bool
) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {s.name: _slot(s, (*path, s.name), names, strict) for s in fields},
        "required": [s.name for s in fields],
        "additionalProperties": False,
    }


def _slot(slot: Slot, path: tuple[str, ...], names: set[tuple[str, ...]], strict: bool) -> dict[str, Any]:
    description = slot.description or " ".join(path).replace("_", " ")
    notes: list[str] = []
    match slot.kind:
        case "text" | "word":
            schema: dict[str, Any] = {"type": "string"}
            if slot.kind == "word":
                schema["pattern"] = WORD_PATTERN
                notes.append("one lowercase word: letters and digits starting with a letter, parts may be joined by . - _ or /")
            elif path in names:
                schema["pattern"] = NAME_PATTERN
                notes.append("lowercase words separated by single spaces")
            else:
                notes.append("no curly braces")
            notes.extend(_bounds(schema, slot.min_len, slot.max_len, "minLength", "maxLength", "characters", strict))
        case "int":
            schema = {"type": "integer"}
            if slot.lo is not None:
                schema["minimum"] = slot.lo
            if slot.hi is not None:
                schema["maximum"] = slot.hi
        case "enum":
            schema = {"type": "string", "enum": list(slot.choices)}
        case "list":
            item = slot.item or Slot(name=slot.name, kind="text")
            schema = {"type": "array", "items": _slot(item, path, names, strict)}
            lo, hi = list_size(slot)
            schema["minItems"], schema["maxItems"] = lo, hi
            notes.append(f"exactly {lo} items" if lo == hi else f"{lo} to {hi} items")
            if item.unique and item.kind in ("word", "text"):
                notes.append("all different")
                if not strict:
                    schema["uniqueItems"] = True
            unique_fields = [f.name for f in item.fields if f.unique]
            if unique_fields:
                notes.append("each item's " + " and ".join(unique_fields) + " different from the others'")
        case "record":
            schema = _object(slot.fields, path, names, strict)
    if path in names:
        notes.append("a name players type in commands")
    if strict and notes:
        description = f"{description} ({'; '.join(notes)})"
    schema["description"] = description
    return schema


def _bounds(
    schema: dict[str, Any], lo: int | None, hi: int | None, lo_key: str, hi_key: str, unit: str, strict: bool
) -> list[str]:
    """Put length bounds in the schema, or (strict mode cannot express them) into words."""
    if not strict:
        if lo is not None:
            schema[lo_key] = lo
        if hi is not None:
            schema[hi_key] = hi
        return []
    if lo is not None and hi is not None:
        return [f"{lo} to {hi} {unit}"]
    if lo is not None:
        return [f"at least {lo} {unit}"]
    if hi is not None:
        return [f"at most {hi} {unit}"]
    return []
