"""Catalogue entry noisy_view: an observation alternative whose values read '?' after a step with
a seeded chance, while the words around them stay."""

from __future__ import annotations

import json

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.edits import apply
from worldgen.flywheel.observations import garbled, noisy_view
from worldgen.syntax.parser import parse

VAULT = (ROOT / "scaffolds" / "vault.wg").read_text()
FIXED = {"feedback": "sparse", "interface": "verbs", "layout": "tree"}


def noisy_vault() -> tuple[str, str]:
    [(tag, edits, change)] = noisy_view(VAULT, parse(VAULT, "vault.wg"))
    assert tag == "noisy_view"
    return apply(VAULT, edits), change


def test_each_hole_of_the_template_is_shown_only_while_the_coin_says_so() -> None:
    assert garbled("At {at}; {{braces}} {join(s, ' and ')}.", "glimpse", "'") == (
        "At {if glimpse then text(at) else '?'}; {{braces}} {if glimpse then text(join(s, ' and ')) else '?'}.")


def test_vault_gets_a_noisy_alternative_in_its_observation_axis_and_it_checks() -> None:
    source, change = noisy_vault()
    assert change.startswith("axis observation: alternative noisy:")
    assert "glimpse: bool = true" in source
    assert "every step { chance(0.3) { do glimpse = false } else { do glimpse = true } }" in source
    scaffold = worldgen.loads(source, "vault.wg")
    assert [alt.name for alt in next(a for a in scaffold.ir.axes if a.name == "observation").alternatives] == [
        "full", "partial", "noisy"]


def test_the_noisy_view_loses_its_values_at_random_and_shows_them_otherwise() -> None:
    source, _ = noisy_vault()
    record = json.loads((ROOT / "content_packs" / "vault" / "example.json").read_text())
    world = worldgen.loads(source, "vault.wg").instantiate(content=record, seed=0, axes={**FIXED, "observation": "noisy"})
    views = []
    for episode in range(8):
        env = world.env()
        obs, info = env.reset(seed=episode)
        assert "?" not in obs  # at reset the view is whole
        for _ in range(3):
            obs, *_, info = env.step(info["admissible"][0])
            views.append(obs.splitlines()[-1])
    garbled_views = [v for v in views if v.startswith("? You are in the ?. Passages lead to: ?.")]
    assert 0 < len(garbled_views) < len(views)
    assert all("You are in the ?" not in v for v in views if v not in garbled_views)


def test_the_base_view_and_the_other_alternatives_are_unchanged() -> None:
    source, _ = noisy_vault()
    record = json.loads((ROOT / "content_packs" / "vault" / "example.json").read_text())
    old = worldgen.loads(VAULT, "vault.wg").instantiate(content=record, seed=3, axes={**FIXED, "observation": "full"}).env()
    new = worldgen.loads(source, "vault.wg").instantiate(content=record, seed=3, axes={**FIXED, "observation": "full"}).env()
    assert old.reset(seed=0)[0] == new.reset(seed=0)[0]


def test_a_view_without_values_is_left_alone() -> None:
    guess = (ROOT / "scaffolds" / "guess.wg").read_text()  # observe "": nothing to garble
    assert noisy_view(guess, parse(guess, "guess.wg")) == []
