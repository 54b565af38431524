"""One seed of a suite compiled: drawn, model-checked, re-drawn while that can help, and its
artifact and log lines made.

The worker side of ``compile`` (suite.py is the side that writes the suite): it loads the
instantiator, the model checker and the code generator, which a ``--jobs N`` parent never runs,
so the parent starts its workers without waiting for them.
"""

from __future__ import annotations

from typing import Any

from worldgen.compiler import artifact, draws, notes
from worldgen.compiler.instantiate import choose_axes, draw_params, instantiate
from worldgen.compiler.step_tables import tables_of
from worldgen.compiler.suite import WORLDS, Drawn, Result, Spec
from worldgen.errors import InstantiationError
from worldgen.verify.run import verify_explored


def compile_seed(spec: Spec, seed: int) -> Result:
    """Draw, verify and (if needed) re-draw the world of one seed, noting each draw as it ends."""
    record_id, record = spec.records[seed % len(spec.records)]
    failed: list[dict[str, Any]] = []
    for attempt in range(spec.attempts):
        params = draw_params(spec.scaffold, spec.params, seed, attempt if spec.redraw_params else 0)
        try:
            world = instantiate(spec.scaffold, record, seed, axes=spec.axes, params=params, attempt=attempt)
            report, rules, graph = verify_explored(world, spec.bounds)
        except InstantiationError as err:
            failed.append(draws.unbuilt(attempt, params, choose_axes(spec.scaffold, spec.axes, seed), err))
        else:
            if report.ok:
                notes.note(Drawn(seed, attempt, ()))
                art, text = artifact.build_json(world, report, record_id)
                line = index_line(art, artifact.sha256(text))
                tables, no_tables = tables_of(line["id"], rules, graph) if spec.tables else (None, None)
                if tables is not None:  # what loaders check the file against (runtime/sources.py)
                    line["hashes"]["tables"] = artifact.sha256(tables)
                return Result(seed, line, text, _lines(failed, seed, record_id, True), tables, no_tables)
            failed.append(draws.built(world, report))
        notes.note(Drawn(seed, attempt, tuple(failed[-1]["failed"])))
        if not spec.redraws.worth_another(failed[-1]["failed"]):
            break
    line = {"scaffold": spec.scaffold.name, "seed": seed, "record_id": record_id,
            "axes": choose_axes(spec.scaffold, spec.axes, seed),
            "draws": [{k: d[k] for k in ("attempt", "failed", "reason")} for d in failed]}
    return Result(seed, line, None, _lines(failed, seed, record_id, False))


def _lines(failed: list[dict[str, Any]], seed: int, record_id: str, accepted: bool) -> tuple[dict[str, Any], ...]:
    return tuple({"seed": seed, "record_id": record_id, "seed_accepted": accepted, **d} for d in failed)


def file_name(art: artifact.Artifact) -> str:
    """``worlds/<world id>.json`` (the id is the world's name, seed and content hash)."""
    return f"{WORLDS}/{art.world.scaffold.name}-{art.world.seed}-{art.provenance.world_sha256[:10]}.json"


def index_line(art: artifact.Artifact, artifact_sha256: str) -> dict[str, Any]:
    w, r, p = art.world, art.report, art.provenance
    return {
        "id": f"{w.scaffold.name}-{w.seed}-{p.world_sha256[:10]}",
        "path": file_name(art),
        "scaffold": w.scaffold.name,
        "seed": w.seed,
        "attempt": w.attempt,
        "record_id": p.record_id,
        "axes": w.axes,
        "params": w.params,
        "hashes": {"artifact": artifact_sha256, "world": p.world_sha256, "scaffold": p.scaffold_sha256,
                   "content": p.content_sha256},
        "checks": {"ok": r.ok, "passed": sum(c.status == "pass" for c in r.checks),
                   "skipped": sum(c.status == "skipped" for c in r.checks)},
        "solution_length": r.measures.solution_length,
        "reachable_states": r.measures.reachable_states,
        "max_return": r.returns.max,
    }
