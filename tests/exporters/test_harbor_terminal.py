"""A terminal world's Harbor task is a real machine: its files as real files, its programs as thin
clients of the world service, real bash; the verifier grades from the world's journal, which holds
every program call and the last look at the files (``worldgen-sync``, harbor's collect hook)."""

from __future__ import annotations

import json
import os
import shutil
import socketserver
import subprocess
import threading
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen as cli
from tests.exporters.conftest import SECRET
from tests.suites import compiled
from worldgen.exporters import service as service_module
from worldgen.exporters.grade import grade
from worldgen.exporters.harbor import Target, export_task
from worldgen.exporters.journal import EpisodeConfig, read_journal
from worldgen.exporters.service import WorldService
from worldgen.exporters.terminal_task import bash_rc, solve_sh
from worldgen.exporters.walkthrough import ExportError
from worldgen.exporters.wheelhouse import Wheelhouse
from worldgen.terminal import program_client, sudo_shim
from worldgen.terminal.jail import RealShell, available
from worldgen.rollouts.sources import open_entries
from worldgen.terminal.real import _system_links

LOGS = ["/etc/motd", "/var/log/billing-worker.log", "/var/log/postgres.log", "/var/log/redis.log"]


def _service(task: Path, journal: Path) -> WorldService:
    return WorldService(task / "tests" / "world.json", EpisodeConfig.load(task / "tests" / "episode.json"), journal)


def _files(service: WorldService) -> dict:
    """The world's files as a client in a fresh container reports them (nothing read yet)."""
    items = service.handle({"op": "files"})["items"]
    return {i["path"]: {"text": i["text"], "mode": i["mode"], "uid": i["uid"] or 0, "gid": i["gid"] or 0, "read": False}
            for i in items if i["path"] in LOGS}


# ------------------------------------------------------------------------------ the task's files
def test_main_holds_the_clients_and_no_world_data(terminal_task: Path) -> None:
    env = terminal_task / "environment"
    dockerfile = (env / "Dockerfile").read_text()
    assert [ln.split()[1] for ln in dockerfile.splitlines() if ln.startswith("COPY")] == ["--chmod=0755", "--chmod=0644"]
    assert "COPY --chmod=0755 bin/ /usr/local/bin/" in dockerfile and 'ENTRYPOINT ["/usr/local/bin/worldgen-files"]' in dockerfile
    assert (env / "Dockerfile.dockerignore").read_text() == "service/\nwheels/\n"
    client = Path(program_client.__file__).read_bytes()
    assert sorted(p.name for p in (env / "bin").iterdir()) == ["service", "sudo", "systemctl", "worldgen-files", "worldgen-sync"]
    assert all(p.read_bytes() == client for p in (env / "bin").iterdir() if p.name != "sudo")
    assert (env / "bin" / "sudo").read_text() == sudo_shim.SCRIPT  # slim images have none; the emulator's runs the command
    assert json.loads((env / "worldgen.json").read_text()) == {"address": "world:7777", "files": LOGS}
    seed = str(json.loads((terminal_task / "tests" / "episode.json").read_text())["seed"])
    for path in [env / "Dockerfile", env / "worldgen.json", terminal_task / "instruction.md"]:
        assert seed not in path.read_text()


def test_the_instruction_reads_like_a_terminal_task(terminal_task: Path) -> None:
    text = (terminal_task / "instruction.md").read_text()
    assert text.startswith("# Task\n\nYou are logged in to a Linux machine with a bash shell.")
    assert "Find the failing service" in text and "service {s} restart" in text
    assert "`world" not in text and "quot" not in text.replace("quoted exactly", "")


def test_the_solution_is_the_oracles_lines_and_the_verifier_syncs_first(terminal_task: Path) -> None:
    assert (terminal_task / "solution" / "solve.sh").read_text().splitlines()[2:] == [
        "cd /root", "cat /var/log/billing-worker.log", "service billing-worker restart"]
    assert not (terminal_task / "solution" / "walkthrough.json").exists()
    config = tomllib.loads((terminal_task / "task.toml").read_text())
    assert config["verifier"]["collect"] == [{"command": "worldgen-sync", "service": "main"}]
    assert config["metadata"]["category"] == "terminal"


def test_a_line_the_shell_parser_does_not_take_is_refused_not_quoted(terminal_task: Path) -> None:
    from worldgen.compiler.artifact import load_world

    world = load_world(terminal_task / "tests" / "world.json")
    for line in ["echo 'unterminated", "ls\nrm -rf /", "echo $(id)"]:
        with pytest.raises(ExportError, match="is not one plain command line"):
            solve_sh(world, [line])


