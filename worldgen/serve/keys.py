"""Duplicate keys in a request line: JSON parsers disagree on them (the last wins here, the first
in others), so a line with a key twice means different requests to different readers; it is refused.

The request parser keeps only the last value, so the check runs after validation, and cheaply: a key
can repeat only if its quoted name appears twice in the line, or if the line spells a name with
``\\u`` escapes; only then is the line parsed again to be sure.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any


def repeated_key(line: bytes | str, keys: Iterable[str]) -> str | None:
    """A key of the line's object that appears more than once (``keys``: those it was read with)."""
    text = line if isinstance(line, str) else line.decode("utf-8", "replace")
    if "\\u" not in text and all(text.count(f'"{key}"') < 2 for key in keys):
        return None
    found: list[str] = []
    json.loads(text, object_pairs_hook=lambda pairs: _note_repeats(pairs, found))
    return found[0] if found else None


def _note_repeats(pairs: list[tuple[str, Any]], found: list[str]) -> dict[str, Any]:
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            found.append(key)
        seen.add(key)
    return dict(pairs)
