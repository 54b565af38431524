"""Sets of bounded ints, `set<int in LO..HI>`: they behave as sets in rules, keep their range as
ints do (a value outside it is a rule error, never a silent extra bit), and the model checker and
the fair oracle see exactly the subsets of the range."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.verify.fair import fair_search
from worldgen.verify.run import verify_world

DIGITS = """\
world digits {
  state { used: set<int in 1..4> = {2}  last: int in -1..5 = 0 }
  action take(n: int in 0..5) "take {n}" { when n not in used  do used += n, last = n }
  action drop(n: int in -1..4) "drop {n}" { when n in used  do used -= n }
  observe "{used}; {join(d: used, d * 10, '+')}; {count(d: used, d > 2)}"
  done when count(used) == 4
}
"""


def env(source: str = DIGITS) -> worldgen.Env:
    e = worldgen.loads(source, "digits.wg").instantiate({}).env()
    e.reset()
    return e


def test_a_set_of_ints_adds_removes_counts_and_shows_its_ints_in_order() -> None:
    e = env()
    assert [e.step(c)[0] for c in ("take 4", "take 1", "drop 2")] == ["2, 4; 20+40; 1", "1, 2, 4; 10+20+40; 1",
                                                                     "1, 4; 10+40; 1"]


def test_an_int_outside_the_range_is_a_rule_error_and_a_negative_one_is_never_in_it() -> None:
    e = env()
    *_, info = e.step("take 5")
    assert not info["valid"] and info["error"] == "'used' would hold 5, outside 1..4"
    *_, info = e.step("drop -1")  # `-1 in used` is false: refused by its `when`, no error
    assert not info["valid"] and "error" not in info


def test_the_model_checker_finds_the_out_of_range_step_and_counts_subsets_of_the_range() -> None:
    report = verify_world(worldgen.loads(DIGITS, "digits.wg").instantiate({}))
    assert [c.name for c in report.failures()] == ["rule_errors"]
    fixed = DIGITS.replace("take(n: int in 0..5)", "take(n: int in 1..4)").replace("last: int in -1..5 = 0", "last: int in 0..4 = 0")
    report = verify_world(worldgen.loads(fixed, "digits.wg").instantiate({}))
    assert report.ok and report.measures.reachable_states == len(by_hand())


def by_hand() -> set[tuple[frozenset[int], int]]:
    """The reachable states of the fixed world, searched in plain Python (a goal state ends)."""
    seen, todo = set(), [(frozenset({2}), 0)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        used, _ = state
        if len(used) == 4:
            continue
        todo += [(used | {n}, n) for n in range(1, 5) if n not in used] + [(used - {n}, state[1]) for n in used]
    return seen


def test_a_hidden_set_of_ints_has_every_subset_of_its_range_as_a_candidate() -> None:
    source = """
    world lamps {
      state { on: set<int in 2..4> = {3}  looked: bool = false }
      hidden on
      action look "look" { do looked = true  say "{count(on)} lit" }
      action flip(n: int in 2..4) "flip {n}" { when n in on  do on -= n }
      done when count(on) == 0
      expect solvable within 4 observing
    }
    """
    world = worldgen.loads(source, "lamps.wg").instantiate({})
    search = fair_search(world, 4)
    assert len(search.beliefs[0].hidden) == 2 ** 3  # {}, {2}, ..., {2, 3, 4}: every subset of 2..4
