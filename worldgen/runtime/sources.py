"""Where trainers' worlds come from: a world file, an artifact file, or a suite folder.

Every adapter (Gymnasium, `worldgen serve`) opens worlds through ``open_worlds`` so they all
accept the same paths. Files are read as data only: artifacts go through the artifact loader,
which validates them and refuses IR that is unsafe to generate code from. A suite's index is data
too, so its paths must stay inside the suite folder.
"""

from __future__ import annotations

from pathlib import Path

from worldgen.compiler.artifact import Artifact, load
from worldgen.errors import WorldgenError
from worldgen.ir.world import World
from worldgen.jsondata import parse_object

INDEX = "index.jsonl"


def open_worlds(path: str | Path) -> list[tuple[str, World]]:
    """``(world_id, World)`` pairs, in suite order: one pair for a file, one per index line for a suite.

    A file's id is the world's content hash (``World.id``); a suite's ids are those of its index.
    """
    return [(world_id, item.world if isinstance(item, Artifact) else item) for world_id, item in open_artifacts(path)]


def open_artifacts(path: str | Path) -> list[tuple[str, Artifact | World]]:
    """Like ``open_worlds``, but an artifact file keeps its check report and provenance (the
    rollout oracle and the suite report read them); a bare world file stays a World."""
    path = Path(path)
    if path.is_dir():
        return _open_suite(path)
    if not path.exists():
        raise WorldgenError(f"{path}: error: no such world file or suite folder")
    item = load(path)
    return [(item.id, item)]


def _open_suite(folder: Path) -> list[tuple[str, Artifact | World]]:
    index = folder / INDEX
    if not index.is_file():
        raise WorldgenError(f"{folder}: error: not a suite: it has no {INDEX} (compile one with `worldgen compile ... -o DIR`)")
    root = folder.resolve()
    worlds: list[tuple[str, Artifact | World]] = []
    seen: set[str] = set()
    for lineno, line in enumerate(index.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{index}:{lineno}"
        world_id, rel = _index_entry(line, where)
        if world_id in seen:
            raise WorldgenError(f"{where}: error: world id {world_id!r} appears twice in the index")
        target = (root / rel).resolve()
        if not target.is_relative_to(root):
            raise WorldgenError(f"{where}: error: path {rel!r} leads outside the suite folder")
        if not target.is_file():
            raise WorldgenError(f"{where}: error: world file {rel!r} is missing")
        seen.add(world_id)
        worlds.append((world_id, load(target)))
    if not worlds:
        raise WorldgenError(f"{index}: error: the suite index lists no worlds")
    return worlds


def _index_entry(line: str, where: str) -> tuple[str, str]:
    entry = parse_object(line, where, "index line")
    world_id, rel = entry.get("id"), entry.get("path")
    if not isinstance(world_id, str) or not world_id:
        raise WorldgenError(f"{where}: error: index line needs a non-empty string \"id\"")
    if not isinstance(rel, str) or not rel or Path(rel).is_absolute():
        raise WorldgenError(f"{where}: error: index line needs \"path\": a file path relative to the suite folder")
    return world_id, rel
