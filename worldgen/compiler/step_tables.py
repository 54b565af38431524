"""``compile --tables``: write the tables of each world of a compiled suite that fits beside its
artifact, explored within the bounds its check report records."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from worldgen.compiler.artifact import Artifact, load
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import build, unfit
from worldgen.tables.store import save, tables_path
from worldgen.verify.statespace import explore


def write_tables(out: Path) -> tuple[int, Counter[str]]:
    """(worlds given tables, why the others have none: reason -> worlds) for the suite at ``out``."""
    written, skipped = 0, Counter[str]()
    for line in (out / "index.jsonl").read_text("utf-8").splitlines():
        path = out / json.loads(line)["path"]
        art = load(path)
        assert isinstance(art, Artifact)  # a suite's index lists artifacts only
        rules, initial = load_rules(art.world)
        graph = explore(rules, initial, art.report.bounds)
        why = unfit(rules, graph)
        if why is None:
            save(build(art.world.id, rules, graph), tables_path(path))
            written += 1
        else:
            skipped[why.split(":")[0] if "states x" not in why else "over the size bound"] += 1
    return written, skipped
