"""A rich progress bar on stderr for long commands; silent when stderr is not a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn


@contextmanager
def progress(label: str, total: int) -> Iterator[Callable[[bool], None]]:
    """Yields ``advance(failed)``: one item done (counted as failed when ``failed``)."""
    if not sys.stderr.isatty():
        yield lambda failed: None
        return
    bar = Progress(TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("failed {task.fields[failed]}"), TimeRemainingColumn(),
                   console=Console(file=sys.stderr))
    task = bar.add_task(label, total=total, failed=0)
    failures = 0

    def advance(failed: bool) -> None:
        nonlocal failures
        failures += failed
        bar.update(task, advance=1, failed=failures)

    with bar:
        yield advance
