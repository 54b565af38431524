"""The real face as an attacker uses it: a line cannot outlive itself, stop the jail, read the
host's environment, touch the world's socket or programs, or change the world's state (and so its
grade) except through the world's rules. (Links, `/proc`, mounts, chroot and `rm -rf /` are in
`test_real.py`.) Skipped with the reason where this machine refuses namespaces, as there."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

import worldgen
from tests.terminal.test_episode import SOURCE
from worldgen.terminal.jail import available

REASON = available()
if REASON is not None and os.environ.get("CI") != "true":
    pytest.skip(REASON, allow_module_level=True)

FIRST_STATE = {"seen": [], "port": 1, "lvl": 0, "keymode": 420, "gone": False, "restarts": 0}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> Iterator[worldgen.Env]:
    monkeypatch.setenv("WORLDGEN_HOST_SECRET", "host-secret-26")  # in the environment worldgen runs in
    real = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0).env(shell="real")
    real.reset(seed=0)
    yield real
    real.close()


def say(env: worldgen.Env, line: str) -> str:
    return env.step(line)[0]


def test_nothing_the_line_started_outlives_it_not_even_in_a_session_of_its_own(env: worldgen.Env) -> None:
    say(env, "setsid sh -c 'while :; do echo beat >> /tmp/beat; sleep 0.1; done' > /dev/null 2>&1 < /dev/null &")
    say(env, "(nohup sh -c 'sleep 0.3; echo late > /tmp/late' > /dev/null 2>&1 &)")
    out = say(env, "sleep 0.6; a=$(wc -l < /tmp/beat); sleep 0.6; b=$(wc -l < /tmp/beat); [ $a = $b ] && echo still; ls /tmp")
    assert out == "still\nbeat"


@pytest.mark.parametrize("signal", ["INT", "TERM", "HUP", "QUIT", "USR1", "STOP", "KILL"])
def test_signals_to_the_jails_init_change_nothing(env: worldgen.Env, signal: str) -> None:
    assert say(env, f"kill -{signal} 1; echo sent") == "sent"
    assert say(env, "echo alive") == "alive"


def test_the_hosts_environment_is_not_in_the_jail(env: worldgen.Env) -> None:
    names = say(env, "env | cut -d= -f1 | sort | tr '\\n' ' '").split()
    assert set(names) <= {"APP_ENV", "HOME", "HOSTNAME", "LANG", "LOGNAME", "PATH", "PWD", "SHELL", "SHLVL", "TERM", "USER", "_"}
    assert say(env, "grep -rs host-secret /dev/.worldgen /etc /home /root /tmp; echo $?") == "1"


def test_the_worlds_socket_and_programs_are_out_of_reach(env: worldgen.Env) -> None:
    out = say(env, "rm -f /dev/.worldgen/world.sock; ln -sf /tmp/x /dev/.worldgen/world.sock; echo x > /usr/local/bin/systemctl")
    assert out.count("Read-only file system") == 3
    forged = ("python3 -c 'import socket; c = socket.socket(socket.AF_UNIX); c.connect(\"/dev/.worldgen/world.sock\");"
              " c.sendall(b\"{\\\"op\\\": \\\"state\\\", \\\"set\\\": {\\\"restarts\\\": 2}}\\n\"); print(c.recv(300).decode())'")
    assert '"error"' in say(env, forged)
    assert env.state() == FIRST_STATE
    assert say(env, "echo alive") == "alive"


def test_a_program_of_ones_own_prints_what_it_likes_and_changes_nothing(env: worldgen.Env) -> None:
    say(env, "mkdir /tmp/bin && printf '#!/bin/sh\\necho restarted svc1\\n' > /tmp/bin/systemctl && chmod +x /tmp/bin/systemctl")
    obs, reward, terminated, _, info = env.step("PATH=/tmp/bin:$PATH systemctl restart svc1")
    assert obs == "restarted svc1" and info["action"] is None and reward == 0 and not terminated
    assert env.state() == FIRST_STATE


def test_a_line_cannot_take_the_hosts_disk_or_memory_through_one_process(env: worldgen.Env) -> None:
    """The tree is a folder of the host: a file stops growing at 64 MiB and a process at 2 GiB of
    memory, and the line cannot lift either limit (it wrote 1 GB in a second before)."""
    assert say(env, "head -c 80M /dev/zero > /tmp/big; echo $?; wc -c < /tmp/big") == "File size limit exceeded\n153\n67108864"
    assert say(env, "ulimit -f unlimited 2>&1; echo $?") == "bash: ulimit: file size: cannot modify limit: Operation not permitted\n1"
    assert say(env, "ulimit -v") == str(2 << 20)  # KiB
