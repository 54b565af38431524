"""Reading a pack's files back on resume: the complete lines of its logs and its manifest, each
checked to be what the pack wrote. The files may have been edited, damaged or planted, and resuming
must then stop with the file, line and reason (never a traceback, never a silently wrong count)."""

from __future__ import annotations

import json
import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.errors import WorldgenError
from worldgen.jsondata import parse_object
from worldgen.textfile import decode

REJECT_KINDS = ("invalid", "duplicate", "error")


def read_log(path: Path) -> Iterator[tuple[str, Any]]:
    """(``FILE:LINE``, value) of each complete line of an append-only log; a torn last line (a
    killed write) is cut off the file. A line that is not JSON is an error naming it."""
    if not path.exists():
        return
    data = path.read_bytes()
    end = data.rfind(b"\n") + 1
    if end < len(data):
        with open(path, "r+b") as f:
            f.truncate(end)
    for number, raw in enumerate(decode(data[:end], path).splitlines(), 1):
        try:
            yield f"{path}:{number}", jsondata.loads(raw)
        except json.JSONDecodeError as err:
            raise WorldgenError(f"{path}:{number}: error: corrupt line ({err.msg}); remove it to resume") from None


def check_reject(where: str, line: Any) -> dict[str, Any]:
    """``line`` if it is a rejects.jsonl line the pack can count; else an error naming it."""
    if (isinstance(line, dict) and isinstance(line.get("index"), int) and isinstance(line.get("id"), str)
            and line.get("kind") in REJECT_KINDS and isinstance(line.get("reason"), str)
            and isinstance(line.get("violations", []), list)
            and all(isinstance(v, list) and len(v) == 2 and all(isinstance(p, str) for p in v)
                    for v in line.get("violations", []))):
        return line
    raise WorldgenError(f"{where}: error: not a reject line (needs an int \"index\", a string \"id\", a \"kind\" of "
                        f"{', '.join(REJECT_KINDS)} and a string \"reason\"); remove it to resume")


def read_manifest(path: Path) -> dict[str, Any]:
    """The manifest a previous run wrote, as a JSON object."""
    return parse_object(decode(path.read_bytes(), path), str(path), "the pack's manifest")


def count(value: Any, default: int = 0) -> int:
    """A token or attempt count read back from a log line: a whole number >= 0, else ``default``."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else default


def amount(value: Any) -> float | None:
    """A cost or duration read back from a file: a finite number >= 0, else None (unknown)."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and value >= 0
    return float(value) if ok else None
