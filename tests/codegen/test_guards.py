"""The admissible-command scan decides each guard where it is cheapest (codegen/guards.py), and
the answers are the ones a plain per-binding scan gives."""

from __future__ import annotations

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

TILL = """
world till {
  param allowed: int in 2..4
  state { due: int in 0..999 = 417  paid: int in 0..999 = 0  open: bool = true }
  action pay(n: int in 0..999) "pay {n}" {
    when GUARD else "That is not what is due."
    when n % 100 < allowed * 20 else "The till refuses that amount."
    do paid = n, open = false
  }
  action reopen "reopen" { when not open  do open = true, due = (due + 7) % 1000 }
  done when paid == 999
}
"""


def graph(guard: str):
    world = worldgen.loads(TILL.replace("GUARD", guard), "till.wg").instantiate({}, seed=0)
    rules, initial = load_rules(world)
    g = explore(rules, initial, Bounds())
    edges = sorted((g.states[g.edge_src[e]], rules.bindings[g.edge_binding[e]].command) for e in range(len(g.edge_binding)))
    return rules, sorted(g.states), edges


def test_an_argument_equal_to_a_state_value_is_looked_up_not_scanned():
    rules, states, edges = graph("open and n == due")
    assert "X0.get(" in rules.source  # the scan reads the bindings for n == due only
    plain_rules, plain_states, plain_edges = graph("open and n + 0 == due")  # not an argument alone: scanned
    assert "X0.get(" not in plain_rules.source
    assert (states, edges) == (plain_states, plain_edges)
    assert len(states) > 10


def test_guards_reading_no_state_rule_bindings_out_before_any_state_is_explored():
    # `n % 100 < allowed * 20` (at most 80 of each 100) reads only the argument and a param:
    # decided once per binding as the world is built, the scan of each state only meets the
    # bindings it admits.
    world = worldgen.loads(TILL.replace("GUARD", "open"), "till.wg").instantiate({}, seed=0)
    rules, initial = load_rules(world)
    admitted = rules.admissible(initial)
    limit = world.params["allowed"] * 20
    assert len(admitted) == 10 * limit
    assert all(int(c.split()[1]) % 100 < limit for c in admitted if c.startswith("pay"))
    env = world.env()
    env.reset()
    assert env.step("pay 99")[0] == "The till refuses that amount."  # the runtime refuses it the same way


def test_a_let_reading_only_the_arguments_is_computed_once_per_binding_not_per_state():
    # `cents` reads the argument alone: its value travels with each binding, the scan and the
    # effect read it; written to read the state too (`+ paid * 0`), it is computed in every state.
    till = TILL.replace("when GUARD else", "let cents = n % 100\n    when open and cents > due % 100 else")
    world = worldgen.loads(till.replace("do paid = n", "do paid = cents * 10 + n / 100"), "till.wg").instantiate({}, seed=0)
    rules, initial = load_rules(world)
    scan = rules.source.split("def explore_run(")[1]  # the checker's loop with the scans inside (codegen/fused.py)
    assert "for (a_n, l_cents, ), c, i in L0:" in scan and "l_cents = " not in scan
    plain = worldgen.loads(till.replace("let cents = n % 100", "let cents = n % 100 + paid * 0")
                           .replace("do paid = n", "do paid = cents * 10 + n / 100"), "till.wg").instantiate({}, seed=0)
    plain_rules, plain_initial = load_rules(plain)
    assert "l_cents = " in plain_rules.source.split("def explore_run(")[1]
    g, p = explore(rules, initial, Bounds()), explore(plain_rules, plain_initial, Bounds())
    assert list(g.states) == list(p.states) and list(g.edge_binding) == list(p.edge_binding)
    assert len(g.states) > 10
