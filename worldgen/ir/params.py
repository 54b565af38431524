"""What a scaffold's params accept: one rule, and one wording, for values given in Python
(``instantiate``, ``worldgen.compile``) and for ``--param`` texts (which the CLI reads first)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from worldgen.errors import InstantiationError
from worldgen.ir.models import Param, Scaffold


def accepts(p: Param) -> str:
    """The values ``p`` takes, in words ("a whole number in 1..3")."""
    if p.kind == "int":
        return f"a whole number in {p.lo}..{p.hi}"
    return "true or false" if p.kind == "bool" else "one of " + ", ".join(p.choices)


def fits(p: Param, value: Any) -> bool:
    """Whether ``value`` is one of ``p``'s values as Python has it (``True`` is not the number 1)."""
    if p.kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and p.lo <= value <= p.hi  # type: ignore[operator]
    return isinstance(value, bool) if p.kind == "bool" else value in p.choices


def check_params(ir: Scaffold, fixed: Mapping[str, Any]) -> None:
    """Refuse a param ``ir`` does not declare, or a value it does not take, naming what it takes."""
    declared = {p.name: p for p in ir.params}
    for name, value in fixed.items():
        p = declared.get(name)
        if p is None:
            raise InstantiationError(f"unknown param '{name}' (this scaffold's params: {', '.join(declared) or 'none'})")
        if not fits(p, value):
            raise InstantiationError(f"param '{name}' takes {accepts(p)}, not {value!r}")
