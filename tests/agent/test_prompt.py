"""The command help an agent (and a human on a renamed interface) is shown keeps the author's
capitalisation, while the world still matches commands case-insensitively."""

from __future__ import annotations

import worldgen
from worldgen.agent import command_help

CAPS = """world caps {
  state { n: int in 0..2 = 0 }
  action press "Press the RED Button" | "PUSH  red" { when n < 2  do n += 1 }
  action reset "Reset" { do n = 0 }
  done when n == 2
  horizon 10
  axis interface { plain {}  tools { rename reset "sysctl --Reset" } }
}
"""


def test_help_keeps_the_authors_capitalisation() -> None:
    world = worldgen.loads(CAPS, "caps.wg").instantiate({}, seed=0, axes={"interface": "tools"})
    assert command_help(world).splitlines() == ["  Press the RED Button", "  PUSH red", "  sysctl --Reset"]
    assert "sysctl --Reset" in world.system_prompt()


def test_commands_still_match_in_any_case() -> None:
    env = worldgen.loads(CAPS, "caps.wg").instantiate({}, seed=0, axes={"interface": "tools"}).env()
    _, info = env.reset(seed=0)
    assert info["admissible"] == ["press the red button", "sysctl --reset"]  # the canonical, lowercase spellings
    assert env.step("SYSCTL --RESET")[4]["action"] == "reset"
    assert env.step("press the red button")[4]["valid"]
    assert env.step("push RED")[4]["action"] == "press"
