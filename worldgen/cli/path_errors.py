"""A path the person named that cannot be read or written, as one line they can act on.

Commands open the files and folders they are given in many places (scaffolds, ``-o`` outputs,
``--html`` pages, packs); an ``OSError`` carrying a file name from any of them is the person's to
fix (a folder where a file was meant, a missing parent, no permission), so the CLI words it here
once instead of each command wrapping its own ``open``.
"""

from __future__ import annotations

import errno
import os


def describe(err: OSError) -> str | None:
    """``PATH: error: ...`` for an error about a named path; None for one that names no path (a
    socket, a pipe), which stays a bug report."""
    if err.filename is None:
        return None
    path = os.fsdecode(err.filename)
    if isinstance(err, IsADirectoryError):
        return f"{path}: error: {path} is a directory; give a file's path"
    return f"{path}: error: {err.strerror or type(err).__name__}"


def check_output_file(path: str) -> None:
    """Raise now the OSError that writing a file at ``path`` would raise at the end (a folder
    there, or no folder to hold it), so a command fails before it works and prints for nothing."""
    if os.path.isdir(path):
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
    if not os.path.isdir(os.path.dirname(path) or "."):
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), path)
