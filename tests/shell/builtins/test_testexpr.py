"""test / [ on what only a world's file system can say: modes and times."""

from __future__ import annotations


def test_execute_bits_and_directories(run, fs):
    fs.write("/tmp/tool", "")
    assert run("[ -x /tmp/tool ]").status == 1
    fs.chmod("/tmp/tool", 0o755)
    assert run("[ -x /tmp/tool ] && [ -x /tmp ] && [ -r /tmp/tool ] && [ -w /tmp/tool ]").status == 0


def test_newer_and_older(run, fs):
    fs.clock += 10
    fs.write("/tmp/new", "")
    assert run("[ /tmp/new -nt notes.txt ] && [ notes.txt -ot /tmp/new ] && [ notes.txt -ef ./notes.txt ]").status == 0


def test_empty_path_is_no_file(run):
    assert run("[ -e '' ]").status == 1


def test_thousands_of_nots_are_counted_and_deep_parentheses_refused(run):
    assert run("test " + "! " * 5000 + "x").status == 0 and run("test " + "! " * 5001 + "x").status == 1
    assert run("test " + "'(' " * 100 + "x" + " ')'" * 100).status == 0
    got = run("test " + "'(' " * 101 + "x" + " ')'" * 101)
    assert (got.stderr, got.status) == ("bash: test: more than 100 nested parentheses\n", 2)


def test_errors_are_status_two(run):
    got = run("[ 1 -gt ]; [ a b c ]")
    assert got.stderr == "bash: [: 1: unary operator expected\nbash: [: b: binary operator expected\n"
    assert got.status == 2
