"""The seeded coin noisy proposals read: a fresh bool re-drawn by the world's one `every step` block."""

from __future__ import annotations

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.coin import coin, declared
from worldgen.flywheel.edits import apply
from worldgen.syntax.parser import parse

CLOCK = """world clock {
  state { luck: int in 0..3 = 0  tick: int in 0..9 = 0 }
  action wait "wait" { }
  every step { do tick = min(tick + 1, 9) }
  done when tick == 9
}
"""


def test_the_coin_joins_an_existing_every_step_block_under_a_name_nothing_else_uses() -> None:
    tree = parse(CLOCK, "clock.wg")
    assert {"luck", "tick", "wait"} <= declared(tree)
    drawn = coin(CLOCK, tree, "luck", 0.25)
    assert drawn is not None
    var, edits = drawn
    source = apply(CLOCK, edits)
    assert var == "luck2"
    assert "state { luck: int in 0..3 = 0  tick: int in 0..9 = 0  luck2: bool = true }" in source
    assert "every step { do tick = min(tick + 1, 9)  chance(0.25) { do luck2 = false } else { do luck2 = true } }" in source
    worldgen.loads(source, "clock.wg")


def test_without_an_every_step_block_one_is_added_after_the_state() -> None:
    maze = (ROOT / "scaffolds" / "maze.wg").read_text()
    var, edits = coin(maze, parse(maze, "maze.wg"), "glimpse", 0.3) or ("", [])
    source = apply(maze, edits)
    assert var == "glimpse" and source.count("every step {") == 1
    state_end = source.index("glimpse: bool = true")
    assert state_end < source.index("every step { chance(0.3) { do glimpse = false } else { do glimpse = true } }")
    worldgen.loads(source, "maze.wg")
