"""Re-verify artifacts: integrity (hashes), then every check again, then the stored report.

An artifact passes only if its world still hashes to what the compiler recorded, its checks all
pass when re-run from its data, and the re-run report equals the stored one (so a report edited
to hide a failure is caught as surely as an edited world).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.compiler import artifact
from worldgen.compiler.bounds import recheck_bounds
from worldgen.compiler.suite import INDEX
from worldgen.errors import WorldgenError
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


def _integrity(art: artifact.Artifact) -> list[str]:
    p, problems = art.provenance, []
    actual = artifact.sha256(artifact.world_canonical_json(art.world))
    if actual != p.world_sha256:
        problems.append(f"world hash mismatch: the world was changed after compilation "
                        f"(recorded {p.world_sha256[:12]}, now {actual[:12]})")
    scaffold = artifact.sha256(art.world.scaffold.to_json())
    if scaffold != p.scaffold_sha256:
        problems.append(f"scaffold hash mismatch: the rules were changed after compilation "
                        f"(recorded {p.scaffold_sha256[:12]}, now {scaffold[:12]})")
    return problems


def _bounds_diff(stored: Bounds, used: Bounds) -> list[str]:
    if stored == used:
        return []
    flags = f"--max-states {stored.max_states}" + (f" --max-depth {stored.max_depth}" if stored.max_depth else "")
    return [f"the artifact says it was checked within {_shown(stored)}, verify checked within {_shown(used)}; "
            f"to re-check it within the artifact's bounds pass {flags}"]


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
    if expected is not None and artifact.sha256(data) != expected["hashes"]["artifact"]:
        finding.problems.append("artifact hash mismatch: the file differs from the one the suite index lists")
    world = loaded.world if isinstance(loaded, artifact.Artifact) else loaded
    if isinstance(loaded, artifact.Artifact):
        finding.problems += _integrity(loaded)
    try:
        bounds = recheck_bounds(world.scaffold, max_states, max_depth)
        finding.report = verify_world(world, bounds)
    except WorldgenError as err:
        finding.problems.append(str(err))
        return finding
    finding.problems += _failures(finding.report)
    if isinstance(loaded, artifact.Artifact):
        finding.problems += _bounds_diff(loaded.report.bounds, bounds) or _report_diff(loaded.report, finding.report)
        from worldgen import __version__

        if finding.problems and loaded.provenance.worldgen != __version__:
            finding.problems.append(f"note: made by worldgen {loaded.provenance.worldgen}, re-checked with {__version__}")
    return finding


def suite_index(root: Path) -> Path | None:
    """The index of a suite folder; None when ``root`` is a single file."""
    if not root.is_dir():
        return None
    index = root / INDEX
    if not index.is_file():
        raise WorldgenError(f"{root}: error: not a suite folder (no {INDEX})")
    return index


def suite_entries(root: Path) -> Iterator[tuple[str, dict[str, Any] | None]]:
    """(artifact path, index line) for each world of a suite folder (streamed), or the one file."""
    index = suite_index(root)
    if index is None:
        yield str(root), None
        return
    with open(index, encoding="utf-8") as lines:
        for number, line in enumerate(lines, 1):
            try:
                entry = json.loads(line)
                path = str(root / entry["path"])
            except (json.JSONDecodeError, KeyError, TypeError):
                raise WorldgenError(f"{index}:{number}: error: not a suite index line") from None
            yield path, entry

