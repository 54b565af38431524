"""A world's state as a person reads it: entities and enum values by name, not by index.

The JSON form of a state (``Env.state()``, artifacts) stores entities and enum values as
indices, sets as index lists and maps and relations as lists indexed by their key; that is
canonical but unreadable ("key_in": [1, 0]). Here the same values are written with the names the
world gives them ("key_in": {"bone": "crypt", "iron": "treasury"}).
"""

from __future__ import annotations

from typing import Any

from worldgen.ir.models import Type
from worldgen.ir.world import World


def named_state(world: World, state: dict[str, Any]) -> dict[str, Any]:
    """``state`` (JSON-encoded, as ``Env.state()`` returns it) with every value named."""
    types = {v.name: v.type for v in world.scaffold.state}
    return {name: named_value(world, types[name], value) if name in types else value for name, value in state.items()}


def named_value(world: World, t: Type, value: Any) -> Any:
    """One JSON-encoded value of type ``t`` with its indices replaced by names."""
    match t.kind:
        case "entity" | "enum":
            return _names(world, t)[int(value)]
        case "set" | "list":
            assert t.elem is not None
            return [named_value(world, t.elem, v) for v in value]
        case "map" | "rel":
            assert t.elem is not None and t.value is not None
            inner = t.value if t.kind == "map" else Type(kind="set", elem=t.value)
            keys = _names(world, t.elem)
            return {keys[i]: named_value(world, inner, v) for i, v in enumerate(value)}
    return value


def _names(world: World, t: Type) -> list[str]:
    if t.kind == "enum":
        return list(next(e.members for e in world.scaffold.enums if e.name == t.name))
    return world.entities[str(t.name)]
