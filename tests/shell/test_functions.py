"""Shell functions: definitions, arguments, return, local, shift, and where their output goes."""

from __future__ import annotations


def test_a_function_runs_its_body_with_its_arguments(run):
    got = run('f() { echo "$# [$1] [$2]"; for a in "$@"; do echo "<$a>"; done; }; f "a b" c')
    assert got.output == "2 [a b] [c]\n<a b>\n<c>\n"
    assert run("function twice { echo $1 $1; }; twice hi; function k() { echo k; }; k").output == "hi hi\nk\n"


def test_functions_live_in_the_session_from_line_to_line(run, session):
    run("count() { wc -l < \"$1\"; }")
    assert run("count notes.txt").output == "3\n"
    assert set(session.functions) == {"count"}


def test_return_ends_the_call_with_its_status_and_keeps_what_it_printed(run):
    got = run("f() { for i in 1 2 3; do [ $i = 2 ] && return 7; echo $i; done; }; f; echo $?")
    assert got.output == "1\n7\n"
    assert run("g() { false; return; }; g; echo $?").output == "1\n"


def test_local_values_end_with_the_call_and_shift_drops_arguments(run):
    assert run("y=1; h() { local y=5; echo in $y; }; h; echo out $y").output == "in 5\nout 1\n"
    assert run("k() { shift; echo $# $1; }; k a b c").output == "2 b\n"


def test_output_goes_where_the_call_sends_it(run, fs):
    run("f() { echo out; echo err >&2; }; f > o.txt 2>/dev/null")
    assert fs.read("/home/user/o.txt") == "out\n"
    assert run("f | tr a-z A-Z").output == "err\nOUT\n"  # errors reach the terminal first
    assert run("u() { tr a-z A-Z; }; echo piped | u").output == "PIPED\n"


def test_outside_a_function_return_and_local_complain_as_bash_does(run):
    assert run("return; echo $?").output == "bash: return: can only `return' from a function or sourced script\n2\n"
    assert run("local x=1; echo $?").output == "bash: local: can only be used in a function\n1\n"


def test_recursion_is_bounded(run):
    got = run("r() { r; }; r; echo $?")
    assert got.output == "bash: r: maximum function nesting level exceeded (100)\n1\n"


def test_a_line_the_budget_undoes_defines_nothing(run, session):
    got = run("f() { echo; }; g() { g | g; }; g")
    assert got.stopped and session.functions == {}
