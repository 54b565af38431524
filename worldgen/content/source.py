"""Load a scaffold's IR from a path: a ``.wg`` source (through the front end) or an IR ``.json``.

The content subsystem only needs the IR; accepting IR JSON lets content be generated for scaffolds
that were checked elsewhere (and lets tests build IR by hand).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold


def load_scaffold(path: str | Path) -> Scaffold:
    """Return the checked IR of the scaffold at ``path``; raise WorldgenError on any failure."""
    path = Path(path)
    if not path.is_file():
        raise WorldgenError(f"{path}: no such file")
    if path.suffix == ".json":
        try:
            return Scaffold.from_json(path.read_text(encoding="utf-8"))
        except ValidationError as err:
            raise WorldgenError(f"{path}: not a scaffold IR file: {err}") from err
    from worldgen import load  # the front end; imported here so the IR path does not need it

    return load(path).ir
