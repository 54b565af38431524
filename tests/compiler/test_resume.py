"""A killed compile resumes: re-running the same command finishes the suite with the bytes of an
uninterrupted run, whatever the kill left behind; a partial suite is marked and refused; pool
workers die with their parent; nothing is written through a planted symlink."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.polling import eventually
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.journal import MARKER
from worldgen.compiler.suite import Result, compile_suite
from worldgen.errors import WorldgenError
from worldgen.runtime.sources import open_worlds

SEEDS = range(0, 12)


class Killed(Exception):
    """Stands for SIGKILL: nothing after it runs, no cleanup."""


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def _kill_after(n: int) -> Callable[[Result], None]:
    seen = []

    def advance(result: Result) -> None:
        seen.append(result)
        if len(seen) == n:
            raise Killed
    return advance


@pytest.fixture(scope="module")
def uninterrupted(tmp_path_factory) -> dict[str, bytes]:
    from tests.compiler.conftest import example_spec

    out = tmp_path_factory.mktemp("ref") / "suite"
    compile_suite(example_spec("vault"), SEEDS, out, LocalExecutor(1))
    return _files(out)


def _torn_logs(out: Path) -> None:
    """A kill in the middle of writing a seed's lines (after its artifact, before its checkpoint)."""
    with open(out / "index.jsonl", "ab") as f:
        f.write(b'{"id":"vault-99-')
    with open(out / "draws.jsonl", "ab") as f:
        f.write(b'{"seed":5,"attempt":0}\n')


def _torn_journal(out: Path) -> None:
    """A kill in the middle of writing a checkpoint: the last whole one counts."""
    with open(out / MARKER, "ab") as f:
        f.write(b'{"next":7,"si')


def _half_written_artifact(out: Path) -> None:
    """A kill in the middle of writing an artifact: only its temporary file exists."""
    (out / "worlds" / ".tmp-abc123").write_text('{"format":"worldgen.arti')


def _lost_checkpoints(out: Path) -> None:
    """A kill after a seed's lines were flushed but before its checkpoint: they are redone."""
    lines = (out / MARKER).read_bytes().splitlines(keepends=True)
    (out / MARKER).write_bytes(b"".join(lines[:-2]))


def _summary_written_marker_kept(out: Path) -> None:
    """A kill between writing summary.json and removing the marker: the suite is still partial."""
    (out / "summary.json").write_text("{}")


@pytest.mark.parametrize("kill_at", [1, 3, 4, 9])
@pytest.mark.parametrize("damage", [None, _torn_logs, _torn_journal, _half_written_artifact, _lost_checkpoints,
                                    _summary_written_marker_kept])
def test_rerunning_a_killed_compile_gives_the_uninterrupted_bytes(tmp_path, spec, uninterrupted, kill_at, damage):
    out = tmp_path / "suite"
    with pytest.raises(Killed):
        compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1), _kill_after(kill_at))
    assert (out / MARKER).is_file() and not (out / "summary.json").exists()
    if damage is not None:
        damage(out)
    resumed: list[Result] = []
    summary = compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1), resumed.append)
    assert _files(out) == uninterrupted
    assert len(resumed) == len(SEEDS) and summary.accepted + summary.rejected == len(SEEDS)


def test_resuming_skips_the_finished_seeds(tmp_path, spec):
    out = tmp_path / "suite"
    with pytest.raises(Killed):
        compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1), _kill_after(9))
    compiled: list[int] = []

    class Counting(LocalExecutor):
        def map(self, setup, state, work, chunks, note=None):
            for chunk in chunks:
                compiled.extend(chunk)
                yield from super().map(setup, state, work, [chunk], note)
    notices: list[str] = []
    compile_suite(spec("vault"), SEEDS, out, Counting(1), notice=notices.append)
    assert compiled == list(range(9, 12))
    assert notices == [f"resuming the interrupted compile in {out} at seed 9 (9 of 12 seeds already recorded)"]


def test_an_interrupted_compile_of_other_inputs_is_not_resumed(tmp_path, spec):
    out = tmp_path / "suite"
    with pytest.raises(Killed):
        compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1), _kill_after(2))
    with pytest.raises(WorldgenError, match="holds an interrupted compile of other inputs .seeds 0:12.; re-run that"):
        compile_suite(spec("vault"), range(0, 13), out, LocalExecutor(1))


def test_a_partial_suite_is_refused_by_every_loader(tmp_path, spec):
    out = tmp_path / "suite"
    with pytest.raises(Killed):
        compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1), _kill_after(4))
    message = "a partial suite: its compile was interrupted"
    with pytest.raises(WorldgenError, match=message):
        open_worlds(out)
    for command in (["verify", str(out)], ["serve", str(out)], ["export", "sft", str(out), "-o", str(tmp_path / "x")],
                    ["report", str(out)], ["rollout", str(out), "--policy", "random", "-o", str(tmp_path / "r")]):
        result = subprocess.run([sys.executable, "-m", "worldgen.cli.main", *command], capture_output=True, text=True,
                                stdin=subprocess.DEVNULL)
        assert result.returncode == 1, command
        assert result.stderr.count("\n") == 1 and message in result.stderr, command


def test_nothing_is_written_through_a_planted_symlink(tmp_path, spec):
    out = tmp_path / "suite"
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (out / "worlds").mkdir(parents=True)
    (out / "index.jsonl").symlink_to(victim)
    (out / MARKER).symlink_to(victim)
    with pytest.raises(WorldgenError, match="cannot write the suite"):
        compile_suite(spec("vault"), range(0, 2), out, LocalExecutor(1))
    assert victim.read_text() == "precious"


def test_artifacts_replace_planted_symlinks_instead_of_following_them(tmp_path, spec, uninterrupted):
    out = tmp_path / "suite"
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (out / "worlds").mkdir(parents=True)
    first = json.loads(uninterrupted["index.jsonl"].splitlines()[0])["path"]
    (out / first).symlink_to(victim)
    compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1))
    assert victim.read_text() == "precious"
    assert _files(out) == uninterrupted


def _descendants(pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False



@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree from /proc")
def test_kill_9_of_compile_jobs_2_leaves_no_worker_and_resumes_to_the_same_bytes(tmp_path, root):
    command = [sys.executable, "-m", "worldgen.cli.main", "compile", str(root / "scaffolds" / "vault.wg"),
               "--seeds", "0:300", "--jobs", "2"]
    killed, reference = tmp_path / "killed", tmp_path / "reference"
    proc = subprocess.Popen([*command, "-o", str(killed)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert eventually(lambda: (killed / "index.jsonl").exists() and (killed / "index.jsonl").stat().st_size > 0, 60)
        workers = _descendants(proc.pid)
        assert len(workers) >= 2
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert eventually(lambda: not any(_alive(p) for p in workers), 10), "pool workers outlived their parent"
    assert (killed / MARKER).exists()
    subprocess.run([*command, "-o", str(killed)], check=True, capture_output=True)
    subprocess.run([*command, "-o", str(reference)], check=True, capture_output=True)
    assert _files(killed) == _files(reference)


def test_a_partial_suite_changed_by_hand_is_not_resumed(tmp_path, spec):
    out = tmp_path / "suite"
    with pytest.raises(Killed):
        compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1), _kill_after(4))
    (out / "index.jsonl").write_text("")
    with pytest.raises(WorldgenError, match="index.jsonl: error: shorter than the interrupted compile recorded; "
                                            "the partial suite was changed since: remove .* and compile again"):
        compile_suite(spec("vault"), SEEDS, out, LocalExecutor(1))
