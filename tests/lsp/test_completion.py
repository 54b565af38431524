"""Completion: keywords and the names in scope where the cursor is, matching what is typed."""

from __future__ import annotations

from pathlib import Path

from worldgen.lsp.completion import candidates, prefix_at
from worldgen.lsp.symbols import build_index
from worldgen.syntax.parser import parse

WALK = (Path(__file__).parent / "data" / "walk.wg").read_text()
INDEX = build_index(parse(WALK), WALK)


def labels(text: str, offset: int) -> dict[str, str]:
    return {c.label: c.kind for c in candidates(INDEX, text, offset)}


def test_the_word_before_the_cursor_is_the_prefix():
    assert prefix_at("do ste", 6) == "ste"
    assert prefix_at("do ", 3) == ""


def test_names_in_scope_and_keywords_that_start_with_the_prefix():
    inside_go = WALK.index("do at = at2")
    got = labels(WALK[:inside_go] + "t" + WALK[inside_go:], inside_go + 1)
    assert got == {"to": "local", "title": "keyword", "then": "keyword", "true": "keyword"}


def test_a_local_is_offered_only_inside_its_scope():
    outside = WALK.index("observe")
    got = labels(WALK, outside)
    assert {"at": "state", "far": "def", "room": "entity", "rooms": "param", "pace": "axis"}.items() <= got.items()
    assert "to" not in got and "at2" not in got
    assert {"when", "action", "state"} <= got.keys()


def test_without_an_index_keywords_are_still_offered():
    assert {c.label for c in candidates(None, "wor", 3)} == {"world"}
