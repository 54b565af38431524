"""chmod: octal and symbolic modes, -R, GNU's complaints; checked against the real chmod."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.shell.builtins.helpers import gnu, materialise, run, tree_listing
from worldgen.shell.builtins.chmod import chmod
from worldgen.shell.memfs import MemoryFs


def tree() -> MemoryFs:
    return MemoryFs({"/f": "x\n", "/d/g": "y\n"}, dirs=("/d/e",))


def mode_after(*args: str, start: int = 0o644, path: str = "/f") -> str:
    fs = tree()
    fs.chmod(path, start)
    assert run(chmod, fs, *args, path.lstrip("/")) == ("", "", 0)
    return oct(fs.nodes[path].mode)


def test_octal_modes():
    assert mode_after("640") == "0o640"
    assert mode_after("0640") == "0o640"
    assert mode_after("4755") == "0o4755"


def test_symbolic_modes():
    assert mode_after("u+x") == "0o744"
    assert mode_after("go-w", start=0o666) == "0o644"
    assert mode_after("a=r") == "0o444"
    assert mode_after("u=rw,g=r,o=", start=0o777) == "0o640"
    assert mode_after("g=u", start=0o700) == "0o770"
    assert mode_after("u+s,o+t") == "0o5644"


def test_no_who_honours_the_umask():
    assert mode_after("+x") == "0o755"
    assert mode_after("+w", start=0o444) == "0o644"
    assert mode_after("-w", start=0o666) == "0o466"


def test_capital_x_only_for_directories_and_executables():
    assert mode_after("a+X") == "0o644"
    assert mode_after("a+X", start=0o744) == "0o755"
    assert mode_after("a+X", start=0o700, path="/d") == "0o711"


def test_a_leading_dash_mode_is_a_mode():
    assert mode_after("-r") == "0o200"


def test_recursive():
    fs = tree()
    assert run(chmod, fs, "-R", "go=", "d") == ("", "", 0)
    assert {p: oct(fs.nodes[p].mode) for p in ("/d", "/d/g", "/d/e", "/f")} == {"/d": "0o700", "/d/g": "0o600", "/d/e": "0o700", "/f": "0o644"}


def test_complaints():
    try_line = "Try 'chmod --help' for more information.\n"
    assert run(chmod, tree(), "x", "f") == ("", "chmod: invalid mode: 'x'\n" + try_line, 1)
    assert run(chmod, tree(), "9", "f")[1] == "chmod: invalid mode: '9'\n" + try_line
    assert run(chmod, tree(), "644") == ("", "chmod: missing operand after '644'\n" + try_line, 1)
    assert run(chmod, tree()) == ("", "chmod: missing operand\n" + try_line, 1)
    assert run(chmod, tree(), "644", "nope", "f") == ("", "chmod: cannot access 'nope': No such file or directory\n", 1)
    assert run(chmod, tree(), "-f", "644", "nope") == ("", "", 1)


MODES = ["640", "0640", "7777", "755", "u+x", "go-w", "a=r", "u=rw,g=r,o=", "+x", "+w", "-w", "=rw", "g=u", "o=g",
         "a+X", "u+s,g+s,o+t", "u-s", "=", "u=", "ugo+rwx", "o+s", "u+t", "-rw", "+t", "a-x,u+x", "g+w-r", "u=x,g=u"]
STARTS = [0o644, 0o755, 0o4750, 0o2775, 0o1777, 0o000]


@pytest.mark.parametrize("mode", MODES)
def test_same_modes_as_gnu_chmod(mode: str, tmp_path: Path):
    fs = MemoryFs({f"/f{i}": "" for i in range(len(STARTS))}, dirs=tuple(f"/d{i}" for i in range(len(STARTS))))
    for i, start in enumerate(STARTS):
        fs.chmod(f"/f{i}", start)
        fs.chmod(f"/d{i}", start)
    materialise(fs, tmp_path)
    names = sorted(p.lstrip("/") for p in fs.nodes if p != "/")
    argv = ["chmod", "--", mode, *names] if mode.startswith("-") else ["chmod", mode, *names]
    assert run(chmod, fs, *argv[1:]) == gnu(tmp_path, *argv)
    assert [(p, oct(m)) for p, _, m, _ in tree_listing(tmp_path)] == [(p, oct(fs.nodes["/" + p].mode)) for p in names]
