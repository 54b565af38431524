"""The admissible list both runtimes hand out is the state's kept ``Menu``: a list in every way a
reader sees (equal to one, JSON, pickle, copies, slices), that refuses to change, so handing it out
without a copy cannot let one caller's edit reach the next step."""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Callable
from typing import Any

import pytest

from tests.tables.conftest import shipped_world, tables_of
from worldgen.runtime.env import Env
from worldgen.runtime.menu import EMPTY, Menu
from worldgen.tables.step import TableEnv

EDITS: dict[str, Callable[[Menu], Any]] = {
    "append": lambda m: m.append("x"), "extend": lambda m: m.extend(["x"]), "insert": lambda m: m.insert(0, "x"),
    "remove": lambda m: m.remove(m[0]), "pop": lambda m: m.pop(), "clear": lambda m: m.clear(),
    "sort": lambda m: m.sort(), "reverse": lambda m: m.reverse(), "setitem": lambda m: m.__setitem__(0, "x"),
    "delitem": lambda m: m.__delitem__(0), "iadd": lambda m: m.__iadd__(["x"]), "imul": lambda m: m.__imul__(2),
}


def test_a_menu_reads_as_the_list_it_holds() -> None:
    menu = Menu(["north", "take lamp"])
    assert menu == ["north", "take lamp"] and isinstance(menu, list)
    assert json.dumps(menu) == '["north", "take lamp"]'
    again = pickle.loads(pickle.dumps(menu))
    assert again == menu and type(again) is Menu
    assert copy.copy(menu) == copy.deepcopy(menu) == menu
    assert menu + ["look"] == ["north", "take lamp", "look"] and sorted(menu, reverse=True) == ["take lamp", "north"]
    assert list(menu) == menu and type(list(menu)) is list and EMPTY == []


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_every_edit_is_refused_with_the_copy_to_make_instead(edit: str) -> None:
    menu = Menu(["north", "south"])
    with pytest.raises(TypeError, match=r"list\(info\['admissible'\]\)"):
        EDITS[edit](menu)
    assert menu == ["north", "south"]


@pytest.mark.parametrize("runtime", ["rules", "tables"])
def test_a_caller_cannot_change_what_the_next_step_admits(runtime: str) -> None:
    ice = shipped_world("ice")
    env = Env(ice) if runtime == "rules" else TableEnv(ice, tables_of(ice))
    _, info = env.reset(seed=0)
    first = info["admissible"]
    assert type(first) is Menu and first
    with pytest.raises(TypeError):
        first.remove(first[0])
    _, _, _, _, info = env.step("xyzzy")  # refused: the same state, so the same kept list
    assert info["admissible"] is first and env.admissible is first and len(first) == len(set(first)) > 0
