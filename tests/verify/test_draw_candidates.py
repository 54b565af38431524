"""`hidden ... from draws`: the fair check's candidates are the start values the world's generator
deals, found by re-running its draw, complete when 10x the values found bring nothing new, and
"unknown (bound)" past its bounds."""

from __future__ import annotations

from math import factorial

import pytest

import worldgen
from worldgen.ir.world import World
from worldgen.verify.candidates import TooManyCandidates, candidates
from worldgen.verify.draw_candidates import MIN_DRAWS, PATIENCE, TooManyDraws, drawn_values
from worldgen.verify.fair import fair_search

MEMORY = """
world pairs {
  param pairs: int in 2..4
  entity symbol[pairs]
  entity card[2 * pairs]
  state {
    deck: map<card, symbol> = sorted(symbol) + sorted(symbol)
    face: map<card, symbol> = shuffle(deck)
    matched: set<card> = {}
    open: set<card> = {}
  }
  hidden face from draws
  def shown(c: card) = if c in matched or c in open then text(face[c]) else "?"
  action turn(c: card) "turn {c}" {
    when c not in matched and c not in open
    if count(open) == 2 { do open = {} }
    do open += c
    if count(open) == 2 and all(x: open, all(y: open, face[x] == face[y])) { do matched += open, open = {} }
  }
  observe "{join(c: card, '{c} {shown(c)}', ', ')}"
  done when count(matched) == 2 * pairs
  horizon 40
  invariant deck_is_pairs: all(s: symbol, count(c: card, face[c] == s) == 2)
  expect solvable within 2 * pairs
  expect solvable within 3 * pairs observing
}
"""


def memory(pairs: int, source: str = MEMORY) -> World:
    return worldgen.loads(source, "pairs.wg").instantiate({}, seed=0, params={"pairs": pairs})


def layouts(pairs: int) -> int:
    """The ways to deal ``pairs`` pairs of named pictures face down: (2n)! / 2^n."""
    return factorial(2 * pairs) // 2 ** pairs


@pytest.mark.parametrize("pairs", [2, 3])
def test_the_candidates_are_every_layout_the_shuffle_deals_and_no_other(pairs: int) -> None:
    world = memory(pairs)
    drawn = drawn_values(world, ("face",), 4096)
    faces = [v["face"] for v in drawn.values]
    assert len(faces) == len(set(map(tuple, faces))) == layouts(pairs)
    assert all(sorted(f) == sorted(world.initial_state["deck"]) for f in faces)  # every picture twice
    assert world.initial_state["face"] in faces
    assert drawn.draws >= MIN_DRAWS
    assert drawn == drawn_values(world, ("face",), 4096)  # the same draws every time


def test_a_value_the_generator_always_draws_the_same_is_the_only_candidate() -> None:
    world = worldgen.loads("""
    world still {
      state { code: int in 0..9 = 7  pressed: bool = false }
      hidden code from draws
      action press "press" { do pressed = true }
      done when pressed
    }""", "still.wg").instantiate({}, seed=0)
    drawn = drawn_values(world, ("code",), 4096)
    assert drawn.values == [{"code": 7}]
    assert drawn.draws == max(MIN_DRAWS, PATIENCE)  # nothing new for long enough at the first stop


def test_draws_that_break_a_require_are_not_candidates() -> None:
    world = worldgen.loads("""
    world even {
      state { code: int in 0..9 = randint(0, 9)  pressed: bool = false }
      hidden code from draws
      require code % 2 == 0 else "odd"
      action press "press" { do pressed = true }
      done when pressed
    }""", "even.wg").instantiate({}, seed=0)
    assert drawn_values(world, ("code",), 4096).values == [{"code": c} for c in (0, 2, 4, 6, 8)]


def test_hidden_variables_not_from_draws_still_range_over_their_type() -> None:
    world = worldgen.loads("""
    world both {
      state { code: int in 0..9 = randint(0, 4)  lamp: bool = false  pressed: bool = false }
      hidden code from draws
      hidden lamp
      action press "press" { do pressed = true }
      done when pressed
    }""", "both.wg").instantiate({}, seed=0)
    starts = sorted((c.world.initial_state["code"], c.world.initial_state["lamp"]) for c in candidates(world))
    assert starts == [(code, lamp) for code in range(5) for lamp in (False, True)]


def test_from_draws_decides_what_the_invariant_describing_the_generator_decides() -> None:
    drawn = fair_search(memory(2), 6)
    typed = fair_search(memory(2, MEMORY.replace("hidden face from draws", "hidden face")), 6)
    assert len(drawn.model.cands) == len(typed.model.cands) == layouts(2)
    assert drawn.worst[0] == typed.worst[0] == 6  # the worst case turns every card, then the last pair
    assert fair_search(memory(2), 5).worst[0] == float("inf")


def test_four_pairs_are_no_longer_refused_for_the_size_of_the_type() -> None:
    typed = memory(4, MEMORY.replace("hidden face from draws", "hidden face"))
    with pytest.raises(TooManyCandidates, match="can take 65536 values, more than 4096"):
        candidates(typed)
    assert len(drawn_values(memory(4), ("face",), 4096).values) == layouts(4) == 2520


def test_more_distinct_draws_than_the_bound_is_unknown() -> None:
    with pytest.raises(TooManyDraws, match=r"^the generator drew more than 10 distinct values of face \(in \d+ draws\)$"):
        drawn_values(memory(3), ("face",), 10)
    with pytest.raises(TooManyCandidates, match="more than 10 distinct values"):
        candidates(memory(3), limit=10)


def test_a_generator_that_keeps_drawing_new_values_is_unknown() -> None:
    with pytest.raises(TooManyDraws, match=r"^after 300 draws the generator still drew new values of face \(\d+ so far\)$"):
        drawn_values(memory(3), ("face",), 4096, max_draws=300)
