"""The parser's tables are kept between processes as JSON: a kept parser is the same parser, and a
missing, broken or unwritable cache only costs the time of building one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from lark import Lark, Tree

from worldgen.datafiles import data_folder
from worldgen.syntax.parser import grammar_text
from worldgen.syntax.parser_cache import _decode, _encode, cache_folder, cached_lark

OPTIONS = {"start": ["start", "expr", "decl"], "propagate_positions": True, "maybe_placeholders": True, "strict": False}


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORLDGEN_PARSER_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def shape(tree: Tree) -> list[tuple]:
    """Every node's rule and position, and every token's type, text and position."""
    out: list[tuple] = []
    for node in tree.iter_subtrees_topdown():
        m = node.meta
        out.append((node.data, getattr(m, "line", None), getattr(m, "column", None), getattr(m, "end_line", None),
                    getattr(m, "end_column", None)))
        out.extend((t.type, str(t), t.line, t.column) for t in node.children if hasattr(t, "type"))
    return out


def no_build(*args: object, **kwargs: object) -> None:
    raise AssertionError("built the parser although the cache holds it")


def test_a_kept_parser_parses_every_shipped_scaffold_as_a_fresh_one_does(folder: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    built = cached_lark(grammar_text(), **OPTIONS)
    assert [p.name for p in folder.iterdir()] == [next(folder.iterdir()).name] and next(folder.iterdir()).suffix == ".json"
    monkeypatch.setattr(Lark, "__init__", no_build)  # the second one must come from the file (loading makes no __init__ call)
    kept = cached_lark(grammar_text(), **OPTIONS)
    scaffolds = sorted(p for p in Path(str(data_folder("scaffolds"))).glob("*.wg"))
    assert len(scaffolds) >= 30
    for path in scaffolds:
        text = path.read_text("utf-8")
        assert shape(kept.parse(text, start="start")) == shape(built.parse(text, start="start")), path.name
    assert shape(kept.parse("a + b * 2", start="expr")) == shape(built.parse("a + b * 2", start="expr"))


@pytest.mark.parametrize("damage", [b"", b"not json", b'{"d": [["data", 1]]}', b'{"x": []}', b'{"d": [[1, 2]'])
def test_a_broken_file_is_rebuilt_and_replaced(folder: Path, damage: bytes) -> None:
    cached_lark(grammar_text(), **OPTIONS)
    (path,) = folder.iterdir()
    path.write_bytes(damage)
    assert cached_lark(grammar_text(), **OPTIONS).parse("1 + 2", start="expr") is not None
    assert path.read_bytes() != damage and json.loads(path.read_bytes())


def test_another_grammar_or_other_options_are_other_files(folder: Path) -> None:
    cached_lark(grammar_text(), **OPTIONS)
    cached_lark(grammar_text() + "\n// edited\n", **OPTIONS)
    cached_lark(grammar_text(), **{**OPTIONS, "propagate_positions": False})
    assert len(list(folder.iterdir())) == 3


def test_an_empty_setting_keeps_nothing_and_an_unwritable_folder_only_costs_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WORLDGEN_PARSER_CACHE", "")
    assert cache_folder() is None
    assert cached_lark(grammar_text(), **OPTIONS).parse("x", start="expr") is not None
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    monkeypatch.setenv("WORLDGEN_PARSER_CACHE", str(blocker / "cache"))  # a folder inside a file: cannot be made
    assert cached_lark(grammar_text(), **OPTIONS).parse("x", start="expr") is not None
    assert list(tmp_path.iterdir()) == [blocker]


def test_without_the_setting_the_folder_is_the_users_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("WORLDGEN_PARSER_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_folder() == tmp_path / "worldgen"


def test_the_encoding_keeps_tuples_int_keys_and_nesting() -> None:
    value = {"a": (1, [2, (3, None)], {4: "x", "4": True}), 5: [], "t": ()}
    back = json.loads(json.dumps(_encode(value)), object_hook=_decode)
    assert back == value and isinstance(back["a"], tuple) and isinstance(back["a"][1][1], tuple) and 4 in back["a"][2]
    with pytest.raises(TypeError, match="cannot keep a set"):
        _encode({1, 2})


def test_a_parser_the_cache_cannot_hold_is_still_the_parser(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(value: object) -> object:
        raise TypeError("cannot keep a set in the parser cache")

    monkeypatch.setattr("worldgen.syntax.parser_cache._encode", refuse)
    assert cached_lark(grammar_text(), **OPTIONS).parse("1 + 2", start="expr") is not None
    assert list(folder.iterdir()) == []  # no file, not even the temporary one
