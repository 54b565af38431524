"""Writing output files safely: whole or not at all, and never through a planted symlink.

A temporary file is created next to its target by ``tempfile.mkstemp`` (O_CREAT | O_EXCL, so a
symlink or file already at that name is never opened) and moved into place by ``os.replace``,
which swaps the name itself: a symlink at the target is replaced, not followed. Append-only logs
are opened with O_NOFOLLOW for the same reason. A file a person owns and edits (a scaffold that
``worldgen fmt`` tidies) is instead rewritten in place, behind a backup copy (``write_in_place``).
"""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path
from typing import BinaryIO, TextIO

TEMP_PREFIX = ".tmp-"  # leftovers of a killed write start with this and are safe to delete
BACKUP_PREFIX = ".fmt-backup-"  # the old contents of a file write_in_place was killed rewriting: keep


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Replace ``path`` with ``data`` (text is UTF-8): a reader sees the old file or the new one."""
    path = Path(path)
    if path.is_dir():  # os.replace would fail naming the temporary file, not the path given
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=path.parent)
    try:
        os.fchmod(fd, 0o644)  # mkstemp makes 0600; outputs are meant to be shared and copied
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def write_in_place(path: str | Path, text: str) -> None:
    """Overwrite ``path``'s contents with ``text`` (UTF-8), keeping the file itself: its inode, and
    with it its hard links, owner, mode and extended attributes, which editors and build tools
    watching it rely on (``worldgen fmt``). Not atomic: a reader may see a half-written file, so
    the old contents are first copied beside it (``BACKUP_PREFIX`` + its name, synced to disk) and
    the copy is removed once the new contents are synced; a write killed midway leaves the copy."""
    path = Path(path)
    backup = path.with_name(BACKUP_PREFIX + path.name)
    with open(path, "r+b") as f:  # first: a file that cannot be written gets no backup
        try:
            fd = os.open(backup, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
        except FileExistsError:
            raise FileExistsError(errno.EEXIST, f"{backup} holds the text of a rewrite that was stopped midway; "
                                  "restore the file from it or delete it") from None
        with os.fdopen(fd, "wb") as copy:
            copy.write(f.read())
            os.fsync(copy.fileno())
        f.seek(0)
        f.write(text.encode("utf-8"))
        f.truncate()
        os.fsync(f.fileno())
    backup.unlink()


def open_log(path: str | Path, keep: int = 0) -> BinaryIO:
    """``path`` for appending, cut to its first ``keep`` bytes (created empty if absent); a symlink
    at ``path`` is refused (OSError) rather than followed."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    f = os.fdopen(fd, "r+b")
    f.truncate(keep)
    f.seek(keep)
    return f


def open_append(path: str | Path) -> TextIO:
    """``path`` for appending text lines (created if absent); a symlink is refused, not followed."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o644)
    return os.fdopen(fd, "w", encoding="utf-8")


def remove_temporaries(folder: str | Path) -> None:
    """Delete what killed ``write_atomic`` calls left in ``folder``."""
    for leftover in Path(folder).glob(TEMP_PREFIX + "*"):
        leftover.unlink(missing_ok=True)
