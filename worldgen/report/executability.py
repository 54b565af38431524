"""Executability: do the worlds run without crashing, and does a replay give the same trace?

Three independent replays: the checker's own determinism check (stored in each artifact), the
artifact's oracle replay re-run here and compared with the hash the compiler stored (a different
process, maybe a different machine), and every rollout episode re-played command by command
(once per report: loading the suite replayed them, report/suite.py).
"""

from __future__ import annotations

from typing import Any

from worldgen.report.stats import rate
from worldgen.report.suite import SuiteData
from worldgen.rollouts.sources import Entry
from worldgen.verify.replay import first_admissible, replay

EXAMPLES = 10  # failing worlds or episodes listed by id


def measure(data: SuiteData) -> dict[str, Any]:
    entries = data.entries
    determinism = [e.id for e in entries if _check(e, "determinism") != "pass"]
    stored = [e for e in entries if e.stored_report is not None]  # a bare world file has no hash to match
    mismatched = [e.id for e in stored if not _replays_like_artifact(e)]
    out: dict[str, Any] = {
        "worlds": len(entries),
        "determinism_check": {**rate(len(entries) - len(determinism), len(entries)), "failing": determinism[:EXAMPLES]},
        "replay_matches_artifact": {**rate(len(stored) - len(mismatched), len(stored)), "failing": mismatched[:EXAMPLES]},
    }
    episodes = data.episodes
    if not episodes:
        out["rollouts"] = None
        return out
    crashed = [e for e in episodes if _crashed(e)]
    replayable = [(e, problem) for e, problem in zip(episodes, data.replay_problems())
                  if not (e["error"] and e["error"]["source"] == "world")]
    differing = [e for e, problem in replayable if problem is not None]
    out["rollouts"] = {
        "episodes": len(episodes),
        "crash_free": {**rate(len(episodes) - len(crashed), len(episodes)),
                       "failing": [_where(e) for e in crashed[:EXAMPLES]]},
        "policy_errors": sum(1 for e in episodes if e["error"] and e["error"]["source"] == "policy"),
        "deterministic_replay": {**rate(len(replayable) - len(differing), len(replayable)),
                                 "failing": [_where(e) for e in differing[:EXAMPLES]]},
    }
    return out


def _check(entry: Entry, name: str) -> str | None:
    return next((c.status for c in entry.report.checks if c.name == name), None)


def _replays_like_artifact(entry: Entry) -> bool:
    """The commands the checker replayed (oracle, else first-admissible) give the stored hash."""
    report = entry.report
    commands = [s.command for s in report.oracle.steps] if report.oracle else first_admissible(entry.world)
    return replay(entry.world.env(), commands).sha256 == report.replay_sha256


def _crashed(episode: dict[str, Any]) -> bool:
    """The world raised, or a rule raised an error the runtime caught (``info["error"]``)."""
    error = episode["error"]
    return bool(error and error["source"] == "world") or any("error" in s for s in episode["trace"])


def _where(episode: dict[str, Any]) -> str:
    return f"{episode['policy']} {episode['world']} seed {episode['seed']}"
