"""A library is scaffolds that check, each with the content record beside it, which must fit its
slots: the loop compiles the library from those records."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.flywheel.fixtures import make_library
from worldgen.errors import WorldgenError
from worldgen.flywheel.library import read_library


def test_each_scaffold_comes_with_the_record_beside_it(tmp_path: Path) -> None:
    members = read_library(make_library(tmp_path / "lib", ("vault", "jugs")))
    assert [m.name for m in members] == ["jugs", "vault"]
    assert all(m.record is not None and m.path.with_suffix(".json").is_file() for m in members)


@pytest.mark.parametrize(("record", "message"), [
    ('{"room": "x"}', "record 'vault' does not fit vault's content slots: schema/required: 'setting' is a required property at /"),
    ("[1, 2]", "a content record is a JSON object, not list"),
])
def test_a_record_that_does_not_fit_is_the_librarys_error(tmp_path: Path, record: str, message: str) -> None:
    """It was replaced by a procedural record without a word, so the worlds were not the ones given."""
    library = make_library(tmp_path / "lib", ("vault",))
    (library / "vault.json").write_text(record)
    with pytest.raises(WorldgenError, match="^" + re.escape(f"{library / 'vault.json'}: error: {message}") + "$"):
        read_library(library)
