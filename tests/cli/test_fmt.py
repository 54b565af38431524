"""`worldgen fmt` as a user runs it: files rewritten in place (the same inode, only when they change),
``--check`` and ``--diff`` that change nothing, ``-`` for stdin, and files that do not parse left
alone with a located error (exit 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT
from tests.syntax.test_print_files import TERMINAL, TERMINAL_CANONICAL

MESSY = 'world w {\n  state { n: int in 0..3 = 0 }   # the counter\n  action inc "inc" { do n += 1 }\n}\n'
TIDY = 'world w {\n  state {  # the counter\n    n: int in 0..3 = 0\n  }\n  action inc "inc" {\n    do n += 1\n  }\n}\n'
BROKEN = "world w {\n  reward 1 if n == 3\n}\n"


def worldgen(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "worldgen.cli.main", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_fmt_rewrites_files_in_place_keeping_their_permissions(tmp_path: Path) -> None:
    (tmp_path / "messy.wg").write_text(MESSY)
    (tmp_path / "tidy.wg").write_text(TIDY)
    os.chmod(tmp_path / "messy.wg", 0o600)
    done = worldgen("fmt", "messy.wg", "tidy.wg", cwd=tmp_path)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "reformatted messy.wg\n")
    assert (tmp_path / "messy.wg").read_text() == TIDY
    assert (tmp_path / "messy.wg").stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.wg", "tidy.wg"]  # no temporary left


def test_fmt_writes_through_a_symlink_to_its_target(tmp_path: Path) -> None:
    (tmp_path / "real.wg").write_text(MESSY)
    (tmp_path / "link.wg").symlink_to("real.wg")
    assert worldgen("fmt", "link.wg", cwd=tmp_path).returncode == 0
    assert (tmp_path / "link.wg").is_symlink() and (tmp_path / "real.wg").read_text() == TIDY


def test_fmt_check_lists_the_files_that_would_change_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "messy.wg").write_text(MESSY)
    (tmp_path / "tidy.wg").write_text(TIDY)
    done = worldgen("fmt", "--check", "messy.wg", "tidy.wg", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (1, "would reformat messy.wg\n")
    assert (tmp_path / "messy.wg").read_text() == MESSY
    assert worldgen("fmt", "--check", "tidy.wg", cwd=tmp_path).returncode == 0


def test_fmt_diff_prints_a_unified_diff_and_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "messy.wg").write_text(MESSY)
    done = worldgen("fmt", "--diff", "messy.wg", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout.splitlines()[:3] == ["--- messy.wg", "+++ messy.wg", "@@ -1,4 +1,8 @@"]
    assert "-  state { n: int in 0..3 = 0 }   # the counter" in done.stdout.splitlines()
    assert (tmp_path / "messy.wg").read_text() == MESSY


def test_fmt_dash_formats_stdin_to_stdout() -> None:
    done = worldgen("fmt", "-", stdin=MESSY)
    assert (done.returncode, done.stdout) == (0, TIDY)


def test_a_file_that_does_not_parse_is_reported_and_left_alone(tmp_path: Path) -> None:
    (tmp_path / "broken.wg").write_text(BROKEN)
    (tmp_path / "messy.wg").write_text(MESSY)
    done = worldgen("fmt", "broken.wg", "messy.wg", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[:3] == [
        "broken.wg:2:12: error: unexpected 'if'; expected 'for', 'on', 'per', 'when' [WG101]",
        "  reward 1 if n == 3", "           ^"]
    assert (tmp_path / "broken.wg").read_text() == BROKEN
    assert (tmp_path / "messy.wg").read_text() == TIDY  # the other files are still formatted


def test_a_missing_or_non_utf8_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "latin1.wg").write_bytes("world w { title \"caf\xe9\" }\n".encode("latin-1"))
    done = worldgen("fmt", "missing.wg", "latin1.wg", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.splitlines()[0] == "missing.wg: error: cannot read: No such file or directory"
    assert done.stderr.splitlines()[1].startswith("latin1.wg:1:21: error: not UTF-8 text")


def test_fmt_check_passes_on_a_formatted_files_block(tmp_path: Path) -> None:
    path = tmp_path / "t.wg"  # run from the repository: `python -m` then imports this checkout
    path.write_text(TERMINAL)
    assert worldgen("fmt", "--check", str(path)).returncode == 1
    assert worldgen("fmt", str(path)).returncode == 0
    assert path.read_text() == TERMINAL_CANONICAL
    done = worldgen("fmt", "--check", str(path))
    assert (done.returncode, done.stdout) == (0, "")


def test_fmt_rewrites_the_file_itself_so_its_inode_and_hard_links_stay(tmp_path: Path) -> None:
    (tmp_path / "messy.wg").write_text(MESSY)
    os.link(tmp_path / "messy.wg", tmp_path / "other-name.wg")
    inode = (tmp_path / "messy.wg").stat().st_ino
    assert worldgen("fmt", "messy.wg", cwd=tmp_path).returncode == 0
    assert (tmp_path / "messy.wg").stat().st_ino == inode
    assert (tmp_path / "other-name.wg").read_text() == TIDY  # the other name sees the new text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.wg", "other-name.wg"]  # the backup is gone


def test_fmt_leaves_a_file_alone_while_the_backup_of_a_stopped_rewrite_is_beside_it(tmp_path: Path) -> None:
    (tmp_path / "messy.wg").write_text(MESSY)
    (tmp_path / ".fmt-backup-messy.wg").write_text("the text before a rewrite that was killed")
    done = worldgen("fmt", "messy.wg", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, f"messy.wg: error: cannot write: {tmp_path / '.fmt-backup-messy.wg'} "
                                                 "holds the text of a rewrite that was stopped midway; restore the file "
                                                 "from it or delete it\n")
    assert (tmp_path / "messy.wg").read_text() == MESSY
    assert (tmp_path / ".fmt-backup-messy.wg").read_text() == "the text before a rewrite that was killed"
