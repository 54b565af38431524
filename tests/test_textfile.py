"""Reading the text files a person hands worldgen: whole, or only as much as a limit needs."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import WorldgenError
from worldgen.syntax.limits import MAX_SOURCE_CHARS
from worldgen.textfile import read_text


def test_a_file_under_the_limit_is_read_whole(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("héllo\n", "utf-8")
    assert read_text(path) == read_text(path, 10) == "héllo\n"


def test_with_a_limit_only_one_character_past_it_is_read(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("é" * 50, "utf-8")
    assert read_text(path, 10) == "é" * 11


def test_a_character_the_read_splits_is_not_an_encoding_error(tmp_path):
    path = tmp_path / "a.txt"  # 4 * (2 + 1) = 12 bytes read: 4 euro signs (3 bytes each) and no more
    path.write_bytes("ab€€€€€".encode("utf-8"))
    assert read_text(path, 2) == "ab€"


def test_bad_utf8_within_the_limit_is_still_named(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"ok\n\xff" + b"x" * 100)
    with pytest.raises(WorldgenError, match=r"a.txt:2:1: error: not UTF-8 text: byte 0xff"):
        read_text(path, 10)


def test_an_endless_file_as_a_scaffold_is_refused_without_reading_it_whole():
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.load("/dev/zero")  # read whole, this was a MemoryError
    assert err.value.diagnostics[0].message == (f"the file has more than {MAX_SOURCE_CHARS:_} characters; a scaffold "
                                                f"may have at most {MAX_SOURCE_CHARS:_}")
