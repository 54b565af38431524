"""`worldgen compile | verify | graph | play` on suites and artifacts, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from worldgen.cli.main import main


@pytest.fixture(scope="module")
def suite(tmp_path_factory, root) -> Path:
    out = tmp_path_factory.mktemp("cli") / "suite"
    assert main(["compile", str(root / "scaffolds" / "vault.wg"), "--seeds", "0:6", "-o", str(out)]) == 0
    return out


def _first(suite: Path) -> Path:
    return suite / json.loads((suite / "index.jsonl").read_text().splitlines()[0])["path"]


def test_compile_reports_acceptance(suite, capsys):
    summary = json.loads((suite / "summary.json").read_text())
    assert summary["worlds"] == 6 and 0 < summary["accepted"] <= 6


def test_verify_suite_and_artifact(suite, capsys):
    assert main(["verify", str(suite)]) == 0
    assert "artifacts verified" in capsys.readouterr().out
    assert main(["verify", str(_first(suite))]) == 0
    assert ": ok:" in capsys.readouterr().out


def test_verify_fails_on_an_edited_artifact_in_a_suite(suite, tmp_path, capsys):
    import shutil

    copy = tmp_path / "suite"
    shutil.copytree(suite, copy)
    target = _first(copy)
    data = json.loads(target.read_text())
    data["world"]["initial_state"]["locked"] = False
    target.write_text(json.dumps(data))
    assert main(["verify", str(copy)]) == 1
    err = capsys.readouterr().err
    assert "FAILED" in err and "artifact hash mismatch" in err and "world hash mismatch" in err
    assert "invariant vault_sealed" in err


def test_verify_prints_counterexample_commands(broken_counter_artifact, capsys):
    assert main(["verify", str(broken_counter_artifact)]) == 1
    err = capsys.readouterr().err
    assert "check 'invariant bounded' fails" in err
    assert "    > inc\n    > inc" in err


def test_graph_writes_dot_with_the_oracle_highlighted(suite, tmp_path, capsys):
    out = tmp_path / "g.dot"
    assert main(["graph", str(_first(suite)), "-o", str(out)]) == 0
    text = out.read_text()
    assert text.startswith("digraph") and "penwidth=2.5" in text and "peripheries=2" in text
    assert main(["graph", str(_first(suite)), "-o", str(out), "--view", "map"]) == 0
    assert out.read_text().startswith("graph") and "penwidth=2.5" in out.read_text()


def test_play_accepts_an_artifact(suite, root):
    done = subprocess.run([sys.executable, "-m", "worldgen.cli.main", "play", str(_first(suite))], input="xyzzy\n:quit\n",
                          capture_output=True, text=True, cwd=root)
    assert done.returncode == 0, done.stderr
    assert "Reach the vault" in done.stdout and "Nothing happens." in done.stdout


def test_user_errors_are_messages_not_tracebacks(tmp_path, root, capsys):
    assert main(["verify", str(tmp_path / "nope.json")]) == 1
    (tmp_path / "x.json").write_text("{")
    assert main(["verify", str(tmp_path / "x.json")]) == 1
    assert main(["graph", str(tmp_path / "x.json"), "-o", str(tmp_path / "g.dot")]) == 1
    assert main(["compile", str(root / "scaffolds" / "vault.wg"), "--seeds", "0:1", "-o", str(tmp_path / "o"),
                 "--axis", "colour=red"]) == 2  # a usage error, as a wrong --param is
    assert "Traceback" not in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["compile", str(root / "scaffolds" / "vault.wg"), "--seeds", "9:3", "-o", str(tmp_path / "o")])
    assert exit_.value.code == 2


def test_compile_and_verify_use_the_scaffolds_check_within_bound(tmp_path, root, capsys):
    source = (root / "tests" / "verify" / "counter.wg").read_text()
    scaffold = tmp_path / "counter.wg"
    scaffold.write_text(source.replace("  horizon 10", "  horizon 10\n  check within 3 states"))
    empty = tmp_path / "empty.json"
    empty.write_text("{}")
    common = [str(scaffold), "--pack", str(empty), "--seeds", "0:1", "--attempts", "1"]
    assert main(["compile", *common, "-o", str(tmp_path / "tight")]) == 1
    rejected = json.loads((tmp_path / "tight" / "rejected.jsonl").read_text())
    assert "bounds" in rejected["draws"][0]["failed"] and "(3)" in rejected["draws"][0]["reason"]
    assert main(["compile", *common, "-o", str(tmp_path / "wide"), "--max-states", "100"]) == 0
    artifact = tmp_path / "wide" / json.loads((tmp_path / "wide" / "index.jsonl").read_text())["path"]
    assert json.loads(artifact.read_text())["report"]["bounds"]["max_states"] == 100

    import worldgen

    world = tmp_path / "world.json"
    world.write_text(worldgen.load(scaffold).instantiate({}, seed=0).to_json())
    capsys.readouterr()
    assert main(["verify", str(world)]) == 1  # a bare world is checked within its scaffold's bound
    assert "max_states bound (3)" in capsys.readouterr().err


def _counter(tmp_path, root, replace: tuple[str, str] = ("", "")) -> list[str]:
    """compile arguments for the counter world (no content) in tmp_path."""
    scaffold = tmp_path / "counter.wg"
    scaffold.write_text((root / "tests" / "verify" / "counter.wg").read_text().replace(*replace))
    (tmp_path / "empty.json").write_text("{}")
    return ["compile", str(scaffold), "--pack", str(tmp_path / "empty.json")]


def test_compile_stops_early_when_every_draw_hits_the_bound(tmp_path, root, capsys):
    out = tmp_path / "suite"
    assert main([*_counter(tmp_path, root), "--seeds", "0:100", "--max-states", "2", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err == ("compile: stopped early: every draw of the first 3 seeds hit the model-checking bound (2 states): "
                   "raise it with `check within N states` or --max-states, or shrink the params; "
                   f"`worldgen explain {out}` shows the draws\n")
    assert len((out / "rejected.jsonl").read_text().splitlines()) == 3


def test_compile_prints_plain_progress_lines_outside_a_terminal(tmp_path, root, capsys, monkeypatch):
    from worldgen.cli import progress

    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    assert main([*_counter(tmp_path, root), "--seeds", "0:2", "-o", str(tmp_path / "suite")]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert [line.rsplit(",", 1)[0] for line in lines] == [
        "compile: 0/2 seeds, 0 accepted, 0 rejected, 1 draw (last: seed 0 draw 0 accepted)",
        "compile: 1/2 seeds, 1 accepted, 0 rejected, 1 draw (last: seed 0 draw 0 accepted)",
        "compile: 1/2 seeds, 1 accepted, 0 rejected, 2 draws (last: seed 1 draw 0 accepted)",
        "compile: 2/2 seeds, 2 accepted, 0 rejected, 2 draws (last: seed 1 draw 0 accepted)"]


def test_compile_redraw_params(tmp_path, root, capsys):
    args = _counter(tmp_path, root, ("  state {", "  param top: int in 3..4\n  require top == 4\n  state {"))
    assert main([*args, "--seeds", "0:8", "-o", str(tmp_path / "keep")]) == 0
    assert main([*args, "--seeds", "0:8", "-o", str(tmp_path / "new"), "--redraw-params", "--json"]) == 0
    kept, new = (json.loads((tmp_path / name / "summary.json").read_text()) for name in ("keep", "new"))
    assert kept["rejected"] > 0 and kept["draws"] == 8  # the same params again could not pass: one draw each
    assert new["rejected"] < kept["rejected"] and new["accepted_at_attempt"].keys() - {"0"}
