"""Splitting a belief by shifting a look-alike's split: how counters stop multiplying the work.

A turn counter the agent sees has one value in all the states of a belief, so the belief search
meets the same hidden part again and again under other counter values ("7 candidates left, turn
2", "... turn 3", ...), and splitting each by every command costs (commands x states) each time.
Where the counter changes nothing but itself and the text (the same text for every state), the
split at turn 3 is the split at turn 2 with the counter moved on and the texts renamed.

That is checked, not assumed, state by state: for each state of the hidden part, both versions
(the look-alike's shared values, and this belief's) must admit the same commands and give, for
each command, outcomes alike in probability and in how the episode ends, next states that differ
only at shared positions and there by one table per pair of shared parts ((position, value) ->
value), and texts that one table per command maps one-to-one. Tables are kept per pair of shared
parts, so each state is checked once, not once per belief; a state that fails leaves its belief
to the direct split. The result is the direct split exactly: the same texts, the same children,
in the same order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from worldgen.verify.beliefs import BeliefModel, seen_key
from worldgen.verify.factored import VARIES, Belief, compose

Split = tuple[str, dict[str, Belief | int]]  # a command, and per thing the agent may read, the belief it leaves


@dataclass
class _Pair:
    """What is known of one pair of shared parts (the look-alike's, this belief's)."""

    source: tuple[Any, ...]
    target: tuple[Any, ...]
    values: dict[tuple[int, Any], Any] = field(default_factory=dict)  # (shared position, value) -> shifted value
    moved: set[int] = field(default_factory=set)  # positions some value of which the table changes
    texts: dict[str, dict[str, str]] = field(default_factory=dict)  # per command: what is read -> shifted
    back: dict[str, dict[str, str]] = field(default_factory=dict)  # the inverses, to keep the maps one-to-one
    checked: dict[int, dict[tuple[int, tuple[Any, ...]], bool]] = field(default_factory=dict)  # per command list, per state
    # (a look-alike's child, by id, how many positions had moved then) -> that child moved (None: it cannot be)
    shifted: dict[tuple[int, int], Belief | None] = field(default_factory=dict)
    broken: bool = False  # a table would need two values for one key: no belief of this pair is shifted


class Shifts:
    """Splits of beliefs searched so far, by hidden part, to shift into look-alikes' splits."""

    def __init__(self, model: BeliefModel):
        self.model = model
        self._splits: dict[tuple[tuple[int, ...], Any], tuple[Belief, list[Split], int]] = {}
        self._command_lists: dict[tuple[str, ...], int] = {}
        self._pairs: dict[tuple[tuple[Any, ...], tuple[Any, ...]], _Pair] = {}

    def remember(self, belief: Belief, splits: list[Split]) -> None:
        """Keep a directly computed split, the first one per hidden part, to shift later."""
        key = (_varying(belief), belief.hidden)
        if key not in self._splits:
            commands = tuple(c for c, _ in splits)
            self._splits[key] = (belief, splits, self._command_lists.setdefault(commands, len(self._command_lists)))

    def derive(self, belief: Belief) -> list[Split] | None:
        """``belief``'s split by every command it admits somewhere, shifted from a look-alike's
        (None: there is none, or a state of it does not shift)."""
        hit = self._splits.get((_varying(belief), belief.hidden))
        if hit is None:
            return None
        source, splits, command_list = hit
        pair = self._pairs.get((source.shared, belief.shared))
        if pair is None:
            pair = self._pairs[(source.shared, belief.shared)] = _Pair(source.shared, belief.shared)
        commands = [c for c, _ in splits]
        checked = pair.checked.setdefault(command_list, {})
        for h in belief.hidden:
            ok = checked.get(h)
            if ok is None:
                ok = checked[h] = self._check(pair, h, commands)
            if not ok or pair.broken:
                return None
        out: list[Split] = []
        for command, parts in splits:
            texts = pair.texts.get(command, {})
            shifted: dict[str, Belief | int] = {}
            for key, part in parts.items():
                child = part if isinstance(part, int) else _shift(pair, part)
                if child is None:
                    return None
                shifted[texts[key]] = child
            out.append((command, shifted))
        return out

    def _check(self, pair: _Pair, h: tuple[int, tuple[Any, ...]], commands: list[str]) -> bool:
        """Does state ``h`` under ``pair.target`` step as under ``pair.source``, up to the tables?"""
        ci, values = h
        a, b = (ci, compose(pair.source, values)), (ci, compose(pair.target, values))
        if self.model.admissible(a) != self.model.admissible(b):
            return False
        shared = [p for p, v in enumerate(pair.source) if v is not VARIES]
        for command in commands:
            xs, ys = self.model.outcomes(a, command), self.model.outcomes(b, command)
            if len(xs) != len(ys):
                return False
            texts, back = pair.texts.setdefault(command, {}), pair.back.setdefault(command, {})
            for x, y in zip(xs, ys):
                if (x.prob, x.done, x.failed) != (y.prob, y.done, y.failed):
                    return False
                old, new = x.element[1], y.element[1]
                if any(old[p] != new[p] for p in range(len(old)) if pair.source[p] is VARIES):
                    return False
                for p in shared:
                    if pair.values.setdefault((p, old[p]), new[p]) != new[p]:
                        pair.broken = True
                        return False
                    if old[p] != new[p]:
                        pair.moved.add(p)
                kx, ky = seen_key(x.text, x.done, x.failed), seen_key(y.text, y.done, y.failed)
                if texts.setdefault(kx, ky) != ky or back.setdefault(ky, kx) != kx:
                    pair.broken = True
                    return False
        return True


def _varying(belief: Belief) -> tuple[int, ...]:
    return tuple(p for p, v in enumerate(belief.shared) if v is VARIES)


def _shift(pair: _Pair, child: Belief) -> Belief | None:
    """A child of the look-alike, moved to this belief's values (None: a moved position varies in it)."""
    key = (id(child), len(pair.moved))  # the look-alike's splits keep the child alive; positions only join `moved`
    if key not in pair.shifted:
        shared: list[Any] | None = list(child.shared)
        for p in pair.moved:
            if shared[p] is VARIES:
                shared = None
                break
            shared[p] = pair.values[(p, shared[p])]
        pair.shifted[key] = None if shared is None else Belief(tuple(shared), child.hidden)
    return pair.shifted[key]
