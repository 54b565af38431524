"""A state written with the names the world gives its entities and enum values."""

from __future__ import annotations

from tests.conftest import example_record, example_scaffold
from worldgen.runtime.named import named_state


def test_every_kind_of_value_is_named() -> None:
    world = example_scaffold("vault").instantiate(example_record("vault"), seed=1, axes={"layout": "ring"})
    room, key = world.entities["room"], world.entities["key"]
    env = world.env()
    env.reset(seed=0)
    raw = env.state()
    named = named_state(world, raw)
    assert named["at"] == room[raw["at"]]                                           # an entity
    assert named["carrying"] == [key[i] for i in raw["carrying"]]                     # a set
    assert named["key_in"] == {key[k]: room[r] for k, r in enumerate(raw["key_in"])}  # a map
    assert named["link"] == {room[a]: [room[b] for b in row] for a, row in enumerate(raw["link"])}  # a relation
    assert named["locked"] is raw["locked"]                                          # a bool stays


def test_enum_keys_and_lists_are_named() -> None:
    world = example_scaffold("hanoi").instantiate(example_record("hanoi"), seed=0, params={"n": 3})
    named = named_state(world, world.env().state())
    assert named["pegs"] == {"left": ["disc3", "disc2", "disc1"], "middle": [], "right": []}
