"""The symbols index: where each name is declared and every place it is used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from worldgen.lsp.symbols import LOCAL, Index, build_index
from worldgen.syntax.parser import parse

ROOT = Path(__file__).resolve().parents[2]
WALK = (Path(__file__).parent / "data" / "walk.wg").read_text()
SHIPPED = sorted((ROOT / "scaffolds").glob("*.wg"))


def index_of(text: str) -> Index:
    return build_index(parse(text), text)


def at(text: str, context: str, word: str) -> int:
    """The offset of ``word`` inside the first occurrence of ``context``."""
    return text.index(context) + re.search(rf"\b{re.escape(word)}\b", context).start()


def lines_of(index: Index, text: str, offset: int, declarations: bool = False) -> list[int]:
    """The lines (1-based) of the uses (or declarations) of the symbol at ``offset``."""
    found = index.at(offset)
    assert found is not None
    return [text.count("\n", 0, o.start) + 1 for o in index.of(found.symbol) if o.declaration == declarations]


def test_a_state_variable_is_found_in_guards_effects_conditions_and_text_holes():
    index = index_of(WALK)
    assert index.at(at(WALK, "at: room", "at")).symbol.kind == "state"
    # the guard, the `do` (not `at2`), the observation's hole, reward and done
    assert lines_of(index, WALK, at(WALK, "do at", "at")) == [11, 13, 16, 17, 18]
    assert lines_of(index, WALK, at(WALK, "do at", "at"), declarations=True) == [6]


def test_a_def_overridden_by_an_axis_has_both_declarations():
    index = index_of(WALK)
    call = at(WALK, "far: {far(to)}", "far(to")
    assert lines_of(index, WALK, call, declarations=True) == [9, 23]
    assert lines_of(index, WALK, call) == [14, 16, 17, 18]


def test_entities_are_found_in_types_and_expressions():
    index = index_of(WALK)
    assert index.at(at(WALK, "entity room", "room")).symbol.kind == "entity"
    assert lines_of(index, WALK, at(WALK, "at: room", "room")) == [6, 6, 9, 10, 16, 23]


def test_an_axis_is_declared_once():
    index = index_of(WALK)
    axis = at(WALK, "axis pace", "pace")
    assert index.at(axis).symbol.kind == "axis"
    assert lines_of(index, WALK, axis, declarations=True) == [21]


def test_locals_are_scoped_and_shadow_nothing_outside_them():
    index = index_of(WALK)
    r = at(WALK, "count(r: room", "r")
    assert index.at(r).symbol.kind == LOCAL and index.at(r).symbol.signature == "r: room"
    assert lines_of(index, WALK, r) == [16]  # not the `r` of either `far`
    to = at(WALK, "go(to: room)", "to")
    assert index.at(to).symbol.signature == "to: room"
    assert lines_of(index, WALK, to) == [10, 11, 11, 12, 14, 14]  # its hole in the command pattern "go {to}" too
    visible = {s.name for s in index.visible(WALK.index("do at"))}
    assert {"to", "at2", "at", "far", "room", "rooms", "steps"} <= visible
    assert "to" not in {s.name for s in index.visible(WALK.index("observe"))}


def test_an_inner_binding_of_the_same_name_shadows_the_outer_one():
    text = WALK.replace("{count(r: room, far(r))}", "{count(r: room, far(r) and any(r: room, far(r)))}")
    index = index_of(text)
    outer, inner = at(text, "count(r:", "r"), at(text, "any(r:", "r")
    assert index.at(outer).symbol != index.at(inner).symbol
    assert [o.start for o in index.of(index.at(inner).symbol)] == [inner, text.index("far(r)))") + len("far(")]


def test_a_reward_naming_an_action_refers_to_it():
    text = WALK.replace("reward 1 when far(at)", "reward 1 on go when far(at)")
    index = index_of(text)
    use = at(text, "on go", "go")
    assert index.at(use).symbol.kind == "action"
    assert lines_of(index, text, use, declarations=True) == [10]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_every_occurrence_in_a_shipped_scaffold_is_its_name_and_every_use_has_a_declaration(path):
    text = path.read_text()
    index = index_of(text)
    assert index.occurrences
    for o in index.occurrences:
        assert text[o.start:o.end] == o.symbol.name
    declared = {o.symbol for o in index.occurrences if o.declaration}
    assert {o.symbol for o in index.occurrences} <= declared
    assert index_of(text).occurrences == index.occurrences  # the same however warm the caches are


def test_a_param_sizing_a_content_list_is_a_use_of_the_param():
    text = ('world w {\n  param rooms: int in 3..5\n  content { room: list(rooms) of { name: word(unique) } }\n'
            '  entity room[rooms] named content.room.name\n  state { at: room = room[0] }\n  action go(to: room) "go {to}" { do at = to }\n'
            '  done when at == room[-1]\n}\n')
    index = index_of(text)
    used = index.at(text.index("list(rooms)") + len("list("))
    assert used is not None and used.symbol.kind == "param" and len(index.of(used.symbol)) == 3
