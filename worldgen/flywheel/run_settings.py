"""The options a loop run's (or a propose run's) results depend on, kept in ``OUT/settings.json``:
a resumed run with other ones is refused, not mixed (rounds compiled for seeds 0:6 beside
proposals for 0:8, or a finished run re-invoked with another solver still reporting the old one).

Options that do not change what is written may differ between the runs: ``--rounds`` (a run is
extended by asking for more), ``--jobs``, ``--base-url`` and ``--train`` (a trainer is fixed and
run again after it failed; what it named is checked as it names it).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.jsondata import read_json_file

if TYPE_CHECKING:
    from worldgen.flywheel.loop import LoopSettings
    from worldgen.flywheel.propose import Settings as ProposeSettings
    from worldgen.flywheel.solver import SolverView

FILE = "settings.json"


def of_loop(settings: LoopSettings) -> dict[str, Any]:
    """A loop's settings as its run records them (JSON values, in the flags' terms)."""
    return {**_gate(settings.solver, settings), "proposals": settings.proposals, "proposer": settings.proposer,
            "eval": None if settings.eval_suite is None else str(settings.eval_suite)}


def of_propose(view: SolverView, settings: ProposeSettings) -> dict[str, Any]:
    """A propose run's settings as it records them: with what its --report files say of each
    scaffold (its verdicts and the edits it tries depend on it) and its evaluation budget."""
    return {**_gate(view.policy, settings), "count": settings.count, "evaluations": settings.evaluations(),
            "solver_results": {name: f"{r.success:g} over {r.episodes} episodes" for name, r in sorted(view.scaffolds.items())}}


def _gate(solver: str, settings: LoopSettings | ProposeSettings) -> dict[str, Any]:
    """What both judge proposals by: the solver, the band, the seeds, its episodes, overlap, budget."""
    return {"solver": solver, "band": f"{settings.band.lo:g}:{settings.band.hi:g}",
            "seeds": f"{settings.seeds.start}:{settings.seeds.stop}", "episodes": settings.episodes,
            "overlap": settings.overlap, "gate": dataclasses.asdict(settings.budget)}


def keep_or_refuse(out: Path, now: dict[str, Any], what: str = "loop") -> None:
    """Record the settings ``now`` of a new run; refuse to resume one recorded with others, naming
    each option that differs. A run from before settings (or some of them) were recorded takes the
    ones given now."""
    before = read_json_file(out / FILE)
    if isinstance(before, dict):
        changed = [f"{k} was {json.dumps(before[k])}, now {json.dumps(v)}" for k, v in now.items()
                   if k in before and before[k] != v]  # a key a run did not record yet: it takes the one now
        if changed:
            raise WorldgenError(f"{out}: error: a {what} run with other settings ({'; '.join(changed)}); resume it with "
                                "the same options, or write the new run to another -o")
        return
    out.mkdir(parents=True, exist_ok=True)
    write_atomic(out / FILE, json.dumps(now, indent=2) + "\n")
