"""Progress of long commands on stderr: a rich bar in a terminal; elsewhere (a log file, CI) a
plain line at most every INTERVAL seconds, and at least that often while nothing finishes, so a
long run shows it is alive without flooding logs."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

INTERVAL = 5.0  # seconds between plain progress lines


@contextmanager
def progress(label: str, total: int, unit: str = "items", done: str = "ok",
             failed: str = "failed") -> Iterator[Callable[[bool], None]]:
    """Yields ``advance(failed)``: one item finished, counted under ``failed`` or ``done`` (e.g.
    ``compile: 12/50 seeds, 9 accepted, 3 rejected, 41 s``)."""
    if not sys.stderr.isatty():
        with _plain(label, total, unit, done, failed) as advance:
            yield advance
        return
    bar = Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn(f"{done} {{task.fields[done]}}, {failed} {{task.fields[failed]}}"),
                   TimeRemainingColumn(), console=Console(file=sys.stderr))
    task = bar.add_task(label, total=total, done=0, failed=0)
    counts = [0, 0]  # done, failed

    def advance(bad: bool) -> None:
        counts[bad] += 1
        bar.update(task, advance=1, done=counts[0], failed=counts[1])

    with bar:
        yield advance


@contextmanager
def _plain(label: str, total: int, unit: str, done: str, failed: str) -> Iterator[Callable[[bool], None]]:
    """A line when an item finishes and INTERVAL has passed since the last one, and a heartbeat
    line every INTERVAL while nothing finishes (one slow item must not look like a hang)."""
    started = last = time.monotonic()
    counts = [0, 0]
    lock = threading.Lock()
    stop = threading.Event()

    def line(now: float) -> None:
        nonlocal last
        last = now
        print(f"{label}: {sum(counts)}/{total} {unit}, {counts[0]} {done}, {counts[1]} {failed}, "
              f"{now - started:.0f} s", file=sys.stderr, flush=True)

    def advance(bad: bool) -> None:
        with lock:
            counts[bad] += 1
            now = time.monotonic()
            if now - last >= INTERVAL:
                line(now)

    def heartbeat() -> None:
        while not stop.wait(INTERVAL):
            with lock:
                now = time.monotonic()
                if now - last >= INTERVAL:
                    line(now)

    beat = threading.Thread(target=heartbeat, daemon=True) if INTERVAL > 0 else None
    if beat is not None:
        beat.start()
    try:
        yield advance
    finally:
        stop.set()
        if beat is not None:
            beat.join()
