"""``worldgen.api.rollout`` (and ``Suite.rollout``) records the episodes `worldgen rollout`
records, byte for byte but for each episode's ``timing`` (this machine's clock), resumes like it,
and runs inside an event loop too (a Jupyter cell)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

from tests.api.conftest import Twins
from worldgen.api import rollout
from worldgen.cli.main import main


def untimed(path: Path) -> bytes:
    """The file's bytes with each episode's wall-clock seconds blanked (the one member that varies)."""
    text = path.read_text(encoding="utf-8")
    assert all("seconds" in json.loads(line)["timing"] for line in text.splitlines())
    return re.sub(r'"timing":\{"seconds":[0-9.e-]+\}', '"timing":{}', text).encode()


def test_the_episodes_file_is_byte_identical_to_the_commands(twins: Twins, tmp_path: Path) -> None:
    assert main(["rollout", str(twins.cli), "--policy", "random", "--episodes", "2", "--seed", "5",
                 "-o", str(tmp_path / "cli.jsonl")]) == 0
    done = twins.api.rollout("random", tmp_path / "api.jsonl", episodes=2, seed=5, progress=False)
    assert untimed(tmp_path / "api.jsonl") == untimed(tmp_path / "cli.jsonl")
    assert done.path == tmp_path / "api.jsonl" and done.policy == "random"
    assert (done.result.planned, done.result.ran, done.policy_errors) == (2 * twins.api.accepted, 2 * twins.api.accepted, 0)
    assert [(e["world"], e["seed"]) for e in done.episodes()] == [(w.id, s) for w in twins.api.worlds() for s in (5, 6)]


def test_a_second_call_resumes_and_skips_what_is_recorded(twins: Twins, tmp_path: Path) -> None:
    rollout(twins.api.path, "oracle", tmp_path / "o.jsonl", progress=False)
    again = rollout(twins.api.path, "oracle", tmp_path / "o.jsonl", progress=False)
    assert (again.result.skipped, again.result.ran) == (twins.api.accepted, 0)


def test_it_runs_where_an_event_loop_is_already_running(twins: Twins, tmp_path: Path) -> None:
    async def cell() -> int:  # what a notebook cell is: code inside a running event loop
        return rollout(twins.api.path, "oracle", tmp_path / "o.jsonl", progress=False).result.successes

    assert asyncio.run(cell()) == twins.api.accepted
