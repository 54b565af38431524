"""Can two command-pattern tokens match one typed word? Exactly, by intersecting two small automata.

A token such as ``'{n}s/x/y/'`` or ``/var/log/{f}.log`` is a sequence of pieces: its literal
characters, and for each argument the shape of the words its values are typed as (an int: an
optional sign, then digits). A piece is one or more alternative sequences of items, and an item is
a class of characters that occurs once, at most once, at least once or any number of times. Each
token is read by a nondeterministic automaton; two tokens can match one word exactly when both
automata can read some word to the end together, which a search over pairs of their states
decides. Tokens are a few dozen characters, so the search is tiny.

Comparing only literal prefixes and suffixes would call ``'{n}s/x/y/'`` and ``'s/x{n}/y/'``
ambiguous; here the first needs a digit where the second has ``s``, so they never meet.
"""

from __future__ import annotations

from collections.abc import Sequence

Chars = frozenset[str] | None  # None: any character but a blank
Item = tuple[Chars, bool, bool]  # (characters, needed: at least one?, repeats: may more follow?)
Piece = tuple[tuple[Item, ...], ...]  # alternative sequences of items

Moves = list[list[tuple[Chars, int]]]  # per state: (characters, next state)


def literal(text: str) -> Piece:
    """Literal text: each character once."""
    return (tuple((frozenset(c), True, False) for c in text),)


class _Automaton:
    """A token's automaton: ``moves`` read one character, ``free`` moves read none."""

    def __init__(self, pieces: Sequence[Piece]):
        self.moves: Moves = [[]]
        self.free: list[list[int]] = [[]]
        at = 0
        for piece in pieces:
            ends = [self._chain(at, alternative) for alternative in piece]
            at = self._state()
            for end in ends:
                self.free[end].append(at)
        self.accept = at

    def _state(self) -> int:
        self.moves.append([])
        self.free.append([])
        return len(self.moves) - 1

    def _chain(self, at: int, items: tuple[Item, ...]) -> int:
        for cs, needed, repeats in items:
            nxt = self._state()
            self.moves[at].append((cs, nxt))
            if repeats:
                self.moves[nxt].append((cs, nxt))
            if not needed:
                self.free[at].append(nxt)
            at = nxt
        return at


def _share(a: Chars, b: Chars) -> bool:
    return a is None or b is None or not a.isdisjoint(b)


def meet(a: Sequence[Piece], b: Sequence[Piece]) -> bool:
    """Is there a word both tokens (each a sequence of pieces) match in full? A search over
    pairs of states: a free move of either automaton, or one character both can read."""
    x, y = _Automaton(a), _Automaton(b)
    seen, todo = {(0, 0)}, [(0, 0)]
    while todo:
        p, q = todo.pop()
        if p == x.accept and q == y.accept:
            return True
        nexts = [(p2, q) for p2 in x.free[p]] + [(p, q2) for q2 in y.free[q]]
        nexts += [(p2, q2) for cp, p2 in x.moves[p] for cq, q2 in y.moves[q] if _share(cp, cq)]
        for pair in nexts:
            if pair not in seen:
                seen.add(pair)
                todo.append(pair)
    return False
