"""``worldgen propose``: K new verified scaffolds aimed at the solver's band, from a library.

Drafts come from a proposer (``mutate``, offline: ``flywheel.mutate``; ``openai:MODEL``:
``flywheel.llm_proposer``). Each goes through the gate (``flywheel.accept``) until K are accepted
or the proposer has no more.

OUT/NAME/ holds an accepted proposal (NAME.wg, NAME.json: the content record, provenance.json);
OUT/rejected/NAME/ a rejected one (NAME.wg, reason.json); OUT/suites/NAME/ the worlds the gate
compiled for it, with its oracle and random rollouts. A killed run resumes: decided proposals are
read back, a half-compiled suite is finished. Same inputs, same bytes.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from worldgen.errors import DiagnosticError
from worldgen.files import write_atomic
from worldgen.frontend import compile_source
from worldgen.flywheel.accept import Gate, Verdict, member
from worldgen.flywheel.identity import structural_hash
from worldgen.flywheel.library import LibraryScaffold, read_library, write_member
from worldgen.flywheel.draft import Draft
from worldgen.flywheel.mutate import Band, Candidate, candidates, crossable_axes, renamed
from worldgen.flywheel.placement import numbered
from worldgen.flywheel.solver import SolverView
from worldgen.rollouts.sources import open_entries

PROPOSAL_FORMAT = "worldgen.proposal/1"


@dataclass(frozen=True)
class Settings:
    band: Band = Band()
    count: int = 4
    seeds: range = range(20)
    jobs: int = 1


def propose(library_dir: Path, view: SolverView, out: Path, settings: Settings,
            proposer: Proposer | None = None) -> dict[str, Any]:
    """Write up to ``settings.count`` accepted proposals into ``out``; returns the summary.
    ``proposer`` writes the drafts (default: the offline ``mutate`` proposer)."""
    library = read_library(library_dir)
    gate = Gate([member(s.ir, _suite_entries(view, s.name)) for s in library], settings.band, settings.seeds, settings.jobs)
    proposer = proposer or MutateProposer()
    records = {s.name: s.record for s in library}
    taken = {s.name for s in library}
    accepted: list[str] = []
    rejected: list[dict[str, str]] = []
    repeats = 0
    for draft in proposer.drafts(library, view, settings.band, out, gate):
        if _repeat(draft.source, f"{draft.name}.wg", gate):
            repeats += 1  # an edit an earlier round (or this one) already made: not a new proposal
            continue
        name = numbered(draft.name, taken, sep="_")
        taken.add(name)
        source = _named(draft.source, name)
        verdict = _decided(out, name)
        if verdict is not None:
            gate.remember(source, f"{name}.wg", verdict)
        else:
            verdict = gate.evaluate(source, f"{name}.wg", out / "suites" / name, records.get(draft.record_from or ""))
            if verdict.accepted:
                _write_accepted(out, name, source, draft, verdict, view, settings)
            else:
                _write_rejected(out, name, source, draft, verdict)
        if verdict.accepted:
            accepted.append(name)
            if len(accepted) >= settings.count:
                break  # before the proposer writes another draft (an LLM's costs tokens)
        else:
            rejected.append({"name": name, "reason": verdict.reason})
    evaluated = len(accepted) + len(rejected)
    summary = {"format": "worldgen.proposals/1", "proposer": proposer.name, "solver": view.policy,
               "band": [settings.band.lo, settings.band.hi], "requested": settings.count, "evaluated": evaluated,
               "accepted": accepted, "rejected": rejected, "repeats_skipped": repeats,
               "yield": round(len(accepted) / evaluated, 6) if evaluated else 0.0,
               **proposer.usage()}
    out.mkdir(parents=True, exist_ok=True)
    write_atomic(out / "summary.json", json.dumps(summary, indent=2) + "\n")
    return summary


class Proposer(Protocol):
    name: str

    def drafts(self, library: list[LibraryScaffold], view: SolverView, band: Band, out: Path, gate: Gate) -> Iterator[Draft]: ...

    def usage(self) -> dict[str, Any]: ...


class MutateProposer:
    """The offline proposer (``flywheel.mutate``): scaffolds farthest outside the band first, then
    their candidates one per scaffold in turn, so K proposals spread over the library."""

    name = "mutate"

    def drafts(self, library: list[LibraryScaffold], view: SolverView, band: Band, out: Path, gate: Gate) -> Iterator[Draft]:
        for scaffold, c in _ordered(library, view, band):
            yield Draft((scaffold.name,), f"{scaffold.name}_{c.tag}", c.source, c.change, c.why, record_from=scaffold.name)

    def usage(self) -> dict[str, Any]:
        return {}


def _ordered(library: list[LibraryScaffold], view: SolverView, band: Band) -> Iterator[tuple[LibraryScaffold, Candidate]]:
    """Scaffolds farthest outside the band first; then their candidates round-robin."""
    def distance(s: LibraryScaffold) -> float:
        result = view.scaffolds.get(s.name)
        return max(0.0, band.distance(result.success if result else None))  # unmeasured: as if in the band

    ranked = sorted(library, key=lambda s: -distance(s))
    axes = [a for s in library for a in crossable_axes(s.name, s.source)]
    queues = [(s, candidates(s.source, str(s.path), view.scaffolds.get(s.name), band,
                             tuple(a for a in axes if a.scaffold != s.name))) for s in ranked]
    depth = max((len(q) for _, q in queues), default=0)
    for i in range(depth):
        for scaffold, queue in queues:
            if i < len(queue):
                yield scaffold, queue[i]


def _named(source: str, name: str) -> str:
    """``source`` with its world named ``name`` (unchanged when it already is, or does not parse:
    the gate reports why)."""
    try:
        return renamed(source, f"{name}.wg", name)
    except DiagnosticError:
        return source


def _repeat(source: str, filename: str, gate: Gate) -> bool:
    try:
        key = structural_hash(compile_source(source, filename)[0])
    except DiagnosticError:
        return False  # the gate records why it does not check
    return any(m.structural == key for m in gate.library)


def _decided(out: Path, name: str) -> Verdict | None:
    """The verdict of an earlier run on this proposal, if it got that far."""
    accepted, rejected = out / name / "provenance.json", out / "rejected" / name / "reason.json"
    if accepted.is_file():
        data = json.loads(accepted.read_text("utf-8"))
        return Verdict(True, "", data["checks"], data["measured"])
    if rejected.is_file():
        data = json.loads(rejected.read_text("utf-8"))
        return Verdict(False, data["reason"], data["checks"], data["measured"])
    return None


def _write_accepted(out: Path, name: str, source: str, draft: Draft, verdict: Verdict, view: SolverView,
                    settings: Settings) -> None:
    folder = out / name
    write_member(folder, name, source, verdict.record)
    provenance = {
        "format": PROPOSAL_FORMAT, "name": name, "file": f"{name}.wg", "parents": list(draft.parents),
        "proposer": draft.proposer, "change": draft.change, "why": draft.why,
        "model": draft.model, "rounds": draft.rounds, "tokens": draft.tokens, "cost_usd": draft.cost_usd,
        "checks": verdict.passed, "measured": verdict.measured, "solver": view.policy,
        "band": [settings.band.lo, settings.band.hi], "seeds": f"{settings.seeds.start}:{settings.seeds.stop}",
        "suite": f"suites/{name}", "source_sha256": hashlib.sha256(source.encode()).hexdigest(),
    }
    write_atomic(folder / "provenance.json", json.dumps(provenance, indent=2) + "\n")


def _write_rejected(out: Path, name: str, source: str, draft: Draft, verdict: Verdict) -> None:
    folder = out / "rejected" / name
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / f"{name}.wg", source)
    reason = {"format": PROPOSAL_FORMAT, "name": name, "parents": list(draft.parents), "proposer": draft.proposer,
              "change": draft.change, "why": draft.why, "model": draft.model, "rounds": draft.rounds,
              "tokens": draft.tokens, "cost_usd": draft.cost_usd, "reason": verdict.reason,
              "checks": verdict.passed, "measured": verdict.measured}
    write_atomic(folder / "reason.json", json.dumps(reason, indent=2) + "\n")


def _suite_entries(view: SolverView, name: str) -> list[Any] | None:
    result = view.scaffolds.get(name)
    if result is None or result.suite is None or not Path(result.suite).is_dir():
        return None
    return open_entries(Path(result.suite))
