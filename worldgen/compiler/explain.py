"""What `worldgen explain` says, as data: a suite's failed draws grouped by seed, or one
artifact's checks, oracles and failing traces, each trace with the state after every step.

Trusted like every command that loads suites: an artifact goes through the same checked reader
as serve and rollout, and a suite's draws.jsonl must hash to the sha256 its summary.json records;
an edited file is refused unless ``trust_edited`` (the command line's ``--trust-edited``). A partial
suite (an interrupted compile, or the flywheel's gate stopping a hopeless one) has no summary yet:
its draws are read up to the last seed its journal recorded, and the answer says so."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.compiler import artifact
from worldgen.compiler.bounds import recheck_bounds
from worldgen.compiler.draws import counterexample, evidence
from worldgen.compiler.journal import MARKER, Checkpoint, last_checkpoint, partial_suite_error
from worldgen.compiler.suite import DRAWS, INDEX, LOGS, SUMMARY
from worldgen.errors import WorldgenError
from worldgen.flywheel.split import SPLIT
from worldgen.jsondata import parse_object
from worldgen.runtime.named import named_state
from worldgen.runtime.sources import load_checked
from worldgen.textfile import read_text
from worldgen.verify import Oracle, verify_world

SEED_FIELDS = ("seed", "record_id", "seed_accepted")


def explain(path: Path, seed: int | None = None, trust_edited: bool = False,
            max_states: int | None = None) -> dict[str, Any]:
    """A suite folder (``seed``: only that seed's draws) or one artifact or world file
    (``max_states``: the user's bound for checking a bare world, as verify's)."""
    if not path.exists():
        raise WorldgenError(f"{path}: error: no such suite folder or artifact")
    if path.is_dir():
        return suite(path, seed, trust_edited)
    if seed is not None:
        raise WorldgenError(f"{path}: error: --seed selects the draws of a suite folder, and this is one world")
    return world(path, trust_edited, max_states)


def suite(root: Path, seed: int | None = None, trust_edited: bool = False) -> dict[str, Any]:
    """Every failed draw of the suite, grouped by seed in seed order."""
    partial = (root / MARKER).exists()
    checkpoint = last_checkpoint(root, len(LOGS)) if partial else None
    if partial and checkpoint is None:
        raise partial_suite_error(root)
    if not (root / INDEX).is_file():
        raise WorldgenError(f"{root}: error: not a suite folder (no {INDEX})")
    source = root / DRAWS
    if not source.is_file() and (root / SPLIT).is_file():
        raise WorldgenError(f"{root}: error: a suite written by `worldgen split`: its worlds' failed draws are in the "
                            f"suites it was split from (\"sources\" in {SPLIT}); explain those, or one of its worlds")
    if not source.is_file():
        raise WorldgenError(f"{root}: error: no {DRAWS}: the suite was compiled by a worldgen that did not record "
                            "failed draws; compile it again")
    if checkpoint is None and not trust_edited:
        _check_log(root, DRAWS)
    if seed is not None:
        _check_seed(root, seed)
    seeds: dict[int, dict[str, Any]] = {}
    for number, line in enumerate(_draw_lines(source, checkpoint), 1):
        try:
            draw = jsondata.loads(line)
            key = int(draw["seed"])
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            raise WorldgenError(f"{source}:{number}: error: not a failed-draw line") from None
        if seed is not None and key != seed:
            continue
        entry = seeds.setdefault(key, {"seed": key, "record_id": draw.get("record_id"),
                                       "accepted": draw.get("seed_accepted"), "draws": []})
        entry["draws"].append({k: v for k, v in draw.items() if k not in SEED_FIELDS})
    return {"suite": str(root), "seed": seed, "seeds": list(seeds.values()),
            "interrupted_before": checkpoint.next_seed if checkpoint is not None else None}


def _draw_lines(source: Path, checkpoint: Checkpoint | None) -> Iterator[str]:
    """The lines of draws.jsonl: all of them, or, in a partial suite, those of the seeds its
    journal recorded (a line past them may be torn by the kill)."""
    if checkpoint is None:
        with source.open(encoding="utf-8") as lines:
            yield from lines
        return
    with source.open("rb") as f:
        recorded = f.read(checkpoint.sizes[LOGS.index(DRAWS)])
    try:
        yield from recorded.decode("utf-8").splitlines()
    except UnicodeDecodeError:
        raise WorldgenError(f"{source}: error: not UTF-8 text") from None


def _check_seed(root: Path, seed: int) -> None:
    """Refuse a seed the suite never compiled (its summary's ``A:B``), rather than say it has no
    failed draws."""
    summary = root / SUMMARY
    if not summary.is_file():
        return
    seeds = parse_object(read_text(summary), str(summary), "the summary").get("seeds")
    try:
        start, stop = (int(x) for x in str(seeds).split(":"))
    except ValueError:
        return
    if not start <= seed < stop:
        raise WorldgenError(f"{root}: error: seed {seed} is not one of the suite's seeds ({start}:{stop})")


def _check_log(root: Path, name: str) -> None:
    """Refuse a log whose bytes differ from the sha256 the suite's summary records for it."""
    summary = root / SUMMARY
    if not summary.is_file():
        raise WorldgenError(f"{root}: error: no {SUMMARY}, so {name} cannot be checked; re-compile the suite, "
                            "or pass --trust-edited to read it anyway")
    recorded = parse_object(read_text(summary), str(summary), "the summary").get("sha256")
    recorded = recorded.get(name) if isinstance(recorded, dict) else None
    if recorded is None:
        raise WorldgenError(f"{summary}: error: records no sha256 for {name} (\"sha256\": {{\"{name}\": ...}}); "
                            "re-compile the suite, or pass --trust-edited to read it anyway")
    if artifact.sha256((root / name).read_bytes()) != recorded:
        raise WorldgenError(f"{root / name}: error: edited after compilation: its sha256 differs from the one "
                            f"{SUMMARY} records; re-compile the suite, or pass --trust-edited to read it anyway")


def world(path: Path, trust_edited: bool = False, max_states: int | None = None) -> dict[str, Any]:
    """An artifact's checks and oracles (a bare world file is checked here, within verify's bounds:
    the file's `check within` may lower the default, never raise it)."""
    loaded = load_checked(path, trust_edited)
    if isinstance(loaded, artifact.Artifact):
        w, report = loaded.world, loaded.report
    else:
        w = loaded
        try:
            report = verify_world(w, recheck_bounds(w.scaffold, max_states))
        except WorldgenError as err:
            raise WorldgenError(f"{path}: error: {err}") from None
    checks = []
    for c in report.checks:
        entry: dict[str, Any] = {"name": c.name, "status": c.status, "detail": c.detail}
        trace = evidence(c, report) if c.status == "fail" else None
        if trace is not None:
            entry["trace"] = counterexample(w, trace)
        checks.append(entry)
    oracles = {name: {"steps": counterexample(w, value.steps), "probability": value.probability, "return": value.ret}
               for name in type(report).model_fields
               if isinstance(value := getattr(report, name), Oracle)}
    return {"artifact": str(path), "world": w.scaffold.name, "seed": w.seed, "attempt": w.attempt, "ok": report.ok,
            "params": w.params, "axes": w.axes, "consts": w.consts, "start": named_state(w, w.initial_state), "checks": checks,
            "oracles": oracles}
