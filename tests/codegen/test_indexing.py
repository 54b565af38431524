"""A list indexed by a name, a literal or a state slot is indexed in place (the bounds checked
inline, the message left to ``_at``), counting from the end too: same values and the same refusal
as the call."""

from __future__ import annotations

import worldgen
from worldgen.runtime.loader import load_rules

STACK = """
world stack {
  entity item[3]
  state { st: list<item> max 3 = [] }
  action put(i: item) "put {i}" { when count(st) < 3  do st = st + [i] }
  action last "last" { say "{st[-1]}" }
  action second "second" { say "{st[-2]} then {st[1]}" }
  done when count(st) == 3
  horizon 10
}
"""


def test_indexing_from_the_end_is_written_in_place_and_refuses_as_before() -> None:
    world = worldgen.loads(STACK, "stack.wg").instantiate({}, seed=0)
    source = load_rules(world)[0].source
    assert "(s[0][-1] if len(s[0]) >= 1 else _at(s[0], -1))" in source
    assert "(s[0][1] if 0 <= 1 < len(s[0]) else _at(s[0], 1))" in source
    env = world.env()
    env.reset(seed=0)
    obs, _, _, _, info = env.step("last")
    assert not info["valid"] and info["error"] == "index -1 is outside a list of 0 items"
    env.step("put item1")
    assert env.step("last")[0].startswith("item1")
    obs, _, _, _, info = env.step("second")
    assert not info["valid"] and info["error"] == "index -2 is outside a list of 1 items"
    env.step("put item2")
    assert env.step("second")[0].startswith("item1 then item2")


def test_a_list_indexed_by_an_entity_s_index_is_indexed_in_place() -> None:
    text = STACK.replace('  action last "last" { say "{st[-1]}" }',
                         '  const order = [2, 0]\n'  # index(i) compiles to ``(l_i)``; item3 is past the end
                         '  action last "last" { say "{count(i: item, order[index(i)] == 0)}" }')
    world = worldgen.loads(text, "stack.wg").instantiate({}, seed=0)
    source = load_rules(world)[0].source
    assert "(C_order[l_i] if 0 <= l_i < len(C_order) else _at(C_order, l_i))" in source
    env = world.env()
    env.reset(seed=0)
    obs, _, _, _, info = env.step("last")
    assert not info["valid"] and info["error"] == "index 2 is outside a list of 2 items"
