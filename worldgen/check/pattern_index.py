"""Which earlier command patterns a new one must be compared with, without comparing all pairs.

Two patterns can only match one command when they are of one class, have as many tokens, and meet
token by token. A literal word (``press``, ``17``) only meets the same word or a token that is not
a plain word (an argument, or mixed text such as ``{n}s``). So for each position the index keeps
the patterns by their word there, and a new pattern is compared only with the patterns that have
its word, or no plain word, at the position where that set is smallest. Checking N actions that
differ in any one word (``press 1 {k}``, ``press 2 {k}``, ...) is then linear in N (10,000 actions
once cost 50 million comparisons). Candidates come back in the order they were added, so
diagnostics come out as they did when every pair was compared.
"""

from __future__ import annotations

import heapq
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from worldgen.ir.patterns import Token

Entry = TypeVar("Entry")
Numbered = list[tuple[int, Entry]]  # (order added, entry), in that order


@dataclass
class _Shelf(Generic[Entry]):
    """The patterns of one class and length: all of them, and by position, by word there."""

    everything: Numbered = field(default_factory=list)
    words: list[dict[str, Numbered]] = field(default_factory=list)  # [position][word]
    others: list[Numbered] = field(default_factory=list)  # [position]: no plain word there


class PatternIndex(Generic[Entry]):
    """Patterns as in the module docstring: ``add`` each, ask ``candidates`` before adding."""

    def __init__(self) -> None:
        self._count = 0
        self._shelves: dict[tuple[int, int], _Shelf[Entry]] = defaultdict(_Shelf)

    def add(self, cls: int, toks: tuple[Token, ...], entry: Entry) -> None:
        shelf = self._shelves[cls, len(toks)]
        if not shelf.words:
            shelf.words = [{} for _ in toks]
            shelf.others = [[] for _ in toks]
        item = (self._count, entry)
        self._count += 1
        shelf.everything.append(item)
        for i, (kind, text) in enumerate(toks):
            if kind == "word":
                shelf.words[i].setdefault(text, []).append(item)
            else:
                shelf.others[i].append(item)

    def candidates(self, cls: int, toks: tuple[Token, ...]) -> Iterator[Entry]:
        """The entries that may meet a pattern of class ``cls`` with tokens ``toks``, oldest first."""
        shelf = self._shelves.get((cls, len(toks)))
        if shelf is None:
            return
        choices = [(shelf.words[i].get(text, []), shelf.others[i])
                   for i, (kind, text) in enumerate(toks) if kind == "word"]
        if not choices:
            yield from (entry for _, entry in shelf.everything)
            return
        same, other = min(choices, key=lambda pair: len(pair[0]) + len(pair[1]))
        for _, entry in heapq.merge(same, other, key=lambda item: item[0]):
            yield entry
