"""`worldgen compile --param` builds a fixed slice of a family, and `compile` refuses a content
pack made for another scaffold or another version of this one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_check_and_play import worldgen
from tests.conftest import ROOT


@pytest.fixture(scope="module")
def vault_pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pack = tmp_path_factory.mktemp("pack") / "vault"
    done = worldgen("content", "scaffolds/vault.wg", "-n", "3", "-o", str(pack))
    assert done.returncode == 0, done.stderr
    return pack


def test_param_fixes_every_world_of_the_suite(tmp_path: Path) -> None:
    done = worldgen("compile", "scaffolds/vault.wg", "--seeds", "0:4", "--param", "rooms=5", "--param", "keys=1",
                    "-o", str(tmp_path / "suite"))
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in (tmp_path / "suite" / "index.jsonl").read_text().splitlines()]
    assert lines and all(line["params"] == {"rooms": 5, "keys": 1} for line in lines)


@pytest.mark.parametrize(("param", "message"), [
    ("rooms=9", "--param rooms=9: param 'rooms' takes a whole number in 4..7"),
    ("rooms=many", "--param rooms=many: param 'rooms' takes a whole number in 4..7"),
    ("doors=2", "--param doors: 'vault' has no param 'doors' (its params: rooms, keys)"),
    ("rooms", "--param must look like NAME=VALUE, not 'rooms'"),
])
def test_a_param_outside_its_declaration_is_a_usage_error(tmp_path: Path, param: str, message: str) -> None:
    done = worldgen("compile", "scaffolds/vault.wg", "--seeds", "0:2", "--param", param, "-o", str(tmp_path / "s"))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"worldgen: error: {message}\n"
    assert not (tmp_path / "s").exists()


@pytest.mark.parametrize(("command", "axis", "message"), [
    ("compile", "layout=maze", "--axis layout=maze: axis 'layout' has no alternative 'maze' (choose from tree, ring, grid)"),
    ("play", "colour=red", "--axis colour=red: unknown axis 'colour' (this scaffold's axes: feedback, interface, observation, layout)"),
])
def test_an_axis_choice_the_scaffold_lacks_is_a_usage_error_as_a_param_is(tmp_path: Path, command: str, axis: str,
                                                                          message: str) -> None:
    out = ["--seeds", "0:2", "-o", str(tmp_path / "s")] if command == "compile" else []
    done = worldgen(command, "scaffolds/vault.wg", "--axis", axis, *out)
    assert (done.returncode, done.stderr) == (2, f"worldgen: error: {message}\n")
    assert not (tmp_path / "s").exists()


def test_choice_and_bool_params_take_their_declared_values(tmp_path: Path) -> None:
    source = (ROOT / "tests" / "verify" / "counter.wg").read_text().replace(
        "world counter {", "world counter {\n  param mode: one of easy, hard\n  param lit: bool")
    (tmp_path / "c.wg").write_text(source)
    (tmp_path / "empty.json").write_text("{}")
    done = worldgen("compile", "c.wg", "--pack", "empty.json", "--seeds", "0:1", "--param", "mode=hard",
                    "--param", "lit=true", "-o", "s", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads((tmp_path / "s" / "index.jsonl").read_text())["params"] == {"mode": "hard", "lit": True}
    bad = worldgen("compile", "c.wg", "--pack", "empty.json", "--seeds", "0:1", "--param", "mode=medium", "-o", "t",
                   cwd=tmp_path)
    assert bad.returncode == 2 and bad.stderr == "worldgen: error: --param mode=medium: param 'mode' takes one of easy, hard\n"


def test_a_pack_made_for_another_version_of_the_scaffold_is_refused(tmp_path: Path, vault_pack: Path) -> None:
    changed = (ROOT / "scaffolds" / "vault.wg").read_text().replace("text(20..200)", "text(20..300)")
    assert "text(20..300)" in changed
    (tmp_path / "vault.wg").write_text(changed)
    done = worldgen("compile", str(tmp_path / "vault.wg"), "--pack", str(vault_pack), "--seeds", "0:2",
                    "-o", str(tmp_path / "suite"))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{vault_pack}: error: this content pack was made for another version of scaffold "
                                  f"'vault': its content schema (sha256 ")
    assert f"is not the one {tmp_path / 'vault.wg'} has now" in done.stderr
    assert done.stderr.rstrip().endswith(f"make a new one with `worldgen content {tmp_path / 'vault.wg'} -n N -o NEWPACK`")
    records = worldgen("compile", str(tmp_path / "vault.wg"), "--pack", str(vault_pack / "records.jsonl"),
                       "--seeds", "0:2", "-o", str(tmp_path / "suite"))
    assert records.returncode == 2  # the records file of a pack folder carries the same manifest


def test_a_rule_change_that_keeps_the_content_schema_keeps_the_pack(tmp_path: Path, vault_pack: Path) -> None:
    changed = (ROOT / "scaffolds" / "vault.wg").read_text().replace("horizon 30", "horizon 40")
    assert "horizon 40" in changed
    (tmp_path / "vault.wg").write_text(changed)
    done = worldgen("compile", str(tmp_path / "vault.wg"), "--pack", str(vault_pack), "--seeds", "0:2",
                    "-o", str(tmp_path / "suite"))
    assert done.returncode == 0, done.stderr


def test_a_pack_made_for_another_scaffold_is_refused(tmp_path: Path, vault_pack: Path) -> None:
    done = worldgen("compile", "scaffolds/ledger.wg", "--pack", str(vault_pack), "--seeds", "0:2",
                    "-o", str(tmp_path / "suite"))
    assert done.returncode == 2
    assert done.stderr.startswith(f"{vault_pack}: error: this content pack was made for scaffold 'vault', not for "
                                  "'ledger' (scaffolds/ledger.wg)")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_shows_every_draw_as_it_ends(tmp_path: Path, jobs: str, capsys, monkeypatch) -> None:
    """Seeds of the drift scaffold need re-draws; each draw appears in the log, from workers too."""
    from tests.compiler.test_draws import DRIFT
    from worldgen.cli import progress
    from worldgen.cli.main import main

    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    (tmp_path / "drift.wg").write_text(DRIFT)
    (tmp_path / "empty.json").write_text("{}")
    suite = tmp_path / "suite"
    assert main(["compile", str(tmp_path / "drift.wg"), "--pack", str(tmp_path / "empty.json"), "--seeds", "0:8",
                 "--attempts", "3", "--jobs", jobs, "-o", str(suite)]) in (0, 1)
    shown = {line.split("(last: ", 1)[1].rsplit("), ", 1)[0] for line in capsys.readouterr().err.splitlines()
             if "(last: " in line}
    failed = [json.loads(line) for line in (suite / "draws.jsonl").read_text().splitlines()]
    passed = [json.loads(line) for line in (suite / "index.jsonl").read_text().splitlines()]
    expected = {f"seed {d['seed']} draw {d['attempt']} rejected ({', '.join(d['failed'])})" for d in failed}
    expected |= {f"seed {w['seed']} draw {w['attempt']} accepted" for w in passed}
    assert failed and shown == expected
    summary = json.loads((suite / "summary.json").read_text())
    assert summary["draws"] == len(expected)


def test_a_scaffold_without_content_compiles_without_a_pack_anywhere(tmp_path: Path, monkeypatch, capsys) -> None:
    from tests.compiler.test_playdraw import PICK
    from worldgen.cli.main import main

    (tmp_path / "pick.wg").write_text(PICK)
    monkeypatch.chdir(tmp_path)  # outside the repository: no content_packs/pick/example.json anywhere
    assert main(["compile", "pick.wg", "--seeds", "3", "-o", "out"]) == 0
    lines = [json.loads(line) for line in (tmp_path / "out" / "index.jsonl").read_text().splitlines()]
    assert [line["seed"] for line in lines] == [0, 1, 2] and {line["record_id"] for line in lines} == {"none"}


def test_a_scaffold_with_content_still_needs_a_pack_outside_the_repository(tmp_path: Path, monkeypatch, capsys) -> None:
    from worldgen.cli.main import main

    (tmp_path / "myvault.wg").write_text((ROOT / "scaffolds" / "vault.wg").read_text().replace("world vault", "world myvault"))
    monkeypatch.chdir(tmp_path)
    assert main(["compile", "myvault.wg", "--seeds", "0:1", "-o", "out"]) == 1
    assert capsys.readouterr().err == "myvault.wg: error: no content; pass --pack PACK\n"
