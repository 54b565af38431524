"""awk: the one-liners agents type, each feature by example, a table run side by side with the
installed awk (mawk) in the C locale, and hostile programs that must end fast with a message."""

from __future__ import annotations

import time

import pytest

from tests.shell.builtins.gnu import HOME, real, run, run_with_fs
from worldgen.shell.builtins.awk import awk

LOG = "alice 10 x\nbob 20 y\nalice 5 z\n\ncarol 1.5 error here\n"
PASSWD = ("root:x:0:0:root:/root:/bin/bash\nagent:x:1000:1000::/home/agent:/bin/sh\n"
          "bob:x:1001:1001::/home/bob:/bin/sh\n")
FILES = {"log": LOG, "passwd": PASSWD, "csv": "a,b,c\nd,e\n", "tabs": "a\tb c\td\n"}


def awk_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(awk, ["awk", *argv], FILES, stdin)


def out(*argv: str, stdin: str = "") -> str:
    result = awk_(*argv, stdin=stdin)
    assert result[1:] == ("", 0), result
    return result[0]


# ---------------------------------------------------------------- the common one-liners
def test_print_a_field():
    assert out("{print $2}", "log") == "10\n20\n5\n\n1.5\n"


def test_separator_and_numeric_pattern():
    assert out("-F:", "$3 >= 1000 {print $1}", "passwd") == "agent\nbob\n"


def test_counting_into_an_array_keeps_insertion_order():
    assert out("{c[$1]++} END {for (k in c) print k, c[k]}", "log") == "alice 2\nbob 1\n 1\ncarol 1\n"


def test_sum_after_the_header():
    assert out("NR>1 {s+=$2} END {print s}", "log") == "26.5\n"


def test_count_matching_lines():
    assert out("/error/ {n++} END {print n+0}", "log") == "1\n"
    assert out("/nothing/ {n++} END {print n+0}", "log") == "0\n"


def test_stdin_and_dash():
    assert out("{print NR, $1}", stdin="x y\n") == "1 x\n"
    assert out("{print FILENAME, $1}", "log", "-", stdin="s\n").endswith("- s\n")


# ---------------------------------------------------------------- values and expressions
def test_numbers_print_as_awk_prints_them():
    assert out("BEGIN{print 0.1+0.2, 10/4, 1e6, 2^10, -2^2, 7%3, -7%3, 1/3}") == "0.3 2.5 1000000 1024 -4 1 -1 0.333333\n"


def test_convfmt_and_ofmt():
    assert out('BEGIN { CONVFMT = "%.2f"; a = 3.14159; b = a ""; print b; OFMT = "%.1f"; print a, 17 }') == "3.14\n3.1 17\n"


def test_input_numbers_compare_numerically_constants_as_strings():
    assert out('{ print ($1 < $2) }', stdin="9 10\n") == "1\n"
    assert out('BEGIN { print ("10" < "9"), (10 < 9) }') == "1 0\n"
    assert out('BEGIN { if (x == 0 && x == "") print "both" }') == "both\n"


def test_concatenation_ternary_and_logic():
    assert out('BEGIN { x = "a"; print x 1 "-" (1 > 2 ? "y" : "n"), !0, 1 && 0, 0 || 2 }') == "a1-n 1 0 1\n"


def test_fields_assignment_rebuilds_the_record():
    assert out("{$2 = $2 * 2; print}", stdin="a 1 b\n") == "a 2 b\n"
    assert out('BEGIN{OFS="-"} {$1=$1; print}', stdin=" a   b \n") == "a-b\n"
    assert out('{ $5 = "x"; print; print NF }', stdin="a b\n") == "a b   x\n5\n"
    assert out("{ NF = 2; print }", stdin="a b c\n") == "a b\n"
    assert out("{ print $NF, $(NF-1) }", stdin="a b c\n") == "c b\n"


def test_field_separators():
    assert out("-F", "\\t", "{print $2}", "tabs") == "b c\n"
    assert out('BEGIN { FS = "," } { print $2 }', "csv") == "b\ne\n"
    assert out("-F", "[,:]+", "{print $3}", stdin="a,:b:c\n") == "c\n"


def test_variables_from_options_and_operands():
    assert out("-v", "n=3", "BEGIN { print n * 2 } END { print x }", "x=5", "csv") == "6\n5\n"
    assert out("{ print $1, $3 }", "OFS=:", "log").startswith("alice:x\n")


# ---------------------------------------------------------------- statements
def test_control_flow():
    assert out("BEGIN { for (i = 0; i < 5; i++) { if (i == 3) continue; s = s i } print s }") == "0124\n"
    assert out('BEGIN { i = 0; while (i < 3) print i++; do { print "d" i } while (--i > 0) }') == "0\n1\n2\nd3\nd2\nd1\n"
    assert out("BEGIN { while (1) if (++n > 4) break; print n }") == "5\n"
    assert out("NF == 0 { next } { n++ } END { print n, NR }", "log") == "4 5\n"


