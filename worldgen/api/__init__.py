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

Each name is imported from its stage's module on first use, so a command that runs one stage
(``worldgen compile`` imports ``worldgen.api.compiling``) does not load the others (the loop's
event loop, asyncio among them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.lazy import exports

if TYPE_CHECKING:
    from worldgen.api.compiling import compile  # noqa: A004 - worldgen.compile, by design
    from worldgen.api.looping import LoopRun, loop
    from worldgen.api.reports import Report, report
    from worldgen.api.rollouts import Rollouts, rollout
    from worldgen.api.suite import Suite, open_suite
    from worldgen.api.verifying import Verification, verify

_HOMES = {"compile": "compiling", "LoopRun": "looping", "loop": "looping", "Report": "reports", "report": "reports",
          "Rollouts": "rollouts", "rollout": "rollouts", "Suite": "suite", "open_suite": "suite",
          "Verification": "verifying", "verify": "verifying"}

__all__ = sorted(_HOMES)
__getattr__ = exports("worldgen.api", {name: f"worldgen.api.{home}" for name, home in _HOMES.items()}, globals())
