"""Candidates for hidden state declared `from draws`: what the world's generator could have dealt.

Every value of a hidden placement's type is far more than an agent must allow for: a memory game
of four pairs has 4^8 = 65,536 maps from cards to pictures, of which the shuffle deals 2,520. An
agent that knows the rules knows the generator, so `hidden face from draws` makes the candidates
the distinct values the build-time draw gives, found by re-running it from many random streams
(compiler/start_draw.py) with the world's own params, axes and content. The world's own values
are always among them.

The draws are a sample, so the search stops when it looks complete: once at least MIN_DRAWS draws
are made and the last PATIENCE x (values found) draws brought nothing new. A layout drawn far more
rarely than that can be missed. Past the candidates' bound (4,096 values) or MAX_DRAWS draws the
answer is "unknown (bound)", never a silent guess.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from worldgen.compiler.start_draw import StartDraws
from worldgen.ir.values import decode
from worldgen.ir.world import World

MIN_DRAWS = 200
PATIENCE = 10  # draws in a row that bring nothing new, per value found, before the search stops
MAX_DRAWS = 100_000


class TooManyDraws(Exception):
    """The generator draws more distinct values than the bound, or keeps drawing new ones."""


@dataclass(frozen=True)
class Drawn:
    values: list[dict[str, Any]]  # each distinct valuation of the names, JSON-encoded, sorted
    draws: int  # start draws made


def drawn_values(world: World, names: tuple[str, ...], limit: int, max_draws: int = MAX_DRAWS) -> Drawn:
    """The distinct start values of state variables ``names`` the world's generator draws (the
    world's own among them). Raises TooManyDraws past ``limit`` values or ``max_draws`` draws."""
    start = StartDraws(world)
    found = {tuple(decode(start.types[n], world.initial_state[n]) for n in names)}
    draws = last_new = 0
    while draws < MIN_DRAWS or draws - last_new < PATIENCE * len(found):
        if draws >= max_draws:
            raise TooManyDraws(f"after {max_draws:_} draws the generator still drew new values of {', '.join(names)} "
                               f"({len(found)} so far)")
        values = start.draw(names)
        draws += 1
        if values is not None and values not in found:
            found.add(values)
            last_new = draws
            if len(found) > limit:
                raise TooManyDraws(f"the generator drew more than {limit} distinct values of {', '.join(names)} "
                                   f"(in {draws:_} draws)")
    return Drawn([start.encoded(names, v) for v in sorted(found)], draws)
