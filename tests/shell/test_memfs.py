"""MemoryFs: the Filesystem protocol over two dicts, with each directory's entries indexed."""

from __future__ import annotations

import pytest

from worldgen.shell.fs import EPOCH, FsError
from worldgen.shell.memfs import MemoryFs


def fs() -> MemoryFs:
    return MemoryFs({"/etc/hosts": "127.0.0.1 localhost\n", "/etc/app/conf": "x=1\n", "/tmp/a": "a"}, dirs=("/var/empty",))


def test_listing_is_sorted_and_one_level_deep():
    assert fs().listdir("/") == ["etc", "tmp", "var"]
    assert fs().listdir("/etc") == ["app", "hosts"]
    assert fs().listdir("/var/empty") == []


def test_listing_errors():
    with pytest.raises(FsError) as missing:
        fs().listdir("/nope")
    with pytest.raises(FsError) as a_file:
        fs().listdir("/etc/hosts")
    assert (missing.value.errno, a_file.value.errno) == ("ENOENT", "ENOTDIR")


def test_writes_and_directories_appear_in_listings():
    tree = fs()
    tree.write("/tmp/b", "bb")
    tree.write("/tmp/b", "!", append=True)
    tree.mkdir("/tmp/d")
    tree.touch("/tmp/c")
    assert tree.listdir("/tmp") == ["a", "b", "c", "d"]
    assert (tree.read("/tmp/b"), tree.stat("/tmp/b").size) == ("bb!", 3)


def test_removed_entries_leave_listings():
    tree = fs()
    tree.remove("/tmp/a")
    tree.remove("/var/empty")
    assert tree.listdir("/tmp") == [] and tree.listdir("/var") == []
    with pytest.raises(FsError) as full:
        tree.remove("/etc")
    assert full.value.errno == "ENOTEMPTY"


def test_rename_moves_a_tree_and_replaces_a_file():
    tree = fs()
    tree.rename("/etc/app", "/var/app")
    assert tree.listdir("/etc") == ["hosts"] and tree.listdir("/var") == ["app", "empty"]
    assert tree.read("/var/app/conf") == "x=1\n" and tree.listdir("/var/app") == ["conf"]
    tree.rename("/tmp/a", "/etc/hosts")
    assert tree.read("/etc/hosts") == "a" and tree.listdir("/tmp") == []
    assert tree.listdir("/etc") == ["hosts"]


def test_rename_refusals():
    tree = fs()
    for src, dst, errno in (("/etc", "/etc/app/x", "EINVAL"), ("/tmp/a", "/var/empty", "EISDIR"), ("/nope", "/x", "ENOENT")):
        with pytest.raises(FsError) as err:
            tree.rename(src, dst)
        assert err.value.errno == errno


def test_clock_stamps_changes():
    tree = fs()
    tree.clock = EPOCH + 5
    tree.touch("/etc/hosts")
    tree.chmod("/etc/hosts", 0o600)
    tree.chown("/etc/hosts", "alice", None)
    node = tree.stat("/etc/hosts")
    assert (node.mtime, node.mode, node.owner, node.group) == (EPOCH + 5, 0o600, "alice", "root")


def test_a_copy_is_an_independent_tree() -> None:
    original = MemoryFs({"/etc/a": "x\n"}, dirs=("/tmp",))
    twin = original.copy()
    twin.write("/tmp/new", "y")
    twin.remove("/etc/a")
    assert original.listdir("/tmp") == [] and original.read("/etc/a") == "x\n"
    assert twin.listdir("/etc") == [] and twin.read("/tmp/new") == "y"


def test_the_disk_is_bounded_in_text_and_in_files(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("worldgen.shell.memfs.MAX_SCRATCH", 10)
    monkeypatch.setattr("worldgen.shell.memfs.MAX_NODES", 4)
    tree = MemoryFs(dirs=("/tmp",))
    tree.write("/tmp/a", "0123456789")
    with pytest.raises(FsError) as full:
        tree.write("/tmp/a", "!", append=True)
    tree.write("/tmp/a", "short")  # replacing frees what the old text held
    tree.write("/tmp/b", "five!")
    with pytest.raises(FsError) as no_inodes:
        tree.mkdir("/tmp/c")
    tree.remove("/tmp/b")
    tree.mkdir("/tmp/c")
    assert (full.value.errno, no_inodes.value.errno, full.value.reason) == ("ENOSPC", "ENOSPC", "No space left on device")
    assert tree.used == len("short")


def test_rollback_puts_back_what_changed_since_begin():
    tree = fs()
    tree.write("/tmp/early", "kept")
    tree.begin()
    tree.write("/tmp/a", "changed")
    tree.mkdir("/tmp/d")
    tree.rename("/etc/app", "/tmp/app")
    tree.chmod("/etc/hosts", 0o600)
    tree.rollback()
    assert tree.read("/tmp/a") == "a" and tree.read("/tmp/early") == "kept"
    assert tree.listdir("/tmp") == ["a", "early"] and tree.read("/etc/app/conf") == "x=1\n"
    assert tree.stat("/etc/hosts").mode == 0o644
