"""The pay-once limit at `check` time: at most 1,024 pay-once rewards per world (each `reward
when`, each element of each `for each`), counted at both ends of the params' ranges: an error
(WG418) when every world has more, a warning (WG502) when only the largest do."""

from __future__ import annotations

import worldgen

GRID = """world g {{
  param rows: int in {rows}
  entity cell grid(100, rows)
  state {{ at: cell = cell(0, 0) }}
  action go(d: direction) "go {{d}}" {{ when step(at, d) != at  do at = step(at, d) }}
  reward 0.001 for each c in cell when at == c
  {extra}
  observe "{{at}}"
}}
"""


def load(rows: str, extra: str = "") -> tuple[list[str], list[str]]:
    """(errors, warnings), each diagnostic's first line."""
    try:
        scaffold = worldgen.loads(GRID.format(rows=rows, extra=extra), "g.wg")
    except worldgen.DiagnosticError as err:
        return [d.format().splitlines()[0] for d in err.diagnostics], []
    return [], [d.format().splitlines()[0] for d in scaffold.warnings]


def test_a_thousand_and_twenty_four_rewards_fit():
    assert load("1..10", "reward 1 when at == cell(1, 1)\n  reward 1 when at == cell(2, 2)") == ([], [])  # 1,002
    assert load("1..10", "reward 1 when at == cell(1, 1)") == ([], [])


def test_only_the_largest_worlds_over_the_limit_is_a_warning_at_the_reward():
    errors, warnings = load("10..11")
    assert errors == [] and warnings == [
        "g.wg:6:3: warning: the largest worlds pay 1_100 pay-once rewards (`reward when`, each element of a `for each` "
        "counting); the model checker tracks at most 1_024: pay fewer elements (a smaller domain or param), or pay "
        "repeatable rewards with `reward R on ACTION when C`; draws of those fail the check `pay-once limit` [WG502]"]


def test_every_world_over_the_limit_is_an_error():
    errors, _ = load("11..12")
    assert errors == ["g.wg:6:3: error: every world pays 1_100 pay-once rewards (`reward when`, each element of a "
                      "`for each` counting); the model checker tracks at most 1_024: pay fewer elements (a smaller "
                      "domain or param), or pay repeatable rewards with `reward R on ACTION when C` [WG418]"]


def test_reward_when_lines_count_one_each_and_repeatable_rewards_none():
    extra = "\n  ".join(f"reward 1 when at == cell({i}, 0)" for i in range(25)) + "\n  reward 1 on go when at == cell(0, 0)"
    assert load("10..10", extra)[0][0].startswith("g.wg:6:3: error: every world pays 1_025 pay-once rewards")


def test_an_axis_counts_its_largest_alternative():
    axis = ('axis pay: feedback { sparse {} dense { reward 0.1 for each c in cell when at == c } '
            'one { reward 1 when at == cell(1, 1) } }')
    errors, _ = load("5..5", axis)  # 500 + the largest alternative's 500
    assert errors == []
    errors, _ = load("6..6", axis)  # 600 + 600
    assert errors[0].startswith("g.wg:6:3: error: every world pays 1_200 pay-once rewards")
