"""A program's argv reads the way GNU getopt_long reads it: any order, combined short flags,
attached values, --long=value, and -- ending the options."""

from __future__ import annotations

import pytest

from worldgen.ir.terminal import ProgramSpec
from worldgen.terminal.getopt import Options, UsageError, canonical

JOURNALCTL = Options.of(ProgramSpec(name="journalctl", flags=(("-f", "--follow"), ("-q", "--quiet")),
                                    values=(("-u", "--unit"), ("-g", "--grep"))))
CANON = ("journalctl", "-u", "nginx", "-g", "error")


@pytest.mark.parametrize("argv", [
    "journalctl -u nginx -g error",
    "journalctl -g error -u nginx",
    "journalctl --unit=nginx --grep error",
    "journalctl -unginx -gerror",
    "journalctl --grep=error -u nginx",
])
def test_every_getopt_spelling_reads_as_one_canonical_argv(argv: str) -> None:
    assert canonical(argv.split(), JOURNALCTL) == CANON


def test_flags_combine_and_sort_by_declaration_operands_keep_their_order() -> None:
    assert canonical("journalctl b -qf a".split(), JOURNALCTL) == ("journalctl", "-f", "-q", "b", "a")
    assert canonical("journalctl -qu api".split(), JOURNALCTL) == ("journalctl", "-q", "-u", "api")


def test_double_dash_ends_options() -> None:
    assert canonical("journalctl -f -- -u x".split(), JOURNALCTL) == ("journalctl", "-f", "-u", "x")


def test_option_names_are_case_sensitive_as_in_getopt() -> None:
    usermod = Options.of(ProgramSpec(name="usermod", flags=(("-a", "--append"),), values=(("-g", "--gid"), ("-G", "--groups"))))
    assert canonical("usermod -aG web alice".split(), usermod) == ("usermod", "-a", "-G", "web", "alice")
    assert canonical("usermod -g web alice".split(), usermod) == ("usermod", "-g", "web", "alice")
    with pytest.raises(UsageError, match="invalid option -- 'U'"):
        canonical("journalctl -U nginx".split(), JOURNALCTL)


@pytest.mark.parametrize("argv, message", [
    ("journalctl -z", "journalctl: invalid option -- 'z'"),
    ("journalctl --bogus", "journalctl: unrecognized option '--bogus'"),
    ("journalctl -u", "journalctl: option requires an argument -- 'u'"),
    ("journalctl --unit", "journalctl: option '--unit' requires an argument"),
    ("journalctl --follow=yes", "journalctl: option '--follow' doesn't allow an argument"),
])
def test_bad_options_get_getopts_words(argv: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        canonical(argv.split(), JOURNALCTL)


def test_a_program_without_declared_options_reads_its_argv_as_typed() -> None:
    assert canonical(["git", "-x", "b", "a"], Options.of(None)) == ("git", "-x", "b", "a")
