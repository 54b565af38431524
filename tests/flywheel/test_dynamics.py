"""Catalogue entries slippery and inverted: a dynamics alternative, printed back as source, that
makes a shipped scaffold's moves fail at random or go the other way."""

from __future__ import annotations

import json

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.dynamics import inverted, slippery
from worldgen.flywheel.edits import apply
from worldgen.syntax.parser import parse


def proposal(name: str, entry) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    source = (ROOT / "scaffolds" / f"{name}.wg").read_text()
    [(_, edits, change)] = entry(source, parse(source, f"{name}.wg"))
    return apply(source, edits), change


def record(name: str) -> dict:
    return json.loads((ROOT / "content_packs" / name / "example.json").read_text())


def test_slippery_maze_joins_the_axis_that_already_replaces_go_and_its_moves_sometimes_fail() -> None:
    source, change = proposal("maze", slippery)
    assert change.startswith("axis dynamics: alternative slippery: action go")  # maze's `run` replaces go already
    scaffold = worldgen.loads(source, "maze.wg")
    world = scaffold.instantiate(content=record("maze"), seed=0, axes={"dynamics": "slippery"})
    outcomes = set()
    for episode in range(12):
        env = world.env()
        obs, info = env.reset(seed=episode)
        obs, *_ = env.step(info["admissible"][0])
        outcomes.add("It slips: nothing happens." in obs)
    assert outcomes == {True, False}  # chance(0.8): mostly it moves, sometimes it slips


def test_slippery_adds_a_new_axis_where_no_axis_replaces_the_action() -> None:
    source, change = proposal("reactor", slippery)
    assert "axis grip: dynamics {\n    as_written {}\n    slippery {\n      action insert" in source
    assert "chance(0.8) {" in source and change.startswith("axis grip:")
    worldgen.loads(source, "reactor.wg")


def test_inverted_maze_moves_the_opposite_way_of_the_direction_typed() -> None:
    source, _ = proposal("maze", inverted)
    scaffold = worldgen.loads(source, "maze.wg")
    opposite = {"north": "south", "south": "north", "east": "west", "west": "east"}
    for seed in range(3):
        fixed = {"interface": "verbs", "observation": "map"}
        plain = scaffold.instantiate(content=record("maze"), seed=seed, axes={**fixed, "dynamics": "step"}).env()
        turned = scaffold.instantiate(content=record("maze"), seed=seed, axes={**fixed, "dynamics": "inverted"}).env()
        open_ways = {c.split()[-1] for c in plain.reset(seed=0)[1]["admissible"]}
        assert {c.split()[-1] for c in turned.reset(seed=0)[1]["admissible"]} == {opposite[d] for d in open_ways}


def test_inverted_jugs_swaps_fill_and_empty_each_keeping_its_commands() -> None:
    source, change = proposal("jugs", inverted)
    assert change == "axis controls: alternative inverted: actions fill and empty swap their effects (each keeps its commands)"
    world = worldgen.loads(source, "jugs.wg").instantiate(content=record("jugs"), seed=1,
                                                             axes={"controls": "inverted", "interface": "verbose",
                                                                   "observation": "levels"})
    env = world.env()
    env.reset(seed=0)
    assert env.step("fill small")[0].startswith("The small jug is already empty.")
    obs = env.step("empty small")[0]
    assert obs.startswith("You fill the small jug at the tap.") and "Small jug: 0 " not in obs
    assert "Small jug: 0 " in env.step("fill small")[0]  # and `fill` empties it again


def test_scaffolds_without_a_direction_or_opposite_actions_are_not_inverted() -> None:
    source = (ROOT / "scaffolds" / "vault.wg").read_text()
    assert inverted(source, parse(source, "vault.wg")) == []


def test_same_scaffold_same_alternative() -> None:
    assert proposal("sokoban", inverted) == proposal("sokoban", inverted)
    assert proposal("sokoban", slippery) == proposal("sokoban", slippery)


def test_a_scaffold_that_promises_a_win_whatever_chance_does_is_not_made_slippery() -> None:
    guess = (ROOT / "scaffolds" / "guess.wg").read_text()  # expect solvable within bits observing
    assert slippery(guess, parse(guess, "guess.wg")) == []
