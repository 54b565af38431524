"""Re-verify artifacts: integrity (hashes), then every check again, then the stored report.

An artifact passes only if its world still hashes to what the compiler recorded, its checks all
pass when re-run from its data, and the re-run report equals the stored one (so a report edited
to hide a failure is caught as surely as an edited world).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.compiler import artifact
from worldgen.compiler.bounds import recheck_bounds
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.runtime.sources import recorded_sha256, suite_index
from worldgen.tables.check import tables_problem
from worldgen.tables.paths import tables_path
from worldgen.verify import Bounds, Report, verify_world


@dataclass
class Finding:
    """The outcome for one artifact: problems (empty = it passed) and the re-run report."""

    path: str
    problems: list[str] = field(default_factory=list)
    report: Report | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def _failures(report: Report) -> list[str]:
    out = []
    for c in report.failures():
        text = f"check '{c.name}' fails: {c.detail}"
        if c.trace:
            text += "\n" + "\n".join(f"    > {step}" for step in c.trace)
        out.append(text)
    return out


def _bounds_diff(stored: Bounds, used: Bounds) -> list[str]:
    if stored == used:
        return []
    flags = f"--max-states {stored.max_states}" + (f" --max-depth {stored.max_depth}" if stored.max_depth else "")
    unbounded = " and no --max-depth" if used.max_depth and not stored.max_depth else ""  # the depth was the difference
    return [f"the artifact says it was checked within {_shown(stored)}, verify checked within {_shown(used)}; "
            f"to re-check it within the artifact's bounds pass {flags}{unbounded}"]


def _shown(b: Bounds) -> str:
    return f"{b.max_states} states" + (f" and {b.max_depth} steps" if b.max_depth is not None else "")


def _report_diff(stored: Report, rerun: Report) -> list[str]:
    if stored == rerun:
        return []
    a, b = stored.model_dump(mode="json"), rerun.model_dump(mode="json")
    fields = ", ".join(k for k in a if a[k] != b[k])
    return [f"the stored report differs from the re-run checks in: {fields}"]


def recheck(path: str | Path, data: bytes | None = None, expected: dict[str, Any] | None = None,
            max_states: int | None = None, max_depth: int | None = None) -> Finding:
    """Re-verify the artifact (or bare world) at ``path``; ``expected`` is its suite index line;
    ``max_states``/``max_depth``: verify's command-line bounds (see recheck_bounds)."""
    finding = Finding(str(path))
    try:
        data = Path(path).read_bytes() if data is None else data
        loaded = artifact.parse(data, str(path))
    except OSError as err:
        finding.problems.append(f"cannot read: {err.strerror}")
        return finding
    except WorldgenError as err:
        finding.problems.append(str(err).removeprefix(f"{path}: error: "))
        return finding
    if expected is not None and artifact.sha256(data) != recorded_sha256(expected):
        finding.problems.append("artifact hash mismatch: the file differs from the one the suite index lists")
    world = loaded.world if isinstance(loaded, artifact.Artifact) else loaded
    if isinstance(loaded, artifact.Artifact):
        finding.problems += artifact.integrity_problems(loaded)
    try:
        bounds = recheck_bounds(world.scaffold, max_states, max_depth)
        finding.report = verify_world(world, bounds)
    except WorldgenError as err:
        finding.problems.append(str(err))
        return finding
    except Exception as err:  # noqa: BLE001 - the file is untrusted data: an edit no loader foresaw
        if not finding.problems:
            raise  # an intact artifact that cannot be checked is worldgen's bug, not the file's
        finding.problems.append(f"cannot be re-checked as edited: {type(err).__name__}: {err}")
        return finding
    finding.problems += _failures(finding.report)
    finding.problems += _tables_problems(world, Path(path), bounds)
    if isinstance(loaded, artifact.Artifact):
        finding.problems += _bounds_diff(loaded.report.bounds, bounds) or _report_diff(loaded.report, finding.report)
        from worldgen import __version__

        if finding.problems and loaded.provenance.worldgen != __version__:
            finding.problems.append(f"note: made by worldgen {loaded.provenance.worldgen}, re-checked with {__version__}")
    return finding


def _tables_problems(world: World, path: Path, bounds: Bounds) -> list[str]:
    """The problem of the step tables beside the artifact, if it has any (compile --tables)."""
    tables = tables_path(path)
    problem = tables_problem(world, tables, bounds) if tables.exists() else None
    return [] if problem is None else [f"tables {tables.name}: {problem}"]


def suite_entries(root: Path) -> list[tuple[str, dict[str, Any] | None]]:
    """(artifact path, index line) for each world of a suite folder, or the one file. The index is
    read as ``runtime.sources`` reads it: a partial suite, an empty or duplicated index and paths
    leading outside the suite are refused, not verified."""
    if not root.is_dir():
        return [(str(root), None)]
    return [(str(root / e.path.relative_to(root.resolve())), e.line) for e in suite_index(root)]
