"""grep: each flag by example, GNU's exit statuses and messages, and a side-by-side table
against the installed GNU grep."""

from __future__ import annotations

import time

import pytest

from tests.shell.builtins.gnu import real, run
from worldgen.shell.builtins.grep import grep

LOG = "INFO start\nERROR disk full\nwarn: retry\nerror: timeout (5s)\nINFO done\n"
FILES = {"app.log": LOG, "notes.txt": "a+b\n(x)\nfoo bar\nfoobar\n{1}\n", "d/sub/x.py": "import os\nerror = 1\n",
         "d/y.txt": "no match\n", "nonl": "last line error"}


def grep_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(grep, ["grep", *argv], FILES, stdin)


def test_a_pattern_prints_matching_lines_and_exits_0():
    assert grep_("ERROR", "app.log") == ("ERROR disk full\n", "", 0)


def test_no_match_exits_1_and_errors_exit_2():
    assert grep_("zzz", "app.log") == ("", "", 1)
    assert grep_("x", "missing") == ("", "grep: missing: No such file or directory\n", 2)
    assert grep_("x", "d") == ("", "grep: d: Is a directory\n", 2)
    assert grep_("-s", "x", "missing") == ("", "", 2)


def test_flags_select_and_count():
    assert grep_("-i", "error", "app.log")[0] == "ERROR disk full\nerror: timeout (5s)\n"
    assert grep_("-v", "INFO", "app.log")[0] == "ERROR disk full\nwarn: retry\nerror: timeout (5s)\n"
    assert grep_("-c", "INFO", "app.log")[0] == "2\n"
    assert grep_("-n", "INFO", "app.log")[0] == "1:INFO start\n5:INFO done\n"
    assert grep_("-w", "foo", "notes.txt")[0] == "foo bar\n"
    assert grep_("-x", "foobar", "notes.txt")[0] == "foobar\n"
    assert grep_("-o", "[0-9]s", "app.log")[0] == "5s\n"
    assert grep_("-in", "-e", "disk", "-e", "DONE", "app.log")[0] == "2:ERROR disk full\n5:INFO done\n"
    assert grep_("-m1", "INFO", "app.log")[0] == "INFO start\n"


def test_several_files_are_prefixed_and_h_H_override():
    assert grep_("error", "app.log", "nonl")[0] == "app.log:error: timeout (5s)\nnonl:last line error\n"
    assert grep_("-h", "error", "app.log", "nonl")[0] == "error: timeout (5s)\nlast line error\n"
    assert grep_("-H", "done", "app.log")[0] == "app.log:INFO done\n"
    assert grep_("-l", "error", "app.log", "notes.txt", "nonl")[0] == "app.log\nnonl\n"
    assert grep_("-L", "error", "app.log", "notes.txt")[0] == "notes.txt\n"


def test_quiet_exits_0_on_a_match_even_after_an_error():
    assert grep_("-q", "INFO", "missing", "app.log") == ("", "grep: missing: No such file or directory\n", 0)


def test_recursive_paths_read_as_gnu_prints_them():
    assert grep_("-r", "error", "d")[0] == "d/sub/x.py:error = 1\n"
    assert grep_("-rn", "import", "d")[0] == "d/sub/x.py:1:import os\n"
    assert grep_("-r", "--include=*.txt", "match", "d")[0] == "d/y.txt:no match\n"


def test_stdin_is_read_without_files_and_named_standard_input():
    assert grep_("b", stdin="a\nb\n") == ("b\n", "", 0)
    assert grep_("-c", "b", "-", "nonl", stdin="b\n")[0] == "(standard input):1\nnonl:0\n"


def test_bre_operators_are_escaped_and_bare_ones_literal():
    assert grep_("a+b", "notes.txt")[0] == "a+b\n"
    assert grep_("(x)", "notes.txt")[0] == "(x)\n"
    assert grep_("{1}", "notes.txt")[0] == "{1}\n"
    assert grep_("fo\\+bar", "notes.txt")[0] == "foobar\n"
    assert grep_("foo\\|(x", "notes.txt")[0] == "(x)\nfoo bar\nfoobar\n"
    assert grep_("-E", "^fo{2}(bar)?$", "notes.txt")[0] == "foobar\n"
    assert grep_("[[:digit:]]", "notes.txt")[0] == "{1}\n"
    assert grep_("-F", "a+b", "notes.txt")[0] == "a+b\n"


