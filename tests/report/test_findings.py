"""Each finding shows up on a suite made to trigger it, with its numbers, and not on the plain tally
suite (conftest.py), where none of the rules holds."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

import worldgen
from tests.report.conftest import RECORD, TALLY
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.report import build_report
from worldgen.report.findings import RULES
from worldgen.rollouts.policies import make_policy
from worldgen.rollouts.policies.base import Move, Policy, Usage
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import Entry, open_entries
from worldgen.runtime.env import Env
from worldgen.verify import Bounds


class Mumbler:
    """A policy whose every command is one no world understands."""

    name = "mumbler"
    usage: Usage | None = None

    def agent(self, entry: Entry, env: Env, seed: int) -> Mumbler:
        return self

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        return Move("xyzzy")

    async def aclose(self) -> None:
        return None


def tally(out: Path, source: str = TALLY, **axes: str) -> Path:
    compile_suite(Spec(worldgen.loads(source, "tally.wg").ir, (("rec", RECORD),), axes, Bounds(), 5), range(0, 6), out,
                  LocalExecutor(1))
    return out


def rollout(entries: list[Entry], policy: Policy, out: Path) -> str:
    asyncio.run(run(entries, policy, out, episodes=3))
    return str(out)


def found(report: dict[str, Any], rule: str) -> list[dict[str, Any]]:
    return [f for f in report["findings"] if f["rule"] == rule]


@pytest.fixture(scope="module")
def plain(tally_suite: Path, tally_rollouts: list[Path]) -> dict[str, Any]:
    return build_report(tally_suite, [str(f) for f in tally_rollouts])


def test_the_plain_suite_raises_no_finding(plain: dict[str, Any]) -> None:
    assert plain["rollouts"]["policies"]["random"]["success"]["rate"] < 0.5  # random solves 8 of 18 episodes
    assert plain["findings"] == []
    assert {r.name for r in RULES} == {"not_executable", "random_solves_most", "unsolved_value", "oracle_near_horizon",
                                       "identical_complexity", "invalid_commands", "unused_axis_value"}


def test_random_solving_most_episodes_is_flagged(tmp_path: Path) -> None:
    suite = tally(tmp_path / "easy", TALLY.replace("horizon 8", "horizon 30"))  # time enough to stumble on the target
    report = build_report(suite, [rollout(open_entries(suite), make_policy("random"), tmp_path / "random.jsonl")])
    [finding] = found(report, "random_solves_most")
    success = report["rollouts"]["policies"]["random"]["success"]
    assert success["rate"] >= finding["threshold"] == 0.5 and finding["numbers"]["success"] == success
    assert f"solves {100 * success['rate']:.1f}% ({success['count']}/18) of its episodes" in finding["message"]


def test_an_axis_value_no_policy_solves_is_flagged(tally_suite: Path, tmp_path: Path) -> None:
    entries = open_entries(tally_suite)
    terse, verbs = [e for e in entries if e.axes["interface"] == "terse"], [e for e in entries if e.axes["interface"] == "verbs"]
    files = [rollout(terse, Mumbler(), tmp_path / "mumbler.jsonl"), rollout(verbs, make_policy("oracle"), tmp_path / "oracle.jsonl")]
    report = build_report(tally_suite, files)
    values = {(f["numbers"].get("axis") or f["numbers"].get("param"), f["numbers"]["value"]): f for f in found(report, "unsolved_value")}
    assert set(values) == {("interface", "terse")}  # both targets have verbs worlds, which the oracle solves
    assert values[("interface", "terse")]["numbers"]["episodes"] == {"mumbler": 6}
    assert "No policy solves tally axis interface = terse: 0 of 6 episodes (mumbler 6)" in values[("interface", "terse")]["message"]


def test_a_policy_that_is_never_understood_is_flagged(tally_suite: Path, tmp_path: Path) -> None:
    report = build_report(tally_suite, [rollout(open_entries(tally_suite), Mumbler(), tmp_path / "mumbler.jsonl")])
    [finding] = found(report, "invalid_commands")
    assert finding["numbers"] == {"policy": "mumbler", "valid_steps": {"count": 0, "of": 144, "rate": 0.0}}  # 6 worlds x 3 x 8
    assert finding["message"].startswith("mumbler never issues a valid command (144 steps)")


def test_a_walkthrough_near_the_horizon_is_flagged(tmp_path: Path) -> None:
    report = build_report(tally(tmp_path / "tight", TALLY.replace("horizon 8", "horizon 3")))
    [finding] = found(report, "oracle_near_horizon")
    near = report["signals"]["near_horizon"]
    assert (near["count"], near["of"], len(near["worlds"])) == (4, 6, 4)  # target 3 takes 3 of 3 steps; target 2, 2 of 3
    assert report["signals"]["horizon_use"]["max"] == 1.0 and finding["threshold"] == 0.8
    assert "80% of the horizon or more in 4 of 6 worlds" in finding["message"]


def test_identical_worlds_and_an_axis_value_no_world_drew_are_flagged(tmp_path: Path) -> None:
    report = build_report(tally(tmp_path / "same", TALLY.replace("int in 2..3", "int in 3..3"), interface="verbs"))
    [same] = found(report, "identical_complexity")
    assert same["numbers"]["solution_length"] == 3 and same["numbers"]["reachable_states"] == 8
    assert same["message"].startswith("All 6 worlds are identical in complexity (solution length 3,")
    [unused] = found(report, "unused_axis_value")
    assert unused["numbers"] == {"scaffold": "tally", "axis": "interface", "unused": ["terse"], "worlds": {"verbs": 6, "terse": 0}}


def test_crashing_episodes_are_flagged_first(tally_suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    step = Env.step

    def faulty(self: Env, command: str) -> Any:
        if self.steps == 1:
            raise RuntimeError("boom")
        return step(self, command)

    monkeypatch.setattr(Env, "step", faulty)
    crashed = rollout(open_entries(tally_suite)[:2], make_policy("oracle"), tmp_path / "crashed.jsonl")
    monkeypatch.undo()
    report = build_report(tally_suite, [crashed])
    first = report["findings"][0]
    assert first["rule"] == "not_executable" and first["numbers"]["crash_free"]["count"] == 0
    assert first["message"].startswith("6 of 6 episodes raised or hit a rule error")


def test_findings_lead_every_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from worldgen.cli.main import main

    suite = tally(tmp_path / "tight", TALLY.replace("horizon 8", "horizon 3"))
    page = tmp_path / "report.html"
    assert main(["report", str(suite), "--html", str(page)]) == 0
    text = capsys.readouterr().out
    assert text.index("Findings") < text.index("1. Executability") and "little slack" in text
    html = page.read_text()
    assert html.index("<section class=findings>") < html.index("<h2>1. Executability</h2>")
    assert "oracle near horizon</span>: The oracle&#x27;s walkthrough takes 80% of the horizon" in html
