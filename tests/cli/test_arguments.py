"""Bad command-line values are usage errors: exit 2 and one line naming the option, no traceback."""

import pytest

from tests.conftest import ROOT
from worldgen.cli.main import main

VAULT = str(ROOT / "scaffolds" / "vault.wg")


def usage_error(argv: list[str], capsys) -> str:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


@pytest.mark.parametrize("seeds, says", [
    ("0:1e20", "argument --seeds: must look like A:B (seeds A..B-1) or N (seeds 0..N-1), not '0:1e20'"),
    ("0:100000000000000000000", "argument --seeds: 0:100000000000000000000: need 0 <= A < B <= 9_223_372_036_854_775_807"),
    ("5:5", "argument --seeds: 5:5: need 0 <= A < B"),
])
def test_seed_ranges_must_be_whole_numbers_within_int64(seeds, says, tmp_path, capsys):
    line = usage_error(["compile", VAULT, "--seeds", seeds, "-o", str(tmp_path / "o")], capsys)
    assert line.startswith("worldgen compile: error: " + says)


@pytest.mark.parametrize("flag, value, says", [
    ("--max-states", "0", "must be at least 1, not 0"),
    ("--max-depth", "-3", "must be at least 1, not -3"),
    ("--attempts", "many", "expected a whole number, not 'many'"),
    ("-j", "0", "must be at least 1, not 0"),
    ("--max-states", "99999999999999999999", "must be at most 9_223_372_036_854_775_807, not 99999999999999999999"),
])
def test_compile_counts_are_checked_by_argparse(flag, value, says, tmp_path, capsys):
    line = usage_error(["compile", VAULT, "--seeds", "0:1", "-o", str(tmp_path / "o"), flag, value], capsys)
    assert line == f"worldgen compile: error: argument {'--jobs/-j' if flag == '-j' else flag}: {says}"


def test_an_output_folder_that_is_a_file_is_a_usage_error(tmp_path, capsys):
    (tmp_path / "afile").write_text("")
    line = usage_error(["compile", VAULT, "--seeds", "0:1", "-o", str(tmp_path / "afile")], capsys)
    assert line == f"worldgen compile: error: argument -o/--out: {tmp_path / 'afile'} exists and is not a folder"


@pytest.mark.parametrize("argv", [
    ["play", VAULT, "--seed", "-1"],
    ["verify", "suite", "--jobs", "0"],
    ["graph", "a.json", "-o", "g.dot", "--max-nodes", "0"],
    ["explain", "suite", "--seed", "x"],
])
def test_other_commands_check_their_numbers_too(argv, capsys):
    usage_error(argv, capsys)
