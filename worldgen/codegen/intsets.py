"""Sets of ints in the generated code (check/intsets.py): bit ``v`` of the mask is the int ``v``.

An int may be negative or beyond the set's top where an entity or an enum value never is, so
membership of a negative int is simply false, and putting an int outside the set's range into it
is a rule error (the step is refused), as assigning an int out of its range is.
"""

from __future__ import annotations

from worldgen.codegen.names import RuleError
from worldgen.ir.values import bits


def _has(mask: int, v: int) -> bool:
    return v >= 0 and (mask >> v & 1) == 1


def _bit(v: int) -> int:
    if v < 0:
        raise RuleError(f"{v} cannot be in a set of ints (they hold ints from 0)")
    return 1 << v


def in_range(mask: int, lo: int, hi: int, what: str) -> int:
    """``mask`` when every int in it is within lo..hi, else a rule error naming the first one out."""
    outside = mask & ~(((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1))
    if outside:
        v = (outside & -outside).bit_length() - 1
        raise RuleError(f"'{what}' would hold {v}, outside {lo}..{hi}")
    return mask


def _ijoin(mask: int, sep: str) -> str:
    """A set of ints as text: its ints in order, "nothing" when empty."""
    return sep.join(map(str, bits(mask))) or "nothing"


INTSET_HELPERS = {"_has": _has, "_bit": _bit, "_chks": in_range, "_ijoin": _ijoin}
