"""The getopt_long the text tools share: clusters, arguments, long names and prefixes, '--',
permutation, and GNU's messages."""

from __future__ import annotations

import pytest

from worldgen.shell.builtins.options import HUGE, NO, OPTIONAL, REQUIRED, OptionError, Spec, ascii_digits, integer, parse

SPEC = Spec("inA:x::", {"ignore-case": ("i", NO), "after-context": ("A", REQUIRED), "color": ("color", OPTIONAL),
                        "colour": ("color", OPTIONAL)})


def test_clusters_and_attached_or_separate_arguments():
    assert parse(["-inA3", "p"], SPEC) == ([("i", None), ("n", None), ("A", "3")], ["p"])
    assert parse(["-A", "3", "p", "-n"], SPEC) == ([("A", "3"), ("n", None)], ["p"])  # options after operands
    assert parse(["-x", "-x.bak"], SPEC) == ([("x", None), ("x", ".bak")], [])


def test_long_options_prefixes_and_double_dash():
    assert parse(["--ignore", "--after=2", "--after-context", "4", "--", "-n"], SPEC) == (
        [("i", None), ("A", "2"), ("A", "4")], ["-n"])
    assert parse(["--col"], SPEC) == ([("color", None)], [])  # two names, one option: not ambiguous


@pytest.mark.parametrize("args, message", [
    (["-Z"], "invalid option -- 'Z'"), (["-A"], "option requires an argument -- 'A'"),
    (["--bogus"], "unrecognized option '--bogus'"), (["--ignore-case=1"], "option '--ignore-case' doesn't allow an argument"),
    (["--after-context"], "option '--after-context' requires an argument"),
])
def test_gnu_messages(args: list[str], message: str):
    with pytest.raises(OptionError, match=f"^{message}$"):
        parse(args, SPEC)


@pytest.mark.parametrize("text, digits", [
    ("0", True), ("0042", True), ("", False), ("-1", False), ("1a", False),
    ("²", False), ("1²", False), ("٣", False), ("１", False),  # Python's digits that GNU does not read
])
def test_ascii_digits_takes_only_0_to_9(text: str, digits: bool):
    assert ascii_digits(text) is digits


@pytest.mark.parametrize("text, value", [
    ("0", 0), ("-12", -12), (" +7 ", 7), ("0" * 5000 + "42", 42), ("9" * 20, 10**20 - 1),
    ("9" * 21, HUGE), ("9" * 5000, HUGE), ("-" + "9" * 5000, -HUGE),  # past 4,300 digits Python refuses int()
])
def test_integer_reads_a_number_of_any_length(text: str, value: int):
    assert integer(text) == value
