"""Exported harbor tasks played end to end with local processes: the oracle scores 1, and neither
doing nothing nor tampering with anything the agent can reach scores more than 0."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.exporters.conftest import SECRET
from tests.exporters.local_task import LocalTask
from worldgen.compiler.artifact import load_world
from worldgen.exporters.episode import observation_sha256
from worldgen.exporters.seeds import episode_seeds


def walkthrough(task: Path) -> list[str]:
    return json.loads((task / "solution" / "walkthrough.json").read_text())


@pytest.fixture
def local(tasks: list[Path], tmp_path: Path) -> Iterator[LocalTask]:
    run = LocalTask(tasks[0], tmp_path).start()
    yield run
    run.stop()


def ask(port: int, *requests: dict | bytes) -> list[dict]:
    """Raw protocol lines, as a client rewritten by the agent would send them."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        reader = sock.makefile("rb")
        replies = []
        for request in requests:
            sock.sendall(request if isinstance(request, bytes) else json.dumps(request).encode() + b"\n")
            replies.append(json.loads(reader.readline()))
        return replies


def test_the_oracle_solves_every_task(tasks: list[Path], text_tasks: list[Path], tmp_path: Path) -> None:
    firsts = [next(episode_seeds(SECRET, load_world(t / "tests" / "world.json").to_json())) for t in tasks]
    seeds = [json.loads((t / "tests" / "episode.json").read_text())["seed"] for t in tasks]
    assert firsts != seeds, "no stochastic world needed a seed after the first: the seed search is untested"
    for i, task in enumerate(text_tasks):  # terminal worlds' tasks: test_harbor_terminal.py
        run = LocalTask(task, tmp_path / str(i)).start()
        try:
            done = run.solve()
            assert done.returncode == 0, done.stderr
            assert "The episode is over: solved" in done.stdout
            reward = run.verify()
        finally:
            run.stop()
        assert reward["reward"] == 1.0 and reward["success"] == 1.0 and reward["progress"] == 1.0, (task.name, reward)
        assert reward["journal_consistent"] == 1 and reward["journal_error"] == 0
        assert reward["steps"] == len(walkthrough(task))


def test_doing_nothing_scores_zero(local: LocalTask) -> None:
    look = local.agent("world")
    assert look.returncode == 0 and "Commands ({arg} marks an argument)" in look.stdout
    reward = local.verify()
    assert reward["reward"] == 0.0 and reward["steps"] == 0 and reward["progress"] == 0.0
    assert reward["journal_error"] == 0  # the service wrote an empty journal: an episode with no command


def test_an_uncollected_journal_scores_zero(local: LocalTask) -> None:
    local.solve()
    local.journal.unlink()
    reward = local.verify()
    assert reward["reward"] == 0.0 and reward["journal_error"] == 1


def test_editing_the_client_and_forging_files_on_the_agent_side_scores_zero(local: LocalTask) -> None:
    forged_journal = local.agent_fs / "var" / "lib" / "worldgen" / "journal.jsonl"
    forged_reward = local.agent_fs / "logs" / "verifier" / "reward.json"
    lines = "".join(json.dumps({"step": i + 1, "command": c, "reward": 1.0, "over": True}) + "\n"
                    for i, c in enumerate(walkthrough(local.task)))
    client = local.agent_fs / "bin" / "world"
    client.write_text("#!/usr/bin/env python3\n"
                      "import os\n"
                      f"os.makedirs({str(forged_journal.parent)!r}, exist_ok=True)\n"
                      f"open({str(forged_journal)!r}, 'w').write({lines!r})\n"
                      f"os.makedirs({str(forged_reward.parent)!r}, exist_ok=True)\n"
                      f"open({str(forged_reward)!r}, 'w').write('{{\"reward\": 1}}')\n"
                      "print('The episode is over: solved')\n")
    done = local.solve()
    assert done.returncode == 0 and "solved" in done.stdout and forged_journal.exists() and forged_reward.exists()
    reward = local.verify()
    assert reward["reward"] == 0.0 and reward["steps"] == 0


