"""The report's numbers on the hand-made tally suite, worked out by hand (see conftest.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from worldgen.report import build_report, to_json
from worldgen.rollouts.sources import open_entries

SOLUTIONS = [2, 3, 3, 3, 3, 2]


@pytest.fixture(scope="module")
def report(tally_suite: Path, tally_rollouts: list[Path]) -> dict:
    return build_report(tally_suite, [str(f) for f in tally_rollouts])


def test_complexity_is_reported_as_distributions(report: dict) -> None:
    s = report["complexity"]["solution_length"]
    assert (s["n"], s["min"], s["median"], s["max"], s["mean"]) == (6, 2, 3, 3, round(16 / 6, 6))
    assert s["histogram"] == {"edges": [1.5, 2.5, 3.5], "counts": [2, 4]}
    # states: n in 0..target x 2 open boxes; branching: 2 at n=0 (add, open), 3 above (add, drop, open)
    assert report["complexity"]["reachable_states"]["histogram"]["counts"][0] == 2  # the two target-2 worlds: 6 states
    assert (report["complexity"]["reachable_states"]["min"], report["complexity"]["reachable_states"]["max"]) == (6, 8)
    assert report["complexity"]["mean_branching"]["min"] == 2.5
    assert report["complexity"]["mean_branching"]["max"] == round(16 / 6, 6)
    sparsity = report["complexity"]["reward_sparsity"]  # only the last step of a solution pays
    assert (sparsity["min"], sparsity["max"]) == (round(1 - 1 / 2, 6), round(1 - 1 / 3, 6))
    assert report["complexity"]["dead_end_states"]["max"] == 0


def test_coverage_counts_axis_values_params_and_content(report: dict) -> None:
    c = report["coverage"]
    assert c["worlds_per_scaffold"] == {"tally": 6}
    interface = c["axes"]["tally"]["interface"]
    assert interface["worlds"] == {"verbs": 4, "terse": 2} and interface["kind"] == "interface" and not interface["unused"]
    assert interface["balance"] == 0.918296  # entropy of (1/3, 2/3) in bits
    assert c["params"]["tally"] == {"target": {"2": 2, "3": 4}}
    content = c["content"]
    assert content["names"] == {"total": 12, "distinct": 2, "distinct_rate": round(2 / 12, 6)}
    assert content["records_used"] == 1 and content["texts"] == 18  # thing + 2 box names, 6 worlds
    assert content["ngrams"]["distinct_1"] == {"distinct": 3, "total": 18, "ratio": round(3 / 18, 6)}
    assert content["ngrams"]["distinct_2"]["ratio"] is None  # one-word texts have no bigrams


def test_signals_compare_oracle_random_and_doing_nothing(report: dict) -> None:
    g = report["signals"]
    assert g["oracle_coverage"] == {"count": 6, "of": 6, "rate": 1.0}
    oracle = g["expected_return"]["oracle"]
    assert (oracle["min"], oracle["max"]) == (0.7, 0.8)
    assert g["expected_return"]["do_nothing"]["max"] == -0.8  # 8 steps of -0.1
    assert g["stochastic_worlds"]["count"] == 0 and g["walkthrough_probability"]["min"] == 1.0
    observed = g["observed"]
    assert observed["oracle"]["success"]["rate"] == 1.0
    assert observed["oracle"]["reward_noise"] == {"worlds_measured": 6, "mean_std": 0.0, "max_std": 0.0,
                                                  "worlds_with_spread": 0, "note": None}
    assert observed["random"]["success"]["of"] == 18


def test_signals_are_split_per_axis_value_and_param_value(report: dict) -> None:
    g = report["signals"]
    assert g["horizon_use"]["min"] == 0.25 and g["horizon_use"]["max"] == 0.375  # 2 or 3 steps of a horizon of 8
    assert g["near_horizon"] == {"count": 0, "of": 6, "rate": 0.0, "at_least": 0.8, "worlds": []}
    interface = g["by_axis"]["tally"]["interface"]
    assert list(interface) == ["terse", "verbs"] and (interface["terse"]["worlds"], interface["verbs"]["worlds"]) == (2, 4)
    assert interface["verbs"]["oracle_coverage"] == {"count": 4, "of": 4, "rate": 1.0}
    assert interface["terse"]["median"]["oracle_return"] == 0.75  # seeds 0 and 1: targets 2 and 3
    target = g["by_param"]["tally"]["target"]
    assert [target[v]["worlds"] for v in ("2", "3")] == [2, 4]
    assert (target["2"]["median"]["oracle_return"], target["3"]["median"]["oracle_return"]) == (0.8, 0.7)
    assert (target["2"]["median"]["horizon_use"], target["3"]["median"]["horizon_use"]) == (0.25, 0.375)
    assert target["2"]["median"]["do_nothing_return"] == -0.8 and target["2"]["beats_baselines_check"]["rate"] == 1.0
    # each value's median random return is the checker's exact one, and the gap is oracle minus random
    assert target["2"]["median"]["oracle_minus_random"] == round(0.8 - target["2"]["median"]["random_return"], 6)


def test_executability_replays_artifacts_and_episodes(report: dict) -> None:
    e = report["executability"]
    assert e["determinism_check"]["rate"] == e["replay_matches_artifact"]["rate"] == 1.0
    assert e["rollouts"]["episodes"] == 36
    assert e["rollouts"]["crash_free"]["rate"] == e["rollouts"]["deterministic_replay"]["rate"] == 1.0


def test_rollouts_give_success_per_world_scaffold_axis_and_param(report: dict, tally_rollouts: list[Path]) -> None:
    policies = report["rollouts"]["policies"]
    assert set(policies) == {"oracle", "random"}
    oracle = policies["oracle"]
    assert oracle["success"] == {"count": 18, "of": 18, "rate": 1.0} and oracle["frontier"] == oracle["unsolved"] == []
    assert oracle["by_axis"]["tally"]["interface"]["terse"]["episodes"] == 6
    assert oracle["by_param"]["tally"]["target"]["3"]["mean_steps"] == 3.0
    assert oracle["by_scaffold"]["tally"]["mean_return"] == round((0.8 * 6 + 0.7 * 12) / 18, 6)
    random = policies["random"]
    episodes = [json.loads(line) for line in tally_rollouts[1].read_text().splitlines()]
    for world, group in random["by_world"].items():
        mine = [e for e in episodes if e["world"] == world]
        assert group["success"]["count"] == sum(e["success"] for e in mine) and group["episodes"] == 3
    assert sum(g["episodes"] for g in random["by_axis"]["tally"]["interface"].values()) == 18
    assert oracle["valid_steps"] == {"count": 48, "of": 48, "rate": 1.0}  # 3 episodes of 2+3+3+3+3+2 steps


def test_efficiency_reads_the_summary_and_a_matching_pack(tally_suite: Path, tmp_path: Path) -> None:
    entry = open_entries(tally_suite)[0]
    pack = tmp_path / "pack"
    pack.mkdir()
    (pack / "manifest.json").write_text(json.dumps({
        "scaffold_hash": entry.provenance.scaffold_sha256, "provider": "openai", "model": "m", "duration_s": 2.0,
        "counts": {"records": 3, "rejected": 1}, "tokens": {"prompt": 200, "completion": 100}, "cost_usd": 0.006}))
    (pack / "records.jsonl").write_text("".join(json.dumps({"id": i}) + "\n" for i in ("rec", "r2", "r3")))
    e = build_report(tally_suite, [], [str(pack)])["efficiency"]
    assert e["acceptance"]["acceptance_rate"] == 1.0 and e["acceptance"]["draws"] == 6
    content = e["content"]
    assert content["packs"][0]["acceptance_rate"] == 0.75 and content["packs"][0]["records_used_by_suite"] == 1
    assert content["tokens_per_valid_world"] == round(300 / 3 / 6, 6)
    assert content["cost_usd_per_valid_world"] == round(0.006 / 3 / 6, 6)
    without = build_report(tally_suite)["efficiency"]["content"]
    assert without.startswith("unknown")


def test_the_json_is_byte_identical_apart_from_measured(tally_suite: Path, tally_rollouts: list[Path]) -> None:
    a, b = (build_report(tally_suite, [str(f) for f in tally_rollouts]) for _ in range(2))
    assert set(a["measured"]) >= {"verify_worlds_per_second", "rollout_steps_per_second", "report_seconds"}
    a.pop("measured"), b.pop("measured")
    assert to_json(a) == to_json(b)


def test_a_report_without_measuring_is_the_same_report_without_its_timings(report: dict, tally_suite: Path,
                                                                          tally_rollouts: list[Path]) -> None:
    """The flywheel asks for no timings and hands over the worlds it has just opened: same report."""
    lean = build_report(tally_suite, [str(f) for f in tally_rollouts], measure=False, entries=open_entries(tally_suite))
    assert "measured" not in lean
    assert to_json(lean) == to_json({k: v for k, v in report.items() if k != "measured"})


def test_an_episode_read_twice_counts_once_and_is_warned_about(report: dict, tally_suite: Path,
                                                                 tally_rollouts: list[Path]) -> None:
    """(policy, world, seed) identifies an episode: a file passed twice doubled every count and
    narrowed every interval, silently."""
    twice = build_report(tally_suite, [str(f) for f in (*tally_rollouts, tally_rollouts[0])], measure=False)
    assert twice["rollouts"]["policies"] == report["rollouts"]["policies"]
    assert twice["suite"]["episodes"] == report["suite"]["episodes"]
    assert twice["warnings"][-1].startswith(f"{tally_rollouts[0]}: 18 episode(s) read already (the same policy, world "
                                            "and seed) were counted once (first: oracle on ")
