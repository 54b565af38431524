"""Language 2 at run time: what stepping a world does with each new construct.

Each section builds a tiny world (no content block, so the record is ``{}``), steps it with the
commands a player would type and states what the player reads, what the state becomes, and which
steps are refused (``info["valid"]`` false, ``info["error"]`` naming a broken rule).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import worldgen
from worldgen.compiler.executors import LocalExecutor
from worldgen.compiler.suite import Spec, compile_suite
from worldgen.verify import Bounds


def play(source: str, seed: int = 0, **params: int) -> worldgen.Env:
    """A world of ``source`` (no content), reset and ready to step."""
    env = worldgen.loads(source, "w.wg").instantiate({}, seed=seed, params=params or None).env()
    env.reset(seed=0)
    return env


def step(env: worldgen.Env, command: str) -> tuple[str, bool, str | None]:
    """What the player reads, whether an action ran, and the broken rule when the step was discarded."""
    obs, _, _, _, info = env.step(command)
    return obs, info["valid"], info.get("error")


def reward(env: worldgen.Env, command: str) -> float:
    return env.step(command)[1]


# -------------------------------------------------------------------------------------- grids

GRID = """\
world g {
  entity cell grid(3, 2)
  state { at: cell = cell(0, 0)  facing: direction = east }
  action go(d: direction) "go {d}" | "{d}" { do at = step(at, d), facing = d }
  action dash(k: int in 1..4) "dash {k}" { do at = step(at, facing, k) }
  action hop(x: int in 0..3, y: int in 0..2) "hop {x} {y}" { do at = cell(x, y) }
  action back "back" { do at = cell(at.x - 1, at.y) }
  action goto(c: cell) "goto {c}" { when c in neighbours(at)  do at = c }
  observe "{at} x={at.x} y={at.y} #{index(at)} next to {neighbours(at)}"
}
"""


def test_grid_cells_are_named_like_a_spreadsheet_row_by_row() -> None:
    env = play(GRID)
    assert env.world.entities["cell"] == ["a1", "b1", "c1", "a2", "b2", "c2"]
    wide = worldgen.loads("world w {\n  entity c grid(28, 1)\n  state { at: c = c[0] }\n  action a \"a\" { }\n}\n", "w.wg")
    assert wide.instantiate({}, seed=0).entities["c"][24:] == ["y1", "z1", "aa1", "ab1"]


def test_cells_know_their_column_row_and_neighbours() -> None:
    env = play(GRID)
    assert step(env, "hop 1 1")[0] == "b2 x=1 y=1 #4 next to b1, a2, c2"
    assert step(env, "hop 2 0")[0] == "c1 x=2 y=0 #2 next to b1, c2"


def test_a_step_towards_the_edge_stays_put() -> None:
    env = play(GRID)
    assert step(env, "north") == ("a1 x=0 y=0 #0 next to b1, a2", True, None)  # the enum argument alone is a command
    assert step(env, "go west")[0].startswith("a1 ")
    assert step(env, "south")[0].startswith("a2 ")
    assert step(env, "south")[0].startswith("a2 ")


def test_k_steps_stop_at_the_edge() -> None:
    env = play(GRID)
    assert step(env, "dash 1")[0].startswith("b1 ")  # facing east
    assert step(env, "dash 4")[0].startswith("c1 ")
    step(env, "go west")
    assert step(env, "dash 4")[0].startswith("a1 ")


def test_neighbours_limit_where_goto_may_go() -> None:
    env = play(GRID)
    assert step(env, "goto c2")[1] is False
    assert step(env, "goto a2")[:2] == ("a2 x=0 y=1 #3 next to a1, b2", True)


def test_a_cell_off_the_grid_refuses_the_step() -> None:
    env = play(GRID)
    assert step(env, "hop 3 0") == ("Nothing happens.\na1 x=0 y=0 #0 next to b1, a2", False, "(3, 0) is off the 3x2 grid")
    assert step(env, "back") == ("Nothing happens.\na1 x=0 y=0 #0 next to b1, a2", False, "(-1, 0) is off the 3x2 grid")
    assert env.state()["at"] == 0


def test_enums_are_indexed_and_sliced_like_entities() -> None:
    env = play("""\
