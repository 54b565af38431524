"""``worldgen loop``: the flywheel turned R times.

Each round, in its own folder RUN/round-NN/: the round's library (round 0: a copy of --library;
then the previous round's library plus the proposals it accepted) is compiled (suites/), the
solver plays every suite (rollouts/), each suite is reported (reports/), proposals are made and
gated (proposals/), and with --train the user's trainer command runs on the round's suites and may
name the solver of the next round. ``round.json`` is written last: a round that has one is done,
and a killed loop resumes in the first round without it, each step of which resumes too (compile
journals, rollout files, decided proposals). RUN/summary.json and RUN/summary.html chart every
round; wall-clock seconds go to RUN/timings.json, so the rest is the same bytes for the same inputs.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldgen.errors import WorldgenError
from worldgen.files import write_atomic
from worldgen.flywheel import run_settings, solver_paths
from worldgen.flywheel.accept import compiled, content_record
from worldgen.flywheel.budget import GateBudget
from worldgen.flywheel.decisions import decisions
from worldgen.flywheel.frontier import FRONTIER_FILE, write_frontier
from worldgen.flywheel.heldout import evaluate, refuse_shared
from worldgen.flywheel.identity import structural_hash
from worldgen.flywheel.library import LibraryScaffold, read_library, write_member
from worldgen.flywheel.memory import remembered
from worldgen.flywheel.mutate import Band
from worldgen.flywheel.page import pct, render
from worldgen.flywheel.propose import Settings, evaluation_budget, propose
from worldgen.flywheel.reuse import carry, rebased
from worldgen.flywheel.solver import read_reports
from worldgen.report import build_report, to_json
from worldgen.report.display import interval_text
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.textfile import read_text

ROUND_FILE = "round.json"
NEXT_SOLVER_FILE = "next_solver.txt"  # in the round folder; the trainer may write the next solver here


@dataclass(frozen=True)
class LoopSettings:
    solver: str
    rounds: int = 2
    band: Band = Band()
    proposals: int = 4  # accepted proposals asked for per round
    seeds: range = range(20)
    episodes: int = 2
    jobs: int = 1
    train: tuple[str, ...] = ()  # the trainer command (argv), run after each round's proposals
    base_url: str | None = None  # for an openai:MODEL solver (and proposer)
    proposer: str = "mutate"  # or openai:MODEL
    overlap: bool = False  # the gate accepts a proposal whose band-test interval overlaps the band
    eval_suite: Path | None = None  # a held-out suite the solver plays each round (`loop --eval`; heldout.py)
    budget: GateBudget = GateBudget()  # what the gate may spend judging one proposal (`flywheel.budget`)


def loop(library: Path, out: Path, settings: LoopSettings, say: Callable[[str], None] = lambda text: None,
         decide: Callable[[str, str, str], None] = lambda name, verdict, reason: None) -> dict[str, Any]:
    """Run (or resume) every round; returns the summary written to ``out/summary.json``. ``say``
    hears each step and each round's summary line as the round ends; ``decide`` each proposal's
    verdict as the gate makes it (name, accepted|rejected|skipped, reason)."""
    finished = 0
    while (out / f"round-{finished:02d}" / ROUND_FILE).is_file():
        finished += 1
    if finished > settings.rounds:  # a summary of fewer rounds would disown the later ones left on disk
        raise WorldgenError(f"{out}: error: the run has {finished} finished rounds; --rounds {settings.rounds} would "
                            f"leave the last {finished - settings.rounds} out of its summary: ask for {finished} or more "
                            "(more rounds extend it)")
    run_settings.keep_or_refuse(out, run_settings.of_loop(settings))
    solver = solver_paths.typed(settings.solver)
    rounds: list[dict[str, Any]] = []
    timings: dict[str, float] = _read_json(out / "timings.json") or {}
    held_out = open_entries(settings.eval_suite) if settings.eval_suite is not None else None
    for r in range(settings.rounds):
        folder = out / f"round-{r:02d}"
        done = _read_json(folder / ROUND_FILE)
        if done is None:
            started = time.perf_counter()
            _library(folder / "library", library if r == 0 else out / f"round-{r - 1:02d}", r)
            done = _round(folder, solver, r, settings, say, decide, held_out)
            for key in ("solver", "next_solver"):  # a learner file inside the run, relative to it
                done[key] = solver_paths.recorded(done[key], out)
            write_atomic(folder / ROUND_FILE, json.dumps(done, indent=2) + "\n")
            timings[f"round-{r:02d}"] = round(time.perf_counter() - started, 3)
            write_atomic(out / "timings.json", json.dumps(timings, indent=2) + "\n")
        else:
            say(f"round {r}: done before, read back")
        say(round_line(done, timings.get(f"round-{r:02d}")))
        rounds.append(done)
        solver = solver_paths.playable(done["next_solver"], out)
    summary = {"format": "worldgen.loop/1", "band": [settings.band.lo, settings.band.hi], "rounds": rounds}
    write_atomic(out / "summary.json", json.dumps(summary, indent=2) + "\n")
    write_atomic(out / "summary.html", render(summary, [decisions(out / f"round-{r['round']:02d}") for r in rounds]))
    return summary


def round_line(r: dict[str, Any], seconds: float | None) -> str:
    """One round at a glance: what the solver did, what the gate let in and whether it hit the band."""
    p = r["proposals"]
    recheck = p.get("recheck_in_band") or {}
    hit = f", {recheck['count']} of {recheck['of']} accepted in band again" if recheck.get("of") else ""
    took = f" in {seconds:.0f} s" if seconds is not None else ""
    return (f"round {r['round']}{took}: library {r['library']} ({r['rule_sets']} rule-sets), solver {r['solver']} wins "
            f"{pct(r['success'])}, {pct(r['in_band'])} of scaffolds in band; {p['accepted']} of {p['evaluated']} "
            f"proposals accepted{hit}, {p.get('skipped', 0)} skipped"
            + (f"; held out: {interval_text(r['eval'], 'success')}" if "eval" in r else ""))


def _library(target: Path, source: Path, r: int) -> None:
    """Round 0 copies the user's library; round r takes round r-1's library and its accepted proposals."""
    if target.is_dir():
        return
    staging = target.with_name("library.partial")
    shutil.rmtree(staging, ignore_errors=True)
    members = read_library(source if r == 0 else source / "library")
    for s in members:
        write_member(staging, s.name, s.source, s.record)
    if r > 0:
        accepted = (_read_json(source / "proposals" / "summary.json") or {}).get("accepted", [])
        for name in accepted:
            folder = source / "proposals" / name
            record = _read_json(folder / f"{name}.json")
            write_member(staging, name, (folder / f"{name}.wg").read_text("utf-8"), record)
    staging.rename(target)


def _round(folder: Path, solver: str, r: int, settings: LoopSettings, say: Callable[[str], None],
           decide: Callable[[str, str, str], None], held_out: list[Entry] | None = None) -> dict[str, Any]:
    library = read_library(folder / "library")
    results: dict[str, dict[str, Any]] = {}
    reports = []
    training: list[Entry] = []
    for s in library:
        say(f"round {r}: {s.name}: compile, roll out {solver}, report")
        measured = _measure(folder, s, solver, settings, r)
        if measured is None:
            results[s.name] = {"compiled": 0}
            continue
        reports.append(folder / "reports" / f"{s.name}.json")
        report, entries = measured
        training += entries
        group = report["rollouts"]["policies"][_policy_name(solver)]
        complexity = [e.report.measures.reachable_states for e in entries]
        results[s.name] = {"compiled": report["suite"]["worlds"], "success": group["success"]["rate"],
                           "episodes": group["episodes"], "median_states": statistics.median(complexity)}
    evaluation = None
    if held_out is not None and settings.eval_suite is not None:
        refuse_shared(held_out, training, settings.eval_suite, r)
        say(f"round {r}: {solver} plays the held-out suite {settings.eval_suite}")
        evaluation = evaluate(held_out, settings.eval_suite, folder / "eval.jsonl", solver, settings.episodes, settings.base_url)
    say(f"round {r}: propose")
    view = read_reports(reports, _policy_name(solver))
    earlier = remembered([folder.parent / f"round-{k:02d}" / "proposals" for k in range(r)], view.policy)
    proposals = propose(folder / "library", view, folder / "proposals",
                        Settings(settings.band, settings.proposals, settings.seeds, settings.jobs, settings.episodes,
                                 settings.overlap, settings.base_url, earlier, settings.budget), _proposer(settings), decide)
    write_frontier(folder, reports, view.policy)
    next_solver = _train(folder, r, solver, settings, proposals["accepted"]) if settings.train else solver
    summary = _round_summary(r, solver, next_solver, library, results, proposals, settings.band)
    if evaluation is not None:
        summary["eval"] = evaluation
    return summary


def _proposer(settings: LoopSettings) -> Any:
    """None (propose's default, the offline mutate proposer) or an LLM proposer."""
    if not settings.proposer.startswith("openai:"):
        return None
    from worldgen.flywheel.llm_proposer import LLMProposer, LLMSettings

    count = settings.proposals
    return LLMProposer(LLMSettings(model=settings.proposer.partition(":")[2], base_url=settings.base_url,
                                   max_drafts=evaluation_budget(count)))


def _measure(folder: Path, s: LibraryScaffold, solver: str, settings: LoopSettings,
             r: int) -> tuple[dict[str, Any], list[Entry]] | None:
    """The scaffold's suite compiled (or carried over from round r-1), rolled out and reported:
    the report and the suite's worlds."""
    previous = carry(folder, r, s.name, solver)
    suite = folder / "suites" / s.name
    record, _ = content_record(s.ir, s.record)
    if record is None:
        return None
    try:
        entries = compiled(s.ir, record, settings.seeds, suite, settings.jobs)
    except WorldgenError:
        return None
    if not entries:
        return None
    rollouts = folder / "rollouts" / f"{s.name}.jsonl"
    asyncio.run(run(entries, make_policy(solver, settings.base_url), rollouts, settings.episodes, 1, 0))
    # the loop recorded these episodes itself, in its own run folder: replaying each to prove it
    # unedited (what a report does with a file it is handed) cost a terminal world seconds
    report = (rebased(previous, suite.resolve(), rollouts.resolve()) if previous is not None
              else build_report(suite.resolve(), [str(rollouts.resolve())], trust_edited=True, measure=False, entries=entries))
    (folder / "reports").mkdir(parents=True, exist_ok=True)
    write_atomic(folder / "reports" / f"{s.name}.json", to_json(report))
    return report, entries


def _train(folder: Path, r: int, solver: str, settings: LoopSettings, accepted: list[str]) -> str:
    """Run the user's trainer on this round's suites, the suites of the proposals this round
    accepted (``WORLDGEN_NEW_SUITES``, joined by the path separator) and the solver's frontier
    (``WORLDGEN_FRONTIER``, a JSON file). The next round's solver is what it wrote to
    the file named by ``WORLDGEN_NEXT_SOLVER_FILE`` (a trainer that logs freely need not print it
    last), else its last stdout line ``solver: SPEC``, else this round's solver."""
    next_file = (folder / NEXT_SOLVER_FILE).resolve()
    next_file.unlink(missing_ok=True)  # a file left by a killed earlier try is not this run's answer
    env = {**os.environ, "WORLDGEN_ROUND": str(r), "WORLDGEN_SUITES": str((folder / "suites").resolve()),
           "WORLDGEN_LIBRARY": str((folder / "library").resolve()), "WORLDGEN_SOLVER": solver,
           "WORLDGEN_NEXT_SOLVER_FILE": str(next_file), "WORLDGEN_FRONTIER": str((folder / FRONTIER_FILE).resolve()),
           "WORLDGEN_NEW_SUITES": os.pathsep.join(str((folder / "proposals" / "suites" / n).resolve()) for n in accepted)}
    try:
        done = subprocess.run(list(settings.train), env=env, capture_output=True, text=True, check=False)
    except OSError as err:
        raise WorldgenError(f"--train: error: cannot run {settings.train[0]!r}: {err.strerror}") from None
    write_atomic(folder / "train.log", done.stdout + done.stderr)
    if done.returncode != 0:
        raise WorldgenError(f"--train: error: the trainer exited with {done.returncode}; see {folder / 'train.log'}")
    if next_file.is_file():
        written = read_text(next_file).strip()
        if not written or "\n" in written:
            raise WorldgenError(f"{next_file}: error: the trainer must write one solver spec (one line), not {written!r}")
        return _named_solver(written, folder)
    lines = [line.strip() for line in done.stdout.splitlines() if line.strip()]
    if lines and lines[-1].startswith("solver:"):
        return _named_solver(lines[-1].partition(":")[2].strip(), folder)
    return solver


def _named_solver(spec: str, folder: Path) -> str:
    """The trainer's next solver, checked now: a round is only done once its trainer named one the
    next round can play (a bad name found a round later left the run stuck: this round counted as
    done, so resuming never ran the trainer again)."""
    from worldgen.rollouts.policies import check_spec

    try:
        spec = check_spec(spec)
    except ValueError as err:
        raise WorldgenError(f"--train: error: the trainer named the next solver {spec!r}: {err}; see "
                            f"{folder / 'train.log'}; fix the trainer and run the loop again") from None
    if spec.startswith("learner:") and not Path(spec.partition(":")[2]).is_file():
        raise WorldgenError(f"--train: error: the trainer named the next solver {spec!r}, but there is no such learner "
                            f"file; see {folder / 'train.log'}; fix the trainer and run the loop again")
    return spec


def _round_summary(r: int, solver: str, next_solver: str, library: list[LibraryScaffold], results: dict[str, dict[str, Any]],
                   proposals: dict[str, Any], band: Band) -> dict[str, Any]:
    measured = {n: v for n, v in results.items() if v.get("success") is not None}
    episodes = sum(v["episodes"] for v in measured.values())
    wins = sum(v["success"] * v["episodes"] for v in measured.values())
    in_band = [n for n, v in measured.items() if band.lo <= v["success"] <= band.hi]
    states = sorted(v["median_states"] for v in measured.values())
    accepted = len(proposals["accepted"])
    used = proposals.get("tokens", {})
    tokens = used.get("prompt", 0) + used.get("completion", 0)
    cost = proposals.get("cost_usd", 0.0)
    return {
        "round": r, "solver": solver, "next_solver": next_solver,
        "library": len(library), "rule_sets": len({structural_hash(s.ir) for s in library}),
        "success": round(wins / episodes, 6) if episodes else None,
        "in_band": round(len(in_band) / len(measured), 6) if measured else None,
        "scaffolds": results,
        "proposals": {"proposer": proposals["proposer"], "evaluated": proposals["evaluated"], "accepted": accepted,
                      "yield": proposals["yield"], "names": proposals["accepted"], "skipped": len(proposals["skipped"]),
                      "recheck_in_band": proposals["recheck_in_band"],
                      "tokens_per_accepted": round(tokens / accepted, 1) if accepted else None,
                      "cost_per_accepted_usd": (round(cost / accepted, 6) if cost is not None else None) if accepted else None},
        "complexity": {"min": states[0], "median": statistics.median(states), "max": states[-1]} if states else None,
    }


def _policy_name(spec: str) -> str:
    from worldgen.rollouts.policies import check_spec

    return check_spec(spec)


def _read_json(path: Path) -> Any:
    return json.loads(path.read_text("utf-8")) if path.is_file() else None
