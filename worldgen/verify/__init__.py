"""Bounded model checking of worlds: invariants, expectations, returns, determinism, measures.

    >>> from worldgen.verify import verify_world
    >>> report = verify_world(world)          # a Report (pydantic data)
    >>> report.ok, report.oracle.steps, report.measures.reachable_states
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from worldgen.verify.report import Bounds, Check, Measures, Oracle, Report, Returns, Step
    from worldgen.verify.run import verify_world

DEFAULT_MAX_STATES = 200_000  # the model checker's state bound unless a scaffold or the command line sets one
_REPORT = ("Bounds", "Check", "Measures", "Oracle", "Report", "Returns", "Step")
__all__ = [*_REPORT, "DEFAULT_MAX_STATES", "verify_world"]


def __getattr__(name: str) -> Any:
    """Names load their module on first use: the report's data models (pydantic) when a report is
    read, the model checker when ``verify_world`` is called; `worldgen --help` loads neither."""
    if name in _REPORT:
        from worldgen.verify import report

        return getattr(report, name)
    if name == "verify_world":
        from worldgen.verify.run import verify_world

        return verify_world
    raise AttributeError(name)
