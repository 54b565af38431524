"""The offline provider says which kind each slot got, so a wrong choice shows at once."""

import io
from pathlib import Path

import pytest

import worldgen
from tests.conftest import ROOT
from worldgen.cli.main import main
from worldgen.content.slotreport import kinds_line, slot_kinds

VEND = """world vend {
  content {
    item: list(3) of { name: word(unique) "a snack sold in a vending machine" }
  }
  entity item[3] named content.item.name
  state { got: set<item> = {} }
  action buy(i: item) "buy {i}" { when i not in got  do got += i }
  observe "You have {join(got)}."
  reward 1 when count(got) == 3
  done when count(got) == 3
  horizon 5
}
"""


def test_each_word_and_text_slot_is_named_with_its_kind() -> None:
    assert slot_kinds(worldgen.loads(VEND, "vend.wg").ir) == {"item.name": "food"}
    assert kinds_line(worldgen.load(ROOT / "scaffolds" / "guess.wg").ir) is None  # no content slots


def test_content_and_play_say_the_kinds_on_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "vend.wg").write_text(VEND)
    said = "procedural slot kinds (from each slot's name and description): item.name food"
    assert main(["content", str(tmp_path / "vend.wg"), "-n", "1", "-o", str(tmp_path / "pack")]) == 0
    assert f"worldgen content: {said}\n" in capsys.readouterr().err
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "vend.wg"]) == 0
    assert f"vend.wg: {said}\n" in capsys.readouterr().err
