"""``all``/``any``/``count``/``filter`` of ``x in T`` over a set: one bitwise operation, not a loop.

Sets are bitmasks at run time, so ``all(c: crates, c in marks)`` is ``crates & ~marks == 0`` and
``filter(f: staged, f not in marked)`` is ``staged & ~marked``: what invariants, guards and
rewards test in every state (apt's ``all(d: depends(p), d in installed)``, crafting's ``all(i:
needs(x), i in have)``) costs one operation instead of a Python loop over the elements. Only where
nothing changes: the condition is exactly the bound variable's membership, and T is a set read
that can neither fail nor depend on the variable (a state variable, const or local), so reading
it once instead of once per element gives the same value and no error the loop would not meet.
A const *list* of entities or enum values (sokoban's ``marks``, a ``sample``) tests as the mask
of its elements, computed once per world (``hoist``, codegen/hoisting.py): ``all(c: crates, c in
marks)`` in every state's signals was a loop of tuple scans.
"""

from __future__ import annotations

from collections.abc import Callable

from worldgen.codegen.intervals import PLAIN
from worldgen.ir.models import Expr

_FORMS = {
    ("all", "in"): "((({s}) & ~({t})) == 0)", ("all", "notin"): "((({s}) & ({t})) == 0)",
    ("any", "in"): "((({s}) & ({t})) != 0)", ("any", "notin"): "((({s}) & ~({t})) != 0)",
    ("count", "in"): "(({s}) & ({t})).bit_count()", ("count", "notin"): "(({s}) & ~({t})).bit_count()",
    ("filter", "in"): "(({s}) & ({t}))", ("filter", "notin"): "(({s}) & ~({t}))",
}


def set_quantifier(e: Expr, expr: Callable[[Expr], str], hoist: Callable[[str], str]) -> str | None:
    """The bitwise form of quantifier ``e``, or None when it has another shape."""
    if len(e.args) != 2 or e.type.kind == "list":
        return None
    domain, body = e.args
    form = _FORMS.get((str(e.name), body.op))
    if form is None or domain.op == "span" or domain.type.kind != "set":
        return None
    x, t = body.args
    if x.op != "local" or x.name != e.value:
        return None
    if t.type.kind == "list" and t.op == "const" and t.type.elem is not None and t.type.elem.kind in ("entity", "enum"):
        return form.format(s=expr(domain), t=hoist(f"_mask({expr(t)})"))
    if t.type.kind != "set" or (t.op not in PLAIN and not (t.op == "local" and t.name != e.value)):
        return None
    return form.format(s=expr(domain), t=expr(t))
