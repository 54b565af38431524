"""The reachable states of a few real draws of a scaffold, for `check`'s estimate.

The product of the state variables' domains (estimate.py) is an upper bound that invariants,
conservation and the reach of the rules make loose by up to 10^8 (Tower of Hanoi: 6.0e10 for 243
reachable states). Building a few worlds at the largest params and exploring them breadth-first,
as the model checker will, gives the real count of those draws. Caps on the states explored keep
`check` fast: a draw past the cap gives a lower bound, and a scaffold whose draws are large
explores fewer of them. Everything is seeded, so the same scaffold gives the same figures.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from worldgen.codegen.names import RuleError
from worldgen.compiler.editable import uneditable
from worldgen.compiler.instantiate import instantiate
from worldgen.errors import InstantiationError, RequirementError, WorldgenError
from worldgen.ir.models import Scaffold, canonical_json
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore

DRAWS = 8  # seeds 0..DRAWS-1: a scaffold whose worlds vary a lot (minesweeper: 5..1023) needs several
ATTEMPTS = 3  # build-time re-draws per seed, as `compile` re-draws a world that breaks a `require`
CAP = 20_000  # states explored in one draw: a tenth of the default bound, so a draw near it is seen
BUDGET = 5_000  # states explored over all draws of a scaffold: no further draw once it is spent
PATIENCE = 2  # no further draw after this many in a row that were not larger than the largest so far


@dataclass(frozen=True)
class Draw:
    """One explored world: its seed and params, and its reachable states (a lower bound when the
    exploration stopped at the cap: ``complete`` False)."""

    seed: int
    params: dict[str, int | bool | str]
    states: int
    complete: bool
    fault: str | None = None  # the first rule error met exploring it, and how many steps from the start
    uneditable: str | None = None  # a writable file no in-place edit can save (compiler/editable.py)


@dataclass(frozen=True)
class Explored:
    draws: tuple[Draw, ...]  # distinct worlds only: a draw that builds a world seen before is skipped
    cap: int  # the states one draw could reach before its exploration stopped

    @property
    def largest(self) -> Draw:
        return max(self.draws, key=lambda d: (d.states, not d.complete))


def explore_draws(ir: Scaffold, combos: Sequence[dict[str, Any]], bounds: Bounds) -> Explored | str:
    """Explore worlds of seeds 0, 1, ... (params cycling through ``combos``) until DRAWS seeds are
    tried, BUDGET states are spent or PATIENCE draws in a row found no larger world. A str: why no
    world could be explored."""
    try:
        record = content_record(ir)
    except WorldgenError as err:
        return f"no content record: {err}"
    cap = min(bounds.max_states, CAP)
    within = Bounds(max_states=cap, max_depth=bounds.max_depth)
    draws: list[Draw] = []
    seen: set[str] = set()
    spent, stale, why = 0, 0, "no world could be built"
    for seed in range(DRAWS):
        if spent >= BUDGET or stale >= PATIENCE:
            break
        params = combos[seed % len(combos)]
        world = build_draw(ir, record, seed, params)
        if isinstance(world, str):
            why = world
            continue
        key = _identity(world)
        if key in seen:
            continue
        seen.add(key)
        try:
            rules, initial = load_rules(world)
        except (RuleError, InstantiationError) as err:
            why = f"seed {seed}: the world's rules cannot be built: {err}"
            continue
        graph = explore(rules, initial, within)
        n = len(graph.keys)
        stale = stale + 1 if draws and n <= max(d.states for d in draws) else 0
        fault = (f"{graph.depth[graph.faults[0].state]} steps from the start: {graph.faults[0].message}"
                 if graph.fault_count else None)
        draws.append(Draw(seed, dict(world.params), n, graph.hit != "max_states", fault, uneditable(rules, graph)))
        spent += n
    return Explored(tuple(draws), cap) if draws else why


def content_record(ir: Scaffold) -> dict[str, Any]:
    """The content every draw uses: none needed, or the procedural provider's first record (the
    state space rarely depends on the words, and this keeps `check` offline)."""
    if not ir.content:
        return {}
    from worldgen.content.generate import procedural_record  # the content machinery only when needed

    return procedural_record(ir)


def build_draw(ir: Scaffold, record: dict[str, Any], seed: int, params: dict[str, Any]) -> World | str:
    """The world of ``seed``, re-drawn like `compile` when it breaks a `require`; a str: why not."""
    why = ""
    for attempt in range(ATTEMPTS):
        try:
            return instantiate(ir, record, seed, params=params, attempt=attempt)
        except RequirementError as err:
            why = _failed(seed, err)
        except InstantiationError as err:  # another attempt builds the same
            return _failed(seed, err)
    return why


def _failed(seed: int, err: InstantiationError) -> str:
    """A failed build in a few words: the check it failed, where that has a name of its own."""
    return f"seed {seed}: {err}" if err.check == InstantiationError.check else f"seed {seed} failed `{err.check}`"


def _identity(world: World) -> str:
    """What makes two draws the same world apart from their seed (a scaffold without randomness
    builds one world whatever the seed: it is explored once)."""
    return canonical_json(world.model_dump(mode="json", exclude={"seed", "attempt", "scaffold", "provenance"}))
