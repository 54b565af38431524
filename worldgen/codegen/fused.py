"""``explore_run(...)``: the model checker's breadth-first loop with a world's scans written inside it.

``successors`` (codegen/successors.py) answers one state with a list of (binding, outcome) pairs,
and the checker's loop (verify/statespace.py) then dispatches on each outcome's type, packs its
key, looks it up and indexes a new state through a method that runs the signals and invariants.
A world with no ``chance`` in its effects gets that loop generated around its own scans instead:
each admissible binding's new state is keyed, looked up and, when new, indexed and judged right
where its effect ran, with every array's ``append`` bound once (1.0-1.3x the states per second
of the loop it replaces on the shipped scaffolds, median 1.15x). The graph is the same,
array for array: states in BFS order, edges in scan order, faults in the order they are met, the
same bounds (``max_states`` ends the loop at once, ``max_depth`` skips deeper states and is
reported). A world with chance gets ``successors`` for the checker's own loop, which enumerates outcomes.

The function takes the graph's arrays and the checker's callbacks as arguments, so the generated
code holds no reference to the checker; its own names carry an ``x_`` prefix, apart from the
scan's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.codegen.guards import GuardPlan
from worldgen.codegen.successors import Outcomes, emit_scans

if TYPE_CHECKING:
    from worldgen.codegen.emitter import Emitter

PARAMS = ("x_keys", "x_depth", "x_parent", "x_when", "x_done", "x_failed", "x_edge_start", "x_edge_binding",
          "x_trans_dst", "x_index", "x_violations", "x_max_states", "x_max_depth", "x_key", "x_state", "x_fault",
          "x_state_fault")

_EDGE = ("x_add_dst(x_j)", "x_add_binding(i)")
_NEW_STATE = (
    "x_k = x_key(s)",
    "x_j = x_find(x_k)",
    "if x_j is None:",
    "    x_j = len(x_keys)",
    "    if x_j >= x_max_states:",
    "        return 'max_states'",
    "    if x_d > x_max_depth:",
    "        x_hit = x_hit or 'max_depth'",
    "        s = s0",
    "        continue",
    "    x_index[x_k] = x_j",
    "    x_add_key(x_k)",
    "    x_add_depth(x_d)",
    "    x_add_parent(len(x_trans_dst))",
    "    try:",
    "        x_w, x_dn, x_fl = signals(s)",
    "        x_inv = invariant(s)",
    "    except _RULE_ERRORS as x_e:",
    "        x_state_fault(x_j, x_e)",
    "        x_w, x_dn, x_fl, x_inv = 0, False, True, -1",
    "    x_add_when(x_w)",
    "    x_add_done(x_dn)",
    "    x_add_failed(x_fl)",
    "    if x_inv >= 0 and x_inv not in x_violations:",
    "        x_violations[x_inv] = x_j",
    *_EDGE,
)
OUTCOMES = Outcomes(state=_NEW_STATE, error=("x_fault(x_i, i, (), str(e) or type(e).__name__)",),
                    same=("x_j = x_i", *_EDGE), chance=(),
                    guard=("x_fault(x_i, None, (), x_what + (str(x_g) or type(x_g).__name__))",))


def emit_explore(em: Emitter, plans: list[GuardPlan], stochastic: tuple[bool, ...], says_only: tuple[bool, ...]) -> bool:
    """``explore_run``, for a world none of whose effects meets a chance; False for one that has
    chance (the checker enumerates its outcomes in its own loop, from ``successors``). It expands
    from the first state of ``x_keys`` to the last, judging each new state as it is found, and
    returns the bound that stopped it (``'max_states'``), ``'max_depth'`` if states past it were
    skipped, else None."""
    if any(stochastic):
        return False
    em.emit(0, f"def explore_run({', '.join(PARAMS)}):")
    em.emit(1, "x_add_dst, x_add_binding, x_close = x_trans_dst.append, x_edge_binding.append, x_edge_start.append")
    em.emit(1, "x_add_key, x_add_depth, x_add_parent = x_keys.append, x_depth.append, x_parent.append")
    em.emit(1, "x_add_when, x_add_done, x_add_failed = x_when.append, x_done.append, x_failed.append")
    em.emit(1, "x_find = x_index.get")
    em.emit(1, "x_hit = None")
    em.emit(1, "x_i = 0")
    em.emit(1, "while x_i < len(x_keys):")
    em.emit(2, "if not (x_done[x_i] or x_failed[x_i]):")
    em.emit(3, "s0 = x_state(x_keys[x_i])")
    em.emit(3, "x_d = x_depth[x_i] + 1")
    em.emit(3, "s = s0")
    emit_scans(em, plans, stochastic, says_only, 3, OUTCOMES)
    em.emit(2, "x_close(len(x_edge_binding))")
    em.emit(2, "x_i += 1")
    em.emit(1, "return x_hit")
    return True
