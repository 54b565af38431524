"""The model-checking bounds of a scaffold's worlds.

One rule for every command that checks worlds: a bound given on the command line wins, else the
scaffold's own ``check within N states``, else the default (``Bounds().max_states``).
"""

from __future__ import annotations

from worldgen.ir.limits import MAX_STATES_LIMIT
from worldgen.ir.models import Scaffold
from worldgen.verify import Bounds


def scaffold_bounds(ir: Scaffold, max_states: int | None = None, max_depth: int | None = None) -> Bounds:
    """``max_states``/``max_depth``: the command line's values (None: not given)."""
    if max_states is None:
        max_states = ir.max_states if ir.max_states is not None else Bounds().max_states
    return Bounds(max_states=max_states, max_depth=max_depth)


def recheck_bounds(ir: Scaffold, max_states: int | None = None, max_depth: int | None = None) -> Bounds:
    """The bounds `verify` re-checks a world within: its command line's, else the scaffold's, never
    the bounds an artifact says it was checked within (a forged artifact could ask for forever).
    The IR came from a file too, so its `check within` is held to what the checker allows."""
    if max_states is None and ir.max_states is not None:
        max_states = max(1, min(ir.max_states, MAX_STATES_LIMIT))
    return scaffold_bounds(ir, max_states, max_depth)
