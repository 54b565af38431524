"""``stat [-c FORMAT] FILE...`` in GNU's layout.

A world has no devices, inodes or separate access/change/birth times: the device is a fixed
``254,0``, the inode a stable number derived from the path, and every time is the mtime (UTC).
User and group ids come from the tree's ``/etc/passwd`` and ``/etc/group`` (``worldgen.shell.nss``);
an id no account has is ``UNKNOWN`` by name, as in GNU's stat.
"""

from __future__ import annotations

import re
import time
import zlib
from collections.abc import Callable
from functools import cache

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.ls import directory_links
from worldgen.shell.builtins.modes import blocks_k, mode_string
from worldgen.shell.builtins.options import INT32_MAX, Options, ascii_digits, integer, missing
from worldgen.shell.builtins.walk import locate, why_missing
from worldgen.shell.fs import Node, encoded
from worldgen.shell.nss import Table, accounts

OPTIONS = Options("c:", {"format=": "c"})
DEVICE = (254, 0)
_DIRECTIVE = re.compile(r"%([-#0 +']*)([0-9]*)(?:\.([0-9]+))?(.?)")
DEFAULT = (
    "  File: %n\n"
    "  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n"
    "Device: %Hd,%Ld\tInode: %-10i  Links: %h\n"
    "Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n"
    "Access: %x\n"
    "Modify: %y\n"
    "Change: %z\n"
    " Birth: %w"
)


def stat(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 1
    opts, operands = parsed
    if missing(call, operands):
        return 1
    fmt = next((value for key, value in reversed(opts) if key == "c"), None) or DEFAULT
    status = 0
    for typed in operands:
        path, node = locate(call, typed)
        if node is None:
            call.fs_error(why_missing(call.fs, path), typed, "cannot statx")
            status = 1
            continue
        fields = _Fields(call, typed, path, node)
        call.out(_DIRECTIVE.sub(fields.expand, fmt.replace("%Hd", str(DEVICE[0])).replace("%Ld", str(DEVICE[1]))) + "\n")
    return status


class _Fields:
    """The values of one file's ``%`` directives."""

    def __init__(self, call: Call, typed: str, path: str, node: Node):
        self.values = _values(call, typed, path, node)

    def expand(self, match: re.Match[str]) -> str:
        """One directive with GNU's printf-style flags, width and precision."""
        flags, width, precision, letter = match.groups()
        if letter == "%":
            return "%"
        size, cut = integer(width or "0"), integer(precision) if precision else None
        if max(size, cut or 0) > INT32_MAX:
            return ""  # GNU's printf refuses such a directive, and stat prints nothing for it
        produce = self.values.get(letter)
        value = produce() if produce else "?"
        if cut is not None:
            value = value[:cut]
        if "-" in flags:
            return value.ljust(size)
        pad = "0" if "0" in flags and ascii_digits(value) else " "
        return value.rjust(size, pad)


def _values(call: Call, typed: str, path: str, node: Node) -> dict[str, Callable[[], str]]:
    """Each directive letter's value, computed only when the format asks for it."""
    when = timestamp(node.mtime)
    db = cache(lambda: accounts(call.fs))  # read once, and only when a directive needs it
    return {
        "n": lambda: typed,
        "s": lambda: str(4096 if node.is_dir else node.size),
        "a": lambda: f"{node.mode:o}",
        "A": lambda: mode_string(node),
        "U": lambda: _name(db().users, node.owner),
        "G": lambda: _name(db().groups, node.group),
        "u": lambda: str(db().users.number(node.owner)),
        "g": lambda: str(db().groups.number(node.group)),
        "F": lambda: "directory" if node.is_dir else ("regular file" if node.size else "regular empty file"),
        "x": lambda: when, "y": lambda: when, "z": lambda: when, "w": lambda: when,
        "X": lambda: str(node.mtime), "Y": lambda: str(node.mtime), "Z": lambda: str(node.mtime), "W": lambda: str(node.mtime),
        "i": lambda: str(100000 + zlib.crc32(encoded(path)) % 900000),
        "h": lambda: str(directory_links(call.fs, path) if node.is_dir else 1),
        "b": lambda: str(blocks_k(node) * 2),
        "B": lambda: "512",
        "o": lambda: "4096",
        "d": lambda: str(DEVICE[0] * 256 + DEVICE[1]),
    }


def timestamp(mtime: int) -> str:
    """An mtime as GNU prints full times (``stat``, ``diff -u``): nanoseconds, UTC offset."""
    return time.strftime("%Y-%m-%d %H:%M:%S.000000000 +0000", time.gmtime(mtime))


def _name(table: Table, name: str) -> str:
    """The name ``stat`` prints for an owner recorded by name or by number."""
    number = table.id(name)
    return name if name in table.ids or number is None else table.name(number) or "UNKNOWN"


COMMANDS = {"stat": stat}
