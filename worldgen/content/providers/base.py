"""The one interface every content provider implements, and what it hands back per record.

A provider turns a record index into an :class:`Outcome`: a validated record, or a rejection with
its reason. Validation happens inside the provider because repairing an invalid answer (feeding the
violations back to a model) is the provider's business; the pack only keeps or counts outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from worldgen.content.rules import Violation

RejectKind = Literal["invalid", "duplicate", "error"]


@dataclass
class Usage:
    """Tokens spent on one record (all attempts) and their estimated price; None when unknown."""

    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost_usd: float | None = 0.0

    def add(self, prompt_tokens: int, completion_tokens: int, cost_usd: float | None) -> None:
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens
        self.cost_usd = None if cost_usd is None or self.cost_usd is None else self.cost_usd + cost_usd


@dataclass
class Outcome:
    """What became of one record index."""

    index: int
    prompt_hash: str
    record: dict[str, Any] | None = None  # validated and normalised, or None when rejected
    reject: RejectKind | None = None
    reason: str = ""
    violations: list[Violation] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    attempts: int = 1  # model answers judged (1 + repairs)
    retries: int = 0  # transport retries (429, 5xx, timeouts)
    cache_hits: int = 0


class Provider(Protocol):
    """Makes records for one scaffold; ``produce`` may be called concurrently."""

    name: str
    model: str

    def settings(self) -> dict[str, Any]:
        """What, besides scaffold and seed, decides the records (kept in the manifest)."""
        ...

    async def produce(self, index: int) -> Outcome: ...

    async def aclose(self) -> None: ...


def record_id(scaffold_name: str, seed: int, index: int) -> str:
    """The id of record ``index`` of a pack: stable across runs and resumes."""
    return f"{scaffold_name}-{seed}-{index:06d}"
