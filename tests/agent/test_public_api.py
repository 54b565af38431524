"""The public agent surface: a trainer's own loop prompts and parses exactly as worldgen's rollouts do."""

from __future__ import annotations

import json
from pathlib import Path

import worldgen
from tests.suites import compiled
from worldgen.agent import parse_command, system_prompt


def test_parse_command_accepts_the_admissible_list_as_the_env_gives_it() -> None:
    admissible = ["Go Hall", "take brass key"]
    assert parse_command("Sure! I'll go hall now.", admissible) == "go hall"
    assert parse_command("```\nTake Brass Key\n```", admissible) == "Take Brass Key"
    assert parse_command("dance", admissible) == "dance"  # unknown: sent as is, the world says so


def test_load_suite_gives_ids_params_axes_and_worlds_in_suite_order(tmp_path: Path) -> None:
    out = compiled(tmp_path / "suite", "vault", range(3))
    entries = worldgen.load_suite(out)
    index = [json.loads(line)["id"] for line in (out / "index.jsonl").read_text().splitlines()]
    assert [e.id for e in entries] == index
    for entry in entries:
        assert entry.params == entry.world.params and entry.axes == entry.world.axes
        assert entry.report.ok


def test_system_prompt_is_the_one_the_llm_policy_sends(tmp_path: Path) -> None:
    world = worldgen.load_suite(compiled(tmp_path / "suite", "vault", range(1)))[0].world
    obs, info = world.env().reset(seed=0)
    prompt = world.system_prompt()
    assert prompt == system_prompt(world, info["instruction"])
    assert "Goal: " + info["instruction"] in prompt
    assert all(command.split()[0] in prompt for command in info["admissible"])