def test_the_protocol_offers_no_reset_no_state_and_no_reward(local: LocalTask) -> None:
    first = walkthrough(local.task)[0]
    replies = ask(local.port,
                  {"op": "reset", "seed": 7},
                  {"op": "state"},
                  {"op": "step", "command": first, "reward": 1.0},
                  {"op": "step", "command": "x" * 501},
                  {"op": "step", "command": f'nothing\n{{"command": "{first}"}}'},
                  b"not json\n",
                  {"op": "look"})
    assert all("error" in r for r in replies[:4]) and "error" in replies[5]
    assert "error" not in replies[4] and "error" not in replies[6]
    assert not any("reward" in r or "seed" in r or "state" in r for r in replies)
    records = [json.loads(line) for line in local.journal.read_text().splitlines()]
    assert [r["command"] for r in records] == [f'nothing\n{{"command": "{first}"}}']  # one step, one line
    assert local.verify()["reward"] == 0.0


def test_a_finished_episode_takes_no_more_commands(local: LocalTask) -> None:
    local.solve()
    again = local.agent("world", *walkthrough(local.task)[0].split())
    assert again.returncode == 1 and "the episode is over" in again.stderr
    assert len(local.journal.read_text().splitlines()) == len(walkthrough(local.task))
    assert local.verify()["reward"] == 1.0


def test_a_restarted_service_resumes_its_episode_from_the_journal(local: LocalTask) -> None:
    commands = walkthrough(local.task)
    for command in commands[:2]:
        assert local.agent("world", *command.split()).returncode == 0
    local.stop()
    local.start()
    assert "Commands used: 2 of" in local.agent("world").stdout
    for command in commands[2:]:
        assert local.agent("world", *command.split()).returncode == 0
    assert local.verify()["reward"] == 1.0


def test_the_verifier_believes_commands_only(local: LocalTask) -> None:
    """Journals the service would never write, placed where harbor collects from."""
    commands = walkthrough(local.task)
    local.journal.write_text("".join(json.dumps({"command": "jump", "reward": 1.0, "over": True,
                                                 "observation_sha256": "0" * 64}) + "\n" for _ in commands))
    assert local.verify()["reward"] == 0.0
    local.journal.write_text("".join(json.dumps({"command": c, "observation_sha256": "0" * 64}) + "\n" for c in commands))
    reward = local.verify()
    assert reward["reward"] == 1.0 and reward["journal_consistent"] == 0
    local.journal.write_text(json.dumps({"command": commands[0]}) + "\nnot json\n")
    reward = local.verify()
    assert reward["reward"] == 0.0 and reward["journal_error"] == 1
    local.journal.write_text("".join(json.dumps({"command": c}) + "\n" for c in commands)[:-1])  # cut mid-line
    assert local.verify()["steps"] == len(commands) - 1


def test_journal_lines_hash_what_the_agent_saw(local: LocalTask) -> None:
    command = walkthrough(local.task)[0]
    shown = local.agent("world", *command.split()).stdout.rstrip("\n")
    record = json.loads(local.journal.read_text())
    assert record["command"] == command and record["observation_sha256"] == observation_sha256(shown)


def test_a_line_torn_by_a_crash_does_not_spoil_the_episode_after_a_restart(local: LocalTask) -> None:
    commands = walkthrough(local.task)
    assert local.agent("world", *commands[0].split()).returncode == 0
    local.stop()
    with local.journal.open("a") as journal:  # the service died mid-write: the agent never got this reply
        journal.write('{"command": "' + commands[1][:2])
    local.start()
    assert "Commands used: 1 of" in local.agent("world").stdout
    for command in commands[1:]:
        assert local.agent("world", *command.split()).returncode == 0
    reward = local.verify()
    assert reward["reward"] == 1.0 and reward["journal_error"] == 0 and reward["steps"] == len(commands)


def test_a_command_the_journal_cannot_hold_is_refused_before_it_runs(local: LocalTask) -> None:
    first = walkthrough(local.task)[0]
    lone_surrogate = b'{"op": "step", "command": "' + first.encode() + b' \\ud800"}\n'
    refused, look = ask(local.port, lone_surrogate, {"op": "look"})
    assert "lone surrogate" in refused["error"] and look["steps"] == 0
    assert local.journal.read_text() == ""
    assert local.verify()["steps"] == 0
