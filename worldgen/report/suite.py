"""Everything a report reads, loaded once: the suite's worlds (with check reports), its compile
summary and rejects, the rollout episodes, and the content packs named on the command line.

Rollout files are checked before anything is counted: episodes of worlds not in the suite are
left out (with a warning), and every other episode must replay through its world's runtime to the
recorded observations, rewards, return and success (rollouts/replay.py), else the report is
refused, unless ``trust_edited``."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from worldgen import jsondata
from worldgen.compiler.suite import REJECTED, SUMMARY
from worldgen.errors import WorldgenError
from worldgen.flywheel.split import SPLIT
from worldgen.jsondata import read_json_file
from worldgen.rollouts import records
from worldgen.rollouts.replay import mismatch
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.textfile import read_text


@dataclass
class SuiteData:
    path: str
    entries: list[Entry]
    summary: dict[str, Any] | None  # summary.json of `worldgen compile`; None for a lone world file
    rejected: list[dict[str, Any]]
    episodes: list[dict[str, Any]]  # rollout episodes of this suite's worlds, latest per key
    rollout_files: list[str]
    packs: list[str]
    warnings: list[str] = field(default_factory=list)
    replays: list[str | None] | None = None  # per episode: how its replay differs (None: it replays); None: not replayed yet

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}

    def replay_problems(self) -> list[str | None]:
        """How each episode differs from its replay (None where it replays exactly), in episode
        order. Each episode is replayed once per report: loading already replayed them all, unless
        told to trust edited files."""
        if self.replays is None:
            by_id = self.by_id()
            self.replays = [mismatch(by_id[e["world"]], e) for e in self.episodes]
        return self.replays


def load_suite(path: str | Path, rollout_files: list[str], packs: list[str], trust_edited: bool = False,
               entries: list[Entry] | None = None) -> SuiteData:
    """``entries``: the suite's worlds, when the caller has just opened them (checked) itself."""
    folder = Path(path)
    entries = open_entries(folder, trust_edited) if entries is None else entries
    summary, rejected = (_summary(folder), _rejected(folder)) if folder.is_dir() else (None, [])
    data = SuiteData(str(path), entries, summary, rejected, [], list(rollout_files), list(packs))
    if folder.is_dir() and summary is None and not (folder / SPLIT).is_file():  # a split has no compile summary
        data.warnings.append(f"{folder / SUMMARY} is missing: acceptance rates are unknown")
    by_id = data.by_id()
    seen: set[tuple[Any, Any, Any]] = set()  # (policy, world, seed): what identifies an episode
    for name in rollout_files:
        episodes, warnings = records.read(name)
        data.warnings += warnings
        foreign = [e for e in episodes if e.get("world") not in by_id]
        if foreign:
            data.warnings.append(f"{name}: {len(foreign)} episode(s) of worlds not in this suite were left out "
                                 f"(first: {foreign[0].get('world')})")
        ours, again = _first_reads([e for e in episodes if e.get("world") in by_id], seen)
        if again:  # two rollouts over the same seeds, or one file passed twice: each episode counts once
            data.warnings.append(f"{name}: {len(again)} episode(s) read already (the same policy, world and seed) "
                                 f"were counted once (first: {again[0].get('policy')} on {again[0].get('world')} "
                                 f"seed {again[0].get('seed')})")
        if not trust_edited:
            _check_replays(name, ours, by_id)
        data.episodes += ours
    if not trust_edited:  # every episode replayed above, or loading was refused
        data.replays = [None] * len(data.episodes)
    return data


def _first_reads(episodes: list[dict[str, Any]], seen: set[tuple[Any, Any, Any]]) -> tuple[list[dict[str, Any]],
                                                                                          list[dict[str, Any]]]:
    """(the episodes not read before, those that were), adding the new ones' keys to ``seen``."""
    new, again = [], []
    for e in episodes:
        key = (e.get("policy"), e.get("world"), e.get("seed"))
        (again if key in seen else new).append(e)
        seen.add(key)
    return new, again


def _check_replays(name: str, episodes: list[dict[str, Any]], by_id: dict[str, Entry]) -> None:
    """Refuse a rollout file with an episode that does not replay (rollouts/replay.py); a tampered
    step tables file is refused by name before any replay."""
    for world in dict.fromkeys(episode["world"] for episode in episodes):
        by_id[world].step_tables()
    for episode in episodes:
        problem = mismatch(by_id[episode["world"]], episode)
        if problem is not None:
            raise WorldgenError(f"{name}: error: episode {episode.get('policy')} {episode['world']} seed "
                                f"{episode.get('seed')} does not replay: {problem}; re-record it, or pass "
                                "--trust-edited to count it anyway")


def _summary(folder: Path) -> dict[str, Any] | None:
    path = folder / SUMMARY
    data = read_json_file(path)
    if data is None:
        return None
    if not isinstance(data, dict):
        raise WorldgenError(f"{path}: error: expected a JSON object")
    return data


def _rejected(folder: Path) -> list[dict[str, Any]]:
    path = folder / REJECTED
    if not path.is_file():
        return []
    out = []
    for number, line in enumerate(read_text(path).splitlines(), 1):
        if line.strip():
            try:
                out.append(jsondata.loads(line))
            except json.JSONDecodeError as err:
                raise WorldgenError(f"{path}:{number}: error: not JSON: {err.msg}") from None
    return out
