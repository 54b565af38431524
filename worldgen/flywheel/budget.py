"""The gate's budget: how much a proposal may cost to judge, set by the user, never by the draft.

A draft is untrusted input (an LLM wrote it, or anyone who can edit a library). Its own
``check within N states`` would otherwise raise the bound the model checker explores, and a
``horizon 1_000_000`` counter or a 2^24-state draft costs minutes and gigabytes per draft. So the
bounds come from the command line (``--gate-states``, ``--gate-seconds``, ``--gate-memory``,
``--gate-horizon``) with defaults a little above what every shipped scaffold needs; a draft that
declares more is refused before anything is compiled, and the time and memory bounds are enforced
on the process that judges it (``flywheel.bounded``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from worldgen.ir.models import Scaffold
    from worldgen.rollouts.sources import Entry

# Every shipped scaffold's worlds have at most ~5,000 states; a proposal four times past that costs
# the gate (and each later round's solver) minutes for one family.
GATE_MAX_STATES = 20_000
GATE_SECONDS = 300.0  # one proposal's check, compile (20 seeds) and rollouts take 5-60 s today
GATE_MEMORY_MB = 4096  # on top of what the judging process holds when it starts
GATE_HORIZON = 1_000  # the longest shipped worlds last 80 steps (maze 5x4), crafting 74


@dataclass(frozen=True)
class GateBudget:
    """Per proposal: the model checker's states per world, wall-clock seconds and memory (MB)
    of the whole judgement, and the longest episode (steps) a world may have. None: unbounded
    (only for trusted callers, e.g. a test of the gate's own logic)."""

    max_states: int = GATE_MAX_STATES
    seconds: float | None = GATE_SECONDS
    memory_mb: int | None = GATE_MEMORY_MB
    horizon: int = GATE_HORIZON

    def refusal(self, ir: Scaffold) -> str:
        """Why ``ir`` declares more than the budget allows ("" when it does not)."""
        if ir.max_states is not None and ir.max_states > self.max_states:
            return (f"budget: the scaffold declares `check within {ir.max_states:,} states`; the gate explores at most "
                    f"{self.max_states:,} states per world (--gate-states): declare at most that, or make the worlds smaller")
        longest = max([ir.horizon or 0, *(alt.horizon or 0 for axis in ir.axes for alt in axis.alternatives)])
        return self._too_long(longest, "the scaffold's horizon")

    def long_world(self, entries: list[Entry]) -> str:
        """Why a compiled world's episodes are longer than the budget allows ("" when none is):
        a horizon written as an expression is known only per world."""
        from worldgen.runtime.loader import load_rules

        for entry in entries:
            reason = self._too_long(load_rules(entry.world)[0].horizon, f"world {entry.id}'s horizon")
            if reason:
                return reason
        return ""

    def _too_long(self, horizon: int, what: str) -> str:
        if horizon <= self.horizon:
            return ""
        return (f"budget: {what} is {horizon:,} steps; the gate allows at most {self.horizon:,} (--gate-horizon): "
                f"a shorter horizon, or a smaller world")

    def limits(self) -> str:
        """The budget in one line, for the model's brief and the user's summary."""
        seconds = f"{self.seconds:g} s" if self.seconds is not None else "no time limit"
        memory = f"{self.memory_mb:,} MB" if self.memory_mb is not None else "no memory limit"
        return (f"at most {self.max_states:,} states per world, a horizon of at most {self.horizon:,} steps, "
                f"{seconds} and {memory} to judge the whole scaffold")
