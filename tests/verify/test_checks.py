"""Seeded bugs: each mutation of the counter world must be caught, with the exact counterexample."""

from __future__ import annotations

from worldgen.verify import verify_world
from worldgen.verify.report import Report


def check(report: Report, name: str):
    return next(c for c in report.checks if c.name == name)


def commands(c) -> list[str]:
    return [s.command for s in c.trace]


def test_the_unmutated_world_passes(counter):
    report = verify_world(counter())
    assert report.ok, report.reason()
    assert [s.command for s in report.oracle.steps] == ["inc", "inc", "inc"]


def test_broken_invariant_yields_the_shortest_counterexample(counter):
    report = verify_world(counter(("invariant bounded: n <= 4", "invariant bounded: n <= 1")))
    c = check(report, "invariant bounded")
    assert c.status == "fail" and not report.ok
    assert commands(c) == ["inc", "inc"]
    assert "after 2 steps" in c.detail


def test_invariant_broken_at_the_start(counter):
    c = check(verify_world(counter(("invariant bounded: n <= 4", "invariant bounded: n >= 1"))), "invariant bounded")
    assert c.status == "fail" and c.trace == () and "start state" in c.detail


def test_out_of_range_effect_is_a_rule_error_with_its_trace(counter):
    # Drop the guard that keeps n in its declared range 0..5 (and move the goal out of reach).
    report = verify_world(counter(("when n < 5 and not broken", "when not broken"), ("done when n == 3", "done when n == 9"),
                                  ("reward 1 when n == 3", "reward 1 when n == 9")))
    c = check(report, "rule_errors")
    assert c.status == "fail"
    assert commands(c) == ["inc"] * 6
    assert "outside its range 0..5" in c.detail


def test_an_observation_that_cannot_be_rendered_in_a_reachable_state_is_a_rule_error_with_its_trace(counter):
    """The explorer follows signals and effects, not text: the check renders every state's observation."""
    report = verify_world(counter(('observe "The counter shows {n}."', 'observe "The counter shows {[0, 1][n]}."')))
    c = check(report, "rule_errors")
    assert c.status == "fail" and not report.ok
    assert commands(c) == ["inc", "inc"]
    assert c.detail == "the observation cannot be rendered in a state reached after 2 steps: index 2 is outside a list of 2 items"


def test_unsolvable_variant_is_rejected_with_its_reason(counter):
    report = verify_world(counter(("done when n == 3", "done when n == 3 and broken")))
    c = check(report, "solvable within 5")
    assert c.status == "fail" and "no goal" in c.detail
    assert report.oracle is None
    assert "solvable within 5: no goal" in report.reason()


def test_solution_longer_than_declared_bound(counter):
    report = verify_world(counter(("expect solvable within 5", "expect solvable within 2")))
    assert "takes 3 steps, more than 2" in check(report, "solvable within 2").detail


def test_solved_at_start(counter):
    report = verify_world(counter(("done when n == 3", "done when n == 0")))
    assert check(report, "unsolved at start").status == "fail"


def test_dead_end_found_with_trace(counter):
    source = (
        ("  invalid", '  action smash "smash" {\n    when not broken\n    do broken = true\n  }\n  invalid'),
        ("expect unsolved at start", "expect unsolved at start\n  expect no dead ends"),
    )
    report = verify_world(counter(*source))
    c = check(report, "no dead ends")
    assert c.status == "fail"
    assert commands(c) == ["smash"]
    assert report.measures.dead_end_states == 3  # smashed at n = 0, 1, 2


def test_random_play_as_good_as_the_oracle_is_caught(counter):
    # Only one command, and it always solves the world: random play is the oracle.
    report = verify_world(counter(("done when n == 3", "done when n == 1"), ("reward 1 when n == 3", "reward 1 when n == 1"),
                                  ("expect solvable within 5", "expect solvable within 1")))
    c = check(report, "beats random")
    assert c.status == "fail" and "uniform-random play" in c.detail
    assert check(report, "beats doing nothing").status == "pass"


def test_a_world_without_rewards_is_held_to_no_baseline(counter):
    # `done` is its only signal: nothing to beat, so the docs' reward-free examples compile.
    report = verify_world(counter(("reward 1 when n == 3", "")))
    assert report.ok, report.reason()
    assert not [c for c in report.checks if c.name.startswith("beats")]


def test_declared_baselines_replace_the_default_and_take_a_margin(counter):
    # Only `beats doing nothing` is asked for, so random play scoring like the oracle is fine.
    world = counter(("done when n == 3", "done when n == 1"), ("reward 1 when n == 3", "reward 1 when n == 1"),
                    ("expect solvable within 5", "expect solvable within 1\n  expect beats doing nothing by 0.5"))
    report = verify_world(world)
    assert [c.name for c in report.checks if c.name.startswith("beats")] == ["beats doing nothing by 0.5"]
    assert report.ok, report.reason()


def test_a_margin_too_large_to_meet_fails_with_the_numbers(counter):
    # inc, inc, inc earns 1; doing nothing earns 0: "by 1" needs the baseline at <= 0, "by 1" passes,
    # while a per-step cost makes doing nothing worse and a margin above the gap fails.
    report = verify_world(counter(("expect unsolved at start", "expect beats random by 1")))
    c = check(report, "beats random by 1")
    assert c.status == "fail" and "needs <= 0" in c.detail


def test_state_bound_hit_is_reported_not_passed(counter):
    from worldgen.verify import Bounds

    report = verify_world(counter(), Bounds(max_states=2))
    assert not report.complete and not report.ok
    assert "max_states" in check(report, "bounds").detail


def test_depth_bound(counter):
    from worldgen.verify import Bounds

    assert not verify_world(counter(), Bounds(max_depth=2)).complete
    assert verify_world(counter(), Bounds(max_depth=3)).complete  # the graph's depth is exactly 3


def test_stochastic_solvable_means_through_favourable_outcomes(counter):
    report = verify_world(counter(("do n += 1", "chance(0.5) { do n += 1 }")))
    assert report.ok, report.reason()
    assert report.oracle.probability == 0.125
    assert [s.chance for s in report.oracle.steps] == [(True,)] * 3
    assert check(report, "oracle replay").status == "skipped"
    assert report.measures.stochastic


def test_a_solution_longer_than_the_horizon_is_named_as_such_not_as_the_runtime_disagreeing():
    import worldgen

    world = worldgen.loads('world short { state { n: int in 0..9 = 0 } action inc "inc" { do n += 1 } '
                           'done when n == 5  horizon 3 }', "short.wg").instantiate({}, seed=0)
    c = check(verify_world(world), "oracle replay")
    assert (c.status, c.detail) == ("fail", "the shortest solution takes 5 steps, more than the horizon (3): every "
                                            "episode ends before the world can be solved; raise the horizon or make the "
                                            "solution shorter")
