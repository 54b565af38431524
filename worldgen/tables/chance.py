"""One chance edge as a decision tree the runtime walks with the Env's own random draws.

``Env`` decides each ``chance(p)`` it meets with one ``random() < p`` (certain ones included), so
a table that draws the same numbers in the same order reaches the same outcome as the rules would
for the same seed. The tree records, per node, the ``p`` met there; leaves are decision paths.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Tree:
    """Nodes ``p``/``yes``/``no``: a child < 0 is the leaf ``-1 - path``; ``paths`` hold each
    path's decisions, probability and end state."""

    p: list[float] = field(default_factory=list)
    yes: list[int] = field(default_factory=list)
    no: list[int] = field(default_factory=list)
    paths: list[tuple[tuple[bool, ...], float, tuple[Any, ...]]] = field(default_factory=list)

    def node(self, p: float) -> int:
        self.p.append(p)
        self.yes.append(0)
        self.no.append(0)
        return len(self.p) - 1


def decision_tree(effect: Callable[..., None], state: tuple[Any, ...], args: tuple[Any, ...]) -> Tree:
    """Every decision path of ``effect`` from ``state``, depth first (as verify/outcomes.py runs
    them, but every ``pick`` is a node, certain ones too, and each node keeps its ``p``). A tree
    without nodes has one path: the effect met no chance from this state."""
    tree = Tree()
    script: list[bool] = []
    while True:
        prob, pos, at, went = 1.0, 0, -1, True  # `at`: the node whose branch `went` the path is on

        def pick(p: float) -> bool:
            nonlocal prob, pos, at, went
            node = _follow(tree, at, went, p)
            if pos == len(script):
                script.append(p >= 1 if not 0 < p < 1 else True)
            choice = script[pos]
            pos += 1
            if 0 < p < 1:
                prob *= p if choice else 1 - p
            at, went = node, choice
            return choice

        new = list(state)
        effect(new, *args, pick)
        del script[pos:]
        tree.paths.append((tuple(script), prob, tuple(new)))
        if at >= 0:
            _link(tree, at, went, -len(tree.paths))
        while script and (not script[-1] or not _open(tree, script)):
            script.pop()
        if not script:
            return tree
        script[-1] = False


def _link(tree: Tree, at: int, went: bool, child: int) -> None:
    """Branch ``went`` of ``at`` leads to ``child``; both do where the decision is certain."""
    if not 0 < tree.p[at] < 1:
        tree.yes[at] = tree.no[at] = child
    elif went:
        tree.yes[at] = child
    else:
        tree.no[at] = child


def _follow(tree: Tree, at: int, went: bool, p: float) -> int:
    """The node met after branch ``went`` of ``at`` (the root when ``at`` < 0), made if new
    (0, the root, is never a child: a child 0 is one not made yet)."""
    if at < 0:
        return 0 if tree.p else tree.node(p)
    node = tree.yes[at] if went else tree.no[at]
    if node == 0:
        node = tree.node(p)
        _link(tree, at, went, node)
    return node


def _open(tree: Tree, script: list[bool]) -> bool:
    """Whether the last scripted decision (a first branch) has a second branch to run."""
    node = 0
    for d in script[:-1]:
        node = tree.yes[node] if d else tree.no[node]
    return 0 < tree.p[node] < 1
