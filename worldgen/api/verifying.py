"""``worldgen.verify``: re-run every check on an artifact or a suite folder, as ``worldgen verify``
does (that command calls ``findings`` and prints each one as it comes)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.cli.progress import progress as show_progress
from worldgen.errors import WorldgenError

if TYPE_CHECKING:
    from worldgen.compiler.recheck import Finding

_bounds: tuple[int | None, int | None] = (None, None)  # this process's max_states, max_depth


def _setup(state: tuple[int | None, int | None]) -> None:
    """Each worker learns the caller's bounds; each task names its files."""
    global _bounds
    _bounds = state


def _recheck_chunk(entries: list[tuple[str, dict[str, Any] | None]]) -> list[Any]:
    from worldgen.compiler.recheck import recheck

    return [recheck(path, expected=line, max_states=_bounds[0], max_depth=_bounds[1]) for path, line in entries]


def _chunks(entries: Iterator[tuple[str, dict[str, Any] | None]], size: int = 8) -> Iterator[list[Any]]:
    while chunk := list(islice(entries, size)):
        yield chunk


def findings(path: str | Path, *, jobs: int = 1, max_states: int | None = None, max_depth: int | None = None,
             progress: bool = True) -> Iterator[Finding]:
    """Each artifact's outcome (``.ok``, ``.problems``, ``.report``) in suite order, as soon as it
    is known. ``max_states``/``max_depth``: verify's own bounds (default: the scaffold's `check
    within` up to the default; never the bounds stored in the artifact)."""
    from worldgen.compiler.executors import LocalExecutor

    workers = LocalExecutor(jobs)  # first: its workers' server starts while this process imports the checker
    from worldgen.compiler.recheck import suite_entries

    root = Path(path)
    if not root.exists():
        raise WorldgenError(f"{root}: error: no such artifact or suite folder")
    entries = suite_entries(root)
    with show_progress("verify", len(entries), "artifacts", "verified", show=progress) as advance:
        for chunk in workers.map(_setup, (max_states, max_depth), _recheck_chunk, _chunks(iter(entries))):
            for finding in chunk:
                advance(not finding.ok)
                yield finding


@dataclass(frozen=True)
class Verification:
    """The outcome of verifying ``path``: one finding per artifact, in suite order."""

    path: Path
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.findings)

    @property
    def failed(self) -> list[Finding]:
        return [f for f in self.findings if not f.ok]


def verify(path: str | Path, *, jobs: int = 1, max_states: int | None = None, max_depth: int | None = None,
           progress: bool = True) -> Verification:
    """Re-verify the artifact or suite folder at ``path`` (see ``findings``)."""
    return Verification(Path(path), tuple(findings(path, jobs=jobs, max_states=max_states, max_depth=max_depth,
                                                    progress=progress)))
