"""A small TOML writer for task.toml: tables, strings, numbers, booleans, arrays of those and of
inline tables. Python's standard library reads TOML but cannot write it.

Strings from content are escaped so that any text stays one TOML string (control characters,
quotes and backslashes escaped), and ``dumps`` checks its own output by parsing it back.
"""

from __future__ import annotations

import math
import re
import tomllib
from typing import Any

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")


def dumps(doc: dict[str, Any]) -> str:
    lines: list[str] = []
    _table(doc, [], lines)
    text = "\n".join(lines).strip() + "\n"
    if tomllib.loads(text) != doc:
        raise ValueError("TOML writer produced a document that reads back differently")  # a bug here, not bad input
    return text


def _table(table: dict[str, Any], path: list[str], lines: list[str]) -> None:
    plain = {k: v for k, v in table.items() if not isinstance(v, dict)}
    nested = {k: v for k, v in table.items() if isinstance(v, dict)}
    if path and (plain or not nested):
        lines.append("")
        lines.append("[" + ".".join(_key(p) for p in path) + "]")
    lines.extend(f"{_key(k)} = {_value(v)}" for k, v in plain.items())
    for k, v in nested.items():
        _table(v, [*path, k], lines)


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else _string(key)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"TOML has no place for the number {value}")
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def _string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'
