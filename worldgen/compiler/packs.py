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

from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold
from worldgen.textfile import read_text

Record = tuple[str, dict[str, Any]]  # (record id, content)


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
        return json.loads(text)
    except json.JSONDecodeError as err:
        where = f"{path}:{line}" if line is not None else f"{path}:{err.lineno}:{err.colno}"
        raise WorldgenError(f"{where}: error: not valid JSON: {err.msg}") from None


def _record(content: Any, path: Path, rid: str | None) -> dict[str, Any]:
    if not isinstance(content, dict):
        raise WorldgenError(f"{path}: error: record {rid or path.stem} is not a JSON object")
    return content
