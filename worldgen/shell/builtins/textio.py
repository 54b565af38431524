"""Reading a tool's inputs the way coreutils filters do: ``-`` or no operand is standard input,
an unreadable file is reported (``cut: x: No such file or directory``) and skipped."""

from __future__ import annotations

from collections.abc import Iterator

from worldgen.shell.builtins.base import Call
from worldgen.shell.fs import FsError


def inputs(call: Call, names: list[str]) -> Iterator[tuple[str, str | None]]:
    """(name, text) per operand; text is None when it could not be read (already reported)."""
    for name in names or ["-"]:
        if name == "-":
            yield name, call.stdin
            continue
        try:
            yield name, call.fs.read(call.path(name))
        except FsError as err:
            call.fs_error(err, name)
            yield name, None


def lines(text: str) -> list[str]:
    """The lines of ``text`` without their newlines; a last line without one still counts."""
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return parts
