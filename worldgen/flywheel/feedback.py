"""Catalogue entries that change what the agent is paid: ``sparse``, ``dense`` and ``noisy_pay``.

The goal is the ``reward R when C`` whose condition is also a ``done when`` condition. Feedback
alternatives can only add rewards, so ``sparse`` moves every other reward of the base (step
costs, shaping) into an alternative of a new axis, beside one where only the goal pays;
``dense`` pays on the way where the language can measure progress (a goal ``at == X`` on a
grid: each cell near X pays once); ``noisy_pay`` makes the goal's payment a coin toss around its
amount (``flywheel.coin``).
"""

from __future__ import annotations

import re

from worldgen.flywheel import placement
from worldgen.flywheel.coin import coin, declared
from worldgen.flywheel.edits import Change, before_closing_brace, offset, removal
from worldgen.syntax import ast

NEAR, STEP_BONUS = 2, 0.1  # dense: each cell within NEAR steps (Manhattan) of the goal pays STEP_BONUS once
NOISE = 0.5  # the goal pays its amount times 1 + NOISE or 1 - NOISE, each with probability 1/2


def sparse(source: str, tree: ast.World) -> list[Change]:
    goals = _goals(source, tree)
    shaping = [d for d in tree.decls if isinstance(d, ast.RewardDecl) and d not in goals]
    if not goals or not shaping:
        return []
    header = placement.free_name("shaping", {a.name for a in placement.axes(tree)}, "feedback")
    moved = "  ".join(_text(source, d) for d in shaping)
    axis = (f"\n  # proposed: sparse feedback (only the goal pays)\n  axis {header} {{\n"
            f"    shaped {{ {moved} }}\n    sparse {{}}\n  }}\n")
    edits = [removal(source, *_offsets(source, d.span)) for d in shaping]
    return [("sparse", [*edits, before_closing_brace(source, axis)],
             f"axis {header.split(':')[0]}: shaped (the base's {len(shaping)} other reward(s)) or sparse (only the goal pays)")]


def dense(source: str, tree: ast.World) -> list[Change]:
    grids = {d.name for d in tree.decls if isinstance(d, ast.EntityDecl) and d.width is not None}
    cells = {v.name: v.type.name for d in tree.decls if isinstance(d, ast.StateDecl) for v in d.vars
             if isinstance(v.type, ast.NamedType) and v.type.name in grids}
    for goal in _goals(source, tree):
        left, _, right = _condition(source, goal).partition("==")
        mover, target = left.strip(), right.strip()
        if mover in cells and re.fullmatch(r"[A-Za-z_]\w*", target):
            c = placement.numbered("c", declared(tree))
            header = placement.free_name("guide", {a.name for a in placement.axes(tree)}, "feedback")
            near = f"abs({c}.x - {target}.x) + abs({c}.y - {target}.y) <= {NEAR}"
            axis = (f"\n  # proposed: dense feedback (paid on the way to the goal)\n  axis {header} {{\n    none {{}}\n"
                    f"    toward {{ reward {STEP_BONUS:g} for each {c} in {cells[mover]} when {mover} == {c} and {near} }}\n  }}\n")
            return [("dense", [before_closing_brace(source, axis)],
                     f"axis {header.split(':')[0]}: none or toward (each {cells[mover]} within {NEAR} steps of "
                     f"{target} pays {STEP_BONUS:g} the first time {mover} reaches it)")]
    return []


def noisy_pay(source: str, tree: ast.World) -> list[Change]:
    goal = next(iter(_goals(source, tree)), None)
    if goal is None or not isinstance(goal.amount, ast.Num) or goal.amount.value <= 0 or goal.cond is None:
        return []
    drawn = coin(source, tree, "luck", 0.5)
    if drawn is None:
        return []
    var, edits = drawn
    cond, delta = _condition(source, goal), goal.amount.value * NOISE
    header = placement.free_name("payout", {a.name for a in placement.axes(tree)}, "feedback")
    axis = (f"\n  # proposed: noisy feedback (the goal pays {goal.amount.value * (1 - NOISE):g} or "
            f"{goal.amount.value * (1 + NOISE):g} at random)\n  axis {header} {{\n    exact {{}}\n"
            f"    noisy {{ reward {delta:g} when ({cond}) and {var}  reward -{delta:g} when ({cond}) and not {var} }}\n  }}\n")
    return [("noisy_pay", [*edits, before_closing_brace(source, axis)],
             f"axis {header.split(':')[0]}: exact or noisy (the goal's {goal.amount.value:g} paid "
             f"{1 - NOISE:g}x or {1 + NOISE:g}x on a seeded coin)")]


def _goals(source: str, tree: ast.World) -> list[ast.RewardDecl]:
    """The base's ``reward R when C`` whose C is also written as a ``done when`` condition."""
    done = {_condition(source, d) for d in tree.decls if isinstance(d, ast.DoneDecl)}
    return [d for d in tree.decls if isinstance(d, ast.RewardDecl) and d.kind == "when" and _condition(source, d) in done]


def _condition(source: str, decl: ast.Decl) -> str:
    """The text after ``when`` in a ``reward ... when C`` or ``done when C`` (an expression's own span
    is its operator's, not the whole expression's)."""
    return re.split(r"\bwhen\b", _text(source, decl), maxsplit=1)[-1].strip()


def _offsets(source: str, span: object) -> tuple[int, int]:
    return (offset(source, span.line, span.col), offset(source, span.end_line, span.end_col))  # type: ignore[attr-defined]


def _text(source: str, node: ast.Node) -> str:
    return source[slice(*_offsets(source, node.span))]
