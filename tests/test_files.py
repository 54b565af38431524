"""Output files are written whole or not at all, and never through a planted symlink."""

from __future__ import annotations

import os

import pytest

from worldgen.files import open_append, open_log, remove_temporaries, write_atomic


def test_write_atomic_replaces_a_planted_symlink_instead_of_following_it(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / "out.json").symlink_to(victim)
    write_atomic(tmp_path / "out.json", "new")
    assert victim.read_text() == "precious"
    assert not (tmp_path / "out.json").is_symlink() and (tmp_path / "out.json").read_text() == "new"
    assert (tmp_path / "out.json").stat().st_mode & 0o777 == 0o644
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.json", "victim"]


def test_open_log_refuses_a_symlink_and_cuts_to_the_bytes_kept(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious")
    (tmp_path / "log").symlink_to(victim)
    with pytest.raises(OSError):
        open_log(tmp_path / "log")
    (tmp_path / "log").unlink()
    (tmp_path / "log").write_bytes(b"line 1\nline 2 torn")
    with open_log(tmp_path / "log", keep=7) as f:
        f.write(b"line 2\n")
    assert (tmp_path / "log").read_bytes() == b"line 1\nline 2\n" and victim.read_text() == "precious"


def test_leftover_temporaries_are_removed(tmp_path):
    (tmp_path / ".tmp-abc").write_text("half")
    (tmp_path / "keep.json").write_text("{}")
    remove_temporaries(tmp_path)
    assert os.listdir(tmp_path) == ["keep.json"]


def test_open_append_refuses_a_symlink_and_appends(tmp_path):
    (tmp_path / "log").symlink_to(tmp_path / "victim")
    with pytest.raises(OSError):
        open_append(tmp_path / "log")
    assert not (tmp_path / "victim").exists()
    (tmp_path / "log").unlink()
    for line in ("a\n", "b\n"):
        with open_append(tmp_path / "log") as f:
            f.write(line)
    assert (tmp_path / "log").read_text() == "a\nb\n"


def test_write_atomic_to_a_folder_names_the_folder_and_leaves_no_temporary(tmp_path):
    (tmp_path / "out").mkdir()
    with pytest.raises(IsADirectoryError) as caught:
        write_atomic(tmp_path / "out", "new")
    assert caught.value.filename == str(tmp_path / "out")
    assert [p.name for p in tmp_path.iterdir()] == ["out"]
