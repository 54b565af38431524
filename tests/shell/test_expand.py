"""Expansion: parameters, tilde, field splitting, globbing over the file system."""

from __future__ import annotations

import time

import pytest

from worldgen.shell.expand import Expander, GlobLimit, glob
from worldgen.shell.memfs import MemoryFs
from worldgen.shell.parser import parse


def argv(line: str, fs: MemoryFs, env: dict[str, str] | None = None, cwd: str = "/home/user", status: int = 0) -> list[str]:
    (item,) = parse(line).items
    ex = Expander(fs, {"HOME": "/home/user", "USER": "user"} if env is None else env, cwd, status)
    return ex.argv(item.first.commands[0].words)


# ----------------------------------------------------------------------------- parameters
def test_variables_and_their_defaults(fs):
    env = {"A": "1", "E": ""}
    assert argv("x $A ${A} ${A}b $Ab", fs, env) == ["x", "1", "1", "1b"]
    assert argv("x ${E:-d} ${E-d} ${N-d} ${A:+set} ${N:+set}", fs, env) == ["x", "d", "d", "set"]
    assert argv("x ${#A} ${#N}", fs, env) == ["x", "1", "0"]


def test_assigning_default_writes_the_variable(fs):
    env: dict[str, str] = {}
    assert argv("x ${N:=v} $N", fs, env) == ["x", "v", "v"]
    assert env["N"] == "v"


def test_status_and_special_parameters(fs):
    assert argv("x $? $0 $# $1", fs, status=3) == ["x", "3", "bash", "0"]


def test_tilde_at_the_start_only(fs):
    assert argv("x ~ ~/a a~ '~' ~root ~nobody", fs) == ["x", "/home/user", "/home/user/a", "a~", "~", "/root", "~nobody"]


# ----------------------------------------------------------------------------- splitting
def test_unquoted_expansions_split_quoted_ones_do_not(fs):
    env = {"S": "  a  b  ", "E": ""}
    assert argv('x $S "$S" pre${S}post', fs, env) == ["x", "a", "b", "  a  b  ", "pre", "a", "b", "post"]


def test_empty_unquoted_expansions_vanish_but_empty_quotes_stay(fs):
    env = {"E": ""}
    assert argv('x $E $N "" "$E" $E""', fs, env) == ["x", "", "", ""]


# ----------------------------------------------------------------------------- globbing
def test_glob_matches_sorted_in_byte_order(fs):
    fs.write("/tmp/B", "")
    fs.write("/tmp/a", "")
    fs.write("/tmp/_c", "")
    assert argv("x /tmp/*", fs) == ["x", "/tmp/B", "/tmp/_c", "/tmp/a"]


def test_relative_globs_keep_the_typed_prefix(fs):
    assert argv("x *.txt ../user/*.md ./src/*", fs) == ["x", "notes.txt", "../user/todo.md", "./src/main.py"]


def test_dot_files_need_a_leading_dot(fs):
    assert ".profile" not in argv("x *", fs)
    assert argv("x .*", fs) == ["x", ".profile"]
    assert argv("x ?profile", fs) == ["x", "?profile"]


def test_no_match_stays_literal(fs):
    assert argv("x *.nope /nope/* [z]", fs) == ["x", "*.nope", "/nope/*", "[z]"]


def test_patterns_across_components(fs):
    assert argv("x /var/log/*/*.log /var/*/n*/a*", fs) == [
        "x", "/var/log/nginx/access.log", "/var/log/nginx/error.log", "/var/log/nginx/access.log"]


def test_brackets_ranges_negation_and_classes(fs):
    assert argv("x /var/log/[ad]*.log /var/log/[!a]*.log /var/log/[[:lower:]]b.log", fs) == [
        "x", "/var/log/api.log", "/var/log/db.log", "/var/log/db.log", "/var/log/db.log"]


def test_question_mark_and_quoted_metacharacters(fs):
    fs.write("/tmp/a*b", "")
    fs.write("/tmp/axb", "")
    assert argv("x /tmp/a?b '/tmp/a*b' /tmp/a\\*b", fs) == ["x", "/tmp/a*b", "/tmp/axb", "/tmp/a*b", "/tmp/a*b"]


def test_trailing_slash_matches_directories(fs):
    assert argv("x /home/user/*/", fs) == ["x", "/home/user/empty/", "/home/user/src/"]


def test_variable_values_glob_when_unquoted(fs):
    env = {"P": "/var/log/*.log"}
    assert argv('x $P "$P"', fs, env) == ["x", "/var/log/api.log", "/var/log/db.log", "/var/log/*.log"]


@pytest.mark.parametrize("pattern, matched", [
    ("/var/log/" + "*" * 60 + ".log", ["/var/log/api.log", "/var/log/db.log"]),
    ("/var/log/" + "*a" * 30 + "*", None), ("/var/log/*p*i*.log", ["/var/log/api.log"]),
    ("/var/log/[a-d]*?*.log", ["/var/log/api.log", "/var/log/db.log"]),
])
def test_many_stars_match_in_linear_time(fs, pattern: str, matched: list[str] | None):
    """The fuzz run's `grep error /var/log/****...*.log` took 91 s: each star was a `.*` that
    backtracked into every other one."""
    start = time.perf_counter()
    assert glob(fs, "/", pattern) == matched
    assert time.perf_counter() - start < 5  # a runaway guard (quiet: < 1 ms), not a speed target


def test_a_glob_past_the_limit_raises_fast():
    fs = MemoryFs({f"/d/f{i:05d}": "" for i in range(10_001)})
    start = time.perf_counter()
    with pytest.raises(GlobLimit) as got:
        glob(fs, "/", "/d/*")
    assert "more than 10,000 files" in got.value.message
    assert time.perf_counter() - start < 5  # a runaway guard (quiet: ~0.2 s), not a speed target
    assert len(glob(fs, "/", "/d/f0*")) == 10_000
