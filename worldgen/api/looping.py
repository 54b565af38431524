"""``worldgen.loop``: turn the flywheel (compile, roll out, report, propose) for some rounds, as
``worldgen loop`` does (that command calls this function)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.api.eventloop import outside_event_loop
from worldgen.api.seeds import as_seed_range

if TYPE_CHECKING:
    from worldgen.flywheel.budget import GateBudget


@dataclass(frozen=True)
class LoopRun:
    """A run folder and its summary (``summary.json``: one member per round, see docs/flywheel.md)."""

    path: Path
    summary: dict[str, Any]

    @property
    def rounds(self) -> list[dict[str, Any]]:
        return list(self.summary["rounds"])


def loop(library: str | Path, out: str | Path, solver: str, *, rounds: int = 2, band: tuple[float, float] = (0.2, 0.8),
         proposals: int = 4, seeds: range | Sequence[int] = range(20), episodes: int = 2, overlap: bool = False,
         proposer: str = "mutate", train: Sequence[str] = (), eval_suite: str | Path | None = None,
         base_url: str | None = None, jobs: int = 1, budget: GateBudget | None = None, progress: bool = True) -> LoopRun:
    """Run (or resume) ``rounds`` rounds from the scaffolds in ``library`` into ``out``, ``solver``
    playing; each round accepts up to ``proposals`` new scaffolds whose success lies in ``band``.
    ``train`` is a trainer command as an argv list (never run by a shell), run after each round;
    ``eval_suite`` a held-out suite the solver plays each round; ``budget`` what the gate may
    spend per proposal. ``progress`` prints each step and verdict on stderr as it happens."""
    from worldgen.cli.verdicts import decision, note
    from worldgen.flywheel.budget import GateBudget
    from worldgen.flywheel.loop import LoopSettings, loop as run_loop
    from worldgen.flywheel.mutate import Band

    settings = LoopSettings(solver, rounds, Band(*band), proposals, as_seed_range(seeds), episodes, jobs, tuple(train),
                            base_url, proposer, overlap, eval_suite=Path(eval_suite) if eval_suite is not None else None,
                            budget=budget or GateBudget())
    say = (lambda text: note(f"loop: {text}")) if progress else (lambda text: None)
    decide = decision if progress else (lambda name, verdict, reason: None)
    summary = outside_event_loop(lambda: run_loop(Path(library), Path(out), settings, say, decide))
    return LoopRun(Path(out), summary)
