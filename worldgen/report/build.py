"""Assemble the report: one plain dict, canonical JSON, measured timings kept apart."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from worldgen import __version__
from worldgen.ir.models import canonical_json
from worldgen.report import complexity, coverage, efficiency, executability, findings, flywheel, signals
from worldgen.report.suite import load_suite

FORMAT = "worldgen.report/1"


def build_report(path: str | Path, rollouts: list[str] = (), packs: list[str] = (),  # type: ignore[assignment]
                 trust_edited: bool = False) -> dict[str, Any]:
    """The suite report of ``path``. Everything except ``measured`` depends only on the inputs."""
    started = time.perf_counter()
    data = load_suite(path, list(rollouts), list(packs), trust_edited)
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
    report["findings"] = findings.find(report)
    measured = efficiency.throughput(data)
    report["warnings"] = data.warnings
    report["measured"] = {**measured, "report_seconds": round(time.perf_counter() - started, 3)}
    return report


def to_json(report: dict[str, Any]) -> str:
    return canonical_json(report) + "\n"
