"""Tagged unions: `type place = floor(room) | inside(box) | carried`.

A union value is built (`floor(r)`, `carried`), tested (`x is floor`) and opened (`x.floor`); it is
a finite domain, so it lives in the state, in sets and map keys and values, in quantifiers, in
observations and invariants, and the model checker explores it like any entity. Each misuse is one
located diagnostic; bad input (a union holding itself, ten thousand variants) is refused quickly.
"""

from __future__ import annotations

import time

import pytest

import worldgen
from worldgen.check.unions import MAX_VARIANTS
from worldgen.verify import verify_world

LAMP = """\
world attic {
  param n: int in 2..4
  entity room[n]
  enum box { chest, crate }
  type place = floor(room) | inside(box) | carried
  state {
    at: room = room[0]
    lamp: place = inside(crate)
    opened: set<box> = {}
    visited: set<place> = {}
  }
  def where() = if lamp is floor then "on the floor of {lamp.floor}" else if lamp is inside then "in the {lamp.inside}" else "in hand"
  action go(r: room) "go {r}" { when r != at  do at = r }
  action open(b: box) "open {b}" { when b not in opened  do opened += b }
  action take "take" {
    when lamp == floor(at) or (lamp is inside and lamp.inside in opened) else "No lamp here."
    do lamp = carried, visited += lamp
  }
  action drop "drop" { when lamp == carried  do lamp = floor(at), visited += lamp }
  observe "In {at}; lamp {where()} ({lamp}); been {visited}; floors {count(p: visited, p is floor)}."
  invariant boxed: not (lamp is inside) or lamp == inside(crate)
  done when lamp == floor(room[-1])
  expect solvable within 4
}
"""


def load(source: str) -> worldgen.Scaffold:
    return worldgen.loads(source, "w.wg")


def env(source: str = LAMP, **params: int) -> worldgen.Env:
    e = load(source).instantiate({}, params=params or None).env()
    e.reset()
    return e


def diagnostics(source: str) -> list[tuple[int, int, str, str]]:
    with pytest.raises(worldgen.DiagnosticError) as err:
        load(source)
    return [(d.span.line, d.span.col, d.code, d.message) for d in err.value.diagnostics]


def test_values_are_built_tested_opened_and_shown_in_a_stepped_episode() -> None:
    e = env(n=3)
    assert e.step("take")[0] == "No lamp here.\nIn room1; lamp in the crate (inside(crate)); been nothing; floors 0."
    e.step("open crate")
    assert e.step("take")[0] == "In room1; lamp in hand (carried); been carried; floors 0."
    e.step("go room2")
    assert e.step("drop")[0] == "In room2; lamp on the floor of room2 (floor(room2)); been floor(room2), carried; floors 1."


def test_a_world_numbers_the_values_variant_by_variant_with_its_own_counts() -> None:
    for n in (2, 4):
        world = load(LAMP).instantiate({}, params={"n": n})
        rooms = [f"room{i + 1}" for i in range(n)]
        assert world.entities["place"] == [f"floor({r})" for r in rooms] + ["inside(chest)", "inside(crate)", "carried"]
        assert world.initial_state["lamp"] == n + 1  # inside(crate): after the n floors and the chest


def lamp_states(n: int) -> set[tuple[int, int, frozenset[int], frozenset[str]]]:
    """The reachable states of LAMP, searched by hand: (at, lamp, opened, visited), lamp as
    -1 carried, 0..n-1 on a floor, 10 in the crate."""
    start = (0, 10, frozenset(), frozenset())
    seen, todo = set(), [start]
    while todo:
        s = todo.pop()
        if s in seen:
            continue
        seen.add(s)
        at, lamp, opened, visited = s
        if lamp == n - 1:
            continue  # the goal ends the episode
        nxt = [(r, lamp, opened, visited) for r in range(n) if r != at]
        nxt += [(at, lamp, opened | {b}, visited) for b in (0, 1) if b not in opened]
        if lamp == at or (lamp == 10 and 1 in opened):
            nxt.append((at, -1, opened, visited | {"carried"}))
        if lamp == -1:
            nxt.append((at, at, opened, visited | {f"floor{at}"}))
        todo += nxt
    return seen


