"""Dataset files: JSON lines as they are; Parquet and `datasets` folders with params and axes as JSON text."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest

from worldgen.cli.main import main
from worldgen.errors import WorldgenError
from worldgen.exporters.dataset import dataset_rows
from worldgen.exporters.dataset_files import write_dataset
from worldgen.seeds_ignored import SeedsIgnored


def read_back(out: Path, fmt: str) -> list[dict[str, Any]]:
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return pq.read_table(out).to_pylist()
    from datasets import load_from_disk

    return list(load_from_disk(str(out)))


@pytest.mark.parametrize("fmt", ["parquet", "hf"])
def test_rows_of_different_scaffolds_load_as_one_table(fmt: str, vault_suite: Path, ledger_suite: Path,
                                                        tmp_path: Path) -> None:
    pytest.importorskip({"parquet": "pyarrow", "hf": "datasets"}[fmt])
    with pytest.warns(SeedsIgnored):  # vault has no run-time chance
        rows = list(dataset_rows(vault_suite, range(2), root=vault_suite.parent))
    rows += list(dataset_rows(ledger_suite, 1, root=ledger_suite.parent))
    clash = {**rows[0], "params": {"keys": "many"}}  # one name, another type: no shared column type exists
    out = tmp_path / "rows"
    assert write_dataset(rows + [clash], out, fmt) == len(rows) + 1
    loaded = read_back(out, fmt)
    for row, back in zip(rows + [clash], loaded):
        assert json.loads(back.pop("params")) == row["params"] and json.loads(back.pop("axes")) == row["axes"]
        assert back == {k: v for k, v in row.items() if k not in ("params", "axes")}


@pytest.mark.parametrize("fmt", ["parquet", "hf"])
def test_the_cli_replaces_its_own_earlier_export(fmt: str, vault_suite: Path, tmp_path: Path) -> None:
    pytest.importorskip({"parquet": "pyarrow", "hf": "datasets"}[fmt])
    out = tmp_path / "new" / "rows"
    for seeds in ("0:2", "0:1"):
        assert main(["export", "dataset", str(vault_suite), "--format", fmt, "-o", str(out), "--seeds", seeds,
                     "--root", str(vault_suite.parent)]) == 0
    assert [r["seed"] for r in read_back(out, fmt)] == [0, 0, 0]


def test_a_folder_that_is_not_an_earlier_export_is_never_removed(vault_suite: Path, tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    keep = tmp_path / "mine"
    keep.mkdir()
    (keep / "notes.txt").write_text("keep me")
    for fmt in ("jsonl", "parquet", "hf"):
        assert main(["export", "dataset", str(vault_suite), "--format", fmt, "-o", str(keep),
                     "--root", str(vault_suite.parent)]) == 1
        assert "is a folder" in capsys.readouterr().err
    assert (keep / "notes.txt").read_text() == "keep me" and len(list(keep.iterdir())) == 1


@pytest.mark.parametrize(("fmt", "package"), [("parquet", "pyarrow"), ("hf", "datasets")])
def test_a_missing_package_is_one_line_naming_the_extra(fmt: str, package: str, vault_suite: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == package else find_spec(name, *a))
    out = tmp_path / "rows"
    assert main(["export", "dataset", str(vault_suite), "--format", fmt, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and package in err and "pip install 'worldgen[datasets]'" in err
    assert not out.exists()


def test_a_jsonl_export_is_whole_or_absent(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"

    def failing() -> Any:
        yield {"world_id": "a"}
        raise WorldgenError("suite: error: broken world")

    with pytest.raises(WorldgenError):
        write_dataset(failing(), out, "jsonl")
    assert not out.exists() and list(tmp_path.iterdir()) == []
