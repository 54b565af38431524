"""Where a glob pattern matches inside a text: the leftmost place, and the longest match there
(what ``${NAME/PATTERN/STRING}`` replaces), in time about linear in the text however many stars.

A pattern is fixed-width pieces joined by stars: ``P0*P1*...*Pk``. A match starting at ``s``
needs ``P0`` there and the other pieces in order after it; whether they fit depends only on where
they may start, and the latest such place is found once, from the right (each piece at its last
occurrence before the next). The leftmost match is then the first ``P0`` that ends by that place;
its longest end puts the middle pieces as early as they go and ``Pk`` at its last occurrence. A
backtracking regex (``.*0.*0.*1``) takes the same answer in time polynomial in the text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from worldgen.shell.budget import charge
from worldgen.shell.glob_syntax import glob_runs


@dataclass(frozen=True)
class Glob:
    """The pattern's pieces (fixed-width regexes), each also reversed, to search from the right
    in the reversed text."""

    pieces: tuple[re.Pattern[str], ...]
    reversed: tuple[re.Pattern[str], ...]
    widths: tuple[int, ...]

    def find(self, text: str, pos: int, start: bool = False, end: bool = False,
             tail: tuple[str, int] | None = None) -> tuple[int, int] | None:
        """(start, end) of the leftmost-longest match at or after ``pos``; ``start``/``end``:
        anchored at ``pos`` / at the text's end. ``tail``: ``self.tail(text, end)``, made once
        for the many calls of one ``//``. Charged for the text it moves over."""
        found = self._find(text, pos, start, end, tail)
        charge((len(text) if found is None else found[1]) - pos + 1)
        return found

    def _find(self, text: str, pos: int, start: bool, end: bool, tail: tuple[str, int] | None) -> tuple[int, int] | None:
        pieces, widths, n = self.pieces, self.widths, len(text)
        if len(pieces) == 1:  # no star: one fixed-width piece
            if end:
                at = n - widths[0]
                m = pieces[0].match(text, at) if at >= pos and (not start or at == pos) else None
            else:
                m = pieces[0].match(text, pos) if start else pieces[0].search(text, pos)
            return None if m is None else (m.start(), m.end())
        backward, latest = tail or self.tail(text, end)
        first = pieces[0].match(text, pos) if start else pieces[0].search(text, pos)
        if latest < 0 or first is None or first.end() > latest:
            return None
        if end or widths[-1] == 0:  # the last star, or the end, takes the rest
            return first.start(), n
        return first.start(), n - self.reversed[-1].search(backward).start()  # type: ignore[union-attr]

    def tail(self, text: str, end: bool) -> tuple[str, int]:
        """(the reversed text, the latest place the first piece may end for the others to fit
        after it, each at its last occurrence before the next; -1: they fit nowhere)."""
        charge(len(text))
        backward, n = text[::-1], len(text)
        bound = n  # the pieces placed so far start at or after it
        for k in range(len(self.pieces) - 1, 0, -1):
            width = self.widths[k]
            if k == len(self.pieces) - 1 and end:
                if width and self.pieces[k].fullmatch(text, n - width) is None:
                    return backward, -1
                bound = n - width
                continue
            m = self.reversed[k].search(backward, n - bound)
            if m is None:
                return backward, -1
            bound = n - m.end()
        return backward, bound


@lru_cache(maxsize=256)
def compile_glob(pattern: str) -> Glob:
    """The pattern's pieces: characters (escaped ones literal), ``?``, ``[...]`` classes."""
    pieces = glob_runs(pattern)[0]
    return Glob(tuple(re.compile("".join(p), re.DOTALL) for p in pieces),
                tuple(re.compile("".join(reversed(p)), re.DOTALL) for p in pieces),
                tuple(len(p) for p in pieces))
