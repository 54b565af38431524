"""Where a proposed alternative goes: the axis that already varies the same thing, or a new one."""

from __future__ import annotations

import worldgen
from worldgen.flywheel import placement
from worldgen.flywheel.edits import apply
from worldgen.syntax.parser import parse

SOURCE = """world w {
  state { n: int in 0..3 = 0 }
  action inc "inc" { when n < 3  do n += 1 }
  done when n == 3
  axis dynamics {
    one {}
    two { action inc "inc" { when n < 2  do n += 2 } }
  }
}
"""


def test_an_alternative_replacing_an_action_joins_the_axis_that_already_replaces_it() -> None:
    tree = parse(SOURCE, "w.wg")
    [host] = placement.replacing(tree, {"inc"})
    name = placement.alternative_name(host, "two")
    edit, axis = placement.alternative(SOURCE, tree, host, "grip", "dynamics", f"{name} {{}}", "unused")
    source = apply(SOURCE, [edit])
    assert (name, axis) == ("two2", "dynamics") and "    two2 {}\n  }\n}" in source
    assert [alt.name for alt in worldgen.loads(source, "w.wg").ir.axes[0].alternatives] == ["one", "two", "two2"]


def test_otherwise_it_gets_a_new_axis_whose_first_alternative_is_the_scaffold_as_written() -> None:
    tree = parse(SOURCE, "w.wg")
    assert placement.replacing(tree, {"missing"}) == []
    edit, axis = placement.alternative(SOURCE, tree, None, "dynamics", "dynamics", "fast {}", "a fast world")
    source = apply(SOURCE, [edit])
    assert axis == "dynamics2"
    assert "  # proposed: a fast world\n  axis dynamics2: dynamics {\n    as_written {}\n    fast {}\n  }\n" in source
    worldgen.loads(source, "w.wg")


def test_names_are_numbered_past_the_ones_taken() -> None:
    assert placement.numbered("view", {"view", "view2"}) == "view3"
    assert placement.free_name("observation", set(), "observation") == "observation"
    assert placement.free_name("view", {"view"}, "observation") == "view2: observation"
