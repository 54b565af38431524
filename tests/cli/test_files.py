"""A file that is not UTF-8 is one line naming where its first bad byte is, exit 1, no traceback."""

from __future__ import annotations

from tests.conftest import ROOT
from worldgen.cli.main import main

GUESS = str(ROOT / "scaffolds" / "guess.wg")
NOT_UTF8 = "error: not UTF-8 text: byte 0xff cannot start or continue a character; save the file as UTF-8"


def test_a_scaffold_that_is_not_utf8(tmp_path, capsys):
    path = tmp_path / "bad.wg"
    path.write_bytes(b"world w {\n  \xff\xfe }\n")
    assert main(["check", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:2:3: {NOT_UTF8}\n"
    assert main(["compile", str(path), "--seeds", "0:1", "-o", str(tmp_path / "out")]) == 1
    assert capsys.readouterr().err == f"{path}:2:3: {NOT_UTF8}\n"


def test_a_content_record_or_pack_that_is_not_utf8(tmp_path, capsys):
    path = tmp_path / "bad.json"
    path.write_bytes(b'{"a": "\xff"}')
    assert main(["play", GUESS, "--content", str(path)]) == 1
    assert capsys.readouterr().err == f"{path}:1:8: {NOT_UTF8}\n"
    assert main(["compile", GUESS, "--pack", str(path), "--seeds", "0:1", "-o", str(tmp_path / "out")]) == 1
    assert capsys.readouterr().err == f"{path}:1:8: {NOT_UTF8}\n"

