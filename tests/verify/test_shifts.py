"""Shifted splits: a belief whose hidden part the search split before under other shared values
(a turn counter, a flag the agent sees) is split by shifting that split, and the search's beliefs,
moves and values are exactly those of splitting every belief state by state."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.verify import shifts
from worldgen.verify.factored import VARIES, Belief, elements, factor
from worldgen.verify.fair import FairSearch, fair_search

DERIVE = shifts.Shifts.derive
GUESS = """
world guess {
  state {
    secret: int in 1..12 = randint(1, 12)
    turns: int in 0..9 = 0
    won: bool = false
  }
  hidden secret
  action guess(n: int in 1..12) "guess {n}" {
    when not won
    do turns = min(turns + 1, 9)
    if n == secret { do won = true  say "Yes." } else { say "{if n < secret then 'Higher.' else 'Lower.'}" }
  }
  observe "Turn {turns}."
  done when won
  fail when LOSS
  horizon 12
  expect solvable within 1
  expect solvable within 4 observing
}
"""


def search(loss: str, shifting: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[FairSearch, int]:
    """The fair search of the guessing game and how many beliefs were split by shifting."""
    world = worldgen.loads(GUESS.replace("LOSS", loss), "guess.wg").instantiate({}, seed=0)
    shifted = [0]

    def counted(self: shifts.Shifts, belief: Belief) -> list[shifts.Split] | None:
        out = DERIVE(self, belief) if shifting else None
        shifted[0] += out is not None
        return out

    monkeypatch.setattr(shifts.Shifts, "derive", counted)
    return fair_search(world, 4), shifted[0]


@pytest.mark.parametrize("loss, shifts_some", [
    ("turns >= 9 and not won", True),  # the counter only counts: its end is out of reach within the bound
    ("turns >= 3 and not won", False),  # the counter ends the game at every turn's next step but the first
    ("turns == 2 and secret % 2 == 0", True),  # ...and reads the hidden value: hidden parts it cannot end still shift
])
def test_shifted_splits_are_the_splits_state_by_state(loss: str, shifts_some: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    direct, none = search(loss, False, monkeypatch)
    shifted, used = search(loss, True, monkeypatch)
    assert none == 0 and (used > 0) == shifts_some
    assert shifted.beliefs == direct.beliefs
    assert shifted.moves == direct.moves
    assert shifted.worst == direct.worst and shifted.hope == direct.hope


def test_a_counter_that_changes_nothing_but_itself_is_shifted_for_most_beliefs(monkeypatch: pytest.MonkeyPatch) -> None:
    found, used = search("turns >= 9 and not won", True, monkeypatch)
    assert found.worst[0] == 4  # halving 12 candidates
    expanded = [b for b, m in zip(found.beliefs, found.moves) if m]
    hidden_parts = {(tuple(v is VARIES for v in b.shared), b.hidden) for b in expanded}
    assert used == len(expanded) - len(hidden_parts)  # each hidden part is split state by state once
    assert used > len(expanded) // 2


def test_a_belief_stores_its_shared_values_once() -> None:
    states = [(0, (3, 5, False)), (1, (7, 5, False)), (2, (9, 5, False))]
    belief = factor(list(reversed(states)))
    assert belief.shared == (VARIES, 5, False)
    assert belief.hidden == ((0, (3,)), (1, (7,)), (2, (9,)))
    assert elements(belief) == tuple(states)
    assert factor(states[:1]) == Belief((3, 5, False), ((0, ()),))
