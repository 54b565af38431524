"""Hypothesis strategies for hostile input: byte-level mutations of the shipped scaffolds, token
soup made of the language's own words and punctuation, and example content records with values
replaced by random JSON."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
SCAFFOLDS = sorted((ROOT / "scaffolds").glob("*.wg"))
SOURCES = {path.stem: path.read_bytes() for path in SCAFFOLDS}

KEYWORDS = (
    "world action state param const def let content entity enum axis reward done fail horizon when do say "
    "if else for in chance every step expect solvable within check states hidden require invariant observe "
    "invalid title instruction int bool set map rel list of one named grid init rename also true false not and or"
).split()
PUNCTUATION = list("{}()[]<>:;,.=+-*/%^|\"'#\\") + ["..", "==", "!=", "<=", ">=", "+=", "-=", '"""', "{x}", "\n", "\t"]
ODD = ["\x00", "\r", "\x0b", "\x0c", "\u2028", "\u202e", "\ufeff", "é", "𝔘", "0x", "0o", "1_000", "9" * 30, "1.5e3"]


def mutate(draw: st.DrawFn, data: bytes) -> bytes:
    """A few byte-level edits of ``data``: flips, deletions, insertions, duplications, truncation,
    or one of the language's words and odd characters (any of which may break UTF-8, JSON, the
    syntax, the types or the sizes)."""
    out = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(out)))
        match draw(st.sampled_from(("flip", "delete", "insert", "duplicate", "truncate", "token"))):
            case "flip" if at < len(out):
                out[at] ^= 1 << draw(st.integers(0, 7))
            case "delete":
                del out[at:at + draw(st.integers(1, 64))]
            case "insert":
                out[at:at] = draw(st.binary(min_size=1, max_size=16))
            case "duplicate":
                out[at:at] = out[at:at + draw(st.integers(1, 200))]
            case "truncate":
                del out[at:]
            case _:
                out[at:at] = draw(st.sampled_from(KEYWORDS + PUNCTUATION + ODD)).encode("utf-8")
    return bytes(out)


@st.composite
def mutated_scaffold(draw: st.DrawFn) -> bytes:
    """A shipped scaffold with a few byte-level edits."""
    return mutate(draw, SOURCES[draw(st.sampled_from(sorted(SOURCES)))])


@st.composite
def token_soup(draw: st.DrawFn) -> bytes:
    """``world NAME {`` followed by a random sequence of keywords, names, numbers and punctuation."""
    pieces = st.one_of(st.sampled_from(KEYWORDS), st.sampled_from(PUNCTUATION), st.sampled_from(ODD),
                       st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True), st.integers(-10**20, 10**20).map(str))
    body = " ".join(draw(st.lists(pieces, max_size=80)))
    return f"world w {{ {body} }}".encode("utf-8", "surrogatepass")


hostile_scaffold = st.one_of(mutated_scaffold(), token_soup())


RECORDS = {path.parent.name: json.loads(path.read_text("utf-8")) for path in sorted((ROOT / "content_packs").glob("*/example.json"))}
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)


@st.composite
def mutated_record(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """(scaffold name, its example record with a few values replaced by random JSON or removed)."""
    name = draw(st.sampled_from(sorted(n for n, r in RECORDS.items() if r)))
    return name, mutated_value(draw, RECORDS[name])


def mutated_value(draw: st.DrawFn, value: Any) -> Any:
    """A copy of the JSON ``value`` with a few nested values replaced by random JSON or removed."""
    value = copy.deepcopy(value)
    for _ in range(draw(st.integers(1, 3))):
        places = list(_places(value))
        if not places:
            break
        container, key = draw(st.sampled_from(places))
        if draw(st.booleans()):
            container[key] = draw(JSON_VALUES)
        else:
            del container[key]
    return value


def _places(value: Any) -> Iterator[tuple[Any, Any]]:
    """(container, key or index) of every value nested in ``value``."""
    keys = range(len(value)) if isinstance(value, list) else value.keys() if isinstance(value, dict) else ()
    for key in keys:
        yield value, key
        yield from _places(value[key])


@st.composite
def mutated_lines(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` (JSON lines) with a few byte-level edits, or with whole lines dropped, repeated,
    swapped or replaced by random JSON (each still valid JSON, but not the line the reader wants)."""
    if draw(st.booleans()):
        return mutate(draw, data)
    lines = data.splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, max(len(lines) - 1, 0)))
        match draw(st.sampled_from(("drop", "repeat", "swap", "replace"))):
            case "drop" if lines:
                del lines[at]
            case "repeat" if lines:
                lines.insert(at, lines[at])
            case "swap" if len(lines) > 1:
                lines[at], lines[-1] = lines[-1], lines[at]
            case _:
                lines[at:at + 1] = [json.dumps(draw(JSON_VALUES)).encode("utf-8") + b"\n"]
    return b"".join(lines)


REQUESTS = ({"op": "list"}, {"op": "reset", "world": "WORLD", "seed": 3}, {"op": "step", "session": "s1", "command": "look"},
            {"op": "step", "session": "s1", "command": "take the key"}, {"op": "close", "session": "s1"})


@st.composite
def request_lines(draw: st.DrawFn, worlds: list[str]) -> bytes:
    """A conversation of protocol requests (JSON lines) for a server offering ``worlds``: real
    requests, some with values replaced or removed, and the whole body perhaps edited byte by byte."""
    lines = []
    for n in range(draw(st.integers(1, 8))):
        request = {"id": n, **draw(st.sampled_from(REQUESTS))}
        if request.get("world") == "WORLD":
            request["world"] = draw(st.sampled_from(worlds))
        if draw(st.booleans()):
            request = mutated_value(draw, request)
        lines.append(json.dumps(request, ensure_ascii=draw(st.booleans())))
    body = "\n".join(lines).encode("utf-8", "surrogatepass") + draw(st.sampled_from((b"\n", b"", b"\n\n", b"\r\n")))
    return mutate(draw, body) if draw(st.booleans()) else body


ODD_ARGUMENTS = ["", "-", "--", "-x", "--no-such-option", "0", "1", "2", "-1", "0:1", "0:3", "5:2", ":", "1e20", "nan", "inf",
                 "-inf", str(2**63), str(2**64), "0.5", "0x10", "a=b", "=", "x=", "name=1", "random", "oracle",
                 "noisy-oracle:2", "mutate", "jsonl", "parquet", "auto", "é", "\u202e", " ", "../..", "--json", "-h"]


@st.composite
def argument_soup(draw: st.DrawFn, options: list[str], values: list[str]) -> list[str]:
    """Command-line arguments for one subcommand: its own options (``options``) and odd ones, with
    values from ``values`` (paths, mostly) and ``ODD_ARGUMENTS``, in any order and number."""
    pieces = st.one_of(st.sampled_from(options), st.sampled_from(values), st.sampled_from(ODD_ARGUMENTS),
                       st.text(st.characters(exclude_characters="\x00", codec="utf-8"), max_size=8))
    return draw(st.lists(pieces, max_size=10))
