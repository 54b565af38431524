"""Catalogue entries sparse and noisy_pay: feedback alternatives where only the goal pays, or the
goal pays a seeded coin toss around its amount."""

from __future__ import annotations

import json

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.edits import apply
from worldgen.flywheel.feedback import dense, noisy_pay, sparse
from worldgen.syntax.parser import parse

LAMP = """world lamp {
  state {
    matches: int in 0..3 = 0
    lit: bool = false
  }
  action take "take match" { when matches < 3  do matches += 1 }
  action light "light lamp" { when matches > 0  do matches -= 1, lit = true }
  observe "Matches: {matches}."
  reward 1 when lit
  reward 0.2 on take when matches == 0
  reward -0.1 per step
  done when lit
  horizon 10
}
"""


def proposed(source: str, entry, name: str) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    [(_, edits, change)] = entry(source, parse(source, f"{name}.wg"))
    return apply(source, edits), change


def returns(source: str, axes: dict[str, str], commands: list[str], episodes: range = range(1)) -> list[list[float]]:
    world = worldgen.loads(source, "lamp.wg").instantiate(content={}, seed=0, axes=axes)
    out = []
    for episode in episodes:
        env = world.env()
        env.reset(seed=episode)
        out.append([env.step(c)[1] for c in commands])
    return out


def test_sparse_moves_every_reward_but_the_goal_into_a_shaped_alternative() -> None:
    source, change = proposed(LAMP, sparse, "lamp")
    assert change == "axis shaping: shaped (the base's 2 other reward(s)) or sparse (only the goal pays)"
    assert "  reward -0.1 per step\n" not in source.split("axis")[0]
    assert "shaped { reward 0.2 on take when matches == 0  reward -0.1 per step }" in source
    steps = ["look", "take match", "light lamp"]
    assert returns(source, {"shaping": "sparse"}, steps) == [[0.0, 0.0, 1.0]]  # only the goal pays
    assert returns(source, {"shaping": "shaped"}, steps) == returns(LAMP, {}, steps) == [[-0.1, 0.1, 0.9]]


def test_sparse_applies_to_a_shipped_scaffold_and_its_worlds_pay_only_at_the_goal() -> None:
    vault = (ROOT / "scaffolds" / "vault.wg").read_text()
    source, _ = proposed(vault, sparse, "vault")
    scaffold = worldgen.loads(source, "vault.wg")
    assert [(r.kind, r.amount) for r in scaffold.ir.rewards] == [("when", 1)]  # the base: the goal only
    shaping = next(a for a in scaffold.ir.axes if a.name == "shaping")
    assert [(alt.name, [(r.kind, r.amount) for r in alt.rewards]) for alt in shaping.alternatives] == [
        ("shaped", [("per_step", -0.01)]), ("sparse", [])]
    record = json.loads((ROOT / "content_packs" / "vault" / "example.json").read_text())
    world = scaffold.instantiate(content=record, seed=0, axes={"shaping": "sparse", "feedback": "sparse"})
    env = world.env()
    _, info = env.reset(seed=0)
    assert [env.step(command)[1] for command in ("sing", info["admissible"][0])] == [0.0, 0.0]


def test_a_scaffold_whose_only_reward_is_the_goal_is_already_sparse() -> None:
    services = (ROOT / "scaffolds" / "services.wg").read_text()
    assert sparse(services, parse(services, "services.wg")) == []


def test_noisy_pay_pays_the_goal_half_or_one_and_a_half_times_on_a_seeded_coin() -> None:
    source, change = proposed(LAMP, noisy_pay, "lamp")
    assert change == "axis payout: exact or noisy (the goal's 1 paid 0.5x or 1.5x on a seeded coin)"
    steps = ["take match", "light lamp"]
    paid = {round(r[-1], 6) for r in returns(source, {"payout": "noisy"}, steps, range(16))}
    assert paid == {0.4, 1.4}  # 0.5 or 1.5, less the step cost
    assert {round(r[-1], 6) for r in returns(source, {"payout": "exact"}, steps, range(16))} == {0.9}
    assert returns(source, {"payout": "noisy"}, steps, range(16)) == returns(source, {"payout": "noisy"}, steps, range(16))


def test_noisy_pay_applies_to_a_shipped_scaffold_and_checks() -> None:
    maze = (ROOT / "scaffolds" / "maze.wg").read_text()
    source, _ = proposed(maze, noisy_pay, "maze")
    assert "noisy { reward 0.5 when (at == goal) and luck  reward -0.5 when (at == goal) and not luck }" in source
    worldgen.loads(source, "maze.wg")


CORRIDOR = """world corridor {
  entity cell grid(6, 1)
  const goal = cell(5, 0)
  state { at: cell = cell(0, 0) }
  action east "east" { when at.x < 5  do at = cell(at.x + 1, 0) }
  action west "west" { when at.x > 0  do at = cell(at.x - 1, 0) }
  reward 1 when at == goal
  done when at == goal
}
"""


def test_dense_pays_once_for_each_cell_near_a_grid_goal() -> None:
    source, change = proposed(CORRIDOR, dense, "corridor")
    assert change == "axis guide: none or toward (each cell within 2 steps of goal pays 0.1 the first time at reaches it)"
    assert "toward { reward 0.1 for each c in cell when at == c and abs(c.x - goal.x) + abs(c.y - goal.y) <= 2 }" in source
    walk = ["east", "east", "east", "west", "east", "east", "east"]
    assert [round(r, 6) for r in returns(source, {"guide": "toward"}, walk)[0]] == [0, 0, 0.1, 0, 0, 0.1, 1.1]
    assert returns(source, {"guide": "none"}, walk) == [[0, 0, 0, 0, 0, 0, 1]]


def test_dense_applies_to_shipped_grid_scaffolds_and_not_where_progress_is_not_a_place() -> None:
    for name in ("maze", "ice", "frozen_lake"):
        text = (ROOT / "scaffolds" / f"{name}.wg").read_text()
        worldgen.loads(proposed(text, dense, name)[0], f"{name}.wg")
    vault = (ROOT / "scaffolds" / "vault.wg").read_text()  # its goal is a room, not a place on a grid
    assert dense(vault, parse(vault, "vault.wg")) == []
