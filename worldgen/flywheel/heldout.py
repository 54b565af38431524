"""``loop --eval SUITE``: each round, the solver plays a fixed held-out suite that the proposer
never sees (it reads only the reports of the library's own suites), so the loop measures what it
exists for: whether training on its worlds helps on worlds it never trained on.

A held-out suite that shares a world with the round's training suites is no held-out suite: it is
refused, naming the shared worlds. Worlds are compared by the sha256 of their canonical JSON (the
artifact's recorded ``world_sha256``), so the same world under another id is still caught.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from worldgen.canonical import sha256
from worldgen.errors import WorldgenError
from worldgen.report.generalisation import group
from worldgen.rollouts import records
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import Entry

LISTED = 5  # shared worlds named in a refusal


def world_hash(entry: Entry) -> str:
    if entry.provenance is not None:
        return entry.provenance.world_sha256
    return sha256(entry.world.to_json())


def refuse_shared(held_out: list[Entry], training: list[Entry], suite: Path, r: int) -> None:
    """Raise when a held-out world is also a training world of round ``r``."""
    trained = {world_hash(e): e.id for e in training}
    shared = [(e.id, trained[world_hash(e)]) for e in held_out if world_hash(e) in trained]
    if shared:
        named = ", ".join(f"{a}" + (f" (= {b})" if a != b else "") for a, b in shared[:LISTED])
        more = f" and {len(shared) - LISTED} more" if len(shared) > LISTED else ""
        raise WorldgenError(f"--eval: error: {suite} shares {len(shared)} world(s) with round {r}'s training suites: "
                            f"{named}{more}; a held-out suite must hold worlds the solver never trains on "
                            "(make one with `worldgen split`)")


def evaluate(held_out: list[Entry], suite: Path, out: Path, solver: str, episodes: int, base_url: str | None) -> dict[str, Any]:
    """The solver's episodes on the held-out suite (into ``out``, resumed like any rollout):
    success with its Wilson interval and mean return with its normal interval."""
    asyncio.run(run(held_out, make_policy(solver, base_url), out, episodes, 1, 0))
    played = [e for e in records.read(out)[0] if not (e["error"] and e["error"]["source"] == "policy")]
    return {"suite": str(suite), "worlds": len(held_out), **group(played)}
