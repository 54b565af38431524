"""What the checker produces: a typed, resolved IR of the scaffold."""

from __future__ import annotations

import worldgen
from tests.syntax.test_parser import KITCHEN_SINK
from worldgen.ir.models import Scaffold


def ir() -> Scaffold:
    return worldgen.loads(KITCHEN_SINK, "sink.wg").ir


def test_every_construct_checks() -> None:
    s = ir()
    assert [p.name for p in s.params] == ["n", "fast", "mood"]
    assert [e.name for e in s.enums] == ["phase", "mood"]  # a choice param is an enum of its own
    assert [v.name for v in s.state] == ["at", "bag", "where", "link", "hp", "on"]
    assert s.init_order[0] == ("const", "k") and s.init_order[-1] == ("state", "on")
    assert len(s.axes) == 5 and s.horizon == 20


def test_list_slots_are_sized_at_the_params_maximum() -> None:
    item = next(c for c in ir().content if c.name == "item")
    assert (item.size_param, item.min_items, item.max_items) == ("n", 3, 3)
    assert [f.name for f in item.item.fields] == ["name", "note"]
    assert item.item.fields[0].unique


def test_expressions_are_typed_and_resolved() -> None:
    go = ir().actions[0]
    guard = go.guards[0].cond
    assert (guard.op, guard.type.kind) == ("rel", "bool")
    assert [a.op for a in guard.args] == ["state", "state", "arg"]


def test_patterns_keep_the_authors_capitalisation_single_spaced_and_argument_order() -> None:
    src = KITCHEN_SINK.replace('"go {t} {m}" | "walk {t} {m}"', '"Go   {t}  {m}"')
    assert worldgen.loads(src, "sink.wg").ir.actions[0].patterns == ("Go {t} {m}",)


def test_default_invalid_message_and_horizon() -> None:
    s = worldgen.loads('world w { state { x: bool = false } action a "a" { do x = true } }', "w.wg").ir
    assert s.invalid.parts[0].text == "Nothing happens."
    assert s.horizon == 100 and s.title == "w"


def test_alternatives_record_only_their_component() -> None:
    by_name = {a.name: a for a in ir().axes}
    b = by_name["interface"].alternatives[1]
    assert b.renames == (("go", ("g {t} {m}",)),) and b.also == (("go", ("move {t} {m}",)),)
    assert by_name["dynamics"].alternatives[1].inits[0][0] == "hp"
    assert by_name["feedback"].alternatives[1].horizon == 5
    assert by_name["flavour"].kind == "dynamics"


def test_examples_check(example) -> None:
    scaffold, _ = example
    assert scaffold.ir.actions and scaffold.ir.axes


def test_hidden_from_draws_is_recorded_only_when_used() -> None:
    source = 'world w {\n  state { a: bool = false  b: bool = true }\n  hidden a, b\n  action go "go" { do a = true }\n}\n'
    assert worldgen.loads(source, "w.wg").ir.hidden_drawn == ()
    assert "hidden_drawn" not in worldgen.loads(source, "w.wg").ir.to_json()
    drawn = worldgen.loads(source.replace("hidden a, b", "hidden a, b from draws"), "w.wg").ir
    assert (drawn.hidden, drawn.hidden_drawn) == (("a", "b"), ("a", "b"))
