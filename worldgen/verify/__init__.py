"""Bounded model checking of worlds: invariants, expectations, returns, determinism, measures.

    >>> from worldgen.verify import verify_world
    >>> report = verify_world(world)          # a Report (pydantic data)
    >>> report.ok, report.oracle.steps, report.measures.reachable_states
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from worldgen.verify.report import Bounds, Check, Measures, Oracle, Report, Returns, Step

if TYPE_CHECKING:
    from worldgen.verify.run import verify_world

__all__ = ["Bounds", "Check", "Measures", "Oracle", "Report", "Returns", "Step", "verify_world"]


def __getattr__(name: str) -> Any:
    """``verify_world`` loads the model checker on first use: loading an artifact needs only the
    report's data models, and the runtime loads artifacts."""
    if name == "verify_world":
        from worldgen.verify.run import verify_world

        return verify_world
    raise AttributeError(name)
