"""The per-line work budget: whatever a line is made of, it costs a bounded amount of work, and a
line that needs more is undone whole (its session and files as before it) with one line."""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable

import pytest

from worldgen.shell import budget, limits
from worldgen.shell.interp import Outcome, Session, Shell
from worldgen.shell.memfs import MemoryFs

DOUBLINGS = "; ".join(["X=$X$X"] * 40)
SED_DOUBLINGS = ";".join(["s/x/xx/g"] * 40)


def stopped(outcome: Outcome) -> bool:
    return (outcome.stopped and outcome.status == limits.LIMIT_STATUS
            and outcome.output == budget.WORK_MESSAGE + "\n" and outcome.stdout == "")


def test_a_variable_doubled_past_the_budget_undoes_the_whole_line(run: Callable[[str], Outcome], fs: MemoryFs,
                                                                    session: Session):
    run("X=abcdefgh")
    outcome = run(f"cd /tmp && echo kept > /tmp/new && mkdir /tmp/d; {DOUBLINGS}; echo ${{#X}}")
    assert stopped(outcome)
    assert (session.env["X"], session.cwd, session.status) == ("abcdefgh", "/home/user", limits.LIMIT_STATUS)
    assert fs.stat("/tmp/new") is None and fs.stat("/tmp/d") is None
    assert run("echo $X; pwd").output == "abcdefgh\n/home/user\n"


def test_sed_doubling_its_pattern_space_is_stopped(run: Callable[[str], Outcome]):
    run("echo xxxxxxxx > /tmp/x")
    assert stopped(run(f"sed '{SED_DOUBLINGS}' /tmp/x | wc -c"))
    assert stopped(run("sed '" + "s/x/&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&&/g;" * 8 + "' /tmp/x"))


def test_a_large_file_through_many_pipes_is_bounded(run: Callable[[str], Outcome]):
    run("printf '%1000000s\\n' x > /tmp/big")
    assert run("cat /tmp/big | cat | wc -c").output == "1000001\n"
    assert stopped(run("cat /tmp/big" + " | cat" * 200 + " | wc -c"))


def test_reading_much_into_the_void_still_costs(run: Callable[[str], Outcome]):
    run("printf '%1000000s\\n' x > /tmp/big")
    assert stopped(run("cat" + " /tmp/big" * 40 + " > /dev/null"))
    assert stopped(run("grep -c y" + " /tmp/big" * 40))


def test_variables_kept_between_lines_are_bounded(run: Callable[[str], Outcome], session: Session):
    run("X=" + "x" * 60_000)
    outcomes = [run("X=$X$X") for _ in range(8)]
    assert outcomes[-1].output == budget.ENV_MESSAGE + "\n" and outcomes[-1].stopped
    assert budget.env_size(session.env) <= budget.MAX_ENV


def test_ordinary_lines_are_untouched(run: Callable[[str], Outcome]):
    outcome = run("X=abc; echo $X$X | sed 's/b/B/g' | tr a-z A-Z")
    assert (outcome.output, outcome.status, outcome.stopped) == ("ABCABC\n", 0, False)


def test_the_budget_is_per_line_and_counted_not_timed():
    shell = Shell(MemoryFs(dirs=("/tmp",)))
    session = Session("/", {})
    line = "X=0123456789abcdef; " + "; ".join(["X=$X$X"] * 15)  # 512 KiB
    copies = "echo " + "$X" * 40 + " > /dev/null"  # 20 MiB more
    assert {shell.run(f"{line}; {copies}", Session("/", {})).stopped for _ in range(2)} == {True}
    assert shell.run(line, session).stopped is False  # the same line without the copies fits
    assert shell.run(copies, session).stopped is True  # and the copies alone, in the next line, do not


@pytest.mark.parametrize("work", [0, 10])
def test_a_meter_stops_when_spent(work: int):
    with budget.Meter(work) as meter:
        meter.charge(work)
        with pytest.raises(budget.OverBudget):
            budget.charge(1)
    budget.charge(1 << 40)  # outside a line nothing is counted


def test_awk_copying_a_long_string_in_a_loop_is_stopped(run: Callable[[str], Outcome]):
    program = 'BEGIN { s = "xxxxxxxxxxxxxxxx"; for (i = 0; i < 17; i++) s = s s; for (i = 0; i < 100000; i++) t = s "y" }'
    assert stopped(run(f"awk '{program}'"))
    assert stopped(run("awk 'BEGIN { s = \"xxxxxxxxxxxxxxxx\"; for (i = 0; i < 14; i++) s = s s; for (;;) gsub(/x/, \"x\", s) }'"))


