"""A terminal world's tables answer a line run before from the same place (state, last status, a
fresh session, no scratch file made) without the shell, exactly as the shell answered it
(tables/line_memo.py); anything that makes the effect depend on more is run again."""

from __future__ import annotations

import random

import pytest

from tests.tables.conftest import shipped_world, tables_of, trace
from tests.tables.test_terminal import TABLED
from worldgen.runtime.env import Env
from worldgen.tables import line_memo
from worldgen.tables.step import TableEnv
from worldgen.terminal.episode import TerminalEpisode

SESSION = ["cd /tmp", "cd", "cd ~", "export X=1", "unset X", "echo $?", "exit", "false", "exit 3", "echo \"$X\"",
           "xyzzy"]
SCRATCH = ["echo note > /tmp/n", "mkdir -p /tmp/d", "cat /tmp/n"]


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines the shell runs from now on (in any env)."""
    ran: list[str] = []
    run = TerminalEpisode.run
    monkeypatch.setattr(TerminalEpisode, "run", lambda self, line: ran.append(line) or run(self, line))
    return ran


def _line(env: Env, rng: random.Random, world_lines: list[str]) -> str:
    """Mostly one of a few lines of the world (some of its commands, reads of its files: each
    comes back often), else an admissible line, a line that changes or reads the session, or
    one that makes a scratch file (after which the episode's lines all run)."""
    roll = rng.random()
    if roll < 0.6 or not env.admissible:
        return rng.choice(world_lines)
    if roll < 0.85:
        return rng.choice(env.admissible)
    return rng.choice(SESSION if roll < 0.97 else SCRATCH)


@pytest.mark.parametrize("name", TABLED)
def test_lines_met_again_answer_as_the_shell_does(name: str, runs: list[str]) -> None:
    world = shipped_world(name)
    rules_env, table_env = Env(world), TableEnv(world, tables_of(world))
    rng = random.Random(name)
    files = sorted(rules_env.rules.layout.files)
    world_lines = rng.sample(rules_env.commands, min(6, len(rules_env.commands))) + \
        [f"cat {path}" for path in rng.sample(files, min(3, len(files)))] + ["ls", "pwd", "cat /nope"]
    steps, replayed = 0, 0
    for episode in range(8):
        assert rules_env.reset(seed=episode)[0] == table_env.reset(seed=episode)[0]
        for _ in range(40):
            line = _line(rules_env, rng, world_lines)
            before = len(runs)
            step = trace(table_env.step(line))
            replayed += len(runs) == before
            assert step == trace(rules_env.step(line)), (episode, line)
            assert table_env.state() == rules_env.state() and table_env._terminal.last == rules_env._terminal.last
            steps += 1
            if step[2] or step[3]:
                break
    assert 0 < replayed < steps  # lines were met again and answered without the shell


def _env(name: str) -> TableEnv:
    world = shipped_world(name)
    return TableEnv(world, tables_of(world))


def test_a_line_from_a_fresh_session_runs_once_per_state_and_status(runs: list[str]) -> None:
    env = _env("services")
    env.reset(seed=0)
    shown = [env.step("ls /etc")[0] for _ in range(3)]
    env.reset(seed=0)
    shown.append(env.step("ls /etc")[0])
    assert runs == ["ls /etc"] and len(set(shown)) == 1
    env.step("false")
    env.step("echo $?")  # after a status of 1: another key than after 0
    env.step("true")
    env.step("echo $?")
    assert runs == ["ls /etc", "false", "echo $?", "true", "echo $?"]


def test_a_session_changed_is_looked_up_again_once_it_is_a_fresh_one_s_again(runs: list[str]) -> None:
    env = _env("services")
    env.reset(seed=0)
    env.step("pwd")
    env.step("export X=1")
    env.step("pwd")  # run: the session is not a fresh one's
    env.step("unset X")  # a fresh session's again
    env.step("pwd")
    env.step("cd /tmp")  # bash keeps OLDPWD from now on, even back home
    env.step("cd")
    assert env.step("pwd")[0] == "/root"
    assert runs == ["pwd", "export X=1", "pwd", "unset X", "cd /tmp", "cd", "pwd"]


def test_after_a_scratch_file_every_line_runs_until_the_reset(runs: list[str]) -> None:
    env = _env("logs")
    env.reset(seed=0)
    env.step("ls /tmp")
    env.step("echo hi > /tmp/note")
    assert env.step("ls /tmp")[0] == "note"
    env.reset(seed=0)
    assert env.step("ls /tmp")[0] == ""
    assert runs == ["ls /tmp", "echo hi > /tmp/note", "ls /tmp"]


@pytest.mark.parametrize("bound", ["LINES_KEPT", "CHARS_KEPT"])
def test_the_kept_lines_are_emptied_at_their_bound_and_the_traces_stay(bound: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(line_memo, bound, 3 if bound == "LINES_KEPT" else 400)
    world = shipped_world("logs")
    rules_env, table_env = Env(world), TableEnv(world, tables_of(world))
    rng = random.Random(4)
    for episode in range(5):
        rules_env.reset(seed=episode)
        table_env.reset(seed=episode)
        for _ in range(12):
            line = rng.choice(["ls /var/log", "cat /etc/motd", "pwd", *rules_env.admissible])
            assert trace(table_env.step(line)) == trace(rules_env.step(line))
            memo = table_env._terminal._memo
            assert len(memo.kept) <= 3 if bound == "LINES_KEPT" else memo.chars <= 400
