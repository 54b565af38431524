"""Sets of bounded ints: ``set<int in 0..9>`` (digits used, numbers called, columns filled).

A set is a bit mask whose bit ``v`` says whether ``v`` is in it, so the element's bounds must be
numbers written in the scaffold with ``0 <= LO <= HI <= MAX_INT_ELEMENT``: the mask of every world
has the same width, and no value maps to a negative bit. Map keys and relation ends stay entities
and enums (their values name the keys a world shows).
"""

from __future__ import annotations

from worldgen.errors import DiagnosticSink, Span
from worldgen.ir.models import Type

CODE = "WG432"
MAX_INT_ELEMENT = 62


def int_elements(sink: DiagnosticSink, t: Type, span: Span) -> Type | None:
    """``t`` (a checked ``int in LO..HI``) as a set's element type; None (reported) when its
    bounds are not numbers within 0..MAX_INT_ELEMENT."""
    lo, hi = t.lo, t.hi
    if lo is None or hi is None or lo.op != "lit" or hi.op != "lit":
        sink.error(CODE, "a set of ints needs number bounds, as in set<int in 0..9>, so every world's sets have one width",
                   span)
        return None
    if not 0 <= int(lo.value) <= int(hi.value) <= MAX_INT_ELEMENT:  # type: ignore[arg-type]
        sink.error(CODE, f"a set of ints holds ints from 0 to at most {MAX_INT_ELEMENT}, not {lo.value}..{hi.value}", span)
        return None
    return Type(kind="int", lo=lo, hi=hi)
