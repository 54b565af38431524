"""Catalogue entry combo: two axes fixed together at the values the solver finds hardest (or easiest)."""

from __future__ import annotations

import json

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.combine import combined
from worldgen.flywheel.edits import apply
from worldgen.flywheel.mutate import Band, candidates
from worldgen.flywheel.solver import ScaffoldResult
from worldgen.syntax.parser import parse

VAULT = (ROOT / "scaffolds" / "vault.wg").read_text()


def measured(success: float) -> ScaffoldResult:
    """Observation moves the solver most (partial is hard), feedback a little, the interface not at all."""
    axes = {"observation": {"full": (0.95, 9.0), "partial": (0.4, 20.0)},
            "feedback": {"sparse": (0.8, 12.0), "dense": (0.9, 11.0)},
            "interface": {"verbs": (0.85, 10.0), "terse": (0.85, 10.0)},
            "layout": {"tree": (0.85, 10.0), "ring": (0.85, 12.0), "grid": (0.85, 10.5)}}
    return ScaffoldResult("vault", 40, success, axes=axes)


def alternatives(source: str) -> dict[str, list[str]]:
    return {a.name: [alt.name for alt in a.alternatives] for a in worldgen.loads(source, "vault.wg").ir.axes}


def test_harder_keeps_the_hardest_value_of_the_two_axes_that_move_the_solver_most() -> None:
    [(tag, edits, change)] = combined(VAULT, parse(VAULT, "vault.wg"), measured(0.9), harder=True)
    source = apply(VAULT, edits)
    assert tag == "combo"
    assert change == ("axes fixed together at the solver's hardest values: observation=partial (success 0.40) "
                      "and feedback=sparse (success 0.80)")
    assert alternatives(source) == {"feedback": ["sparse"], "interface": ["verbs", "terse"],
                                    "observation": ["partial"], "layout": ["tree", "ring", "grid"]}
    assert "  axis feedback { sparse {} }\n" in source and "    full {}\n" not in source
    scaffold = worldgen.loads(source, "vault.wg")
    record = json.loads((ROOT / "content_packs" / "vault" / "example.json").read_text())
    drawn = {(w.axes["observation"], w.axes["feedback"]) for w in (scaffold.instantiate(content=record, seed=s) for s in range(8))}
    assert drawn == {("partial", "sparse")}  # every world of the new family has the combination


def test_easier_keeps_the_easiest_values() -> None:
    [(_, edits, change)] = combined(VAULT, parse(VAULT, "vault.wg"), measured(0.05), harder=False)
    assert alternatives(apply(VAULT, edits))["observation"] == ["full"]
    assert "feedback=dense" in change


def test_without_results_per_axis_value_nothing_is_combined() -> None:
    tree = parse(VAULT, "vault.wg")
    assert combined(VAULT, tree, None, harder=True) == []
    assert combined(VAULT, tree, ScaffoldResult("vault", 40, 1.0), harder=True) == []


def test_the_proposer_offers_it_only_when_the_solver_is_outside_the_band() -> None:
    assert "combo" in [c.tag for c in candidates(VAULT, "vault.wg", measured(0.95), Band())]
    assert "combo" not in [c.tag for c in candidates(VAULT, "vault.wg", measured(0.5), Band())]
