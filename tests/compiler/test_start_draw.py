"""Re-drawing a built world's start: its params, entities and content stay, its generators draw anew."""

from __future__ import annotations

import worldgen
from worldgen.compiler.start_draw import StartDraws

GRID = """
world hunt {
  param w: int in 3..5
  entity cell grid(w, 2)
  state {
    at: cell = cell(0, 0)
    prize: cell = choice(cell)
    found: bool = false
  }
  require prize != at else "the prize is where you start"
  action dig(c: cell) "dig {c}" { when c == prize  do found = true }
  done when found
}
"""


def test_a_redraw_keeps_the_world_and_draws_its_generators_again() -> None:
    world = worldgen.loads(GRID, "hunt.wg").instantiate({}, seed=3)
    cells = 2 * int(world.params["w"])
    start = StartDraws(world)
    draws = [start.draw(("at", "prize")) for _ in range(200)]
    kept = [d for d in draws if d is not None]
    assert {at for at, _ in kept} == {0}  # not drawn: the world's own value every time
    assert {prize for _, prize in kept} == set(range(1, cells))  # every cell of this world's grid but the start
    assert None in draws  # a prize drawn at the start breaks the require: no world, as a build would re-draw


def test_the_same_world_redraws_the_same_sequence() -> None:
    world = worldgen.loads(GRID, "hunt.wg").instantiate({}, seed=3)
    first, second = StartDraws(world), StartDraws(world)
    assert [first.draw(("prize",)) for _ in range(50)] == [second.draw(("prize",)) for _ in range(50)]