world traffic {
  enum light { red, amber, green }
  entity slot[3]
  state { now: light = light[0] }
  action cycle "cycle" { do now = light[(index(now) + 1) % count(light)] }
  observe "{now} #{index(now)}; after the first: {light[1..]}; before the last: {light[..-1]}; last: {light[-1]}; {slot[1..]}"
}
""")
    assert step(env, "cycle")[0] == "amber #1; after the first: amber, green; before the last: red, amber; last: green; slot2, slot3"
    step(env, "cycle")
    assert step(env, "cycle")[0].startswith("red #0;")


# ------------------------------------------------------------------------- quantifiers, loops

LAMPS = """\
world lamps {
  entity lamp[3]
  state { on: set<lamp> = {}  at: lamp = lamp[0]  k: int in 0..9 = 0 }
  action toggle(l: lamp) "toggle {l}" { if l in on { do on -= l } else { do on += l } }
  action jump "jump" { do at = first(l: on, true) }
  action last "last" { do at = first(l: reverse(sorted(on)), true, lamp[0]) }
  action find "find" { do k = first(i: 0..2, lamp[i] not in on) }
  action all_on "all on" { for l in lamp { do on += l }  for i in 1..3 { do k += i } }
  action all_off "all off" { for l in on { do on -= l } }
  observe "[{join(i: 0..2, if lamp[i] in on then '*' else '.', '')}] lit: {each(l: on, '#{index(l)}')}; {each(l: lamp, l in on)}; k={k} at={at}"
}
"""


def test_first_over_a_range_gives_hi_plus_one_when_nothing_qualifies() -> None:
    env = play(LAMPS)
    assert step(env, "find")[0].endswith("k=0 at=lamp1")
    for lamp in ("lamp1", "lamp2", "lamp3"):
        step(env, f"toggle {lamp}")
    assert step(env, "find")[0].endswith("k=3 at=lamp1")


def test_first_over_a_set_refuses_the_step_when_nothing_qualifies_and_has_no_default() -> None:
    env = play(LAMPS)
    obs, valid, error = step(env, "jump")
    assert not valid and obs.startswith("Nothing happens.\n")
    assert error == "first(...) found nothing; give it a default: first(x: S, COND, DEFAULT)"
    assert step(env, "last")[:2] == ("[...] lit: nothing; lamp1 no, lamp2 no, lamp3 no; k=0 at=lamp1", True)
    step(env, "toggle lamp2")
    step(env, "toggle lamp3")
    assert step(env, "jump")[0].endswith("at=lamp2")
    assert step(env, "last")[0].endswith("at=lamp3")


def test_join_draws_a_row_and_each_with_a_format_gives_exactly_that_text() -> None:
    env = play(LAMPS)
    step(env, "toggle lamp1")
    assert step(env, "toggle lamp3")[0] == "[*.*] lit: #0, #2; lamp1 yes, lamp2 no, lamp3 yes; k=0 at=lamp1"


def test_for_loops_run_once_per_element_each_seeing_the_passes_before() -> None:
    env = play(LAMPS)
    step(env, "toggle lamp2")
    assert step(env, "all on")[0] == "[***] lit: #0, #1, #2; lamp1 yes, lamp2 yes, lamp3 yes; k=6 at=lamp1"
    assert step(env, "all off")[0].startswith("[...] lit: nothing;")


def test_a_join_quantifier_builds_a_board() -> None:
    env = play("""\
