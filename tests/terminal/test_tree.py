"""A world's tree on disk: what the emulated shell lists, written with the world's modes and times."""

from __future__ import annotations

import stat
from pathlib import Path

import worldgen
from tests.terminal.test_episode import SOURCE
from worldgen.terminal import program_client
from worldgen.terminal.tree import Ids, manifest, walk, write_tree


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
    ids = Ids.of(walk(fs))
    assert ids.uid("root") == 0 and ids.uid("7") == 7
    with_passwd = Ids.of([*walk(fs)][:0] + [_text("/etc/passwd", "syslog:x:104:110::/home/syslog:/bin/false\n"),
                                             _text("/etc/group", "adm:x:4:syslog\n")])
    assert (with_passwd.uid("syslog"), with_passwd.gid("adm"), with_passwd.uid("nobody")) == (104, 4, None)


def _text(path: str, text: str):
    from worldgen.terminal.tree import Item

    return Item(path, 0o644, "root", "root", 0, text)


def test_the_manifest_names_owners_and_hashes_in_path_order() -> None:
    _, fs = _fs()
    rows = manifest(walk(fs))
    assert [r["path"] for r in rows] == sorted(r["path"] for r in rows)
    conf = next(r for r in rows if r["path"] == "/etc/app.conf")
    assert conf["mode"] == "0644" and len(conf["sha256"]) == 64
