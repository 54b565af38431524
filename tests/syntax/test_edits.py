"""Structural edits for programs that write scaffolds: each changes exactly what it says, the
result checks, and the rest of the file (comments included) prints as ``worldgen fmt`` would."""

from __future__ import annotations

import difflib

import pytest

import worldgen
from tests.syntax.corpus import ROOT
from worldgen.errors import DiagnosticError, WorldgenError
from worldgen.syntax.edits import add_alternative, add_axis, edit_source, set_param_range
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source

VAULT = (ROOT / "scaffolds" / "vault.wg").read_text("utf-8")


def changed_lines(before: str, after: str) -> list[str]:
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def test_a_param_range_changes_and_nothing_else() -> None:
    edited = edit_source(VAULT, lambda w: set_param_range(w, "rooms", 5, 9))
    assert changed_lines(format_source(VAULT), edited) == [
        "-  param rooms: int in 4..7  # each world draws its size from these ranges",
        "+  param rooms: int in 5..9  # each world draws its size from these ranges",
    ]
    param = worldgen.loads(edited).ir.params[0]
    assert (param.name, param.lo, param.hi) == ("rooms", 5, 9)


def test_an_alternative_joins_its_axis_at_the_end() -> None:
    edited = edit_source(VAULT, lambda w: add_alternative(w, "feedback", "costly { reward -0.05 per step  horizon 20 }"))
    assert changed_lines(format_source(VAULT), edited) == ["+    costly { reward -0.05 per step  horizon 20 }"]
    axes = {a.name: [alt.name for alt in a.alternatives] for a in worldgen.loads(edited).ir.axes}
    assert axes["feedback"] == ["sparse", "dense", "costly"]


def test_an_axis_joins_the_end_of_the_world_and_edits_compose() -> None:
    edited = edit_source(VAULT, lambda w: add_axis(w, "axis pace: feedback { relaxed {} tight { horizon 15 } }"),
                         lambda w: set_param_range(w, "keys", 1, 2))
    assert changed_lines(format_source(VAULT), edited) == [
        "-  param keys: int in 1..3", "+  param keys: int in 1..2",
        "+  axis pace: feedback {", "+    relaxed {}", "+    tight { horizon 15 }", "+  }",
    ]
    assert [a.name for a in worldgen.loads(edited).ir.axes][-1] == "pace"


def test_edits_leave_their_input_as_it_was() -> None:
    world = parse(VAULT)
    set_param_range(world, "rooms", 1, 2)
    add_alternative(world, "feedback", "none {}")
    assert world == parse(VAULT)


@pytest.mark.parametrize(("edit", "says"), [
    (lambda w: set_param_range(w, "doors", 1, 2), "world 'vault' has no int param named 'doors'"),
    (lambda w: add_alternative(w, "speed", "fast {}"), "world 'vault' has no axis named 'speed'"),
])
def test_an_edit_naming_what_is_not_there_says_so(edit, says: str) -> None:
    with pytest.raises(WorldgenError, match=says):
        edit_source(VAULT, edit)


def test_new_source_that_does_not_parse_is_a_diagnostic() -> None:
    with pytest.raises(DiagnosticError, match=r"<edit>:\d+:\d+: error: unexpected"):
        edit_source(VAULT, lambda w: add_axis(w, "axis pace { tight { horizon } }"))
