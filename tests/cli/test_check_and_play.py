"""`worldgen check` and `worldgen play` as a user runs them: real processes, exit codes, output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import ROOT, example_record, example_scaffold
from tests.runtime.test_env import vault_walkthrough


def worldgen(*args: str, stdin: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "worldgen.cli.main", *args], input=stdin, cwd=cwd,
                          capture_output=True, text=True, timeout=60)


def test_check_accepts_the_examples() -> None:
    done = worldgen("check", "scaffolds/vault.wg", "scaffolds/services.wg", "scaffolds/ledger.wg")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0].startswith("scaffolds/vault.wg: ok: world 'vault', 3 actions")


def test_check_estimates_the_largest_world_under_its_ok_line() -> None:
    done = worldgen("check", "scaffolds/vault.wg")
    line = done.stdout.splitlines()[1]
    assert line.startswith("  estimate: 55 states per world (largest of ") and line.endswith(
        " draws explored at rooms=7, keys=3); bound 200000")
    assert done.stderr == ""


def test_check_warns_when_a_draw_reaches_the_bound(tmp_path: Path) -> None:
    source = (ROOT / "tests" / "verify" / "counter.wg").read_text().replace("  horizon 10", "  horizon 10\n  check within 3 states")
    (tmp_path / "counter.wg").write_text(source)
    done = worldgen("check", "counter.wg", cwd=tmp_path)
    assert done.returncode == 0
    assert done.stdout.splitlines()[1] == "  estimate: more than 3 states per world (a draw explored stopped at 3; at most 6 by the domains); bound 3"
    assert done.stderr.startswith("counter.wg: warning: the world of seed 0 reaches the model-checking bound (3); ")
    report = json.loads(worldgen("check", "--json", "counter.wg", cwd=tmp_path).stdout)
    assert report[0]["estimate"] == {"states": 6, "log10": 0.778, "params": {}, "unknown": [], "bound": 3, "reachable": 3,
                                     "explored": {"draws": [{"seed": 0, "params": {}, "states": 3, "complete": False}], "cap": 3},
                                     "near_bound": True}


def test_check_keeps_the_estimate_and_its_warning_on_their_own_lines_under_2_and_1(tmp_path: Path) -> None:
    source = (ROOT / "tests" / "verify" / "counter.wg").read_text().replace("  horizon 10", "  horizon 10\n  check within 5 states")
    (tmp_path / "counter.wg").write_text(source)
    done = subprocess.run([sys.executable, "-m", "worldgen.cli.main", "check", "counter.wg", "counter.wg"], cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=60)
    lines = done.stdout.splitlines()
    assert [line.split(":")[1].strip() if line.startswith("counter.wg") else line.split(":")[0].strip() for line in lines] == \
        ["ok", "estimate", "warning"] * 2


def test_check_warns_on_no_shipped_scaffold() -> None:
    """Every shipped scaffold compiles within the default bound; a warning there would be false."""
    done = worldgen("check", *sorted(str(p.relative_to(ROOT)) for p in (ROOT / "scaffolds").glob("*.wg")))
    assert done.returncode == 0, done.stderr
    assert "model-checking bound" not in done.stderr
    estimates = [line for line in done.stdout.splitlines() if line.startswith("  estimate: ")]
    assert len(estimates) == len(list((ROOT / "scaffolds").glob("*.wg")))
    assert all(" states per world (" in line and "explored" in line and "by the domains" not in line for line in estimates)


def test_check_prints_gcc_style_diagnostics_and_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.wg"
    bad.write_text('world w {\n  state { x: bool = false }\n  action a "a" { do y = true }\n}\n')
    done = worldgen("check", str(bad))
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"{bad}:3:21: error: 'y' cannot be assigned: it is not declared; only state variables change [WG307]",
        '  action a "a" { do y = true }',
        "                    ^",
    ]
    assert "Traceback" not in done.stderr


def test_check_json_report(tmp_path: Path) -> None:
    bad = tmp_path / "bad.wg"
    bad.write_text("world w {")
    done = worldgen("check", "--json", "scaffolds/vault.wg", str(bad))
    report = json.loads(done.stdout)
    assert done.returncode == 1
    assert report[0]["ok"] and report[0]["axes"]["layout"] == ["tree", "ring", "grid"]
    assert report[1]["diagnostics"][0]["code"] == "WG101"


def test_check_missing_file_is_a_user_error() -> None:
    done = worldgen("check", "nope.wg")
    assert done.returncode == 1 and done.stderr.strip() == "nope.wg: error: cannot read: No such file or directory"


def test_usage_errors_exit_2() -> None:
    assert worldgen("check").returncode == 2
    assert worldgen("frobnicate").returncode == 2
    assert worldgen("play", "scaffolds/vault.wg", "--axis", "layout").returncode == 2


def test_play_runs_piped_commands_as_a_transcript() -> None:
    axes = {"interface": "verbs", "layout": "tree"}
    seed, commands = next((s, c) for s in range(30) if (c := vault_walkthrough(
        example_scaffold("vault").instantiate(example_record("vault"), seed=s, axes=axes))))
    done = worldgen("play", "scaffolds/vault.wg", "--seed", str(seed), "--axis", "interface=verbs", "--axis", "layout=tree",
                    stdin="\n".join(["dance", *commands]) + "\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("== Reach the vault ==")
    assert "> dance\nNothing happens." in out
    for c in commands:
        assert f"> {c}\n" in out
    assert f"*** Solved in {len(commands) + 1} steps." in out


def test_play_player_commands() -> None:
    done = worldgen("play", "scaffolds/ledger.wg", "--seed", "1", "--axis", "interface=plain", stdin=":help\n:state\n:commands\n:quit\nclose books\n")
    assert "Valid now:" in done.stdout and '"balance"' in done.stdout and "post " in done.stdout
    assert "> close books" not in done.stdout  # :quit stopped reading


def test_play_with_explicit_content_and_bad_content(tmp_path: Path) -> None:
    record = tmp_path / "r.json"
    record.write_text(json.dumps(example_record("ledger")))
    assert worldgen("play", "scaffolds/ledger.wg", "--content", str(record), stdin="").returncode == 0
    record.write_text("{not json")
    done = worldgen("play", "scaffolds/ledger.wg", "--content", str(record), stdin="")
    assert done.returncode == 1 and done.stderr.startswith(f"{record}:1:2: error: not valid JSON")


def test_play_accepts_a_world_artifact(tmp_path: Path) -> None:
    w = example_scaffold("ledger").instantiate(example_record("ledger"), seed=4)
    path = tmp_path / "world.json"
    path.write_text(w.to_json())
    done = worldgen("play", str(path), stdin="close books\n")
    assert done.returncode == 0 and "Close the month" in done.stdout


def test_check_prints_warnings_and_still_exits_0(tmp_path: Path) -> None:
    (tmp_path / "w.wg").write_text('world w {\n  state { x: int in 0..3 = 0 }\n  const goal = x + 2\n'
                                   '  action inc "inc" { when x < 3  do x += 1 }\n  done when x == goal\n}\n')
    done = worldgen("check", "w.wg", cwd=tmp_path)
    assert done.returncode == 0 and done.stdout.startswith("w.wg: ok: world 'w'")
    assert done.stderr.splitlines()[0].startswith("w.wg:3:16: warning: const 'goal' reads 'x' when the world is built")
    report = json.loads(worldgen("check", "--json", "w.wg", cwd=tmp_path).stdout)
    assert [(w["code"], w["line"], w["col"]) for w in report[0]["warnings"]] == [("WG501", 3, 16)]
