"""compile's summary suggests --redraw-params for a `require` on params, and warns of the skew it causes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import worldgen
from tests.compiler.test_playdraw import PICK
from worldgen.cli.main import main
from worldgen.compiler.advice import params_read

COINS = PICK.replace("entity box[4]", "param coins: int in 1..3\n  entity box[coins + 1]").replace(
    'require prize != box[0] else "the prize starts where you stand"', 'require coins != 2 else "two coins are too few"')


def test_only_requires_that_read_params_are_named_with_their_params() -> None:
    assert params_read(worldgen.loads(COINS, "coins.wg").ir) == {"require (line 8)": ("coins",)}
    assert params_read(worldgen.loads(PICK, "pick.wg").ir) == {}


def test_seeds_a_require_on_params_rejects_get_a_hint_naming_redraw_params(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "coins.wg").write_text(COINS)
    assert main(["compile", str(tmp_path / "coins.wg"), "--seeds", "30", "-o", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert ("  hint: `require (line 8)` reads params (coins) and a re-draw keeps a seed's params: --redraw-params "
            "draws new ones too, which accepts more seeds but skews the params away from the values "
            "`require (line 8)` refuses\n") in out
    assert "warning" not in err


def test_redrawing_params_warns_how_far_their_spread_moved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "coins.wg").write_text(COINS)
    assert main(["compile", str(tmp_path / "coins.wg"), "--seeds", "30", "--redraw-params", "-o", str(tmp_path / "out")]) == 0
    out, err = capsys.readouterr()
    assert "hint" not in out
    (warning,) = [line for line in err.splitlines() if "warning" in line]
    assert warning.startswith("compile: warning: --redraw-params drew new params for ")
    coins = Counter(json.loads(line)["params"]["coins"] for line in (tmp_path / "out" / "index.jsonl").read_text().splitlines())
    assert coins[2] == 0 and coins[1] + coins[3] == 30  # every world the require refused was drawn other params
    assert warning.endswith("of 30 accepted worlds, so their params no longer follow the declared ranges "
                            f"(coins: 1 x{coins[1]}, 2 x0, 3 x{coins[3]})")
