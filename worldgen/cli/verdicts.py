"""The gate's decisions as they are made, one line each on stderr (``worldgen propose`` and
``worldgen loop``): a round that compiles for minutes shows what it decided so far, not a silence.
Names and reasons are shown as plain text (a reason quotes a scaffold's own words), never as markup."""

from __future__ import annotations

import sys

from rich.console import Console
from rich.text import Text

STYLES = {"accepted": "green", "rejected": "red", "skipped": "dim"}


def _console() -> Console:
    return Console(file=sys.stderr, highlight=False, soft_wrap=True)  # sys.stderr as it is now (tests swap it)


def decision(name: str, verdict: str, reason: str) -> None:
    """``  accepted  NAME``, ``  rejected  NAME: REASON`` (its first line), ``  skipped   NAME: REASON``."""
    line = Text("  ")
    line.append(f"{verdict:<9}", style=STYLES.get(verdict, ""))
    line.append(f" {name}")
    if reason:
        line.append(f": {reason.splitlines()[0]}")
    _console().print(line)


def note(text: str, style: str = "") -> None:
    """A line of the loop's own progress (its steps, each round's summary as the round ends)."""
    _console().print(Text(text, style=style))
