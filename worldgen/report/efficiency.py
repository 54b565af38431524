"""Efficiency: what a valid world costs to make.

Acceptance comes from the compiler's summary (worlds kept per seed, and per draw when failing
worlds are re-drawn). Content tokens and cost come from the content pack's manifest, which the
suite does not point to (artifacts keep only record ids and content hashes), so packs are named
with ``--pack`` and matched by scaffold hash and record ids; without one, content cost is reported
as unknown rather than guessed. A pack serves many worlds, so its spend (kept and rejected records
alike) is shared out per kept record, and a world costs its record's share divided by the worlds
made from that record. Compile time is not stored in a suite (it would break byte-identical
output), so throughput is measured here, on this machine, under ``measured``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.errors import WorldgenError
from worldgen.report.stats import r
from worldgen.report.suite import SuiteData
from worldgen.textfile import read_text
from worldgen.verify import verify_world

VERIFY_SAMPLE = 8  # worlds re-verified to measure throughput
VERIFY_BUDGET_S = 3.0


def measure(data: SuiteData) -> dict[str, Any]:
    s = data.summary
    acceptance: dict[str, Any] | str = "unknown: no summary.json (not a suite written by `worldgen compile`)"
    if s is not None:
        acceptance = {k: s.get(k) for k in ("worlds", "accepted", "rejected", "acceptance_rate", "draws",
                                            "draw_acceptance_rate", "accepted_at_attempt", "failed_checks_in_rejected")}
    return {"acceptance": acceptance, "content": _content(data)}


def _content(data: SuiteData) -> dict[str, Any] | str:
    if not data.packs:
        return "unknown: the suite records only record ids and content hashes; pass --pack PACK to count tokens and cost"
    used = {e.provenance.record_id for e in data.entries if e.provenance is not None}
    used |= {line["record_id"] for line in data.rejected if "record_id" in line}  # rejected seeds used content too
    scaffold_hashes = {e.provenance.scaffold_sha256 for e in data.entries if e.provenance is not None}
    accepted = len(data.entries)
    out: dict[str, Any] = {"packs": []}
    tokens_share = cost_share = 0.0
    cost_known = True
    matched_records = 0
    for folder in data.packs:
        manifest, ids = _pack(Path(folder))
        hit = used & ids
        if manifest.get("scaffold_hash") not in scaffold_hashes or not hit:
            data.warnings.append(f"{folder}: not the pack of this suite (no matching scaffold hash and record ids); ignored")
            continue
        kept = int(manifest.get("counts", {}).get("records", len(ids))) or len(ids)
        tokens = manifest.get("tokens", {})
        total_tokens = int(tokens.get("prompt", 0)) + int(tokens.get("completion", 0))
        cost = manifest.get("cost_usd")
        counts = manifest.get("counts", {})
        judged = kept + int(counts.get("rejected", 0))
        out["packs"].append({
            "pack": str(folder), "provider": manifest.get("provider"), "model": manifest.get("model"),
            "records": kept, "rejected": int(counts.get("rejected", 0)), "acceptance_rate": r(kept / judged) if judged else None,
            "tokens": total_tokens, "cost_usd": cost, "seconds": manifest.get("duration_s"),
            "records_used_by_suite": len(hit),
        })
        matched_records += len(hit)
        tokens_share += total_tokens * len(hit) / kept
        if cost is None:
            cost_known = False
        else:
            cost_share += float(cost) * len(hit) / kept
    if not out["packs"]:
        return "unknown: none of the packs given made this suite's content"
    unmatched = len(used) - matched_records
    out["records_not_found"] = unmatched
    out["tokens_per_valid_world"] = r(tokens_share / accepted) if accepted and not unmatched else None
    out["cost_usd_per_valid_world"] = r(cost_share / accepted) if accepted and cost_known and not unmatched else None
    return out


def _pack(folder: Path) -> tuple[dict[str, Any], set[str]]:
    manifest_path, records_path = folder / "manifest.json", folder / "records.jsonl"
    if not manifest_path.is_file() or not records_path.is_file():
        raise WorldgenError(f"{folder}: error: not a content pack (needs manifest.json and records.jsonl)")
    try:
        manifest = jsondata.loads(read_text(manifest_path))
        ids = {jsondata.loads(line)["id"] for line in read_text(records_path).splitlines() if line.strip()}
    except (json.JSONDecodeError, KeyError, TypeError) as err:
        raise WorldgenError(f"{folder}: error: unreadable content pack: {err}") from None
    return manifest, ids


def throughput(data: SuiteData) -> dict[str, Any]:
    """Measured on this machine: re-verifying a few worlds (the bulk of compile time), and the
    steps per second rollouts ran at. Kept apart from the deterministic part of the report."""
    start = time.perf_counter()
    verified = 0
    for entry in data.entries[:VERIFY_SAMPLE]:
        verify_world(entry.world, entry.report.bounds)
        verified += 1
        if time.perf_counter() - start > VERIFY_BUDGET_S:
            break
    elapsed = time.perf_counter() - start
    out: dict[str, Any] = {"verify_worlds_per_second": r(verified / elapsed) if elapsed else None, "worlds_verified": verified}
    seconds = sum(e.get("timing", {}).get("seconds", 0.0) for e in data.episodes)
    steps = sum(e["steps"] for e in data.episodes)
    out["rollout_steps_per_second"] = r(steps / seconds) if seconds else None
    return out
