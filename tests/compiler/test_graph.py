"""DOT export: escaping of content names, state and map views."""

from __future__ import annotations

from worldgen.compiler.graph import map_dot, quote, state_dot
from worldgen.compiler.seeds import compile_seed
from worldgen.compiler.artifact import parse


def test_quote_escapes_content():
    assert quote('a "b" \\ c\nd') == '"a \\"b\\" \\\\ c\\nd"'


def test_state_and_map_views(spec):
    art = parse(compile_seed(spec("vault"), 0).artifact.encode(), "a.json")
    oracle = art.report.oracle.steps
    dot = state_dot(art.world, oracle, art.report.bounds, 300)
    assert dot.count(" -> ") > 0 and dot.count("penwidth=2.5") == len(oracle)
    view = map_dot(art.world, oracle)
    assert all(f'"{name}"' in view for name in art.world.entities["room"])


def test_worlds_without_a_map_say_so(spec):
    import pytest

    from worldgen.errors import WorldgenError

    art = parse(compile_seed(spec("ledger"), 0).artifact.encode(), "a.json")
    with pytest.raises(WorldgenError, match="no relation"):
        map_dot(art.world, None)
    with pytest.raises(WorldgenError, match=r"more than 2 states; raise --max-nodes$"):  # no map to offer instead
        state_dot(art.world, None, art.report.bounds, 2)
    vault = parse(compile_seed(spec("vault"), 0).artifact.encode(), "a.json")
    with pytest.raises(WorldgenError, match=r"more than 2 states; raise --max-nodes or use --view map$"):
        state_dot(vault.world, None, vault.report.bounds, 2)


def test_the_graph_command_renders_svg_where_dot_is_installed(spec, tmp_path):
    import shutil
    import xml.etree.ElementTree as ET

    import pytest

    from worldgen.cli.main import main

    if shutil.which("dot") is None:
        pytest.skip("Graphviz `dot` is not installed (CI installs it; elsewhere: apt-get install graphviz)")
    world = tmp_path / "w.json"
    world.write_text(compile_seed(spec("vault"), 0).artifact)
    assert main(["graph", str(world), "-o", str(tmp_path / "g.dot")]) == 0
    svg = ET.parse(tmp_path / "g.svg").getroot()
    assert svg.tag.endswith("svg") and "penwidth" in (tmp_path / "g.dot").read_text()
