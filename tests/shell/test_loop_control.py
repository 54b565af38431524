"""break and continue: which loop they leave, what stops them on the way, and bash's complaints."""

from __future__ import annotations


def test_break_and_continue_leave_or_go_round_the_innermost_loop(run):
    assert run("for i in 1 2 3; do [ $i = 2 ] && continue; [ $i = 3 ] && break; echo $i; done").output == "1\n"
    assert run("while true; do if true; then echo in; break; fi; done; echo out").output == "in\nout\n"


def test_a_count_reaches_loops_further_out(run):
    assert run("for i in 1 2; do for j in a b; do echo $i$j; break 2; done; done").output == "1a\n"
    assert run("for i in 1 2; do for j in a b; do [ $j = b ] && continue 2; echo $i$j; done; done").output == "1a\n2a\n"
    assert run("for i in 1 2; do echo $i; break 9; done").output == "1\n"  # more than there are: all of them


def test_output_written_before_the_break_goes_where_the_loop_sends_it(run, fs):
    run("for i in 1 2; do echo x$i; break; done > first.txt")
    assert fs.read("/home/user/first.txt") == "x1\n"


def test_a_pipeline_stage_or_a_substitution_ends_at_it_and_a_subshell_is_no_loop(run):
    assert run("for i in 1 2; do break | cat; echo pipe$i; done").output == "pipe1\npipe2\n"
    assert run("for i in 1 2; do echo $(break; echo x)$i; done").output == "1\n2\n"
    assert run("for i in 1; do (break); echo after; done").output == (
        "bash: break: only meaningful in a `for', `while', or `until' loop\nafter\n")


def test_outside_a_loop_or_with_a_bad_count_bash_complains(run):
    got = run("break; echo $?")
    assert got.output == "bash: break: only meaningful in a `for', `while', or `until' loop\n0\n"
    got = run("for i in 1 2; do break 0; done; echo $?")
    assert got.output == "bash: break: 0: loop count out of range\n1\n"
