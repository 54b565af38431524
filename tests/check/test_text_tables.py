"""Text tables: a map literal from an enum to text names every value of the enum; other map
literals keep leaving keys out to their defaults."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import DiagnosticError

WORLD = """\
world w {
  enum mood { calm, cross, glad }
  const says = {calm: "hm", cross: "grr", glad: "yay"}
  const score = {glad: 2}
  state { m: mood = calm }
  action poke "poke" { do m = mood[(index(m) + 1) % 3] }
  observe "{says[m]} {score[m]}"
}
"""


def test_a_text_table_shows_each_value_and_a_number_map_still_defaults() -> None:
    env = worldgen.loads(WORLD, "w.wg").instantiate({}).env()
    assert env.reset()[0] == "hm 0"
    assert [env.step("poke")[0] for _ in range(2)] == ["grr 0", "yay 2"]


@pytest.mark.parametrize(("table", "message"), [
    ('{calm: "hm", glad: "yay"}', "this text table leaves out cross"),
    ('{calm: "hm", cross: "grr", glad: "yay", calm: "oh"}', "'calm' is listed twice"),
    ('{mood[0]: "hm", cross: "grr", glad: "yay"}', "keys are the enum's values written out"),
])
def test_a_text_table_that_is_not_whole_is_one_located_error(table: str, message: str) -> None:
    with pytest.raises(DiagnosticError) as err:
        worldgen.loads(WORLD.replace('{calm: "hm", cross: "grr", glad: "yay"}', table), "w.wg")
    [d] = err.value.diagnostics
    assert (d.code, d.span.line) == ("WG431", 3) and message in d.message
