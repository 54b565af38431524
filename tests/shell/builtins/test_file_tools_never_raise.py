"""Every file tool ends argument soup with a message and a status, never a traceback: a fixed
seed draws command lines from options, operators, paths (existing, missing, through files, the
root, dot names) and hostile words (huge numbers, binary bytes, quotes). And the empty operand
names nothing, as in GNU, never the working directory."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.shell.builtins.helpers import same_as_gnu, with_accounts
from worldgen.shell.builtins import chmod, chown, cp, df, diff, du, find, ls, mkdir, mv, paste, paths, rm, stat, touch
from worldgen.shell.builtins.base import Call
from worldgen.shell.memfs import MemoryFs

COMMANDS = {}
for module in (chmod, chown, cp, df, diff, du, find, ls, mkdir, mv, paste, paths, rm, stat, touch):
    COMMANDS.update(module.COMMANDS)

WORDS = [
    "-l", "-a", "-A", "-h", "-R", "-t", "-r", "-d", "-F", "-1", "-p", "-m", "-c", "-s", "-f", "-n", "-v", "-e", "-q",
    "-rf", "-la", "--", "-", "--all", "--recursive", "--bogus", "--mode=7", "-Z", "-name", "-iname", "-path", "-type",
    "-maxdepth", "-mindepth", "-print", "-o", "-a", "!", "-not", "(", ")", "-empty", "f", "d", "f,d", "*", "[", "[!a-",
    ".", "..", "/", "a", "a/", "a/x", "a/b", "f", "f/x", "nope", "nope/x", "./a/../f", "//", "", "640", "0640", "u+x",
    "go-w", "a=r", "+X", "g=u", "u=rw,g=r,o=", "9", "77777", "root", "alice:", ":staff", "bob:wheel", "1000", "%n %s %a %F",
    "%Y|%-9s|%012.3A", "9" * 5000, "1" * 25, "\x00\xff", "a b", "it's", "é", "-d", "1", "0",
]


def tree() -> MemoryFs:
    return MemoryFs({"/a/x": "hi", "/a/b/c/deep": "d" * 5000, "/f": "12", "/.hid": ""}, dirs=("/d",))


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_argument_soup_ends_in_a_status(name: str):
    rng = random.Random(name)
    for _ in range(300):
        fs = with_accounts(tree())
        argv = [name, *rng.choices(WORDS, k=rng.randint(0, 6))]
        call = Call(argv, "", fs, rng.choice(["/", "/a", "/a/b"]), {})
        status = COMMANDS[name](call)
        assert isinstance(status, int) and 0 <= status <= 2, argv
        assert all(line.endswith("\n") for line in call.stderr), argv


EMPTY_CASES = [
    ["ls", ""], ["stat", ""], ["find", ""], ["chmod", "644", ""], ["chown", "root", ""], ["chgrp", "root", ""],
    ["rm", ""], ["rm", "-rf", ""], ["du", ""], ["df", ""], ["realpath", ""], ["mkdir", ""], ["mkdir", "-p", ""],
    ["touch", ""], ["cp", "f", ""], ["mv", "f", ""], ["cp", "", "x"], ["mv", "", "x"], ["diff", "", "f"], ["diff", "-r", "d", ""],
    ["paste", "", "f"], ["paste", "-s", "f", ""],
]


@pytest.mark.parametrize("argv", EMPTY_CASES, ids=" ".join)
def test_the_empty_operand_names_nothing_not_the_working_directory(argv: list[str], tmp_path: Path):
    """``rm -rf ''`` must not empty the working directory: GNU says the name does not exist."""
    same_as_gnu(COMMANDS[argv[0]], tree(), tmp_path, *argv)
