"""Completion: the language's keywords and the names visible where the cursor is."""

from __future__ import annotations

import re
from dataclasses import dataclass

from worldgen.lsp.symbols import Index
from worldgen.syntax.parser import keywords

_WORD_BEFORE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


@dataclass(frozen=True)
class Candidate:
    label: str
    kind: str  # "keyword", a global symbol kind, or "local"
    detail: str


def prefix_at(text: str, offset: int) -> str:
    """The part of a name typed just before ``offset``."""
    match = _WORD_BEFORE.search(text, 0, offset)
    return match.group(0) if match else ""


def candidates(index: Index | None, text: str, offset: int) -> list[Candidate]:
    """What may be typed at ``offset``: names in scope first (innermost wins), then keywords,
    each starting with the word already typed there. ``index`` may describe an earlier version
    of the text (the last that parsed); its names are then offered by name alone."""
    prefix = prefix_at(text, offset)
    found: dict[str, Candidate] = {}
    if index is not None:
        for symbol in reversed(index.visible(offset)):
            if symbol.name.startswith(prefix) and symbol.name not in found:
                found[symbol.name] = Candidate(symbol.name, symbol.kind, symbol.signature)
    for word in sorted(keywords()):
        if word.startswith(prefix) and word not in found:
            found[word] = Candidate(word, "keyword", "keyword")
    return list(found.values())
