"""The model-checking bounds of a scaffold's worlds.

One rule for every command that checks worlds: a bound given on the command line wins, else the
scaffold's own ``check within N states``, else the default (``Bounds().max_states``); `verify` never
lets a bound read from an artifact raise its default (``recheck_bounds``).
"""

from __future__ import annotations

from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold
from worldgen.verify import Bounds


def scaffold_bounds(ir: Scaffold, max_states: int | None = None, max_depth: int | None = None) -> Bounds:
    """``max_states``/``max_depth``: the command line's values (None: not given)."""
    if max_states is None:
        max_states = ir.max_states if ir.max_states is not None else Bounds().max_states
    return Bounds(max_states=max_states, max_depth=max_depth)


def recheck_bounds(ir: Scaffold, max_states: int | None = None, max_depth: int | None = None) -> Bounds:
    """The bounds `verify` re-checks a world within: its command line's, else the scaffold's, never
    the bounds an artifact says it was checked within. The IR came from the artifact too, so its
    `check within` may lower verify's default but never raise it: a forged artifact could ask for
    forever. Above the default only the user's own --max-states explores further."""
    default = Bounds().max_states
    if max_states is None and ir.max_states is not None and ir.max_states > default:
        raise WorldgenError(f"the scaffold declares check within {ir.max_states:,} states; verify explores at most "
                            f"{default:,} unless you pass --max-states {ir.max_states}")
    if max_states is None and ir.max_states is not None:
        max_states = max(1, ir.max_states)  # a forged bound below 1 explores the start state only
    return scaffold_bounds(ir, max_states, max_depth)
