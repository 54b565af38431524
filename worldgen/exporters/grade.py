"""The verifier of a harbor task: the world service's journal in, ``reward.json`` out.

It trusts three things, all outside the agent's reach: the world artifact and episode settings in
``tests/`` (uploaded by harbor at grading time), and the journal collected by harbor from the world
service's own filesystem. From the journal it takes only the commands, in order, and replays them
through the world under the episode seed; rewards, flags and hashes written in the journal are
never believed (the hashes only flag a replay that disagrees with the live episode).

    python -m worldgen.exporters.grade --world W.json --episode E.json --journal J.jsonl --out reward.json

``reward`` is 1 for a solved episode and 0 otherwise; ``progress`` is partial credit measured by
the model checker's distances to the goal (``worldgen.exporters.progress``), never by reward
earned; the other fields are diagnostics. All are finite numbers, as harbor requires.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from worldgen.compiler.artifact import Artifact, load
from worldgen.compiler.bounds import scaffold_bounds
from worldgen.errors import WorldgenError
from worldgen.exporters.episode import observation_sha256, play
from worldgen.exporters.journal import EpisodeConfig, read_journal
from worldgen.exporters.progress import GoalDistance, ProgressMeter


def grade(world_path: Path, config: EpisodeConfig, journal: Path) -> tuple[dict[str, float], str]:
    """The reward fields and a one-line account of them, for test-stdout.txt."""
    result: dict[str, float] = {"reward": 0.0, "success": 0.0, "progress": 0.0, "return": 0.0, "steps": 0,
                                "valid_steps": 0, "ignored_commands": 0, "journal_consistent": 1, "journal_error": 0}
    if not journal.is_file():
        result["journal_error"] = 1
        return result, f"no journal at {journal}: the world service's journal was not collected"
    try:
        records = read_journal(journal)
    except (WorldgenError, OSError, UnicodeDecodeError) as err:
        result["journal_error"] = 1
        return result, f"unreadable journal: {err}"
    loaded = load(world_path)
    world, bounds = (loaded.world, loaded.report.bounds) if isinstance(loaded, Artifact) else (loaded, scaffold_bounds(loaded.scaffold))
    meter = ProgressMeter(GoalDistance(world, bounds))
    shell = "remote" if world.scaffold.terminal is not None else "emulated"  # a container's program calls
    session, ignored = play(world, config.seed, [r["command"] for r in records], meter.watch, shell)
    consistent = all(r.get("observation_sha256") == observation_sha256(t.observation) for r, t in zip(records, session.turns))
    progress = 1.0 if session.success else meter.progress()
    result.update(reward=float(session.success), success=float(session.success), progress=round(progress, 6),
                  steps=len(session.turns), valid_steps=sum(t.valid for t in session.turns),
                  ignored_commands=ignored, journal_consistent=int(consistent))
    result["return"] = round(session.ret, 6)
    outcome = session.outcome or ("solved (the goal holds after the last command)" if session.success else "unfinished")
    return result, f"replayed {len(session.turns)} command(s) from the journal: {outcome}, return {session.ret:g}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m worldgen.exporters.grade", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--world", required=True, type=Path, help="the world artifact (from tests/)")
    parser.add_argument("--episode", required=True, type=Path, help="episode.json (from tests/)")
    parser.add_argument("--journal", required=True, type=Path, help="the journal collected from the world service")
    parser.add_argument("--out", required=True, type=Path, help="where to write reward.json")
    args = parser.parse_args(argv)
    try:
        result, account = grade(args.world, EpisodeConfig.load(args.episode), args.journal)
    except WorldgenError as err:
        print(str(err), file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, sort_keys=True) + "\n", encoding="utf-8")
    print(account)
    print(json.dumps(result, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
