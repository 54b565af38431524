"""Small compiled suites for tests of what runs on suites (the compiler's own API, one process)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.compiler.conftest import example_spec
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.step_tables import write_tables
from worldgen.compiler.suite import compile_suite


def compiled(out: Path, name: str, seeds: range, **axes: str) -> Path:
    """``worldgen compile scaffolds/NAME.wg --seeds A:B -o OUT [--axis ...]`` with the example record."""
    compile_suite(example_spec(name, **axes), seeds, out, LocalExecutor(1))
    return out


def with_tables(suite: Path, out: Path) -> Path:
    """A copy of ``suite`` at ``out`` as ``compile --tables`` would have written it."""
    shutil.copytree(suite, out)
    write_tables(out)
    return out
