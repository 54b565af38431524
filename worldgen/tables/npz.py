"""Read the arrays of a tables file (``.npz``) without NumPy's general header parser.

``np.load`` reads each array's header (a Python dict literal) with ``ast.literal_eval``, ~70 us a
header: with a tables file's 18 small arrays, three quarters of loading a world's tables, which a
rollout, the learner and a batch over a large suite pay once per world. The headers NumPy writes
for plain arrays have one fixed form, read here by one regular expression; any other header
(another layout, byte order or kind, a Fortran-ordered array) goes to NumPy's own reader,
never to a guess. Data only: no pickled object is ever read (``allow_pickle=False`` either way).
"""

from __future__ import annotations

import io
import math
import re
import zipfile
from collections.abc import Iterable
from pathlib import Path

import numpy as np

MAGIC = b"\x93NUMPY"
_HEADER = re.compile(  # exactly what NumPy writes for a plain C-ordered array of these kinds
    r"\{'descr': '(?P<descr>\|[biu]1|<[iu][248]|<f[248]|<U[1-9][0-9]{0,5})', 'fortran_order': False, "
    r"'shape': \((?P<shape>|[0-9]{1,18},|[0-9]{1,18}(?:, [0-9]{1,18})+)\), \} *\n")


def read_arrays(path: Path, names: Iterable[str]) -> dict[str, np.ndarray]:
    """``{name: array}`` for each ``name.npy`` in the zip at ``path`` (KeyError for one it lacks;
    OSError, ValueError or ``zipfile.BadZipFile`` for a file that is not such an archive)."""
    with zipfile.ZipFile(path) as archive:
        return {name: _array(archive.read(f"{name}.npy")) for name in names}


def _array(raw: bytes) -> np.ndarray:
    if raw[:6] != MAGIC or raw[6:8] != b"\x01\x00" or len(raw) < 10:
        return _numpy(raw)
    end = 10 + int.from_bytes(raw[8:10], "little")
    found = _HEADER.fullmatch(raw[10:end].decode("latin1"))
    if found is None:
        return _numpy(raw)
    shape = tuple(int(n) for n in found["shape"].replace(",", " ").split())
    dtype = np.dtype(found["descr"])
    count = math.prod(shape)
    if len(raw) != end + count * dtype.itemsize:
        raise ValueError(f"an array of shape {shape} and type {dtype} needs {count * dtype.itemsize} bytes of data, "
                         f"not {len(raw) - end}")
    return np.frombuffer(raw, dtype=dtype, count=count, offset=end).reshape(shape).copy()


def _numpy(raw: bytes) -> np.ndarray:
    return np.lib.format.read_array(io.BytesIO(raw), allow_pickle=False)
