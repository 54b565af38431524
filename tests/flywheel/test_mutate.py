"""The mutate proposer: one readable edit per candidate, in the direction the solver's results ask."""

from __future__ import annotations

import difflib

import pytest

import worldgen
from tests.conftest import ROOT
from worldgen.flywheel.mutate import Band, candidates, crossable_axes, renamed
from worldgen.flywheel.solver import ParamTrend, ScaffoldResult

VAULT = (ROOT / "scaffolds/vault.wg").read_text()


def changed_lines(old: str, new: str) -> list[str]:
    return [line for line in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def too_easy() -> ScaffoldResult:
    rooms = ParamTrend((4, 5, 6, 7), (1.0, 1.0, 1.0, 1.0), (7.0, 9.0, 10.0, 12.0))
    return ScaffoldResult("vault", 40, 1.0, {"rooms": rooms}, None, tuple(sorted([6, 7, 7, 8, 9, 9, 10, 12, 14, 20])))


def test_too_easy_aims_the_horizon_at_the_band_from_the_solvers_own_wins() -> None:
    first = candidates(VAULT, "vault.wg", too_easy(), Band(0.2, 0.8))[0]
    assert first.tag == "horizon_down"
    assert [line.split("#")[0].rstrip() for line in changed_lines(VAULT, first.source)] == [
        "-  horizon 30", "+  horizon 9"]  # half of the 10 wins took <= 9 steps; the comment stays
    assert "solver won 50%" in first.change and "harder" in first.why


def test_too_easy_shifts_ranges_up_where_larger_values_are_harder() -> None:
    found = {c.tag: c for c in candidates(VAULT, "vault.wg", too_easy(), Band())}
    assert changed_lines(VAULT, found["rooms_up"].source) == [
        "-  param rooms: int in 4..7          # each world draws its size from these ranges",
        "+  param rooms: int in 7..10          # each world draws its size from these ranges"]


def test_too_hard_makes_it_easier() -> None:
    hard = ScaffoldResult("vault", 40, 0.05, {}, None, ())
    found = {c.tag: c for c in candidates(VAULT, "vault.wg", hard, Band())}
    assert {"rooms_down", "keys_down", "horizon_up"} <= set(found)
    assert changed_lines(VAULT, found["horizon_up"].source)[1].startswith("+  horizon 45 ")


def test_in_band_only_varies_the_rules_with_catalogue_axes() -> None:
    fine = ScaffoldResult("vault", 40, 0.5, {}, None, ())
    tags = [c.tag for c in candidates(VAULT, "vault.wg", fine, Band())]
    assert tags == ["cost", "tight", "slippery", "sparse", "noisy_view", "noisy_pay"]
    # vault's interface axis already renames: no terse axis; it has no opposite actions: none inverted


@pytest.mark.parametrize("path", sorted((ROOT / "scaffolds").glob("*.wg")), ids=lambda p: p.stem)
def test_every_candidate_of_every_shipped_scaffold_keeps_comments_and_mostly_checks(path) -> None:
    source = path.read_text()
    made = candidates(source, path.name, ScaffoldResult(path.stem, 10, 1.0), Band())
    assert made
    comments = [line for line in source.splitlines() if line.strip().startswith("#")]
    checked = 0
    for candidate in made:
        assert all(c in candidate.source.splitlines() for c in comments)
        try:
            worldgen.loads(renamed(candidate.source, "x.wg", "proposal"), "x.wg")
            checked += 1
        except worldgen.DiagnosticError:
            pass  # the gate records why; most must check
    assert checked >= len(made) / 2


def test_same_inputs_same_candidates() -> None:
    assert candidates(VAULT, "vault.wg", too_easy(), Band()) == candidates(VAULT, "vault.wg", too_easy(), Band())


def test_a_scaffold_without_an_observation_axis_gets_a_blind_one() -> None:
    from tests.flywheel.test_llm_proposer import DIAL

    blind = {c.tag: c for c in candidates(DIAL, "dial.wg", ScaffoldResult("dial", 10, 0.5), Band())}["blind"]
    assert 'blind { observe "" }' in blind.source
    worldgen.loads(blind.source, "dial.wg")


def test_axes_of_other_scaffolds_are_crossed_in_only_where_they_check() -> None:
    lake = (ROOT / "scaffolds/frozen_lake.wg").read_text()
    others = tuple(a for name in ("ice", "maze", "vault") for a in crossable_axes(name, (ROOT / f"scaffolds/{name}.wg").read_text()))
    crossed = [c for c in candidates(lake, "frozen_lake.wg", ScaffoldResult("frozen_lake", 10, 0.5), Band(), others)
               if c.tag.startswith("cross_")]
    assert [c.tag for c in crossed] == ["cross_ice_interface", "cross_maze_interface"]  # vault's name vault's actions
    for c in crossed:
        assert "# proposed: axis interface of scaffold" in c.source
        worldgen.loads(c.source, "frozen_lake.wg")


@pytest.mark.parametrize("name", ["appconfig", "backup", "csvreport", "makefile"])
def test_a_terse_interface_renames_no_files_hook(name: str) -> None:
    """Renaming `write_conf` made a command the shell never runs (WG616 now): every such proposal
    spent one of the gate's evaluations and failed."""
    source = (ROOT / "scaffolds" / f"{name}.wg").read_text()
    terse = [c for c in candidates(source, f"{name}.wg", ScaffoldResult(name, 10, 0.5), Band()) if c.tag == "terse"]
    for candidate in terse:
        worldgen.loads(renamed(candidate.source, "x.wg", "proposal"), "x.wg")  # checks: no hook is renamed
