"""The model-checking bound of a scaffold's worlds: the command line's, else `check within`, else the default."""

from __future__ import annotations

import worldgen
from worldgen.compiler.bounds import scaffold_bounds
from worldgen.verify import Bounds

COUNTER = "tests/verify/counter.wg"


def counter(root, check_within: str = "") -> worldgen.Scaffold:
    source = (root / COUNTER).read_text()
    return worldgen.loads(source.replace("  horizon 10", f"  horizon 10\n  {check_within}"), "counter.wg")


def test_the_default_bound_applies_when_nothing_asks_for_another(root):
    assert scaffold_bounds(counter(root).ir) == Bounds()


def test_check_within_sets_the_bound(root):
    assert scaffold_bounds(counter(root, "check within 3 states").ir) == Bounds(max_states=3)


def test_the_command_line_wins_over_the_scaffold(root):
    ir = counter(root, "check within 3 states").ir
    assert scaffold_bounds(ir, max_states=50, max_depth=7) == Bounds(max_states=50, max_depth=7)
