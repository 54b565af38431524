"""The real face of a terminal world: real bash over the world's files in private namespaces.

Every test here runs /usr/bin/bash under `unshare`; where this machine refuses namespaces the
module is skipped with the reason (and fails under CI=true, where CI runs as root)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import worldgen
from tests.terminal.test_accounts import SITE
from tests.terminal.test_episode import SOURCE
from worldgen.terminal.jail import available

REASON = available()
if REASON is not None and os.environ.get("CI") != "true":
    pytest.skip(REASON, allow_module_level=True)


def faces(source: str, name: str) -> Iterator[tuple[worldgen.Env, worldgen.Env]]:
    """The real and the emulated face of one world, reset to seed 0; the real one closed after."""
    world = worldgen.loads(source, name).instantiate({}, seed=0)
    real, emulated = world.env(shell="real"), world.env()
    real.reset(seed=0)
    emulated.reset(seed=0)
    yield real, emulated
    real.close()


@pytest.fixture
def pair() -> Iterator[tuple[worldgen.Env, worldgen.Env]]:
    yield from faces(SOURCE, "ops.wg")


def both(pair: tuple[worldgen.Env, worldgen.Env], line: str) -> tuple[tuple, tuple]:
    """(stdout, stderr, status, what the step showed) of one line in each face.

    Where a line wrote to both streams, what the step showed is compared as its lines in any
    order: the real face reads stdout and stderr from two pipes, and writes microseconds apart
    (`chown x f; echo $?`) can be read in either order on a loaded machine (docs/terminal.md,
    known differences); each stream's bytes are still compared exactly."""
    out = []
    for env in pair:
        obs, _, _, _, info = env.step(line)
        last = env._terminal.last  # noqa: SLF001
        shown = sorted(obs.split("\n")) if last.stdout and last.stderr else obs
        out.append((last.stdout, last.stderr, last.status, shown))
    return out[0], out[1]


@pytest.mark.parametrize("line", [
    "ls /var/log", "cat /var/log/svc2.log | grep -c error", "grep -l broken /var/log/*.log", "wc -l /etc/app.conf",
    "cd /var/log && ls -1 && pwd", "X='two words'; echo \"$X\" '$X'", "echo $HOME $APP_ENV", "cat /nope",
    "ls /srv /nowhere", "sytemctl restart svc1", "echo \"unterminated", "head -n 1 /var/log/svc1.log | tr a-z A-Z",
    "sort /var/log/svc2.log | uniq -c", "awk '{print $1}' /var/log/svc1.log", "cd /etc/app.conf",
    "chmod 640 /var/log/svc1.log; echo $?", "chmod u+r /var/log/svc2.log && echo same mode",
    "sudo cat /var/log/svc1.log", "sudo -u root ls /nowhere", "sudo cd /tmp", "sudo -x ls", "sudo", "type systemctl",
    "./grep -c x /etc/app.conf", "/usr/bin/cat /etc/app.conf", "echo $0",
    "for v in port=2 level=high; do echo $v >> /etc/app.conf; done; cat /etc/app.conf",
    "echo port=9 > /etc/app.conf; cat /etc/app.conf; echo $?",
])
def test_reading_lines_print_the_same_bytes_in_both_faces(pair, line: str) -> None:
    real, emulated = both(pair, line)
    assert real == emulated


def test_the_shell_session_carries_directory_variables_and_status_across_lines(pair) -> None:
    for line in ("cd /var/log", "N=3; export M=4", "false"):
        both(pair, line)
    real, emulated = both(pair, "echo $? $N $M; pwd")
    assert real == emulated == ("1 3 4\n/var/log\n", "", 0, "1 3 4\n/var/log")


def test_functions_live_on_between_lines_in_both_faces(pair) -> None:
    both(pair, "errors() { grep -c error \"$@\"; }; function twice { echo $1 $1; }")
    real, emulated = both(pair, "errors /var/log/svc1.log; twice hi; type -t twice")
    assert real == emulated
    assert real[0] == "1\nhi hi\nfunction\n"


def test_a_read_is_the_read_hook_and_a_program_sees_it_in_the_same_line(pair) -> None:
    real, emulated = both(pair, "cat /var/log/svc1.log > /dev/null && systemctl restart svc1")
    assert real == emulated == ("restarted svc1\n", "", 0, "restarted svc1")
    assert pair[0].state() == pair[1].state()


def test_a_program_refusal_is_its_stderr_and_exit_1(pair) -> None:
    real, emulated = both(pair, "systemctl restart svc2; echo $?")
    assert real == emulated
    assert real[1] == "read the log of svc2 first\n"


def test_an_accepted_write_is_parsed_by_the_world_and_the_file_shows_its_rendering(pair) -> None:
    real, emulated = both(pair, "printf 'port = 3\\nlevel=HIGH\\n' > /etc/app.conf")
    assert real[3] == emulated[3] == "app: configuration reloaded"
    assert pair[0].state() == pair[1].state()
    assert both(pair, "cat /etc/app.conf")[0][0] == "port=3\nlevel=high\n"


