"""``worldgen export files``: a terminal world's file tree as plain files, for inspection and for
any sandbox that wants the world's files without worldgen.

The tree is the world's state as its shell shows it after ``reset`` (``worldgen.terminal.tree``):
``DIR/var/log/api.log`` for ``/var/log/api.log``, with the world's modes and times, and owners
where this process may ``chown`` (root). ``DIR/.worldgen-files.json`` lists every path's mode,
owner, group, time and SHA-256, so owners are never lost where they could not be set.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from worldgen.errors import UsageError, WorldgenError
from worldgen.ir.world import World
from worldgen.terminal.tree import manifest, walk, write_tree

MANIFEST = ".worldgen-files.json"
FORMAT = "worldgen.files/1"


def export_files(world: World, out: Path, episode_seed: int | None = None) -> tuple[int, bool]:
    """Write the tree; (files written, whether owners were set)."""
    if world.scaffold.terminal is None:
        raise UsageError(f"worldgen export files: error: {world.scaffold.name} is not a terminal world (it has no files block)")
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise WorldgenError(f"{out}: error: already exists and is not an empty folder; remove it or export to another folder")
    env = world.env()
    env.reset(seed=world.seed if episode_seed is None else episode_seed)
    items = walk(env._terminal.fs)  # type: ignore[union-attr]  # noqa: SLF001 - the world's own file system
    own = os.geteuid() == 0
    out.mkdir(parents=True, exist_ok=True)
    write_tree(items, out, own=own)
    record = {"format": FORMAT, "scaffold": world.scaffold.name, "world_seed": world.seed,
              "episode_seed": world.seed if episode_seed is None else episode_seed, "owners_set": own, "paths": manifest(items)}
    (out / MANIFEST).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return sum(1 for i in items if not i.is_dir), own
