"""The worlds a rollout or a report runs over, each with its check report when there is one.

Suites written by ``worldgen compile`` hold artifacts (world + check report + provenance); a bare
world file has no report, so one is computed on demand (the same ``verify_world`` the compiler
ran), because the oracle needs a walkthrough and the report needs the measures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.compiler.artifact import Artifact, Provenance
from worldgen.compiler.bounds import scaffold_bounds
from worldgen.ir.world import World
from worldgen.runtime.sources import open_placed
from worldgen.tables.build import Tables
from worldgen.tables.store import load
from worldgen.verify import Report, verify_world


@dataclass
class Entry:
    """One world of a suite, by its suite id."""

    id: str
    world: World
    stored_report: Report | None = None  # the artifact's report; None for a bare world file
    provenance: Provenance | None = None
    tables_file: Path | None = None  # its step tables (``compile --tables``), when they exist
    _computed: Report | None = field(default=None, repr=False)
    _tables: Tables | None = field(default=None, repr=False, compare=False)
    idle_envs: list[Any] = field(default_factory=list, repr=False, compare=False)  # table envs between episodes (rollouts/runtimes.py)

    @property
    def params(self) -> dict[str, int | bool | str]:
        return self.world.params

    @property
    def axes(self) -> dict[str, str]:
        return self.world.axes

    @property
    def report(self) -> Report:
        """The artifact's check report, or (bare world files) one computed now and kept."""
        if self.stored_report is not None:
            return self.stored_report
        if self._computed is None:
            self._computed = verify_world(self.world, scaffold_bounds(self.world.scaffold))
        return self._computed

    def step_tables(self) -> Tables | None:
        """Its step tables, read and checked once (TableError for a file that must not be
        stepped); None when it has none."""
        if self.tables_file is None:
            return None
        if self._tables is None:
            self._tables = load(self.tables_file, self.id)  # the id its (checked) file vouches for: no re-hash
        return self._tables


def open_entries(path: str | Path, trust_edited: bool = False) -> list[Entry]:
    """The worlds of a world file, artifact or suite folder, in suite order (edited files refused
    unless ``trust_edited``, see ``runtime.sources``)."""
    out = []
    for placed in open_placed(path, trust_edited):
        item = placed.item
        if isinstance(item, Artifact):
            out.append(Entry(placed.id, item.world, item.report, item.provenance, placed.tables))
        else:
            out.append(Entry(placed.id, item))
    return out
