"""A baseline commit's tree beside this one, for benchmarks that time both in the same run."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def baseline_tree(rev: str, into: Path) -> Iterator[Path]:
    """``rev`` checked out at ``into`` (a `git worktree`, detached), removed when the block ends."""
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(into), rev], check=True)
    try:
        yield into
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(into)], check=False)
