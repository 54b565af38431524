"""open_worlds: world files, artifacts and suite folders in; clear errors for everything else."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.worldfiles import example_worlds, write_suite, write_world
from worldgen.errors import WorldgenError
from worldgen.runtime.sources import open_worlds


def test_a_world_file_and_an_artifact_file_each_give_one_world(tmp_path: Path) -> None:
    world = example_worlds()[0]
    for as_artifact in (False, True):
        path = write_world(tmp_path / f"w{as_artifact}.json", world, as_artifact)
        assert open_worlds(path) == [(world.id, world)]


def test_a_suite_gives_its_worlds_in_index_order(tmp_path: Path) -> None:
    worlds = example_worlds()
    suite = write_suite(tmp_path / "suite", worlds)
    assert open_worlds(suite) == [(w.id, w) for w in worlds]
    assert open_worlds(str(suite)) == open_worlds(suite)


def test_a_compiled_suite_opens(tmp_path: Path) -> None:
    from worldgen.cli.main import main

    out = tmp_path / "compiled"
    assert main(["compile", str(ROOT / "scaffolds" / "vault.wg"), "--seeds", "0:3", "-o", str(out)]) == 0
    index = [json.loads(line) for line in (out / "index.jsonl").read_text().splitlines()]
    assert [world_id for world_id, _ in open_worlds(out)] == [line["id"] for line in index]


@pytest.mark.parametrize(("index", "message"), [
    ('{"id": "a", "path": "../outside.json"}', "leads outside the suite folder"),
    ('{"id": "a", "path": "/etc/passwd"}', "relative to the suite folder"),
    ('{"id": "a", "path": "missing.json"}', "is missing"),
    ("not json", "index line is not JSON"),
    ('["a", "b"]', "must be a JSON object"),
    ('{"path": "w.json"}', "non-empty string \"id\""),
    ('{"id": "a", "path": "w.json"}\n{"id": "a", "path": "w.json"}', "appears twice"),
    ("", "lists no worlds"),
])
def test_bad_suite_indexes_are_refused_with_the_line(tmp_path: Path, index: str, message: str) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    write_world(suite / "w.json", example_worlds()[0])
    (tmp_path / "outside.json").write_text(example_worlds()[0].to_json())
    (suite / "index.jsonl").write_text(index)
    with pytest.raises(WorldgenError, match=message) as err:
        open_worlds(suite)
    assert str(suite / "index.jsonl") in str(err.value)


def test_other_paths_are_refused(tmp_path: Path) -> None:
    with pytest.raises(WorldgenError, match="no such world file or suite folder"):
        open_worlds(tmp_path / "nothing-here")
    with pytest.raises(WorldgenError, match="not a suite"):
        open_worlds(tmp_path)
    (tmp_path / "x.json").write_text('{"format": "something else"}')
    with pytest.raises(WorldgenError, match="not a worldgen artifact"):
        open_worlds(tmp_path / "x.json")


def test_opening_worlds_loads_no_parser_checker_or_content_code(tmp_path: Path) -> None:
    suite = write_suite(tmp_path / "suite", example_worlds()[:2])
    probe = (
        "import sys\n"
        "from worldgen.runtime.sources import open_worlds\n"
        f"worlds = open_worlds({str(suite)!r}); worlds[0][1].env().reset(seed=0)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'lark' or m.startswith(\n"
        "    ('worldgen.syntax', 'worldgen.check', 'worldgen.content', 'worldgen.frontend', 'worldgen.verify.run', 'worldgen.verify.statespace', 'openai'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