def test_a_write_the_world_refuses_is_undone_and_said_alike_in_both_faces(pair) -> None:
    real, emulated = both(pair, "echo 'port=9' > /etc/app.conf")
    assert real[1] == "worldgen: /etc/app.conf: app: syntax error, file left unchanged (the world kept its version of the file)\n"
    assert real == emulated
    assert both(pair, "cat /etc/app.conf")[0][0] == "port=1\nlevel=low\n"
    assert pair[0].state() == pair[1].state()


def test_chmod_and_rm_go_through_the_worlds_hooks(pair) -> None:
    both(pair, "chmod 600 /home/ops/.ssh/id_ed25519")
    assert pair[0].state()["keymode"] == pair[1].state()["keymode"] == 0o600
    real, _ = both(pair, "chmod 777 /home/ops/.ssh/id_ed25519")
    assert "mode refused by policy" in real[1]
    assert both(pair, "stat -c %a /home/ops/.ssh/id_ed25519")[0][0] == "600\n"
    both(pair, "rm /home/ops/.ssh/id_ed25519")
    assert pair[0].state()["gone"] and pair[1].state()["gone"]


def test_scratch_files_live_for_the_episode_only(pair) -> None:
    real, emulated = both(pair, "echo note > /tmp/n && cat /tmp/n")
    assert real == emulated
    pair[0].reset(seed=0)
    assert pair[0].step("cat /tmp/n")[0] == "cat: /tmp/n: No such file or directory"


def test_escaping_the_tree_reaches_nothing_of_the_host() -> None:
    world = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0)
    env = world.env(shell="real")
    env.reset(seed=0)
    home = env._terminal.home  # noqa: SLF001
    try:
        assert env.step("cd /proc")[0] == "bash: cd: /proc: No such file or directory"
        assert env.step("ls /work /root/.pyenv 2>&1 | wc -l")[0] == "2"  # both missing: the host is not there
        assert "Read-only file system" in env.step("echo x > /usr/local/bin/systemctl")[0]
        assert "Read-only file system" in env.step("touch /usr/bin/evil")[0]
        env.step("ln -s / /tmp/up; ls /tmp/up/tmp")  # a link to / is the tree's own root
        env.step("rm -rf --no-preserve-root / 2>/dev/null")
        assert env.state()["gone"] is True  # the key has an rm hook: removing it is the world's move, as in the emulator
        assert (home / "root/etc/app.conf").read_text() == "port=1\nlevel=low\n"  # no rm hook: the world put it back
        obs, _, _, _, info = env.step("echo alive")  # /lib64 went with the rest: the box is broken, as a real one would be
        assert info["exit_status"] == 127 and obs.startswith("bash: cannot start")
        assert Path("/usr/bin/bash").exists()
        env.reset(seed=0)  # a new episode builds the tree afresh
        env.step("kill -9 -1")
        assert env.step("echo alive")[0] == "alive"  # the world was never in reach: the episode goes on
        assert "permission denied" in env.step("mount -t proc proc /tmp")[0]  # no CAP_SYS_ADMIN
        assert env.step("mkdir -p /tmp/x && chroot /tmp/x /bin/true; echo $?")[0].endswith("125")
    finally:
        env.close()
    assert not home.exists()


def test_a_line_that_never_ends_is_killed_and_the_next_line_runs() -> None:
    world = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0)
    env = world.env(shell="real")
    env._terminal.line_seconds = 0.5  # noqa: SLF001
    env.reset(seed=0)
    try:
        obs, _, _, _, info = env.step("sleep 30")
        assert info["exit_status"] == 137
        assert env.step("echo next")[0] == "next"
    finally:
        env.close()


def test_links_the_agent_plants_are_never_followed_by_the_world_outside_the_tree(tmp_path: Path) -> None:
    """The world's side runs on the host (as root under CI): a world file's folder replaced by a
    link to a host folder, or a world file replaced by a link to a host file, must not make it
    read or write there. The world takes the file as removed and puts its own version back."""
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret"
    secret.write_text("host secret\n")
    world = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0)
    env = world.env(shell="real")
    env.reset(seed=0)
    root = env._terminal.root  # noqa: SLF001
    try:
        env.step(f"rm -rf /var/log && ln -s {outside} /var/log")
        assert list(outside.iterdir()) == [secret]  # nothing written through the link
        assert (root / "var/log").is_dir() and not (root / "var/log").is_symlink()
        assert (root / "var/log/svc1.log").read_text().startswith("started svc1")
        env.step(f"rm /etc/app.conf && ln -s {secret} /etc/app.conf")
        assert secret.read_text() == "host secret\n"
        assert not (root / "etc/app.conf").is_symlink()
        assert env.step("cat /etc/app.conf")[0] == "port=1\nlevel=low"
        assert "host secret" not in str(env.state())
    finally:
        env.close()


