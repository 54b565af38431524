"""The names of a tagged union's values when a world is built (check/unions.py): each variant's
values in turn, ``floor(hall)`` for a payload and the bare tag (``carried``) without one."""

from __future__ import annotations

from collections.abc import Callable

from worldgen.ir.models import Entity


def variant_names(union: Entity, names: Callable[[str, str], tuple[str, ...]]) -> list[str]:
    """``names(kind, name)`` gives the names of an entity's or an enum's values in this world."""
    out: list[str] = []
    for v in union.variants:
        if v.payload is None:
            out.append(v.tag)
        else:
            out.extend(f"{v.tag}({n})" for n in names(v.payload.kind, str(v.payload.name)))
    return out
