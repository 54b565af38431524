"""Building a terminal world's files from its IR refuses what `check` would have refused."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import WorldgenError

SOURCE = """world mt {
  state { port: int in 1..3 = 1 }
  files {
    file conf "/etc/app.conf" {
      text "port={port}"
      when write "port={p}" (p: int in 1..3) matching "port=(?P<p>\\\\d+)" { do port = p }
    }
  }
  observe "port {port}"
  done when port == 2
}
"""


def test_an_exponential_matching_expression_in_an_unchecked_ir_is_refused_at_load() -> None:
    scaffold = worldgen.loads(SOURCE, "mt.wg")
    assert scaffold.instantiate({}, seed=0).env().reset()  # the checked one runs
    spec = scaffold.ir.terminal.files[0]
    bad = spec.model_copy(update={"matching": "port=(?P<p>(1|11)+)x"})
    ir = scaffold.ir.model_copy(update={"terminal": scaffold.ir.terminal.model_copy(update={"files": (bad,)})})
    with pytest.raises(WorldgenError, match=r"file conf: its matching expression is refused: nested repetition"):
        worldgen.Scaffold(ir).instantiate({}, seed=0).env()


def test_a_file_path_that_content_makes_climb_out_of_its_folder_is_refused_at_load() -> None:
    """`check` sees only the template; a record the content rules did not vet can fill the rest."""
    source = SOURCE.replace("state {", 'content { where: text(1..80) "a place" }\n  state {').replace(
        "  files {\n", '  files {\n    file note "/srv/{content.where}" { text "hi" }\n')
    scaffold = worldgen.loads(source, "mt.wg")
    assert scaffold.instantiate({"where": "notes/today"}, seed=0).env().reset()
    with pytest.raises(WorldgenError, match=r"file note: its path '/srv/../../tmp/x' must be absolute with no"):
        scaffold.instantiate({"where": "../../tmp/x"}, seed=0).env()
