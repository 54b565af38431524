"""Work that starts its own event loop runs from plain code and from inside a running loop (Jupyter)."""

from __future__ import annotations

import asyncio
import threading

from worldgen.api.eventloop import outside_event_loop


def test_without_a_running_loop_the_work_runs_here() -> None:
    assert outside_event_loop(lambda: threading.current_thread()) is threading.current_thread()


def test_inside_a_running_loop_it_runs_on_a_thread_that_may_start_its_own() -> None:
    async def inner() -> str:
        return "done"

    async def cell() -> tuple[str, bool]:
        here = threading.current_thread()
        return outside_event_loop(lambda: (asyncio.run(inner()), threading.current_thread() is not here))

    assert asyncio.run(cell()) == ("done", True)
