"""The gate's compile step: a proposal whose seeds fail their checks is rejected naming the checks
they failed, not only the state budget (a `require` no draw meets read as a budget problem)."""

from __future__ import annotations

from pathlib import Path

import pytest

from worldgen.errors import WorldgenError
from worldgen.flywheel.accept import compiled
from worldgen.frontend import compile_source

NEVER = """world never {
  param n: int in 1..3
  state { x: int in 0..3 = 0 }
  action a "a" { when x < 3  do x += 1 }
  require n > 5 else "n is never above 5"
  done when x == 3
}
"""


def test_a_hopeless_compile_names_the_checks_its_seeds_failed(tmp_path: Path) -> None:
    ir, _ = compile_source(NEVER, "never.wg")
    with pytest.raises(WorldgenError, match=r"stopped early: 2 of 6 seeds failed their checks within [0-9,]+ states "
                                            r"per world \(failed: require \(line 5\) x\d+\), and the gate needs 5 of 6 \(90%"):
        compiled(ir, {}, range(6), tmp_path / "suite", 1, 20_000, 1)