def test_a_world_with_files_under_proc_is_refused_with_the_reason(tmp_path: Path) -> None:
    done = cli("compile", "scaffolds/processes.wg", "--seeds", "0:1", "-o", str(tmp_path / "suite"))
    assert done.returncode == 0, done.stderr
    done = cli("export", "harbor", str(tmp_path / "suite"), "-o", str(tmp_path / "tasks"))
    assert done.returncode == 1 and "lies under /proc, which a container's image or kernel owns" in done.stderr


def test_a_program_named_like_a_bash_builtin_is_the_worlds_in_bash(tmp_path: Path) -> None:
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "kill").write_text("#!/bin/sh\necho world kill \"$@\"\n")
    (tmp_path / "bin" / "kill").chmod(0o755)
    (tmp_path / "rc").write_text(bash_rc(["kill", "ps"]))
    env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin", "BASH_ENV": str(tmp_path / "rc")}
    done = subprocess.run(["/usr/bin/bash", "-c", "kill 19501"], env=env, capture_output=True, text=True)
    assert done.stdout == "world kill 19501\n"
    assert bash_rc(["kill", "ps"]).splitlines()[1:] == ["enable -n kill"]


# ------------------------------------------------------------------------------ the service's calls
def test_the_service_takes_program_calls_and_journals_them(terminal_task: Path, tmp_path: Path) -> None:
    service = _service(terminal_task, tmp_path / "journal.jsonl")
    seen = _files(service)
    reply = service.handle({"op": "program", "argv": ["service", "billing-worker", "restart"], "cwd": "/root", "files": seen})
    assert reply["status"] == 1 and "read" in reply["stderr"]  # the change policy: the log first
    seen["/var/log/billing-worker.log"]["read"] = True
    reply = service.handle({"op": "program", "argv": ["service", "billing-worker", "restart"], "cwd": "/root", "files": seen})
    assert reply["status"] == 0 and service.session.success
    assert "/var/log/billing-worker.log" in reply["files"]  # its access time goes back: the next read shows too
    calls = [json.loads(r["command"]) for r in read_journal(tmp_path / "journal.jsonl")]
    assert [c["argv"] for c in calls] == [["service", "billing-worker", "restart"]] * 2
    assert [list(c["files"]) for c in calls] == [[], ["/var/log/billing-worker.log"]]  # only what changed or was read
    reply = service.handle({"op": "sync", "files": {}})  # graded on the final state: the goal does not end the task
    assert reply["status"] == 0 and service.session.success and not service.session.over


@pytest.mark.parametrize("request_, message", [
    ({"op": "step", "command": "service redis restart"}, "a call is"),
    ({"op": "program", "argv": ["rm", "-rf", "/"], "cwd": "/", "files": {}}, "not a program of this world"),
    ({"op": "program", "argv": ["service"], "cwd": "/", "files": {"/etc/shadow": None}}, "not a file of this world"),
    ({"op": "program", "argv": ["service"], "cwd": "/", "files": {"/etc/motd": {"text": "x"}}}, "a file is"),
    ({"op": "program", "argv": ["service"], "cwd": "/", "files": {"/etc/motd": {"text": "x", "mode": True, "uid": 0,
                                                                                  "gid": 0, "read": False}}}, "mode must be"),
    ({"op": "program", "argv": ["service"], "cwd": "relative", "files": {}}, "cwd must be"),
    ({"op": "sync", "files": {}, "seed": 1}, "unknown: ['seed']"),
    ({"op": "program", "argv": [], "cwd": "/", "files": {}}, "argv must be"),
    (["op", "files"], "a call is"),
])
def test_bad_calls_get_an_error_and_are_not_journaled(terminal_task: Path, tmp_path: Path, request_, message: str) -> None:
    service = _service(terminal_task, tmp_path / "journal.jsonl")
    assert message in service.handle(request_)["error"]
    assert (tmp_path / "journal.jsonl").read_text() == ""


def test_the_world_files_do_not_depend_on_the_episode_seed(terminal_task: Path, tmp_path: Path) -> None:
    """Why the entrypoint may write them before any call: a reset sets the world's first state,
    whatever the seed (the seed only draws chance outcomes)."""
    service = _service(terminal_task, tmp_path / "a.jsonl")
    config = EpisodeConfig.load(terminal_task / "tests" / "episode.json")
    other = WorldService(terminal_task / "tests" / "world.json", config.model_copy(update={"seed": config.seed + 1}),
                         tmp_path / "b.jsonl")
    assert service.handle({"op": "files"}) == other.handle({"op": "files"})


