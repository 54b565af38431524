"""Language 3 (built by construction): relation and map comprehensions, closure over the state,
compass directions without grids, compass layouts and the `until` repair loop.

Each construct is checked for what it means in a built world and a stepped episode, and each
misuse for its one located diagnostic.
"""

from __future__ import annotations

import json
import re

import pytest

import worldgen
from worldgen.errors import InstantiationError
from worldgen.runtime.env import Env
from worldgen.verify import verify_world

LINE = """\
world line {
  param n: int in 4..6
  entity room[n]
  enum colour { red, blue }
  const next = filter(a: room, b: room, index(b) == index(a) + 1)
  const link = filter(a: room, b: room, next(a, b) or next(b, a))
  state {
    at: room = room[0]
    dist: map<room, int in 0..20> = map(r: room, 2 * index(r))
    paint: map<room, colour> = map(r: room, if index(r) % 2 == 0 then red else blue)
    lit: set<room> = {}
    blocked: set<room> = {room[2]}
  }
  action go(to: room) "go {to}" { when link(at, to)  do at = to }
  action flood "flood" { do lit = closure(at, d -> e: link(d, e) and e not in blocked) }
  action unblock "unblock" { do blocked = {} }
  observe "At {at}; lit {lit}."
  done when count(lit) == n
  expect solvable within 3
}
"""


def world(source: str, seed: int = 0, **params: int) -> worldgen.World:
    return worldgen.loads(source, "w.wg").instantiate({}, seed=seed, params=params or None)


def diagnostics(source: str) -> list[worldgen.Diagnostic]:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    return err.value.diagnostics


def one(source: str) -> tuple[int, int, str, str]:
    [d] = diagnostics(source)
    return d.span.line, d.span.col, d.code, d.message


def pairs(rel: list[list[int]]) -> set[tuple[int, int]]:
    """A relation as a world stores it (for each left value, its right values) -> its pairs."""
    return {(a, b) for a, bs in enumerate(rel) for b in bs}


# ------------------------------------------------------------------------------ comprehensions


def test_filter_over_pairs_builds_the_relation_its_condition_describes() -> None:
    w = world(LINE, n=4)
    assert pairs(w.consts["next"]) == {(0, 1), (1, 2), (2, 3)}
    assert pairs(w.consts["link"]) == pairs(w.consts["next"]) | {(b, a) for a, b in pairs(w.consts["next"])}


def test_map_comprehension_gives_every_key_its_own_value() -> None:
    w = world(LINE, n=5)
    assert w.initial_state["dist"] == [0, 2, 4, 6, 8]
    assert w.initial_state["paint"] == [0, 1, 0, 1, 0]  # red, blue, ... by position


def test_a_map_comprehension_value_outside_the_declared_range_fails_the_build_by_name() -> None:
    with pytest.raises(InstantiationError, match="'dist' starts at 10, outside its range 0..8"):
        world(LINE.replace("int in 0..20", "int in 0..8"), n=6)


def test_a_map_comprehension_in_a_rule_keeps_every_value_in_its_range() -> None:
    source = """\
world grow {
  entity room[3]
  state { dist: map<room, int in 0..3> = map(r: room, index(r)) }
  action grow "grow" { do dist = map(r: room, dist[r] + 1) }
  observe "{each(r: room, dist[r])}"
}
"""
    env = Env(world(source))
    env.reset(seed=0)
    assert env.step("grow")[0] == "room1 1, room2 2, room3 3"
    obs, *_, info = env.step("grow")
    assert obs.endswith("room1 1, room2 2, room3 3") and info["error"] == "'dist' would become 4, outside its range 0..3"


# ------------------------------------------------------------------------------ closure over state


def test_closure_follows_steps_whose_condition_reads_the_current_state() -> None:
    env = Env(world(LINE, n=4))
    env.reset(seed=0)
    obs, *_ = env.step("flood")
    assert obs.startswith("At room1; lit room1, room2.")  # room3 is blocked, so the fill stops before it
    env.step("unblock")
    obs, _, done, *_ = env.step("flood")
    assert "lit room1, room2, room3, room4." in obs and done


def test_the_model_checker_explores_rules_with_closure_and_finds_the_shortest_solution() -> None:
    report = verify_world(world(LINE, n=4))
    assert report.ok
    assert report.oracle is not None and [s.command for s in report.oracle.steps] == ["unblock", "flood"]


# ------------------------------------------------------------------------------ compass and layouts

