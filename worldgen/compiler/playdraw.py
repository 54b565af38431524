"""The world `worldgen play SCAFFOLD --seed N` plays: a draw a `require` refuses is drawn again,
as `compile` would draw it again, so a scaffold just written plays at once.

`compile` re-draws a seed whose world breaks a `require` (new build-time randomness, the same
params and axes) up to its default 5 draws, where a re-draw can change the outcome
(``Redraws.worth_another``). `play` follows the same rule, so it plays the world `compile` would
accept for that seed, and says on stderr which draws were refused and which one it plays.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from worldgen.compiler.instantiate import instantiate
from worldgen.compiler.redraw import Redraws
from worldgen.errors import InstantiationError, RequirementError
from worldgen.ir.models import Scaffold
from worldgen.ir.world import World

ATTEMPTS = 5  # compile's default --attempts


def playable(ir: Scaffold, content: dict[str, Any], seed: int, axes: dict[str, str] | None,
             params: dict[str, Any] | None, say: Callable[[str], None]) -> World:
    """The first draw of ``seed`` no `require` refuses, telling ``say`` of each refused draw."""
    redraws = Redraws.of(ir, redraw_params=False)
    attempt = 0
    while True:
        try:
            world = instantiate(ir, content, seed, axes=axes, params=params, attempt=attempt)
        except RequirementError as err:
            if attempt + 1 == ATTEMPTS or not redraws.worth_another([err.check]):
                raise InstantiationError(f"{err} (seed {seed}, draw {attempt + 1}); {_remedy(redraws, err.check)}") from None
            say(f"seed {seed} draw {attempt + 1}: {err}; drawing again, as compile does")
            attempt += 1
            continue
        if attempt:
            say(f"playing draw {attempt + 1} of seed {seed}")
        return world


def _remedy(redraws: Redraws, check: str) -> str:
    if check in redraws.param_requires:
        return "it reads only params, so no re-draw of them passes: pick others with --param NAME=VALUE or try another --seed"
    if not redraws.generators:
        return "the scaffold draws nothing at build time, so every re-draw is the same world: try another --seed"
    return f"{ATTEMPTS} draws failed it, as compile would reject this seed: try another --seed"