world board {
  entity cell grid(3, 2)
  state { at: cell = cell(1, 0)  rocks: set<cell> = {cell(2, 1)} }
  action go(d: direction) "{d}" { do at = step(at, d) }
  def glyph(c: cell) = if c == at then "@" else if c in rocks then "#" else "."
  observe "{join(y: 0..1, join(x: 0..2, glyph(cell(x, y)), ''), '\\n')}"
}
""")
    assert step(env, "south")[0] == "...\n.@#"


def test_quantifiers_range_over_both_ends_of_an_int_range() -> None:
    env = play("""\
world r {
  param n: int in 3..5
  state { k: int in 0..9 = 0 }
  action a "a" { }
  observe "{sum(i: 1..n, i)} {count(i: 1..n, i % 2 == 1)} {filter(i: 0..n, i % 2 == 0)} {all(i: n..n - 1, false)} {max(i: 2..n, i * i)} {join(i: 1..3, text(i * i))}"
}
""", n=4)
    assert step(env, "a")[0] == "10 2 0, 2, 4 yes 16 1, 4, 9"  # an empty range makes all() true; join's default separator


# ------------------------------------------------------------------------------ def and let

DEFS = """\
world defs {
  param n: int in 3..5
  entity slot[n]
  def half(k: int in 0..10) = k / 2
  const mid = half(n)
  state { fill: map<slot, int in 0..9> = 0  at: slot = slot[mid] }
  def here() = fill[at]
  def full(s: slot): bool = fill[s] == 9
  def room_in(s: slot) = 9 - fill[s]
  action pour(k: int in 1..9) "pour {k}" {
    let room = room_in(at)
    when room > 0 else "{at} is full."
    let amount = min(k, room)
    when amount > 1 else "Pour more than {amount}."
    do fill[at] += amount
    let left = room_in(at)
    say "You pour {amount} into {at}; it can take {left} more."
  }
  action next "next" { when index(at) < n - 1  do at = slot[index(at) + 1] }
  observe "{at}: {here()}. Full: {filter(s: slot, full(s))}. {let t = sum(s: slot, fill[s]); if t > 9 then 'Heavy.' else 'Light.'}"
}
"""


def test_a_def_over_params_computes_a_const() -> None:
    env = play(DEFS, n=5)
    assert env.world.consts == {"mid": 2} and env.world.initial_state["at"] == 2


def test_let_before_between_and_after_whens() -> None:
    env = play(DEFS, n=3)
    assert step(env, "pour 1") == ("Pour more than 1.\nslot2: 0. Full: nothing. Light.", False, None)  # the second when
    assert step(env, "pour 5")[0] == "You pour 5 into slot2; it can take 4 more.\nslot2: 5. Full: nothing. Light."
    assert step(env, "pour 7")[0] == "You pour 4 into slot2; it can take 0 more.\nslot2: 9. Full: slot2. Light."
    assert step(env, "pour 1") == ("slot2 is full.\nslot2: 9. Full: slot2. Light.", False, None)  # the first when
    step(env, "next")
    assert step(env, "pour 9")[0].endswith("slot3: 9. Full: slot2, slot3. Heavy.")  # let inside an expression


# ------------------------------------------------------------------------------------- lists

STACK = """\
world stack {
  enum crate { red, green, blue }
  entity slot[3]
  state { st: list<crate> max 3 = [red]  log: list<slot> max 2 = []  nums: list<int in 0..9> max 4 = [3, 1, 2] }
  action put(c: crate) "put {c}" { do st += c }
  action push(c: crate) "push {c}" { do st = push(st, c) }
  action two "two" { do st += [green, green] }
  action pop "pop" { say "popped {top(st)}"  do st = pop(st) }
  action rest "rest" { do st = rest(st) }
  action rev "rev" { do st = reverse(st) }
  action sort "sort" { do st = sorted(st) }
  action tail "tail" { do st = st[1..] }
  action under(c: crate) "under {c}" { do st = [c] + st }
  action pick(i: int in 0..3) "pick {i}" { say "{st[i]}" }
  action visit(s: slot) "visit {s}" { do log += s }
  observe "{st} (len {len(st)}, count {count(st)}); ends {if len(st) > 0 then text(st[0]) + '/' + text(st[-1]) else '-'}; head {st[..1]}; red in: {red in st}; not blue: {blue not in st}"
}
"""


def test_push_pop_top_rest_and_friends() -> None:
    env = play(STACK)
    assert step(env, "put blue")[0] == "red, blue (len 2, count 2); ends red/blue; head red; red in: yes; not blue: no"
    assert step(env, "push green")[0].startswith("red, blue, green (len 3, count 3); ends red/green")
    assert step(env, "pop")[0].startswith("popped green\nred, blue (len 2")
    assert step(env, "rev")[0].startswith("blue, red (len 2")
    assert step(env, "sort")[0].startswith("red, blue (len 2")
    assert step(env, "under green")[0].startswith("green, red, blue (len 3")
    assert step(env, "pick 1")[0].startswith("red\n")
    assert step(env, "pick 3")[1:] == (False, "index 3 is outside a list of 3 items")  # past the end: refused
    assert step(env, "tail")[0].startswith("red, blue (len 2")
    assert step(env, "rest")[0].startswith("blue (len 1")
    assert step(env, "rest")[0] == "nothing (len 0, count 0); ends -; head nothing; red in: no; not blue: yes"


def test_top_pop_and_rest_of_an_empty_list_refuse_the_step() -> None:
    env = play(STACK)
    step(env, "rest")
    assert step(env, "pop")[1:] == (False, "top() of an empty list")
    assert step(env, "rest")[1:] == (False, "rest() of an empty list")


def test_pushing_past_max_refuses_the_step_with_a_clear_error() -> None:
    env = play(STACK)
    step(env, "put green")
    step(env, "put blue")
    before = env.state()
    assert step(env, "put red") == (
        "Nothing happens.\nred, green, blue (len 3, count 3); ends red/blue; head red; red in: yes; not blue: no",
        False, "'st' would hold 4 items, more than its max 3")
    assert step(env, "push red")[1:] == (False, "'st' would hold 4 items, more than its max 3")
    assert env.state() == before


def test_plus_equals_pushes_one_item_or_every_item_of_a_list() -> None:
    env = play(STACK)
    assert step(env, "two")[0].startswith("red, green, green (len 3")
    step(env, "rest")
    assert step(env, "two")[1:] == (False, "'st' would hold 4 items, more than its max 3")
    step(env, "visit slot2")
    step(env, "visit slot2")
    assert env.state()["log"] == [1, 1]  # repeats allowed
    assert step(env, "visit slot1")[2] == "'log' would hold 3 items, more than its max 2"


def test_sorted_and_reverse_of_ints_and_sets() -> None:
    env = play("""\
