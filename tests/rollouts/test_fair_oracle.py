"""The fair-oracle policy: plays from the observations alone, and wins where the checker says it can."""

from __future__ import annotations

from pathlib import Path

from tests.rollouts.test_runner import rollout
from tests.suites import compiled
from worldgen.rollouts.sources import open_entries


def test_the_fair_oracle_wins_every_guessing_game_within_its_worst_case(tmp_path: Path) -> None:
    suite = compiled(tmp_path / "suite", "guess", range(0, 4))
    fair = rollout(suite, "fair-oracle", tmp_path / "fair.jsonl", episodes=2)
    oracle = rollout(suite, "oracle", tmp_path / "oracle.jsonl", episodes=1)
    entries = {e.id: e for e in open_entries(suite)}
    assert all(e["success"] and e["error"] is None for e in fair)
    for e in fair:
        report = entries[e["world"]].report
        assert e["steps"] <= report.fair_oracle.worst_case_steps == entries[e["world"]].world.params["bits"]
    assert all(e["steps"] == 1 for e in oracle)  # the omniscient oracle reads the secret
    assert sum(e["steps"] for e in fair) > len(fair)  # the fair one has to search for it


def test_without_hidden_state_the_fair_oracle_plays_from_observations_and_wins(tmp_path: Path) -> None:
    # ledger declares nothing hidden: the only world the agent must allow for is the world itself.
    suite = compiled(tmp_path / "suite", "ledger", range(0, 1))
    episodes = rollout(suite, "fair-oracle", tmp_path / "fair.jsonl", episodes=1)
    assert all(e["success"] for e in episodes)


def test_where_luck_decides_the_fair_oracle_still_plays_and_never_sends_a_refused_command(tmp_path: Path) -> None:
    # Flaky services: any start may fail by chance, so no move wins in every case (the checker's
    # worst case is "none"), yet retrying wins; the fair oracle used to send `wait` to the end.
    suite = compiled(tmp_path / "suite", "services", range(0, 3), flakiness="flaky")
    episodes = rollout(suite, "fair-oracle", tmp_path / "fair.jsonl", episodes=2)
    assert all(step["valid"] for e in episodes for step in e["trace"])
    assert all(e["success"] for e in episodes)
