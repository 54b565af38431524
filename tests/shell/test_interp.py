"""The interpreter: pipes, lists, statuses, redirections into the file system, cd, command lookup,
limits. Lines run through ``Shell.run`` as an agent's would."""

from __future__ import annotations

import time

import pytest

from worldgen.shell.builtins.base import Call
from worldgen.shell.interp import Session, Shell
from worldgen.shell.limits import LIMIT_STATUS, MAX_OUTPUT, TRUNCATED
from worldgen.shell.memfs import MemoryFs


def outputs(run, line: str) -> tuple[str, int]:
    got = run(line)
    return got.output, got.status


# ----------------------------------------------------------------------------- lists, pipes, status
def test_pipes_pass_stdout_along(run):
    assert outputs(run, "echo b | cat - notes.txt | cat -n") == (
        "     1\tb\n     2\talpha\n     3\tbeta\n     4\tgamma\n", 0)


def test_and_or_follow_statuses(run):
    assert outputs(run, "false && echo no || echo yes") == ("yes\n", 0)
    assert outputs(run, "true || echo no && echo yes") == ("yes\n", 0)
    assert outputs(run, "false; echo $?; ! false; echo $?") == ("1\n0\n", 0)


def test_status_carries_to_the_next_line(run, session):
    run("cat /nope")
    assert session.status == 1
    assert run("echo $?").stdout == "1\n"


def test_pipeline_status_is_the_last_commands(run):
    assert run("false | true").status == 0
    assert run("true | false").status == 1


def test_stderr_of_every_stage_and_the_last_stdout_in_order(run):
    got = run("cat nope1 | cat nope2 notes.txt")
    assert got.output == "cat: nope1: No such file or directory\ncat: nope2: No such file or directory\nalpha\nbeta\ngamma\n"
    assert got.stdout == "alpha\nbeta\ngamma\n"
    assert got.stderr == "cat: nope1: No such file or directory\ncat: nope2: No such file or directory\n"


def test_a_commands_errors_interleave_with_its_output(run):
    assert run("cat todo.md nope todo.md").output == "- ship\ncat: nope: No such file or directory\n- ship\n"


def test_a_pipeline_stage_is_a_subshell(run, session):
    run("cd /tmp | cat")
    run("export Z=1 | cat")
    assert session.cwd == "/home/user" and "Z" not in session.env


# ----------------------------------------------------------------------------- redirections
def test_redirect_writes_and_appends(run, fs):
    run("echo one > /tmp/f; echo two >> /tmp/f")
    assert fs.read("/tmp/f") == "one\ntwo\n"
    run("echo three >/tmp/f")
    assert fs.read("/tmp/f") == "three\n"


def test_redirect_alone_creates_or_truncates(run, fs):
    run("> /tmp/empty; X=1 > notes.txt")
    assert fs.read("/tmp/empty") == "" and fs.read("/home/user/notes.txt") == ""


def test_input_redirect_and_dev_null(run, fs):
    assert run("cat < todo.md").stdout == "- ship\n"
    assert run("cat < /dev/null").stdout == ""
    assert outputs(run, "echo gone > /dev/null; cat nope 2>/dev/null") == ("", 1)


def test_stderr_redirections(run, fs):
    run("cat nope 2> /tmp/err; cat nope 2>> /tmp/err")
    assert fs.read("/tmp/err") == "cat: nope: No such file or directory\n" * 2
    run("cat todo.md nope &> /tmp/both")
    assert fs.read("/tmp/both") == "- ship\ncat: nope: No such file or directory\n"


def test_order_of_dup_redirections(run, fs):
    got = run("cat todo.md nope 2>&1 >/tmp/out")  # errors go where stdout went before: the terminal
    assert got.output == "cat: nope: No such file or directory\n"
    assert fs.read("/tmp/out") == "- ship\n"
    run("cat todo.md nope >/tmp/out 2>&1")
    assert fs.read("/tmp/out") == "- ship\ncat: nope: No such file or directory\n"
    assert run("echo to-err >&2").stderr == "to-err\n"
    assert run("echo to-err 1>&2 | cat").output == "to-err\n"


def test_stderr_into_a_pipe(run):
    assert run("cat nope 2>&1 | cat -n").stdout == "     1\tcat: nope: No such file or directory\n"


def test_heredocs_feed_stdin(run):
    assert run("cat <<EOF\n$HOME ${USER}\nEOF").stdout == "/home/user user\n"
    assert run("cat <<'EOF'\n$HOME\nEOF").stdout == "$HOME\n"
    assert run("cat <<-EOF | cat -n\n\tx\n\tEOF\necho after").stdout == "     1\tx\nafter\n"


def test_unterminated_heredoc_warns_and_still_runs(run):
    got = run("cat <<EOF\nbody")
    assert got.output == "bash: warning: here-document at line 1 delimited by end-of-file (wanted `EOF')\nbody\n"
    assert got.status == 0


