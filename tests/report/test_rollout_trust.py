"""The report counts only episodes it can vouch for: each must belong to the suite and replay,
through its world's runtime, to what the file records; a forged file is refused in one line."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from worldgen.report import build_report


def _forge(source: Path, out: Path, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    lines = [json.loads(line) for line in source.read_text().splitlines()]
    victim = next(e for e in lines if not e["success"] and e["trace"])
    change(victim)
    out.write_text("".join(json.dumps(e) + "\n" for e in lines))
    return victim


def _claim_success(e: dict[str, Any]) -> None:
    e.update(success=True, terminated=True, **{"return": 1.0})


def _change_a_command(e: dict[str, Any]) -> None:
    e["trace"][0]["command"] = "xyzzy"


def _drop_the_last_step(e: dict[str, Any]) -> None:
    e["trace"].pop()
    e["steps"] -= 1


@pytest.mark.parametrize(("change", "problem"), [
    (_claim_success, "recorded .*success True.*; replay gives .*False"),
    (_change_a_command, "step 1 \\('xyzzy'\\): "),
    (_drop_the_last_step, "recorded .*; replay gives"),
])
def test_a_forged_episode_is_refused_unless_trusted(tally_suite, tally_rollouts, tmp_path, change, problem):
    forged = tmp_path / "forged.jsonl"
    victim = _forge(tally_rollouts[1], forged, change)
    run = subprocess.run([sys.executable, "-m", "worldgen.cli.main", "report", str(tally_suite), "--rollouts", str(forged)],
                         capture_output=True, text=True)
    assert run.returncode == 1 and run.stdout == "" and run.stderr.count("\n") == 1
    assert run.stderr.startswith(f"{forged}: error: episode {victim['policy']} {victim['world']} seed {victim['seed']} "
                                 "does not replay: ")
    assert re.search(problem, run.stderr) and run.stderr.endswith("pass --trust-edited to count it anyway\n")
    trusted = build_report(tally_suite, [str(forged)], trust_edited=True)
    assert trusted["executability"]["rollouts"]["deterministic_replay"]["failing"] == [
        f"{victim['policy']} {victim['world']} seed {victim['seed']}"]


def test_honest_rollouts_are_counted(tally_suite, tally_rollouts):
    report = build_report(tally_suite, [str(f) for f in tally_rollouts])
    replay = report["executability"]["rollouts"]["deterministic_replay"]
    assert replay["count"] == replay["of"] > 0 and report["suite"]["episodes"] == replay["of"]


@pytest.mark.parametrize("trust_edited", [False, True])
def test_each_episode_is_replayed_once_per_report(tally_suite, tally_rollouts, monkeypatch, trust_edited):
    import worldgen.report.suite as suite

    replayed: list[tuple[str, int]] = []
    real = suite.mismatch

    def counting(entry: Any, episode: dict[str, Any]) -> str | None:
        replayed.append((episode["world"], episode["seed"]))
        return real(entry, episode)

    monkeypatch.setattr(suite, "mismatch", counting)
    report = build_report(tally_suite, [str(f) for f in tally_rollouts], trust_edited=trust_edited)
    assert len(replayed) == report["suite"]["episodes"] > 0
    replay = report["executability"]["rollouts"]["deterministic_replay"]
    assert replay["count"] == replay["of"] > 0
