"""The tables reader gives what ``np.load`` gives, array for array, for every file NumPy writes:
its own headers read fast, any other header by NumPy's reader, and never a pickled object."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest

from tests.tables.conftest import tables_of
from worldgen.ir.world import World
from worldgen.tables import npz
from worldgen.tables.store import TableError, load, save


def _same_as_numpy(path: Path, names: list[str]) -> None:
    ours = npz.read_arrays(path, names)
    with np.load(path, allow_pickle=False) as theirs:
        for name in names:
            assert ours[name].dtype == theirs[name].dtype and ours[name].shape == theirs[name].shape, name
            np.testing.assert_array_equal(ours[name], theirs[name])
            assert ours[name].flags.writeable and ours[name].flags.c_contiguous == theirs[name].flags.c_contiguous


def test_a_tables_file_reads_as_numpy_reads_it(lake: World, tmp_path: Path) -> None:
    tables = tables_of(lake)
    path = tmp_path / "w.tables.npz"
    save(tables, path)
    _same_as_numpy(path, list(tables.arrays()))


def test_every_kind_of_plain_array_is_read_by_the_fast_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    arrays = {"i1": np.arange(-3, 3, dtype=np.int8), "u8": np.array([2**64 - 1], dtype=np.uint64),
              "f8": np.linspace(0, 1, 7).reshape(7, 1), "b1": np.array([True, False]), "empty": np.zeros((0, 3), np.int32),
              "scalar": np.array("world-7"), "wide": np.arange(24, dtype=np.int64).reshape(2, 3, 4)}
    path = tmp_path / "a.npz"
    np.savez_compressed(path, **arrays)
    monkeypatch.setattr(npz, "_numpy", lambda raw: pytest.fail("fell back to numpy's reader"))
    _same_as_numpy(path, list(arrays))


def test_other_headers_go_to_numpys_reader(tmp_path: Path) -> None:
    arrays = {"fortran": np.asfortranarray(np.arange(6, dtype=np.int32).reshape(2, 3)),
              "big_endian": np.arange(4, dtype=">i4"), "complex": np.array([1 + 2j]), "record": np.zeros(2, "i4,f8")}
    path = tmp_path / "b.npz"
    np.savez(path, **arrays)
    _same_as_numpy(path, list(arrays))


def test_an_object_array_is_refused_not_unpickled(tmp_path: Path) -> None:
    path = tmp_path / "c.npz"
    np.savez(path, objects=np.array([{"a": 1}], dtype=object))
    with pytest.raises(ValueError, match="allow_pickle"):
        npz.read_arrays(path, ["objects"])


def _rewritten(path: Path, name: str, change) -> None:  # type: ignore[no-untyped-def]
    with zipfile.ZipFile(path) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members[f"{name}.npy"] = change(members[f"{name}.npy"])
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as z:
        for n, raw in members.items():
            z.writestr(n, raw)
    path.write_bytes(buffer.getvalue())


def test_an_array_whose_data_is_cut_short_is_refused_by_name(ice: World, tmp_path: Path) -> None:
    path = tmp_path / "w.tables.npz"
    save(tables_of(ice), path)
    _rewritten(path, "edge", lambda raw: raw[:-4])
    with pytest.raises(TableError, match=f"world {ice.id}: unreadable tables: an array of shape .* needs"):
        load(path, ice.id)


def test_a_missing_array_is_refused_by_name(ice: World, tmp_path: Path) -> None:
    path = tmp_path / "w.tables.npz"
    save(tables_of(ice), path)
    with zipfile.ZipFile(path) as z:
        kept = {n: z.read(n) for n in z.namelist() if n != "gain.npy"}
    with zipfile.ZipFile(path, "w") as z:
        for n, raw in kept.items():
            z.writestr(n, raw)
    with pytest.raises(TableError, match=f"world {ice.id}: unreadable tables: .*gain"):
        load(path, ice.id)
