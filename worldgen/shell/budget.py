"""The work budget of one command line: what bounds its time and memory however it is written.

The fixed bounds of ``limits.py`` (line length, pipeline length, glob size, output size) bound
each piece of a line, but pieces compose: ``X=$X$X`` doubles a variable each time it is written,
``sed 's/x/xx/g;s/x/xx/g;...'`` doubles the pattern space per command, and ``cat`` of a large
file through many pipes copies it once per stage. So every place where a line makes or moves
text charges one meter per line: expanded words, what a command writes (to the terminal, a pipe,
a file or ``/dev/null``), what it reads from files and pipes (more per character: tools loop over
it), directory entries listed, ``sed`` substitutions, every command run (the line's own, and those
``xargs`` and ``find -exec`` start) and every round of a loop. A line that spends more than ``WORK`` units stops at once and is undone whole
(the shell restores its session and files, the episode the world's state): it prints one line
and exits ``limits.LIMIT_STATUS``. The bound is counted, not timed, so one line gets one answer
on every machine and every run.

What a line keeps for later lines is bounded apart: the session's variables (``MAX_ENV``) and
the scratch disk (``MemoryFs``'s capacity, ``MAX_SCRATCH`` characters and ``MAX_NODES`` files).
"""

from __future__ import annotations

from contextvars import ContextVar, Token
from typing import Any

from worldgen.shell.fs import Filesystem

WORK = 16 << 20  # units one line may spend: one per character made, moved or read, more below
ENTRY_COST = 64  # units per directory entry listed (each is a stat and a name)
MATCH_COST = 64  # units per regular-expression match a tool substitutes (a Python call each)
READ_COST = 4  # units per character a tool reads from a file or a pipe: most loop over its lines
COMMAND_COST = 256  # units per command run: by the line itself, or started by a tool (`xargs -n1`, `find -exec`)
ROUND_COST = 256  # units per round of a `for` loop (shell/compound.py): nested loops over many words stop
CHARGE_EVERY = 1 << 16  # a tool's inner loop charges its units in batches of about this many
MAX_ENV = 1 << 20  # characters of variable names and values a session may hold between lines
MAX_SCRATCH = 16 << 20  # characters of file text on an episode's scratch disk
MAX_NODES = 10_000  # files and directories on an episode's scratch disk

WORK_MESSAGE = f"worldgen shell: the line needs more work than one line may do ({WORK:,} units); it was undone"
ENV_MESSAGE = f"worldgen shell: the variables would hold more than {MAX_ENV:,} characters; the line was undone"


class OverBudget(BaseException):
    """A line went past its budget. A ``BaseException`` so that no tool's own ``except
    Exception`` (nor the shell's guard around each command) can swallow it half-way."""

    def __init__(self, message: str = WORK_MESSAGE):
        super().__init__(message)
        self.message = message


class Meter:
    """The units a line has left; ``with Meter():`` makes it the running line's meter (a context
    variable: each thread and task has its own)."""

    __slots__ = ("left", "token")

    def __init__(self, work: int = WORK):
        self.left = work
        self.token: Token[Meter | None] | None = None

    def charge(self, units: int) -> None:
        self.left -= units
        if self.left < 0:
            raise OverBudget()

    def __enter__(self) -> Meter:
        self.token = _current.set(self)
        return self

    def __exit__(self, *exc: object) -> None:
        _current.reset(self.token)  # type: ignore[arg-type]


_current: ContextVar[Meter | None] = ContextVar("worldgen_shell_meter", default=None)


def charge(units: int) -> None:
    """Spend ``units`` of the running line's budget (nothing outside a line: a tool called from a
    test, or a world rendering its files)."""
    meter = _current.get()
    if meter is not None:
        meter.charge(units)


class Charged(list[str]):
    """Text a tool keeps to write later (``sed -i``'s new file), charged as it is made as a stream
    is: it cannot grow past the budget before anything pays for it."""

    def append(self, text: str) -> None:
        charge(len(text))
        super().append(text)


class MeteredFs:
    """A ``Filesystem`` whose reads and listings are charged to the running line (``cat f f f
    ... > /dev/null`` makes little but reads much). Everything else passes straight through."""

    def __init__(self, fs: Filesystem):
        self.inner = fs
        self.stat = fs.stat  # the hot path (globs, find): no extra call

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet: copy and pickle look up attributes on a bare instance
            raise AttributeError(name)
        return getattr(self.inner, name)

    def read(self, path: str) -> str:
        text = self.inner.read(path)
        charge(READ_COST * len(text))  # (counting lines instead cost as much as `wc -l`)
        return text

    def listdir(self, path: str) -> list[str]:
        names = self.inner.listdir(path)
        charge(ENTRY_COST * len(names))
        return names


def env_size(env: dict[str, str]) -> int:
    return sum(map(len, env)) + sum(map(len, env.values()))
