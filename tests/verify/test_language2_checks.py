"""The model checker on Language 2 worlds: lists, nested maps and grids are explored state by
state, every-step dynamics and chances branch into every outcome, numbers written as expressions
are resolved per world, and conditional rewards count in the returns.

Expected counts are worked out in each test's docstring (or computed independently from the
world's own data), not read back from the checker.
"""

from __future__ import annotations

from collections import deque

import pytest

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds, verify_world
from worldgen.verify.report import Report
from worldgen.verify.statespace import explore


def world(source: str, seed: int = 0, **params: int) -> worldgen.World:
    return worldgen.loads(source, "w.wg").instantiate({}, seed=seed, params=params or None)


def check(report: Report, name: str):
    return next(c for c in report.checks if c.name == name)


def commands(steps) -> list[str]:
    return [s.command for s in steps]


HANOI = """\
world hanoi {
  param n: int in 2..3
  enum peg { left, middle, right }
  entity disc[n]
  state { pegs: map<peg, list<disc> max n> = {left: reverse(sorted(disc))} }
  def legal(a: peg, b: peg) = a != b and len(pegs[a]) > 0 and (len(pegs[b]) == 0 or index(top(pegs[b])) > index(top(pegs[a])))
  action move(a: peg, b: peg) "move {a} {b}" {
    when legal(a, b)
    let d = top(pegs[a])
    do pegs[a] = pop(pegs[a]), pegs[b] += d
  }
  reward 1 when len(pegs[right]) == n
  done when len(pegs[right]) == n
  horizon 4 * 2^n
  invariant conservation: sum(p: peg, len(pegs[p])) == n
  invariant sorted_pegs: all(p: peg, all(i: 1..len(pegs[p]) - 1, index(pegs[p][i - 1]) > index(pegs[p][i])))
  expect solvable within 2^n - 1
  expect unsolved at start
}
"""


@pytest.mark.parametrize(("n", "states", "transitions"), [(2, 9, 22), (3, 27, 76)])
def test_hanoi_lists_in_a_map_explore_every_legal_configuration(n: int, states: int, transitions: int) -> None:
    """Every disc may sit on any peg and each peg's order is forced, so there are 3^n states. A
    state with all discs on one peg has 2 legal moves, every other state 3; the goal state (all
    on the right) is terminal: 2 * 2 + (3^n - 3) * 3 transitions leave the others."""
    report = verify_world(world(HANOI, n=n))
    assert report.ok, report.reason()
    assert (report.measures.reachable_states, report.measures.transitions) == (states, transitions)
    assert report.measures.solution_length == 2**n - 1
    assert check(report, f"solvable within {2**n - 1}").status == "pass"  # `within 2^n - 1`, per world
    assert check(report, "invariant sorted_pegs").status == "pass"


def test_hanoi_oracle_is_the_classic_solution() -> None:
    report = verify_world(world(HANOI, n=2))
    assert commands(report.oracle.steps) == ["move left middle", "move left right", "move middle right"]
    assert report.returns.oracle == 1


def test_within_as_an_expression_fails_the_worlds_it_is_too_small_for() -> None:
    tight = HANOI.replace("expect solvable within 2^n - 1", "expect solvable within 2^n - 2")
    report = verify_world(world(tight, n=2))
    assert check(report, "solvable within 2").status == "fail"
    assert "takes 3 steps, more than 2" in check(report, "solvable within 2").detail


def test_a_list_that_can_overflow_fails_rule_errors_with_the_shortest_trace() -> None:
    report = verify_world(world("""\
world overflow {
  enum crate { red, green }
  state { stack: list<crate> max 2 = [] }
  action put(c: crate) "put {c}" { do stack += c }
  action take "take" { when len(stack) > 0  do stack = pop(stack) }
}
"""))
    c = check(report, "rule_errors")
    assert c.status == "fail" and not report.ok
    assert commands(c.trace) == ["put red", "put red", "put red"]
    assert "'stack' would hold 3 items, more than its max 2" in c.detail