def test_the_model_checker_explores_union_state_like_any_other() -> None:
    report = verify_world(load(LAMP).instantiate({}, params={"n": 3}))
    assert report.ok and report.measures.reachable_states == len(lamp_states(3))
    assert report.oracle is not None and len(report.oracle.steps) == 4


def test_reading_the_payload_of_another_variant_is_a_rule_error_the_checker_finds() -> None:
    source = LAMP.replace('action drop "drop" {', 'action peek "peek" { do at = lamp.floor }\n  action drop "drop" {')
    e = env(source, n=2)
    *_, info = e.step("peek")
    assert not info["valid"] and "not floor(...)" in info["error"]
    report = verify_world(load(source).instantiate({}, params={"n": 2}))
    assert [c.name for c in report.failures()] == ["rule_errors"]


def test_unions_nest_hold_enums_and_serve_as_map_keys_and_values() -> None:
    source = """\
world nest {
  entity room[2]
  enum colour { red, blue }
  type paint = plain | dyed(colour)
  type slot = empty | holds(paint) | wall(room)
  state {
    s: slot = holds(dyed(blue))
    tally: map<slot, int in 0..3> = map(x: slot, if x is holds then 1 else 0)
    fill: map<room, slot> = map(r: room, wall(r))
  }
  action strip "strip" { when s is holds  do s = holds(plain) }
  action clear "clear" { do s = empty }
  observe "{s}; {s is holds and s.holds is dyed and s.holds.dyed == blue}; {sum(x: slot, tally[x])}; {fill[room[1]]}."
}
"""
    e = env(source)
    assert e.step("strip")[0] == "holds(plain); no; 3; wall(room2)."
    assert e.step("clear")[0] == "empty; no; 3; wall(room2)."
    world = load(source).instantiate({})
    assert world.entities["slot"] == ["empty", "holds(plain)", "holds(dyed(red))", "holds(dyed(blue))",
                                      "wall(room1)", "wall(room2)"]


def test_type_and_is_stay_names_where_no_union_is_meant() -> None:
    source = """\
world names {
  enum is { yes, no }
  state { type: int in 0..3 = 0  mood: is = yes }
  def is_big(x: int in 0..9) = x > 2
  action bump "bump" { when not is_big(type)  do type += 1, mood = if type == 2 then no else yes }
  observe "{type} {mood}"
}
"""
    e = env(source)
    assert [e.step("bump")[0] for _ in range(3)] == ["1 yes", "2 no", "3 yes"]  # effects in order: mood reads the new type


PUT = LAMP.replace('action drop "drop" { when lamp == carried  do lamp = floor(at), visited += lamp }', """\
  action put(q: place) "put lamp {q}" {
    when lamp == carried else "You have no lamp."
    when q == floor(at) or (q is inside and q.inside in opened) else "Not within reach."
    do lamp = q, visited += q
  }""").replace("  invariant boxed: not (lamp is inside) or lamp == inside(crate)\n", "")


def test_a_command_takes_a_union_value_typed_as_it_is_shown() -> None:
    e = env(PUT, n=2)
    puts = [c for c in e.commands if c.startswith("put")]
    assert puts == ["put lamp floor(room1)", "put lamp floor(room2)", "put lamp inside(chest)", "put lamp inside(crate)",
                    "put lamp carried"]
    assert e.step("put lamp carried")[0].startswith("You have no lamp.")
    e.step("open crate")
    e.step("take")
    assert e.step("put lamp floor(room2)")[0].startswith("Not within reach.")
    assert e.step("PUT  lamp Inside(Crate)")[0] == "In room1; lamp in the crate (inside(crate)); been inside(crate), carried; floors 0."
    report = verify_world(load(PUT).instantiate({}, params={"n": 3}))
    assert report.ok and report.oracle is not None
    assert [s.command for s in report.oracle.steps] == ["go room3", "open crate", "take", "put lamp floor(room3)"]


