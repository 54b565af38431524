"""The console tables go to stdout through: one width rule, and a reader that stops early."""

from __future__ import annotations

import sys

from rich.console import Console

PIPE_WIDTH = 130  # wide enough for the report's tables when stdout is a pipe or a file


class StdoutConsole(Console):
    """Rich on stdout, as wide as the terminal (``PIPE_WIDTH`` when piped). When the reader stops
    early (``| head``) the broken pipe reaches the command's own handler, which exits 0 as every
    command does, instead of rich's silent exit 1."""

    def __init__(self) -> None:
        super().__init__(width=None if sys.stdout.isatty() else PIPE_WIDTH)

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError
