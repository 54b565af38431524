"""Dataset rows as files: JSON lines, Parquet, or a Hugging Face ``datasets`` folder.

JSON lines keep every value as it is, byte for byte reproducible. Parquet and ``datasets`` need
one type per column, and ``params`` differ in type from scaffold to scaffold (a size is a number
in one, a difficulty name in another), so there ``params`` and ``axes`` are JSON text
(``json.loads`` gives the dict back). Parquet needs pyarrow and the folder needs ``datasets``:
both come with worldgen's ``datasets`` extra, imported only for these formats.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from worldgen.canonical import canonical_json
from worldgen.errors import WorldgenError
from worldgen.files import TEMP_PREFIX, write_atomic

FORMATS = ("jsonl", "parquet", "hf")
NEEDS = {"parquet": "pyarrow", "hf": "datasets"}
TEXT_COLUMNS = ("params", "axes")  # JSON text in the typed formats
HF_STATE = "state.json"  # what `Dataset.save_to_disk` writes into every dataset folder


def missing_dependency(fmt: str) -> str | None:
    """Why ``fmt`` cannot be written here (its package is not installed), or None."""
    package = NEEDS.get(fmt)
    if package is None or importlib.util.find_spec(package) is not None:
        return None
    return f"--format {fmt} needs the {package} package: pip install 'worldgen[datasets]'"


def typed_row(row: dict[str, Any]) -> dict[str, Any]:
    """``row`` with ``params`` and ``axes`` as JSON text, so rows of any scaffold share one schema."""
    return {key: canonical_json(value) if key in TEXT_COLUMNS else value for key, value in row.items()}


def write_dataset(rows: Iterable[dict[str, Any]], out: Path, fmt: str) -> int:
    """Write ``rows`` to ``out`` (a file; a folder for ``hf``), whole or not at all; the row count."""
    _check_target(out, fmt)
    out.parent.mkdir(parents=True, exist_ok=True)
    rows = list(rows)
    if fmt == "jsonl":
        write_atomic(out, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        return len(rows)
    typed = [typed_row(r) for r in rows]
    with tempfile.TemporaryDirectory(prefix=TEMP_PREFIX, dir=out.parent) as work:
        staged = Path(work) / "out"
        if fmt == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.Table.from_pylist(typed), staged)
        else:
            from datasets import Dataset

            Dataset.from_list(typed).save_to_disk(str(staged))
        if out.is_dir() and not out.is_symlink():
            shutil.rmtree(out)  # an earlier export (checked above): nothing else is ever removed
        staged.replace(out)  # a symlink at `out` is replaced, not followed
    return len(rows)


def _check_target(out: Path, fmt: str) -> None:
    """Refuse an ``out`` that writing would destroy: a folder, unless an earlier ``hf`` export."""
    if out.parent.exists() and not out.parent.is_dir():
        raise WorldgenError(f"{out.parent}: error: is a file, not a folder")
    if out.is_dir() and not out.is_symlink() and not (fmt == "hf" and (out / HF_STATE).is_file()):
        what = "a folder that `datasets` did not write" if fmt == "hf" else "a folder"
        raise WorldgenError(f"{out}: error: is {what}; choose another -o or remove it")
