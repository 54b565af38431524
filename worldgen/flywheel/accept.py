"""The gate every proposal passes before it enters a library, whoever wrote it.

In order, each failure a recorded reason: it checks (diagnostics verbatim); its rules are new (no
library scaffold has the same structural hash); it has content (its parent's example record if it
still fits, else a procedural one); at least 90 % of a seed range compiles (every accepted world
proven solvable with sound signals); the oracle solves every world it plays; the uniform-random
policy wins less often than the band's top (a world random play solves teaches nothing); and it
behaves unlike every library scaffold (not the same complexity profile and action signature); and,
last, the solver's success on its worlds lies in the band it was aimed at (``flywheel.band``).
All of it within the budget the user set (``flywheel.budget``): a draft declaring more states or a
longer horizon is refused, and one that takes longer or more memory is cut off and rejected.
"""

from __future__ import annotations

import asyncio
import functools
import json
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.compiler.bounds import scaffold_bounds
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.journal import MARKER
from worldgen.compiler.suite import REJECTED, Result, Spec, compile_suite
from worldgen.content.providers.procedural import ProceduralProvider
from worldgen.content.validate import Validator
from worldgen.errors import DiagnosticError, WorldgenError
from worldgen.flywheel import band as band_test
from worldgen.flywheel.band import RECHECK_SEED, SolverTest
from worldgen.flywheel.bounded import Overrun, bounded
from worldgen.flywheel.budget import GateBudget
from worldgen.flywheel.episode_files import episode_file
from worldgen.flywheel.identity import action_signature, complexity_profile, named_profile, recorded_profile, structural_hash
from worldgen.flywheel.mutate import Band
from worldgen.frontend import compile_source
from worldgen.ir.models import Scaffold
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.records import read
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.verify import Bounds

MIN_COMPILED = 0.9
RANDOM_EPISODES = 2


@dataclass(frozen=True)
class Member:
    """A library scaffold as the gate compares proposals with it."""

    name: str
    structural: str
    signature: tuple[tuple[str, ...], ...]
    known: tuple[float, ...] | None = None  # its complexity profile, when at hand ...
    suite: Path | None = None  # ... else where its worlds are, read when first needed (None: nowhere)

    @property
    def profile(self) -> tuple[float, ...] | None:
        """Read only for a member with a proposal's action signature: loading every library suite's
        worlds to compare with a few proposals cost a round more than the proposals did."""
        if self.known is not None or self.suite is None:
            return self.known
        return suite_profile(self.suite)


@functools.cache
def suite_profile(suite: Path) -> tuple[float, ...] | None:
    entries = open_entries(suite)
    return complexity_profile([e.report for e in entries]) if entries else None


@dataclass
class Verdict:
    accepted: bool
    reason: str = ""  # why it was rejected: the failed gate, then the details
    passed: list[str] = field(default_factory=list)
    measured: dict[str, Any] = field(default_factory=dict)
    record: dict[str, Any] | None = None  # the content record its worlds were compiled with


def member(ir: Scaffold, entries: list[Entry] | None) -> Member:
    """A member whose worlds are open already (a proposal just compiled)."""
    profile = complexity_profile([e.report for e in entries]) if entries else None
    return Member(ir.name, structural_hash(ir), action_signature(ir), profile)


def library_member(ir: Scaffold, suite: Path | None) -> Member:
    """A library scaffold whose compiled worlds (if any) are in ``suite``."""
    return Member(ir.name, structural_hash(ir), action_signature(ir), None, suite)


