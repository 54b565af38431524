"""``/`` and ``%`` by a literal other than 0 are Python's own ``//`` and ``%`` (they cannot raise the
division rule error, and both floor as the language does); by anything else they go through
``_div``, which refuses 0."""

from __future__ import annotations

import worldgen
from worldgen.runtime.loader import load_rules

NUMBERS = """
world numbers {
  state { x: int in -7..7 = -7  d: int in 0..2 = 0 }
  action up "up" { when x < 7  do x = x + 1 }
  action next "next" { do d = (d + 1) % 3 }
  observe "{x / 2} {x % 3} {x / -2} {x % -3}"
  action split "split" { say "{x / d}" }
  horizon 40
}
"""


def test_a_literal_divisor_is_python_division_with_the_same_values() -> None:
    world = worldgen.loads(NUMBERS, "numbers.wg").instantiate({}, seed=0)
    rules, _ = load_rules(world)
    observe = rules.source.split("def observe(s):")[1].split("\n")[0]
    assert "_div" not in observe and "//" in observe
    assert "_div(" in rules.source  # x / d: d may be 0
    env = world.env()
    obs, _ = env.reset(seed=0)
    for x in range(-7, 8):
        assert obs == f"{x // 2} {x % 3} {x // -2} {x % -3}"
        obs = env.step("up")[0]


def test_a_divisor_that_may_be_zero_still_refuses() -> None:
    env = worldgen.loads(NUMBERS, "numbers.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    obs, _, _, _, info = env.step("split")
    assert not info["valid"] and info["error"] == "division by zero"
    env.step("next")
    assert env.step("split")[0].startswith("-7")
