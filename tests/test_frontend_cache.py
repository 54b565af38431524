"""Checked scaffolds are kept between processes as their IR's JSON: a kept scaffold is the same IR
(the same worlds to the byte), any edit checks afresh, warnings and errors always come from the
source, and a missing, broken or unwritable cache only costs the time of checking."""

from __future__ import annotations

from pathlib import Path

import pytest

import worldgen
from tests.conftest import example_record
from worldgen import frontend_cache
from worldgen.errors import DiagnosticError
from worldgen.frontend import compile_source

SCAFFOLDS = sorted(Path("scaffolds").glob("*.wg"))
WARNS = """world w {
  state {
    x: int in 0..9 = 2
  }
  const goal = 1 + x * 2
  action inc "inc" { when x < 9  do x += 1 }
  done when x == goal
  horizon 10
}
"""

@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("WORLDGEN_PARSER_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def not_checked(*args: object, **kwargs: object) -> None:
    raise AssertionError("checked the scaffold although the cache holds it")


@pytest.mark.parametrize("path", SCAFFOLDS, ids=lambda p: p.stem)
def test_a_kept_scaffold_is_the_checked_one_and_makes_the_same_worlds(folder: Path, path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = worldgen.load(path)
    if fresh.warnings:
        pytest.skip("a scaffold with warnings is checked every time")
    monkeypatch.setattr("worldgen.frontend.compile_source", not_checked)
    kept = worldgen.load(path)
    assert kept.ir == fresh.ir and kept.warnings == () and kept.name == fresh.name
    record = example_record(path.stem) if (Path("content_packs") / path.stem / "example.json").is_file() else {}
    for seed in range(3):
        try:
            a = fresh.instantiate(record, seed=seed)
        except worldgen.InstantiationError:
            continue
        assert kept.instantiate(record, seed=seed).model_dump_json() == a.model_dump_json()


def test_an_edit_to_the_scaffold_or_to_worldgen_checks_afresh(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = Path("scaffolds/vault.wg").read_text("utf-8")
    worldgen.loads(text, "vault.wg")
    checks: list[str] = []
    monkeypatch.setattr("worldgen.frontend.compile_source", lambda s, f: checks.append(f) or compile_source(s, f))
    worldgen.loads(text, "vault.wg")
    assert checks == []
    worldgen.loads(text + "\n# a comment\n", "vault.wg")
    worldgen.loads(text, "other/vault.wg")
    monkeypatch.setattr(frontend_cache, "code_fingerprint", lambda: "another worldgen")
    worldgen.loads(text, "vault.wg")
    assert checks == ["vault.wg", "other/vault.wg", "vault.wg"]


def test_warnings_and_errors_come_from_the_source_every_time(folder: Path) -> None:
    for _ in range(2):
        assert [d.code for d in worldgen.loads(WARNS, "w.wg").warnings] == ["WG501"]
    broken = WARNS.replace("horizon 10", "horizon")
    for _ in range(2):
        with pytest.raises(DiagnosticError):
            worldgen.loads(broken, "w.wg")
    assert not list(folder.glob("scaffold-*.json"))


def test_a_broken_file_is_checked_again_and_replaced(folder: Path) -> None:
    text = Path("scaffolds/ice.wg").read_text("utf-8")
    ir = worldgen.loads(text, "ice.wg").ir
    [kept] = folder.glob("scaffold-*.json")
    kept.write_text('{"name": "forged"', "utf-8")
    assert worldgen.loads(text, "ice.wg").ir == ir
    assert worldgen.loads(text, "ice.wg").ir == ir and kept.read_text("utf-8") == ir.to_json()


def test_no_folder_keeps_nothing_and_an_unwritable_one_costs_only_the_time(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    text = Path("scaffolds/ice.wg").read_text("utf-8")
    monkeypatch.setenv("WORLDGEN_PARSER_CACHE", "")
    assert worldgen.loads(text, "ice.wg").ir == worldgen.loads(text, "ice.wg").ir
    blocker = tmp_path / "file"
    blocker.write_text("", "utf-8")
    monkeypatch.setenv("WORLDGEN_PARSER_CACHE", str(blocker / "cache"))  # a folder inside a file: cannot be made
    assert worldgen.loads(text, "ice.wg").name == "ice"


def test_the_folder_keeps_a_bounded_number_of_scaffolds(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(frontend_cache, "KEPT", 4)
    text = Path("scaffolds/ice.wg").read_text("utf-8")
    for i in range(9):
        worldgen.loads(text + f"\n# {i}\n", "ice.wg")
        assert len(list(folder.glob("scaffold-*.json"))) <= 4
