"""Drive a provider until a pack holds its target number of records.

Up to ``concurrency`` records are in flight; a new index is handed out only while kept + in flight
is below the target, so a run never makes more records than asked. A run stops with an error a
person can act on when the provider keeps failing (transport errors in a row) or rejects far more
than it keeps, instead of spending money forever.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

from worldgen.content.pack import Pack
from worldgen.content.progress import PackProgress
from worldgen.content.providers.base import Provider
from worldgen.errors import WorldgenError


class _Run:
    """The shared state of one run's workers: what is in flight and when to give up."""

    def __init__(self, pack: Pack, provider: Provider, progress: PackProgress, max_rejects: int, max_errors_in_row: int):
        self.pack = pack
        self.provider = provider
        self.progress = progress
        self.indices: Iterator[int] = pack.pending()
        self.in_flight = 0
        self.rejects = 0
        self.errors_in_row = 0
        self.max_rejects = max_rejects
        self.max_errors_in_row = max_errors_in_row

    def take(self) -> int | None:
        if len(self.pack.kept) + self.in_flight >= self.pack.target:
            return None
        self.in_flight += 1
        return next(self.indices)

    async def worker(self) -> None:
        while (index := self.take()) is not None:
            try:
                outcome = await self.provider.produce(index)
            finally:
                self.in_flight -= 1
            verdict = self.pack.add(outcome)
            self._judge(verdict, outcome.reason)
            t = self.pack.totals
            self.progress.update(len(self.pack.kept), len(self.pack.rejects), self.in_flight, t.prompt_tokens + t.completion_tokens)

    def _judge(self, verdict: str, reason: str) -> None:
        if verdict == "kept":
            self.errors_in_row = 0
            return
        self.rejects += 1
        self.errors_in_row = self.errors_in_row + 1 if verdict == "error" else 0
        if self.errors_in_row >= self.max_errors_in_row or self.rejects > self.max_rejects:
            raise _Stop(reason)

    def stopped(self, reason: str) -> WorldgenError:
        """Why the run stopped, counted once every worker has ended (answers already in flight
        when the limit was passed are recorded too, and counted here)."""
        if self.errors_in_row >= self.max_errors_in_row:
            return WorldgenError(
                f"stopped: {self.errors_in_row} requests in a row failed; last: {reason}."
                f" Fix the endpoint and run the same command again to resume ({self.pack.path})"
            )
        return WorldgenError(
            f"stopped: {self.rejects} records rejected in this run (limit {self.max_rejects}); last: {reason}."
            f" See {self.pack.path}/rejects.jsonl; raise --max-rejects or fix the scaffold or prompt"
        )


class _Stop(Exception):
    """A stop condition met by one worker; ``fill_pack`` ends the others, then says why."""


async def fill_pack(
    pack: Pack,
    provider: Provider,
    *,
    concurrency: int = 1,
    progress: PackProgress | None = None,
    max_rejects: int | None = None,
    max_errors_in_row: int | None = None,
) -> None:
    """Produce records until ``pack`` is complete (or a stop condition raises WorldgenError)."""
    progress = progress or PackProgress(pack.target, len(pack.kept), enabled=False)
    limit = max_rejects if max_rejects is not None else max(100, pack.target)
    in_row = max_errors_in_row if max_errors_in_row is not None else max(10, 2 * concurrency)
    run = _Run(pack, provider, progress, limit, in_row)
    try:
        while not pack.done:
            workers = [asyncio.ensure_future(run.worker()) for _ in range(max(1, concurrency))]
            try:
                await asyncio.gather(*workers)
            except BaseException as err:
                for w in workers:
                    w.cancel()
                await asyncio.gather(*workers, return_exceptions=True)
                if isinstance(err, _Stop):
                    raise run.stopped(str(err)) from None
                raise
    finally:
        t = pack.totals
        progress.finish(len(pack.kept), len(pack.rejects), t.prompt_tokens + t.completion_tokens)
