"""A state function that loops but reads few of the state's slots, computed once per value of them.

The model checker calls ``signals(s)`` and ``invariant(s)`` once per explored state, and their
conditions often read one variable of several: Sokoban's `fail when any(c: cell, stuck(c))` scans
every cell of the board but reads only where the crates are, which changes on one move in ten, so
exploring evaluated the same scan again for every place the player can stand (a third of its
time). Such a function is compiled as a cache keyed by the slots it reads
(``_by_signals = _memo(lambda p_1: ...)``, called as ``_by_signals(s[1])``) when its source reads
the state only through ``s[i]``, not every slot, and loops (a call into the cache costs as much as
a few comparisons, so a function without a loop stays as it is). A slot's value is hashable in
every state the rules make (the explorer keys states by them); a state whose slot is not (a list
from JSON) runs the plain function instead. A rule error is not cached (``_memo`` keeps values
only), so it is raised again wherever it was.
"""

from __future__ import annotations

import re

from worldgen.codegen.memo import names_state

_SLOT = re.compile(r"\bs\[(\d+)\]")  # a read of one slot of the state, in generated source
_LOOP = re.compile(r"\bfor\b")


def projected(name: str, body: str, width: int) -> list[str] | None:
    """Module-level lines defining ``def {name}(s): return {body}`` as a cache keyed by the slots
    ``body`` reads, or None when it should stay plain: it passes the whole state on, reads every
    one of the ``width`` slots or none, or does not loop."""
    slots = sorted({int(i) for i in _SLOT.findall(body)})
    if not slots or len(slots) >= width or names_state(_SLOT.sub("", body)) or not _LOOP.search(body):
        return None
    keyed = _SLOT.sub(lambda m: f"p_{m.group(1)}", body)
    return [f"_by_{name} = _memo(lambda {', '.join(f'p_{i}' for i in slots)}: {keyed})",
            f"def _plain_{name}(s): return {body}",
            f"def {name}(s):",
            "    try:",
            f"        return _by_{name}({', '.join(f's[{i}]' for i in slots)})",
            "    except TypeError:  # a slot holding a list has no cache key",
            f"        return _plain_{name}(s)"]
