"""Assemble the report: one plain dict, canonical JSON, measured timings kept apart."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from worldgen import __version__
from worldgen.flywheel.split import read_split
from worldgen.ir.models import canonical_json
from worldgen.report import complexity, coverage, efficiency, executability, findings, flywheel, generalisation, signals
from worldgen.report.suite import load_suite
from worldgen.rollouts.sources import Entry

FORMAT = "worldgen.report/1"


def build_report(path: str | Path, rollouts: list[str] = (), packs: list[str] = (),  # type: ignore[assignment]
                 trust_edited: bool = False, measure: bool = True, entries: list[Entry] | None = None) -> dict[str, Any]:
    """The suite report of ``path``. Everything except ``measured`` depends only on the inputs;
    ``measure=False`` leaves ``measured`` out (it re-verifies worlds to time this machine: the
    flywheel, which compares reports, would pay a sixth of its measuring time for figures it drops).
    ``entries``: the suite's worlds when the caller has just opened them (checked), not read again."""
    started = time.perf_counter()
    data = load_suite(path, list(rollouts), list(packs), trust_edited, entries)
    report: dict[str, Any] = {
        "format": FORMAT,
        "worldgen": __version__,
        "suite": {"path": str(path), "worlds": len(data.entries),
                  "scaffolds": sorted({e.world.scaffold.name for e in data.entries}),
                  "episodes": len(data.episodes)},
        "executability": executability.measure(data),
        "signals": signals.measure(data),
        "coverage": coverage.measure(data),
        "complexity": complexity.measure(data),
        "efficiency": efficiency.measure(data),
        "rollouts": flywheel.measure(data),
    }
    split = read_split(Path(path)) if Path(path).is_dir() else None
    if split is not None:  # a side (or both) of `worldgen split`: in-distribution vs held-out
        report["generalisation"] = generalisation.measure(data, split)
    report["findings"] = findings.find(report)
    report["warnings"] = data.warnings
    if measure:
        report["measured"] = {**efficiency.throughput(data), "report_seconds": round(time.perf_counter() - started, 3)}
    return report


def to_json(report: dict[str, Any]) -> str:
    return canonical_json(report) + "\n"
