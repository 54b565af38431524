"""The flywheel's progress on stderr: a line per proposal as the gate decides it, and each round's
summary line as that round ends (not only when the whole loop is done)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_check_and_play import worldgen
from tests.flywheel.fixtures import make_library
from worldgen.cli.verdicts import decision


def test_a_decision_is_one_plain_line_whatever_its_reason_holds(capsys) -> None:
    decision("vault_keys_up", "rejected", "band: the solver wins [bold]95%[/bold]\nsecond line")
    decision("vault_horizon_down", "accepted", "")
    decision("vault_cost", "skipped", "vault already has a step cost")
    assert capsys.readouterr().err.splitlines() == [
        "  rejected  vault_keys_up: band: the solver wins [bold]95%[/bold]",  # text, never markup
        "  accepted  vault_horizon_down",
        "  skipped   vault_cost: vault already has a step cost"]


def test_the_loop_says_each_verdict_and_each_round_as_it_ends(tmp_path: Path) -> None:
    library = make_library(tmp_path / "library", ("vault",))
    done = worldgen("loop", "--library", str(library), "--solver", "noisy-oracle:0.3", "--rounds", "2", "-n", "1",
                    "--seeds", "0:4", "-o", str(tmp_path / "run"))
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    ends = [i for i, line in enumerate(lines) if line.startswith(("loop: round 0 in ", "loop: round 1 in "))]
    assert len(ends) == 2 and lines.index("loop: round 1: propose") > ends[0]  # round 0's line came before round 1 ran
    proposals = json.loads((tmp_path / "run" / "round-00" / "proposals" / "summary.json").read_text())
    said = [line.split()[:2] for line in lines[:ends[0]] if line.startswith(("  accepted", "  rejected", "  skipped"))]
    decided = ([["accepted", n] for n in proposals["accepted"]] + [["rejected", r["name"]] for r in proposals["rejected"]]
               + [["skipped", s["name"]] for s in proposals["skipped"]])
    assert sorted(said) == sorted(decided) and said
    assert done.stdout.splitlines()[0].startswith("round 0: library 1 (1 rule-sets), solver noisy-oracle:0.3 wins ")
