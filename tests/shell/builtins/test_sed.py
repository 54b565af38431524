"""sed: substitution, addresses and ranges, the other commands, -n/-e/-i, GNU's errors, and a
side-by-side table against GNU sed."""

from __future__ import annotations

import time

import pytest

from tests.shell.builtins.gnu import real, run, run_with_fs
from worldgen.shell.builtins.sed import sed

FILES = {"f": "alpha beta\nbeta gamma\ngamma delta\nport=8080\nlast line", "cfg": "a=1\n# note\nb=2\n", "d/e": ""}


def sed_(*argv: str, stdin: str = "") -> tuple[str, str, int]:
    return run(sed, ["sed", *argv], FILES, stdin)


def test_substitution_flags():
    assert sed_("s/a/A/", "cfg")[0] == "A=1\n# note\nb=2\n"
    assert sed_("s/a/A/g", "f")[0].startswith("AlphA betA\n")
    assert sed_("s/a/A/2", "f")[0].startswith("alphA beta\n")
    assert sed_("-n", "s/port=\\([0-9]*\\)/\\1/p", "f")[0] == "8080\n"
    assert sed_("s|=|: |", "cfg")[0] == "a: 1\n# note\nb: 2\n"
    assert sed_("s/BETA/[&]/I", "f")[0].startswith("alpha [beta]\n")
    assert sed_("-E", "s/(\\w+) (\\w+)/\\2 \\1/", "f")[0].startswith("beta alpha\n")


def test_bre_literals_and_operators():
    assert sed_("s/a+/X/", stdin="aa+\n")[0] == "aX\n"
    assert sed_("s/a\\+/X/", stdin="aa+\n")[0] == "X+\n"


def test_addresses_and_ranges():
    assert sed_("-n", "2p", "f")[0] == "beta gamma\n"
    assert sed_("-n", "$p", "f")[0] == "last line"  # no newline in, none out
    assert sed_("-n", "/gamma/p", "f")[0] == "beta gamma\ngamma delta\n"
    assert sed_("2,3d", "f")[0] == "alpha beta\nport=8080\nlast line"
    assert sed_("-n", "/beta/,/port/p", "f")[0] == "alpha beta\nbeta gamma\ngamma delta\nport=8080\n"
    assert sed_("-n", "4,$p", "f")[0] == "port=8080\nlast line"
    assert sed_("/^#/!s/=/ = /", "cfg")[0] == "a = 1\n# note\nb = 2\n"


def test_other_commands():
    assert sed_("2q", "f")[0] == "alpha beta\nbeta gamma\n"
    assert sed_("-n", "$=", "cfg")[0] == "3\n"
    assert sed_("1i header", "cfg")[0] == "header\na=1\n# note\nb=2\n"
    assert sed_("$a footer", "cfg")[0] == "a=1\n# note\nb=2\nfooter\n"
    assert sed_("y/ab/AB/", "cfg")[0] == "A=1\n# note\nB=2\n"
    assert sed_("-e", "1d", "-e", "s/b/B/", "cfg")[0] == "# note\nB=2\n"
    assert sed_("1d;s/b/B/", "cfg")[0] == "# note\nB=2\n"


def test_in_place_writes_through_the_file_system():
    out, err, status, fs = run_with_fs(sed, ["sed", "-i.bak", "s/1/one/", "cfg"], FILES)
    assert (out, err, status) == ("", "", 0)
    assert fs.read("/home/agent/cfg") == "a=one\n# note\nb=2\n"
    assert fs.read("/home/agent/cfg.bak") == FILES["cfg"]


def test_errors():
    assert sed_("s/a/b", "f") == ("", "sed: -e expression #1, char 5: unterminated `s' command\n", 1)
    assert sed_("p", "nope", "cfg")[1:] == ("sed: can't read nope: No such file or directory\n", 2)


