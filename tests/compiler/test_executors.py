"""Executors return results in submission order, and pass what the work notes as it goes to the
caller as it happens, from worker processes too (worldgen/compiler/executors.py)."""

from __future__ import annotations

import subprocess
import sys
import threading
from multiprocessing import forkserver

import pytest

from worldgen.compiler import notes
from worldgen.compiler import executors
from tests.compiler.conftest import ROOT
from worldgen.compiler.executors import LocalExecutor

_offset = 0


def _setup(offset: int) -> None:
    global _offset
    _offset = offset


def _work(chunk: list[int]) -> list[int]:
    for n in chunk:
        notes.note(("done", n))
    return [n + _offset for n in chunk]


@pytest.mark.parametrize("jobs", [1, 2])
def test_every_note_reaches_the_caller_and_results_keep_their_order(jobs):
    heard: list[tuple[str, int]] = []
    lock = threading.Lock()

    def note(event: tuple[str, int]) -> None:
        with lock:
            heard.append(event)

    chunks = [[n, n + 1] for n in range(0, 40, 2)]
    results = list(LocalExecutor(jobs).map(_setup, 100, _work, chunks, note))
    assert results == [[n + 100, n + 101] for n in range(0, 40, 2)]
    assert sorted(heard) == [("done", n) for n in range(40)]  # all of them, once, before map returned


def test_without_a_listener_notes_go_nowhere():
    assert list(LocalExecutor(2).map(_setup, 1, _work, [[1], [2]])) == [[2], [3]]
    assert list(LocalExecutor(1).map(_setup, 1, _work, [[1], [2]])) == [[2], [3]]


def test_the_server_workers_fork_from_leaves_without_tearing_its_interpreter_down():
    """Preloaded only there: its exit does not wait for ~0.2 s of freeing (nor keep a caller that
    reads the command's output waiting), and nothing it would have run at teardown runs."""
    if executors._context().get_start_method() == "forkserver":
        assert "worldgen.compiler.quick_exit" in forkserver._forkserver._preload_modules
    code = ("import worldgen.compiler.quick_exit\n"
            "class Held:\n    def __del__(self):\n        print('torn down', flush=True)\n"
            "held = Held()\nprint('done', flush=True)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert (out.returncode, out.stdout) == (0, "done\n")


def test_a_script_without_a_main_guard_is_not_run_again_in_the_workers(tmp_path):
    """`python script.py` calling worldgen.compile(jobs=2) at top level: Python's multiprocessing
    would import the script anew in each worker (compiling again, then dying mid-bootstrap)."""
    script = tmp_path / "script.py"
    script.write_text(
        "import worldgen\n"
        "print('script body runs', flush=True)\n"
        f"suite = worldgen.compile({str(ROOT / 'scaffolds' / 'vault.wg')!r}, {str(tmp_path / 'out')!r}, range(4), jobs=2,"
        " progress=False)\n"
        "print('accepted', suite.accepted)\n", "utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert (done.returncode, done.stdout) == (0, "script body runs\naccepted 4\n"), done.stderr[-2000:]
