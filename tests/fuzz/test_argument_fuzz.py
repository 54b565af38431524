"""Every subcommand on argument soup: its own options and odd ones, numbers out of range, paths of
the wrong kind, in any order. Whatever the arguments, the command exits 0, 1 (an error a person can
act on) or 2 with a usage line or a one-line error, never a traceback.

Commands that only read and write local files run for real, in this process, on copies in a
scratch folder. The others (which reach the network, serve forever or run for minutes when
given big numbers) are only parsed: that is where their arguments are checked."""

from __future__ import annotations

import contextlib
import io
import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.inputs import ROOT, argument_soup
from tests.fuzz.test_cli_fuzz import QUICK, cached_parser, run
from tests.suites import compiled

RUN = {("check",), ("fmt",), ("schema",), ("verify",), ("explain",), ("graph",), ("play",), ("report",),
       ("export", "sft"), ("export", "dataset")}
USAGE = re.compile(r"(^|\n)(usage: |.*: error: )")  # ".*": an empty path argument names no file


def subcommands(parser, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], list[str]]:
    """Each subcommand's path (``("export", "dataset")``) and its option strings, from the parser itself."""
    found = {}
    for action in parser._actions:
        if action.__class__.__name__ == "_SubParsersAction":
            for name, sub in action.choices.items():
                found |= subcommands(sub, (*path, name))
    if path and not found:
        found[path] = sorted(s for action in parser._actions for s in action.option_strings)
    return found


COMMANDS = subcommands(cached_parser())


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Things worth naming on a command line: a scaffold, a record, a suite, an artifact, a rollout
    file, a folder and a file that are nothing of the kind."""
    root = tmp_path_factory.mktemp("soup")
    shutil.copy(ROOT / "scaffolds" / "ledger.wg", root / "ledger.wg")
    shutil.copy(ROOT / "content_packs" / "ledger" / "example.json", root / "record.json")
    compiled(root / "suite", "ledger", range(0, 2))
    assert run(["rollout", str(root / "suite"), "--policy", "random", "-o", str(root / "random.jsonl")])[0] == 0
    (root / "empty").mkdir()
    (root / "notes.txt").write_text("not a scaffold\n")
    return root


def values(root: Path) -> list[str]:
    artifact = sorted((root / "suite" / "worlds").glob("*.json"))[0]
    return ["ledger.wg", "record.json", "suite", str(artifact), "random.jsonl", "empty", "notes.txt", "missing.wg",
            "out.jsonl", "out.dot", "out/"]


def parse_only(argv: list[str]) -> tuple[int, str]:
    """Exit code and stderr of parsing ``argv`` (0 when it parses)."""
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            cached_parser().parse_args(argv)
        except SystemExit as exit_:
            return int(exit_.code or 0), err.getvalue()
    return 0, err.getvalue()


def soup_is_clean(scratch: Path, data: st.DataObject) -> None:
    command = data.draw(st.sampled_from(sorted(COMMANDS)), label="command")
    argv = [*command, *data.draw(argument_soup(COMMANDS[command], values(scratch)), label="arguments")]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(scratch)
        patch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"")))  # `fmt -` reads its bytes
        code, err = run(argv) if command in RUN else parse_only(argv)
    assert code in (0, 1, 2), (argv, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if code == 2:
        assert USAGE.search(err), (argv, err)


@settings(QUICK, max_examples=600)
@given(data=st.data())
def test_every_subcommand_reports_argument_soup_cleanly(scratch: Path, data: st.DataObject) -> None:
    soup_is_clean(scratch, data)


@pytest.mark.long
@settings(QUICK, max_examples=20_000, derandomize=False)
@given(data=st.data())
def test_every_subcommand_reports_thousands_of_argument_soups_cleanly(scratch: Path, data: st.DataObject) -> None:
    soup_is_clean(scratch, data)
