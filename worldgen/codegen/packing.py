"""A world's state as one int: the model checker's compact state key.

When every dynamic state variable is a bounded scalar (an int in a range, a bool, an entity or an
enum, a set of entities as its bit mask), a state tuple packs into a single int, each variable in
a fixed bit field of this world's width. The packed int replaces the tuple (and its elements) as
the key of the explored-state index, a third of the memory per state on large graphs. Worlds with
maps, relations, lists or text in their dynamic state keep tuples as keys.

The two functions are generated from the field widths alone (numbers this module computes), so
packing costs one expression per state, like the tuple it replaces.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from worldgen.ir.models import Type


@dataclass(frozen=True)
class Field:
    low: int  # the value stored as 0
    width: int  # bits
    boolean: bool = False


@dataclass(frozen=True)
class Codec:
    pack: Callable[[Sequence[Any]], int]  # a state (tuple or list) -> its key
    unpack: Callable[[int], tuple[Any, ...]]  # a key -> the state tuple


def field_of(t: Type, count: Callable[[str], int], bounds: Callable[[Type], tuple[int, int]]) -> Field | None:
    """The bit field of one state variable in this world; None when it is not a bounded scalar."""
    match t.kind:
        case "bool":
            return Field(0, 1, boolean=True)
        case "entity" | "enum":
            return Field(0, max(count(str(t.name)) - 1, 0).bit_length())
        case "set" if t.elem is not None and t.elem.kind in ("entity", "enum"):
            return Field(0, count(str(t.elem.name)))
        case "set" if t.elem is not None and t.elem.kind == "int" and t.elem.hi is not None:  # bit v is the int v
            return Field(0, int(t.elem.hi.value) + 1)  # type: ignore[arg-type]
        case "int" if t.lo is not None and t.hi is not None:
            lo, hi = bounds(t)
            return Field(lo, max(hi - lo, 0).bit_length())
    return None


@lru_cache(maxsize=1024)
def codec(fields: tuple[Field, ...]) -> Codec:
    """Pack/unpack functions for these fields, in order (made once per layout of fields: a suite's
    worlds mostly share one, and compiling the two functions for every world loaded cost ~0.1 ms)."""
    packs, unpacks, offset = [], [], 0
    for i, f in enumerate(fields):
        value = f"s[{i}]" if f.low == 0 else f"(s[{i}] - {f.low})"
        packs.append(value if offset == 0 else f"({value} << {offset})")
        bits = f"(k >> {offset}) & {(1 << f.width) - 1}" if offset else f"k & {(1 << f.width) - 1}"
        unpacks.append(f"({bits}) == 1" if f.boolean else (f"{f.low} + ({bits})" if f.low else f"({bits})"))
        offset += f.width
    pack_src = "lambda s: " + (" | ".join(packs) or "0")
    unpack_src = "lambda k: (" + "".join(u + ", " for u in unpacks) + ")"
    env: dict[str, Any] = {"__builtins__": {}}
    return Codec(eval(compile(pack_src, "<state packing>", "eval"), env),  # noqa: S307 - numbers only
                 eval(compile(unpack_src, "<state packing>", "eval"), env))  # noqa: S307
