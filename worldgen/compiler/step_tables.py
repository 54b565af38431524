"""``compile --tables``: the step tables of each world of a suite that fits, beside its artifact.

A compile worker builds them from the graph it has just verified (``tables_of``), so a world is
explored once; ``write_tables`` then counts them, and explores again only the worlds a resumed
compile recorded before it was interrupted, within the bounds their check report records."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from worldgen.canonical import sha256
from worldgen.codegen.program import Rules
from worldgen.compiler.artifact import Artifact, load
from worldgen.compiler.suite import INDEX, SUMMARY, logs_sha256
from worldgen.files import write_atomic
from worldgen.ir.models import canonical_json
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
    neither tables nor a reason is explored here, and its index line then records the new file's
    sha256 as a worker's would (the summary's hash of the index follows)."""
    written, skipped = 0, Counter[str]()
    known = without or {}
    lines = (out / INDEX).read_text("utf-8").splitlines()
    added = False
    for n, text in enumerate(lines):
        line = json.loads(text)
        why = known.get(line["path"])
        if why is None and not tables_path(out / line["path"]).exists():
            why, digest = _write_one(out / line["path"])
            if digest is not None:
                line["hashes"]["tables"] = digest
                lines[n], added = canonical_json(line), True
        if why is None:
            written += 1
        else:
            skipped[why.split(":")[0] if "states x" not in why else "over the size bound"] += 1
    if added:
        write_atomic(out / INDEX, "".join(f"{text}\n" for text in lines))
        if (out / SUMMARY).is_file():
            summary = json.loads((out / SUMMARY).read_text("utf-8"))
            write_atomic(out / SUMMARY, canonical_json({**summary, "sha256": logs_sha256(out)}) + "\n")
    return written, skipped


def _write_one(path: Path) -> tuple[str | None, str | None]:
    """Explore the artifact at ``path`` and write its tables: (None, their sha256), or (why it
    has none, None) if it does not fit."""
    art = load(path)
    assert isinstance(art, Artifact)  # a suite's index lists artifacts only
    rules, initial = load_rules(art.world)
    graph = explore(rules, initial, art.report.bounds)
    why = unfit(rules, graph)
    if why is not None:
        return why, None
    return None, sha256(save(build(art.world.id, rules, graph), tables_path(path)))
