"""What a round need not compute again: the worlds (and the solver's episodes) of a scaffold the
previous round already compiled.

A scaffold carried over unchanged (same source, same content record) has the same worlds for the
same seeds, and an accepted proposal's worlds are the ones the gate compiled for it; a solver that
did not change plays them the same way (episode seeds are fixed). Copying them is what keeps a
round's cost to its new proposals instead of the whole, growing library.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from worldgen.compiler.journal import MARKER
from worldgen.flywheel.episode_files import episode_file


def carry(folder: Path, r: int, name: str, solver: str) -> Path | None:
    """Copy into round ``r`` (``folder``) what round r-1 has for scaffold ``name``: its suite, and
    the solver's episodes on it when round r-1's solver was ``solver``. Nothing when round r-1
    has nothing for it, or round r has started on it already. Returns round r-1's report of the
    same suite and episodes, when there is one (``rebased`` makes it this round's)."""
    suite = folder / "suites" / name
    if r == 0 or suite.exists():
        return None
    previous = folder.parent / f"round-{r - 1:02d}"
    source, episodes = _previous(previous, folder, name, solver)
    if source is None or not (source / "index.jsonl").is_file() or (source / MARKER).exists():
        return None
    staging = suite.with_name(f"{name}.partial")
    shutil.rmtree(staging, ignore_errors=True)
    shutil.copytree(source, staging)
    staging.rename(suite)
    if episodes is not None and episodes.is_file():
        rollouts = folder / "rollouts" / f"{name}.jsonl"
        rollouts.parent.mkdir(parents=True, exist_ok=True)
        if not rollouts.exists():
            shutil.copyfile(episodes, rollouts)
        report = previous / "reports" / f"{name}.json"
        if episodes.parent == previous / "rollouts" and report.is_file():
            return report
    return None


def rebased(report: Path, suite: Path, rollouts: Path) -> dict[str, Any]:
    """Round r-1's report of a carried suite, naming this round's copies (a report of the same
    worlds and episodes differs in nothing else; building it again cost a round up to a minute)."""
    data = json.loads(report.read_text("utf-8"))
    data["suite"]["path"] = str(suite)
    data["rollouts"]["files"] = [str(rollouts)]
    return data


def _previous(previous: Path, folder: Path, name: str, solver: str) -> tuple[Path | None, Path | None]:
    """Round r-1's suite of ``name`` and the file of the solver's episodes on it (None: none usable)."""
    done = _json(previous / "round.json") or {}
    if _same(previous / "library", folder / "library", name):
        episodes = previous / "rollouts" / f"{name}.jsonl"
        return previous / "suites" / name, (episodes if done.get("solver") == solver else None)
    proposals = previous / "proposals"
    summary = _json(proposals / "summary.json") or {}
    if name not in summary.get("accepted", []):
        return None, None
    suite = proposals / "suites" / name
    episodes = episode_file(suite, solver)  # the gate's band test: the same episode seeds
    return suite, (episodes if summary.get("solver") == solver else None)


def _same(a: Path, b: Path, name: str) -> bool:
    """The scaffold and its record are the same bytes in both libraries."""
    files = (f"{name}.wg", f"{name}.json")
    return (a / files[0]).is_file() and all(_bytes(a / f) == _bytes(b / f) for f in files)


def _bytes(path: Path) -> bytes | None:
    return path.read_bytes() if path.is_file() else None


def _json(path: Path) -> dict[str, Any] | None:
    return json.loads(path.read_text("utf-8")) if path.is_file() else None
