"""The commands that load compiled suites, on hostile suites: one file of a real suite (its index,
an artifact, its summary, a rollout file) edited byte by byte. Whatever the bytes, `verify`,
`rollout`, `report`, `export sft|dataset|harbor`, `explain`, `graph` and `play` exit 0, 1 (an
error a person can act on) or 2, never with a traceback, and nothing already written is lost
(the suite's other files keep their bytes). 20 inputs in the default run (a few seconds each: every
input copies and loads a suite); ``pytest -m long tests/fuzz`` tries 200. `export harbor` gets a
runtime wheel built once (the pinned dependencies, fetched by pip, are left out: they are data the
export copies, not input it parses)."""

from __future__ import annotations

import io
import itertools
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.inputs import mutate
from tests.fuzz.test_cli_fuzz import QUICK, assert_reported_cleanly, run
from tests.suites import compiled
from worldgen.exporters import wheelhouse
from worldgen.exporters.runtime_wheel import build_runtime_wheel
from worldgen.exporters.wheelhouse import Wheelhouse

_fresh = itertools.count()
VERDICT = re.compile(r"^\S.*: FAILED\n  - \S")  # `verify` lists each problem of each bad artifact


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-world ledger suite with a rollout file beside it."""
    root = tmp_path_factory.mktemp("suite")
    suite = compiled(root / "suite", "ledger", range(0, 2))
    assert run(["rollout", str(suite), "--policy", "random", "-o", str(root / "random.jsonl")])[0] == 0
    return root


def files(root: Path) -> list[Path]:
    suite = root / "suite"
    return [suite / "index.jsonl", suite / "summary.json", *sorted((suite / "worlds").glob("*.json")), root / "random.jsonl"]


COMMANDS = ("verify", "rollout", "report", "export-sft", "export-dataset", "export-harbor", "explain", "graph", "play")


@pytest.fixture(scope="module")
def wheels(tmp_path_factory: pytest.TempPathFactory) -> Wheelhouse:
    return Wheelhouse(build_runtime_wheel(tmp_path_factory.mktemp("wheel")), ())


def command(name: str, root: Path) -> list[str]:
    suite = str(root / "suite")
    artifact = str(sorted((root / "suite" / "worlds").glob("*.json"))[0])
    return {
        "verify": ["verify", suite],
        "rollout": ["rollout", suite, "--policy", "oracle", "-o", str(root / "oracle.jsonl")],
        "report": ["report", suite, "--rollouts", str(root / "random.jsonl"), "--json"],
        "export-sft": ["export", "sft", suite, "-o", str(root / "sft.jsonl")],
        "export-dataset": ["export", "dataset", suite, "--seeds", "0:2", "--root", str(root), "-o", str(root / "rows.jsonl")],
        "export-harbor": ["export", "harbor", suite, "--secret-file", str(root / "secret"), "-o", str(root / "tasks")],
        "explain": ["explain", suite],
        "graph": ["graph", artifact, "-o", str(root / "graph.dot")],
        "play": ["play", artifact],
    }[name]


@settings(QUICK, max_examples=20)
@given(data=st.data(), which=st.sampled_from(COMMANDS))
def test_loading_commands_report_a_hostile_suite_cleanly(clean: Path, wheels: Wheelhouse, tmp_path_factory: pytest.TempPathFactory,
                                                          data: st.DataObject, which: str) -> None:
    root = tmp_path_factory.mktemp(f"hostile{next(_fresh)}")
    shutil.copytree(clean, root, dirs_exist_ok=True)
    (root / "secret").write_bytes(b"the fuzz suite's public secret")
    target = data.draw(st.sampled_from(files(root)), label="file")
    target.write_bytes(mutate(data.draw, target.read_bytes()))
    before = {p: p.read_bytes() for p in files(root)}
    with pytest.MonkeyPatch.context() as patch:  # `play` reads its commands from stdin
        patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"look\nquit\n"), encoding="utf-8"))
        patch.setattr(wheelhouse, "build_wheelhouse", lambda *_: wheels)
        code, err = run(command(which, root))
    if code == 2 or (which == "verify" and VERDICT.match(err)):  # argparse's message, or verify's own verdict
        assert "Traceback" not in err and "internal error" not in err, err
    else:
        assert_reported_cleanly(code, err)
    assert {p: p.read_bytes() for p in files(root)} == before  # loading never rewrites what it read


@pytest.mark.long
@settings(QUICK, max_examples=200, derandomize=False)
@given(data=st.data(), which=st.sampled_from(COMMANDS))
def test_loading_commands_report_hundreds_of_hostile_suites_cleanly(clean: Path, wheels: Wheelhouse,
                                                                    tmp_path_factory: pytest.TempPathFactory,
                                                                    data: st.DataObject, which: str) -> None:
    test_loading_commands_report_a_hostile_suite_cleanly.hypothesis.inner_test(clean, wheels, tmp_path_factory, data, which)
