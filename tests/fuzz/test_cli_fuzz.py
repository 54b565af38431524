"""`worldgen check` and `worldgen compile` on hostile input (mutated shipped scaffolds, token
soup, mutated content records): whatever the bytes, the command exits 0, 1 (an error a person can act on, headed
``FILE[:LINE:COL]: error: ...``) or 2 (usage), and never shows a traceback.

The default run tries about 1,550 inputs; ``pytest -m long tests/fuzz`` tries 100,000 through `check`
(8.5–9.5 min on one core).
"""

from __future__ import annotations

import contextlib
import functools
import io
import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from tests.fuzz.inputs import ROOT, hostile_scaffold, mutated_record, mutated_scaffold
from worldgen.cli import main as cli_main
from worldgen.cli.main import main

HEADLINE = re.compile(r"^\S.*: error: \S")
# No deadline (shared CI cores), no example database in the repository; the default run is
# derandomized so it is the same run every time, the long one explores afresh.
QUICK = settings(deadline=None, database=None, derandomize=True,
                 suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
_fresh = itertools.count()


# Parsing never changes the parser, so the fuzz builds it once: rebuilding it took a third of a
# quick command's time. (`main` itself rebuilds it, so tests that patch a command's `run` work.)
cached_parser = functools.cache(cli_main.build_parser)


@contextlib.contextmanager
def fast_cli() -> Iterator[pytest.MonkeyPatch]:
    """Within: `main` uses the parser built once (and the patch may patch more)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cli_main, "build_parser", cached_parser)
        yield patch


def run(argv: list[str]) -> tuple[int, str]:
    """Exit code and stderr of the CLI, run in this process (any escaping exception fails the test)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), fast_cli():
        try:
            code = main(argv)
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, err.getvalue()


def assert_reported_cleanly(code: int, err: str) -> None:
    assert code in (0, 1), err
    assert "Traceback" not in err and "internal error" not in err, err
    if code == 1:
        assert HEADLINE.match(err), err


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def check_is_clean(source: bytes, workdir: Path) -> None:
    path = workdir / "fuzz.wg"
    path.write_bytes(source)
    assert_reported_cleanly(*run(["check", str(path)]))


@settings(QUICK, max_examples=1_500)
@given(source=hostile_scaffold)
def test_check_reports_hostile_scaffolds_cleanly(source: bytes, workdir: Path) -> None:
    check_is_clean(source, workdir)


@settings(QUICK, max_examples=25)
@given(source=mutated_scaffold())
def test_compile_reports_mutated_scaffolds_cleanly(source: bytes, workdir: Path) -> None:
    path = workdir / "fuzz.wg"
    path.write_bytes(source)
    out = workdir / f"suite{next(_fresh)}"
    assert_reported_cleanly(*run(["compile", str(path), "--seeds", "0:1", "--attempts", "1", "--max-states", "2000",
                                  "-o", str(out)]))


@settings(QUICK, max_examples=25)
@given(case=mutated_record())
def test_compile_reports_mutated_content_cleanly(case: tuple[str, dict], workdir: Path) -> None:
    name, record = case
    pack = workdir / "record.json"
    pack.write_text(json.dumps(record))
    out = workdir / f"suite{next(_fresh)}"
    assert_reported_cleanly(*run(["compile", str(ROOT / "scaffolds" / f"{name}.wg"), "--pack", str(pack), "--seeds", "0:1",
                                  "--attempts", "1", "--max-states", "2000", "-o", str(out)]))


@pytest.mark.long
@settings(QUICK, max_examples=100_000, derandomize=False)
@given(source=hostile_scaffold)
def test_check_reports_a_hundred_thousand_hostile_scaffolds_cleanly(source: bytes, workdir: Path) -> None:
    check_is_clean(source, workdir)
