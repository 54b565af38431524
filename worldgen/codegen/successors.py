"""``successors(s0)``: every admissible command of a state with the state it leads to, in one call.

The model checker's inner loop used to ask for the admissible binding ids, then call each action's
effect function on a copy of the state. Fusing both into one generated function per world runs the
guard scan and the effects inline: no call per binding, no argument unpacking, no lookups of what
kind of step a binding makes. It yields ``(binding id, outcome)`` pairs in the order
``admissible`` lists them, where the outcome is the new state (a list), ``SAME`` (a command that only
says something), ``CHANCE`` (its effect meets a ``chance``: the checker enumerates those itself) or
the text of the rule error the effect raised.

Inside the function ``s`` is the state the code reads: the original ``s0`` while guards run, the
copy while an effect runs (effects read their own earlier assignments, as ``effect_{ai}`` does).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.codegen.guards import GuardPlan

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter

SAME, CHANCE = 0, 1


def emit_successors(em: Emitter, plans: list[GuardPlan], stochastic: tuple[bool, ...], says_only: tuple[bool, ...]) -> None:
    em.emit(0, "def successors(s0):")
    em.emit(1, "out = []")
    em.emit(1, "s = s0")
    for ai, (action, p) in enumerate(zip(em.rules.actions, plans)):
        depth = em.hoisted(ai, p)
        em.emit(depth, f"for {p.loop_vars(action)}, c, i in {em.scanned(ai, p)}:")
        em.guard_items(depth + 1, p.scan, "continue")
        if stochastic[ai] or says_only[ai]:
            em.emit(depth + 1, f"out.append((i, {CHANCE if stochastic[ai] else SAME}))")
            continue
        em.emit(depth + 1, "s = list(s0)")
        em.emit(depth + 1, "try:")
        em.lets(depth + 2, tuple(pair for g in action.guards for pair in g.lets if pair[0] not in p.pre))
        em.stmts(action.body + em.rules.every, depth + 2, quiet=True)
        em.emit(depth + 1, "except _RULE_ERRORS as e:")
        em.emit(depth + 2, "out.append((i, str(e) or type(e).__name__))")
        em.emit(depth + 1, "else:")
        em.emit(depth + 2, "out.append((i, s))")
        em.emit(depth + 1, "s = s0")
    em.emit(1, "return out")
