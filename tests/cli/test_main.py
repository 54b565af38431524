"""The `worldgen` entry point: its version, and usage errors raised past argparse exit 2."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

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


def test_a_command_ends_without_walking_its_objects_again_and_its_output_is_whole(tmp_path: Path) -> None:
    """The exit handler freezes what is alive, so the interpreter's last collections skip it;
    a handler registered before the command runs after it and sees the frozen objects."""
    probe = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 10_000, file=sys.stderr))\n"
        "from worldgen.cli.main import main\n"
        f"code = main(['compile', 'scaffolds/vault.wg', '--seeds', '3', '-o', {str(tmp_path / 'out')!r}])\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr.splitlines()[-1] == "frozen True"
    assert len(list((tmp_path / "out" / "worlds").glob("*.json"))) == 3 and (tmp_path / "out" / "summary.json").is_file()
