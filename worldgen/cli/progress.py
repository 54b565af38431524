"""Progress of long commands on stderr: a rich bar in a terminal and in Jupyter (rich draws it
there as an ipywidgets widget; without ipywidgets it would draw nothing, so the plain lines go to
the cell instead); elsewhere (a log file, CI) a
plain line at most every INTERVAL seconds, and at least that often while nothing finishes, so a
long run shows it is alive without flooding logs. A command whose items take several steps
(compile: up to --attempts draws per seed) shows each step as it ends too, so a slow seed's
re-draws are visible rather than a bar that stands still."""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console, RenderableType
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.text import Text

from worldgen.cli.common import plural

INTERVAL = 5.0  # seconds between plain progress lines


class Advance:
    """What the display counts: ``advance(failed)`` for a finished item, ``advance.step(text)``
    for a step inside one (``text`` says which and how it went). Steps may come from another
    thread (the one forwarding workers' notes), hence the lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.done = self.failed = self.steps = 0
        self.last = ""
        self.show: Callable[[], None] = lambda: None  # called under the lock after every change

    def __call__(self, bad: bool) -> None:
        with self.lock:
            if bad:
                self.failed += 1
            else:
                self.done += 1
            self.show()

    def step(self, text: str) -> None:
        with self.lock:
            self.steps += 1
            self.last = text
            self.show()


class _Bar(Progress):
    """The bar, and the last step on a line of its own (beside the bar it would crowd the bar out
    of a narrow terminal)."""

    last = ""

    def get_renderables(self) -> Iterator[RenderableType]:
        yield self.make_tasks_table(self.tasks)
        if self.last:
            yield Text(self.last, no_wrap=True, overflow="ellipsis")


@contextmanager
def progress(label: str, total: int, unit: str = "items", done: str = "ok", failed: str = "failed",
             steps: tuple[str, str] | None = None, show: bool = True) -> Iterator[Advance]:
    """Yields an ``Advance``: items counted under ``done`` or ``failed``, and with ``steps`` (the
    step's name, singular and plural) the steps and the last one (e.g. ``compile: 12/50 seeds,
    9 accepted, 3 rejected, 41 draws (last: seed 14 draw 2 accepted), 41 s``). ``show=False``
    counts without showing anything (the Python API's ``progress=False``)."""
    advance = Advance()
    if not show:
        yield advance
        return
    console = Console(file=sys.stderr)
    if not (sys.stderr.isatty() or (console.is_jupyter and _has_widgets())):
        with _plain(advance, label, total, unit, done, failed, steps):
            yield advance
        return
    columns = [TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(),
               TextColumn(f"{done} {{task.fields[done]}}, {failed} {{task.fields[failed]}}")]
    if steps is not None:
        columns.append(TextColumn("{task.fields[steps]}"))
    bar = _Bar(*columns, TimeRemainingColumn(), console=console)
    task = bar.add_task(label, total=total, done=0, failed=0, steps=plural(0, *steps) if steps else "")

    def redraw() -> None:
        bar.update(task, completed=advance.done + advance.failed, done=advance.done, failed=advance.failed,
                   steps=plural(advance.steps, *steps) if steps else "")
        bar.last = f"  last: {advance.last}" if advance.last else ""

    advance.show = redraw
    with bar:
        try:
            yield advance
        finally:
            bar.refresh()  # on exit rich redraws a terminal's bar, not Jupyter's: the final counts must show there too


def _has_widgets() -> bool:
    try:
        import ipywidgets  # noqa: F401 - only asked in Jupyter, where rich's live display needs it
    except ImportError:
        return False
    return True


@contextmanager
def _plain(advance: Advance, label: str, total: int, unit: str, done: str, failed: str,
           steps: tuple[str, str] | None) -> Iterator[None]:
    """A line when an item or step finishes and INTERVAL has passed since the last line, and a
    heartbeat line every INTERVAL while nothing finishes (one slow item must not look like a hang)."""
    started = last = time.monotonic()
    stop = threading.Event()

    def line(now: float) -> None:
        nonlocal last
        last = now
        a = advance
        drawn = ""
        if steps is not None:
            drawn = f", {plural(a.steps, *steps)}" + (f" (last: {a.last})" if a.last else "")
        print(f"{label}: {a.done + a.failed}/{total} {unit}, {a.done} {done}, {a.failed} {failed}{drawn}, "
              f"{now - started:.0f} s", file=sys.stderr, flush=True)

    def show() -> None:
        now = time.monotonic()
        if now - last >= INTERVAL:
            line(now)

    def heartbeat() -> None:
        while not stop.wait(INTERVAL):
            with advance.lock:
                show()

    advance.show = show
    beat = threading.Thread(target=heartbeat, daemon=True) if INTERVAL > 0 else None
    if beat is not None:
        beat.start()
    try:
        yield
    finally:
        stop.set()
        if beat is not None:
            beat.join()
