"""Run many episodes with bounded concurrency and record every one of them.

Episode ``k`` of every world uses episode seed ``seed + k`` (the seed of the random policy's
stream, and of the world's run-time chance, which ``Env.reset`` keys by the world's own seed too,
so a one-episode rollout does not deal every world the same luck; the seed passed to reset stays
the one recorded, as Harbor and serve clients choose it themselves). Finished episodes are appended to the output as they
end (so a killed run loses only episodes in flight) and a re-run with the same output resumes:
episodes already recorded are skipped, episodes that failed on the policy's side are tried again.
When every episode is in, the file is rewritten in a canonical order (policy, suite order, seed),
so the same rollout gives the same bytes apart from each line's ``timing``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen.errors import WorldgenError
from worldgen.rollouts import records
from worldgen.rollouts.episode import REAL_SHELL, run_episode
from worldgen.rollouts.policies.base import Policy
from worldgen.rollouts.sources import Entry


@dataclass(frozen=True)
class Job:
    entry: Entry
    episode: int
    seed: int


@dataclass
class RunResult:
    planned: int  # episodes the run was asked for
    skipped: int  # already recorded by an earlier run
    ran: int = 0
    successes: int = 0
    errors: list[str] = field(default_factory=list)  # one line per episode that ended in an error


def plan(entries: list[Entry], policy: str, episodes: int, seed: int, done: set[records.Key]) -> list[Job]:
    """Every (world, episode) of the run not already in ``done``, in suite order."""
    return [Job(e, k, seed + k) for e in entries for k in range(episodes) if (policy, e.id, seed + k) not in done]


async def run(entries: list[Entry], policy: Policy, out: Path, episodes: int = 1, concurrency: int = 1, seed: int = 0,
              advance: Callable[[dict[str, Any]], None] = lambda r: None, shell: str = "emulated") -> RunResult:
    """Roll ``policy`` out over ``entries`` into ``out`` (created or resumed), in the emulated
    shell or (terminal worlds) real bash; worlds with step tables are played from them."""
    existing = records.read(out, cut_torn_tail=True)[0] if out.exists() else []
    _same_weights(existing, policy, out)
    done = {records.key(r) for r in existing if records.finished(r)}
    lines = {records.key(r): records.line(r) for r in existing}  # the file's episodes, latest per key
    jobs = plan(entries, policy.name + (REAL_SHELL if shell == "real" else ""), episodes, seed, done)
    if shell == "emulated":  # a tampered tables file stops the run here, named, not as episodes' errors
        for job in jobs:
            job.entry.step_tables()
    result = RunResult(planned=len(entries) * episodes, skipped=len(entries) * episodes - len(jobs))
    queue: asyncio.Queue[Job] = asyncio.Queue()
    for job in jobs:
        queue.put_nowait(job)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "a", encoding="utf-8") as f:

        def write(record: dict[str, Any]) -> None:
            text = records.line(record)
            f.write(text)
            f.flush()
            lines[records.key(record)] = text
            result.ran += 1
            result.successes += bool(record["success"])
            if record["error"] is not None:
                error = record["error"]
                result.errors.append(f"{record['world']} seed {record['seed']}: {error['source']} error: {error['message']}")
            advance(record)

        async def worker() -> None:
            while not queue.empty():
                job = queue.get_nowait()
                try:
                    record = await run_episode(job.entry, policy, job.episode, job.seed, shell)
                except Exception as err:
                    record = getattr(err, "record", None)
                    if record is not None:
                        write(record)
                    raise
                write(record)

        try:
            async with asyncio.TaskGroup() as group:
                for _ in range(max(1, min(concurrency, len(jobs)))):
                    group.create_task(worker())
        except BaseExceptionGroup as group_error:
            raise group_error.exceptions[0] from None
        finally:
            await policy.aclose()
    _canonical_order(out, entries, lines)
    return result


def _same_weights(existing: list[dict[str, Any]], policy: Policy, out: Path) -> None:
    """Refuse to resume a file whose episodes of this policy were played with other weights (a
    learner file trained further since): they would be pooled with the new ones under one name."""
    weights = getattr(policy, "weights", None)
    if weights is None:
        return
    other = next((r for r in existing if r["policy"].removesuffix(REAL_SHELL) == policy.name
                  and r.get("policy_weights") != weights), None)
    if other is not None:
        raise WorldgenError(f"{out}: error: holds episodes of {policy.name} played with other weights "
                            f"({other.get('policy_weights') or 'not recorded'}, now {weights}); roll out to another -o, "
                            "or remove the file to start over")


def _canonical_order(out: Path, entries: list[Entry], lines: dict[records.Key, str]) -> None:
    """Rewrite ``out`` with its episodes' lines (latest per key) in canonical order: the lines
    kept as they were written, so finishing a run neither reads nor encodes its episodes again."""
    position = {e.id: i for i, e in enumerate(entries)}
    order = sorted(lines, key=lambda k: (k[0], position.get(k[1], len(position)), k[1], k[2]))
    records.rewrite(out, (lines[k] for k in order))
