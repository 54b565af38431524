"""tee, rev and nl: by example and side by side with the installed tools."""

from __future__ import annotations

import pytest

from tests.shell.builtins.gnu import real, run, run_with_fs
from worldgen.shell.builtins.base import Call
from worldgen.shell.builtins.nl import nl
from worldgen.shell.builtins.rev import rev
from worldgen.shell.builtins.tee import tee

FILES = {"t": "a\n\nb\n", "n": "ab\ncd", "d/e": ""}
TOOLS = {"nl": nl, "rev": rev, "tee": tee}


def test_tee_copies_stdin_to_stdout_and_files():
    out, err, status, fs = run_with_fs(tee, ["tee", "x", "t"], FILES)
    assert (out, err, status) == ("", "", 0) and fs.read("/home/agent/x") == ""
    fs.write("/home/agent/x", "old\n")
    call = Call(["tee", "-a", "x", "nope/y"], "new\n", fs, "/home/agent", {})
    assert tee(call) == 1
    assert "".join(call.stdout) == "new\n" and fs.read("/home/agent/x") == "old\nnew\n"
    assert "".join(call.stderr) == "tee: nope/y: No such file or directory\n"


def test_rev_keeps_a_missing_newline_missing():
    assert run(rev, ["rev", "n"], FILES) == ("ba\ndc", "", 0)


def test_nl_numbers_non_empty_lines_by_default():
    assert run(nl, ["nl", "t"], FILES)[0] == "     1\ta\n       \n     2\tb\n"
    assert run(nl, ["nl", "-ba", "-w3", "-s:", "-n", "rz", "n"], FILES)[0] == "001:ab\n002:cd\n"


CASES = [["nl", "t"], ["nl", "-ba", "t"], ["nl", "-n", "ln", "t"], ["nl", "-n", "rz", "-w", "3", "n"], ["nl", "-s", ": ", "t"],
         ["nl", "-v", "5", "-i", "2", "t"], ["nl", "-b", "x", "t"], ["nl", "nope"], ["rev", "t", "n"], ["rev", "nope"],
         ["tee", "nope/x"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_the_real_tool(argv: list[str]):
    assert run(TOOLS[argv[0]], argv, FILES, stdin="x\n") == real(argv, FILES, stdin="x\n")
