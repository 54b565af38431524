"""Which kind (word bank, grammar) the offline provider chose for each slot, in one line.

The choice is read from the slot's name and description (``worldgen.content.slotkinds``); when it
goes wrong ("a snack sold in a vending machine" filled with host names) the author should see it
at once, not in the worlds, so `worldgen content --provider procedural` and `worldgen play`
(when it makes a procedural record) say it on stderr.
"""

from __future__ import annotations

from worldgen.content.providers.procedural import ProceduralProvider
from worldgen.content.validate import Validator
from worldgen.ir.models import Scaffold


def slot_kinds(scaffold: Scaffold) -> dict[str, str]:
    """``room.name`` -> ``place``: the kind of every word and text slot, in slot order."""
    provider = ProceduralProvider(scaffold, Validator(scaffold), 0)
    return {".".join(path): kind for path, kind in provider.kinds.items()}


def kinds_line(scaffold: Scaffold) -> str | None:
    """``slot kinds: room.name place, key.name thing`` (None for a scaffold without such slots)."""
    kinds = slot_kinds(scaffold)
    if not kinds:
        return None
    return "procedural slot kinds (from each slot's name and description): " + ", ".join(
        f"{path} {kind}" for path, kind in kinds.items())
