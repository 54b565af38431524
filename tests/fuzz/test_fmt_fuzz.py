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

from tests.fuzz.inputs import hostile_scaffold
from tests.fuzz.test_cli_fuzz import HEADLINE, QUICK, run
from tests.syntax.test_printer import checked_ir, shape
from worldgen.errors import WorldgenError
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import format_source
from worldgen.textfile import decode


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
@given(data=hostile_scaffold)
def test_fmt_keeps_the_meaning_of_whatever_parses(data: bytes, tmp_path_factory: pytest.TempPathFactory) -> None:
    fmt_keeps_meaning(data, tmp_path_factory.getbasetemp())


@pytest.mark.long
@settings(QUICK, max_examples=20_000, derandomize=False)
@given(data=hostile_scaffold)
def test_fmt_keeps_the_meaning_of_twenty_thousand_hostile_scaffolds(data: bytes,
                                                                    tmp_path_factory: pytest.TempPathFactory) -> None:
    fmt_keeps_meaning(data, tmp_path_factory.getbasetemp())
