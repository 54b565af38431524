"""Worlds and small suites on disk for the adapter and serve tests.

A suite here is what ``worldgen compile`` writes, minus what these tests do not read: an
``index.jsonl`` naming each world file by id and relative path, with its sha256. Worlds are stored as bare world
JSON, except the first, which is a full artifact (world + check report + provenance), so every
test that opens the suite also opens both file kinds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

from tests.conftest import EXAMPLES, example_record, example_scaffold
from worldgen.compiler.artifact import build, sha256
from worldgen.ir.world import World
from worldgen.tables.paths import tables_path
from worldgen.verify import verify_world


@lru_cache(maxsize=None)
def example_worlds(seeds: tuple[int, ...] = (1, 2)) -> tuple[World, ...]:
    """Each example scaffold with its example content, at each seed (axes drawn by the seed)."""
    return tuple(example_scaffold(name).instantiate(example_record(name), seed=seed) for name in EXAMPLES for seed in seeds)


def write_world(path: Path, world: World, as_artifact: bool = False) -> Path:
    text = build(world, verify_world(world), "example").to_json() if as_artifact else world.to_json()
    path.write_text(text, "utf-8")
    return path


def write_suite(folder: Path, worlds: tuple[World, ...], tables: Callable[[World], bytes] | None = None) -> Path:
    """A suite of ``worlds`` (the first as an artifact), each with the step tables ``tables``
    makes for it, hashed in its index line as ``compile --tables`` does."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "worlds").mkdir(exist_ok=True)
    lines = []
    for i, world in enumerate(worlds):
        path = write_world(folder / "worlds" / f"{world.id}.json", world, as_artifact=i == 0)
        hashes = {"artifact": sha256(path.read_bytes())}
        if tables is not None:
            data = tables(world)
            tables_path(path).write_bytes(data)
            hashes["tables"] = sha256(data)
        lines.append(json.dumps({"id": world.id, "path": f"worlds/{world.id}.json", "hashes": hashes}))
    (folder / "index.jsonl").write_text("\n".join(lines) + "\n", "utf-8")
    return folder
