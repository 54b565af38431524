"""The emulated shell on hostile lines (``tests/fuzz/shell_inputs.py``): quoting of every kind,
here-documents, globs that match everything, ``..`` paths, deep pipelines of a large file, NUL
and invalid UTF-8, byte-level edits of ordinary lines. Whatever the line: the parser answers a
tree or one error, the shell an outcome, no tool fails inside (``internal error``), output stays
within its bound, the scratch disk and the variables stay within theirs, and a line stopped by
its work budget leaves the session, the files and the world's state as they were.

The default run tries about 800 parses and 2,800 lines (about 40 s of one core); ``pytest -m long
tests/fuzz/test_shell_fuzz.py`` tries 100,000 more. ``bench/fuzz_shell.py`` prints the counts,
lines/s and the worst time and memory per line.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import worldgen
from worldgen.runtime.loader import load_rules
from worldgen.tables.build import build
from worldgen.tables.step import TableEnv
from worldgen.verify.report import Bounds
from worldgen.verify.statespace import explore
from tests.fuzz.inputs import ROOT
from tests.fuzz.shell_inputs import NAMES, any_line, check_line, check_parse, line, mutated_line, new_shell, word
from tests.tables.conftest import trace

FUZZ = settings(deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


@settings(FUZZ, max_examples=800)
@given(st.one_of(line(), mutated_line(), st.text(max_size=200)))
def test_the_parser_answers_a_tree_or_one_error(text: str) -> None:
    check_parse(text)


@settings(FUZZ, max_examples=600)
@given(st.lists(any_line, min_size=1, max_size=3))
def test_any_lines_end_in_an_outcome_within_bounds(lines: list[str]) -> None:
    shell, fs, session = new_shell()
    for text in lines:  # one session: what a line leaves (files, variables) meets the next
        check_line(shell, fs, session, text)


@settings(FUZZ, max_examples=800)
@given(st.sampled_from(NAMES), st.lists(word, max_size=8), st.sampled_from(("", "< /var/log/big.log", "< /var/log/nul.bin",
                                                                          "< /var/log/odd.txt", "< /etc/app.conf")))
def test_every_tool_takes_any_arguments(name: str, words: list[str], stdin: str) -> None:
    shell, fs, session = new_shell()
    check_line(shell, fs, session, " ".join([name, *words, stdin]))


# Found by the 100,000-line run: digits of other scripts ("²" is str.isdigit() but not [0-9])
# reached int() and sed's number regex; every tool reads only ASCII digits, as GNU's do.
UNICODE_DIGITS = ("sed ² x < /var/log/big.log", "sed '1٣p' /var/log/big.log", "sed 's/a/\\²/' /var/log/big.log",
                  "head -² /var/log/big.log", "nl -w ² /var/log/big.log", "printf '%²d' 1",
                  "awk '{printf \"%²d\", 1}' /var/log/big.log", "find / -size 1²", "cat ²> /tmp/x", "echo a ²>&1")


@pytest.mark.parametrize("text", UNICODE_DIGITS)
def test_digits_of_other_scripts_are_not_numbers(text: str) -> None:
    shell, fs, session = new_shell()
    check_line(shell, fs, session, text)


def appconfig() -> worldgen.Env:
    record = json.loads((ROOT / "content_packs/appconfig/example.json").read_text())
    env = worldgen.load(ROOT / "scaffolds/appconfig.wg").instantiate(record, seed=0).env()
    return env


WORLD = appconfig()
WORLD_LINES = st.one_of(any_line, st.sampled_from(("cat /etc/ingestd/ingestd.conf", "ls -la /proc /etc/ingestd",
                                                   "printf 'port=8081\\n' >> /etc/ingestd/ingestd.conf",
                                                   "sed -i s/8080/8082/ /etc/ingestd/ingestd.conf")))


@settings(FUZZ, max_examples=200)
@given(st.lists(WORLD_LINES, min_size=1, max_size=3))
def test_a_world_meets_any_line_and_changes_only_through_its_rules(lines: list[str]) -> None:
    env = WORLD
    env.reset(seed=0)
    for text in lines:
        before = env.state()
        obs, reward, terminated, truncated, info = env.step(text)
        assert isinstance(obs, str) and "internal error" not in obs, (text, obs[-300:])
        if env._terminal.last.stopped:  # undone whole: the world's state and rewards as before
            assert (env.state(), reward, info["action"]) == (before, env.rules.per_step, None)
        if terminated or truncated:
            break


def _tables_env(env: worldgen.Env) -> TableEnv:
    rules, initial = load_rules(env.world)
    return TableEnv(env.world, build(env.world.id, rules, explore(rules, initial, Bounds())))


TABLED = _tables_env(WORLD)


@settings(FUZZ, max_examples=150)
@given(st.lists(WORLD_LINES, min_size=1, max_size=3))
def test_a_world_stepped_from_its_tables_meets_any_line_as_its_rules_do(lines: list[str]) -> None:
    """The same hostile lines through the world's rules and through its step tables
    (tables/terminal.py): the same observations, rewards, ends, infos and states."""
    WORLD.reset(seed=0)
    TABLED.reset(seed=0)
    for text in lines:
        assert trace(TABLED.step(text)) == trace(WORLD.step(text)), text
        assert TABLED.state() == WORLD.state()


@pytest.mark.long
@settings(FUZZ, max_examples=100_000, derandomize=False)
@given(st.lists(any_line, min_size=1, max_size=2))
def test_a_long_run_of_any_lines(lines: list[str]) -> None:
    shell, fs, session = new_shell()
    for text in lines:
        check_parse(text)
        check_line(shell, fs, session, text)
