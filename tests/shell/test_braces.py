"""Brace expansion: lists, sequences, nesting and what stays as typed, made when a line is parsed."""

from __future__ import annotations

import pytest

from worldgen.shell import limits
from worldgen.shell.errors import ParseError
from worldgen.shell.parser import parse_uncached


def argv(run, words: str) -> str:
    return run(f"printf '[%s]' {words}").output


@pytest.mark.parametrize("words, made", [
    ("a{b,c}d", "[abd][acd]"),
    ("{a,b}{1,2}", "[a1][a2][b1][b2]"),
    ("{a,{b,c}}d", "[ad][bd][cd]"),
    ("x{,}", "[x][x]"),
    ("{a,b,}", "[a][b]"),  # an alternative that comes out empty is no word, as an unquoted empty word
    ('{"a,b",c}', "[a,b][c]"),  # a quoted comma separates nothing
    ("{x{a,b}", "[{xa][{xb]"),  # a brace that never closes is text
    ("{{a,b}}", "[{a}][{b}]"),
])
def test_lists_make_one_word_per_alternative_in_bash_order(run, words, made):
    assert argv(run, words) == made


@pytest.mark.parametrize("words, made", [
    ("{1..5}", "[1][2][3][4][5]"),
    ("{5..1}", "[5][4][3][2][1]"),
    ("{01..03}", "[01][02][03]"),
    ("{-05..5..5}", "[-05][000][005]"),
    ("{1..10..-3}", "[1][4][7][10]"),  # the step's sign is ignored
    ("{1..3..0}", "[1][2][3]"),
    ("{a..e..2}", "[a][c][e]"),
    ("{1..a}", "[{1..a}]"),
    ("{aa..b}", "[{aa..b}]"),
])
def test_sequences_count_either_way_by_their_step(run, words, made):
    assert argv(run, words) == made


@pytest.mark.parametrize("words", ["{a}", "{}", "'{a,b}'", '"{1..3}"', "\\{a,b\\}", "${HOME}"])
def test_quoted_or_single_braces_stay_as_typed(run, words):
    assert argv(run, words).count("[") == 1


def test_expansions_inside_alternatives_run_after_and_a_tilde_is_a_tilde_again(run):
    assert argv(run, "{$USER,x}") == "[user][x]"
    assert argv(run, "~/{a,b}") == "[/home/user/a][/home/user/b]"


def test_for_loops_commands_and_copies_use_them(run, fs):
    assert run("for i in {1..3}; do echo $i; done").output == "1\n2\n3\n"
    assert run("{echo,hi}").output == "hi\n"
    run("cp notes.txt{,.bak}")
    assert fs.read("/home/user/notes.txt.bak") == "alpha\nbeta\ngamma\n"


def test_assignments_keep_their_braces_and_a_redirection_to_several_files_is_ambiguous(run):
    assert run("x={a,b}; echo $x").output == "{a,b}\n"
    got = run("echo hi > {a,b}")
    assert (got.output, got.status) == ("bash: {a,b}: ambiguous redirect\n", 1)


def test_an_expansion_too_large_is_refused_before_anything_runs():
    with pytest.raises(ParseError) as got:
        parse_uncached("echo {1..99999999999999}")
    assert got.value.message == limits.brace_message("{1..99999999999999}")
    with pytest.raises(ParseError):
        parse_uncached("echo " + "{a,b}" * 20)