class Gate:
    def __init__(self, library: list[Member], band: Band, seeds: range, jobs: int = 1, solver: SolverTest | None = None,
                 budget: GateBudget = GateBudget()):
        """``solver``: who plays the band test (None: no band test, as for a draft's quick probe);
        ``budget``: what judging one proposal may cost (``flywheel.budget``), whatever it declares."""
        self.library = library
        self.band = band
        self.seeds = seeds
        self.jobs = jobs
        self.solver = solver
        self.budget = budget

    def evaluate(self, source: str, filename: str, suite: Path, parent_record: dict[str, Any] | None) -> Verdict:
        """Run every gate on ``source``; its worlds are compiled into ``suite`` (resumed if there).
        The judgement runs in a child process held to the budget's seconds and memory."""
        try:
            verdict, mine = bounded(lambda: self._judge(source, filename, suite, parent_record),
                                    self.budget.seconds, self.budget.memory_mb)
        except Overrun as over:
            return Verdict(False, str(over), measured={"budget": self.budget.limits()})
        if mine is not None:
            self.library.append(mine)  # the next proposal must differ from this one too
        return verdict

    def _judge(self, source: str, filename: str, suite: Path, parent_record: dict[str, Any] | None) -> tuple[Verdict, Member | None]:
        """The verdict on ``source``, and the member it becomes when accepted."""
        verdict = Verdict(False)
        try:
            ir = compile_source(source, filename)[0]
        except DiagnosticError as err:
            verdict.reason = f"check: {err}"
            return verdict, None
        if any(m.name == ir.name for m in self.library):
            verdict.reason = f"check: world {ir.name!r} is already a library scaffold's name; choose a new one"
            return verdict, None
        verdict.reason = self.budget.refusal(ir)
        if verdict.reason:
            return verdict, None
        verdict.passed.append("check")
        key = structural_hash(ir)
        verdict.measured["structural_hash"] = key
        twin = next((m.name for m in self.library if m.structural == key), None)
        if twin is not None:
            verdict.reason = f"new rules: the same rules as library scaffold '{twin}' (names and prose aside)"
            return verdict, None
        verdict.passed.append("new rules")
        record, origin = content_record(ir, parent_record)
        if record is None:
            verdict.reason = f"content: {origin}"
            return verdict, None
        verdict.measured["content"] = origin
        verdict.record = record
        verdict.passed.append("content")
        try:
            entries = compiled(ir, record, self.seeds, suite, self.jobs, self.budget.max_states,
                               len(self.seeds) - math.ceil(MIN_COMPILED * len(self.seeds)))
        except WorldgenError as err:
            verdict.reason = f"compile: {err}"
            return verdict, None
        share = len(entries) / len(self.seeds)
        verdict.measured["compiled"] = {"accepted": len(entries), "seeds": len(self.seeds)}
        if share < MIN_COMPILED:
            verdict.reason = (f"compile: {len(entries)} of {len(self.seeds)} seeds passed their checks within "
                              f"{self.budget.max_states:,} states per world (at least {MIN_COMPILED:.0%} needed; "
                              f"{_failed_checks(suite)}); `worldgen explain {suite}` shows why")
            return verdict, None
        verdict.reason = self.budget.long_world(entries)
        if verdict.reason:
            return verdict, None
        verdict.passed.append("compile")
        oracle_episodes = rollout(suite, "oracle", 1, entries)
        oracle = success_rate(oracle_episodes)
        random = success_rate(rollout(suite, "random", RANDOM_EPISODES, entries))
        verdict.measured.update(oracle_success=oracle, random_success=random)
        failed = {e["world"] for e in oracle_episodes if not e["success"]}
        unsolved = [e.id for e in entries if not e.report.measures.stochastic and e.id in failed]
        if unsolved:
            verdict.reason = f"oracle: it failed {len(unsolved)} deterministic world(s), e.g. {unsolved[0]}"
            return verdict, None
        verdict.passed.append("oracle")
        if random >= self.band.hi:
            verdict.reason = f"random baseline: random play wins {random:.0%} of episodes, not below the band's top {self.band.hi:.0%}"
            return verdict, None
        verdict.passed.append("random baseline")
        mine = member(ir, entries)
        verdict.measured["complexity"] = named_profile(mine.profile or ())
        same = next((m.name for m in self.library if m.signature == mine.signature and m.profile == mine.profile), None)
        if same is not None:
            verdict.reason = f"new behaviour: the same complexity profile and action signature as '{same}'"
            return verdict, None
        verdict.passed.append("new behaviour")
        if self.solver is not None:
            solver = band_test.measured(rollout(suite, self.solver.policy, self.solver.episodes, entries, self.solver.base_url))
            verdict.measured["solver"] = {"policy": self.solver.policy, **solver}
            verdict.reason = band_test.verdict(solver, self.band, self.solver)
            if verdict.reason:
                return verdict, None
            verdict.passed.append("band")
        verdict.accepted = True
        return verdict, mine

    def remember(self, source: str, filename: str, verdict: Verdict) -> None:
        """Count a proposal accepted by an earlier (killed) run as a member, as ``evaluate`` would."""
        if verdict.accepted:
            ir = compile_source(source, filename)[0]
            self.library.append(Member(ir.name, verdict.measured["structural_hash"], action_signature(ir),
                                       recorded_profile(verdict.measured)))

    def recheck(self, suite: Path) -> dict[str, Any]:
        """The solver's success on an accepted proposal's worlds again, with episode seeds the band
        test did not use: an estimate independent of the one the proposal was selected on."""
        assert self.solver is not None
        episodes = rollout(suite, self.solver.policy, self.solver.episodes, None, self.solver.base_url, RECHECK_SEED)
        return band_test.measured(episodes)