def test_exit_runs_end_and_sets_the_status():
    assert awk_('BEGIN { print 1; exit 3 } END { print "end" }') == ("1\nend\n", "", 3)
    assert out('{ print; exit } END { print "e" }', "log") == "alice 10 x\ne\n"


def test_patterns_ranges_and_default_action():
    assert out("!seen[$1]++", "log") == "alice 10 x\nbob 20 y\n\ncarol 1.5 error here\n"
    assert out("NR==2, NR==3", "log") == "bob 20 y\nalice 5 z\n"
    assert out("$2 ~ /^[0-9]+$/ && $1 !~ /b/", "log") == "alice 10 x\nalice 5 z\n"


def test_arrays_in_and_delete():
    assert out('BEGIN { a["x"]; a["y"] = 1; delete a["x"]; print length(a), ("x" in a), ("y" in a) }') == "1 0 1\n"
    assert out('BEGIN { a[1,2] = 3; for (k in a) { split(k, p, SUBSEP); print p[1], p[2] }; print ((1,2) in a) }') == "1 2\n1\n"


def test_printf_and_redirection():
    assert out('{printf "%-6s|%5.1f|%d|%x\\n", $1, $2, $2, NR*255}', stdin="bob 20.25\n") == "bob   | 20.2|20|ff\n"
    assert out('BEGIN { printf "%s %c %c %5.2e %%\\n", "a", 65, "hi", 1234.5 }') == "a A h 1.23e+03 %\n"
    assert awk_('{ print $1 > "/dev/stderr" }', stdin="a b\n") == ("", "a\n", 0)


def test_print_to_a_file_truncates_then_appends():
    files = {**FILES, "names": "old\n", "more": "old\n"}
    stdout, _, status, fs = run_with_fs(awk, ["awk", '{ print $1 > "names"; print NR >> "more" }', "csv"], files)
    assert (stdout, status) == ("", 0)
    assert fs.read(f"{HOME}/names") == "a,b,c\nd,e\n" and fs.read(f"{HOME}/more") == "old\n1\n2\n"


# ---------------------------------------------------------------- functions
def test_string_functions():
    assert out('{print length($0), length, substr($0, 2, 3), index($0, "o"), toupper($1)}', stdin="bob 20\n") == "6 6 ob  2 BOB\n"
    assert out('BEGIN { print substr("hello", 2), substr("hello", 2, 100) "|" substr("hello", 10) "|" }') == "ello ello||\n"
    assert out('BEGIN { n = split("a:b:c", p, ":"); print n, p[1] p[3], tolower("ABC"), sprintf("%03d", 7) }') == "3 ac abc 007\n"
    assert out('BEGIN { print int(3.9), int(-3.9), int("42abc"), sqrt(16) }') == "3 -3 42 4\n"


def test_substitution_and_match():
    assert out('{gsub(/[aeiou]/, "<&>"); print}', stdin="bob alice\n") == "b<o>b <a>l<i>c<e>\n"
    assert out('BEGIN { s = "xax"; gsub(/x*/, "-", s); print s; t = "hello"; sub(/l+/, "[\\\\&]", t); print t }') == "-a-\nhe[&]o\n"
    assert out('{ if (match($0, /[0-9]+/)) print RSTART, RLENGTH }', stdin="ab 123 c\n") == "4 3\n"


# ---------------------------------------------------------------- errors
def test_syntax_errors_are_mawk_style():
    assert awk_("BEGIN { x = }") == ("", "awk: line 1: syntax error at or near }\n", 2)
    assert awk_('BEGIN{print "abc}') == ("", 'awk: line 1: runaway string constant "abc} ...\n', 2)
    assert awk_("/abc") == ("", "awk: line 1: runaway regular expression /abc ...\n", 2)
    assert awk_("BEGIN {\n print 1") == ("", "awk: line 3: missing } near end of file\n", 2)


def test_run_time_errors():
    assert awk_("BEGIN { print 1/0 }") == ("", "awk: division by zero\n", 2)
    assert awk_("{print}", "nofile") == ("", "awk: cannot open nofile (No such file or directory)\n", 2)
    assert awk_("BEGIN { x[1]; x = 2 }")[2] == 2
    assert awk_("BEGIN { getline x }")[1] == "awk: line 1: getline is not supported in this world\n"
    assert awk_()[2] == awk_("-q", "1")[2] == 2


HOSTILE = [
    ["BEGIN { while (1) {} }"], ["BEGIN { for (;;) x++ }"], ['BEGIN { s = "x"; while (1) s = s s }'],
    ['BEGIN { while (1) print "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" }'], ["BEGIN { print 1; " * 60_000],
    ["BEGIN { x = " + "(" * 5000 + "1" + ")" * 5000 + " }"], ["BEGIN { x = " + "1+" * 20_000 + "1 }"],
    ["{ $100000 = 1 }"], ["{ print $(-1) }"], ["$0 ~ /(a+)+$/"], ['BEGIN { printf "%999999999d", 1 }'],
    ['BEGIN { print "unterminated'], ["/unterminated"], ["BEGIN { print | \"cat\" }"],
]


