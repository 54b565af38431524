"""A def that reads no state is a cache by argument in a world's rules (codegen/memo.py): computed
once per argument, called without the state, and the world explores the same graph as without it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen
from tests.codegen.graphs import assert_same_graph
from worldgen.codegen import memo
from worldgen.codegen.names import RULE_ERRORS
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

ROOT = Path(__file__).resolve().parents[2]
SWEEPER = ROOT / "bench" / "scaffolds" / "language3" / "sweep_flags_closure.wg"

KINDS = """
world kinds {
  entity cell[4]
  const start = 2
  state { at: int in 0..3 = 0  fixed: int in 0..3 = 1  log: list<int in 0..3> max 3 = [] }
  def near(c: cell) = filter(d: cell, abs(index(d) - index(c)) <= 1)
  def here() = index(cell[at]) + 0
  def via(c: cell) = count(d: near(c), index(d) == at)
  def base(c: cell) = count(d: near(c), index(d) == fixed)
  def shout(t: text) = upper(t)
  def bad(i: int in 0..3) = [1, 2][i]
  action step(c: cell) "go {c}" { when c in near(cell[at]) and via(c) >= 0 and base(c) >= 0  do at = index(c) }
  action note "note" { when count(log) < 3 and shout("a") == "A"  do log = log + [at] }
  action peek(i: int in 0..3) "peek {i}" { when i == at and bad(0) == 1  do at = at }
  done when here() == 3
  horizon 10
}
"""


def rules_of(text: str, monkeypatch: pytest.MonkeyPatch | None = None, name: str = "w.wg"):
    if monkeypatch is not None:
        monkeypatch.setattr("worldgen.codegen.program.memoised", lambda functions, source: frozenset())
    world = worldgen.loads(text, name).instantiate({}, seed=0)
    return load_rules(world)


def globals_of(rules) -> dict:
    return rules.guard[0].__globals__


def test_only_defs_with_finite_parameters_that_read_no_state_are_caches() -> None:
    rules, _ = rules_of(KINDS)
    src = rules.source
    assert "D_near = _memo(lambda l_c:" in src  # its argument and the world's entities only
    assert "D_base = _memo(" in src  # reads `fixed`, which no action changes: a constant
    assert "def D_here(s)" in src and "def D_via(s, l_c)" in src  # read `at` (via: through the loop's bound)
    assert "def D_shout(s, l_t)" in src  # a text parameter could be new in every state
    assert "D_near(l_c)" in src or "D_near(a_c)" in src  # called without the state


def test_a_cache_is_filled_once_per_argument_while_a_world_is_explored() -> None:
    rules, initial = rules_of(SWEEPER.read_text("utf-8"), name=SWEEPER.name)
    graph = explore(rules, initial, Bounds())
    around, number = globals_of(rules)["D_around"], globals_of(rules)["D_number"]
    assert around.cache_info().currsize <= 12 and number.cache_info().currsize <= 12  # 12 cells
    assert around.cache_info().hits > 100 * around.cache_info().misses and len(graph.states) > 10_000


@pytest.mark.parametrize("text,name", [(KINDS, "kinds.wg"), (SWEEPER.read_text("utf-8"), SWEEPER.name)])
def test_the_graph_is_the_one_explored_without_caches(text: str, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    cached, start = rules_of(text, name=name)
    plain, plain_start = rules_of(text, monkeypatch, name)
    assert _caches(cached.source) and not _caches(plain.source)
    assert_same_graph(cached, start, plain, plain_start)


def _caches(source: str) -> list[str]:
    """The defs a world's rules compile as caches by argument (hoisted expressions are not defs)."""
    return [line for line in source.splitlines() if line.startswith("D_") and " = _memo(" in line]


def test_a_rule_error_is_not_kept_but_raised_at_every_call() -> None:
    rules, _ = rules_of(KINDS)
    bad = globals_of(rules)["D_bad"]
    for _ in range(2):
        with pytest.raises(RULE_ERRORS):
            bad(3)
    assert bad(1) == 2 and bad.cache_info().currsize == 1


def test_a_terminal_worlds_files_still_call_defs_with_the_state() -> None:
    world = worldgen.load(ROOT / "scaffolds" / "logs.wg").instantiate(
        json.loads((ROOT / "content_packs" / "logs" / "example.json").read_text("utf-8")), seed=0)
    rules, initial = load_rules(world)
    assert rules.defs is not None and "D_stamp = _memo(" in rules.source
    stamp = next(f for f in world.scaffold.functions if f.name == "stamp")
    args = [0] * len(stamp.params)
    assert rules.defs["stamp"](list(initial), *args) == globals_of(rules)["D_stamp"](*args)


def test_dropping_a_def_makes_its_callers_read_the_state() -> None:
    """The loop to a fixpoint: `via` reads the state, so a def calling it does too."""
    text = KINDS.replace("  def shout", "  def twice(c: cell) = via(c) + via(c)\n  def shout").replace(
        "via(c) >= 0 and", "twice(c) >= 0 and")
    rules, _ = rules_of(text)
    assert "def D_twice(s, l_c)" in rules.source and "D_near = _memo(" in rules.source
    assert memo.names_state("s[0] + 1") and not memo.names_state("l_s + S_at + C_s")
