"""A side channel from work running anywhere (this process, a pool worker, a Ray task) to the
process that started it: progress only (one note per draw), never output. Notes from several
workers arrive in whatever order they finish, which is why nothing they carry may reach a file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

Sink = Callable[[Any], None]

_sink: Sink | None = None  # where this process's notes go (None: nobody listens)


def note(event: Any) -> None:
    """Tell whoever started this work about ``event`` (a picklable value); nothing when nobody listens."""
    if _sink is not None:
        _sink(event)


def send_to(sink: Sink | None) -> None:
    """Send this process's notes to ``sink`` from now on (a worker's setup: its queue's ``put``)."""
    global _sink
    _sink = sink


@contextmanager
def sending_to(sink: Sink | None) -> Iterator[None]:
    """Send notes to ``sink`` for the duration of the block (work run in this process)."""
    previous = _sink
    send_to(sink)
    try:
        yield
    finally:
        send_to(previous)
