"""Numbers typed with leading zeros: ``sleep 05`` is ``sleep 5``, ``chmod 0640`` and ``chmod 640``
are one command, and a command as listed always keeps its meaning."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.ir.patterns import find_unpadded, unpadded, unpadded_forms

CLOCK = """\
world clock {
  content { file: list(3) of word(unique) "a file name" }
  entity file[3] named content.file
  state { minute: int in 0..59 = 0  mode: map<file, int in 0..511> = 420  level: int in -9..9 = 0 }
  action set(m: int in 0..59) "set {m}" { do minute = m }
  action at(h: int in 0..23, m: int in 0..59) "at {h}:{m}" { do minute = m }
  action tail(n: int in 0..59) "cat /var/log/{n}.log" { say "log {n}" }
  action chmod(m: int in 0..511 as octal, f: file) "chmod {m} {f}" { do mode[f] = m }
  action shift(d: int in -9..9) "shift {d}" { do level = d }
  action open(f: file) "open {f}" { say "opened {f}" }
  action note(n: int in 0..9, msg: text) "note {n} {msg}" { say "note {n}: {msg}" }
  action wait "wait 10" { say "waited" }
  action cut(k: int in 1..7) "cut -f{k}" { say "field {k}" }
  action poke(v: int in 2500..2600 as hex) "poke {v}" { say "poked {v}" }
  observe "{minute} {level}"
}
"""
RECORD = {"file": ["app-01.log", "app-1.log", "v1.05"]}


@pytest.fixture
def env() -> worldgen.Env:
    e = worldgen.loads(CLOCK, "clock.wg").instantiate(RECORD, seed=0).env()
    e.reset(seed=0)
    return e


def step(env: worldgen.Env, command: str) -> tuple[str, str | None]:
    obs, _, _, _, info = env.step(command)
    return obs, info["action"]


@pytest.mark.parametrize(("command", "minute"), [("set 05", 5), ("set 5", 5), ("SET  007", 7), ("set 00", 0),
                                                  ("at 09:05", 5), ("at 9:5", 5)])
def test_an_int_argument_takes_leading_zeros(env: worldgen.Env, command: str, minute: int) -> None:
    assert step(env, command) == (f"{minute} 0", "set" if command.lower().startswith("set") else "at")


def test_leading_zeros_inside_a_word_and_after_a_sign(env: worldgen.Env) -> None:
    assert step(env, "cat /var/log/07.log") == ("log 7\n0 0", "tail")
    assert step(env, "cut -f05") == ("field 5\n0 0", "cut")
    assert step(env, "shift -03") == ("0 -3", "shift")


@pytest.mark.parametrize("typed", ["chmod 0640 v1.05", "chmod 640 v1.05", "chmod 00640 v1.05"])
def test_an_octal_argument_takes_any_number_of_leading_zeros(env: worldgen.Env, typed: str) -> None:
    assert step(env, typed)[1] == "chmod" and env.state()["mode"][2] == 0o640


def test_an_octal_argument_takes_fewer_than_three_digits(env: worldgen.Env) -> None:
    assert step(env, "chmod 10 v1.05")[1] == "chmod" and env.state()["mode"][2] == 8
    assert step(env, "chmod 7 v1.05")[1] == "chmod" and env.state()["mode"][2] == 7
    assert step(env, "chmod 0 v1.05")[1] == "chmod" and env.state()["mode"][2] == 0


def test_names_keep_their_digits(env: worldgen.Env) -> None:
    assert step(env, "open app-01.log") == ("opened app-01.log\n0 0", "open")
    assert step(env, "open app-1.log") == ("opened app-1.log\n0 0", "open")
    assert step(env, "open app-001.log")[1] is None  # could be either: neither
    assert step(env, "open v1.5")[1] is None  # 1.05 is not 1.5
    assert step(env, "wait 010") == ("waited\n0 0", "wait")


def test_the_digits_of_a_hex_argument_are_not_numbers_of_their_own(env: worldgen.Env) -> None:
    assert step(env, "poke a05") == ("poked a05\n0 0", "poke")  # 2565
    assert step(env, "poke a5")[1] is None  # 165: out of range, not a05


def test_a_number_beside_typed_text_takes_leading_zeros_and_the_text_keeps_them(env: worldgen.Env) -> None:
    assert step(env, "note 03 'at 007'") == ("note 3: at 007\n0 0", "note")


def test_numbers_out_of_range_stay_refused(env: worldgen.Env) -> None:
    assert step(env, "set 060")[1] is None and step(env, "chmod 0800 v1.05")[1] is None


def test_the_admissible_commands_are_unchanged(env: worldgen.Env) -> None:
    assert "set 5" in env.admissible and "set 05" not in env.admissible
    assert "chmod 007 v1.05" in env.admissible and "chmod 7 v1.05" not in env.admissible


@pytest.mark.parametrize(("command", "form"), [
    ("sleep 05", "sleep 5"), ("chmod 0640 f", "chmod 640 f"), ("x -007", "x -7"), ("at 00:00", "at 0:0"),
    ("cat /var/log/007.log", "cat /var/log/7.log"), ("cut -f05", "cut -f5"), ("cat f01 a_05", "cat f1 a_5"),
    ("cat 1.05 0x1f 100", "cat 1.05 0x1f 100"),  # no leading zeros of their own
])
def test_unpadded_drops_the_leading_zeros_of_numbers(command: str, form: str) -> None:
    assert unpadded(command) == form


def test_a_form_that_two_commands_share_means_neither() -> None:
    table = {"chmod 010 f": 0, "chmod 0010 f": 0, "x 10": 2, "x 010": 3, "a 01": 4, "a 001": 5, "b 01": 6, "b 1": 7}
    forms = unpadded_forms(table, lambda binding: True)
    assert forms == {"chmod 10 f": 0, "x 10": None, "a 1": None, "b 1": None}
    assert find_unpadded(table, forms, "chmod 00010 f") == 0 and find_unpadded(table, forms, "chmod 10 f") == 0
    assert [find_unpadded(table, forms, c) for c in ("a 0001", "b 001", "x 0010", "c 01")] == [None] * 4
