"""A draft: one scaffold a proposer wrote, with everything its provenance must say about it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Draft:
    parents: tuple[str, ...]  # library scaffolds it came from (mutate: one; an LLM: the examples it was shown)
    name: str  # the proposal's wished-for world name (made unique when taken)
    source: str
    change: str  # what it changed, or what it is
    why: str
    proposer: str = "mutate"
    model: str | None = None
    rounds: int = 1  # drafts written before this one was handed to the gate
    tokens: dict[str, int] = field(default_factory=lambda: {"prompt": 0, "completion": 0})
    cost_usd: float | None = 0.0  # None: the model's price is unknown
    record_from: str | None = None  # the library scaffold whose example record to try first
    transcript: tuple[dict[str, Any], ...] = ()
    tag: str = ""  # the catalogue entry that made it (mutate), so a parent that already has it is skipped
