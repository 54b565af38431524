"""The solver's frontier after a round: the worlds it won sometimes but not always, where a trainer
learns most. Written to RUN/round-NN/frontier.json for ``--train`` (``WORLDGEN_FRONTIER``)."""

from __future__ import annotations

import json
from pathlib import Path

from worldgen.files import write_atomic

FRONTIER_FILE = "frontier.json"


def write_frontier(folder: Path, reports: list[Path], policy: str) -> Path:
    """``{"solver", "worlds": [{"scaffold", "suite", "world", "success"}]}`` over the round's reports,
    in report order, then suite order."""
    worlds = []
    for path in reports:
        data = json.loads(path.read_text("utf-8"))
        stats = data["rollouts"]["policies"][policy]
        for world in stats["frontier"]:
            group = stats["by_world"][world]
            worlds.append({"scaffold": path.stem, "suite": data["suite"]["path"], "world": world,
                           "success": group["success"]["rate"]})
    target = folder / FRONTIER_FILE
    write_atomic(target, json.dumps({"solver": policy, "worlds": worlds}, indent=2) + "\n")
    return target