def test_bad_patterns_and_options_exit_2_with_gnu_words():
    assert grep_("\\(", "app.log") == ("", "grep: Unmatched ( or \\(\n", 2)
    assert grep_("[a", "app.log") == ("", "grep: Unmatched [, [^, [:, [., or [=\n", 2)
    assert grep_("--bogus", "x") == ("", "grep: unrecognized option '--bogus'\nUsage: grep [OPTION]... PATTERNS [FILE]...\n"
                                     "Try 'grep --help' for more information.\n", 2)


def test_context_lines_and_group_separators():
    text = "".join(f"{i}\n" for i in range(1, 10))
    assert run(grep, ["grep", "-n", "-A1", "-e", "2", "-e", "7"], stdin=text)[0] == "2:2\n3-3\n--\n7:7\n8-8\n"
    assert run(grep, ["grep", "-C1", "5"], stdin=text)[0] == "4\n5\n6\n"


def test_catastrophic_patterns_end_fast_with_a_message():
    """Runaway guards, not speed targets (each case takes milliseconds): 5 s leaves room for a
    loaded CI machine and still trips on exponential backtracking."""
    line = "a" * 5000 + "!\n"
    start = time.perf_counter()
    out, err, status = run(grep, ["grep", "-E", "(a+)+$"], stdin=line)
    assert time.perf_counter() - start < 5.0
    assert (out, status) == ("", 2) and "refused" in err
    start = time.perf_counter()
    out, err, status = run(grep, ["grep", ".*a.*a.*b"], stdin="a" * 100_000 + "\n")
    assert time.perf_counter() - start < 5.0 and status == 2 and "too costly" in err


def test_a_200_line_search_costs_tens_of_microseconds():
    text = "".join(f"2024-01-01 INFO request {i} ok\n" if i % 10 else f"2024-01-01 ERROR failed {i}\n" for i in range(200))
    run(grep, ["grep", "-i", "error"], stdin=text)
    start = time.perf_counter()
    for _ in range(200):
        run(grep, ["grep", "-i", "error"], stdin=text)
    assert (time.perf_counter() - start) / 200 < 0.0005  # generous for slow CI hosts; ~40 us here


CASES = [
    ["error", "app.log"], ["-i", "error", "app.log", "nonl"], ["-vc", "o", "app.log", "notes.txt"],
    ["-n", "-o", "o", "notes.txt"], ["-w", "foo", "notes.txt"], ["-x", "-e", "foobar", "-e", "(x)", "notes.txt"],
    ["-E", "fo+|\\(", "notes.txt"], ["a\\{1,\\}", "app.log"], ["-E", "[[:upper:]]{4,}", "app.log"],
    ["[[:space:]][[:alpha:]]", "app.log"], ["-l", "INFO", "app.log", "notes.txt", "nonl"],
    ["-L", "INFO", "app.log", "notes.txt"], ["-c", "x", "missing", "app.log"], ["x", "d"],
    ["-n", "-C1", "warn", "app.log"], ["-A1", "-B2", "done", "app.log"], ["\\<foo\\>", "notes.txt"],
    ["-ho", "[a-z]*", "notes.txt"], ["-e", "a+b", "-e", "{1}", "notes.txt"], ["-F", "(x)", "notes.txt"],
    ["\\(", "app.log"], ["\\)", "app.log"], ["[z-a]", "app.log"], ["a\\{1", "app.log"], ["\\1", "app.log"],
    ["[:space:]", "app.log"], ["[[:nope:]]", "app.log"], ["-E", "a{1", "notes.txt"], ["-E", "x)", "notes.txt"],
    ["\\(fo\\)\\1", "notes.txt"], ["-iw", "INFO", "app.log"], ["-m", "1", "-c", "INFO", "app.log"],
    ["-q", "INFO", "app.log"], ["-Q"], [], ["-n", "", "nonl"], ["-y", "eRRor", "app.log"],
    ["-r", "error", "d"], ["-E", "*INFO", "app.log"], ["-c", "x", "d", "app.log"], ["-L", "x", "d"], ["-cs", "x", "d"],
    ["-l", "x", "d", "app.log"],
]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu_grep(argv: list[str]):
    assert grep_(*argv) == real(["grep", *argv], FILES)
