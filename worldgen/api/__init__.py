"""The pipeline as Python calls, for scripts and notebooks: each stage returns an object, shows
progress that works in a terminal and in Jupyter (``progress=False`` silences it), and writes the
same bytes as its ``worldgen`` command, which calls it (one implementation). docs/api.md shows them.
``worldgen.compile``, ``worldgen.open_suite`` and ``worldgen.loop`` are re-exported by the package;
verify, rollout and report are methods of the Suite they return (``worldgen.verify`` and
``worldgen.report`` name the model checker's and the report's packages), and functions here for an
artifact or world file.

    >>> suite = worldgen.compile("scaffolds/vault.wg", "out/vault", range(8))
    >>> suite.verify().ok, suite.rollout("oracle", "out/oracle.jsonl").result.successes
    >>> suite.report(["out/oracle.jsonl"]).print()
"""

from __future__ import annotations

from worldgen.api.compiling import compile  # noqa: A004 - worldgen.compile, by design
from worldgen.api.looping import LoopRun, loop
from worldgen.api.reports import Report, report
from worldgen.api.rollouts import Rollouts, rollout
from worldgen.api.suite import Suite, open_suite
from worldgen.api.verifying import Verification, verify

__all__ = ["LoopRun", "Report", "Rollouts", "Suite", "Verification", "compile", "loop", "open_suite", "report", "rollout",
           "verify"]
