"""The gate's budget: set by the user, never raised by a draft, and enforced for real (time and
memory cut off in the child that judges the draft)."""

from __future__ import annotations

import time
from pathlib import Path

from tests.flywheel.test_llm_proposer import DIAL
from worldgen.flywheel.accept import Gate
from worldgen.flywheel.budget import GateBudget
from worldgen.flywheel.mutate import Band


def switches(n: int, bound: str = "") -> str:
    """``n`` independent switches: 2^n reachable states."""
    state = "\n".join(f"    b{i}: bool = false" for i in range(n))
    actions = "\n".join(f'  action t{i} "flip {i}" {{ do b{i} = not b{i} }}' for i in range(n))
    goal = " and ".join(f"b{i}" for i in range(n))
    return (f'world wide {{\n  title "Switches"\n  instruction "Flip every switch on."\n  state {{\n{state}\n  }}\n'
            f'{actions}\n  observe "Switches."\n  reward 1 when {goal}\n  done when {goal}\n  horizon 40\n{bound}}}\n')


# 2^14 states, each value recomputed at every one of 1,000 steps (a per-step cost never settles): ~36 s per world
SLOW = switches(14).replace("horizon 40", "horizon 1_000\n  reward -0.01 per step")


def judge(source: str, budget: GateBudget, suite: Path) -> tuple[str, float]:
    started = time.perf_counter()
    verdict = Gate([], Band(), range(4), budget=budget).evaluate(source, "draft.wg", suite, None)
    return verdict.reason, time.perf_counter() - started


def test_a_drafts_own_check_within_cannot_raise_the_bound(tmp_path: Path) -> None:
    reason, seconds = judge(switches(24, "  check within 100_000_000 states\n"), GateBudget(), tmp_path / "suite")
    assert reason.startswith("budget: the scaffold declares `check within 100,000,000 states`")
    assert "at most 20,000 states per world (--gate-states)" in reason
    assert not (tmp_path / "suite").exists() and seconds < 30  # refused before anything was compiled


def test_a_world_over_the_states_bound_fails_within_the_users_bound(tmp_path: Path) -> None:
    reason, _ = judge(switches(24), GateBudget(max_states=500), tmp_path / "suite")
    assert reason.startswith("compile:") and "within 500 states per world" in reason


def test_a_literal_horizon_over_the_budget_is_refused(tmp_path: Path) -> None:
    reason, _ = judge(DIAL.replace("horizon 12", "horizon 1_000"), GateBudget(horizon=100), tmp_path / "suite")
    assert reason == ("budget: the scaffold's horizon is 1,000 steps; the gate allows at most 100 (--gate-horizon): "
                      "a shorter horizon, or a smaller world")


def test_a_horizon_expression_is_held_to_the_budget_per_world(tmp_path: Path) -> None:
    source = DIAL.replace("horizon 12", "horizon 10 * target")  # 40..70 steps
    reason, _ = judge(source, GateBudget(horizon=30), tmp_path / "suite")
    assert reason.startswith("budget: world dial-") and "allows at most 30 (--gate-horizon)" in reason
    assert judge(source, GateBudget(horizon=70), tmp_path / "again")[0] == ""


def test_a_slow_draft_is_cut_off_at_the_time_budget(tmp_path: Path) -> None:
    reason, seconds = judge(SLOW, GateBudget(seconds=3.0), tmp_path / "suite")
    assert reason.startswith("budget: judging it took more than 3 s (--gate-seconds)")
    assert seconds < 6


def test_a_draft_that_needs_too_much_memory_is_cut_off(tmp_path: Path) -> None:
    draft = switches(24, "  check within 2_000_000 states\n")  # its own bound, so memory runs out first on any machine
    reason, _ = judge(draft, GateBudget(max_states=2_000_000, seconds=120.0, memory_mb=100), tmp_path / "suite")
    assert reason.startswith("budget: judging it needed more than 100 MB of memory (--gate-memory)")


def test_an_accepted_draft_joins_the_library_of_the_parent_gate(tmp_path: Path) -> None:
    gate = Gate([], Band(), range(4))
    assert gate.evaluate(DIAL, "dial.wg", tmp_path / "suite", None).accepted
    again = gate.evaluate(DIAL.replace("world dial", "world dial_copy"), "copy.wg", tmp_path / "copy", None)
    assert [m.name for m in gate.library] == ["dial"] and again.reason.startswith("new rules: the same rules as")


def test_budget_flags_out_of_range_are_usage_errors() -> None:
    from tests.cli.test_check_and_play import worldgen

    done = worldgen("propose", "--library", "lib", "--report", "r.json", "-o", "out", "--gate-seconds", "0")
    assert done.returncode == 2 and "argument --gate-seconds: must be at least 1, not 0" in done.stderr
    done = worldgen("loop", "--library", "lib", "--solver", "random", "-o", "out", "--gate-memory", "10")
    assert done.returncode == 2 and "argument --gate-memory: must be at least 64, not 10" in done.stderr