@pytest.mark.parametrize("line, message", [
    ("echo x > /nope/f", "bash: /nope/f: No such file or directory\n"),
    ("echo x > /home/user", "bash: /home/user: Is a directory\n"),
    ("echo x > notes.txt/f", "bash: notes.txt/f: Not a directory\n"),
    ("cat < missing", "bash: missing: No such file or directory\n"),
    ("echo x > $NOPE", "bash: $NOPE: ambiguous redirect\n"),
    ("echo x > /var/log/*.log", "bash: /var/log/*.log: ambiguous redirect\n"),
])
def test_redirect_failures_in_bash_words_and_the_command_not_run(run, fs, line, message):
    assert outputs(run, line) == (message, 1)


def test_a_redirect_failure_goes_where_stderr_points_then(run):
    assert outputs(run, "echo x 2>/dev/null >/nope/f") == ("", 1)
    assert outputs(run, "echo x >/nope/f 2>/dev/null") == ("bash: /nope/f: No such file or directory\n", 1)


# ----------------------------------------------------------------------------- variables
def test_assignments_alone_and_as_prefixes(run, session):
    run("A=1; B='two words'")
    assert session.env["A"] == "1" and session.env["B"] == "two words"
    seen: list[dict[str, str]] = []
    shell = Shell(MemoryFs(), {"show": lambda call: seen.append(dict(call.env)) or 0})
    shell.run("C=3 show; show", session)
    assert seen[0]["C"] == "3" and "C" not in seen[1] and "C" not in session.env


def test_prefix_assignment_does_not_affect_its_own_words(run):
    assert run("A=1; A=2 echo $A").stdout == "1\n"


# ----------------------------------------------------------------------------- cd and pwd
def test_cd_updates_pwd_and_oldpwd(run, session):
    assert outputs(run, "cd /var/log && pwd") == ("/var/log\n", 0)
    assert session.env["PWD"] == "/var/log" and session.env["OLDPWD"] == "/home/user"
    assert outputs(run, "cd -") == ("/home/user\n", 0)
    assert outputs(run, "cd; pwd; cd ..; pwd") == ("/home/user\n/home\n", 0)


def test_relative_paths_follow_the_session(run):
    assert run("cd src && cat main.py").stdout == "print('hi')\n"


def test_cd_above_root_stays_at_root(run):
    start = time.perf_counter()
    assert outputs(run, "cd /; cd ..; pwd; cd " + "../" * 5000 + "; pwd") == ("/\n/\n", 0)
    assert outputs(run, "cat " + "../" * 3000 + "etc/hostname") == ("world\n", 0)
    assert time.perf_counter() - start < 5  # a runaway guard (quiet: ~0.2 s), not a speed target


@pytest.mark.parametrize("line, message", [
    ("cd /nope", "bash: cd: /nope: No such file or directory\n"),
    ("cd notes.txt", "bash: cd: notes.txt: Not a directory\n"),
    ("cd notes.txt/x", "bash: cd: notes.txt/x: Not a directory\n"),
    ("cd a b", "bash: cd: too many arguments\n"),
])
def test_cd_errors_as_bash(run, session, line, message):
    assert outputs(run, line) == (message, 1)
    assert session.cwd == "/home/user"


def test_cd_without_home_or_oldpwd(run, session):
    del session.env["HOME"]
    assert outputs(run, "cd; cd -") == ("bash: cd: HOME not set\nbash: cd: OLDPWD not set\n", 1)


# ----------------------------------------------------------------------------- command lookup
def test_unknown_commands(run):
    assert outputs(run, "frobnicate x") == ("bash: frobnicate: command not found\n", 127)
    assert outputs(run, "./x") == ("bash: ./x: No such file or directory\n", 127)
    assert outputs(run, "./src") == ("bash: ./src: Is a directory\n", 126)
    assert outputs(run, "frobnicate 2>/dev/null") == ("", 127)


def test_paths_run_tools_and_programs_from_the_folders_they_live_in(fs, session):
    shell = Shell(fs, {"systemctl": lambda call: call.out(" ".join(call.argv) + "\n") or 0})
    assert shell.run("/usr/bin/cat todo.md", session).stdout == "- ship\n"
    assert shell.run("/bin/systemctl restart api", session).stdout == "/bin/systemctl restart api\n"


def test_a_path_elsewhere_is_a_file_not_the_tool_of_its_name(run):
    """bash runs what the path names: no file there is 127, a file without x is 126; a script the
    emulator cannot run says so, rather than that its mode forbids it."""
    assert outputs(run, "./grep -c x todo.md") == ("bash: ./grep: No such file or directory\n", 127)
    assert outputs(run, "/nonexistent/cat todo.md") == ("bash: /nonexistent/cat: No such file or directory\n", 127)
    assert outputs(run, "./todo.md") == ("bash: ./todo.md: Permission denied\n", 126)
    assert outputs(run, "chmod +x todo.md; ./todo.md") == (
        "bash: ./todo.md: worldgen shell: running a file as a program is not supported in this world\n", 126)


