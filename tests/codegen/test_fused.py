"""The checker's loop generated around a world's own scans (codegen/fused.py) makes the graph the
checker's own loop makes: the same arrays when a bound stops it, the same faults in the same
order, and it is left out of a world whose effects meet a chance."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import worldgen
from tests.codegen.graphs import assert_same_graph
from worldgen.codegen.program import Rules
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds
from worldgen.verify.statespace import explore

ROOT = Path(__file__).resolve().parents[2]


def shipped(name: str, seed: int) -> World:
    record = json.loads((ROOT / "content_packs" / name / "example.json").read_text("utf-8"))
    return worldgen.load(ROOT / "scaffolds" / f"{name}.wg").instantiate(record, seed=seed)


@pytest.fixture
def both(monkeypatch: pytest.MonkeyPatch) -> Callable[[Callable[[], World]], tuple[list, Rules, Rules]]:
    """``both(make)``: the start of the world ``make()`` builds, its rules, and the rules of the same
    world built again (from a scaffold loaded anew) without the fused loop."""

    def build(make: Callable[[], World]) -> tuple[list, Rules, Rules]:
        rules, start = load_rules(make())
        assert rules.explore_run is not None and rules.successors is None
        with monkeypatch.context() as m:
            m.setattr("worldgen.codegen.program.emit_explore", lambda *args: False)
            plain, _ = load_rules(make())
        assert plain.explore_run is None and plain.successors is not None
        return start, rules, plain

    return build


@pytest.mark.parametrize("bounds", [Bounds(max_states=700), Bounds(max_depth=6), Bounds(max_states=2_000, max_depth=9)],
                         ids=["states", "depth", "both"])
def test_a_bound_stops_it_where_it_stops_the_checkers_loop(bounds: Bounds, both) -> None:  # type: ignore[no-untyped-def]
    start, fused, plain = both(lambda: shipped("sokoban", 3))  # 5,267 states, 23 deep
    g, h = explore(fused, start, bounds), explore(plain, start, bounds)
    assert g.hit == h.hit is not None
    for name in ("keys", "depth", "parent", "when", "done", "failed", "edge_start", "edge_binding", "trans_dst"):
        assert list(getattr(g, name)) == list(getattr(h, name)), name
    assert_same_graph(fused, start, plain, start, bounds)


@pytest.fixture
def counter() -> Callable[..., Callable[[], World]]:
    text = (ROOT / "tests" / "verify" / "counter.wg").read_text("utf-8")

    def make(*edits: tuple[str, str]) -> Callable[[], World]:
        source = text
        for old, new in edits:
            assert old in source
            source = source.replace(old, new, 1)
        return lambda: worldgen.loads(source, "counter.wg").instantiate({}, seed=0)

    return make


def test_faults_of_effects_and_of_signals_are_met_in_the_same_order(counter, both) -> None:  # type: ignore[no-untyped-def]
    world = counter(("when n > 0 and not broken", "when not broken"),  # dec below 0: a rule error in the effect
                    ("done when n == 3", "done when 6 / (n - 2) == 3"))  # n == 2: a rule error judging the state
    start, fused, plain = both(world)  # built twice: once as it is, once without the fused loop
    g, h = explore(fused, start, Bounds()), explore(plain, start, Bounds())
    assert g.fault_count == h.fault_count == 2
    assert g.faults == h.faults
    assert {f.binding is None for f in g.faults} == {True, False}  # one of each kind
    assert list(g.failed) == list(h.failed) and list(g.trans_dst) == list(h.trans_dst)


def test_a_command_that_only_says_something_is_an_edge_to_its_own_state(both) -> None:  # type: ignore[no-untyped-def]
    start, fused, plain = both(lambda: shipped("ledger", 0))  # its third action only says the balance
    assert fused.says_only[2]
    assert_same_graph(fused, start, plain, start)


def test_a_world_with_chance_keeps_the_checkers_own_loop() -> None:
    rules, _ = load_rules(shipped("frozen_lake", 0))
    assert any(rules.stochastic) and rules.explore_run is None and rules.successors is not None
