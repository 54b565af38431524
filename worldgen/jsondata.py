"""One JSON object from a line or a file, with a located error a person can act on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from worldgen.errors import WorldgenError
from worldgen.textfile import read_text


def loads(text: str | bytes) -> Any:
    """``json.loads``, with JSON nested past the interpreter's recursion limit (a file of ten
    thousand ``[``) raised as the JSONDecodeError every caller already reports, not as a
    RecursionError that would end the command as an internal error."""
    try:
        return json.loads(text)
    except RecursionError:
        raise json.JSONDecodeError("nested too deeply", text if isinstance(text, str) else "", 0) from None


def parse_object(text: str, where: str, what: str) -> dict[str, Any]:
    """``text`` as a JSON object; ``where`` (``FILE:LINE``) and ``what`` ("index line", ...) name it
    in the error."""
    try:
        data = loads(text)
    except json.JSONDecodeError as err:
        raise WorldgenError(f"{where}: error: {what} is not JSON: {err.msg}") from None
    if not isinstance(data, dict):
        raise WorldgenError(f"{where}: error: {what} must be a JSON object")
    return data


def read_json_file(path: Path) -> Any | None:
    """A JSON file's value, None where the file does not exist; invalid JSON is an error naming
    ``FILE:LINE:COL``."""
    if not path.is_file():
        return None
    try:
        return loads(read_text(path))
    except json.JSONDecodeError as err:
        raise WorldgenError(f"{path}:{err.lineno}:{err.colno}: error: not valid JSON: {err.msg}") from None


def first_problem(err: ValidationError) -> str:
    """A pydantic error as one line (its first problem, where, and how many there are): pydantic's
    own text runs over several lines and quotes the input, which may be megabytes."""
    first = err.errors()[0]
    pointer = "/" + "/".join(str(p) for p in first["loc"])
    return f"at {pointer}: {first['msg']} ({err.error_count()} problem(s))"