def test_a_list_world_has_one_state_per_reachable_sequence() -> None:
    """A stack of at most 2 crates of 2 colours: 1 + 2 + 4 sequences."""
    report = verify_world(world("""\
world stack {
  enum crate { red, green }
  state { stack: list<crate> max 2 = [] }
  action put(c: crate) "put {c}" { when len(stack) < 2  do stack += c }
  action take "take" { when len(stack) > 0  do stack = pop(stack) }
  done when stack == [green, red]
  expect solvable within 2
}
"""))
    assert check(report, "rule_errors").status == check(report, "solvable within 2").status == "pass"
    assert report.measures.reachable_states == 7
    assert commands(report.oracle.steps) == ["put green", "put red"]


def test_nested_maps_explore_every_combination_of_inner_entries() -> None:
    """Four independent switches m[a][b] that can be flipped on, each at most once: 2^4 states."""
    report = verify_world(world("""\
world grid_of_flags {
  enum side { l, r }
  state { m: map<side, map<side, bool>> = {l: {l: false}} }
  action flip(a: side, b: side) "flip {a} {b}" { when not m[a][b]  do m[a][b] = true }
  done when all(a: side, all(b: side, m[a][b]))
  expect solvable within 4
  expect no dead ends
}
"""))
    assert check(report, "rule_errors").status == check(report, "no dead ends").status == "pass"
    assert report.measures.reachable_states == 16
    assert report.measures.solution_length == 4


def test_nested_int_maps_respect_their_bounds_at_every_depth() -> None:
    """Counters m[a][b] in 0..2 for 2x2 keys, each only counted up; m[r][r] starts at 1, the others
    at 0 (unlisted keys of the literals): 3 * 3 * 3 * 2 states."""
    report = verify_world(world("""\
world counters {
  enum side { l, r }
  state { m: map<side, map<side, int in 0..2>> = {r: {r: 1}} }
  action add(a: side, b: side) "add {a} {b}" { when m[a][b] < 2  do m[a][b] += 1 }
  done when m[l][l] == 2
}
"""))
    assert report.measures.reachable_states == 54
    assert check(report, "rule_errors").status == "pass"


MAZE = """\
world maze {
  entity cell grid(3, 3)
  state { at: cell = cell(0, 0)  open: rel<cell, cell> = maze(cell) }
  action go(d: direction) "go {d}" | "{d}" { when open(at, step(at, d))  do at = step(at, d) }
  reward 1 when at == cell(2, 2)
  done when at == cell(2, 2)
  expect solvable within 8
  expect no dead ends
}
"""


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_grid_maze_is_explored_cell_by_cell(seed: int) -> None:
    """The reachable states are the cells a walk from a1 reaches without passing the goal (where
    the episode ends), plus the goal; the shortest solution is the path through the maze."""
    w = world(MAZE, seed=seed)
    passages, goal = w.initial_state["open"], 8
    depth, todo = {0: 0}, deque([0])
    while todo:
        c = todo.popleft()
        if c == goal:
            continue
        for k in passages[c]:
            if k not in depth:
                depth[k] = depth[c] + 1
                todo.append(k)
    report = verify_world(w)
    assert report.measures.reachable_states == len(depth)
    assert report.measures.solution_length == depth[goal]
    assert check(report, "no dead ends").status == "pass"  # a perfect maze connects every cell
    assert check(report, "oracle replay").status == "pass"


STORM = """\
world storm {
  state { clock: int in 0..3 = 0  wet: int in 0..3 = 0 }
  action wait "wait" { }
  every step {
    if clock < 3 { do clock += 1 }
    chance(1 / 4) { if wet < 3 { do wet += 1 } }
  }
  reward 1 when clock == 3 and wet == 0
  done when clock == 3 and wet == 0
  expect solvable within 3
  expect beats doing nothing   # (waiting is the only move, so random play is optimal play)
}
"""


