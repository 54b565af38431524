"""A library: a folder of scaffolds, each with the content record its worlds are compiled with.

A scaffold's record is ``NAME.json`` beside it (how proposals and the loop's libraries store
them), else its example record where ``worldgen compile`` finds one (``content_packs/NAME/
example.json`` next to the folder, or shipped); a scaffold without slots needs none.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.datafiles import default_content
from worldgen.errors import WorldgenError
from worldgen.frontend_cache import checked
from worldgen.ir.models import Scaffold
from worldgen.syntax.limits import MAX_SOURCE_CHARS
from worldgen.textfile import read_text


@dataclass(frozen=True)
class LibraryScaffold:
    name: str
    path: Path
    source: str
    ir: Scaffold
    record: dict[str, Any] | None


def read_library(folder: Path) -> list[LibraryScaffold]:
    """Every ``*.wg`` of ``folder`` in name order; each must check (a library holds no drafts)."""
    if not folder.is_dir():
        raise WorldgenError(f"{folder}: error: no such library folder")
    out = []
    for path in sorted(folder.glob("*.wg")):
        source = read_text(path, MAX_SOURCE_CHARS)
        ir = checked(source, str(path))[0]
        out.append(LibraryScaffold(ir.name, path, source, ir, _record(path, ir)))
    if not out:
        raise WorldgenError(f"{folder}: error: the library holds no scaffolds (*.wg)")
    names = [s.name for s in out]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise WorldgenError(f"{folder}: error: two scaffolds declare world {twice[0]!r}; names must be unique in a library")
    return out


def write_member(folder: Path, name: str, source: str, record: dict[str, Any] | None) -> Path:
    """Store a scaffold (and its record) in ``folder`` the way ``read_library`` finds them."""
    from worldgen.files import write_atomic

    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.wg"
    write_atomic(path, source)
    if record is not None:
        write_atomic(folder / f"{name}.json", json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n")
    return path


def _record(path: Path, ir: Scaffold) -> dict[str, Any] | None:
    """The content record beside the scaffold (or its default), which must fit the scaffold's
    slots: a record that does not is the library's error, not a reason to compile the scaffold
    from a procedural record instead without a word."""
    beside = path.with_suffix(".json")
    found = beside if beside.is_file() else default_content(path, ir.name)
    if found is None:
        return None
    try:
        data = jsondata.loads(read_text(found))
    except json.JSONDecodeError as err:
        raise WorldgenError(f"{found}: error: not JSON: {err}") from None
    if not isinstance(data, dict):
        raise WorldgenError(f"{found}: error: a content record is a JSON object, not {type(data).__name__}")
    if ir.content:
        from worldgen.content import Validator

        violations = Validator(ir).check(data, found.stem)[1]
        if violations:
            v = violations[0]
            raise WorldgenError(f"{found}: error: record {found.stem!r} does not fit {ir.name}'s content slots: "
                                f"{v.rule} at {v.pointer or '/'}")
    return data
