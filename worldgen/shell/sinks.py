"""Where a line's output goes: the line's terminal (chunks in the order written, on the line's
budget), and the sinks a command's stdout and stderr are pointed at by its redirections (the
terminal, a pipe, a file's pending text, /dev/null), every chunk charged to the budget."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from worldgen.shell import limits
from worldgen.shell.budget import Meter, OverBudget


@dataclass
class Outcome:
    output: str  # what a terminal shows: each command's stderr and the final stdout, in order
    stdout: str
    stderr: str
    status: int
    stopped: bool = False  # stopped by the line's budget and undone: the caller undoes its own part


class _Terminal:
    """The line's screen: (stream, text) chunks in the order written (stream 1 or 2), and the
    line's budget, which every sink charges."""

    __slots__ = ("log", "meter")

    def __init__(self, meter: Meter) -> None:
        self.log: list[tuple[int, str]] = []
        self.meter = meter

    def err(self, text: str) -> None:
        self.log.append((2, text))

    def fresh(self) -> _Terminal:
        """A terminal of its own on the same budget (a compound command's or ``$(...)``'s lists)."""
        return _Terminal(self.meter)

    def drain(self, out: Callable[[str], object], err: Callable[[str], object]) -> None:
        """Hand what was written to ``out`` (stdout) and ``err`` (stderr), in the order written."""
        for stream, text in self.log:
            (out if stream == 1 else err)(text)

    def outcome(self, status: int) -> Outcome:
        log = self.log
        return Outcome(
            limits.cut("".join(t for _, t in log)),
            limits.cut("".join(t for s, t in log if s == 1)),
            limits.cut("".join(t for s, t in log if s == 2)),
            status,
        )


class _Sink(list):
    """Where a command's stdout or stderr goes (a pipe, a file's pending text): every chunk is
    charged to the line's budget, whatever it ends up in. (The charge is written out in each
    ``append``: tools append line by line, and a call more per line was a tenth of a line's time.)"""

    __slots__ = ("meter",)

    def __init__(self, meter: Meter):
        super().__init__()
        self.meter = meter

    def append(self, text: str) -> None:
        meter = self.meter
        meter.left -= len(text)
        if meter.left < 0:
            raise OverBudget()
        list.append(self, text)

    def extend(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.append(text)

    def __iadd__(self, texts: Iterable[str]):  # type: ignore[override]
        self.extend(texts)
        return self


class _Screen(_Sink):
    """Output going to the terminal: each chunk also lands in the log."""

    __slots__ = ("log", "stream")

    def __init__(self, meter: Meter, log: list[tuple[int, str]], stream: int):
        super().__init__(meter)
        self.log = log
        self.stream = stream

    def append(self, text: str) -> None:
        meter = self.meter
        meter.left -= len(text)
        if meter.left < 0:
            raise OverBudget()
        list.append(self, text)
        self.log.append((self.stream, text))


class _Void(_Sink):
    """/dev/null: writes vanish (and still cost what making them cost)."""

    __slots__ = ()

    def append(self, text: str) -> None:
        meter = self.meter
        meter.left -= len(text)
        if meter.left < 0:
            raise OverBudget()


class _File:
    """A file a command's output goes to, written when the command is done."""

    __slots__ = ("path", "typed", "append")

    def __init__(self, path: str, typed: str, append: bool):
        self.path = path
        self.typed = typed
        self.append = append


TERM_OUT, TERM_ERR, PIPE, NULL = "terminal stdout", "terminal stderr", "pipe", "/dev/null"
Sink = str | _File
