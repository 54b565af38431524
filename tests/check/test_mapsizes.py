"""A map initialised from a list of the wrong size is a located error at `check` time (WG301),
not a failure of every world's build without a place in the file."""

from __future__ import annotations

import pytest

import worldgen
from worldgen.errors import InstantiationError

WORLD = """world m {{
  param n: int in {n}
  enum colour {{ red, green, blue }}
  entity item[n]
  state {{ {var}  seen: bool = false }}
  action touch "touch" {{ do seen = true }}
  observe "{{seen}}"
}}
"""


def errors(var: str, n: str = "2..4") -> list[str]:
    try:
        worldgen.loads(WORLD.format(var=var, n=n), "m.wg")
    except worldgen.DiagnosticError as err:
        return [d.format() for d in err.diagnostics]
    return []


def test_a_list_shorter_than_an_enum_is_located_at_the_list():
    assert errors("price: map<colour, int in 0..9> = [1, 2]") == [
        "m.wg:5:45: error: 'price' has one value per colour (3 keys), but its initial list has 2: give one value per "
        "key [WG301]\n"
        "  state { price: map<colour, int in 0..9> = [1, 2]  seen: bool = false }\n"
        "                                            ^~~~~~"]


def test_a_list_against_a_count_set_by_a_param_fits_only_some_worlds():
    (message,) = errors("price: map<item, int in 0..9> = [1, 2, 3]")
    assert message.splitlines()[0] == (
        "m.wg:5:43: error: 'price' has one value per item (2 to 4 keys, as the params go), but its initial list has 3: "
        "a list fits one count only: give every key one value (`= 0`), or use a map literal (`{k: v}`) [WG301]")


def test_lists_of_the_right_size_check_and_build():
    assert errors("price: map<colour, int in 0..9> = [1, 2, 3]") == []
    assert errors("price: map<item, int in 0..9> = [1, 2, 3]", n="3..3") == []
    world = worldgen.loads(WORLD.format(var="price: map<item, int in 0..9> = [1, 2, 3]", n="3..3"), "m.wg").instantiate({})
    assert world.initial_state["price"] == [1, 2, 3]


def test_a_list_drawn_when_the_world_is_built_is_still_checked_then():
    source = WORLD.format(var="paint: map<item, colour> = sample(colour, 3)", n="4..4")
    with pytest.raises(InstantiationError, match="initialising 'paint': 3 values for a map over 4 item"):
        worldgen.loads(source, "m.wg").instantiate({})
