"""One writer per output folder: a second `content` or `compile` on the same folder is refused at
once while the first runs, and nothing is left in the folder."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import worldgen
from tests.conftest import ROOT
from worldgen.content import ContentOptions, generate_pack
from worldgen.folder_lock import FolderLock

HOLD = "import sys, time; from pathlib import Path; from worldgen.folder_lock import FolderLock; " \
       "lock = FolderLock(Path(sys.argv[1]), 'test'); print('held', flush=True); time.sleep(60)"


def _held_by_another_process(folder: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(folder)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    return proc


def test_a_second_content_run_on_a_pack_being_written_is_refused(tmp_path: Path) -> None:
    pack = tmp_path / "pack"
    pack.mkdir()
    holder = _held_by_another_process(pack)
    try:
        with pytest.raises(worldgen.WorldgenError, match=r"pack: error: another `worldgen content` is writing this folder now"):
            generate_pack(worldgen.load(ROOT / "scaffolds" / "vault.wg").ir, pack, 2, ContentOptions())
    finally:
        holder.kill()
        holder.wait()
    assert generate_pack(worldgen.load(ROOT / "scaffolds" / "vault.wg").ir, pack, 2, ContentOptions())["counts"]["records"] == 2
    assert sorted(p.name for p in pack.iterdir()) == ["manifest.json", "records.jsonl", "rejects.jsonl"]


def test_a_second_compile_into_a_suite_being_written_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "suite"
    out.mkdir()
    holder = _held_by_another_process(out)
    try:
        with pytest.raises(worldgen.WorldgenError, match=r"suite: error: another `worldgen compile` is writing this folder now"):
            worldgen.compile(ROOT / "scaffolds" / "vault.wg", out, range(1), progress=False)
    finally:
        holder.kill()
        holder.wait()
    assert worldgen.compile(ROOT / "scaffolds" / "vault.wg", out, range(1), progress=False).accepted == 1


def test_the_lock_is_the_holders_until_released(tmp_path: Path) -> None:
    with FolderLock(tmp_path, "test"):
        with pytest.raises(worldgen.WorldgenError, match="another test is writing"):
            FolderLock(tmp_path, "test")
    FolderLock(tmp_path, "test").release()
