"""The model-checking bound of a scaffold's worlds: the command line's, else `check within`, else the default."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.compiler.bounds import recheck_bounds, scaffold_bounds
from worldgen.errors import WorldgenError
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


def test_verify_takes_a_lower_check_within_from_the_artifact(root):
    assert recheck_bounds(counter(root, "check within 3 states").ir) == Bounds(max_states=3)


def test_verify_refuses_to_let_the_artifact_raise_its_bound(root):
    ir = counter(root, "check within 10_000_000 states").ir
    with pytest.raises(WorldgenError) as err:
        recheck_bounds(ir)
    assert str(err.value) == ("the scaffold declares check within 10,000,000 states; verify explores at most "
                              "200,000 unless you pass --max-states 10000000")
    assert recheck_bounds(ir, max_states=10_000_000) == Bounds(max_states=10_000_000)
