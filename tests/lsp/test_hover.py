"""Hover: the declaration as written and the type the checker gave it."""

from __future__ import annotations

from pathlib import Path

from worldgen.frontend import compile_source
from worldgen.lsp.hover import hover_text
from worldgen.lsp.symbols import build_index
from worldgen.syntax.parser import parse

WALK = (Path(__file__).parent / "data" / "walk.wg").read_text()
INDEX = build_index(parse(WALK), WALK)
IR, _ = compile_source(WALK)


def test_a_state_variable_shows_its_declaration_and_checked_type():
    text = hover_text(INDEX.symbols["steps"], IR)
    assert "state steps: int in 0..20 = 0" in text
    assert "state variable: " in text and "int" in text


def test_a_def_shows_its_parameters_and_the_type_of_its_body():
    text = hover_text(INDEX.symbols["far"], IR)
    assert text.startswith("```worldgen\ndef far(r: room) = index(r) + 1 == rooms\n```")
    assert "function (r: " in text and "bool" in text


def test_an_axis_shows_its_component_and_alternatives():
    assert "dynamics axis: slow | quick" in hover_text(INDEX.symbols["axis pace"], IR)


def test_without_a_checked_ir_only_the_declaration_is_shown():
    assert hover_text(INDEX.symbols["steps"], None) == "```worldgen\nstate steps: int in 0..20 = 0\n```"


def test_state_variables_declared_on_one_line_each_show_only_their_own_declaration():
    """The README writes `state { a: ... b: ... }` on one line: hover showed the rest of the line."""
    text = ('world w {\n  entity svc[3]\n  state { culprit: svc = choice(svc)  read: set<svc> = {}  fixed: bool = false }\n'
            '  action a "a" { do fixed = true }\n  done when fixed\n}\n')
    index = build_index(parse(text), text)
    assert [index.symbols[n].signature for n in ("culprit", "read", "fixed")] == [
        "state culprit: svc = choice(svc)", "state read: set<svc> = {}", "state fixed: bool = false"]
