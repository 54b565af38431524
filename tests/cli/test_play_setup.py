"""`worldgen play PATH`: the world it opens (a path that is not a readable scaffold was found by
tests/fuzz/test_argument_fuzz.py; a draw a `require` refuses is drawn again)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.compiler.test_playdraw import PICK
from worldgen.cli.main import main


@pytest.mark.parametrize("name", ["", "folder"])
def test_playing_a_folder_is_one_error_line_not_a_traceback(tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "folder").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["play", name]) == 1
    assert capsys.readouterr().err == f"{name}: error: cannot read the scaffold: Is a directory\n"


def test_a_draw_a_require_refuses_is_drawn_again_and_said_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "pick.wg").write_text(PICK)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", str(tmp_path / "pick.wg"), "--seed", "0"]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines() == [f"{tmp_path / 'pick.wg'}: seed 0 draw 1: require (line 7) does not hold: the prize starts "
                                "where you stand; drawing again, as compile does",
                                f"{tmp_path / 'pick.wg'}: playing draw 2 of seed 0"]
    assert out.startswith("== pick ==  (world pick, seed 0)")
