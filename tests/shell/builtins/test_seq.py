"""seq: decimal numbers from FIRST to LAST as GNU prints them, compared with the real seq."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import gnu, run
from worldgen.shell.builtins.seq import seq
from worldgen.shell.memfs import MemoryFs

CASES = ["5", "2 5", "1 2 10", "-s, 3", "-w 8 11", "0 0.5 2", "1 0.5 3", "0.1 1", "3 1", "5 -1 1", "1 1.0 3",
         "-w 1 0.5 2", "1.5 3", "x", "", "1 0 3", "10 -3 1", "-w -1 1", "-3 -1", "-w -10 2 5", "-s: -w 1 3",
         "--separator=+ 1 4", "1 2 3 4", "-s", "-q 3", "0", "-- 3", ".5 2", "1 .25 2", "3 -0.5 1", "-w 0.5 1 12"]


@pytest.mark.parametrize("args", CASES)
def test_same_as_gnu_seq(args: str, tmp_path: Path) -> None:
    assert run(seq, MemoryFs({}), *args.split(), env={"LC_ALL": "C"}) == gnu(tmp_path, "seq", *args.split())


def test_what_gnu_reads_but_this_seq_does_not_says_so() -> None:
    assert run(seq, MemoryFs({}), "1e3") == ("", "worldgen shell: seq 1e3 is not supported in this world (decimal numbers only)\n", 2)
    assert run(seq, MemoryFs({}), "-f", "%03g", "3")[2] == 2
