"""The file system a shell runs over: a protocol, its nodes and its errors.

The shell never touches the host's files. It sees a world's file tree (a text view of the world's
state, ``worldgen.terminal``) or an in-memory tree (``MemoryFs``, for tests and scratch files)
through this one protocol, the way mvdan/sh routes every effect of its interpreter through
handlers: one interpreter, any file system behind it. Paths given to a ``Filesystem`` are always
absolute and normalised (``normpath``); resolving them against a working directory is the shell's
job.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol, TypeVar

T = TypeVar("T")

# errno names a file system raises, with the words GNU tools print for them
STRERROR = {
    "ENOENT": "No such file or directory",
    "ENOTDIR": "Not a directory",
    "EISDIR": "Is a directory",
    "EEXIST": "File exists",
    "ENOTEMPTY": "Directory not empty",
    "EACCES": "Permission denied",
    "EPERM": "Operation not permitted",
    "EROFS": "Read-only file system",
    "EINVAL": "Invalid argument",
    "EIO": "Input/output error",
    "ENOSPC": "No space left on device",
}

EPOCH = 1772511120  # Mar  3 04:12:00 2026 UTC: the mtime of a file nobody has touched


class FsError(Exception):
    """A failed file operation: ``errno`` is a key of ``STRERROR``; ``path`` the absolute path."""

    def __init__(self, errno: str, path: str):
        super().__init__(f"{path}: {STRERROR[errno]}")
        self.errno = errno
        self.path = path

    @property
    def reason(self) -> str:
        return STRERROR[self.errno]


@dataclass(frozen=True, slots=True)
class Node:
    """What ``stat`` tells of a path. ``mode`` holds the permission bits only (0o777 and the
    set-id/sticky bits); ``kind`` says file or directory."""

    kind: str  # "file" | "dir"
    mode: int
    owner: str = "root"
    group: str = "root"
    size: int = 0
    mtime: int = EPOCH

    @property
    def is_dir(self) -> bool:
        return self.kind == "dir"


class Filesystem(Protocol):
    """Every effect a shell has on files. Methods raise ``FsError`` the way the system call
    would (``ENOENT`` for a missing parent, ``EISDIR`` for reading a directory, ...)."""

    def stat(self, path: str) -> Node | None:
        """The node at ``path``, or None when nothing is there."""

    def read(self, path: str) -> str:
        """A file's whole text."""

    def listdir(self, path: str) -> list[str]:
        """A directory's entry names, sorted by code point (callers sort as their tool does)."""

    def write(self, path: str, text: str, *, append: bool = False) -> None:
        """Create or replace (or append to) a file; the parent directory must exist."""

    def mkdir(self, path: str) -> None:
        """Create one directory; its parent must exist (``EEXIST`` when something is there)."""

    def remove(self, path: str) -> None:
        """Remove a file or an empty directory."""

    def rename(self, src: str, dst: str) -> None:
        """Move a file or directory to a path that does not exist or is a file."""

    def chmod(self, path: str, mode: int) -> None:
        """Set the permission bits."""

    def chown(self, path: str, owner: str | None, group: str | None) -> None:
        """Set the owner and/or group (None keeps it)."""

    def touch(self, path: str) -> None:
        """Create an empty file, or mark an existing one as modified now."""

    def begin(self) -> None:
        """A line starts: keep what it changes, for ``rollback``."""

    def rollback(self) -> None:
        """Undo what changed since ``begin`` (a line stopped by its budget)."""


def encoded(text: str) -> bytes:
    """``text`` as the bytes a file holds: UTF-8, where the bytes of invalid UTF-8 (read in as
    lone surrogates, ``surrogateescape``) are themselves again, and any other lone surrogate
    (``\ud800``, typed by an agent) is kept as its three bytes rather than failing."""
    try:
        return text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def normpath(path: str) -> str:
    """``path`` (absolute) without ``.``, ``..``, repeated or trailing slashes; ``..`` above ``/``
    stays at ``/`` as the kernel does."""
    parts: list[str] = []
    for part in path.split("/"):
        if part in ("", "."):
            continue
        if part == "..":
            if parts:
                parts.pop()
        else:
            parts.append(part)
    return "/" + "/".join(parts)


def resolve(cwd: str, path: str) -> str:
    """``path`` as typed, made absolute against ``cwd`` and normalised."""
    return normpath(path if path.startswith("/") else f"{cwd}/{path}")


def parent(path: str) -> str:
    return normpath(path.rsplit("/", 1)[0] or "/")


def basename(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1] or "/"


def clashes(files: Iterable[tuple[str, T]], folders: Collection[str] = ()) -> Iterator[tuple[str, str, T, T | None]]:
    """Where a tree's files make a path two things, in this order: ``("same", path, first,
    second)`` for two files at one path; ``("under", above, file, other)`` for a file beneath the
    path of another file; ``("folder", path, file, None)`` for a file at one of ``folders``."""
    seen: dict[str, T] = {}
    for path, f in files:
        first = seen.setdefault(path, f)
        if first is not f:
            yield "same", path, first, f
    for path, f in seen.items():
        d = parent(path)
        while d != "/":
            if d in seen:
                yield "under", d, f, seen[d]
                break
            d = parent(d)
    for path, f in seen.items():
        if path in folders:
            yield "folder", path, f, None
