"""The rollout file: JSON lines, one episode per line (format ``worldgen.rollout/1``).

Each line is canonical JSON, so the same episodes give the same bytes; the only measured value,
``timing``, sits in its own member for readers that compare files. A run appends and flushes one
line per finished episode, so a killed run keeps every finished episode; a torn last line (the
kill landed mid-write) is cut when the run resumes. An episode is identified by (policy, world,
seed); when a key appears twice (a failed episode retried on resume), the later line wins.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.ir.models import canonical_json

FORMAT = "worldgen.rollout/1"
Key = tuple[str, str, int]


def key(record: dict[str, Any]) -> Key:
    return record["policy"], record["world"], record["seed"]


def finished(record: dict[str, Any]) -> bool:
    """Recorded for good: no error, or a world error (the world would fail the same way again).
    Policy errors (an endpoint that kept failing) are retried when a run resumes."""
    error = record.get("error")
    return error is None or error.get("source") == "world"


def line(record: dict[str, Any]) -> str:
    return canonical_json(record) + "\n"


def read(path: str | Path, cut_torn_tail: bool = False) -> tuple[list[dict[str, Any]], list[str]]:
    """Episodes of a rollout file, latest per key, in file order; plus warnings (for the report).

    A last line that is not JSON is a run killed mid-write: it is cut from the file when
    ``cut_torn_tail`` (resuming), else skipped with a warning. Any other bad line is an error.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WorldgenError(f"{path}: error: no such rollout file") from None
    lines = data.split(b"\n")
    warnings: list[str] = []
    records: dict[Key, dict[str, Any]] = {}
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            record = jsondata.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as err:
            if number == len(lines) and not data.endswith(b"\n"):
                if cut_torn_tail:
                    with open(path, "r+b") as f:
                        f.truncate(len(data) - len(raw))
                else:
                    warnings.append(f"{path}:{number}: torn last line skipped (a run was killed mid-write; resume it to finish)")
                break
            raise WorldgenError(f"{path}:{number}: error: not JSON: {err}") from None
        if not isinstance(record, dict) or record.get("format") != FORMAT:
            raise WorldgenError(f"{path}:{number}: error: not a worldgen rollout line (expected format {FORMAT!r})")
        if not (isinstance(record.get("policy"), str) and isinstance(record.get("world"), str)
                and isinstance(record.get("seed"), int)):
            raise WorldgenError(f"{path}:{number}: error: a rollout line needs a string \"policy\" and \"world\" and an int \"seed\"")
        records.pop(key(record), None)  # the later line wins, in its own position
        records[key(record)] = record
    return list(records.values()), warnings


def rewrite(path: Path, lines: Iterable[str]) -> None:
    """Replace the file atomically with ``lines`` (each one ``line``'s text, already ordered)."""
    write_atomic(path, "".join(lines))
