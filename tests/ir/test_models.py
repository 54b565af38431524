"""The IR serialises to canonical JSON and round-trips exactly."""

from __future__ import annotations

import json

import worldgen
from tests.syntax.test_parser import KITCHEN_SINK
from worldgen.ir.axes import apply_axes
from worldgen.ir.models import Scaffold


def test_round_trip_is_exact(example) -> None:
    scaffold, _ = example
    text = scaffold.ir.to_json()
    again = Scaffold.from_json(text)
    assert again == scaffold.ir
    assert again.to_json() == text


def test_canonical_json_has_sorted_keys_and_no_spaces() -> None:
    text = worldgen.loads(KITCHEN_SINK, "sink.wg").ir.to_json()
    data = json.loads(text)
    assert list(data) == sorted(data)
    assert json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False) == text


def test_apply_axes_renames_replaces_and_adds() -> None:
    s = worldgen.loads(KITCHEN_SINK, "sink.wg").ir
    rules = apply_axes(s, {"interface": "b", "dynamics": "b", "observation": "b", "feedback": "b", "flavour": "a"})
    assert rules.actions[0].patterns == ("g {t} {m}", "move {t} {m}")
    assert rules.observe.parts[0].text == "."
    assert rules.horizon == 5 and len(rules.done) == 2 and len(rules.rewards) == 4
    hp = next(v for v in rules.state if v.name == "hp")
    assert hp.init.value == 1 and rules.axes == ()
