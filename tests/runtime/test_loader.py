"""A world's rules are built once while anything holds them, and never outlive their holders."""

from __future__ import annotations

import gc

from tests.conftest import example_record, example_scaffold
from worldgen.runtime import loader
from worldgen.runtime.loader import LOADED_KEPT, load_rules


def _worlds(n: int) -> list:
    scaffold, record = example_scaffold("vault"), example_record("vault")
    return [scaffold.instantiate(record, seed=seed) for seed in range(n)]


def test_rules_still_held_are_found_again_after_the_few_kept_are_passed(monkeypatch) -> None:
    built: list[int] = []
    real = loader._load
    monkeypatch.setattr(loader, "_load", lambda world: built.append(id(world)) or real(world))
    worlds = _worlds(LOADED_KEPT + 8)
    held = [load_rules(w)[0] for w in worlds]  # as idle table envs hold them through a report's passes
    again = [load_rules(w) for w in worlds]  # the first worlds left the kept few long ago
    assert len(built) == len(worlds)
    assert all(rules is first for (rules, _), first in zip(again, held))
    assert all(initial == load_rules(w)[1] and initial is not load_rules(w)[1] for w, (_, initial) in zip(worlds, again))


def test_rules_nobody_holds_are_let_go() -> None:
    worlds = _worlds(LOADED_KEPT + 4)
    first = worlds[0]
    load_rules(first)
    for w in worlds[1:]:  # push the first world out of the kept few; nothing else holds its rules
        load_rules(w)
    gc.collect()
    assert id(first) not in loader._alive
    rules, initial = load_rules(first)  # built again, and remembered again
    assert loader._alive[id(first)][0]() is rules and loader._alive[id(first)][1] is first
