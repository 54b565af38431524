"""``worldgen propose``: K new verified scaffolds aimed at the solver's band, from a library.

Drafts come from a proposer (``mutate``, offline: ``flywheel.mutate``; ``openai:MODEL``:
``flywheel.llm_proposer``). Each goes through the gate (``flywheel.accept``, its last test the
solver's band: ``flywheel.band``) until K are accepted or the proposer has no more. Drafts an
earlier round rejected (``flywheel.memory``) and catalogue edits whose parent already has them
(``flywheel.present``) are skipped before anything is compiled.

OUT/NAME/ holds an accepted proposal (NAME.wg, NAME.json: the content record, provenance.json);
OUT/rejected/NAME/ a rejected one (NAME.wg, reason.json); OUT/suites/NAME/ the worlds the gate
compiled for it, with its oracle, random and solver rollouts. A killed run resumes: decided proposals are
read back, a half-compiled suite is finished. Same inputs, same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from worldgen.canonical import sha256
from worldgen.errors import DiagnosticError
from worldgen.files import write_atomic
from worldgen.flywheel import run_settings
from worldgen.flywheel.accept import Gate, Verdict, library_member
from worldgen.flywheel.band import SolverTest, in_band
from worldgen.flywheel.budget import GateBudget
from worldgen.flywheel.draft import Draft
from worldgen.flywheel.library import LibraryScaffold, read_library, write_member
from worldgen.flywheel.memory import edit_key
from worldgen.flywheel.present import already_has
from worldgen.flywheel.mutate import Band, Candidate, crossable_axes, iter_candidates, renamed
from worldgen.flywheel.placement import numbered
from worldgen.flywheel.solver import SolverView
from worldgen.ir.models import Scaffold

PROPOSAL_FORMAT = "worldgen.proposal/1"
OWN_FOLDERS = frozenset({"suites", "rejected", "transcripts"})  # OUT's own: a proposal named so would land inside them
MAX_NAME = 64  # characters of a proposal's name (a folder and file name): a model may write any identifier


@dataclass(frozen=True)
class Settings:
    band: Band = Band()
    count: int = 4
    seeds: range = range(20)
    jobs: int = 1
    episodes: int = 2  # the solver's episodes per world in the band test
    overlap: bool = False  # accept when the band test's interval overlaps the band
    base_url: str | None = None  # for an openai:MODEL solver
    remembered: Mapping[str, str] = field(default_factory=dict)  # edit key -> why an earlier round rejected it
    budget: GateBudget = GateBudget()  # what judging one proposal may cost, whatever the draft declares
    max_evaluated: int | None = None  # proposals the gate evaluates per run (None: max(2K, K+2))

    def evaluations(self) -> int:
        return self.max_evaluated or evaluation_budget(self.count)


def evaluation_budget(count: int) -> int:
    """Proposals (or an LLM's conversations) a run may spend to accept ``count``."""
    return max(2 * count, count + 2)


def propose(library_dir: Path, view: SolverView, out: Path, settings: Settings,
            proposer: Proposer | None = None, say: Callable[[str, str, str], None] = lambda name, verdict, reason: None,
            ) -> dict[str, Any]:
    """Write up to ``settings.count`` accepted proposals into ``out``; returns the summary.
    ``proposer`` writes the drafts (default: the offline ``mutate`` proposer); ``say`` hears each
    decision as it is made (name, accepted|rejected|skipped, reason)."""
    run_settings.keep_or_refuse(out, run_settings.of_propose(view, settings), "propose")
    library = read_library(library_dir)
    solver = SolverTest(view.policy, settings.episodes, settings.overlap, settings.base_url)
    gate = Gate([library_member(s.ir, _suite(view, s.name)) for s in library], settings.band, settings.seeds,
                settings.jobs, solver, settings.budget)
    proposer = proposer or MutateProposer()
    records = {s.name: s.record for s in library}
    parents = {s.name: s.ir for s in library}
    taken = {s.name for s in library}
    accepted: list[str] = []
    rejected: list[dict[str, str]] = []
    skipped: list[dict[str, str]] = []
    rechecked: list[bool] = []
    repeats = 0
    drafts = proposer.drafts(library, view, settings.band, out, gate) if settings.count > 0 else ()
    for draft in drafts:  # none asked for (a loop's fixed-library control arm): none drafted, none compiled
        key = edit_key(draft.source)
        if any(m.structural == key for m in gate.library):
            repeats += 1  # the rules of a library scaffold or of an accepted proposal: not a new proposal
            continue
        why_not = settings.remembered.get(key) or _present(draft, parents)
        if why_not:
            skipped.append({"name": draft.name, "reason": why_not})
            say(draft.name, "skipped", why_not)
            continue
        name = proposal_name(draft.name, taken)
        taken.add(name)
        source = _named(draft.source, name)
        verdict = _decided(out, name)
        if verdict is not None:
            gate.remember(source, f"{name}.wg", verdict)
        else:
            verdict = gate.evaluate(source, f"{name}.wg", out / "suites" / name, records.get(draft.record_from or ""))
            if verdict.accepted:
                verdict.measured["recheck"] = gate.recheck(out / "suites" / name)
                _write_accepted(out, name, source, draft, verdict, view, settings)
            else:
                _write_rejected(out, name, source, draft, verdict, key, view.policy)
        say(name, "accepted" if verdict.accepted else "rejected", verdict.reason)
        if verdict.accepted:
            accepted.append(name)
            recheck = verdict.measured.get("recheck") or gate.recheck(out / "suites" / name)  # older runs had none
            rechecked.append(in_band(recheck, settings.band))
            if len(accepted) >= settings.count:
                break  # before the proposer writes another draft (an LLM's costs tokens)
        else:
            rejected.append({"name": name, "reason": verdict.reason})
        if len(accepted) + len(rejected) >= settings.evaluations():
            break  # the run's budget: what it compiles stays bounded however few proposals pass
    evaluated = len(accepted) + len(rejected)
    summary = {"format": "worldgen.proposals/1", "proposer": proposer.name, "solver": view.policy,
               "band": [settings.band.lo, settings.band.hi], "requested": settings.count, "evaluated": evaluated,
               "accepted": accepted, "rejected": rejected, "skipped": skipped, "repeats_skipped": repeats,
               "yield": round(len(accepted) / evaluated, 6) if evaluated else 0.0,
               "band_test": {"episodes_per_world": settings.episodes, "overlap": settings.overlap},
               "budget": {"evaluations": settings.evaluations(), "max_states": settings.budget.max_states,
                          "seconds": settings.budget.seconds, "memory_mb": settings.budget.memory_mb,
                          "horizon": settings.budget.horizon},
               "recheck_in_band": {"count": sum(rechecked), "of": len(rechecked),
                                   "share": round(sum(rechecked) / len(rechecked), 6) if rechecked else None},
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
            yield Draft((scaffold.name,), f"{scaffold.name}_{c.tag}", c.source, c.change, c.why, record_from=scaffold.name,
                        tag=c.tag)

    def usage(self) -> dict[str, Any]:
        return {}


def _ordered(library: list[LibraryScaffold], view: SolverView, band: Band) -> Iterator[tuple[LibraryScaffold, Candidate]]:
    """Scaffolds farthest outside the band first; then their candidates round-robin, each made only
    when its turn comes (a round that accepts K proposals early makes few)."""
    def distance(s: LibraryScaffold) -> float:
        result = view.scaffolds.get(s.name)
        return max(0.0, band.distance(result.success if result else None))  # unmeasured: as if in the band

    ranked = sorted(library, key=lambda s: -distance(s))
    axes = [a for s in library for a in crossable_axes(s.name, s.source)]
    queues = [(s, iter_candidates(s.source, str(s.path), view.scaffolds.get(s.name), band,
                                  tuple(a for a in axes if a.scaffold != s.name))) for s in ranked]
    while queues:
        alive = []
        for scaffold, queue in queues:
            candidate = next(queue, None)
            if candidate is not None:
                alive.append((scaffold, queue))
                yield scaffold, candidate
        queues = alive


def proposal_name(wished: str, taken: set[str]) -> str:
    """The folder and world name of a proposal: ``wished`` cut to MAX_NAME characters, numbered
    past the library's names and OUT's own folders."""
    return numbered(wished[:MAX_NAME], taken | OWN_FOLDERS, sep="_")


def _named(source: str, name: str) -> str:
    """``source`` with its world named ``name`` (unchanged when it already is, or does not parse:
    the gate reports why)."""
    try:
        return renamed(source, f"{name}.wg", name)
    except DiagnosticError:
        return source


def _present(draft: Draft, parents: dict[str, Scaffold]) -> str | None:
    """Why the draft's catalogue entry is not tried: its parent already has it."""
    parent = parents.get(draft.parents[0]) if draft.tag and draft.parents else None
    return already_has(draft.tag, parent) if parent is not None else None


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
        "suite": f"suites/{name}", "source_sha256": sha256(source),
    }
    write_atomic(folder / "provenance.json", json.dumps(provenance, indent=2) + "\n")


def _write_rejected(out: Path, name: str, source: str, draft: Draft, verdict: Verdict, key: str, solver: str) -> None:
    folder = out / "rejected" / name
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / f"{name}.wg", source)
    reason = {"format": PROPOSAL_FORMAT, "name": name, "parents": list(draft.parents), "proposer": draft.proposer,
              "change": draft.change, "why": draft.why, "model": draft.model, "rounds": draft.rounds,
              "tokens": draft.tokens, "cost_usd": draft.cost_usd, "reason": verdict.reason,
              "checks": verdict.passed, "measured": verdict.measured, "solver": solver, "edit_hash": key}
    write_atomic(folder / "reason.json", json.dumps(reason, indent=2) + "\n")


def _suite(view: SolverView, name: str) -> Path | None:
    result = view.scaffolds.get(name)
    if result is None or result.suite is None or not Path(result.suite).is_dir():
        return None
    return Path(result.suite)
