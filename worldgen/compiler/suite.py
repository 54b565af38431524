"""Compile a suite: one scaffold x a content pack x a range of seeds -> verified artifacts.

Seed ``s`` takes record ``s mod len(pack)``. A world failing its checks is re-drawn with new
build-time randomness (``attempt`` 1, 2, ...; new params too with ``redraw_params``) up to
``attempts`` draws, when drawing again can change the outcome (redraw.py); a seed that never
yields a passing world goes to ``rejected.jsonl`` with the reason of every draw. When every draw of
the first seeds fails a check that no re-draw can pass, compiling stops with the reason. Output (all canonical,
byte-identical for the same inputs whatever ``--jobs`` or executor)::

    OUT/worlds/<id>.json   one artifact per accepted world
    OUT/index.jsonl        one line per accepted world, in seed order
    OUT/rejected.jsonl     one line per rejected seed, in seed order
    OUT/draws.jsonl        one line per failed draw (of rejected and accepted seeds), with its
                           counterexamples (see draws.py), in seed and attempt order
    OUT/summary.json       counts, acceptance rates, reasons, and the sha256 of each log, so a
                           reader of a log (`explain`) can tell it was not edited (written last)
    OUT/in-progress        present only while compiling (or after a kill): the resume journal
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, closing
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, BinaryIO

from worldgen.canonical import sha256
from worldgen.compiler import journal
from worldgen.compiler.executors import Executor
from worldgen.compiler.redraw import PROBE, Redraws
from worldgen.compiler.packs import Record
from worldgen import jsondata
from worldgen.errors import WorldgenError
from worldgen.files import open_log, remove_temporaries, write_atomic
from worldgen.folder_lock import FolderLock
from worldgen.ir.axes import check_axes
from worldgen.ir.models import Scaffold, canonical_json
from worldgen.tables.paths import tables_path
from worldgen.textfile import read_text
from worldgen.verify import Bounds

INDEX, REJECTED, DRAWS, SUMMARY, WORLDS = "index.jsonl", "rejected.jsonl", "draws.jsonl", "summary.json", "worlds"
LOGS = (INDEX, REJECTED, DRAWS)  # streamed in seed order; a resumed compile cuts them to its checkpoint
CHUNK = 8  # seeds per task: large enough to amortise a task, small enough to balance workers
TAPER = 8  # near the end a task takes at most 1/TAPER of the seeds left, so the workers finish together


@dataclass(frozen=True)
class Spec:
    """Everything a worker needs; shipped to each worker once."""

    scaffold: Scaffold
    records: tuple[Record, ...]
    axes: dict[str, str]
    bounds: Bounds
    attempts: int
    redraw_params: bool = False  # a re-draw also draws new params
    params: dict[str, Any] = field(default_factory=dict)  # params fixed for every world (`compile --param`)
    tables: bool = False  # also build each accepted world's step tables (`compile --tables`; not in the fingerprint)

    @cached_property
    def redraws(self) -> Redraws:
        return Redraws.of(self.scaffold, self.redraw_params)


@dataclass(frozen=True)
class Result:
    seed: int
    line: dict[str, Any]  # the index.jsonl or rejected.jsonl line
    artifact: str | None = None  # canonical JSON of the accepted world's artifact
    failed_draws: tuple[dict[str, Any], ...] = ()  # the draws.jsonl lines of the seed's failed draws
    tables: bytes | None = None  # the accepted world's step tables file (Spec.tables, when it fits)
    no_tables: str | None = None  # why it has none (Spec.tables, when it does not fit)


@dataclass(frozen=True)
class Drawn:
    """One draw finished (a progress note, sent as it happens): ``failed`` is empty when it passed."""

    seed: int
    attempt: int
    failed: tuple[str, ...]


_spec: Spec | None = None  # the worker's spec (set once per worker process)


def setup(spec: Spec) -> None:
    global _spec
    _spec = spec


def compile_chunk(seeds: list[int]) -> list[Result]:
    """Compile one task's seeds in this worker (or in the command's process, with one job)."""
    from worldgen.compiler.seeds import compile_seed  # loaded where worlds are compiled, not by a parent that only writes

    assert _spec is not None, "setup() was not called in this worker"
    return [compile_seed(_spec, s) for s in seeds]


@dataclass
class Summary:
    scaffold: str
    seeds: tuple[int, int]
    accepted: int = 0
    rejected: int = 0
    draws: int = 0
    accepted_at: Counter[int] = field(default_factory=Counter)  # attempt -> worlds
    failed_checks: Counter[str] = field(default_factory=Counter)  # check -> failed draws of rejected seeds
    redrawn_for: Counter[str] = field(default_factory=Counter)  # check -> failed draws of accepted seeds

    def add(self, result: Result) -> None:
        self.draws += len(result.failed_draws)
        if result.artifact is not None:
            self.accepted += 1
            self.draws += 1
            self.accepted_at[result.line["attempt"]] += 1
        else:
            self.rejected += 1
        reasons = self.redrawn_for if result.artifact is not None else self.failed_checks
        for draw in result.failed_draws:
            reasons.update(draw["failed"])

    def as_dict(self) -> dict[str, Any]:
        total = self.accepted + self.rejected
        return {
            "scaffold": self.scaffold,
            "seeds": f"{self.seeds[0]}:{self.seeds[1]}",
            "worlds": total,
            "accepted": self.accepted,
            "rejected": self.rejected,
            "acceptance_rate": round(self.accepted / total, 6) if total else 0.0,
            "draws": self.draws,
            "draw_acceptance_rate": round(self.accepted / self.draws, 6) if self.draws else 0.0,
            "accepted_at_attempt": {str(k): v for k, v in sorted(self.accepted_at.items())},
            "failed_checks_in_rejected": dict(sorted(self.failed_checks.items())),
            "failed_checks_in_redraws": dict(sorted(self.redrawn_for.items())),
        }


def _chunks(seeds: range) -> Iterator[list[int]]:
    """The first PROBE seeds one by one (their results decide early whether to go on), then CHUNK
    at a time, fewer near the end: with 8 seeds a task to the last, one worker could still be
    compiling a whole task (a quarter second of sokoban worlds) while the others had nothing left."""
    probe = min(seeds.start + PROBE, seeds.stop)
    yield from ([s] for s in range(seeds.start, probe))
    start = probe
    while start < seeds.stop:
        size = min(CHUNK, -(-(seeds.stop - start) // TAPER))
        yield list(range(start, start + size))
        start += size


def inputs_fingerprint(spec: Spec, seeds: range) -> str:
    """What decides the output bytes (not --jobs nor the executor): a resume must match it."""
    return journal.fingerprint({
        "scaffold": sha256(spec.scaffold.to_json()), "records": [list(r) for r in spec.records],
        "axes": spec.axes, "bounds": spec.bounds.model_dump(mode="json"), "attempts": spec.attempts,
        "redraw_params": spec.redraw_params, "seeds": [seeds.start, seeds.stop],
        **({"params": spec.params} if spec.params else {})})  # absent when unused: older fingerprints still match


@dataclass
class _Tally:
    """The running summary and the early-stop probe, fed every result in seed order."""

    spec: Spec
    seeds: range
    summary: Summary
    advance: Callable[[Result], None]
    probe: list[list[list[str]]] = field(default_factory=list)  # the failed checks of each draw of the first seeds
    doomed: str | None = None

    def add(self, result: Result) -> None:
        self.summary.add(result)
        self.advance(result)
        if len(self.probe) < PROBE < len(self.seeds):  # stopping early saves the seeds after the probe
            self.probe.append([] if result.artifact is not None else [d["failed"] for d in result.failed_draws])
            self.doomed = self.spec.redraws.doomed(self.spec.scaffold, self.spec.bounds, self.probe)


def _recorded(out: Path) -> list[Result]:
    """The results already in the (cut) logs of an interrupted compile, in seed order. An accepted
    seed's artifact text is not re-read: its file was written whole before its index line."""
    def lines(name: str) -> list[dict[str, Any]]:
        return [json.loads(raw) for raw in (out / name).read_bytes().splitlines()]

    failed: dict[int, list[dict[str, Any]]] = {}
    for draw in lines(DRAWS):
        failed.setdefault(draw["seed"], []).append(draw)
    results = [Result(line["seed"], line, "", tuple(failed.get(line["seed"], ()))) for line in lines(INDEX)]
    results += [Result(line["seed"], line, None, tuple(failed.get(line["seed"], ()))) for line in lines(REJECTED)]
    return sorted(results, key=lambda r: r.seed)


