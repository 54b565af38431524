"""`worldgen fmt` on hostile input: whatever parses prints to source that parses to the same AST,
checks to the same IR (or the same diagnostics) and prints to itself; whatever does not parse is
one clean error (exit 2, as for a file that cannot be read) and the file is left as it was. The flywheel's proposers edit scaffolds through the printer, so a mutation the
checker accepts must survive it.

The default run tries 400 mutated scaffolds; ``pytest -m long tests/fuzz`` tries 20,000.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.inputs import hostile_scaffold, mutate
from tests.fuzz.test_cli_fuzz import HEADLINE, QUICK, run
from tests.syntax.test_print_files import EVERY_SOURCE as TERMINAL_SOURCES
from tests.syntax.test_printer import checked_ir, shape
from worldgen.errors import WorldgenError
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source
from worldgen.textfile import decode


@st.composite
def mutated_terminal_scaffold(draw: st.DrawFn) -> bytes:
    """A scaffold with a ``files`` block (tests/syntax/test_print_files.py), mutated: its printer
    meets hostile input whatever scaffolds/ holds."""
    return mutate(draw, TERMINAL_SOURCES[draw(st.sampled_from(sorted(TERMINAL_SOURCES)))].encode("utf-8"))


hostile_input = st.one_of(hostile_scaffold, mutated_terminal_scaffold())


def fmt_keeps_meaning(data: bytes, scratch: Path) -> None:
    try:
        source = decode(data, "fuzz.wg")
        tree = parse(source, "fuzz.wg")
    except WorldgenError:  # not UTF-8 or does not parse: `fmt` says so in one line and rewrites nothing
        path = scratch / "fuzz.wg"
        path.write_bytes(data)
        code, err = run(["fmt", str(path)])
        assert code == 2 and HEADLINE.match(err) and "Traceback" not in err, err
        assert path.read_bytes() == data
        return
    printed = format_source(source)
    assert shape(parse(printed)) == shape(tree)
    assert checked_ir(printed) == checked_ir(source)
    assert format_source(printed) == printed


@settings(QUICK, max_examples=400)
@given(data=hostile_input)
def test_fmt_keeps_the_meaning_of_whatever_parses(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    fmt_keeps_meaning(data, tmp_path_factory.getbasetemp())


@pytest.mark.long
@settings(QUICK, max_examples=20_000, derandomize=False)
@given(data=hostile_input)
def test_fmt_keeps_the_meaning_of_twenty_thousand_hostile_scaffolds(data: bytes,
                                                                    tmp_path_factory: pytest.TempPathFactory) -> None:
    fmt_keeps_meaning(data, tmp_path_factory.getbasetemp())