def content_record(ir: Scaffold, record: dict[str, Any] | None) -> tuple[dict[str, Any] | None, str]:
    """The record to compile ``ir`` with: ``record`` (the parent's example) while it still fits the
    slots, else a procedural one; and where it came from (or why there is none)."""
    validator = Validator(ir)
    if record is not None and not validator.check(record, "parent")[1]:
        return record, "the parent's example record"
    outcome = ProceduralProvider(ir, validator, 0).make(0)
    if outcome.record is None:
        return None, outcome.reason
    return outcome.record, "a procedural record (seed 0)"


def compiled(ir: Scaffold, record: dict[str, Any], seeds: range, suite: Path, jobs: int,
             max_states: int | None = None, max_rejected: int | None = None) -> list[Entry]:
    """The worlds of ``ir`` for ``seeds`` in ``suite``: compiled (or an interrupted compile
    finished) unless already there; ``max_states`` lowers the scaffold's own bound. With
    ``max_rejected``, the compile stops once more seeds than that failed (the gate's verdict is
    then known: the rest would only cost time) with an error saying so, the suite left unfinished."""
    if not (suite / "index.jsonl").exists() or (suite / MARKER).exists():
        bounds = scaffold_bounds(ir)
        if max_states is not None and max_states < bounds.max_states:
            bounds = Bounds(max_states=max_states)
        spec = Spec(ir, (("record", record),), {}, bounds, 5)
        try:
            if not compile_suite(spec, seeds, suite, LocalExecutor(jobs), _stop_after(max_rejected)).accepted:
                return []
        except _Hopeless:
            raise WorldgenError(f"stopped early: {max_rejected + 1} of {len(seeds)} seeds failed their checks within "  # type: ignore[operator]
                                f"{bounds.max_states:,} states per world ({_failed_checks(suite)}), and the gate needs "
                                f"{len(seeds) - max_rejected} of {len(seeds)} ({MIN_COMPILED:.0%}; a short --seeds range "  # type: ignore[operator]
                                f"leaves room for few failures); `worldgen explain {suite}` shows why") from None
    return open_entries(suite)


class _Hopeless(Exception):
    """Too many seeds failed for the gate to pass: stop compiling."""


def _failed_checks(suite: Path) -> str:
    """Which checks the rejected seeds' draws failed, most often first (`require (line 33) x5`):
    the reason a proposal fell, which the states per world alone did not say."""
    failed: Counter[str] = Counter()
    try:
        lines = (suite / REJECTED).read_text("utf-8").splitlines()
    except OSError:
        lines = []
    for line in lines:
        try:
            draws = json.loads(line)["draws"]
            failed.update(name for draw in draws for name in draw["failed"])
        except (ValueError, KeyError, TypeError):
            continue  # a line cut by the early stop: the others say enough
    if not failed:
        return "no check named"
    return "failed: " + ", ".join(f"{name} x{n}" for name, n in failed.most_common(3))


def _stop_after(max_rejected: int | None) -> Callable[[Result], None]:
    rejected = 0

    def advance(result: Result) -> None:
        nonlocal rejected
        rejected += result.artifact is None
        if max_rejected is not None and rejected > max_rejected:
            raise _Hopeless

    return advance


def rollout(suite: Path, policy: str, episodes: int, entries: list[Entry] | None = None, base_url: str | None = None,
            seed: int = 0) -> list[dict[str, Any]]:
    """The episodes of ``policy`` on ``suite`` (rolled out to SUITE/POLICY.jsonl, or with episode
    seeds from ``seed`` to SUITE/POLICY@SEED.jsonl; resumed if there)."""
    out = episode_file(suite, policy, seed)
    asyncio.run(run(entries if entries is not None else open_entries(suite), make_policy(policy, base_url), out, episodes, 1, seed))
    return read(out)[0]


def success_rate(episodes: list[dict[str, Any]]) -> float:
    return round(sum(bool(e["success"]) for e in episodes) / len(episodes), 6) if episodes else 0.0
