"""The grammar's LALR parser kept between processes, as JSON in the user's cache folder.

Building the parse tables costs ~0.2 s, a quarter of a `worldgen compile` start-up and most of a
`worldgen check`; loading them costs a tenth of that. The file is named by a hash of the grammar,
Lark's version and the parser options, so an edited grammar or another Lark builds afresh. It is
JSON, never pickle (Lark's own ``cache=True`` pickles into the shared temporary folder): a cache
file is data that something else may have written, so the worst a bad one can do is fail to
load, and then the parser is built and the file replaced. Set ``WORLDGEN_PARSER_CACHE`` to another
folder, or to an empty string to keep nothing.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

from worldgen.files import write_atomic
from worldgen.user_cache import parse_cache_folder as cache_folder

FORMAT = 1  # bump when the encoding below changes


def cached_lark(grammar: str, **options: Any) -> Lark:
    """``Lark(grammar, parser="lalr", **options)``, read from the cache when it holds this grammar
    built with these options, else built and saved there (a folder that cannot be written only
    costs the time)."""
    folder = cache_folder()
    key = hashlib.sha256(json.dumps([FORMAT, lark.__version__, grammar, sorted(options.items())],
                                    default=repr).encode("utf-8")).hexdigest()[:32]
    path = folder / f"parser-{key}.json" if folder is not None else None
    if path is not None:
        loaded = _load(path)
        if loaded is not None:
            return loaded
    parser = Lark(grammar, parser="lalr", **options)
    if path is not None:
        _save(parser, path)
    return parser


def _load(path: Path) -> Lark | None:
    try:
        saved = json.loads(path.read_bytes(), object_hook=_decode)
        return Lark._load_from_dict(saved["data"], saved["memo"])
    except Exception:  # noqa: BLE001 - missing, truncated, tampered or from another layout: build instead
        return None


def _save(parser: Lark, path: Path) -> None:
    """Write the file whole or not at all (``write_atomic``), so processes starting together
    never read half of one."""
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        write_atomic(path, json.dumps(_encode({"data": data, "memo": memo}), separators=(",", ":")))
    except (OSError, TypeError, ValueError):  # no room, no rights, or a value JSON cannot keep: no cache
        pass


def _encode(value: Any) -> Any:
    """JSON for Lark's serialized parser, keeping what JSON would lose: every container becomes a
    one-key object (``l`` list, ``t`` tuple, ``d`` dict as [key, value] pairs, keys being ints or
    strings), so a tuple stays a tuple and an int key an int."""
    if isinstance(value, dict):
        return {"d": [[_encode(k), _encode(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"t": [_encode(v) for v in value]}
    if isinstance(value, list):
        return {"l": [_encode(v) for v in value]}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    raise TypeError(f"cannot keep a {type(value).__name__} in the parser cache")


def _decode(obj: dict[str, Any]) -> Any:
    """The inverse of ``_encode``, one JSON object at a time (innermost first)."""
    (tag, items), = obj.items()
    if tag == "l":
        return items
    if tag == "t":
        return tuple(items)
    if tag == "d":
        return {k: v for k, v in items}
    raise ValueError(f"unknown tag {tag!r}")
