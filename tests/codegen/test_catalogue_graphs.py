"""Every shipped scaffold explores the same graph with each of the code generator's speed-ups
turned off: computing closed expressions once (codegen/hoisting.py), scanning only the bindings
an ``any`` can accept (codegen/among.py), testing membership over a set bitwise
(codegen/setquant.py) and running the checker's loop around the world's own scans
(codegen/fused.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen
from tests.codegen.graphs import assert_same_graph
from worldgen.runtime.loader import load_rules
from worldgen.verify import Bounds

ROOT = Path(__file__).resolve().parents[2]
TURNED_OFF = {
    "hoisting": ("worldgen.codegen.hoisting.Hoists.use", lambda self, src: src),
    "among": ("worldgen.codegen.guards._among", lambda *args: None),
    "setquant": ("worldgen.codegen.exprs.set_quantifier", lambda *args: None),
    "fused": ("worldgen.codegen.program.emit_explore", lambda *args: False),
}


@pytest.mark.parametrize("speedup", sorted(TURNED_OFF))
@pytest.mark.parametrize("path", sorted((ROOT / "scaffolds").glob("*.wg")), ids=lambda p: p.stem)
def test_every_shipped_scaffold_explores_the_same_graph_without_the_speedup(path: Path, speedup: str,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    record = json.loads((ROOT / "content_packs" / path.stem / "example.json").read_text("utf-8"))
    text = path.read_text("utf-8")
    for seed in range(6):  # the first seed whose draw the scaffold accepts
        try:
            world = worldgen.loads(text, path.name).instantiate(record, seed=seed)
            break
        except worldgen.WorldgenError:
            continue
    fast, start = load_rules(world)
    monkeypatch.setattr(*TURNED_OFF[speedup])
    plain, plain_start = load_rules(worldgen.loads(text, path.name).instantiate(record, seed=seed))
    assert_same_graph(fast, start, plain, plain_start, Bounds(max_states=20_000))



@pytest.mark.parametrize("path", sorted((ROOT / "scaffolds").glob("*.wg")), ids=lambda p: p.stem)
def test_every_axis_alternative_explores_the_same_graph_without_any_speedup(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Alternatives bring rules of their own (dense rewards, slippery moves, noisy views): each,
    fixed alone, against the same world built with all the speed-ups turned off."""
    record = json.loads((ROOT / "content_packs" / path.stem / "example.json").read_text("utf-8"))
    text = path.read_text("utf-8")
    fast_scaffold = worldgen.loads(text, path.name)
    picks = [{axis.name: alt.name} for axis in fast_scaffold.ir.axes for alt in axis.alternatives]
    built = []
    for axes in picks:
        for seed in range(6):
            try:
                built.append((axes, seed, load_rules(fast_scaffold.instantiate(record, seed=seed, axes=axes))))
                break
            except worldgen.WorldgenError:
                continue
    assert len(built) >= len(picks) // 2  # most alternatives build within six seeds
    for target, replacement in TURNED_OFF.values():
        monkeypatch.setattr(target, replacement)
    plain_scaffold = worldgen.loads(text, path.name)
    for axes, seed, (fast, start) in built:
        plain, plain_start = load_rules(plain_scaffold.instantiate(record, seed=seed, axes=axes))
        assert_same_graph(fast, start, plain, plain_start, Bounds(max_states=5_000))
