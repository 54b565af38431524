"""The fair oracle: the best policy that sees only what the agent sees.

Where the omniscient oracle reads the hidden state (and so guesses a secret number at once), this
one plays from the observations alone: it keeps the set of states the agent cannot tell apart,
narrows it with each observation, and follows the checker's belief search (worldgen/verify/fair.py)
to the fewest worst-case steps. Its success rate is what "solvable within N observing" promises.
Where luck decides and no move wins in every case, it plays, of the commands every state of its
belief admits, the one that wins soonest if luck helps; where none can win, an admissible command:
it never wastes a step on a command the world refuses.
The search runs once per world, up to the largest `observing` bound of the scaffold (else the horizon).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from worldgen.rollouts.policies.base import Move, PolicyError, Usage
from worldgen.rollouts.policies.oracle import WAIT
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.runtime.loader import load_rules
from worldgen.verify.beliefs import Unknown
from worldgen.verify.candidates import TooManyCandidates
from worldgen.verify.fair import FairPolicy, FairSearch, fair_search, observing_bound


class FairAgent:
    usage: Usage | None = None

    def __init__(self, search: FairSearch):
        self.policy = FairPolicy(search)

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        self.policy.observe(observation, done=False, failed=False)  # the episode goes on, or act would not be called
        command = self.policy.command()
        if command is None:  # no explored move can win from here: still play a command the world takes
            command = next(iter(info.get("admissible") or ()), WAIT)
        return Move(command)


class FairOraclePolicy:
    name = "fair-oracle"

    def __init__(self) -> None:
        self.searches: dict[str, FairSearch] = {}  # per world id: the belief search, run once

    def agent(self, entry: Entry, env: Env, seed: int) -> FairAgent:
        search = self.searches.get(entry.id)
        if search is None:
            search = self.searches[entry.id] = _search(entry)
        return FairAgent(search)

    async def aclose(self) -> None:
        self.searches.clear()


def _search(entry: Entry) -> FairSearch:
    world = entry.world
    rules, _ = load_rules(world)
    bound = observing_bound(world, rules)
    try:
        return fair_search(world, rules.horizon if bound is None else bound)
    except (Unknown, TooManyCandidates) as err:
        raise PolicyError(f"no fair oracle for this world: unknown (bound): {err}") from None
