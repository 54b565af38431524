"""``invariant(s)``: the index of the first invariant a state breaks, -1 when it keeps them all.

The model checker calls it once per explored state. An invariant that reads no variable an action
changes (a check of the world's content, ``all(s: slot, secret[s] < colors)``) has the same value
in every state, so it is evaluated once, as the world's module runs (``_INV{i}``), not once per
state. When that raises a rule error, ``_INV{i}`` is None and every state evaluates it again: the
error surfaces where it always did, as a fault of each state, and the written order of the
invariants (the first broken one is reported) is kept either way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.codegen.guards import reads_state
from worldgen.codegen.memo import names_state
from worldgen.codegen.projection import projected
from worldgen.ir.models import Function

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter

def emit_invariant(em: Emitter, dynamic: frozenset[str], functions: dict[str, Function]) -> None:
    conds = []
    for ii, inv in enumerate(em.rules.invariants):
        src = em.x.expr(inv.cond)
        if not (reads_state(inv.cond, dynamic, functions) or names_state(src)):
            em.emit(0, "try:")
            em.emit(1, f"_INV{ii} = bool({src})")
            em.emit(0, "except _RULE_ERRORS:")
            em.emit(1, f"_INV{ii} = None")
            src = f"(_INV{ii} if _INV{ii} is not None else {src})"
        by_slots = projected(f"invariant_{ii}", src, len(em.index))  # a loop over few of the slots
        if by_slots is not None:
            for line in by_slots:
                em.emit(0, line)
            src = f"invariant_{ii}(s)"
        conds.append(src)
    em.emit(0, "def invariant(s):")
    for ii, src in enumerate(conds):
        em.emit(1, f"if not {src}: return {ii}")
    em.emit(1, "return -1")
