"""What diff compares: a text's lines, and each line's key under ``-i``, ``-b`` and ``-w`` (equal
keys, equal lines), and which lines ``-B`` counts as blank."""

from __future__ import annotations

import re

from worldgen.shell.builtins.bytewise import ascii_lower
from worldgen.shell.builtins.diff_script import Change

SPACE = re.compile(r"[ \t\n\v\f\r]+")  # white space in the C locale


def split(text: str) -> list[str]:
    """Lines with their newlines; a last line without one is kept as it is."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def keys(lines: list[str], flags: frozenset[str]) -> list[str]:
    """What lines are compared by: ``-i`` lower-cases, ``-b`` makes each run of white space one
    blank and drops it at the end (the newline too), ``-w`` drops it all."""
    if "i" in flags:
        lines = [ascii_lower(line) for line in lines]
    if "w" in flags:
        return [SPACE.sub("", line) for line in lines]
    if "b" in flags:
        return [SPACE.sub(" ", line).rstrip(" ") for line in lines]
    return lines


def blank_line(flags: frozenset[str]) -> re.Pattern[str]:
    """A line ``-B`` ignores: empty, or only white space under ``-b`` or ``-w``."""
    return re.compile(r"[ \t\n\v\f\r]*\Z" if {"b", "w"} & flags else r"\n?\Z")


def only_blank(change: Change, lines0: list[str], lines1: list[str], blank: re.Pattern[str]) -> bool:
    """Whether a change deletes and inserts nothing but blank lines (``-B`` ignores it)."""
    return all(blank.match(line) for line in (*lines0[change.line0:change.line0 + change.deleted],
                                              *lines1[change.line1:change.line1 + change.inserted]))
