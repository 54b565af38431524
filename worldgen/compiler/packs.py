"""Content records for a suite: a pack folder (``records.jsonl``), a ``.jsonl`` file, or a single
``.json`` record (such as ``content_packs/<name>/example.json``).

Records are ordered by their pack ``index`` when every line has one (so a pack written by
concurrent workers gives the same suite whatever order its lines landed in), else by file order.
Before any world is built, every record is validated against the scaffold's content schema and
rules, so a bad record is an error naming it, not a KeyError from deep inside a build.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.errors import UsageError, WorldgenError
from worldgen.ir.models import Scaffold
from worldgen.textfile import read_text

Record = tuple[str, dict[str, Any]]  # (record id, content)
NO_CONTENT: Record = ("none", {})  # the one record of a scaffold without content slots


def read_pack(path: str | Path) -> list[Record]:
    path = Path(path)
    if path.is_dir():
        path = path / "records.jsonl"
    if not path.is_file():
        raise WorldgenError(f"{path}: error: no such content pack (a folder with records.jsonl, a .jsonl or a .json record)")
    if path.suffix == ".json":
        return [(path.stem, _record(_parse(read_text(path), path, None), path, None))]
    lines = []
    for number, line in enumerate(read_text(path).splitlines(), 1):
        if not line.strip():
            continue
        item = _parse(line, path, number)
        if not isinstance(item, dict) or not isinstance(item.get("id"), str) or "content" not in item:
            raise WorldgenError(f"{path}:{number}: error: a pack line needs an \"id\" string and a \"content\" object")
        lines.append(item)
    if not lines:
        raise WorldgenError(f"{path}: error: the pack has no records")
    if all(isinstance(item.get("index"), int) for item in lines):
        lines.sort(key=lambda item: item["index"])
    return [(item["id"], _record(item["content"], path, item["id"])) for item in lines]


def check_made_for(ir: Scaffold, path: str | Path, scaffold_file: str) -> None:
    """Refuse (a usage error) a pack folder whose manifest says it was made for another scaffold,
    or for another version of this one: records follow the content schema their scaffold had, so
    a changed schema (a new slot, other lengths or list sizes) means the pack no longer fits."""
    from worldgen.content.pack import MANIFEST, RECORDS
    from worldgen.content.schema import content_schema, schema_hash

    path = Path(path)
    folder = path if path.is_dir() else path.parent if path.name == RECORDS else None
    if folder is None or not (folder / MANIFEST).is_file():
        return  # a lone record or .jsonl file records nothing about its scaffold
    try:
        manifest = jsondata.loads(read_text(folder / MANIFEST))
    except json.JSONDecodeError as err:
        raise WorldgenError(f"{folder / MANIFEST}:{err.lineno}:{err.colno}: error: not valid JSON: {err.msg}") from None
    made_for, made_with = manifest.get("scaffold"), manifest.get("schema_hash")
    remake = f"make a new one with `worldgen content {scaffold_file} -n N -o NEWPACK`"
    if made_for != ir.name:
        raise UsageError(f"{path}: error: this content pack was made for scaffold '{made_for}', not for '{ir.name}' "
                         f"({scaffold_file}); {remake}")
    here = schema_hash(content_schema(ir))
    if made_with != here:
        raise UsageError(f"{path}: error: this content pack was made for another version of scaffold '{ir.name}': "
                         f"its content schema (sha256 {str(made_with)[:12]}) is not the one {scaffold_file} has now "
                         f"(sha256 {here[:12]}), so its records may not fit the slots; {remake}")


SHOWN = 10  # violations listed before the rest are summarised


def validate_pack(ir: Scaffold, records: list[Record], path: str | Path) -> None:
    """Raise a WorldgenError listing (record id, JSON pointer, rule) for each violation found,
    one line each, the first SHOWN of them."""
    from worldgen.content.validate import Validator

    validator = Validator(ir)
    found = []
    bad = 0
    for rid, record in records:
        violations = validator.check(record, rid)[1]
        bad += bool(violations)
        found += violations[: SHOWN - len(found)]
    if found:
        lines = [f"{path}: error: record {v.record_id}: {v.pointer or '/'}: {v.rule}" for v in found]
        lines.append(f"{path}: {bad} of {len(records)} records break the content schema of '{ir.name}' "
                     f"(`worldgen schema` prints it)")
        raise WorldgenError("\n".join(lines))


def _parse(text: str, path: Path, line: int | None) -> Any:
    try:
        return jsondata.loads(text)
    except json.JSONDecodeError as err:
        where = f"{path}:{line}" if line is not None else f"{path}:{err.lineno}:{err.colno}"
        raise WorldgenError(f"{where}: error: not valid JSON: {err.msg}") from None


def _record(content: Any, path: Path, rid: str | None) -> dict[str, Any]:
    if not isinstance(content, dict):
        raise WorldgenError(f"{path}: error: record {rid or path.stem} is not a JSON object")
    return content
