"""The upper bound under `worldgen check`'s estimate: the product of the domains of the state
variables the rules change, in the largest world the params allow (the draws explored at those
params, which give the figure shown and the warning, are specified in test_sampling.py)."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.compiler.estimate import approx, estimate
from worldgen.errors import InstantiationError

SIZES = """world sizes {
  param n: int in 1..3
  param hard: bool
  param mode: one of small, big
  entity lamp[if hard then n + 1 else n]
  state {
    on: set<lamp> = {}
    at: lamp = lamp[0]
    level: int in 0..(if mode == big then 2 * n else n) = 0
    seen: map<lamp, bool> = false
    link: rel<lamp, lamp> = {}
    fixed: int in 0..99 = 5
  }
  action press(l: lamp) "press {l}" {
    do on += l
    do at = l
    do seen[l] = true
    if level < n { do level += 1 }
  }
  observe "{at}"
}"""


def of(source: str):
    return estimate(worldgen.loads(source, "s.wg").ir)


def test_the_product_of_the_changing_variables_at_the_largest_params():
    e = of(SIZES)
    # 4 lamps: on 2^4, at 4, level 0..6 = 7, seen 2^4; link and fixed never change
    assert e.states == 16 * 4 * 7 * 16
    assert e.params == {"n": 3, "hard": True, "mode": "big"}
    assert e.explored.draws[0].params == e.params  # the draws start at the largest world


def test_relations_and_bounded_lists():
    source = SIZES.replace("do at = l", "do at = l, link(l, at) = true, pile = push(pile, l)").replace(
        "fixed: int in 0..99 = 5", "pile: list<lamp> max 2 = []")
    # link 2^(4*4); pile: lists of 0..2 lamps = 1 + 4 + 16
    assert of(source).states == 7168 * 2**16 * 21


def test_variables_changed_only_under_an_axis_alternative_count():
    source = SIZES.replace('observe "{at}"', 'observe "{at}"\n  axis pace: dynamics { calm {}  busy { action tick "tick" { do fixed = 1 } } }')
    assert of(source).states == 7168 * 100


def test_a_range_bounded_by_a_const_of_the_params():
    source = SIZES.replace("param mode: one of small, big", "param mode: one of small, big\n  const top = 3 * n").replace(
        "level: int in 0..(if mode == big then 2 * n else n)", "level: int in 0..top")
    assert of(source).states == 16 * 4 * 10 * 16


def test_a_range_drawn_when_the_world_is_built_leaves_the_domains_unknown_but_not_the_draws():
    source = SIZES.replace("param mode: one of small, big", "param mode: one of small, big\n  const top = randint(2, 5)").replace(
        "level: int in 0..(if mode == big then 2 * n else n)", "level: int in 0..top")
    e = of(source)
    assert e.states is None and e.unknown == ("level",)
    assert e.as_dict()["states"] is None and e.as_dict()["unknown"] == ["level"]
    assert e.reachable is not None and e.text().startswith(f"estimate: {e.reachable} states per world")


def test_the_bound_is_the_scaffolds_own():
    e = of(SIZES.replace('observe "{at}"', 'observe "{at}"\n  check within 1000 states'))
    assert e.bound == 1000 and e.as_dict()["bound"] == 1000
    assert e.as_dict()["states"] == 7168 and e.as_dict()["log10"] == 3.855


def test_a_largest_world_that_cannot_be_built_is_an_error():
    source = "world g {\n  param w: int in 1..3\n  entity cell grid(3 - w, 2)\n  state { at: cell = cell(0, 0) }\n" \
             '  action go(c: cell) "go {c}" { do at = c }\n  observe "{at}"\n}'
    with pytest.raises(InstantiationError, match="grid 'cell' cannot be 0 cells wide"):
        of(source)


@pytest.mark.parametrize(("n", "text"), [(999_999, "999999"), (10**6, "1.0e6"), (12_345_678, "1.3e7"),
                                         (99_999_999, "1.0e8"), (2**10_000, "2.0e3010")])
def test_large_numbers_read_as_two_digits_rounded_up(n, text):
    assert approx(n) == text