world s {
  entity slot[3]
  state { nums: list<int in 0..9> max 4 = [3, 1, 2]  some: set<slot> = {slot[2], slot[0]} }
  action a "a" { }
  observe "{sorted(nums)} | {reverse(nums)} | {sorted(some)} | {reverse(sorted(some))} | {nums[1..2]} | {nums[..-1]}"
}
""")
    assert step(env, "a")[0] == "1, 2, 3 | 2, 1, 3 | slot1, slot3 | slot3, slot1 | 1 | 3, 1"


# ----------------------------------------------------------------------- maps and closures

ROADS = """\
world roads {
  enum town { ash, birch, cedar, dale }
  entity slot[2]
  state {
    road: rel<town, town> = {}
    toll: map<town, int in 0..9> = {birch: 3, dale: 5}
    owner: map<town, slot> = {cedar: slot[1]}
    flag: map<town, bool> = {ash: true}
    tags: map<town, set<slot>> = {dale: {slot[0]}}
    trips: map<town, map<town, int in 0..3>> = {ash: {birch: 1}}
    stops: map<town, list<town> max 3> = {ash: [birch, cedar]}
  }
  action build(a: town, b: town) "build {a} {b}" { when a != b and not road(a, b)  do road(a, b) = true }
  action bump(a: town, b: town) "bump {a} {b}" { do trips[a][b] += 1 }
  action clear "clear tolls" { do toll = {cedar: 4} }
  observe "tolls {each(t: town, toll[t])}; owners {each(t: town, owner[t])}; flags {each(t: town, flag[t])}; tags {each(t: town, '{t}=[{tags[t]}]')}; stops {each(t: town, '{t}:{stops[t]}')}; from ash: {closure(road, ash)}; from ash or dale: {closure(road, {ash, dale})}"
}
"""


def test_map_literals_give_unlisted_keys_their_types_zero() -> None:
    env = play(ROADS)
    assert env.step("look")[0].split("\n")[1] == (
        "tolls ash 0, birch 3, cedar 0, dale 5; owners ash slot1, birch slot1, cedar slot2, dale slot1; "
        "flags ash yes, birch no, cedar no, dale no; tags ash=[nothing], birch=[nothing], cedar=[nothing], dale=[slot1]; "
        "stops ash:birch, cedar, birch:nothing, cedar:nothing, dale:nothing; from ash: nothing; from ash or dale: nothing")


def test_an_int_maps_zero_is_its_lower_bound_in_every_world_and_in_effects() -> None:
    """``{birch: 3}`` for a ``map<town, int in low..9>`` gives the other towns ``low``: 0 would be
    out of range (building the world, or running the effect, would fail)."""
    source = ROADS.replace("world roads {", "world roads {\n  param low: int in 1..2").replace("int in 0..9", "int in low..9")
    env = play(source, low=2)
    assert env.world.initial_state["toll"] == [2, 3, 2, 5]
    assert step(env, "clear tolls")[1] is True
    assert env.state()["toll"] == [2, 2, 4, 2]


def test_inner_map_literals_default_to_the_inner_types_zero() -> None:
    env = play("""\
