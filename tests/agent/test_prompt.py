"""The command help an agent (and a human on a renamed interface) is shown keeps the author's
capitalisation, while the world still matches commands case-insensitively."""

from __future__ import annotations

import json
from pathlib import Path

import worldgen
from worldgen.agent import command_help
from worldgen.agent.prompt import system_prompt

ROOT = Path(__file__).resolve().parents[2]

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


def test_a_terminal_world_tells_the_agent_it_is_at_a_shell_and_lists_only_its_programs() -> None:
    record = json.load(open(ROOT / "content_packs" / "logs" / "example.json"))
    world = worldgen.load(ROOT / "scaffolds" / "logs.wg").instantiate(record, seed=1, axes={"interface": "systemctl"})
    prompt = system_prompt(world, "Find the failing service.")
    assert prompt.startswith("You are at a Linux shell (bash)")
    assert "systemctl restart {s}" in prompt and "cat /var/log" not in prompt  # file hooks are plain shell lines


ONE_UNIT = """world unit {
  entity daemon[1] named content.units
  content { units: list(1) of word "a service name" }
  state { up: bool = false }
  files { program systemctl { } }
  action restart(d: daemon) "systemctl restart {d}" { do up = true }
  action logs(n: int in 1..3) "journalctl -n {n}" { }
  done when up
}
"""


def test_a_terminal_worlds_program_lines_with_few_named_values_are_spelled_out() -> None:
    """`systemctl restart {d}    (d: one of auth-api)` read as a template, not as a task's README."""
    world = worldgen.loads(ONE_UNIT, "unit.wg").instantiate({"units": ["auth-api"]}, seed=0)
    assert command_help(world).splitlines() == ["  systemctl restart auth-api", "  journalctl -n {n}    (n: a whole number)"]
