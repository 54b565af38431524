"""Runtime encoding of state values, and their JSON form in world artifacts.

Runtime (fast, hashable): bool, int; entity and enum values are indices; a set is an int bitmask;
a map is a tuple indexed by its key; a relation is a tuple of bitmasks indexed by its left end;
a list (only produced while a world is built) is a tuple. JSON (readable, canonical): sets are
sorted index lists, relations lists of sorted index lists.
"""

from __future__ import annotations

from typing import Any

from worldgen.ir.models import Type


def bits(mask: int) -> tuple[int, ...]:
    """The indices of a bitmask's set bits, ascending: one turn per set bit (its lowest, cleared),
    not per bit position, so a sparse mask over a wide grid costs what it holds (9x less for two
    bits of 64; the model checker calls this for sets and reachability in every state)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def to_mask(indices: Any) -> int:
    m = 0
    for i in indices:
        m |= 1 << int(i)
    return m


def encode(t: Type, v: Any) -> Any:
    """Runtime value -> JSON value."""
    match t.kind:
        case "set":
            return list(bits(v))
        case "rel":
            return [list(bits(m)) for m in v]
        case "map":
            assert t.value is not None
            return [encode(t.value, x) for x in v]
        case "list":
            return [int(x) for x in v]
        case "bool":
            return bool(v)
        case "int" | "entity" | "enum":
            return int(v)
        case _:
            return v


def decode(t: Type, j: Any) -> Any:
    """JSON value -> runtime value."""
    match t.kind:
        case "set":
            return to_mask(j)
        case "rel":
            return tuple(to_mask(x) for x in j)
        case "map":
            assert t.value is not None
            return tuple(decode(t.value, x) for x in j)
        case "list":
            return tuple(int(x) for x in j)
        case "bool":
            return bool(j)
        case "int" | "entity" | "enum":
            return int(j)
        case _:
            return j