def test_catastrophic_patterns_are_refused_fast():
    """A runaway guard, not a speed target: refusal takes milliseconds, backtracking would take
    longer than the universe; 5 s leaves room for a loaded CI machine."""
    start = time.perf_counter()
    out, err, status = sed_("-E", "s/(a+)+$/x/", stdin="a" * 5000 + "!\n")
    assert time.perf_counter() - start < 5.0 and status == 1 and "refused" in err


CASES = [["s/a/A/", "f"], ["s/a/A/g", "f"], ["s/a/A/3", "f"], ["-n", "s/\\(b\\)e/\\1E/gp", "f"], ["s/.*/[&]/", "cfg"],
         ["-E", "s/([a-z]+) ([a-z]+)/\\2 \\1/", "f"], ["s/a\\|e/_/g", "f"], ["s/[[:digit:]]\\{2\\}/NN/", "f"],
         ["s#/#|#", "cfg"], ["s/A/x/Ig", "f"], ["-n", "/beta/,/delta/p", "f"], ["2,3!d", "f"], ["-n", "$p", "f"],
         ["-n", "$=", "f", "cfg"], ["=", "cfg"], ["1~2d", "f"], ["2,+1d", "f"], ["3q", "f"], ["2Q", "f"],
         ["$a end", "f"], ["1i\\\nstart", "cfg"], ["2c changed", "cfg"], ["2,3c gone", "f"], ["y/abc/xyz/", "f"],
         ["p", "f"], ["-s", "-n", "$p", "f", "cfg"], ["-e", "s/a/1/", "-e", "s/b/2/", "cfg"], ["/x/,3d", "f"],
         ["s/a/b", "f"], ["s/a/b/x", "f"], ["k", "f"], ["s/\\(a/b/", "f"], ["s/a/\\1/", "f"], ["3,/x", "f"],
         ["/x", "f"], ["p;k", "f"], ["y/ab/c/", "f"], ["a", "f"], ["2q5", "f"], ["p", "nope", "cfg"],
         ["s/e/E/2g", "f"], ["/^#/d;s/=/: /", "cfg"], ["s/x*/-/g", "cfg"], ["s/$/;/", "cfg"],
         ["s/^/> /", "f"], ["s/\\./!/", "f"], ["s/t\\b/T/g", "f"], ["-n"], [], ["--frob", "p", "f"], ["-q", "f"],
         # case conversion (sed_case.py) and repeated flags
         ["s/.*/\\U&/", "f"], ["s/a\\(.\\)/\\u\\1-\\U&\\Ex/g", "f"], ["-E", "s/(\\w)(\\w*)/\\u\\1\\L\\2/g", "cfg"],
         ["s/.*/\\L\\u&/", "f"], ["s/e/\\l\\UeE/g", "f"], ["-E", "s/^([^=]*)=/\\U\\1\\E=/", "cfg"],
         ["s/a/b/gg", "f"], ["s/a/b/pp", "f"], ["s/a/b/2g3", "f"]]


@pytest.mark.parametrize("argv", CASES, ids=" ".join)
def test_matches_gnu(argv: list[str]):
    assert sed_(*argv) == real(["sed", *argv], FILES)


def test_the_classic_bracket_extraction_runs_on_a_log_of_80_character_lines():
    """A new user's `sed 's/.*\\[\\(.*\\)\\].*/\\1/'` over 24 lines was refused as too costly; and
    the worst such line (all '[') still takes milliseconds."""
    log = "".join(f"2026-03-04 10:{i:02d}:00 ERROR [svc-{i % 3}] request {i} failed: upstream timed out after 30s\n"
                  for i in range(24))
    out, err, status = run(sed, ["sed", "s/.*\\[\\(.*\\)\\].*/\\1/"], stdin=log)
    assert (err, status) == ("", 0) and out.splitlines()[:2] == ["svc-0", "svc-1"]
    start = time.perf_counter()
    out, err, status = run(sed, ["sed", "-E", "s/.*\\[([^]]+)\\].*/\\1/"], stdin=("[" * 80 + "\n") * 24)
    assert time.perf_counter() - start < 5.0 and status == 0
