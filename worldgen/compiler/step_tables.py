"""``compile --tables``: the step tables of each world of a suite that fits, beside its artifact.

A compile worker builds them from the graph it has just verified (``tables_of``), so a world is
explored once; ``write_tables`` then counts them, and explores again only the worlds a resumed
compile recorded before it was interrupted, within the bounds their check report records."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from worldgen.codegen.program import Rules
from worldgen.compiler.artifact import Artifact, load
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import build, unfit
from worldgen.tables.paths import tables_path
from worldgen.tables.store import encode, save
from worldgen.verify.statespace import StateGraph, explore


def tables_of(world_id: str, rules: Rules, graph: StateGraph) -> tuple[bytes | None, str | None]:
    """(the tables file's bytes, None) for a world that fits; (None, why not) for one that does not."""
    why = unfit(rules, graph)
    return (encode(build(world_id, rules, graph)), None) if why is None else (None, why)


def write_tables(out: Path, without: dict[str, str] | None = None) -> tuple[int, Counter[str]]:
    """(worlds with tables, why the others have none: reason -> worlds) for the suite at ``out``.
    ``without`` names the worlds (by index path) whose worker found they do not fit; a world with
    neither tables nor a reason is explored here."""
    written, skipped = 0, Counter[str]()
    known = without or {}
    for line in (out / "index.jsonl").read_text("utf-8").splitlines():
        name = json.loads(line)["path"]
        why = known.get(name)
        if why is None and not tables_path(out / name).exists():
            why = _write_one(out / name)
        if why is None:
            written += 1
        else:
            skipped[why.split(":")[0] if "states x" not in why else "over the size bound"] += 1
    return written, skipped


def _write_one(path: Path) -> str | None:
    """Explore the artifact at ``path`` and write its tables; why it has none, if it does not fit."""
    art = load(path)
    assert isinstance(art, Artifact)  # a suite's index lists artifacts only
    rules, initial = load_rules(art.world)
    graph = explore(rules, initial, art.report.bounds)
    why = unfit(rules, graph)
    if why is None:
        save(build(art.world.id, rules, graph), tables_path(path))
    return why
