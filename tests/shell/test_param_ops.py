"""${NAME/PATTERN/STRING}, ${NAME:OFFSET:LENGTH} and case changes, as bash 5.2 makes them."""

from __future__ import annotations

import pytest


def echo(run, words: str) -> str:
    got = run(f"x=abcabc; f=report.final.log; {words}")
    assert got.status == 0, got.output
    return got.output


@pytest.mark.parametrize("words, shown", [
    ("echo ${x/b/B} ${x//b/B}", "aBcabc aBcaBc"),  # the first match, or every one
    ("echo ${x/#a/X} ${x/%c/X} ${x/#b/X}", "Xbcabc abcabX abcabc"),  # anchored at the start, the end
    ("echo ${x//b}", "acac"),  # no STRING: the matches removed
    ("echo ${x/b*/Z} ${x//[ac]/.}", "aZ .b..b."),  # globs: the longest match at the leftmost place
    ('p="b*"; echo ${x/$p/P} ${x/"$p"/P}', "aP abcabc"),  # a quoted pattern is text
    ("echo ${x/b/[&]} ${x/b/\\&}", "a[b]cabc a&cabc"),  # & is the match unless quoted (patsub_replacement)
    ("echo ${f/.log/.txt} ${f//./_}", "report.final.txt report_final_log"),
])
def test_replacing_matches(run, words, shown):
    assert echo(run, words) == shown + "\n"


@pytest.mark.parametrize("words, shown", [
    ("echo ${x:1} ${x:1:2} ${x: -2} ${x:(-2):1}", "bcabc bc bc b"),
    ("echo ${x:1:-1} ${x:1+1:1} X${x:10}X", "bcab c XX"),  # a negative length counts from the end
    ("echo ${x:-1}", "abcabc"),  # :- is still the default value
])
def test_substrings_by_arithmetic_offset_and_length(run, words, shown):
    assert echo(run, words) == shown + "\n"


def test_a_length_before_the_offset_stops_the_line_as_bash_does(run):
    got = run("x=abc; echo ${x:1:-5}; echo never")
    assert (got.output, got.status) == ("bash: -5: substring expression < 0\n", 1)


def test_case_changes_of_the_first_or_every_character_a_pattern_picks(run):
    assert echo(run, "echo ${x^} ${x^^} ${f^^[lo]}; y=ABC; echo ${y,} ${y,,}") == "Abcabc ABCABC repOrt.finaL.LOg\naBC abc\n"


def test_many_stars_over_a_long_value_are_found_in_linear_work(run):
    """A backtracking regex takes polynomial time here (the line would run for minutes, or the
    budget would stop it); the search by pieces answers within the line's budget."""
    assert run("x=$(printf '%0200000d' 0); y=${x//0*0*0*1/}; echo ${#y}").output == "200000\n"
    assert run("x=$(seq 100000); echo ${x//*1*2*/}").output == "\n"
    assert run("x=ab; for i in {1..25}; do x=${x//?/&&}; done").stopped  # doubling: the budget stops it
