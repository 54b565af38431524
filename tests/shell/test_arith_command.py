"""((EXPRESSION)), for ((INIT; TEST; STEP)) and let: arithmetic whose assignments the session keeps."""

from __future__ import annotations


def test_the_command_is_true_when_the_value_is_not_zero_and_keeps_its_assignments(run, session):
    assert run("x=5; ((x > 3)) && echo big; ((x = x * 2)); echo $x").output == "big\n10\n"
    assert run("((0)); echo $?; (( )); echo $?").output == "1\n1\n"
    assert session.env["x"] == "10"


def test_an_error_fails_the_command_and_the_line_goes_on(run):
    assert run("((1/0)); echo next $?").output == 'bash: ((: 1/0: division by 0 (error token is "0")\nnext 1\n'


def test_counting_loops(run):
    assert run("for ((i = 0; i < 10; i += 3)); do echo $i; done; echo end $i").output == "0\n3\n6\n9\nend 12\n"
    assert run("for ((;;)); do break; done; echo ok").output == "ok\n"
    assert run("for ((i=0;i<5;i++)); do ((i==2)) && continue; ((i==4)) && break; echo $i; done").output == "0\n1\n3\n"
    assert run("i=0; while ((i < 3)); do ((i++)); done; echo $i").output == "3\n"


def test_an_endless_loop_ends_at_the_line_budget(run):
    assert run("for ((;;)); do :; done").stopped


def test_let_evaluates_each_argument(run):
    assert run("let x=3+4 y=x*2; echo $x $y $?; let 0; echo $?").output == "7 14 0\n1\n"
    assert run("let").output == "bash: let: expression expected\n"


def test_without_closing_parentheses_they_are_two_subshells(run):
    assert run("((echo a) | cat)").output == "a\n"
