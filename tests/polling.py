"""Waiting for something another process does, without a fixed sleep."""

from __future__ import annotations

import time
from collections.abc import Callable


def eventually(condition: Callable[[], bool], seconds: float) -> bool:
    """Whether ``condition()`` holds within ``seconds`` (polled every 0.1 s, once more at the end)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()
