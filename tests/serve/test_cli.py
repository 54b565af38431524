"""`worldgen serve` on the command line: exit codes and messages a person can act on."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from tests.worldfiles import example_worlds
from worldgen.cli.main import main


@pytest.mark.parametrize("argv", [
    ["serve"],
    ["serve", "x", "--http", "eighty"],
    ["serve", "x", "--http", "70000"],
    ["serve", "x", "--stdio", "--http", "0"],
    ["serve", "x", "--http", "0", "--request-timeout", "0"],
    ["serve", "x", "--http", "0", "--idle-timeout", "soon"],
    ["serve", "x", "--http", "0", "--max-connections", "-1"],
    ["serve", "x", "--max-sessions", "0"],
])
def test_usage_errors_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "usage: worldgen serve" in capsys.readouterr().err


def test_a_missing_suite_or_a_busy_port_exits_1(tmp_path: Path, suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", str(tmp_path / "nope"), "--stdio"]) == 1
    assert "no such world file or suite folder" in capsys.readouterr().err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        assert main(["serve", str(suite), "--http", str(busy.getsockname()[1])]) == 1
    assert "cannot listen on 127.0.0.1:" in capsys.readouterr().err


@pytest.mark.parametrize("amount", [float("inf"), float("nan"), 5e9])
def test_a_world_whose_reward_is_not_a_sane_number_is_refused_at_load(tmp_path: Path, amount: float,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """Not one internal error per reset: the server does not start, and says which world and why."""
    world = json.loads(next(w for w in example_worlds() if any(r.amount_expr is None and r.live_amount is None
                                                              for r in w.scaffold.rewards)).to_json())
    reward = next(r for r in world["scaffold"]["rewards"] if r.get("amount_expr") is None and r.get("live_amount") is None)
    reward["amount"] = amount
    path = tmp_path / "world.json"
    path.write_text(json.dumps(world))
    assert main(["serve", str(path), "--stdio"]) == 1
    err = capsys.readouterr().err
    assert "an amount must be a finite number within -1_000_000_000..1_000_000_000" in err and "internal error" not in err
