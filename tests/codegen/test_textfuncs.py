"""Text functions at run time: what each gives, GNU's ``ls -h`` sizes, and the rule errors that
keep text bounded (a refused step, never a crash or a huge string)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

import worldgen
from worldgen.codegen.texthelpers import _thuman
from worldgen.ir.limits import MAX_TEXT


def shown(expr: str) -> str:
    """The text of ``expr`` in the observation of a one-action world (``t`` is a fixed text)."""
    world = worldgen.loads(f"""\
world t {{
  state {{ n: int in 0..9 = 5 }}
  def text_of(t: text) = {expr}
  action wait "wait" {{ }}
  observe "[{{text_of('  Hello, World\\nbye  ')}}]"
}}
""", "t.wg").instantiate(content={}, seed=0)
    obs, _ = world.env().reset(seed=0)
    return obs[1:-1]


@pytest.mark.parametrize(("expr", "text"), [
    ("upper(t)", "  HELLO, WORLD\nBYE  "),
    ("lower(t)", "  hello, world\nbye  "),
    ("trim(t)", "Hello, World\nbye"),
    ("replace(t, 'l', 'L')", "  HeLLo, WorLd\nbye  "),
    ("replace(t, '', 'x') == t", "yes"),  # an empty text occurs nowhere
    ("len(t)", "20"),
    ("t[2..7]", "Hello"),
    ("t[-5..]", "bye  "),
    ("t[..-100]", ""),  # slices clamp, as list slices do
    ("t[2] + t[-3]", "He"),
    ("join(split(t), '|')", "Hello,|World|bye"),
    ("join(split(t, ', '), '|')", "  Hello|World\nbye  "),
    ("join(split('a::b', ':'), '|')", "a||b"),  # fields as cut -d sees them
    ("join(split('abc', ''), '.')", "a.b.c"),
    ("len(split('', ':'))", "1"),
    ("len(lines(t))", "2"),
    ("len(lines('a\\nb\\n'))", "2"),  # a final line break ends the last line
    ("len(lines(''))", "0"),
    ("lines(t)[-1]", "bye  "),
    ("join(lines(''), '/')", ""),  # a list of text joins to "" when empty
    ("text(split('a b'))", "a, b"),
    ("starts(trim(t), 'Hell')", "yes"),
    ("ends(t, 'bye')", "no"),
    ("contains(t, ', W')", "yes"),
    ("count(w: split(t), contains(lower(w), 'o'))", "2"),
    ("pad('ab', 4) + '|'", "ab  |"),
    ("lpad(n, 4)", "   5"),
    ("lpad('toolong', 3)", "toolong"),  # never cut, as printf's %3s
    ("pad(n, -2)", "5"),
    ("zpad(n, 2)", "05"),
    ("zpad(-n, 3)", "-05"),
    ("zpad(123, 2)", "123"),
    ("octal(420) + ' ' + octal(0) + ' ' + octal(-8)", "644 0 -10"),
    ("human(4096)", "4.0K"),
])
def test_text_functions_give(expr: str, text: str) -> None:
    assert shown(expr) == text


# (size in bytes, what GNU coreutils 9.1 `ls -lh` prints for a file of that size)
GNU_SIZES = [(0, "0"), (1, "1"), (1023, "1023"), (1024, "1.0K"), (1025, "1.1K"), (4096, "4.0K"),
             (10239, "10K"), (10240, "10K"), (10241, "11K"), (102400, "100K"), (1048575, "1.0M"),
             (1048576, "1.0M"), (1048577, "1.1M"), (1572864, "1.5M"), (10485759, "10M"),
             (1288490189, "1.3G"), (107374182400, "100G"), (1099511627775, "1.0T")]


@pytest.mark.parametrize(("size", "text"), GNU_SIZES)
def test_human_sizes_round_up_as_gnu_ls_does(size: int, text: str) -> None:
    assert _thuman(size) == text


def test_human_covers_every_64_bit_int() -> None:
    assert _thuman(2 ** 63 - 1) == "8.0E" and _thuman(-2048) == "-2.0K"


def test_human_matches_the_real_ls(tmp_path: Path) -> None:
    ls, truncate = shutil.which("ls"), shutil.which("truncate")
    if ls is None or truncate is None or "GNU" not in subprocess.run([ls, "--version"], capture_output=True, text=True).stdout:
        pytest.skip("GNU ls and truncate are needed")
    for size, _ in GNU_SIZES:
        subprocess.run([truncate, "-s", str(size), tmp_path / f"f{size}"], check=True)  # sparse: no disk used
    listing = subprocess.run([ls, "-lh", tmp_path], capture_output=True, text=True, check=True, env={"LC_ALL": "C"}).stdout
    real = {int(cols[-1][1:]): cols[4] for cols in (line.split() for line in listing.splitlines()[1:])}
    assert {size: _thuman(size) for size in real} == real


RULES = """\
world t {
  state { w: int in 0..1000000 = 3 }
  action widen(k: int in 0..1) "widen {k}" { do w = 1000000 * k }
  action peek(i: int in 0..9) "peek {i}" { say "{'abc'[i]}" }
  action show "show" { say "[{lpad('x', w)}]" }
  action grow "grow" { say "{len(replace(lpad('x', w), ' ', 'yy'))}" }
  observe "ok"
}
"""


def test_text_longer_than_the_limit_is_a_rule_error() -> None:
    env = worldgen.loads(RULES, "t.wg").instantiate(content={}, seed=0).env()
    env.reset(seed=0)
    assert env.step("show")[0] == "[  x]\nok"
    assert env.step("grow")[0] == "5\nok"
    env.step("widen 1")
    _, _, _, _, info = env.step("show")  # a million spaces: the step is refused
    assert not info["valid"] and info["error"] == f"a width of 1000000 is more than the {MAX_TEXT} characters text may have"


def test_replace_refuses_to_grow_past_the_limit() -> None:
    from worldgen.codegen.names import RuleError
    from worldgen.codegen.texthelpers import _treplace

    assert len(_treplace("a" * 100, "a", "b" * 1000)) == MAX_TEXT
    with pytest.raises(RuleError, match="replace would make text longer"):
        _treplace("a" * 101, "a", "b" * 1000)


def test_an_index_past_the_end_of_a_text_is_a_rule_error() -> None:
    env = worldgen.loads(RULES, "t.wg").instantiate(content={}, seed=0).env()
    env.reset(seed=0)
    assert env.step("peek 2")[0] == "c\nok"
    _, _, _, _, info = env.step("peek 3")
    assert not info["valid"] and info["error"] == "index 3 is outside a text of 3 characters"


def test_for_runs_over_the_words_of_a_typed_text() -> None:
    env = worldgen.loads("""\
world t {
  state { dashes: int in 0..9 = 0 }
  action opts(line: text) "run {line}" {
    for w in split(line) { if starts(w, "-") { say "flag {upper(w[1..])}" } }
  }
  action reset "reset" { do dashes = 0 }
  observe "ok"
}
""", "t.wg").instantiate(content={}, seed=0).env()
    env.reset(seed=0)
    assert env.step('run "ls -l -a /tmp"')[0] == "flag L\nflag A\nok"


def test_a_def_returning_text_over_its_limit_is_a_rule_error_shown_in_the_observation() -> None:
    from worldgen.ir.limits import MAX_DEF_TEXT

    from tests.codegen.test_inlining import doubling

    env = worldgen.loads(doubling(40), "nd.wg").instantiate({}, seed=0).env()
    shown = env.reset(seed=0)[0]
    assert shown == (f"[the rules cannot render this text: t19() would return 1,048,576 characters of text, "
                     f"more than the {MAX_DEF_TEXT:,} a def may]")
