"""Running worldgen's own asyncio code from any caller: a script has no event loop, but Jupyter
runs every cell inside one, where ``asyncio.run`` refuses to start; there the work runs on a
thread of its own."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def outside_event_loop(work: Callable[[], T]) -> T:
    """``work()`` here, or on a fresh thread when this thread is running an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return work()
    with ThreadPoolExecutor(1, thread_name_prefix="worldgen") as pool:
        return pool.submit(work).result()
