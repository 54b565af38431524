"""Fair play under hidden information: what can a policy win from what the agent sees?

The omniscient oracle reads the hidden state, so a guessing game is "solved" in one guess. A fair
policy chooses each command from the observations so far, that is from its belief
(``worldgen.verify.beliefs``). It wins if, whatever it reads after a command, it can go on winning:
an AND-OR search, OR over commands, AND over what the agent might read and over chance outcomes
(every outcome must be handled: the check is a guarantee, not an average).

The search explores beliefs breadth first up to the step bound, skipping any belief that cannot
make it in time even if the agent were told everything (the largest omniscient distance to a goal
among its states, from each candidate's own state graph), then computes every belief's fewest
worst-case steps to a goal by Bellman updates to the least fixpoint. A belief whose hidden part
was split before under other shared values (a turn counter) is split by shifting that split
(``worldgen.verify.shifts``), so counters do not multiply the work. The result is exact: the
fewest steps any fair policy needs in its worst case, or "none within the bound".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from worldgen.codegen.program import Rules
from worldgen.ir.world import World
from worldgen.verify.arrays import FAR, goal_distances, graph_arrays
from worldgen.verify.beliefs import DONE, FAILED, Belief, BeliefModel, Unknown, seen_key
from worldgen.verify.candidates import candidates
from worldgen.verify.fair_proof import prove
from worldgen.verify.report import Bounds
from worldgen.verify.shifts import Shifts, Split
from worldgen.verify.statespace import explore

MAX_BELIEFS = 200_000  # beliefs explored before the answer is "unknown (bound)"
MAX_DISTANCE_STATES = 2_000_000  # candidate states explored for the lower bound; beyond, it is 0

Move = tuple[str, dict[str, int]]  # a command and, per thing the agent may read next, the belief it leaves


@dataclass(frozen=True)
class FairResult:
    steps: float  # the fewest worst-case steps to a goal of any fair policy (inf: none within the bound)
    candidates: int  # hidden values the agent must allow for
    beliefs: int  # beliefs the search explored


@dataclass
class FairSearch:
    model: BeliefModel
    beliefs: list[Belief] = field(default_factory=list)
    index: dict[Belief, int] = field(default_factory=dict)
    moves: list[list[Move]] = field(default_factory=list)
    worst: list[float] = field(default_factory=list)
    hope: list[float] = field(default_factory=list)  # fewest steps if chance and what is read go the agent's way
    _distances: list[dict[tuple, int] | None] = field(default_factory=list)
    exhaustive: bool = True  # every belief within the bound explored (False: one policy found depth first, fair_proof.py)
    _distance_states: int = 0

    def solve(self, within: int) -> FairResult:
        _, root = self.model.start()
        self.add(root)
        shifts = Shifts(self.model)
        # the same child objects come back again and again (the model and the shifts cache them):
        # found by identity first, spared hashing their states each time (each kept, so ids stay theirs)
        found: dict[int, tuple[Belief, int]] = {}
        depth = [0]
        i = 0
        while i < len(self.beliefs):
            if depth[i] + self.lower_bound(self.beliefs[i]) <= within:
                for command, parts in self.splits(self.beliefs[i], shifts):
                    children: dict[str, int] = {}
                    for key, part in parts.items():
                        if isinstance(part, int):
                            children[key] = part
                            continue
                        seen = found.get(id(part))
                        if seen is not None and seen[0] is part:
                            children[key] = seen[1]
                            continue
                        j = self.index.get(part)
                        if j is None:
                            j = self.add(part)
                            depth.append(depth[i] + 1)
                        found[id(part)] = (part, j)
                        children[key] = j
                    self.moves[i].append((command, children))
            i += 1
        self.settle()
        return FairResult(steps=self.worst[0], candidates=len(self.model.cands), beliefs=len(self.beliefs))

    def splits(self, belief: Belief, shifts: Shifts) -> list[Split]:
        """The belief split by every command some state of it admits: shifted from a look-alike
        whose split differs only in a counter or flag (``worldgen.verify.shifts``), else direct."""
        splits = shifts.derive(belief)
        if splits is None:
            splits = [(command, self.model.split(belief, command)) for command in self.model.commands(belief)]
            shifts.remember(belief, splits)
        return splits

    def best(self, belief: int) -> Move | None:
        """The move with the fewest worst-case steps from an explored belief (of equals, one no
        state of the belief refuses); where no move wins in every case (a card game's luck), the
        one no state refuses with the fewest steps if luck helps, so a fair player still plays and
        never gambles on a command the world may refuse (None: no such move can win at all)."""
        admitted = self.model.admitted(self.beliefs[belief])
        move, score = None, (math.inf, True, math.inf)
        for m in self.moves[belief]:
            key = (self._steps(m[1], self.worst), m[0] not in admitted, self._steps(m[1], self.hope, min))
            if key < score:
                move, score = m, key
        return move if score[0] < math.inf or (not score[1] and score[2] < math.inf) else None

    def add(self, belief: Belief) -> int:
        """Index a belief not seen before, with no moves yet; Unknown past MAX_BELIEFS."""
        if len(self.beliefs) >= MAX_BELIEFS:
            raise Unknown(f"more than {MAX_BELIEFS} beliefs")
        self.index[belief] = len(self.beliefs)
        self.beliefs.append(belief)
        self.moves.append([])
        return len(self.beliefs) - 1

    def settle(self) -> None:
        """Every belief's worst-case and best-case steps to a goal, from the moves recorded."""
        parts = [[tuple(children.values()) for _, children in moves] for moves in self.moves]
        self.worst = self._fixpoint(parts, max)
        self.hope = self._fixpoint(parts, min)

    @staticmethod
    def _fixpoint(parts: list[list[tuple[int, ...]]], case: Callable[[Iterable[float]], float]) -> list[float]:
        """Every belief's fewest steps to a goal when what the agent reads next is the ``case``
        (max: the worst, a guarantee; min: the best, a hope), by Bellman updates to the least
        fixpoint; ``parts[i]``: per move of belief i, the beliefs (or DONE/FAILED) it may leave."""
        n = len(parts)
        steps = [math.inf] * n + [math.inf, 0.0]  # then the ends, at their negative indices FAILED and DONE
        assert (steps[FAILED], steps[DONE]) == (math.inf, 0.0)
        get = steps.__getitem__
        changed = True
        while changed:
            changed = False
            for i in range(n - 1, -1, -1):
                for move in parts[i]:
                    w = 1 + case(map(get, move))
                    if w < steps[i]:
                        steps[i] = w
                        changed = True
        return steps[:n]

    @staticmethod
    def _steps(children: dict[str, int], steps: list[float], case: Callable[[Iterable[float]], float] = max) -> float:
        """A move's steps to a goal: one, plus its worst (or best) part's."""
        return 1 + case((0.0 if j == DONE else math.inf if j == FAILED else steps[j]) for j in children.values())

    def lower_bound(self, belief: Belief) -> float:
        """The most steps any of the belief's states needs even when the agent knows everything."""
        bound = 0.0
        for ci, s in self.model.members(belief):
            d = self._distances[ci] if ci < len(self._distances) else self._candidate_distances(ci)
            if d is not None:
                bound = max(bound, d.get(s, math.inf))
        return bound

    def _candidate_distances(self, ci: int) -> dict[tuple, int] | None:
        """Omniscient steps to a goal from each state of candidate ``ci`` (None: not computed, the
        budget for them is spent or its graph was not explored completely)."""
        while len(self._distances) <= ci:
            self._distances.append(self._explore_candidate(len(self._distances)))
        return self._distances[ci]

    def _explore_candidate(self, ci: int) -> dict[tuple, int] | None:
        left = MAX_DISTANCE_STATES - self._distance_states
        if left <= 0:
            return None
        c = self.model.cands[ci]
        g = explore(c.rules, list(c.initial), Bounds(max_states=left))
        self._distance_states += len(g.keys)
        if not g.complete:
            return None
        dist = goal_distances(graph_arrays(g, c.rules))
        return {s: (int(x) if x != FAR else math.inf) for s, x in zip(g.states, dist)}  # type: ignore[misc]


def observing_bound(world: World, rules: Rules) -> int | None:
    """The largest `expect solvable within N observing` bound of this world (None: it has none)."""
    bounds = [w if w is not None else rules.horizon
              for e, w in zip(world.scaffold.expects, rules.within) if e.kind == "solvable" and e.observing]
    return max(bounds, default=None)


def fair_search(world: World, within: int) -> FairSearch:
    """Search ``world``'s fair policies up to ``within`` steps (``search.worst[0]``: the answer);
    past the exhaustive search's bound, one policy is looked for depth first (``exhaustive`` is
    then False and ``worst[0]`` is that policy's worst case). Raises Unknown (or
    TooManyCandidates) when a bound is hit."""
    cands = candidates(world)
    actual = next((i for i, c in enumerate(cands) if c.world.initial_state == world.initial_state), None)
    if actual is None:
        raise Unknown("the world's own start state breaks an invariant")
    search = FairSearch(BeliefModel(cands, actual))
    try:
        search.solve(within)
    except Unknown as err:
        try:
            return prove(search, within, MAX_BELIEFS)
        except Unknown as deeper:
            raise Unknown(f"{err}; {deeper}") from None
    return search


class FairPolicy:
    """Plays a world fairly: tracks the belief from what it reads, and follows the search's moves."""

    def __init__(self, search: FairSearch):
        self.search = search
        self.belief: int | None = 0
        self.pending: dict[str, int] | None = None

    def command(self) -> str | None:
        """The next command (None: the belief was not explored, or no fair win is left)."""
        if self.belief is None:
            return None
        move = self.search.best(self.belief)
        if move is None:
            self.pending = None
            return None
        self.pending = move[1]
        return move[0]

    def observe(self, text: str, done: bool, failed: bool) -> None:
        """Narrow the belief to what the agent just read after the last command."""
        if self.pending is None:
            return
        child = self.pending.get(seen_key(text, done, failed))
        self.belief = child if child is not None and child >= 0 else None
        self.pending = None