def compile_suite(spec: Spec, seeds: range, out: Path, executor: Executor,
                  advance: Callable[[Result], None] = lambda r: None,
                  notice: Callable[[str], None] = lambda text: None,
                  drawn: Callable[[Drawn], None] | None = None) -> Summary:
    """Compile ``seeds`` into ``out``, streaming results to disk in seed order; an interrupted
    compile of the same inputs into ``out`` is resumed where it stopped (journal.py), and
    ``notice`` is told so. ``advance`` hears of each seed in seed order, ``drawn`` of each draw as
    soon as it ends (from any worker, in no set order)."""
    check_axes(spec.scaffold, spec.axes)  # a bad --axis is the user's error, not every world's
    if not spec.records:
        raise WorldgenError("the content pack has no records")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WorldgenError(f"{out}: error: cannot write the suite: {err}") from None
    with FolderLock(out, "`worldgen compile`"):
        return _compile(spec, seeds, out, executor, advance, notice, drawn)


def _compile(spec: Spec, seeds: range, out: Path, executor: Executor, advance: Callable[[Result], None],
             notice: Callable[[str], None], drawn: Callable[[Drawn], None] | None) -> Summary:
    """``compile_suite``'s work, in the folder it holds the lock of."""
    inputs = inputs_fingerprint(spec, seeds)
    tally = _Tally(spec, seeds, Summary(spec.scaffold.name, (seeds.start, seeds.stop)), advance)
    if (out / INDEX).exists() and not (out / journal.MARKER).exists():
        return _compiled_already(out, inputs, tally, notice)
    (out / WORLDS).mkdir(parents=True, exist_ok=True)
    remove_temporaries(out / WORLDS)
    remove_temporaries(out)
    book = journal.Journal(out, inputs, seeds, len(LOGS))
    try:
        checkpoint = book.open()
        if checkpoint.next_seed > seeds.start:
            notice(f"resuming the interrupted compile in {out} at seed {checkpoint.next_seed} "
                   f"({checkpoint.next_seed - seeds.start} of {len(seeds)} seeds already recorded)")
        logs = _open_logs(out, checkpoint.sizes)
        with ExitStack() as stack:
            for log in logs:
                stack.enter_context(log)
            for result in _recorded(out):
                tally.add(result)
            remaining = range(checkpoint.next_seed, seeds.stop) if tally.doomed is None else range(0)
            chunks = stack.enter_context(closing(executor.map(setup, spec, compile_chunk, _chunks(remaining), drawn)))
            for results in chunks:
                for result in results:
                    _write(out, logs, result)
                    book.record(result.seed + 1, tuple(log.tell() for log in logs))
                    tally.add(result)
                if tally.doomed is not None:
                    break
    except OSError as err:
        raise WorldgenError(f"{out}: error: cannot write the suite: {err}") from None
    finally:
        book.close()
    write_atomic(out / SUMMARY, canonical_json({**tally.summary.as_dict(), "sha256": logs_sha256(out), "inputs": inputs}) + "\n")
    book.finish()
    return _ended(out, tally)


