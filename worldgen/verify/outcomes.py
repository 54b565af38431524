"""Every outcome of one action: run its effect once per sequence of ``chance`` decisions.

The effect is replayed with a scripted ``pick``: decisions not yet scripted take the first branch
and are appended; after each run the last first-branch decision is flipped (depth-first, like a
counter), until every decision sequence the effect can meet has been run. ``chance(p)`` with
p >= 1 or p <= 0 is not a decision (the runtime's ``random() < p`` is then certain).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from worldgen.codegen.names import RULE_ERRORS


class Outcome(NamedTuple):
    prob: float
    state: tuple[Any, ...] | None  # None when the effect raised a rule error
    decisions: tuple[bool, ...]  # True = the first branch of each chance met, in order
    error: str | None = None


def never(p: float) -> bool:
    """The ``pick`` given to effects without ``chance``: it is never called."""
    raise AssertionError("an effect without chance() called pick()")


def stochastic(effect: Callable[..., None], state: tuple[Any, ...], args: tuple[Any, ...]) -> list[Outcome]:
    """Every outcome, in depth-first decision order."""
    out: list[Outcome] = []
    script: list[bool] = []
    while True:
        prob = 1.0
        pos = 0

        def pick(p: float) -> bool:
            nonlocal prob, pos
            if p >= 1 or p <= 0:
                return p >= 1
            if pos == len(script):
                script.append(True)
            choice = script[pos]
            pos += 1
            prob *= p if choice else 1 - p
            return choice

        new = list(state)
        try:
            effect(new, *args, pick)
        except RULE_ERRORS as err:
            del script[pos:]
            out.append(Outcome(prob, None, tuple(script), str(err) or type(err).__name__))
        else:
            del script[pos:]
            out.append(Outcome(prob, tuple(new), tuple(script)))
        while script and not script[-1]:
            script.pop()
        if not script:
            return out
        script[-1] = False
