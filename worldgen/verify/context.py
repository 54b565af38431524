"""Everything the checks share about one world, each piece computed once, on first use."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from worldgen.codegen.program import Rules
from worldgen.ir.models import Expect
from worldgen.ir.world import World
from worldgen.verify import returns
from worldgen.verify.arrays import GraphArrays, can_reach_goal, graph_arrays
from worldgen.verify.beliefs import Unknown
from worldgen.verify.candidates import TooManyCandidates
from worldgen.verify.fair import FairSearch, fair_search, observing_bound
from worldgen.verify.optimal import SuccessValues
from worldgen.verify.replay import Replay, first_admissible, replay
from worldgen.verify.report import Bounds, Oracle, Step
from worldgen.verify.statespace import StateGraph
from worldgen.verify.traces import path_to, steps


@dataclass
class Context:
    world: World
    rules: Rules
    graph: StateGraph
    bounds: Bounds

    @cached_property
    def arrays(self) -> GraphArrays:
        return graph_arrays(self.graph, self.rules)

    @cached_property
    def goal(self) -> int | None:
        """The first goal state in BFS order: one at the smallest depth."""
        return next((i for i, d in enumerate(self.graph.done) if d), None)

    @cached_property
    def oracle_path(self) -> list[int] | None:
        return None if self.goal is None else path_to(self.graph, self.goal)

    @cached_property
    def oracle(self) -> Oracle | None:
        path = self.oracle_path
        if path is None:
            return None
        g = self.graph
        return Oracle(
            steps=steps(g, self.rules, path),
            probability=float(np.prod([g.trans_prob[t] for t in path])) if path else 1.0,
            ret=returns.path_return(g, self.rules, path),
        )

    @cached_property
    def fair(self) -> FairSearch | str:
        """The fair-policy search up to the largest `observing` bound (or why it has no answer)."""
        try:
            return fair_search(self.world, observing_bound(self.world, self.rules) or 0)
        except (Unknown, TooManyCandidates) as err:
            return str(err)

    def within(self, expect: Expect) -> int:
        """An `expect solvable within N` bound in this world (`within 2^n - 1` is resolved per world)."""
        resolved = self.rules.within[self.world.scaffold.expects.index(expect)]
        return resolved if resolved is not None else self.rules.horizon

    @cached_property
    def can_reach_goal(self) -> np.ndarray:
        return can_reach_goal(self.arrays)

    @cached_property
    def dead_ends(self) -> list[int]:
        """Non-terminal states (in BFS order) from which no goal state is reachable."""
        a = self.arrays
        return [int(i) for i in np.flatnonzero(~a.terminal & ~self.can_reach_goal)]

    @cached_property
    def replay_commands(self) -> list[str]:
        oracle = self.oracle
        return [s.command for s in oracle.steps] if oracle is not None else first_admissible(self.world)

    @cached_property
    def replays(self) -> tuple[Replay, Replay]:
        """The same commands replayed twice: through a fresh ``world.env()`` (the world's rules
        compiled anew, as a trainer would), then through a second fresh Env sharing them."""
        first = self.world.env()
        return replay(first, self.replay_commands), replay(first.fresh(), self.replay_commands)

    @cached_property
    def max_return(self) -> float:
        return returns.value(self.arrays, self.rules, "best")

    @cached_property
    def rules_pay_rewards(self) -> bool:
        r = self.rules
        return bool(r.when_amounts) or r.per_step != 0 or any(r.on_amounts) or any(f is not None for f in r.bonus)

    @cached_property
    def expected_return(self) -> float:
        """Without chance (one transition per command) the best expected return is the best
        return: ``returns.value`` computes the two the same way there, so it runs once."""
        if len(self.arrays.trans_dst) == len(self.arrays.edge_src):
            return self.max_return
        return returns.value(self.arrays, self.rules, "expected")

    @cached_property
    def success(self) -> SuccessValues:
        return SuccessValues(self.arrays, self.rules.horizon)

    @cached_property
    def random_return(self) -> float:
        return returns.value(self.arrays, self.rules, "random")

    @cached_property
    def do_nothing_return(self) -> float:
        return returns.do_nothing(self.arrays, self.rules)

    def step_of(self, binding: int, decisions: tuple[bool, ...]) -> Step:
        return Step(command=self.rules.bindings[binding].command, chance=decisions)
