"""``successors(s0)``: every admissible command of a state with the state it leads to, in one call
(made for a world with ``chance``; one without gets the checker's whole loop, codegen/fused.py).

The model checker's inner loop used to ask for the admissible binding ids, then call each action's
effect function on a copy of the state. Fusing both into one generated function per world runs the
guard scan and the effects inline: no call per binding, no argument unpacking, no lookups of what
kind of step a binding makes. It yields ``(binding id, outcome)`` pairs in the order
``admissible`` lists them, where the outcome is the new state (a list), ``SAME`` (a command that only
says something), ``CHANCE`` (its effect meets a ``chance``: the checker enumerates those itself) or
the text of the rule error the effect raised.

Inside the function ``s`` is the state the code reads: the original ``s0`` while guards run, the
copy while an effect runs (effects read their own earlier assignments, as ``effect_{ai}`` does).
The scan itself (``emit_scans``) is shared with the explorer's fused loop (codegen/fused.py), which
does its own thing with each outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from worldgen.codegen.guards import GuardPlan

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter

SAME, CHANCE = 0, 1


@dataclass(frozen=True)
class Outcomes:
    """The lines a scan runs for each outcome of binding ``i`` (``s`` the new state, ``e`` the
    rule error). A line list may end the iteration early: it then sets ``s = s0`` first. ``guard``
    runs when a `when` (or a `let` among them) raises a rule error, ``x_g`` the error and
    ``x_what`` where: the rest of that action's scan in this state is skipped."""

    state: tuple[str, ...]
    error: tuple[str, ...]
    same: tuple[str, ...]
    chance: tuple[str, ...]
    guard: tuple[str, ...]


def emit_scans(em: Emitter, plans: list[GuardPlan], stochastic: tuple[bool, ...], says_only: tuple[bool, ...],
               base: int, on: Outcomes) -> None:
    """Every action's scan of its bindings, at depth ``base``, with the guards and sure effects
    inline and ``on``'s lines run for what each admissible binding does."""
    for ai, (action, p) in enumerate(zip(em.rules.actions, plans)):
        em.emit(base, "try:")  # free in Python 3.11 until something raises
        depth = em.hoisted(ai, p, base + 1)
        em.emit(depth, f"for {p.loop_vars(action)}, c, i in {em.scanned(ai, p)}:")
        em.guard_items(depth + 1, p.scan, "continue")
        if stochastic[ai] or says_only[ai]:
            for line in on.chance if stochastic[ai] else on.same:
                em.emit(depth + 1, line)
            _on_guard_error(em, action.name, base, on)
            continue
        em.emit(depth + 1, "s = list(s0)")
        em.emit(depth + 1, "try:")
        em.lets(depth + 2, tuple(pair for g in action.guards for pair in g.lets if pair[0] not in p.pre))
        em.stmts(action.body + em.rules.every, depth + 2, quiet=True)
        em.emit(depth + 1, "except _RULE_ERRORS as e:")
        for line in on.error:
            em.emit(depth + 2, line)
        em.emit(depth + 1, "else:")
        for line in on.state:
            em.emit(depth + 2, line)
        em.emit(depth + 1, "s = s0")
        _on_guard_error(em, action.name, base, on)


def _on_guard_error(em: Emitter, action: str, base: int, on: Outcomes) -> None:
    """The ``except`` of an action's scan: its guards raised a rule error (the effects' own are
    caught inside, binding by binding)."""
    em.emit(base, "except _RULE_ERRORS as x_g:")
    em.emit(base + 1, "s = s0")
    em.emit(base + 1, f"x_what = {em.ns.const(('lit', f'a `when` of action {action}: '))}")
    for line in on.guard:
        em.emit(base + 1, line)


def emit_successors(em: Emitter, plans: list[GuardPlan], stochastic: tuple[bool, ...], says_only: tuple[bool, ...]) -> None:
    em.emit(0, "def successors(s0):")
    em.emit(1, "out = []")
    em.emit(1, "s = s0")
    emit_scans(em, plans, stochastic, says_only, 1, Outcomes(
        state=("out.append((i, s))",), error=("out.append((i, str(e) or type(e).__name__))",),
        same=(f"out.append((i, {SAME}))",), chance=(f"out.append((i, {CHANCE}))",),
        guard=("out.append((None, x_what + (str(x_g) or type(x_g).__name__)))",)))
    em.emit(1, "return out")
