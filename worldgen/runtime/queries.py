"""The read-only queries an episode answers the same way whether its rules run (``Env``) or its
tables are read (``TableEnv``): written once here so the two cannot drift apart."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from worldgen.codegen.program import Rules
from worldgen.ir.values import encode
from worldgen.ir.world import World
from worldgen.runtime.menu import Menu


class EpisodeQueries:
    """``admissible``, ``commands``, ``steps`` and ``state()`` of an episode that keeps its world,
    rules and step count (``_t``) and says what may be done now and what its state's values are."""

    world: World
    rules: Rules
    _t: int

    def _admissible(self) -> Menu:
        """The commands admissible now (none once it terminated; a truncated episode's state keeps its list), read-only (menu.py)."""
        raise NotImplementedError

    def _state_values(self) -> Sequence[Any]:
        """The current values of the dynamic state variables, in ``Rules.dynamic`` order."""
        raise NotImplementedError

    @property
    def admissible(self) -> Menu:
        return self._admissible()

    @property
    def commands(self) -> list[str]:
        """Every command this world understands (its canonical phrasings), valid now or not."""
        return [b.command for b in self.rules.bindings]

    @property
    def steps(self) -> int:
        return self._t

    def state(self) -> dict[str, Any]:
        """The current state, JSON-encoded (for debugging and `worldgen play`'s :state)."""
        return encoded_state(self.world, self.rules.dynamic, self._state_values())


def encoded_state(world: World, dynamic: Sequence[str], values: Sequence[Any]) -> dict[str, Any]:
    """A state of ``world`` as JSON values: its start state with the ``dynamic`` variables (the
    ones the rules change, in ``Rules.dynamic`` order) set to ``values``."""
    types = {v.name: v.type for v in world.scaffold.state}
    current = dict(world.initial_state)
    for name, value in zip(dynamic, values):
        current[name] = encode(types[name], value)
    return current