def _compiled_already(out: Path, inputs: str, tally: _Tally, notice: Callable[[str], None]) -> Summary:
    """A folder holding a finished suite: made from these very inputs (the fingerprint its summary
    records), it is what this compile would write, so a script that compiles, then rolls out,
    runs again as it ran first; any other suite is never overwritten."""
    try:
        recorded = jsondata.loads(read_text(out / SUMMARY)).get("inputs")
    except (OSError, WorldgenError, AttributeError):
        recorded = None
    if recorded != inputs:
        raise WorldgenError(f"{out}: already holds a suite ({INDEX}) of other inputs; choose another -o or remove it")
    notice(f"{out} already holds this suite (the same inputs): nothing to compile")
    for result in _recorded(out):
        tally.add(result)
    return _ended(out, tally)


def _ended(out: Path, tally: _Tally) -> Summary:
    if tally.doomed is not None:
        raise WorldgenError(f"compile: stopped early: {tally.doomed}; `worldgen explain {out}` shows the draws")
    return tally.summary


def logs_sha256(out: Path) -> dict[str, str]:
    """The sha256 of each finished log, recorded in the summary."""
    return {name: sha256((out / name).read_bytes()) for name in LOGS}


def _open_logs(out: Path, sizes: tuple[int, ...]) -> list[BinaryIO]:
    """The three logs, cut back to a checkpoint's sizes (a file shorter than that was changed by
    hand since the interruption: nothing left to trust)."""
    for name, size in zip(LOGS, sizes):
        if size and (not (out / name).is_file() or (out / name).stat().st_size < size):
            raise WorldgenError(f"{out / name}: error: shorter than the interrupted compile recorded; "
                                f"the partial suite was changed since: remove {out} and compile again")
    return [open_log(out / name, size) for name, size in zip(LOGS, sizes)]


def _write(out: Path, logs: list[BinaryIO], result: Result) -> None:
    """One seed's output: its artifact (whole, before the index line naming it), then its lines."""
    index, rejected, failed = logs
    if result.artifact is not None:
        if result.tables is not None:
            write_atomic(tables_path(out / result.line["path"]), result.tables)
        write_atomic(out / result.line["path"], result.artifact)
        index.write((canonical_json(result.line) + "\n").encode("utf-8"))
    else:
        rejected.write((canonical_json(result.line) + "\n").encode("utf-8"))
    failed.write("".join(canonical_json(d) + "\n" for d in result.failed_draws).encode("utf-8"))
    for log in logs:
        log.flush()
