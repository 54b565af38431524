"""One writer per output folder: an advisory lock on the folder itself (no lock file is left in
it, so its bytes stay those of an uninterrupted run).

Two `content` runs on one pack both appended the same records (a pack of 15,000 held 5,953
duplicate lines, each paid for twice with an LLM provider), and two `compile` runs on one `-o`
deleted each other's temporary files. The second writer is refused at once instead. The lock
goes with the process: a killed run leaves nothing to clean up.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from worldgen.errors import WorldgenError


class FolderLock:
    """An exclusive lock on ``folder`` until ``release`` (or the process ends)."""

    def __init__(self, folder: Path, what: str):
        self._fd: int | None = os.open(folder, os.O_RDONLY)
        try:
            fcntl.flock(self._fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.release()
            raise WorldgenError(f"{folder}: error: another {what} is writing this folder now; wait for it to end "
                                "(re-running the same command then resumes or finishes it), or choose another folder") from None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> FolderLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()
