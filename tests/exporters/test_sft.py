"""`worldgen export sft`: one chat per world whose assistant turns, replayed, solve the world."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldgen.cli.main import main
from worldgen.exporters.episode import play
from worldgen.exporters.walkthrough import oracle_episode
from worldgen.agent.prompt import system_prompt
from worldgen.rollouts.sources import open_entries


@pytest.mark.parametrize("suite_name", ["vault_suite", "flaky_suite"])
def test_each_chat_replays_to_success(suite_name: str, request: pytest.FixtureRequest, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    suite: Path = request.getfixturevalue(suite_name)
    out = tmp_path / "sft.jsonl"
    assert main(["export", "sft", str(suite), "-o", str(out)]) == 0
    entries = open_entries(suite)
    lines = out.read_text().splitlines()
    assert f"wrote {len(entries)} chat" in capsys.readouterr().out and len(lines) == len(entries)
    for entry, line in zip(entries, lines):
        record = json.loads(line)
        assert list(record) == ["messages"]
        messages = record["messages"]
        roles = [m["role"] for m in messages]
        assert roles[:2] == ["system", "user"] and roles[2::2] == ["assistant"] * len(roles[2::2])
        assert roles[3::2] == ["user"] * len(roles[3::2]) and roles[-1] == "assistant"
        commands = [m["content"] for m in messages if m["role"] == "assistant"]
        seed = oracle_episode(entry).seed
        if not entry.report.measures.stochastic:
            assert seed == entry.world.seed  # no search: the world's own seed
        session, ignored = play(entry.world, seed, commands)
        assert session.success and not ignored
        assert [m["content"] for m in messages if m["role"] == "user"] == [session.start] + [t.observation for t in session.turns[:-1]]
        assert messages[0]["content"] == system_prompt(entry.world, session.instruction)


def test_a_failed_export_writes_nothing(tmp_path: Path, vault_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "suite"
    bad.mkdir()
    (bad / "index.jsonl").write_text('{"id": "x", "path": "missing.json"}\n')
    out = tmp_path / "sft.jsonl"
    assert main(["export", "sft", str(bad), "-o", str(out)]) == 1
    assert "missing.json" in capsys.readouterr().err and not out.exists()


def test_a_planted_temp_link_is_not_followed(tmp_path: Path, vault_suite: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    out = tmp_path / "sft.jsonl"
    (tmp_path / "sft.jsonl.tmp").symlink_to(victim)  # the name the old exporter wrote through
    assert main(["export", "sft", str(vault_suite), "-o", str(out)]) == 0
    assert victim.read_text() == "keep me" and out.read_text().count("\n") == 3