ROOMS = """\
world rooms {
  param n: int in 5..12
  entity room[n]
  state {
    at: room = room[0]
    exit: map<room, map<direction, room>> = compass_tree(room)
    facing: direction = north
  }
  const path = compass_chain(room)
  action go(d: direction) "go {d}" | "{d}" {
    when exit[at][d] != at else "No way {d}."
    do at = exit[at][d], facing = d
  }
  action back "back" { when exit[at][opposite(facing)] != at  do at = exit[at][opposite(facing)] }
  observe "In {at}; exits {filter(d: direction, exit[at][d] != at)}."
}
"""
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # north, east, south, west: direction's order


def _reachable(exits: list[list[int]], start: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in exits[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("seed", range(12))
def test_compass_layouts_are_planar_connected_trees_with_dead_ends(seed: int) -> None:
    w = world(ROOMS, seed=seed)
    n = len(w.entities["room"])
    for exits, most in ((w.initial_state["exit"], 4), (w.consts["path"], 2)):
        links = {(r, d, t) for r, row in enumerate(exits) for d, t in enumerate(row) if t != r}
        for r, d, t in links:  # every exit has its way back, the opposite way
            assert exits[t][(d + 2) % 4] == r
        assert len(links) == 2 * (n - 1)  # a tree: n - 1 corridors, each both ways
        assert _reachable(exits, 0) == set(range(n))
        degrees = [sum(t != r for t in exits[r]) for r in range(n)]
        assert max(degrees) <= most and degrees.count(1) >= 2  # dead ends
        # planar: walking the corridors from room 0 never puts two rooms on one square
        where, todo = {0: (0, 0)}, [0]
        while todo:
            r = todo.pop()
            for d, t in enumerate(exits[r]):
                if t != r and t not in where:
                    where[t] = (where[r][0] + STEP[d][0], where[r][1] + STEP[d][1])
                    todo.append(t)
        assert len(set(where.values())) == n


def test_directions_work_without_a_grid_and_opposite_turns_round() -> None:
    env = Env(world(ROOMS, seed=3))
    obs, _ = env.reset(seed=0)
    exits = obs.split("exits ")[1].rstrip(".").split(", ")
    there, *_ = env.step(exits[0])
    back, *_ = env.step("back")
    assert back.startswith(obs.split(";")[0])


def test_a_world_that_never_mentions_direction_declares_no_such_enum() -> None:
    assert [e.name for e in worldgen.loads(LINE, "w.wg").ir.enums] == ["colour"]
    assert "direction" in [e.name for e in worldgen.loads(ROOMS, "w.wg").ir.enums]


# ------------------------------------------------------------------------------ until: repair a draw

REPAIR = """\
world repair {
  entity tile[4]
  const order = until(p: shuffle(tile), index(p[0]) < index(p[1]), [p[1], p[0]] + p[2..])
  const far = until(k: randint(0, 9), k >= 7, randint(0, 9))
  state { at: tile = order[0] }
  action wait "wait" { }
}
"""


@pytest.mark.parametrize("seed", range(8))
def test_until_repairs_every_draw_instead_of_rejecting_it(seed: int) -> None:
    consts = world(REPAIR, seed=seed).consts
    assert sorted(consts["order"]) == [0, 1, 2, 3] and consts["order"][0] < consts["order"][1]
    assert 7 <= consts["far"] <= 9


def test_a_repair_that_never_reaches_its_condition_is_a_located_build_error() -> None:
    with pytest.raises(InstantiationError, match=r"initialising 'far': until at line 4 did not reach its condition in 1_000 steps"):
        world(REPAIR.replace("k >= 7", "k >= 10"))


# ------------------------------------------------------------------------------ bounded work


def test_a_comprehension_over_a_huge_domain_is_refused_before_it_runs() -> None:
    big = "world big {\n  entity cell[5000]\n  const link = filter(a: cell, b: cell, index(a) < index(b))\n  state { at: cell = cell[0] }\n  action wait \"wait\" { }\n}\n"
    with pytest.raises(InstantiationError, match=r"'link': filter over pairs at line 3 would test 25_000_000 pairs, more than 1_000_000"):
        world(big)


def test_a_closure_too_large_to_bound_is_a_rule_error_that_refuses_the_step() -> None:
    big = ("world big {\n  entity cell[2000]\n  state { at: cell = cell[0]  seen: set<cell> = {} }\n"
           "  action look \"look\" { do seen = closure(at, d -> e: index(e) == index(d) + 1) }\n}\n")
    env = Env(world(big))
    env.reset(seed=0)
    _, _, _, _, info = env.step("look")
    assert "closure at line 4 ranges over 2_000 values" in info["error"]


# ------------------------------------------------------------------------------ misuse

MISUSE = [
    ("const m = map(r: room[1..], 1)", 5, 20, "WG301", "a map has a value for every key, so map(k: K, ...) ranges over a whole entity or enum, not a set of room"),
    ("const r = filter(a: room, a: room, true)", 5, 13, "WG213", "filter over pairs binds 'a' twice; name the two sides apart"),
    ("const r = count(a: room, b: room, true)", 5, 13, "WG205", "'count' takes one variable; only filter ranges over pairs: filter(a: A, b: B, cond) is the relation of the pairs that satisfy cond"),
    ("const r = filter(a: room, b: 1..3, true)", 5, 32, "WG301", "'filter' over pairs ranges over an entity, an enum or a set of them, not a list of ints"),
    ("const r = closure(x, d -> e: true)", 5, 21, "WG301", "closure starts from an entity or enum value or a set of them, not an int"),
    ("const r = closure(room[0], d -> e: d + 1)", 5, 38, "WG301", "the left side of '+' must be an int, but this is a room"),
    ("const r = reach(room[0], d -> e: true)", 5, 13, "WG205", "'reach(x, d -> e: cond)' is not a fixpoint; write closure(x, d -> e: cond)"),
    ("const r = until(k: 0, k > 1)", 5, 13, "WG303", "until takes a start, a condition and a step: until(x: START, COND, STEP)"),
    ("const r = until(k: 0, k > 1, room[0])", 5, 32, "WG301", "the step of until must give an int like its start, not a room"),
    ("const r = opposite(room[0])", 5, 22, "WG301", "opposite needs a direction (north, east, south, west), not a room"),
    ("const r = compass_tree(3)", 5, 26, "WG301", "compass_tree needs an entity name, e.g. compass_tree(room)"),
]


@pytest.mark.parametrize("line, row, col, code, message", MISUSE, ids=[m[0] for m in MISUSE])
def test_each_misuse_gets_one_located_diagnostic(line: str, row: int, col: int, code: str, message: str) -> None:
    source = f"world w {{\n  entity room[3]\n  state {{ at: room = room[0]  x: int in 0..3 = 0 }}\n  action wait \"wait\" {{ }}\n  {line}\n}}\n"
    assert one(source) == (row, col, code, message)


@pytest.mark.parametrize("rule, message", [
    ("do x = until(k: 0, k > 1, k + 1)", "until(x: START, COND, STEP) repairs a value while the world is built"),
    ("when compass_tree(room)[at][north] != at", "compass_tree() builds a layout when the world is built"),
])
def test_build_time_forms_are_refused_in_rules(rule: str, message: str) -> None:
    source = f"world w {{\n  entity room[3]\n  state {{ at: room = room[0]  x: int in 0..3 = 0 }}\n  action act \"act\" {{ {rule} }}\n}}\n"
    [d] = diagnostics(source)
    assert d.code == "WG402" and message in d.message and d.span.line == 4


# ------------------------------------------------------------------------------ formatting


@pytest.mark.parametrize("source", [LINE, ROOMS, REPAIR], ids=["line", "rooms", "repair"])
def test_fmt_keeps_the_new_forms_and_their_meaning(source: str) -> None:
    from worldgen.syntax.printer import format_source

    once = format_source(source, "w.wg")
    assert format_source(once, "w.wg") == once
    positions = re.compile(r'"line":\d+')  # formatting may move a form to another line
    assert positions.sub("", worldgen.loads(once, "w.wg").ir.to_json()) == positions.sub("", worldgen.loads(source, "w.wg").ir.to_json())


def test_an_artifact_whose_closure_binds_a_non_identifier_is_refused_before_any_code_is_made() -> None:
    from worldgen.compiler.artifact import unsafe_names

    text = worldgen.loads(LINE, "w.wg").ir.to_json()
    assert unsafe_names(json.loads(text)) == []
    assert text.count('"value":"e"') == 1  # the closure's second variable
    [bad] = unsafe_names(json.loads(text.replace('"value":"e"', '"value":"e: 1); import os; ("', 1)))
    assert bad.startswith("/actions/") and bad.endswith("/op")  # the closure node is pointed at
