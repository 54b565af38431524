"""Argument helpers shared by subcommands."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from worldgen.errors import WorldgenError
from worldgen.textfile import read_text


INT64_MAX = 2**63 - 1  # seeds, bounds and counts go to numpy and to JSON readers as int64


def whole_number(least: int, most: int = INT64_MAX) -> Callable[[str], int]:
    """An argparse type: an int in least..most; anything else is a usage error (exit 2) saying why."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be at least {least}, not {value}")
        if value > most:
            raise argparse.ArgumentTypeError(f"must be at most {most:_}, not {value}")
        return value

    return parse


def seed_range(text: str) -> range:
    """An argparse type: ``A:B`` (seeds A..B-1) or ``N`` (seed N alone), 0 <= A < B <= 2^63 - 1."""
    start, sep, stop = text.partition(":")
    try:
        seeds = range(int(start), int(stop)) if sep else range(int(start), int(start) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must look like A:B (e.g. 0:100), not {text!r}") from None
    if seeds.start < 0 or not seeds or seeds.stop > INT64_MAX:
        raise argparse.ArgumentTypeError(f"{text}: need 0 <= A < B <= {INT64_MAX:_}")
    return seeds


def folder(text: str) -> Path:
    """An argparse type: an output folder, which may not exist yet but must not be a file."""
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} exists and is not a folder")
    return path


def assignments(values: list[str] | None, what: str) -> dict[str, str]:
    """``["a=b", ...]`` -> ``{"a": "b"}``; a malformed item is a usage error (exit 2)."""
    out: dict[str, str] = {}
    for item in values or []:
        name, sep, value = item.partition("=")
        if not sep or not name or not value:
            raise argparse.ArgumentTypeError(f"{what} must look like NAME=VALUE, not {item!r}")
        out[name.strip()] = value.strip()
    return out


def trust_argument(p: argparse.ArgumentParser) -> None:
    """``--trust-edited``: the one way to load artifacts that no longer match their recorded hashes."""
    p.add_argument("--trust-edited", action="store_true",
                   help="load artifacts even if edited after compilation (hashes that no longer match are refused)")


def typed_params(raw: dict[str, str]) -> dict[str, Any]:
    """Command-line param values: ints, true/false, or choice names."""
    out: dict[str, Any] = {}
    for k, v in raw.items():
        if v.lstrip("-").isdigit():
            out[k] = int(v)
        elif v.lower() in ("true", "false"):
            out[k] = v.lower() == "true"
        else:
            out[k] = v
    return out


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def read_json(path: str | Path, what: str) -> Any:
    try:
        return json.loads(read_text(path))
    except FileNotFoundError:
        raise WorldgenError(f"{path}: error: {what} not found") from None
    except json.JSONDecodeError as err:
        raise WorldgenError(f"{path}:{err.lineno}:{err.colno}: error: {what} is not valid JSON: {err.msg}") from None


def default_content(scaffold_path: str, name: str) -> Path | None:
    """The example record shipped beside the scaffolds, if any: content_packs/<name>/example.json."""
    here = Path(scaffold_path).resolve().parent
    for base in (here.parent / "content_packs", here / "content_packs"):
        candidate = base / name / "example.json"
        if candidate.is_file():
            return candidate
    from worldgen.datafiles import data_folder

    packaged = data_folder("content_packs").joinpath(name, "example.json")
    return Path(str(packaged)) if packaged.is_file() else None
