"""The commands that load compiled suites, on hostile suites: one file of a real suite (its index,
an artifact, its summary, a rollout file) edited byte by byte. Whatever the bytes, `verify`,
`rollout`, `report`, `export sft`, `explain`, `graph` and `play` exit 0, 1 (an
error a person can act on) or 2, never with a traceback, and nothing already written is lost
(the suite's other files keep their bytes). 20 inputs in the default run (a few seconds each: every
input copies and loads a suite); ``pytest -m long tests/fuzz`` tries 5,000."""

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


COMMANDS = ("verify", "rollout", "report", "export-sft", "explain", "graph", "play")


def command(name: str, root: Path) -> list[str]:
    suite = str(root / "suite")
    artifact = str(sorted((root / "suite" / "worlds").glob("*.json"))[0])
    return {
        "verify": ["verify", suite],
        "rollout": ["rollout", suite, "--policy", "oracle", "-o", str(root / "oracle.jsonl")],
        "report": ["report", suite, "--rollouts", str(root / "random.jsonl"), "--json"],
        "export-sft": ["export", "sft", suite, "-o", str(root / "sft.jsonl")],
        "explain": ["explain", suite],
        "graph": ["graph", artifact, "-o", str(root / "graph.dot")],
        "play": ["play", artifact],
    }[name]


@settings(QUICK, max_examples=20)
@given(data=st.data(), which=st.sampled_from(COMMANDS))
def test_loading_commands_report_a_hostile_suite_cleanly(clean: Path, tmp_path_factory: pytest.TempPathFactory,
                                                          data: st.DataObject, which: str) -> None:
    root = tmp_path_factory.mktemp(f"hostile{next(_fresh)}")
    shutil.copytree(clean, root, dirs_exist_ok=True)
    target = data.draw(st.sampled_from(files(root)), label="file")
    target.write_bytes(mutate(data.draw, target.read_bytes()))
    before = {p: p.read_bytes() for p in files(root)}
    with pytest.MonkeyPatch.context() as patch:  # `play` reads its commands from stdin
        patch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"look\nquit\n"), encoding="utf-8"))
        code, err = run(command(which, root))
    if code == 2 or (which == "verify" and VERDICT.match(err)):  # argparse's message, or verify's own verdict
        assert "Traceback" not in err and "internal error" not in err, err
    else:
        assert_reported_cleanly(code, err)
    assert {p: p.read_bytes() for p in files(root)} == before  # loading never rewrites what it read


@pytest.mark.long
@settings(QUICK, max_examples=5_000, derandomize=False)
@given(data=st.data(), which=st.sampled_from(COMMANDS))
def test_loading_commands_report_thousands_of_hostile_suites_cleanly(clean: Path, tmp_path_factory: pytest.TempPathFactory,
                                                                    data: st.DataObject, which: str) -> None:
    test_loading_commands_report_a_hostile_suite_cleanly.hypothesis.inner_test(clean, tmp_path_factory, data, which)
