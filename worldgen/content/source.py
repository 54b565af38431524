"""Load a scaffold's IR from a path: a ``.wg`` source (through the front end) or an IR ``.json``.

The content subsystem only needs the IR; accepting IR JSON lets content be generated for scaffolds
that were checked elsewhere (and lets tests build IR by hand).
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold
from worldgen.jsondata import first_problem
from worldgen.textfile import read_text


def load_scaffold(path: str | Path) -> Scaffold:
    """Return the checked IR of the scaffold at ``path``; raise WorldgenError on any failure."""
    path = Path(path)
    if not path.exists():  # a folder goes on to the read, which the CLI words as one (worldgen.cli.path_errors)
        raise WorldgenError(f"{path}: error: no such file")
    if path.suffix == ".json":
        try:
            return Scaffold.from_json(read_text(path))
        except ValidationError as err:
            raise WorldgenError(f"{path}: error: not a scaffold IR file: {first_problem(err)}") from None
    from worldgen import load  # the front end; imported here so the IR path does not need it

    return load(path).ir
