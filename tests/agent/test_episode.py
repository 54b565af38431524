"""An episode driven by model replies scores exactly as the world does."""

from __future__ import annotations

import json

import worldgen
from tests.conftest import ROOT
from worldgen.agent import Episode
from worldgen.verify import verify_world


def vault_world() -> worldgen.World:
    record = json.loads((ROOT / "content_packs/vault/example.json").read_text())
    return worldgen.load(ROOT / "scaffolds/vault.wg").instantiate(content=record, seed=3)


def test_chatty_replies_following_the_oracle_win_with_the_worlds_return() -> None:
    world = vault_world()
    walkthrough = [step.command for step in verify_world(world).oracle.steps]
    episode = Episode(world, seed=0)
    assert episode.system_prompt() == world.system_prompt()
    for command in walkthrough:
        assert not episode.done
        episode.act(f"I will now `{command}`.")
    assert episode.done and episode.success and episode.steps == len(walkthrough)
    env = world.env()
    env.reset(seed=0)
    expected = sum(env.step(command)[1] for command in walkthrough)
    assert episode.metrics() == {"return": expected, "success": 1.0, "steps": len(walkthrough), "invalid": 0, "truncated": 0.0}


def test_a_reply_without_a_command_costs_a_step_and_gets_the_invalid_message() -> None:
    episode = Episode(vault_world(), seed=0)
    answer = episode.act("Hmm, let me think about this.")
    assert episode.steps == 1 and episode.invalid == 1 and not episode.done
    assert answer.strip()
    assert episode.admissible() == episode.env.admissible