world n {
  enum town { ash, birch, cedar }
  state { trips: map<town, map<town, int in 1..3>> = {ash: {birch: 2}} }
  action redo "redo ash" { do trips[ash] = {cedar: 3} }
  action again "again" { do trips = {birch: {ash: 3}} }
}
""")
    assert env.world.initial_state["trips"] == [[1, 2, 1], [1, 1, 1], [1, 1, 1]]
    assert step(env, "redo ash")[1] is True and env.state()["trips"] == [[1, 1, 3], [1, 1, 1], [1, 1, 1]]
    assert step(env, "again")[1] is True and env.state()["trips"] == [[1, 1, 1], [3, 1, 1], [1, 1, 1]]


def test_nested_maps_are_read_and_assigned_entry_by_entry() -> None:
    env = play(ROADS)
    assert env.world.initial_state["trips"] == [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    step(env, "bump ash birch")
    step(env, "bump ash birch")
    step(env, "bump dale cedar")
    assert env.state()["trips"] == [[0, 3, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0]]
    assert step(env, "bump ash birch")[1:] == (False, "'trips' would become 4, outside its range 0..3")


def test_closure_is_everything_reachable_in_one_or_more_steps() -> None:
    env = play(ROADS)
    step(env, "build ash birch")
    assert step(env, "build birch cedar")[0].endswith("from ash: birch, cedar; from ash or dale: birch, cedar")
    assert step(env, "build cedar ash")[0].endswith("from ash: ash, birch, cedar; from ash or dale: ash, birch, cedar")


# -------------------------------------------------------------------------------------- text

TEXT = '''\
world text_demo {
  enum item { rope, lamp }
  state { hp: int in 0..9 = 5  bag: set<item> = {rope}  rich: bool = false }
  def label(k: int in 0..9): text = "hp " + k
  action hit "hit" { when hp > 0  do hp -= 1  say "{'Ouch! ' + hp + ' left.'}" }
  action take "take lamp" { do bag += lamp, rich = true }
  action look "look" { say "{text(bag) + ' (' + text(count(bag)) + ')'} {label(hp)} {text(rich)} {text(lamp)}" }
  observe """
    Status: {"{hp} of 9" + (if rich then ", rich" else "")}
      Bag: {if bag == {} then "empty" else text(bag)}
    Sums: {1 + 2 + " apples"}, {"apples: " + 1 + 2}."""
}
'''


def test_a_triple_quoted_observation_loses_its_margin_and_first_newline() -> None:
    env = worldgen.loads(TEXT, "t.wg").instantiate({}, seed=0).env()
    obs, _ = env.reset()
    assert obs == "Status: 5 of 9\n  Bag: rope\nSums: 3 apples, apples: 12."


def test_text_is_built_with_plus_and_text() -> None:
    env = play(TEXT)
    assert step(env, "hit")[0].split("\n")[0] == "Ouch! 4 left."
    assert step(env, "look")[0].split("\n")[0] == "rope (1) hp 4 no lamp"
    step(env, "take lamp")
    assert step(env, "look")[0] == "rope, lamp (2) hp 4 yes lamp\nStatus: 4 of 9, rich\n  Bag: rope, lamp\nSums: 3 apples, apples: 12."


# ------------------------------------------------------------------------------------ numbers

NUMBERS = """\
world numbers {
  param n: int in 1..3
  param secret: int in 0..9
  const bonus = 2 * n
  state { guess: int in 0..9 = 0  tries: int in 0..20 = 0 }
  action guess(k: int in 0..9) "guess {k}" { do guess = k, tries += 1 }
  action wait "wait" { chance(1 / n) { do tries += 1 } }
  reward (1 - secret / 19) when guess == secret and tries > 0
  reward bonus on guess when k == secret
  done when guess == secret and tries > 0
  horizon 2 * n + 1
  expect solvable within 2^n - 1
}
"""


def test_horizon_and_rewards_are_resolved_per_world() -> None:
    scaffold = worldgen.loads(NUMBERS, "numbers.wg")
    for n, horizon in ((2, 5), (3, 7)):
        env = scaffold.instantiate({}, seed=0, params={"n": n, "secret": 3}).env()
        env.reset()
        assert env.horizon == horizon
        assert env.step("guess 3")[1] == pytest.approx(1 - 3 / 19 + 2 * n)


def test_a_chance_that_is_certain_in_some_world_rejects_that_world_naming_the_line() -> None:
    with pytest.raises(worldgen.InstantiationError) as err:
        worldgen.loads(NUMBERS, "numbers.wg").instantiate({}, seed=0, params={"n": 1})
    assert str(err.value) == "chance at line 7 is 1 in this world; it must be strictly between 0 and 1"


def test_a_horizon_out_of_range_in_some_world_rejects_that_world_naming_the_line() -> None:
    scaffold = worldgen.loads(NUMBERS.replace("horizon 2 * n + 1", "horizon 5 - 2 * n"), "numbers.wg")
    assert scaffold.instantiate({}, seed=0, params={"n": 2}).env().horizon == 1
    with pytest.raises(worldgen.InstantiationError) as err:
        scaffold.instantiate({}, seed=0, params={"n": 3})
    assert str(err.value) == "horizon at line 11 is -1 in this world; it must be an int in 1..1_000"


def test_a_horizon_over_the_cap_in_some_world_says_why_there_is_a_cap() -> None:
    scaffold = worldgen.loads(NUMBERS.replace("horizon 2 * n + 1", "horizon 500 * n"), "numbers.wg")
    assert scaffold.instantiate({}, seed=0, params={"n": 2}).env().horizon == 1000
    with pytest.raises(worldgen.InstantiationError) as err:
        scaffold.instantiate({}, seed=0, params={"n": 3})
    assert str(err.value) == ("horizon at line 11 is 1500 in this world; it must be an int in 1..1_000 (verify computes "
                              "returns exactly, one pass over the world's states per step of the horizon)")


def test_a_literal_horizon_over_the_cap_in_an_ir_from_elsewhere_is_refused_at_build() -> None:
    ir = worldgen.loads(NUMBERS.replace("horizon 2 * n + 1", "horizon 10"), "numbers.wg").ir
    edited = worldgen.Scaffold(ir.model_copy(update={"horizon": 1_000_000}))
    with pytest.raises(worldgen.InstantiationError, match=r"^horizon is 1000000 in this world; it must be an int in 1\.\.1_000 "):
        edited.instantiate({}, seed=0, params={"n": 2})


def test_a_number_that_cannot_be_computed_names_its_line() -> None:
    scaffold = worldgen.loads(NUMBERS.replace("reward bonus on guess", "reward (1 / (n - 2)) on guess"), "numbers.wg")
    with pytest.raises(worldgen.InstantiationError) as err:
        scaffold.instantiate({}, seed=0, params={"n": 2})
    assert str(err.value) == "line 9: division by zero"


# --------------------------------------------------------------------------------- every step

CLOCK = """\
world clock {
  state { clock: int in 0..20 = 0  hp: int in 0..3 = 3  fed: bool = false  big: int in 0..2 = 0 }
  action eat "eat" { when not fed else "You are full."  do fed = true  say "Crunch." }
  action wait "wait" { }
  action yawn "yawn" { say "Yawn." }
  action grow "grow" { do big += 1 }
  every step {
    do clock += 1
    if clock % 3 == 0 {
      if not fed { do hp -= 1  say "You grow hungry." }
      do fed = false
    }
  }
  observe "Hour {clock}, {hp} hp."
  fail when hp == 0
}
"""


def test_every_step_runs_after_each_action_that_happens_and_its_say_comes_after_the_actions() -> None:
    env = play(CLOCK)
    assert step(env, "eat") == ("Crunch.\nHour 1, 3 hp.", True, None)
    assert step(env, "wait")[0] == "Hour 2, 3 hp."
    assert step(env, "wait")[0] == "Hour 3, 3 hp."  # fed: no hunger, and fed is reset
    step(env, "wait")
    step(env, "wait")
    assert step(env, "wait")[0] == "You grow hungry.\nHour 6, 2 hp."
    step(env, "wait")
    step(env, "wait")
    assert step(env, "yawn")[0] == "Yawn.\nYou grow hungry.\nHour 9, 1 hp."


def test_every_step_does_not_run_after_refused_unknown_or_discarded_commands() -> None:
    env = play(CLOCK)
    step(env, "eat")
    assert step(env, "eat") == ("You are full.\nHour 1, 3 hp.", False, None)  # a failed when
    assert step(env, "sing") == ("Nothing happens.\nHour 1, 3 hp.", False, None)  # no such command
    step(env, "grow")
    step(env, "grow")
    assert step(env, "grow") == ("Nothing happens.\nHour 3, 3 hp.", False, "'big' would become 3, outside its range 0..2")
    assert env.state()["clock"] == 3


def test_a_rule_error_in_every_step_discards_the_whole_step() -> None:
    env = play(CLOCK.replace("clock: int in 0..20 = 0", "clock: int in 0..2 = 0"))
    step(env, "grow")
    step(env, "wait")
    assert step(env, "grow") == ("Nothing happens.\nHour 2, 3 hp.", False, "'clock' would become 3, outside its range 0..2")
    assert env.state()["big"] == 1


# ----------------------------------------------------------------------------------- rewards

CHORES = """\
world chores {
  enum chore { dishes, floor, bins }
  state { finished: set<chore> = {floor}  noise: int in 0..2 = 0 }
  action work(c: chore) "do {c}" { when c not in finished else "Already done."  do finished += c }
  action undo(c: chore) "undo {c}" { when c in finished  do finished -= c }
  action bang(c: chore) "bang {c}" { do noise += 2 }
  reward 0.5 on work when c == bins and count(finished) == 1
  reward 7 on bang when c == bins
  reward 0.1 for each c in chore when c in finished
  observe "Done: {finished}."
}
"""


def test_reward_on_when_is_checked_as_the_action_starts_with_its_arguments() -> None:
    env = play(CHORES)
    assert reward(env, "do bins") == pytest.approx(0.5 + 0.1)  # one chore finished as it started; bins pays once
    assert reward(env, "do bins") == 0  # refused by its when
    assert reward(env, "undo bins") == 0
    assert reward(env, "do bins") == pytest.approx(0.5)  # bins already paid its 0.1
    assert reward(env, "undo bins") == 0
    assert reward(env, "do dishes") == pytest.approx(0.1)  # c == dishes, not bins
    assert reward(env, "do bins") == 0  # two chores finished as it started


def test_reward_on_when_pays_nothing_for_a_discarded_step() -> None:
    env = play(CHORES)
    assert reward(env, "bang bins") == 7
    obs, paid, _, _, info = env.step("bang bins")  # noise would become 4: the step is discarded
    assert (paid, info["valid"], info["error"]) == (0, False, "'noise' would become 4, outside its range 0..2")


def test_reward_for_each_pays_once_per_element_never_for_one_true_at_reset() -> None:
    env = play(CHORES)
    paid = [reward(env, c) for c in ["do dishes", "undo dishes", "do dishes", "undo floor", "do floor", "do bins"]]
    assert paid == pytest.approx([0.1, 0, 0, 0, 0, 0.1])


# ----------------------------------------------------------------------------------- require

REACH = """\
world reach {
  param n: int in 4..6
  entity room[n]
  state {
    at: room = room[-1]
    door: rel<room, room> = random_dag(room, 1)
    goal: room = choice(room[..-1])
  }
  require goal in closure(door, at) else "no way from {at} to {goal}"
  action go(to: room) "go {to}" { when door(at, to)  do at = to }
  observe "In {at}; doors to {door(at)}. Find {goal}."
  reward 1 when at == goal
  done when at == goal
  expect solvable within n
}
"""


def test_require_rejects_a_world_at_instantiate_with_its_reason() -> None:
    scaffold = worldgen.loads(REACH, "reach.wg")
    with pytest.raises(worldgen.InstantiationError) as err:
        scaffold.instantiate({}, seed=0)
    assert str(err.value) == "require (line 9) does not hold: no way from room4 to room3"
    assert err.value.check == "require (line 9)"
    world = scaffold.instantiate({}, seed=3)
    assert world.params == {"n": 6}


def test_require_may_call_defs_that_read_the_state_and_renders_its_reason_in_the_rejected_state() -> None:
    source = """\
