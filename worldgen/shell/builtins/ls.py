"""``ls`` as GNU prints it when stdout is not a terminal (``LC_ALL=C``): one name per line, or
``-l`` tables aligned the way GNU aligns them.

Dates: ``ls -l`` prints ``Mar  3 04:12`` for a file changed in the last six months and
``Mar  3  2025`` for older (or future) ones. A world has no wall clock, so "now" is fixed at
``NOW = EPOCH + 86400`` (a day after the mtime of an untouched file): listings are the same on
every run. Times are UTC.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import lru_cache

from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.modes import blocks_k, human_size, mode_string
from worldgen.shell.builtins.options import Options, ascii_digits
from worldgen.shell.builtins.walk import children, join, locate, why_missing
from worldgen.shell.fs import EPOCH, Filesystem, FsError, Node, parent
from worldgen.shell.nss import accounts

NOW = EPOCH + 86400
SIX_MONTHS = 31556952 // 2  # GNU's "recent": half a Gregorian year
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

OPTIONS = Options(
    "aAdFhlnRrSt1",
    {
        "all": "a",
        "almost-all": "A",
        "directory": "d",
        "classify": "F",
        "human-readable": "h",
        "numeric-uid-gid": "n",
        "recursive": "R",
        "reverse": "r",
    },
)

SWITCHES = {"d": "directory", "F": "classify", "h": "human", "l": "long", "R": "recursive", "r": "reverse"}  # option -> Flags field it turns on
SORTS = {"t": "time", "S": "size"}  # option -> Flags.sort: the last one given wins, as in GNU


@dataclass(slots=True)
class Entry:
    name: str  # as printed
    path: str  # absolute
    node: Node


@dataclass(slots=True)
class Flags:
    all: str = ""  # "", "A" (dot files) or "a" (and . and ..)
    directory: bool = False
    classify: bool = False
    human: bool = False
    long: bool = False
    recursive: bool = False
    reverse: bool = False
    sort: str = "name"  # "name", "time" (-t, newest first) or "size" (-S, largest first)
    numeric: bool = False  # -n: -l with ids for names


def ls(call: Call) -> int:
    parsed = OPTIONS.parse(call)
    if parsed is None:
        return 2
    opts, operands = parsed
    flags = Flags()
    for key, _ in opts:
        if key in "aA":
            flags.all = key
        elif key == "1":
            flags.long = False
        elif key == "n":
            flags.long = flags.numeric = True
        elif key in SORTS:
            flags.sort = SORTS[key]
        else:
            setattr(flags, SWITCHES[key], True)
    status = 0
    files: list[Entry] = []
    dirs: list[Entry] = []
    for typed in operands or ["."]:
        path, node = locate(call, typed)
        if node is None:
            call.fs_error(why_missing(call.fs, path), typed, "cannot access")
            status = 2
        elif node.is_dir and not flags.directory:
            dirs.append(Entry(typed, path, node))
        else:
            files.append(Entry(typed, path, node))
    out: list[str] = []
    if files:
        out.extend(_lines(call, _sorted(files, flags), flags, total=False))
    headers = len(operands) > 1 or flags.recursive
    pending = _sorted(dirs, flags)
    while pending:
        entry = pending.pop(0)
        if out:
            out.append("")
        if headers:
            out.append(f"{entry.name}:")
        try:
            children = _children(call, entry, flags)
        except FsError as err:
            call.fs_error(err, entry.name, "cannot open directory")
            status = max(status, 1)
            continue
        out.extend(_lines(call, children, flags, total=flags.long))
        if flags.recursive:
            subdirs = [Entry(join(entry.name, c.name), c.path, c.node) for c in children if c.node.is_dir and c.name not in (".", "..")]
            pending[:0] = subdirs
    if out:
        call.out("\n".join(out) + "\n")
    return status


def _children(call: Call, entry: Entry, flags: Flags) -> list[Entry]:
    fs = call.fs
    found: list[Entry] = []
    if flags.all == "a":
        found.append(Entry(".", entry.path, entry.node))
        found.append(Entry("..", parent(entry.path), fs.stat(parent(entry.path)) or entry.node))
    found.extend(Entry(name, path, node) for name, path, node in children(fs, entry.path) if flags.all or not name.startswith("."))
    return _sorted(found, flags)


def _sorted(entries: list[Entry], flags: Flags) -> list[Entry]:
    """C-locale byte order (code point order is the same for UTF-8); ``-t`` newest first and
    ``-S`` largest first (the size ``-l`` shows), ties by name; ``-r`` reverses the whole order."""
    entries = sorted(entries, key=lambda e: e.name)
    if flags.sort == "time":
        entries.sort(key=lambda e: -e.node.mtime)
    elif flags.sort == "size":
        entries.sort(key=lambda e: -_size(e.node))
    if flags.reverse:
        entries.reverse()
    return entries


def _lines(call: Call, entries: list[Entry], flags: Flags, *, total: bool) -> list[str]:
    names = [e.name + _indicator(e.node) if flags.classify else e.name for e in entries]
    if not flags.long:
        return names
    rows = []
    db = accounts(call.fs) if flags.numeric else None
    for entry in entries:
        node = entry.node
        links = str(directory_links(call.fs, entry.path) if node.is_dir else 1)
        size = human_size(_size(node)) if flags.human else str(_size(node))
        owner, group = (str(db.users.number(node.owner)), str(db.groups.number(node.group))) if db else (node.owner, node.group)
        rows.append((mode_string(node), links, owner, group, size, format_date(node.mtime)))
    widths = [max(map(len, column)) for column in zip(*rows)] if rows else [0] * 6
    lines = []
    if total:
        blocks = sum(blocks_k(e.node) for e in entries)
        lines.append(f"total {human_size(blocks * 1024) if flags.human else blocks}")
    for row, name in zip(rows, names):
        mode, links, owner, group, size, date = row
        lines.append(
            f"{mode} {links.rjust(widths[1])} {_justified(owner, widths[2])} {_justified(group, widths[3])} "
            f"{size.rjust(widths[4])} {date} {name}"
        )
    return lines


def _justified(owner: str, width: int) -> str:
    """GNU pads a name on the right and an id (a number no account names) on the left."""
    return owner.rjust(width) if ascii_digits(owner) else owner.ljust(width)


def _size(node: Node) -> int:
    return 4096 if node.is_dir else node.size


def directory_links(fs: Filesystem, path: str) -> int:
    """A directory's link count: 2 + its subdirectories (its name, its ``.``, their ``..``)."""
    return 2 + sum(node.is_dir for _, _, node in children(fs, path))


def _indicator(node: Node) -> str:
    if node.is_dir:
        return "/"
    return "*" if node.mode & 0o111 else ""


def format_date(mtime: int, now: int | None = None) -> str:
    """``Mar  3 04:12`` within six months before now, ``Mar  3  2025`` otherwise (UTC)."""
    return _date(mtime, NOW if now is None else now)


@lru_cache(maxsize=4096)
def _date(mtime: int, now: int) -> str:
    t = time.gmtime(mtime)
    month = MONTHS[t.tm_mon - 1]
    if now - SIX_MONTHS < mtime <= now:
        return f"{month} {t.tm_mday:2d} {t.tm_hour:02d}:{t.tm_min:02d}"
    return f"{month} {t.tm_mday:2d} {t.tm_year:5d}"


COMMANDS = {"ls": ls}
