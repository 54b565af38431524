"""The helpers every world's generated module runs with (``HELPERS``, its namespace's functions):
range checks, division, set joins and each language construct's helpers."""

from __future__ import annotations

from worldgen.codegen.among import AMONG_HELPERS
from worldgen.codegen.comprehensions import COMPREHENSION_HELPERS
from worldgen.codegen.helpers import LANGUAGE2_HELPERS
from worldgen.codegen.intervals import within
from worldgen.codegen.intsets import INTSET_HELPERS
from worldgen.codegen.keyed import KEYED_HELPERS
from worldgen.codegen.memo import MEMO_HELPERS
from worldgen.codegen.names import RULE_ERRORS, RuleError
from worldgen.codegen.payments import PAYMENT_HELPERS
from worldgen.codegen.repair import REPAIR_HELPERS
from worldgen.codegen.texthelpers import TEXT_HELPERS
from worldgen.codegen.unions import UNION_HELPERS
from worldgen.ir.values import bits, to_mask


def _chk(v: int, lo: int, hi: int, name: str) -> int:
    if lo <= v <= hi:
        return v
    raise RuleError(f"'{name}' would become {v}, outside its range {lo}..{hi}")


def _chkm(values: tuple[int, ...], lo: int, hi: int, name: str) -> tuple[int, ...]:
    """A whole map of bounded ints assigned at once: every value within the range."""
    for v in values:
        _chk(v, lo, hi, name)
    return values


def _div(a: int, b: int, mod: bool) -> int:
    if b == 0:
        raise RuleError("division by zero")
    return a % b if mod else a // b


def _join(mask: int, names: tuple[str, ...], sep: str) -> str:
    return sep.join(names[i] for i in bits(mask)) if mask else "nothing"


class _Bits(dict[int, tuple[int, ...]]):
    """``_B[mask]``: a set's elements, cached; a hit is a dict look-up, no Python call."""

    def __missing__(self, mask: int) -> tuple[int, ...]:
        b = bits(mask)
        if len(self) < 65536:
            self[mask] = b
        return b


HELPERS = {"_chk": _chk, "_chkm": _chkm, "_div": _div, "_join": _join, "_B": _Bits(), "_mask": to_mask, "RuleError": RuleError,
           "_RULE_ERRORS": RULE_ERRORS, "_within": within, **LANGUAGE2_HELPERS, **TEXT_HELPERS, **PAYMENT_HELPERS,
           **INTSET_HELPERS, **COMPREHENSION_HELPERS, **REPAIR_HELPERS, **UNION_HELPERS, **MEMO_HELPERS, **AMONG_HELPERS,
           **KEYED_HELPERS}