def test_programs_come_before_tools_and_after_shell_commands(fs, session):
    shell = Shell(fs, {"cat": lambda call: call.out("world's cat\n") or 0, "cd": lambda call: 99})
    assert shell.run("cat x", session).stdout == "world's cat\n"
    assert shell.run("cd /tmp", session).status == 0 and session.cwd == "/tmp"


def test_a_failing_command_is_one_line_not_a_traceback(fs, session):
    def broken(call: Call) -> int:
        raise KeyError("x")

    got = Shell(fs, {"broken": broken}).run("broken; echo next", session)
    assert got.output == "worldgen shell: broken: internal error (KeyError)\nnext\n"


def test_outside_the_subset_nothing_runs(run, fs):
    assert outputs(run, "echo hi > /tmp/x; sleep 1 &") == (
        "worldgen shell: running in the background with & is not supported in this world\n", 2)
    assert fs.stat("/tmp/x") is None


def test_syntax_errors_set_status_two(run, session):
    assert outputs(run, "echo a |") == ("bash: syntax error: unexpected end of file\n", 2)
    assert session.status == 2


# ----------------------------------------------------------------------------- limits
def fast(run, line: str):
    start = time.perf_counter()
    got = run(line)
    assert time.perf_counter() - start < 5  # a runaway guard (quiet: ~0.2 s), not a speed target
    return got


def test_a_megabyte_line_is_refused(run):
    got = fast(run, "echo " + "x" * 1_000_000)
    assert (got.status, got.output.count("\n")) == (2, 1) and "line too long" in got.output


def test_ten_thousand_pipes_are_refused(run):
    got = fast(run, "echo x" + " | cat" * 10_000)
    assert got.status == 2 and "pipeline too long" in got.output


def test_too_many_commands_are_refused(run, fs):
    got = fast(run, "echo x > /tmp/ran; " + "true; " * 1_100)
    assert got.status == 2 and "too many commands" in got.output and fs.stat("/tmp/ran") is None


@pytest.mark.parametrize("call", ['gsub(/q/, "", y)', 'sub(/q/, "", y)'])
def test_an_awk_replacement_that_matches_nothing_still_pays_for_its_scan(run, call):
    got = fast(run, "awk 'BEGIN { x = sprintf(\"%1000000s\", \"\"); for (i = 0; i < 999999; i++) { y = x; " + call + " } }'")
    assert got.stopped and got.status == LIMIT_STATUS


def test_unterminated_quote_and_heredoc_are_fast(run):
    assert fast(run, "echo '" + "x" * 60_000).status == 2
    assert fast(run, "cat <<EOF\n" + "y\n" * 20_000).status == 0


def test_a_glob_over_every_file_stops_the_line():
    fs = MemoryFs({f"/d/f{i}": "" for i in range(10_500)})
    session = Session("/d", {"HOME": "/"})
    got = fast(lambda line: Shell(fs).run(line, session), "echo *; echo after")
    assert got.status == 2 and got.output.startswith("worldgen shell: *: the pattern matches more than 10,000 files")
    assert "after" not in got.output


def test_output_over_a_mebibyte_is_cut(fs, session):
    fs.write("/tmp/big", "x" * 100 + "\n")
    fs.write("/tmp/huge", "y" * (MAX_OUTPUT + 10))
    got = Shell(fs).run("cat /tmp/huge", session)
    assert got.output.endswith("\n" + TRUNCATED + "\n") and len(got.output) <= MAX_OUTPUT + len(TRUNCATED) + 2


def test_binary_bytes_are_just_characters(run):
    got = fast(run, "echo \x00\x01\x1b[31m\x7f \udcff")
    assert got.stdout == "\x00\x01\x1b[31m\x7f \udcff\n"


def test_an_array_element_is_outside_the_subset_not_a_bad_substitution(run):
    """`${PIPESTATUS[0]}` is good bash: it said "bad substitution" (exit 1), as for a typo."""
    assert outputs(run, "echo first; echo ${PIPESTATUS[0]}") == (
        "worldgen shell: an array element ${NAME[...]} is not supported in this world\n", 2)


def test_a_bash_builtin_this_shell_lacks_is_named_as_such_not_as_a_missing_program(run, fs, session):
    """`set -e`, `read`, `umask` said "command not found" (127), which no bash ever says of them."""
    assert outputs(run, "umask") == ("worldgen shell: the bash builtin umask is not supported in this world\n", 2)
    assert outputs(run, "set -e; echo next") == (
        "worldgen shell: the bash builtin set is not supported in this world\nnext\n", 0)
    own = Shell(fs, {"umask": lambda call: call.stdout.append("0022\n") or 0}).run("umask", session)
    assert own.output == "0022\n"  # a world's program of the name runs, as bash runs it in its place
