"""``find -printf FORMAT``: what GNU prints for each file found, for the directives agents use to
rank and list files (``find . -type f -printf '%s %p\\n' | sort -rn | head``).

Directives: ``%p`` the path as found, ``%f`` its last part, ``%h`` the directories before it (``.``
when none), ``%P`` the path without the starting point, ``%s`` the size in bytes (a directory
4096, as ``ls -l`` shows it), ``%m`` the permission bits in octal, ``%M`` as ``ls -l`` writes
them, ``%u``/``%g`` the owner's and group's names, ``%U``/``%G`` their numbers, ``%y`` the type
(``f`` or ``d``), ``%%``; each may take a width (``%10s``, ``%-20p``). Escapes ``\\n \\t \\0 \\\\``.
Times, depths and the other directives are outside the subset and say so."""

from __future__ import annotations

import re
from collections.abc import Callable

from worldgen.shell.builtins.modes import mode_string
from worldgen.shell.fs import Filesystem, Node
from worldgen.shell.nss import accounts

_PIECE = re.compile(r"%(-?)([0-9]*)(.)|\\(.)|([^%\\]+)|(%$|\\$)", re.S)
_ESCAPES = {"n": "\n", "t": "\t", "0": "\0", "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "r": "\r", "v": "\v"}
DIRECTIVES = "pfhPsmMugUGy%"

Render = Callable[[str, str, Node, Filesystem], str]  # (path as found, starting point, node, fs) -> text


class FormatError(Exception):
    """A directive outside the subset: the message (find prints it after ``find: ``)."""


def compile_format(fmt: str) -> Render:
    """The renderer of ``fmt``; raises FormatError for a directive this find does not have."""
    pieces: list[Callable[[str, str, Node, Filesystem], str]] = []
    for m in _PIECE.finditer(fmt):
        left, width, directive, escape, text, dangling = m.groups()
        if text is not None or dangling is not None:
            pieces.append(lambda p, s, n, fs, t=(text or dangling): t)
        elif escape is not None:
            pieces.append(lambda p, s, n, fs, t=_ESCAPES.get(escape, "\\" + escape): t)
        elif directive not in DIRECTIVES:
            raise FormatError(f"the -printf directive %{directive} is not supported in this world")
        else:
            pieces.append(_directive(directive, int(width) if width else 0, bool(left)))
    return lambda path, start, node, fs: "".join(piece(path, start, node, fs) for piece in pieces)


def _directive(d: str, width: int, left: bool) -> Callable[[str, str, Node, Filesystem], str]:
    def value(path: str, start: str, node: Node, fs: Filesystem) -> str:
        match d:
            case "%":
                return "%"
            case "p":
                return path
            case "f":
                return path.rstrip("/").rsplit("/", 1)[-1] or "/"
            case "h":
                head = path.rstrip("/").rpartition("/")[0]
                return head if "/" in path.rstrip("/") else "."
            case "P":
                return path[len(start):].lstrip("/")
            case "s":
                return str(4096 if node.is_dir else node.size)
            case "m":
                return format(node.mode & 0o7777, "o")
            case "M":
                return mode_string(node)
            case "u":
                return node.owner
            case "g":
                return node.group
            case "U" | "G":
                db = accounts(fs)
                table = db.users if d == "U" else db.groups
                found = table.id(node.owner if d == "U" else node.group)
                return str(found) if found is not None else (node.owner if d == "U" else node.group)
            case _:  # "y"
                return "d" if node.is_dir else "f"

    if not width:
        return value
    return lambda p, s, n, fs: value(p, s, n, fs).ljust(width) if left else value(p, s, n, fs).rjust(width)
