"""Which state variables the rules change: the others are constants of a world.

The code generator keeps only these in the runtime state, the estimate multiplies their domains,
and the checker warns when a const reads one of them (a const keeps its build-time value).
"""

from __future__ import annotations

from collections.abc import Iterable

from worldgen.ir.axes import apply_axes
from worldgen.ir.models import Scaffold, Stmt


def assigned_names(stmts: Iterable[Stmt]) -> set[str]:
    """The state variables ``stmts`` assign, in any branch (a map element or a pair assigns its
    variable)."""
    out: set[str] = set()
    for st in stmts:
        if st.kind == "assign" and st.target is not None:
            t = st.target
            while t.op != "state":
                t = t.args[0]
            out.add(str(t.name))
        out |= assigned_names(st.then) | assigned_names(st.otherwise)
    return out


def dynamic_vars(rules: Scaffold) -> tuple[str, ...]:
    """State variables some effect assigns; the others are constants of the world."""
    assigned = assigned_names([*(st for a in rules.actions for st in a.body), *rules.every])
    return tuple(v.name for v in rules.state if v.name in assigned)


def dynamic_under_any_axis(ir: Scaffold) -> list[str]:
    """Variables some effect assigns under any axis alternative (each alternative changes only its
    own part of the rules, so trying each alternative once covers every combination)."""
    first = {a.name: a.alternatives[0].name for a in ir.axes}
    assigned = set(dynamic_vars(ir))
    for axis in ir.axes:
        for alt in axis.alternatives:
            assigned.update(dynamic_vars(apply_axes(ir, {**first, axis.name: alt.name})))
    return [v.name for v in ir.state if v.name in assigned]
