"""WG415 flags two patterns only when some typed command matches both: literal text around the
arguments must be able to agree, character by character (check/overlap.py)."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.check.overlap import Piece, literal, meet

DIGITS: Piece = (((frozenset("-"), False, False), (frozenset("0123456789"), True, True)),)
ANY: Piece = (((None, True, True),),)


@pytest.mark.parametrize(("a", "b", "met"), [
    ([literal("'"), DIGITS, literal("s/x/y/'")], [literal("'s/x"), DIGITS, literal("/y/'")], False),
    ([literal("'"), DIGITS, literal("s/x/y/'")], [literal("'"), DIGITS, literal("s/x/y/'")], True),
    ([literal("v"), DIGITS], [literal("v-7")], True),
    ([literal("v"), DIGITS], [literal("v-")], False),  # a number needs a digit
    ([DIGITS, literal(".log")], [ANY, literal("log")], True),
    ([DIGITS, literal(":"), DIGITS], [DIGITS, literal(".5")], False),
    ([literal("a")], [literal("a"), literal("")], True),
    ([literal("true") + literal("false")], [literal("f"), ANY], True),
    ([literal("true") + literal("false")], [literal("t"), DIGITS], False),
])
def test_meet_is_exact_on_shapes(a: list[Piece], b: list[Piece], met: bool) -> None:
    assert meet(a, b) is met and meet(b, a) is met


WORLD = """\
world w {{
  content {{ file: list(2) of word(unique) }}
  entity file[2] named content.file
  enum mode {{ fast, slow }}
  state {{ n: int in 0..9 = 0 }}
  action a{args_a} "{a}" {{ }}
  action b{args_b} "{b}" {{ }}
}}
"""


def clashes(a: str, b: str, args_a: str = "(n: int in 1..9)", args_b: str = "(m: int in 1..9)") -> list[str]:
    try:
        worldgen.loads(WORLD.format(a=a, b=b, args_a=args_a, args_b=args_b), "w.wg")
    except worldgen.DiagnosticError as err:
        return [d.code for d in err.diagnostics]
    return []


@pytest.mark.parametrize(("a", "b"), [
    ("sed '{n}s/x/y/'", "sed 's/x{m}/y/'"),  # the argument sits in different literal text
    ("sed '{n}d'", "sed '{m}p'"),
    ("head -n{n}", "head -c{m}"),
    ("at {n}:00", "at {m}.00"),
    ("cut -f{n}", "cut -f{m}x"),  # an int never ends in x
    ("cp {n}.bak", "cp {m}a.bak"),
    ("tail -n{n}", "tail -n+{m}"),  # an int never starts with +
])
def test_patterns_that_no_command_matches_twice_are_not_ambiguous(a: str, b: str) -> None:
    assert clashes(a, b) == []


@pytest.mark.parametrize(("a", "b", "args_a", "args_b"), [
    ("sed '{n}s/x/y/'", "sed '{m}s/x/y/'", "(n: int in 1..9)", "(m: int in 1..9)"),
    ("sed 's/{f}/y/'", "sed 's/x{m}/y/'", "(f: file)", "(m: int in 1..9)"),  # a file may be named x5
    ("cat {f}", "cat {g}.log", "(f: file)", "(g: file)"),  # a file may be named nginx.log
    ("set {n}", "set 7", "(n: int in 1..9)", ""),
    ("tail -n{n}", "tail -n-{m}", "(n: int in -9..9)", "(m: int in 1..9)"),  # -n-3: both
    ("go {d}", "go {e}", "(d: mode)", "(e: mode)"),
    ("poke {n}x", "poke {v}x", "(n: int in 0..9)", "(v: int in 0..255 as hex)"),
    ("chown {f}:{n}", "chown {g}:1{m}", "(f: file, n: int in 0..99)", "(g: file, m: int in 0..9)"),  # :15
])
def test_patterns_that_can_match_one_command_stay_ambiguous(a: str, b: str, args_a: str, args_b: str) -> None:
    assert clashes(a, b, args_a, args_b) == ["WG415"]
