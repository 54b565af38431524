"""``def``s that read no state, computed once per argument in a world instead of once per call.

``def around(c: cell) = filter(n: cell, ...)`` reads its argument and the world's constants only,
so it has one value per cell in every state, yet the model checker calls it for every cell of
every explored state (a 4x3 Minesweeper with flags: 670,000 calls, three quarters of its
verification). Such a def is compiled as ``D_name = _memo(lambda l_c: ...)``, a C-level cache
keyed by its arguments and called without the state. The cache belongs to one world (each world
runs the generated module in a namespace of its own, with its own constants). Only defs whose
parameters are entities, enums, bools or bounded ints are memoised (a list or text parameter could
take a new value in every state), and a cache keeps at most ``MEMO_ARGUMENTS`` arguments, the
least recently used dropped (a wide int range costs no more memory than that; a bounded cache
costs no more time than an unbounded one on the scaffolds measured). A rule error is not cached:
it is raised again at every call, as before.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

from worldgen.ir.models import Function, Type

_STATE = re.compile(r"\bs\b")  # the state, named in generated source (a slot `s[3]`, a call passing it)

MEMO_ARGUMENTS = 1 << 16
MEMO_HELPERS = {"_memo": functools.lru_cache(maxsize=MEMO_ARGUMENTS)}


def names_state(source: str) -> bool:
    """Does this generated source read the state? (Variables no action changes are constants
    ``S_name``, strings are namespace names: only a real read of the state is ``s``.)"""
    return _STATE.search(source) is not None


def _finite(t: Type) -> bool:
    return t.kind in ("entity", "enum", "bool") or (t.kind == "int" and t.lo is not None and t.hi is not None)


def memoised(functions: Sequence[Function], source: Callable[[Function, frozenset[str]], str]) -> dict[str, str]:
    """The defs to memoise, each with its body's source: finite parameters, and a body whose
    ``source`` (compiled as if the defs given were memoised, so their calls pass no state) reads
    no state. Dropping a def can make its callers read the state (they now pass it), hence the
    loop to a fixpoint; the sources returned are those compiled against the final set."""
    chosen = frozenset(f.name for f in functions if all(_finite(p.type) for p in f.params))
    while True:
        bodies = {f.name: source(f, chosen) for f in functions if f.name in chosen}
        kept = {name: body for name, body in bodies.items() if not names_state(body)}
        if len(kept) == len(chosen):
            return kept
        chosen = frozenset(kept)