def test_a_file_the_agent_makes_unreadable_is_still_the_worlds_file(pair) -> None:
    """``chmod 000`` happens on disk before the world hears of it (the line's own output shows
    it); the world, which has no chmod rule for the file, refuses it afterwards. Unreadable or
    not, the file is there: it is not taken for removed, and both faces end in the same state."""
    real, emulated = both(pair, "chmod 000 /etc/app.conf")
    assert real[1] == "worldgen: /etc/app.conf: Operation not permitted (the world kept its version of the file)\n"
    assert emulated[1] == "chmod: changing permissions of '/etc/app.conf': Operation not permitted\n"
    assert pair[0].state() == pair[1].state()
    assert both(pair, "ls -l /etc/app.conf | cut -c 1-10; cat /etc/app.conf")[0][0] == "-rw-r--r--\nport=1\nlevel=low\n"


@pytest.fixture
def site() -> tuple[worldgen.Env, worldgen.Env]:
    """Both faces of a world whose files have Debian's, the world's own and chown'd owners."""
    if os.geteuid() != 0:
        pytest.skip("the real face's tree carries the world's owners only when it runs as root")
    yield from faces(SITE, "site.wg")


@pytest.mark.parametrize("line", [
    "ls -l /srv/app | awk '{print $1, $2, $3, $4, $5, $9}'", "ls -n /srv/app | awk '{print $1, $3, $4, $9}'",
    "stat -c '%n %U %G %u %g' /srv/app/*", "find /srv -user alice -o -group 33",
    "chown mallory /srv/app/data.db; echo $?", "chown daemon:nosuch /srv/app/data.db", "chgrp nosuch /srv/app/data.db",
    "touch /tmp/n && chown www-data:adm /tmp/n && stat -c '%U %G %u %g' /tmp/n",
    "touch /tmp/n && chown 1001:1005 /tmp/n && stat -c '%U %G' /tmp/n && chown alice: /tmp/n && stat -c '%U:%G' /tmp/n",
    "grep -c . /etc/passwd /etc/group",
])
def test_owners_and_accounts_read_the_same_in_both_faces(site, line: str) -> None:
    real, emulated = both(site, line)
    assert tuple(_ascii_quotes(x) for x in real) == emulated


def _ascii_quotes(value: object) -> object:
    """GNU's ``quote()`` in the real face's C.UTF-8 locale (``invalid user: ‘x’``) as the
    emulator's C locale writes it (``'x'``): the faces differ there for every GNU message."""
    if isinstance(value, list):
        return [_ascii_quotes(v) for v in value]
    return value.replace("\u2018", "'").replace("\u2019", "'") if isinstance(value, str) else value


def test_chown_of_a_world_file_is_its_hook_in_both_faces(site) -> None:
    real, emulated = both(site, "chown bob:devs /srv/app/data.db && stat -c '%U:%G %u:%g' /srv/app/data.db")
    assert real == emulated == ("bob:devs 1001:1004\n", "", 0, "bob:devs 1001:1004")
    assert site[0].state() == site[1].state()
    assert both(site, "ls -l /srv/app/data.db | cut -d' ' -f3,4")[0][0] == "bob devs\n"


def test_an_open_quote_keeps_the_failure_of_the_line_before_as_interactive_bash_does(pair) -> None:
    both(pair, "cat /nope")
    real, emulated = both(pair, 'echo "unterminated')
    assert real == emulated
    assert real[2] == 1
    real, emulated = both(pair, "ls |")
    assert real[2] == emulated[2] == 2


def test_a_program_named_after_a_bash_builtin_is_the_worlds_and_its_failure_is_the_next_lines_status() -> None:
    from worldgen.terminal.fidelity import catalogue_entries

    root = Path(__file__).resolve().parents[2]
    entry = next(e for e in catalogue_entries(root / "scaffolds", root / "content_packs") if e.id == "processes")
    kill = next(step.command for step in entry.report.oracle.steps if step.command.startswith("kill "))
    faces = [entry.world.env(shell="real"), entry.world.env()]
    try:
        outs = []
        for env in faces:
            env.reset(seed=0)
            env.step(kill)  # a process of the world, which bash's own `kill` would not find
            done = env._terminal.last  # noqa: SLF001
            env._terminal.run("kill 999999")  # noqa: SLF001 - none of the world's: its program says so, exit 1
            env._terminal.run("echo $?; echo 'open")  # noqa: SLF001 - (the episode may be over: the shell runs on)
            outs.append((done.stderr, done.status, env.state(), env._terminal.last.status))  # noqa: SLF001
        assert outs[0] == outs[1]
        assert outs[0][:2] == ("", 0) and outs[0][3] == 1
    finally:
        faces[0].close()


def test_the_worlds_files_and_folders_keep_their_times_whatever_the_agent_did_around_them(pair) -> None:
    for line in ("touch /var/log/svc1.log", "mkdir /var/log/x && rm -r /var/log/x", "echo n > /srv/backups/n && rm /srv/backups/n"):
        both(pair, line)
    for line in ("ls -la /var/log", "ls -la /srv /srv/backups", "ls -la /etc /var"):
        real, emulated = both(pair, line)
        times = [[row.split()[-4:-1] for row in face[0].splitlines() if row.startswith(("d", "-"))] for face in (real, emulated)]
        assert times[0] == times[1] and {" ".join(t) for t in times[0]} == {"Mar 3 04:12"}
