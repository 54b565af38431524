"""Executors return results in submission order, and pass what the work notes as it goes to the
caller as it happens, from worker processes too (worldgen/compiler/executors.py)."""

from __future__ import annotations

import threading

import pytest

from worldgen.compiler import notes
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
