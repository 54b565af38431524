"""A world's tree on disk: what the emulated shell lists, written with the world's modes and times."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

import worldgen
from tests.terminal.test_episode import SOURCE
from worldgen.terminal import program_client
from worldgen.terminal.tree import Item, accounts_of, manifest, walk, write_tree


def _fs():
    env = worldgen.loads(SOURCE, "ops.wg").instantiate({}, seed=0).env()
    env.reset(seed=0)
    return env, env._terminal.fs  # noqa: SLF001


def test_walk_lists_what_the_shell_lists_and_runs_no_hook() -> None:
    env, fs = _fs()
    items = {i.path: i for i in walk(fs)}
    assert items["/var/log/svc1.log"].text == "started svc1\nerror: svc1 is fine\n"
    assert (items["/var/log/svc1.log"].mode, items["/var/log/svc1.log"].owner) == (0o640, "syslog")
    assert items["/srv/backups"].is_dir and items["/tmp"].mode == 0o1777
    assert env.state()["seen"] == []  # walking is not reading


def test_the_tree_on_disk_has_the_texts_modes_and_times_and_a_read_shows(tmp_path: Path) -> None:
    _, fs = _fs()
    items = walk(fs)
    write_tree(items, tmp_path, own=False)
    log = tmp_path / "var/log/svc2.log"
    assert log.stat().st_atime < log.stat().st_mtime == 1772511120
    seen = program_client.scan(str(tmp_path), ["/var/log/svc2.log", "/nowhere"])
    assert seen["/nowhere"] is None and seen["/var/log/svc2.log"]["read"] is False  # a scan is not a read
    assert seen["/var/log/svc2.log"]["text"] == "started svc2\nerror: svc2 is broken\n"
    assert program_client.scan(str(tmp_path), ["/var/log/svc2.log"])["/var/log/svc2.log"]["read"] is False
    assert stat.S_IMODE(log.stat().st_mode) == 0o640
    log.read_bytes()  # a read moves the access time past the modification time (relatime)
    assert program_client.scan(str(tmp_path), ["/var/log/svc2.log"])["/var/log/svc2.log"]["read"] is True


def test_ids_come_from_the_trees_own_account_files() -> None:
    _, fs = _fs()
    items = walk(fs)
    paths = {i.path: i for i in items}
    assert paths["/etc/passwd"].text == fs.view("/etc/passwd") and paths["/etc/group"].mode == 0o644
    ids = accounts_of(items)
    assert (ids.users.id("root"), ids.users.id("syslog"), ids.groups.id("adm"), ids.users.id("7"), ids.users.id("carol")) == (0, 1000, 4, 7, None)
    bare = accounts_of([i for i in items if i.path not in ("/etc/passwd", "/etc/group")])
    assert (bare.users.id("root"), bare.groups.id("root"), bare.users.id("syslog")) == (0, 0, None)


def test_as_root_the_tree_on_disk_carries_the_worlds_owners_by_their_ids(tmp_path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("giving files to other users needs root")
    _, fs = _fs()
    write_tree(walk(fs), tmp_path, own=True)
    log = (tmp_path / "var/log/svc1.log").stat()
    assert (log.st_uid, log.st_gid) == (1000, 4)
    assert (tmp_path / "etc/passwd").read_text().endswith("syslog:x:1000:1000::/home/syslog:/bin/bash\n")


def test_the_manifest_names_owners_and_hashes_in_path_order() -> None:
    _, fs = _fs()
    rows = manifest(walk(fs))
    assert [r["path"] for r in rows] == sorted(r["path"] for r in rows)
    conf = next(r for r in rows if r["path"] == "/etc/app.conf")
    assert conf["mode"] == "0644" and len(conf["sha256"]) == 64


def test_neither_side_writes_above_the_root_whatever_a_path_says(tmp_path: Path) -> None:
    """A `..` in a world file's path wrote host files under `play --real` (check now refuses it,
    and content that would fill one in): the writers refuse it too, in case an IR skipped both."""
    root, outside = tmp_path / "root", tmp_path / "victim.txt"
    root.mkdir()
    outside.write_text("original")
    with pytest.raises(worldgen.WorldgenError, match=r"'/srv/../../victim.txt': a world's file path must be absolute "
                                                     r"with no '.' or '..' part"):
        write_tree([Item("/srv/../../victim.txt", 0o644, "root", "root", 0, "hello")], root, own=False)
    program_client.rewrite(str(root), {"/srv/../../victim.txt": {"text": "hello", "mode": 0o644, "mtime": 0},
                                       "/../victim.txt": None})
    assert outside.read_text() == "original" and program_client.scan(str(root), ["/../victim.txt"]) == {"/../victim.txt": None}


BIG = """world big {
  state { x: bool = false }
  files {
    file a "/srv/big.iso" { text pad("", 2000000) }
    file b "/srv/small.txt" { text "hi\\n" }
  }
  action a "touchit" { do x = true }
  done when x
}
"""


def test_a_file_the_rules_cannot_render_is_named_with_its_rule_error_not_written() -> None:
    """`play --real` and `export files` of such a world said "internal error: FsError ... Input/output error"."""
    env = worldgen.loads(BIG, "big.wg").instantiate({}, seed=0).env()
    with pytest.raises(worldgen.WorldgenError, match=r"^the world's file /srv/big.iso cannot be rendered: a width of "
                                                     r"2000000 is more than the 100000 characters text may have"):
        walk(env._terminal.fs)  # noqa: SLF001


def test_compile_rejects_a_world_whose_file_cannot_be_rendered(tmp_path: Path) -> None:
    (tmp_path / "big.wg").write_text(BIG, "utf-8")
    suite = worldgen.compile(tmp_path / "big.wg", tmp_path / "suite", range(1), progress=False)
    assert suite.accepted == 0
    assert ("the file /srv/big.iso cannot be rendered in a state reached after 0 steps: a width of 2000000"
            in (tmp_path / "suite" / "rejected.jsonl").read_text("utf-8"))
