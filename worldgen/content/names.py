"""What players type: the command words of a scaffold and the content paths that name entities.

Both are needed by the rules (a name may not be a command word) and by the procedural provider
(which must never draw one), so they are derived here once, from the IR alone.
"""

from __future__ import annotations

import re
from typing import Any

from worldgen.ir.models import Action, Scaffold, Slot
from worldgen.ir.patterns import parts, tokens

_PIECE = re.compile(r"[a-z0-9]+")


def command_words(scaffold: Scaffold) -> frozenset[str]:
    """Every literal word of every command phrasing, including those added by axis alternatives.

    A literal token counts whole ("deploy.sh") and by its alphanumeric pieces ("deploy", "sh");
    the literal text of a token holding arguments counts by its pieces only, so the pattern
    "cat /var/log/{s}.log" contributes "cat", "var" and "log". A name equal to one of them could
    make a typed command mean two things, or read like one."""
    patterns: list[str] = []

    def add_actions(actions: tuple[Action, ...]) -> None:
        for action in actions:
            patterns.extend(action.patterns)

    add_actions(scaffold.actions)
    for axis in scaffold.axes:
        for alt in axis.alternatives:
            add_actions(alt.actions)
            for _, phrasings in (*alt.renames, *alt.also):
                patterns.extend(phrasings)
    words: set[str] = set()
    for pattern in patterns:
        for tok in tokens(pattern):
            if tok[0] == "word":
                words.add(tok[1])
            for kind, text in parts(tok):
                if kind == "word":
                    words.update(_PIECE.findall(text))
    return frozenset(words)


def entity_name_paths(scaffold: Scaffold) -> dict[tuple[str, ...], str]:
    """Content path -> name of the entity whose names it holds."""
    return {tuple(e.names_from): e.name for e in scaffold.entities if e.names_from}


def slot_at(slots: tuple[Slot, ...], path: tuple[str, ...]) -> Slot | None:
    """The slot a content path ends on, looking through lists to their items."""
    current: Slot | None = None
    fields = slots
    for part in path:
        current = next((s for s in fields if s.name == part), None)
        if current is None:
            return None
        while current.kind == "list" and current.item is not None:
            current = current.item
        fields = current.fields
    return current


def values_at(record: Any, path: tuple[str, ...]) -> list[tuple[str, Any]]:
    """(JSON pointer, value) for every value a content path reaches, fanning out over lists."""
    found: list[tuple[str, Any]] = []
    _collect(record, path, "", found)
    return found


def _collect(value: Any, path: tuple[str, ...], pointer: str, found: list[tuple[str, Any]]) -> None:
    if isinstance(value, list):
        for i, item in enumerate(value):
            _collect(item, path, f"{pointer}/{i}", found)
    elif not path:
        found.append((pointer, value))
    elif isinstance(value, dict) and path[0] in value:
        _collect(value[path[0]], path[1:], f"{pointer}/{escape_pointer(path[0])}", found)


def escape_pointer(token: str) -> str:
    """Escape one JSON pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")
