"""Partial credit is progress toward the goal by the model checker's distances, so a command that
pays reward without getting closer to the goal earns none of it."""

from __future__ import annotations

import json
from pathlib import Path

import worldgen
from worldgen.exporters.grade import grade
from worldgen.exporters.journal import EpisodeConfig

LANE = """
world lane {
  title "Lane"
  instruction "Walk to the end of the lane."
  state { at: int in 0..4 = 0 }
  action forward "forward" {
    when at < 4 else "You are at the end."
    do at += 1
    say "You walk on."
  }
  action back "back" {
    when at > 0 else "You are at the start."
    do at -= 1
    say "You walk back."
  }
  action dance "dance" { say "You dance." }
  observe "You are at {at}."
  reward 1 on dance
  reward 5 when at == 4
  done when at == 4
  horizon 30
}
"""


def graded(tmp_path: Path, commands: list[str]) -> dict[str, float]:
    world = tmp_path / "world.json"
    world.write_text(worldgen.loads(LANE).instantiate({}, seed=0).to_json())
    journal = tmp_path / "journal.jsonl"
    journal.write_text("".join(json.dumps({"command": c}) + "\n" for c in commands))
    result, _ = grade(world, EpisodeConfig(world_id="lane", seed=1, help="forward, back, dance"), journal)
    return result


def test_farming_a_rewarded_but_useless_command_earns_no_progress(tmp_path: Path) -> None:
    result = graded(tmp_path, ["dance"] * 25)
    assert result["return"] == 25.0  # more reward than solving pays
    assert result["progress"] == 0.0 and result["reward"] == 0.0


def test_progress_is_the_share_of_the_distance_to_the_goal_covered_at_best(tmp_path: Path) -> None:
    assert graded(tmp_path, ["forward", "forward", "forward", "back", "back", "dance"])["progress"] == 0.75
    assert graded(tmp_path, ["forward", "back"] * 5)["progress"] == 0.25
    solved = graded(tmp_path, ["forward"] * 4)
    assert solved["progress"] == 1.0 and solved["reward"] == 1.0
    assert graded(tmp_path, [])["progress"] == 0.0
