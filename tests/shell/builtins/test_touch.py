"""touch: create empty files, stamp existing ones with the clock, -c."""

from __future__ import annotations

from pathlib import Path

from tests.shell.builtins.helpers import run, same_as_gnu
from worldgen.shell.builtins.touch import touch
from worldgen.shell.fs import EPOCH
from worldgen.shell.memfs import MemoryFs


def test_creates_empty_files_and_stamps_existing_ones():
    fs = MemoryFs({"/old": "kept"})
    fs.clock = EPOCH + 60
    assert run(touch, fs, "old", "new") == ("", "", 0)
    assert (fs.texts["/old"], fs.nodes["/old"].mtime) == ("kept", EPOCH + 60)
    assert (fs.texts["/new"], fs.nodes["/new"].mode) == ("", 0o644)


def test_no_create():
    fs = MemoryFs()
    assert run(touch, fs, "-c", "nope") == ("", "", 0)
    assert "/nope" not in fs.nodes


def test_complaints(tmp_path: Path):
    same_as_gnu(touch, MemoryFs({"/f": ""}), tmp_path, "touch", "nope/x", "f/x", "ok")
    assert run(touch, MemoryFs()) == ("", "touch: missing file operand\nTry 'touch --help' for more information.\n", 1)
