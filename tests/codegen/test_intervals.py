"""Guards that bound an int argument by the state scan only the values within the bounds
(codegen/intervals.py), and explore exactly the graph a plain scan of every value explores."""

from __future__ import annotations

import worldgen
from worldgen.codegen.intervals import Interval, interval, sorted_runs, within
from worldgen.ir.models import Expr, Type
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

AUCTION = """
world auction {
  state { price: int in 0..99999 = 50000  rounds: int in 0..3 = 0 }
  action bid(n: int in 0..99999) "bid {n}" {
    when rounds < 3 and GUARD else "That bid is refused."
    do price = n, rounds += 1
  }
  done when rounds == 3
}
"""

MARKET = """
world market {
  param cap: int in 10..14
  state { cash: int in 0..80 = 30  floor: int in 0..80 = 3  day: int in 0..3 = 0 }
  action buy(k: int in 0..2, n: int in 0..50) "buy {k} {n}" {
    when day < 3 and GUARD else "The market refuses."
    do cash = (cash - n + cap + k) % 80, floor = n / 3, day += 1
  }
  done when day == 3
}
"""


def world(source: str, guard: str):
    return load_rules(worldgen.loads(source.replace("GUARD", guard), "w.wg").instantiate({}, seed=0))


def counted(rules) -> list[int]:
    """Replace the generated code's ``_within`` by one that records how many bindings it hands
    the scan: each of them is one evaluation of the guard."""
    scanned: list[int] = []
    space = rules.invariant.__globals__

    def counting(runs, lo, hi):
        got = within(runs, lo, hi)
        scanned.append(len(got))
        return got

    space["_within"] = counting
    return scanned


def edges_in_order(rules, initial):
    g = explore(rules, initial, Bounds())
    return list(g.states), [(g.edge_src[e], rules.bindings[g.edge_binding[e]].command) for e in range(len(g.edge_binding))]


def test_a_bounded_argument_costs_its_interval_not_its_range():
    rules, initial = world(AUCTION, "n >= price - 1 and n <= price + 1")
    assert "_within(X0, (s[0] - 1), (s[0] + 1))" in rules.source
    scanned = counted(rules)
    states, edges = edges_in_order(rules, initial)
    # rounds 0..2 expand 1 + 3 + 5 prices, three bids each: 27 guard evaluations, not 9 x 100,000
    assert scanned == [3] * 9
    assert len(states) == 1 + 3 + 5 + 7 and len(edges) == 27
    assert [c for _, c in edges[:3]] == ["bid 49999", "bid 50000", "bid 50001"]
    plain = world(AUCTION, "n + 0 >= price - 1 and n + 0 <= price + 1")  # every value tried, every state
    assert "_within" not in plain[0].source
    assert edges_in_order(*plain) == (states, edges)


def test_bounds_of_every_form_explore_the_graph_a_plain_scan_explores():
    plain = world(MARKET, "n + 0 >= floor and n + 0 < cash - k")  # not an argument alone: scanned
    assert "_within" not in plain[0].source
    expected = edges_in_order(*plain)
    for guard in ("n >= floor and n < cash - k", "floor <= n and cash - k > n", "n <= cash - k - 1 and day >= 0 and n >= floor + 0 - 0",
                  "n > floor - 1 and not (n >= cash - k) and n <= 80"):
        rules, initial = world(MARKET, guard)
        assert "_within(X0, " in rules.source, guard
        assert edges_in_order(rules, initial) == expected, guard  # same states, same edges, same order


def test_only_plain_int_bounds_on_int_arguments_are_extracted():
    rules, _ = world(MARKET, "n >= floor and n < cash - k")
    action = rules.actions[0]
    n = Expr(op="arg", type=Type(kind="int"), name="n")
    k = Expr(op="arg", type=Type(kind="int"), name="k")
    cash = Expr(op="state", type=Type(kind="int"), name="cash")
    halved = Expr(op="arith", type=Type(kind="int"), name="/", args=(cash, cash))
    seven = Expr(op="lit", type=Type(kind="int"), value=7)

    def cmp(op: str, a: Expr, b: Expr) -> Expr:
        return Expr(op="cmp", type=Type(kind="bool"), name=op, args=(a, b))

    assert interval(action, [cmp("<", n, cash)]) == Interval(1, (), ((cash, -1),))
    assert interval(action, [cmp("<", seven, n), cmp("<=", n, cash)]) == Interval(1, ((seven, 1),), ((cash, 0),))
    both = Expr(op="and", type=Type(kind="bool"), args=(cmp(">=", k, seven), cmp(">", cash, n)))
    # k is bounded below only, n on both sides once the second guard is read: n is the one scanned by range
    assert interval(action, [both, cmp(">=", n, seven)]) == Interval(1, ((seven, 0),), ((cash, -1),))
    assert interval(action, [cmp("!=", n, cash)]) is None  # rules one value out: nothing to bound
    assert interval(action, [cmp("<", n, halved)]) is None  # a division can fail: left to the scan
    assert interval(action, [cmp("<", n, k)]) is None  # bounded by another argument


def test_runs_keep_the_scan_order_and_bisect_each_run():
    bindings = [((a, n), f"c{a}{n}", i) for i, (a, n) in enumerate((a, n) for a in range(2) for n in (1, 3, 5, 7))]
    runs = sorted_runs(bindings, 1)
    assert len(runs) == 2 and runs[0][0] == [1, 3, 5, 7]
    assert [c for _, c, _ in within(runs, 2, 5)] == ["c03", "c05", "c13", "c15"]
    assert [c for _, c, _ in within(runs, None, 1)] == ["c01", "c11"]
    assert list(within(runs, 8, None)) == []
    assert [c for _, c, _ in within(sorted_runs(bindings, 0), 1, None)] == [c for _, c, _ in bindings[4:]]
