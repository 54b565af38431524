"""Rows hold suite paths relative to a root: the argument, else $WORLDGEN_SUITE_ROOT, else the cwd."""

from pathlib import Path

import pytest

from worldgen.errors import UsageError
from worldgen.suite_root import resolve_suite, row_suite, suite_root


def test_the_argument_wins_over_the_variable_which_wins_over_the_current_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("WORLDGEN_SUITE_ROOT", raising=False)
    assert suite_root() == tmp_path
    monkeypatch.setenv("WORLDGEN_SUITE_ROOT", str(tmp_path / "data"))
    assert suite_root() == tmp_path / "data"
    assert suite_root(tmp_path / "mine") == tmp_path / "mine"


def test_a_row_holds_the_relative_posix_path_and_reading_resolves_it_under_the_root(tmp_path: Path) -> None:
    assert row_suite(tmp_path / "out" / "vault", tmp_path) == "out/vault"
    assert row_suite(tmp_path, tmp_path) == "."
    assert resolve_suite("out/vault", "/data") == "/data/out/vault"
    assert resolve_suite(".", "/data") == "/data"
    assert resolve_suite("/old/rows/kept/absolute", "/data") == "/old/rows/kept/absolute"


def test_a_suite_outside_the_root_is_refused_rather_than_written_as_an_absolute_path(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match=r"outside the suite root .*pass root= \(--root DIR\) or set \$WORLDGEN_SUITE_ROOT"):
        row_suite("/elsewhere/suite", tmp_path)