@pytest.mark.parametrize("argv", HOSTILE, ids=lambda a: a[0][:30])
def test_hostile_programs_end_fast_with_a_message(argv: list[str]):
    start = time.perf_counter()
    stdout, stderr, status = awk_(*argv, stdin="a" * 50 + "b\n")
    assert status == 2 and stderr.startswith("awk: ") and stderr.count("\n") == 1
    assert len(stdout) <= (1 << 20) + 100
    assert time.perf_counter() - start < 5


# ---------------------------------------------------------------- side by side with mawk
SAME = [
    ["{print $2}", "log"], ["-F:", "$3 >= 1000 {print $1}", "passwd"], ["NR>1 {s+=$2} END {print s}", "log"],
    ["/error/ {n++} END {print n+0}", "log"], ["BEGIN{print 0.1+0.2, 10/4, 1e6, 2^10, -2^2, 7%3, -7%3}"],
    ["{print NR, NF, $NF}", "log"], ["{$2 = $2 * 2; print}", "log"], ['BEGIN{OFS="-"} {$1=$1; print}', "log"],
    ['{print length($0), length, substr($0, 2, 3), index($0, "o"), toupper($1)}', "log"],
    ['{n = split($0, a, "l"); print n, a[1], a[n]}', "log"], ['{gsub(/[aeiou]/, "<&>"); print}', "log"],
    ['{sub(/a/, "A", $1); print $1}', "log"], ["{if (match($0, /[0-9]+/)) print RSTART, RLENGTH}", "log"],
    ['{printf "%-6s|%5.1f|%d|%x\\n", $1, $2, $2, NR*255}', "log"], ["!seen[$1]++", "log"], ["NR==2, NR==3", "log"],
    ['/bob/,/carol/ {print NR": "$0}', "log"], ['{ if ($2 > 9) print $1, "big"; else print $1, "small" }', "log"],
    ["NF == 0 { next } { print $1 } END { print NR }", "log"], ["{ NF = 2; print }", "log"],
    ['BEGIN { x = "10"; y = 9; print (x < y), ("10" < "9"), (10 < 9) } { print ($2 < 9) }', "log"],
    ['BEGIN { printf "%s %c %c %5.2e %%\\n", "a", 65, "hi", 1234.5 }'],
    ['BEGIN { print (1 > 2) ? "y" : "n"; print 1==1, 2 " " 3, 1 - 1 }'],
    ['BEGIN { print int(3.9), int(-3.9), int("42abc"), sqrt(16), length(12345) }'],
    ['BEGIN { exit 3 } END { print "end" }'], ['{ print; exit } END { print "e" }', "log"], ["END { print $0, NF }", "log"],
    ["$2 ~ /^[0-9]+$/ && $1 !~ /b/", "log"], ['{ s = s $1 "," } END { print substr(s, 1, length(s) - 1) }', "log"],
    ["-F", "\\t", "{print $2}", "tabs"], ['BEGIN { FS = "," } { print $2 }', "csv"], ["{ print $1, $3 }", "OFS=:", "log"],
    ['BEGIN { CONVFMT = "%.2f"; a = 3.14159; b = a ""; print b; OFMT = "%.1f"; print a, 17 }'],
    ['BEGIN { s = "aaa"; print gsub(/a/, "b", s), s; t = "a.b.c"; gsub(".", "-", t); print t }'],
    ['BEGIN { s = "hello"; sub(/l+/, "[\\\\&]", s); print s }'], ["length > 3", "log"],
    ['{ $5 = "x"; print; print NF }', "csv"], ["BEGIN { x = }"], ["{print $1"], ["{print}", "nofile"],
    ["-v", "n=3", "BEGIN { print n * 2, x } END { print x }", "x=5", "csv"],
    ["{c[$1]++} END {for (k in c) print k, c[k]}", "log"],
    ['{ sum[$1] += $2 } END { for (k in sum) printf "%s %.2f\\n", k, sum[k] }', "log"],
]


@pytest.mark.parametrize("argv", SAME, ids=" ".join)
def test_matches_mawk(argv: list[str]):
    mine, expected = awk_(*argv), real(["awk", *argv], FILES)
    if "for (k in" in argv[0]:  # for-in order is unspecified: compare the lines as sets
        mine, expected = (sorted(mine[0].splitlines()), mine[2]), (sorted(expected[0].splitlines()), expected[2])
    else:
        mine, expected = (mine[0], mine[2]), (expected[0], expected[2])
    assert mine == expected


@pytest.mark.parametrize("program", ["{print $1", "BEGIN {\n print 1", "{print $1\n\n", "BEGIN {"])
def test_a_missing_brace_is_reported_on_mawks_line(program: str):
    assert awk_(program, "log")[1:] == real(["awk", program, "log"], FILES)[1:]