# ------------------------------------------------------------------------------ end to end, real bash
class _UnixServer(service_module.ConnectionLimit, socketserver.ThreadingUnixStreamServer):
    """The service's own handler and connection limit, on a Unix socket (the jail has no network)."""


class Machine:
    """Main's container, simulated without Docker: a folder as ``/`` under real bash in namespaces,
    the task's clients on PATH talking to the world service (in this process) over a Unix socket."""

    def __init__(self, task: Path, home: Path):
        self.task = task
        home.mkdir(exist_ok=True)
        self.journal = home / "journal.jsonl"
        self.service = _service(task, self.journal)
        root, programs, control = home / "root", home / "bin", home / "control"
        for folder in (root, programs, control, root / "run", root / "solution", root / "etc"):
            folder.mkdir()
        (root / "etc" / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")  # the image's own
        (root / "etc" / "group").write_text("root:x:0:\n")
        _system_links(root)
        for client in (task / "environment" / "bin").iterdir():
            shutil.copy(client, programs / client.name)
        config = json.loads((task / "environment" / "worldgen.json").read_text())
        config["address"] = "unix:/dev/.worldgen/world.sock"  # the jail has no network; compose's is world:7777
        (programs / program_client.CONFIG).write_text(json.dumps(config))
        shutil.copy(task / "solution" / "solve.sh", root / "solution" / "solve.sh")
        self.server = _UnixServer(str(control / "world.sock"), self.service)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.shell = RealShell(root, programs, control)
        self.root = root

    def run(self, line: str) -> dict:
        self.shell.send({"line": line, "cwd": "/root", "env": {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/root"},
                         "vars": "", "status": 0, "timeout": 20})
        return self.shell.receive()

    def grade(self) -> dict:
        config = EpisodeConfig.load(self.task / "tests" / "episode.json")
        return grade(self.task / "tests" / "world.json", config, self.journal)[0]

    def close(self) -> None:
        self.shell.close()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def machine(terminal_task: Path, tmp_path: Path) -> Iterator[Machine]:
    reason = available()
    if reason is not None:
        pytest.skip(reason)
    m = Machine(terminal_task, tmp_path)
    started = m.run("worldgen-files")  # the image's entrypoint
    assert started["status"] == 0, started["stderr"]
    yield m
    m.close()


def test_the_entrypoint_writes_the_worlds_files_as_real_files(machine: Machine) -> None:
    assert (machine.root / "run" / "worldgen.ready").exists()
    listing = machine.run("ls /var/log && stat -c '%a' /var/log/redis.log && cat /etc/motd | head -1")
    assert listing["stdout"].split("\n")[:4] == ["billing-worker.log", "postgres.log", "redis.log", "640"]


def test_the_oracles_solve_sh_in_real_bash_wins(machine: Machine) -> None:
    played = machine.run("bash /solution/solve.sh")
    assert played["status"] == 0, played["stderr"]
    machine.run("worldgen-sync")  # harbor's collect hook
    result = machine.grade()
    assert result["reward"] == 1 and result["journal_consistent"] == 1


def test_a_bad_play_does_not_win_and_forged_calls_are_refused(machine: Machine) -> None:
    machine.run("service redis restart; cat /var/log/redis.log > /dev/null; service redis restart")
    machine.run("echo '{\"op\": \"step\", \"command\": \"win\"}' > /tmp/x; rm -f /usr/local/bin/service; rm -rf /var/log")
    machine.run("worldgen-sync")
    result = machine.grade()
    assert result["reward"] == 0 and result["journal_error"] == 0 and result["steps"] >= 2


def test_the_oracle_wins_every_terminal_task_of_a_stochastic_suite(tasks: list[Path], text_tasks: list[Path],
                                                                   tmp_path: Path) -> None:
    """The flaky services worlds: the export picked an episode seed under which the oracle's lines
    win open-loop, and the service runs that episode, so solve.sh wins in real bash too."""
    if available() is not None:
        pytest.skip(available())
    terminal = [t for t in tasks if t not in text_tasks]
    assert terminal
    for i, task in enumerate(terminal):
        m = Machine(task, tmp_path / str(i))
        try:
            assert m.run("worldgen-files")["status"] == 0
            m.run("bash /solution/solve.sh")
            m.run("worldgen-sync")
            result = m.grade()
        finally:
            m.close()
        assert result["reward"] == 1 and result["journal_consistent"] == 1, (task.name, result)


@pytest.fixture(scope="module")
def cron_task(tmp_path_factory: pytest.TempPathFactory, worldgen_wheel: Path) -> Path:
    """A world won by writing a file, with no program run after it (scaffold cron)."""
    suite = compiled(tmp_path_factory.mktemp("cron") / "suite", "cron", range(0, 1))
    return export_task(open_entries(suite)[0], tmp_path_factory.mktemp("cron-task"), Wheelhouse(worldgen_wheel, ()),
                       Target(), SECRET)


def test_an_edit_with_no_program_after_it_counts_once_the_verifier_syncs(cron_task: Path, tmp_path: Path) -> None:
    if available() is not None:
        pytest.skip(available())
    assert "> /etc/cron.d/backup" in (cron_task / "solution" / "solve.sh").read_text()
    m = Machine(cron_task, tmp_path / "m")
    try:
        m.run("worldgen-files")
        assert m.run("bash /solution/solve.sh")["status"] == 0
        assert m.grade()["reward"] == 0  # the world has not seen the file yet
        m.run("worldgen-sync")  # harbor's collect hook, after the agent is done
        assert m.grade()["reward"] == 1
    finally:
        m.close()


def test_the_task_is_graded_on_the_final_state_not_on_the_first_time_the_goal_held(cron_task: Path, tmp_path: Path) -> None:
    """A solve undone afterwards scored 1, and every call after the goal said "the episode is over
    (solved)" with exit 126, leaking the grade; the instruction says the machine's state is checked."""
    if available() is not None:
        pytest.skip(available())
    m = Machine(cron_task, tmp_path / "m")
    try:
        m.run("worldgen-files")
        assert m.run("bash /solution/solve.sh")["status"] == 0
        assert m.run("worldgen-sync")["status"] == 0
        assert m.grade()["reward"] == 1
        assert m.run("cat /etc/cron.d/backup")["stdout"].split()[1] != "23"
        m.run("sed -i -E 's/^([0-9]+) [0-9]+ /\\1 23 /' /etc/cron.d/backup")  # a valid schedule, the wrong hour
        assert m.run("worldgen-sync")["status"] == 0  # still answered in character
        assert m.grade()["reward"] == 0
    finally:
        m.close()


REFUSED = {"appconfig": "/proc/cpuinfo", "processes": "/proc/"}  # files the container's kernel owns
SCAFFOLDS = ["apt", "backup", "cron", "csvreport", "git", "logs", "makefile", "permissions", "services", "sshkeys", "users"]


@pytest.mark.parametrize("scaffold", SCAFFOLDS)
def test_the_oracles_solve_sh_wins_in_real_bash_on_every_terminal_scaffold(scaffold: str, tmp_path: Path,
                                                                           worldgen_wheel: Path) -> None:
    """Seed 0 of each catalogue terminal scaffold the exporter takes: the entrypoint, solve.sh in
    real bash, the sync; the verifier's replay of the journal awards the win."""
    if available() is not None:
        pytest.skip(available())
    entry = open_entries(compiled(tmp_path / "suite", scaffold, range(0, 1)))[0]
    task = export_task(entry, tmp_path / "tasks", Wheelhouse(worldgen_wheel, ()), Target(), SECRET)
    m = Machine(task, tmp_path / "m")
    try:
        assert m.run("worldgen-files")["status"] == 0
        played = m.run("bash /solution/solve.sh")
        assert played["status"] == 0 and "worldgen:" not in played["stderr"], played["stderr"]
        m.run("worldgen-sync")
        result = m.grade()
    finally:
        m.close()
    assert result["reward"] == 1 and result["journal_consistent"] == 1


def test_every_terminal_scaffold_is_exported_or_refused_with_the_reason(tmp_path: Path) -> None:
    from tests.conftest import ROOT
    from worldgen.catalogue import read_catalogue
    import worldgen

    terminal = sorted(e.name for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs")
                      if worldgen.load(e.path).ir.terminal is not None)
    assert terminal == sorted([*SCAFFOLDS, *REFUSED])
    for scaffold, path in REFUSED.items():
        entry = open_entries(compiled(tmp_path / scaffold, scaffold, range(0, 1)))[0]
        with pytest.raises(ExportError, match=f"the world's file {path}.* lies under /proc"):
            export_task(entry, tmp_path / "tasks", Wheelhouse(Path("unused.whl"), ()), Target(), SECRET)