@pytest.mark.parametrize("call", ["u = toupper(s)", "u = tolower(s)", "u = substr(s, 2)", "n = index(s, \"z\")",
                                  "n = match(s, /z/)", "n = split(s, parts, \"z\")", "u = sprintf(\"%s\", s)",
                                  "n = (s == t)", "n = (s ~ /z/)"])
def test_awk_functions_scanning_a_long_string_in_a_loop_are_stopped(run: Callable[[str], Outcome], call: str):
    # each call reads the whole megabyte: a million of them took minutes before they were charged
    program = f'BEGIN {{ s = "x"; for (i = 0; i < 20; i++) s = s s; t = s; for (j = 0; j < 999000; j++) {call} }}'
    assert stopped(run(f"awk '{program}'"))


def test_awk_functions_on_ordinary_text_stay_cheap(run: Callable[[str], Outcome]):
    program = 'BEGIN { for (j = 0; j < 10000; j++) n += index(toupper(substr("hello world", 2)), "W") } END { print n }'
    assert run(f"awk '{program}'").output == "60000\n"  # "ELLO WORLD": W is the 6th


def test_mkdir_p_of_a_path_thousands_of_levels_deep_is_stopped_quickly(run: Callable[[str], Outcome], fs: MemoryFs):
    # each level resolves the whole path so far: 30,000 levels took 24 s and 1.3 GB
    assert stopped(run("mkdir -p /tmp/" + "a/" * 30_000))
    assert fs.stat("/tmp/a") is None
    assert run("mkdir -p /tmp/a/b/./c//d && ls -d /tmp/a/b/c/d").output == "/tmp/a/b/c/d\n"


def test_tr_ranges_are_ranges_of_bytes_so_each_spells_out_at_most_256(run: Callable[[str], Outcome]):
    """(GNU tr maps bytes: a range up to U+10FFFF ends at its first byte, 0xF4.)"""
    assert run("echo abc | tr '" + "\\000-\U0010ffff" * 5000 + "' x").output == "xxxx"
    assert run("echo abc | tr '\\000-\U0010ffff' x").output == "xxxx"


def test_each_sort_key_is_a_pass_over_the_lines_and_is_charged(run: Callable[[str], Outcome]):
    run("printf '%200000s' '' | tr ' ' '\\n' > /tmp/blank")
    assert run("sort -k2 -k1 /tmp/blank | wc -l").output == "200000\n"
    assert stopped(run("sort" + " -k2" * 50 + " /tmp/blank | wc -l"))


def test_diff_of_files_that_share_every_line_in_another_order_is_stopped_but_a_few_edits_are_cheap(
        run: Callable[[str], Outcome]):
    run("seq 1 50000 > /tmp/up; seq 50000 -1 1 > /tmp/down; sed s/^7$/x/ /tmp/up > /tmp/edited")
    assert stopped(run("diff /tmp/up /tmp/down"))
    assert run("diff /tmp/up /tmp/edited").output == "7c7\n< 7\n---\n> x\n"
    assert run("diff -y -W 999999999999 /tmp/up /tmp/edited").stopped


def peak_memory(action: Callable[[], object]) -> int:
    """The most memory ``action`` held at once, in bytes."""
    tracemalloc.start()
    try:
        action()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_printf_and_awk_sprintf_charge_each_conversion_as_they_make_it(run: Callable[[str], Outcome]):
    for line in ("printf '%1000000s' " + "a " * 1500, "printf '" + "%1000000s" * 1500 + "' a",
                 "awk 'BEGIN{x=sprintf(\"" + "%1000000s" * 1500 + "\", 1); print length(x)}'"):
        assert peak_memory(lambda: assert_stopped(run(line))) < 100 << 20  # not 1.5 GB made, then charged
    assert run("printf '%1000000s' a | wc -c; awk 'BEGIN{print length(sprintf(\"%1000000s\", 1))}'").output == "1000000\n1000000\n"


def assert_stopped(outcome: Outcome) -> None:
    assert stopped(outcome)


