"""`worldgen export files`: a terminal world's tree as plain files, byte for byte what its shell shows."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import worldgen
from tests.cli.test_check_and_play import worldgen as cli
from tests.conftest import ROOT
from worldgen.catalogue import example_record, read_catalogue
from worldgen.exporters.files import MANIFEST, export_files


def _logs() -> worldgen.World:
    entry = next(e for e in read_catalogue(ROOT / "scaffolds", ROOT / "content_packs") if e.name == "logs")
    return worldgen.load(entry.path).instantiate(example_record(entry), seed=3)


def test_the_tree_holds_every_file_the_shell_shows_with_its_text_mode_and_time(tmp_path: Path) -> None:
    world = _logs()
    count, owners = export_files(world, tmp_path / "tree")
    env = world.env()
    env.reset(seed=world.seed)
    logs = env.step("ls /var/log")[0].split()
    assert sorted(p.name for p in (tmp_path / "tree/var/log").iterdir()) == logs
    for name in logs:
        path = tmp_path / "tree/var/log" / name
        assert path.read_text() + "" == env.step(f"cat /var/log/{name}")[0] + "\n"
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
        assert int(path.stat().st_mtime) == 1772511120  # the world's clock, not the export's
    assert owners == (os.geteuid() == 0)
    rows = {r["path"]: r for r in json.loads((tmp_path / "tree" / MANIFEST).read_text())["paths"]}
    assert rows[f"/var/log/{logs[0]}"]["owner"] == "syslog" and rows[f"/var/log/{logs[0]}"]["mode"] == "0640"
    assert rows["/tmp"]["mode"] == "1777" and count == sum(r["type"] == "file" for r in rows.values())


def test_the_same_world_gives_the_same_bytes(tmp_path: Path) -> None:
    export_files(_logs(), tmp_path / "a")
    export_files(_logs(), tmp_path / "b")
    assert (tmp_path / "a" / MANIFEST).read_bytes() == (tmp_path / "b" / MANIFEST).read_bytes()


def test_the_cli_refuses_a_world_without_files_and_a_folder_in_use(tmp_path: Path) -> None:
    done = cli("export", "files", "scaffolds/vault.wg", "-o", str(tmp_path / "v"))
    assert done.returncode == 2 and "vault is not a terminal world" in done.stderr
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "x").write_text("")
    done = cli("export", "files", "scaffolds/logs.wg", "-o", str(tmp_path / "busy"))
    assert done.returncode == 1 and "already exists and is not an empty folder" in done.stderr
    done = cli("export", "files", "scaffolds/logs.wg", "--seed", "2", "-o", str(tmp_path / "ok"))
    assert done.returncode == 0 and done.stdout.startswith("wrote ") and (tmp_path / "ok/etc/motd").is_file()