def test_a_union_value_whose_command_is_another_action_s_is_refused_when_the_rules_are_built() -> None:
    clash = PUT.replace('  action go(', '  action stash "put lamp carried" { do lamp = carried }\n  action go(')
    world = load(clash).instantiate({}, params={"n": 2})
    with pytest.raises(worldgen.InstantiationError, match="'put lamp carried' means both 'stash' and 'put'"):
        world.env()


BAD = """\
world bad {
  entity room[2]
  type place = floor(room) | carried
  type loop = here(loop) | gone
  type early = some(later) | none
  type later = one(room) | zero
  type twice = a | b | a
  kind shape = round | square
  type odd = x(nothing)
  state { at: place = carried  p: place = floor(carried) }
  action drop(q: place) "drop {q}" { do at = q }
  action look "look" { say "{at.carried}{at.flor}" }
  action tap "tap" { say "{floor}{carried(room[0])}" }
  invariant ok: at is carryed or room[0] is floor
  horizon 5 + index(floor(room[1]))
}
"""


def test_each_misuse_is_one_located_diagnostic() -> None:
    assert diagnostics(BAD) == [
        (4, 20, "WG433", "union 'loop' holds itself in 'here'; a union holds entities, enums and unions declared above it, "
                         "so every union is finite"),
        (5, 21, "WG433", "union 'later' is declared below (line 6); a union holds unions declared above it, "
                         "so no type contains itself"),
        (7, 8, "WG433", "union 'twice' lists the tag 'a' twice"),
        (8, 3, "WG433", "unknown declaration 'kind'; a union is declared type NAME = tag(TYPE) | tag | ..."),
        (9, 16, "WG433", "'x' holds 'nothing', which is not an entity, an enum or a union declared above"),
        (10, 49, "WG301", "'floor' holds a room, not a place"),
        (12, 30, "WG301", "'carried' holds nothing to read; test it with 'is carried'"),
        (12, 42, "WG201", "union 'place' has no tag 'flor' (its tags: floor, carried); did you mean 'floor'?"),
        (13, 28, "WG301", "'floor' holds a room; build it as floor(...)"),
        (13, 35, "WG303", "'carried' holds nothing; write it without parentheses: carried"),
        (14, 23, "WG201", "union 'place' has no tag 'carryed' (its tags: floor, carried); did you mean 'carried'?"),
        (14, 34, "WG301", "'is' tests a union value's tag, but this is a room"),
        (15, 21, "WG401", "a union value is not known before the world is built; only params, consts and numbers may appear here"),
    ]


def test_ten_thousand_variants_are_refused_at_the_first_one_too_many_in_bounded_time() -> None:
    tags = " | ".join(f"t{i}" for i in range(10_000))
    source = f'world big {{\n  type many = {tags}\n  state {{ x: many = t0 }}\n  action a "a" {{ do x = t1 }}\n}}\n'
    start = time.process_time()  # CPU time: the machine may be busy
    [(line, col, code, message)] = diagnostics(source)
    assert time.process_time() - start < 10
    assert (line, code) == (2, "WG433") and col == 15 + len(" | ".join(f"t{i}" for i in range(MAX_VARIANTS))) + 3
    assert message == f"union 'many' has 10000 variants; a union may have at most {MAX_VARIANTS}"


def test_a_union_over_the_entity_limit_is_refused_at_its_declaration() -> None:
    source = ('world big {\n  entity cell[60_000]\n  type mark = a(cell) | b(cell) | none\n'
              '  state { x: mark = none }\n  action go "go" { do x = a(cell[0]) }\n}\n')
    assert diagnostics(source) == [(3, 8, "WG418", "entity 'mark' has up to 120_001 values; an entity may have at most 100_000")]