world r {
  entity slot[3]
  state { seen: set<slot> = {slot[0], slot[2]} }
  def filled() = count(seen)
  require filled() == 0 else "{filled()} slots ({seen}) seen at the start"
  action mark(s: slot) "mark {s}" { do seen += s }
}
"""
    with pytest.raises(worldgen.InstantiationError) as err:
        worldgen.loads(source, "w.wg").instantiate({}, seed=0)
    assert str(err.value) == "require (line 5) does not hold: 2 slots (slot1, slot3) seen at the start"


def test_the_suite_compiler_counts_require_failures_with_their_reason(tmp_path: Path) -> None:
    spec = Spec(worldgen.loads(REACH, "reach.wg").ir, (("empty", {}),), {}, Bounds(), 1)
    summary = compile_suite(spec, range(0, 4), tmp_path / "out", LocalExecutor(1))
    rejected = [json.loads(line) for line in (tmp_path / "out" / "rejected.jsonl").read_text().splitlines()]
    draws = [d for r in rejected for d in r["draws"] if d["failed"] == ["require (line 9)"]]
    assert draws and all(d["reason"].startswith("require (line 9) does not hold: no way from ") for d in draws)
    data = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert data["failed_checks_in_rejected"]["require (line 9)"] == len(draws)
    assert summary.accepted + summary.rejected == 4