def test_sed_charges_each_command_on_each_line_and_its_output_as_it_is_made(run: Callable[[str], Outcome]):
    run("printf '%10000s' '' | tr ' ' '\\n' > /tmp/lines")
    assert run("sed 's/q/z/;s/q/z/' /tmp/lines | wc -l").output == "10000\n"
    assert stopped(run("sed '" + "s/q/z/;" * 2000 + "' /tmp/lines"))  # matching nothing, still work
    appended = "sed 'a " + "x" * 60_000 + "' /tmp/lines"
    assert peak_memory(lambda: assert_stopped(run(appended))) < 100 << 20  # not 600 MB held, then charged
    in_place = "sed -i 'a " + "x" * 60_000 + "' /tmp/lines"  # the new file's text, kept until the end
    assert peak_memory(lambda: assert_stopped(run(in_place))) < 100 << 20
    assert run("sed -i 's/^$/y/' /tmp/lines && sort -u /tmp/lines").output == "y\n"


WIDE = "|".join(f"[ a]{c}" for c in "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ" * 13)  # 676 alternatives


@pytest.mark.parametrize("tool", [f"grep -Ec '{WIDE}'", f"sed -nE '/{WIDE}/p'", f"sed -E 's/{WIDE}/x/'", f"awk '/{WIDE}/'",
                                  f"awk '{{ n += gsub(/{WIDE}/, \"x\") }}'"])
def test_a_pattern_of_hundreds_of_alternatives_over_a_megabyte_is_stopped(run: Callable[[str], Outcome], tool: str):
    # the engine tries each alternative at each position: 680 of them over 1 MB took 9 s
    run("printf '%1000000s\\n' '' > /tmp/big")
    assert stopped(run(f"{tool} /tmp/big"))


def test_ordinary_alternations_cost_only_their_reading(run: Callable[[str], Outcome]):
    run("printf '%1000000s\\n' '' > /tmp/big")
    assert run("grep -Ec 'error|warn|fatal|x[ab]|y' /tmp/big").output == "0\n"


def test_nested_for_loops_over_many_words_are_stopped_and_undone(run: Callable[[str], Outcome], fs: MemoryFs):
    """A `for` is bounded by its line's words, but nesting multiplies them: each round is charged."""
    words = " ".join(["w"] * 2000)
    got = run(f"X='{words}'; for a in $X; do for b in $X; do :; done; done; echo never > /tmp/made")
    assert stopped(got) and fs.stat("/tmp/made") is None
    assert run("for a in 1 2 3; do for b in x y; do echo $a$b; done; done").stdout.split() == [
        "1x", "1y", "2x", "2y", "3x", "3y"]


def test_removing_a_pattern_from_a_long_value_is_charged_by_the_lengths_it_tries(run: Callable[[str], Outcome]):
    """`${X%%*b}` over a value of a million characters tries a million suffixes of it."""
    doubled = "X=a; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19; do X=$X$X; done"
    assert run(f"{doubled}; echo ${{#X}}").stdout == "524288\n"
    assert stopped(run(f"{doubled}; echo ${{X%%*b}} | wc -c"))
    assert run("f=/var/log/app.log; echo ${f##*/} ${f%.log}").stdout == "app.log /var/log/app\n"


def test_command_substitutions_are_bounded_like_everything_else(run: Callable[[str], Outcome]):
    """Two thousand nested $(...) stop at the parser's depth; doubling a value through them stops
    at the line's budget."""
    deep = run("echo " + "$(echo " * 2000 + "x" + ")" * 2000)
    assert (deep.output, deep.status) == (limits.DEPTH_MESSAGE + "\n", 2)
    assert stopped(run("X=$(printf '%0100d' 0); for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do X=$(echo $X$X); "
                       "done; echo ${#X}"))


def test_a_while_loop_that_never_ends_is_stopped_at_the_lines_budget(run: Callable[[str], Outcome], fs: MemoryFs):
    """Each round is charged, so `while true` ends like any other line that does too much."""
    got = run("echo kept > /tmp/w; while true; do :; done; echo never")
    assert stopped(got) and fs.stat("/tmp/w") is None


def test_seq_to_a_billion_is_stopped_at_the_lines_budget(run: Callable[[str], Outcome]):
    assert stopped(run("seq 1 1000000000 | wc -l"))
    assert run("for i in $(seq 1 3); do echo n$i; done").stdout == "n1\nn2\nn3\n"
