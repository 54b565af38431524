"""The check report: plain pydantic data stored in every artifact and re-derived by `verify`.

Every number is rounded (``ROUND`` decimals) so the report's JSON is the same on every platform.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from worldgen.verify import DEFAULT_MAX_STATES

ROUND = 6


class Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Bounds(Data):
    """How far the model checker may go. ``max_depth`` None: as deep as the reachable graph goes."""

    max_states: int = DEFAULT_MAX_STATES
    max_depth: int | None = None


class Step(Data):
    """One step of a trace: the command, and the outcomes of its ``chance`` branches (True = the
    first branch), in the order the effect meets them; empty for a deterministic step."""

    command: str
    chance: tuple[bool, ...] = ()

    def __str__(self) -> str:
        if not self.chance:
            return self.command
        return f"{self.command}   [chance: {', '.join('yes' if c else 'no' for c in self.chance)}]"


Status = Literal["pass", "fail", "skipped"]


class Check(Data):
    name: str
    status: Status
    detail: str
    trace: tuple[Step, ...] | None = None  # the shortest counterexample, when there is one


class Oracle(Data):
    """The omniscient oracle's shortest solution (it reads the whole state, hidden parts included):
    a walkthrough through the outcomes it names.

    ``probability`` is the chance that replaying the commands open-loop meets those outcomes
    (1 for a deterministic world)."""

    steps: tuple[Step, ...]
    probability: float
    ret: float


class FairOracle(Data):
    """The fair oracle: the best policy that sees only what the agent sees (the observations and
    messages so far), against every hidden value the agent cannot rule out (`hidden`,
    `expect solvable within N observing`)."""

    worst_case_steps: int  # the fewest steps it needs in its worst case
    candidates: int  # hidden values the agent must allow for
    beliefs: int  # beliefs (sets of states the agent cannot tell apart) the search explored


class Returns(Data):
    """Episode returns computed from the rules (see docs/compile.md for the exact semantics)."""

    max: float  # best return any episode can get (chance outcomes at their best)
    oracle: float | None
    random: float  # expected return of the uniform-random policy over admissible commands
    do_nothing: float  # return of a policy that never sends a valid command


class Measures(Data):
    reachable_states: int
    transitions: int
    depth: int  # longest shortest path from the start (the graph's BFS depth)
    mean_branching: float  # admissible commands per non-terminal state
    max_branching: int
    solution_length: int | None
    reward_density: float | None  # share of the oracle's steps paying more than the per-step reward
    dead_end_states: int  # non-terminal states from which no goal state is reachable
    fail_states: int  # reachable states where `fail when` ends the episode
    stochastic: bool


class Report(Data):
    ok: bool
    complete: bool  # the whole reachable graph was explored within the bounds
    bounds: Bounds
    checks: tuple[Check, ...]
    oracle: Oracle | None
    returns: Returns
    measures: Measures
    replay_sha256: str  # hash of the runtime trace of the oracle (or first-admissible) replay
    # optimal play with every chance outcome weighted by its probability (None: built before they existed)
    optimal_success: float | None = None  # the highest probability any policy reaches a goal within the horizon
    optimal_expected_return: float | None = None  # the highest expected return any policy gets
    fair_oracle: FairOracle | None = None  # where an `observing` expectation asked for it

    def failures(self) -> list[Check]:
        return [c for c in self.checks if c.status == "fail"]

    def reason(self) -> str:
        """One line per failed check: what a rejected world's record says."""
        return "; ".join(f"{c.name}: {c.detail}" for c in self.failures())
