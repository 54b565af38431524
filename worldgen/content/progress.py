"""Progress of a pack run: a rich bar on a terminal, silence in logs (CI, files, pipes)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


class PackProgress:
    """Shows done / rejected / in flight / tokens / ETA; a no-op when ``stream`` is not a TTY."""

    def __init__(self, total: int, done: int = 0, stream: TextIO | None = None, enabled: bool | None = None):
        stream = stream or sys.stderr
        self.enabled = stream.isatty() if enabled is None else enabled
        self._bar: Progress | None = None
        self._shown = 0.0
        if self.enabled:
            self._bar = Progress(
                TextColumn("[bold]content"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("rejected {task.fields[rejected]}  in flight {task.fields[in_flight]}"),
                TextColumn("tokens {task.fields[tokens]}"),
                TimeRemainingColumn(),
                console=Console(file=stream),
                transient=False,
            )
            self._task = self._bar.add_task("content", total=total, completed=done, rejected=0, in_flight=0, tokens=0)

    def __enter__(self) -> PackProgress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.stop()

    def update(self, done: int, rejected: int, in_flight: int, tokens: int) -> None:
        """Record progress; the bar is touched at most every 50 ms (records can come by thousands a second)."""
        if self._bar is None:
            return
        now = time.monotonic()
        if now - self._shown < 0.05:
            return
        self._shown = now
        self._bar.update(self._task, completed=done, rejected=rejected, in_flight=in_flight, tokens=tokens)

    def finish(self, done: int, rejected: int, tokens: int) -> None:
        """Show the final counts, however recently the bar was updated."""
        self._shown = 0.0
        self.update(done, rejected, 0, tokens)
