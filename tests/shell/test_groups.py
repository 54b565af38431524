"""Subshells ( ... ) and groups { ...; }: what stays inside, where their output goes."""

from __future__ import annotations


def outputs(run, line: str) -> tuple[str, int]:
    got = run(line)
    return got.output, got.status


def test_a_subshell_keeps_its_directory_and_variables_to_itself(run, session):
    assert outputs(run, "(cd /var/log && ls); pwd") == ("api.log\ndb.log\nnginx\n/home/user\n", 0)
    assert outputs(run, "x=1; (x=2; echo $x); echo $x") == ("2\n1\n", 0)
    assert session.cwd == "/home/user"


def test_a_group_runs_in_the_shell_itself(run, session):
    assert outputs(run, "{ cd /tmp; x=3; }; pwd; echo $x") == ("/tmp\n3\n", 0)
    assert session.cwd == "/tmp"


def test_redirections_and_pipes_take_the_whole_group(run, fs):
    assert outputs(run, "{ echo a; echo b; } > both.txt; cat both.txt") == ("a\nb\n", 0)
    assert outputs(run, "(echo a; echo b >&2) 2>&1 | wc -l") == ("2\n", 0)
    assert outputs(run, "echo x | (read l; echo got $l)") == ("got x\n", 0)


def test_the_status_is_the_last_commands_and_an_arithmetic_error_ends_only_the_subshell(run):
    assert outputs(run, "(exit 3); echo $?") == ("3\n", 0)
    assert outputs(run, "(echo $((1/0)); echo never); echo after $?") == (
        'bash: 1/0: division by 0 (error token is "0")\nafter 1\n', 0)
