"""A chance edge's decision tree: one node per chance met (certain ones too, as the runtime draws
for them), one path per decision sequence, depth first, with its probability and end state."""

from __future__ import annotations

from collections.abc import Callable

from worldgen.tables.chance import decision_tree


def _walk(tree, draws: list[float]) -> int:
    """The path a sequence of random draws takes (as TableEnv walks it)."""
    node, it = 0, iter(draws)
    while node >= 0:
        node = tree.yes[node] if next(it) < tree.p[node] else tree.no[node]
    return -1 - node


def slip(s: list, pick: Callable[[float], bool]) -> None:
    if pick(0.25):
        s[0] += 1
    elif pick(0.5):
        s[0] -= 1


def test_every_decision_path_is_a_leaf_with_its_probability() -> None:
    tree = decision_tree(slip, (0,), ())
    assert [(d, p, s) for d, p, s in tree.paths] == [((True,), 0.25, (1,)), ((False, True), 0.375, (-1,)),
                                                     ((False, False), 0.375, (0,))]
    assert tree.p == [0.25, 0.5]


def test_walking_the_tree_with_draws_reaches_the_path_the_rules_take() -> None:
    tree = decision_tree(slip, (0,), ())
    assert _walk(tree, [0.1]) == 0
    assert _walk(tree, [0.3, 0.2]) == 1
    assert _walk(tree, [0.3, 0.7]) == 2


def test_a_certain_chance_is_a_node_both_of_whose_branches_lead_on() -> None:
    def sure_then_coin(s: list, pick: Callable[[float], bool]) -> None:
        if pick(1.0):
            s[0] = 5 if pick(0.5) else 6

    tree = decision_tree(sure_then_coin, (0,), ())
    assert [s for _, _, s in tree.paths] == [(5,), (6,)]
    assert tree.yes[0] == tree.no[0] == 1  # the draw is made, whatever it is
    assert _walk(tree, [0.99, 0.9]) == 1


def test_an_effect_that_meets_no_chance_has_one_path_and_no_node() -> None:
    def calm(s: list, pick: Callable[[float], bool]) -> None:
        s[0] = 3

    tree = decision_tree(calm, (0,), ())
    assert tree.p == [] and tree.paths == [((), 1.0, (3,))]
