"""Calls of small defs with atom arguments are written out in place in a world's generated rules
(codegen/inlining.py), and the world explores the same graph as with the calls."""

from __future__ import annotations

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

PANEL = """
world panel {
  entity cell[6]
  state { lit: set<cell> = {}  presses: int in 0..6 = 0 }
  def hit(p: cell, x: cell) = x == p or index(x) == index(p) + 1
  def toggled(p: cell) = filter(x: cell, (x in lit) != HIT)
  def full() = count(x: cell, x in lit) == 6
  action press(c: cell) "press {c}" {
    when presses < 6
    do lit = toggled(c), presses += 1
  }
  done when full()
}
"""


def build(hit: str):
    world = worldgen.loads(PANEL.replace("HIT", hit), "panel.wg").instantiate({}, seed=0)
    return load_rules(world)


def test_a_small_def_with_atom_arguments_is_written_out_and_explores_the_same_graph():
    rules, initial = build("hit(p, x)")
    assert "D_hit(" not in rules.source.split("D_hit = _memo(", 1)[1]  # defined (a cache: it reads no state), never called
    assert "((l_x == l_p) or " in rules.source  # hit's body, with toggled's parameter and loop variable
    assert "D_full(s)" in rules.source  # a body with a quantifier stays a call
    called, called_initial = build("hit(p, cell[index(x)])")  # not an atom: called
    assert "D_hit(l_p, " in called.source  # hit reads no state: called without it (codegen/memo.py)
    g, h = explore(rules, initial, Bounds()), explore(called, called_initial, Bounds())
    assert list(g.states) == list(h.states) and list(g.edge_binding) == list(h.edge_binding)
    assert list(g.done) == list(h.done) and len(g.states) > 10


def doubling(depth: int) -> str:
    """Defs that each join the previous one's text twice: ``t<depth-1>()`` holds 2**depth characters."""
    defs = "\n".join(f'  def t{i}() = "{{t{i - 1}()}}{{t{i - 1}()}}"' for i in range(1, depth))
    return f"""world nd {{
  state {{ n: int in 0..3 = 0 }}
  def t0() = "ab"
{defs}
  action go "go" {{ do n = n + 1 }}
  observe "{{t{depth - 1}()}}"
  done when n == 3
}}
"""


def test_defs_calling_defs_are_written_out_only_while_the_whole_expansion_is_small():
    """Each def's body is tiny, but writing them out in each other would double the source per level."""
    rules, _ = load_rules(worldgen.loads(doubling(40), "nd.wg").instantiate({}, seed=0))
    assert len(rules.source) < 50_000
    assert "D_t38()" in rules.source  # the outer defs stay calls
