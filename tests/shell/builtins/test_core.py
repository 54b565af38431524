"""The shell's own commands: session state (export, unset, exit), the command table (type,
which, env) and echo's options. Outputs that bash prints the same way are also covered against
real bash in tests/shell/test_bash_compare.py."""

from __future__ import annotations

from worldgen.shell.interp import Shell


def test_echo_options_only_at_the_front(run):
    assert run("echo -n a; echo -e 'b\\tc' -n").stdout == "ab\tc -n\n"
    assert run("echo -e 'stop\\chere'; echo").stdout == "stop\n"


def test_export_and_unset_write_the_session(run, session):
    assert run("export A=1 B; unset HOME; echo $A").stdout == "1\n"
    assert session.env["A"] == "1" and "HOME" not in session.env and "B" not in session.env
    got = run("export 1x=2 ok=3; unset 'bad name'")
    assert got.stderr == "bash: export: `1x=2': not a valid identifier\nbash: unset: `bad name': not a valid identifier\n"
    assert got.status == 1 and session.env["ok"] == "3"


def test_export_lists_declarations_quoted(run, session):
    session.env.clear()
    session.env.update({"B": 'say "hi" $x', "A": "1"})
    assert run("export").stdout == 'declare -x A="1"\ndeclare -x B="say \\"hi\\" \\$x"\n'


def test_exit_only_sets_the_status(run):
    assert (run("exit 7; echo still here").output, run("exit").status) == ("still here\n", 0)
    assert run("false; exit").status == 1


def test_type_and_which_tell_builtins_files_and_keywords(run):
    got = run("type cd cat while nope")
    assert got.stdout == "cd is a shell builtin\ncat is /usr/bin/cat\nwhile is a shell keyword\n"
    assert (got.stderr, got.status) == ("bash: type: nope: not found\n", 1)
    assert run("which cat echo cd").stdout == "/usr/bin/cat\n/usr/bin/echo\n"
    assert run("which cat").status == 0 and run("which cd").status == 1


def test_type_reads_every_option_after_t(run):  # found by tests/fuzz/test_shell_fuzz.py: it never ended
    assert run("type -t -n -a cat cd").output == "file\nbuiltin\n"


def test_type_and_which_know_the_worlds_programs_where_the_real_shell_installs_them(fs, session):
    shell = Shell(fs, {"systemctl": lambda call: 0})
    assert shell.run("type systemctl; which systemctl grep", session).stdout == (
        "systemctl is /usr/local/bin/systemctl\n/usr/local/bin/systemctl\n/usr/bin/grep\n")
    assert shell.run("/usr/local/bin/systemctl", session).status == 0


def test_env_prints_sorted_and_runs_a_command_in_a_changed_environment(fs, session):
    session.env.clear()
    session.env.update({"Z": "1", "A": "2"})
    seen: list[dict[str, str]] = []
    shell = Shell(fs, {"show": lambda call: seen.append(dict(call.env)) or 0})
    assert shell.run("env", session).stdout == "A=2\nZ=1\n"
    assert shell.run("env -u Z B=3 show", session).status == 0
    assert seen == [{"A": "2", "B": "3"}] and session.env == {"Z": "1", "A": "2"}
    got = shell.run("env nope", session)
    assert (got.stderr, got.status) == ("env: ‘nope’: No such file or directory\n", 127)


def test_pwd_and_its_options(run):
    assert run("pwd -P").stdout == "/home/user\n"
    got = run("pwd -x")
    assert (got.stderr, got.status) == ("bash: pwd: -x: invalid option\npwd: usage: pwd [-LP]\n", 2)
