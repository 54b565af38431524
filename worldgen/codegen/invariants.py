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
from worldgen.codegen.loops import loop_lines
from worldgen.codegen.memo import names_state
from worldgen.codegen.projection import projected
from worldgen.ir.models import Function

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter

def emit_invariant(em: Emitter, dynamic: frozenset[str], functions: dict[str, Function]) -> None:
    tests: list[list[tuple[int, str]]] = []  # per invariant: the lines of invariant(s) that test it
    for ii, inv in enumerate(em.rules.invariants):
        src = em.x.expr(inv.cond)
        if not (reads_state(inv.cond, dynamic, functions) or names_state(src)):
            em.emit(0, "try:")
            em.emit(1, f"_INV{ii} = bool({src})")
            em.emit(0, "except _RULE_ERRORS:")
            em.emit(1, f"_INV{ii} = None")
            tests.append([(0, f"if not (_INV{ii} if _INV{ii} is not None else {src}): return {ii}")])
            continue
        by_slots = projected(f"invariant_{ii}", src, len(em.index))  # a loop over few of the slots
        if by_slots is not None:
            for line in by_slots:
                em.emit(0, line)
            tests.append([(0, f"if not invariant_{ii}(s): return {ii}")])
            continue
        tests.append(loop_lines(em.x, inv.cond, f"return {ii}") or [(0, f"if not {src}: return {ii}")])
    em.emit(0, "def invariant(s):")
    for lines in tests:
        for depth, line in lines:
            em.emit(1 + depth, line)
    em.emit(1, "return -1")