def test_every_step_and_its_chance_are_explored_with_all_outcomes() -> None:
    """After k waits the clock shows min(k, 3) and the rain has fallen on at most that many steps:
    states (c, w) with w <= c, 1 + 2 + 3 + 4 of them. Each wait rains with probability 1/4, except
    when it cannot get wetter (both outcomes give one state, with probability 1)."""
    w = world(STORM)
    rules, initial = load_rules(w)
    g = explore(rules, initial, Bounds())
    assert sorted(g.states) == sorted((c, k) for c in range(4) for k in range(c + 1))
    for e in range(len(g.edge_binding)):
        src = g.states[g.edge_src[e]]
        probs = sorted(g.trans_prob[t] for t in g.transitions(e))
        assert probs == ([1.0] if src[1] == 3 else [0.25, 0.75])
    report = verify_world(w)
    assert report.ok, report.reason()
    assert report.measures.stochastic
    assert report.measures.reachable_states == 10
    assert [s.chance for s in report.oracle.steps] == [(False,)] * 3  # it never rained
    assert report.oracle.probability == pytest.approx(0.75**3)
    assert report.optimal_success == pytest.approx(0.75**3)  # waiting is the only move: luck is all there is


def test_a_refused_command_does_not_advance_every_step_in_the_graph() -> None:
    """Once the clock shows 3, `wait` is refused (and `look` always is): no command happens, so the
    every-step block never runs there and those states have no outgoing edges at all."""
    w = world(STORM.replace('action wait "wait" { }', 'action wait "wait" { when clock < 3 }\n  action look "look" { when clock == 9 }'))
    rules, initial = load_rules(w)
    g = explore(rules, initial, Bounds())
    assert sorted(g.states) == [(0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (3, 1), (3, 2), (3, 3)]
    sources = [g.states[g.edge_src[e]] for e in range(len(g.edge_binding))]
    assert all(clock < 3 for clock, _ in sources)


COUNTER = """\
world counter {
  state { n: int in 0..3 = 0 }
  action inc(k: int in 1..2) "inc {k}" { when n + k <= 3  do n += k }
  reward 0.5 on inc when k == 1 and n == 0
  reward 1 when n == 3
  done when n == 3
  expect solvable within 2
}
"""


def test_conditional_on_rewards_count_in_the_oracles_return() -> None:
    """The shortest solutions are `inc 1, inc 2` and `inc 2, inc 1`; BFS meets `inc 1` first, and
    it starts at n == 0 with k == 1, so it pays 0.5 on top of the goal's 1."""
    report = verify_world(world(COUNTER))
    assert commands(report.oracle.steps) == ["inc 1", "inc 2"]
    assert report.returns.oracle == 1.5
    assert report.returns.max == 1.5  # the condition holds only at the start: it cannot be farmed


def test_a_conditional_on_reward_that_never_holds_on_the_oracles_path_adds_nothing() -> None:
    report = verify_world(world(COUNTER.replace("when k == 1 and n == 0", "when k == 2 and n == 1")))
    assert commands(report.oracle.steps) == ["inc 1", "inc 2"]
    assert report.returns.oracle == 1.5  # inc 2 starts at n == 1
    report = verify_world(world(COUNTER.replace("when k == 1 and n == 0", "when k == 2 and n == 2")))
    assert report.returns.oracle == 1 and report.returns.max == 1  # n + k <= 3 refuses inc 2 at n == 2


def test_reward_for_each_counts_once_per_element_in_the_returns() -> None:
    """Three chores, one finished at the start (never pays): the oracle finishes the two others."""
    report = verify_world(world("""\
world chores {
  enum chore { dishes, floor, bins }
  state { finished: set<chore> = {floor} }
  action work(c: chore) "do {c}" { when c not in finished  do finished += c }
  action undo(c: chore) "undo {c}" { when c in finished  do finished -= c }
  reward 0.25 for each c in chore when c in finished
  done when finished == chore
  expect solvable within 2
}
"""))
    assert report.measures.solution_length == 2
    assert report.returns.oracle == 0.5
    assert report.returns.max == 0.5  # undoing and redoing pays nothing twice
