"""printf beyond what the bash comparison covers: bounds and bash's warnings."""

from __future__ import annotations


def test_out_of_range_numbers_clamp_with_bash_warning(run):
    got = run("printf '%d\\n' 99999999999999999999")
    assert got.stdout == "9223372036854775807\n"
    assert got.stderr == "bash: printf: warning: 99999999999999999999: Numerical result out of range\n"


def test_invalid_number_uses_its_numeric_prefix_and_fails(run):
    got = run("printf '%d|%d\\n' 12abc x")
    assert (got.stdout, got.status) == ("12|0\n", 1)
    assert got.stderr == "bash: printf: 12abc: invalid number\nbash: printf: x: invalid number\n"


def test_percent_b_backslash_c_ends_all_output(run):
    assert run("printf '%b|%s\\n' 'a\\cb' z").stdout == "a"


def test_a_huge_field_width_is_refused_in_one_line(run):
    got = run("printf '%999999999999s' x")
    assert got.status == 1 and got.stderr.count("\n") == 1 and "field width" in got.stderr


def test_invalid_conversion_stops_there(run):
    got = run("printf 'a%qb'")
    assert (got.stdout, got.stderr, got.status) == ("a", "bash: printf: `q': invalid format character\n", 1)


def test_printf_v_is_named_as_unsupported(run):
    assert run("printf -v X %s 1").status == 2
