"""The `worldgen` entry point: its version, and usage errors raised past argparse exit 2."""

from __future__ import annotations

import tomllib

import worldgen
from tests.cli.test_check_and_play import worldgen as run
from tests.conftest import ROOT


def test_version_comes_from_the_one_place_it_is_written() -> None:
    done = run("--version")
    assert done.returncode == 0 and done.stdout == f"worldgen {worldgen.__version__}\n"
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "worldgen.__version__"}


def test_a_usage_error_found_after_parsing_exits_2_in_one_line() -> None:
    done = run("play", "scaffolds/vault.wg", "--param", "rooms=100", stdin="")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "worldgen: error: --param rooms=100: param 'rooms' takes a whole number in 4..7\n"
