"""Text-space bounds of worlds whose text functions can grow text beyond any string they hold."""

from __future__ import annotations

import worldgen
from worldgen.adapters.textspace import text_bounds


def test_padded_text_is_bounded_by_the_text_limit() -> None:
    world = worldgen.loads("""\
world t {
  state { w: int in 0..99999 = 3 }
  action widen "widen" { do w = 99999 }
  observe "{lpad('x', w)}"
}
""", "t.wg").instantiate(content={}, seed=0)
    env = world.env()
    env.reset(seed=0)
    obs = env.step("widen")[0]
    assert len(obs) == 99_999 <= text_bounds(world).max_observation


def test_a_list_of_text_is_bounded_by_the_text_it_came_from() -> None:
    world = worldgen.loads("""\
world t {
  state { n: int in 0..1 = 0 }
  action wait "wait" { }
  observe "{split('abcdefghijklmnopqrstuvwxyz', '')} {join(lines('a\\nb\\nc\\nd\\ne\\nf'), '--')}"
}
""", "t.wg").instantiate(content={}, seed=0)
    obs, _ = world.env().reset(seed=0)
    assert obs == ", ".join("abcdefghijklmnopqrstuvwxyz") + " a--b--c--d--e--f"
    assert text_bounds(world).max_observation >= len(obs)
