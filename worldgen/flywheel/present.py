"""Whether a parent already has what a catalogue entry would add: a second step cost on a scaffold
that has one, or a second slippery alternative, is not a new rule for the solver, only a slower
world to compile (later rounds propose from earlier proposals, which carry their entry)."""

from __future__ import annotations

import re

from worldgen.ir.models import Scaffold

# catalogue entry -> (the component its alternative varies, the alternative's name)
ALTERNATIVES = {
    "slippery": ("dynamics", "slippery"), "inverted": ("dynamics", "inverted"),
    "noisy_view": ("observation", "noisy"), "noisy_pay": ("feedback", "noisy"),
    "dense": ("feedback", "toward"), "sparse": ("feedback", "sparse"),
}


def already_has(tag: str, ir: Scaffold) -> str | None:
    """Why ``ir`` needs no ``tag`` edit (None: it may get one)."""
    if tag == "cost":
        alternatives = [alt.rewards for axis in ir.axes for alt in axis.alternatives]
        if any(r.kind == "per_step" for rewards in (ir.rewards, *alternatives) for r in rewards):
            return f"{ir.name} already has a step cost"
        return None
    if tag not in ALTERNATIVES:
        return None
    component, name = ALTERNATIVES[tag]
    for axis in ir.axes:
        for alt in axis.alternatives:
            if axis.kind == component and re.fullmatch(rf"{name}\d*", alt.name):
                return f"{ir.name} already has {component} alternative {alt.name!r} (axis {axis.name})"
    return None
