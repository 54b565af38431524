"""Bounded model checking of worlds: invariants, expectations, returns, determinism, measures.

    >>> from worldgen.verify import verify_world
    >>> report = verify_world(world)          # a Report (pydantic data)
    >>> report.ok, report.oracle.steps, report.measures.reachable_states
"""

from __future__ import annotations

from worldgen.verify.report import Bounds, Check, Measures, Oracle, Report, Returns, Step
from worldgen.verify.run import verify_world

__all__ = ["Bounds", "Check", "Measures", "Oracle", "Report", "Returns", "Step", "verify_world"]
