"""Where dataset rows' suites are: paths relative to a suite root, never one machine's absolute path.

A row names its episode by ``(suite, world_id, seed)``; the rows are written on one machine and
read by trainers on others, so ``suite`` is relative to a root, by the same rule when writing
rows and when reading them: the ``root`` argument (``--root`` on the command line), else
``$WORLDGEN_SUITE_ROOT``, else the current directory. A row holding an absolute path (written
before this rule) is still read as it is.
"""

from __future__ import annotations

import os
from pathlib import Path

from worldgen.errors import UsageError

ENV_VAR = "WORLDGEN_SUITE_ROOT"


def suite_root(root: str | Path | None = None) -> Path:
    """The suite root: ``root``, else ``$WORLDGEN_SUITE_ROOT``, else the current directory (absolute)."""
    chosen = root if root is not None else os.environ.get(ENV_VAR) or "."
    return Path(os.path.abspath(chosen))


def row_suite(suite: str | Path, root: str | Path | None = None) -> str:
    """``suite`` as a row holds it: a POSIX path relative to the suite root (``.`` for the root)."""
    base = suite_root(root)
    where = Path(os.path.abspath(suite))
    try:
        return where.relative_to(base).as_posix()
    except ValueError:
        raise UsageError(f"{suite}: error: the suite is outside the suite root {base}, and rows hold suite paths "
                         f"relative to it: pass root= (--root DIR) or set ${ENV_VAR} to a folder holding it") from None


def resolve_suite(suite: str | Path, root: str | Path | None = None) -> str:
    """The absolute path of a row's ``suite`` (an absolute one is kept as it is)."""
    text = str(suite)
    if os.path.isabs(text):
        return text
    return os.path.normpath(os.path.join(suite_root(root), text))
