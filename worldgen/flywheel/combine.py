"""Catalogue entry ``combo``: two axes fixed together at the values the solver finds hardest (or,
to make a family easier, easiest).

A world draws each axis on its own, so the solver rarely meets the hardest value of two axes at
once; the proposal keeps, in the two axes whose values move the solver's results most, only the
value that is hardest (least success, then most steps) or easiest, so every world of the new
family has that combination. Each axis stays, with one alternative: worlds still record it.
"""

from __future__ import annotations

from worldgen.flywheel import placement
from worldgen.flywheel.edits import Change, block, offset, removal
from worldgen.flywheel.solver import ScaffoldResult, effect
from worldgen.syntax import ast


def combined(source: str, tree: ast.World, result: ScaffoldResult | None, harder: bool) -> list[Change]:
    if result is None:
        return []
    measured = {a.name: a for a in placement.axes(tree) if len(a.alternatives) > 1}
    ranked = sorted((name for name, axis in measured.items()
                     if len(result.axes.get(name, {})) > 1 and set(result.axes[name]) <= {alt.name for alt in axis.alternatives}),
                    key=lambda name: -effect(*(tuple(v) for v in zip(*result.axes[name].values()))))
    if len(ranked) < 2:
        return []
    edits, picks = [], []
    for name in ranked[:2]:
        values = result.axes[name]
        pick = min(values, key=lambda v: (values[v][0], -values[v][1])) if harder else \
            max(values, key=lambda v: (values[v][0], -values[v][1]))
        axis = measured[name]
        for alt in axis.alternatives:
            if alt.name != pick:
                edits.append(removal(source, offset(source, alt.span.line, alt.span.col), block(source, alt.span)[1] + 1))
        picks.append(f"{name}={pick} (success {values[pick][0]:.2f})")
    return [("combo", edits, f"axes fixed together at the solver's {'hardest' if harder else 'easiest'} values: "
             + " and ".join(picks))]

