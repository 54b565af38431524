"""When the exhaustive belief search is over its bound: look for one fair policy, depth first.

The fair check asks whether some policy that sees only what the agent sees wins within N steps in
every case. The exhaustive search (``worldgen.verify.fair``) answers more: the fewest worst-case
steps of any fair policy, and for that it expands every belief within N steps. A four-pair memory
game has millions of them, but the policy that wins is much smaller: once a winning command is
found for a belief, no other command of it needs a look. So past the exhaustive search's bound
the check searches AND-OR depth first with a step budget: a belief wins within k steps if one
command leads, whatever the agent then reads, to beliefs that win within k - 1 (or end the
episode won). Beliefs are remembered with the largest budget proven to lose and the smallest
proven to win, and cut where even an agent told everything could not make it in time.

The answer is exact for the question asked: a policy found wins within N in every case (its own
worst case is computed and reported), and a search that finds none has tried every command of
every belief it met, so no fair policy wins within N. What it does not settle is whether fewer
steps than the found policy's would do; the report says so.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING

from worldgen.verify.beliefs import FAILED, Belief, Unknown
from worldgen.verify.shifts import Shifts, Split

if TYPE_CHECKING:
    from worldgen.verify.fair import FairSearch

Won = tuple[int, str, dict[str, Belief | int]]  # the smallest budget proven, the command, what it leaves


class _Prover:
    def __init__(self, search: FairSearch, max_beliefs: int):
        self.search = search
        self.max_beliefs = max_beliefs
        self.shifts = Shifts(search.model)
        self.won: dict[Belief, Won] = {}
        self.lost: dict[Belief, int] = {}  # the largest budget within which the belief is proven to lose
        self.bounds: dict[Belief, float] = {}

    def wins(self, belief: Belief, budget: int) -> bool:
        """Does some fair policy win from ``belief`` within ``budget`` steps in every case?"""
        won = self.won.get(belief)
        if won is not None and won[0] <= budget:
            return True
        if self.lost.get(belief, -1) >= budget:
            return False
        if budget <= 0 or self._bound(belief) > budget:
            self.lost[belief] = budget
            return False
        if len(self.won) + len(self.lost) >= self.max_beliefs:
            raise Unknown(f"more than {self.max_beliefs} beliefs searched depth first")
        for command, parts in self._ordered(self.search.splits(belief, self.shifts)):
            if all(isinstance(p, int) or self.wins(p, budget - 1) for p in parts.values()):  # ints: DONE (FAILED left out)
                won = self.won.get(belief)
                if won is None or won[0] > budget:  # a command that leads back here may have won it in fewer steps
                    self.won[belief] = (budget, command, parts)
                return True
        self.lost[belief] = budget
        return False

    def _ordered(self, splits: list[Split]) -> list[Split]:
        """Commands that can win, the most promising first: none of what they leave is lost, and
        what they leave needs the fewest steps even when the agent is told everything."""
        able = [(command, parts) for command, parts in splits if FAILED not in parts.values()]
        return sorted(able, key=lambda s: max((self._bound(p) for p in s[1].values() if not isinstance(p, int)), default=0.0))

    def _bound(self, belief: Belief) -> float:
        hit = self.bounds.get(belief)
        if hit is None:
            hit = self.bounds[belief] = self.search.lower_bound(belief)
        return hit


MAX_PROOF_STEPS = 200  # a deeper budget is not searched depth first (one stack frame per step)


def prove(search: FairSearch, within: int, max_beliefs: int) -> FairSearch:
    """A depth-first search for a fair policy that wins within ``within`` steps, on ``search``'s
    belief model and omniscient distances (their caches reused). Returns a FairSearch holding that
    policy alone (one move per belief, ``worst[0]`` its worst case), or one whose ``worst[0]`` is
    infinite when no fair policy wins within ``within``. Raises Unknown past ``max_beliefs``."""
    if within > MAX_PROOF_STEPS:
        raise Unknown(f"a depth-first search is tried within at most {MAX_PROOF_STEPS} steps, not {within}")
    proof = replace(search, beliefs=[], index={}, moves=[], worst=[], hope=[], exhaustive=False)
    _, root = search.model.start()
    prover = _Prover(proof, max_beliefs)
    if not prover.wins(root, within):
        proof.add(root)
        proof.worst, proof.hope = [math.inf], [math.inf]
        return proof
    proof.add(root)
    queue = deque([root])
    while queue:
        belief = queue.popleft()
        _, command, parts = prover.won[belief]
        children: dict[str, int] = {}
        for key, part in parts.items():
            if isinstance(part, int):
                children[key] = part
                continue
            j = proof.index.get(part)
            if j is None:
                j = proof.add(part)
                queue.append(part)
            children[key] = j
        proof.moves[proof.index[belief]].append((command, children))
    proof.settle()
    return proof
