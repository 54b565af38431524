"""The build-time draw of a built world's start state, again, from other random streams.

A world keeps the params, axes, content and entity names it was built with; what its generators
drew (a shuffle, a placement) is one of many starts they could have drawn. Re-running that draw
from streams no build uses says what else the generator could have dealt this world, which is
what an agent that knows the rules but not the draw must allow for (verify/draw_candidates.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from worldgen.codegen.exprs import WorldTables
from worldgen.compiler.instantiate import draw_start, entity_size, runtime_params, static_compiler
from worldgen.errors import InstantiationError
from worldgen.ir.axes import apply_axes
from worldgen.ir.values import encode
from worldgen.ir.world import World
from worldgen.seeding import purpose_key

STREAM = purpose_key("start-draw")  # no build draws from it: a build's streams are keyed by "init:..."


class StartDraws:
    """Draws ``world``'s start state again and again, from one stream keyed by the world's seed
    (seeding a stream per draw would cost more than the draw)."""

    def __init__(self, world: World):
        ir = world.scaffold
        self.world = world
        self.rules = apply_axes(ir, world.axes)
        grids: dict[str, tuple[int, int]] = {}
        tables = WorldTables(runtime_params(ir, world.params), world.entities,
                             {e.name: e.members for e in ir.enums}, world.content, grids)
        self.compiler = static_compiler(self.rules, tables)
        for ent in ir.entities:  # grid sizes, as the build computed them
            grid = entity_size(ent, self.compiler)[1]
            if grid is not None:
                grids[ent.name] = grid
        self.types = {v.name: v.type for v in self.rules.state}
        self.stream = np.random.default_rng(np.random.SeedSequence([world.seed, STREAM]))

    def draw(self, names: tuple[str, ...]) -> tuple[Any, ...] | None:
        """The next draw's start values (runtime form, hashable) of state variables ``names``
        (None: the draw breaks a `require` or builds no world, as a build would re-draw it)."""
        try:
            values = draw_start(self.rules, self.compiler, self.world.entities, lambda name: self.stream)
        except InstantiationError:  # RequirementError included
            return None
        return tuple(values[n] for n in names)

    def encoded(self, names: tuple[str, ...], values: tuple[Any, ...]) -> dict[str, Any]:
        """``draw``'s values in the JSON form of ``World.initial_state``."""
        return {n: encode(self.types[n], v) for n, v in zip(names, values)}
