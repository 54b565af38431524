"""Language 2 in the checker: every new construct checks, and every misuse gets exactly one
precise diagnostic (file, line, column, message and code), as a person would read it.

The misuse cases edit one line of ``BASE``, a small valid world that uses the new constructs,
so the diagnostic each case expects is the only one printed.
"""

from __future__ import annotations

import pytest

import worldgen
from worldgen.ir.models import Scaffold

BASE = """\
world w {
  param n: int in 2..3
  entity slot[n]
  enum colour { red, green, blue }
  state {
    pile: list<colour> max 3 = [red]
    seen: set<slot> = {}
    clock: int in 0..9 = 0
  }
  def full(s: slot): bool = s in seen
  def filled() = count(seen)
  action put(c: colour) "put {c}" {
    when len(pile) < 3
    do pile += c
  }
  action mark(s: slot) "mark {s}" { when not full(s)  do seen += s }
  every step { do clock += 1 }
  observe "Pile {pile}; seen {seen}."
  reward 1 on put when c == red
  reward 0.1 for each s in slot when s in seen
  reward (1 / n) when filled() == n
  done when filled() == n
  horizon 4 * n
  expect solvable within 2 * n
  require filled() == 0 else "{filled()} slots seen at the start"
}
"""


def edit(old: str, new: str) -> str:
    assert BASE.count(old) == 1, f"edit target not found once: {old!r}"
    return BASE.replace(old, new)


def check(source: str) -> Scaffold:
    return worldgen.loads(source, "w.wg").ir


def diagnostics(source: str) -> list[worldgen.Diagnostic]:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    return err.value.diagnostics


# ------------------------------------------------------------------------------ what checks


def test_base_world_checks_and_records_the_new_constructs() -> None:
    s = check(BASE)
    assert [f.name for f in s.functions] == ["full", "filled"]
    assert [st.kind for st in s.every] == ["assign"]
    assert [(r.kind, r.action) for r in s.rewards] == [("on", "put"), ("each", None), ("when", None)]
    on, each, when = s.rewards
    assert on.cond is not None and on.amount == 1
    assert each.var == "s" and each.domain is not None and each.domain.op == "all"
    assert when.amount_expr is not None and when.amount_expr.op == "arith"  # (1 / n): resolved per world
    assert s.horizon_expr is not None and s.expects[0].within_expr is not None
    assert len(s.requires) == 1 and s.requires[0].line == 25


def test_grids_directions_and_positions_check() -> None:
    check("""\
world g {
  param w: int in 3..4
  entity cell grid(w, 3)
  state { at: cell = cell(0, 0)  facing: direction = east  open: rel<cell, cell> = maze(cell) }
  action go(d: direction) "go {d}" | "{d}" {
    when open(at, step(at, d))
    do at = step(at, d), facing = d
  }
  action dash "dash" { do at = step(at, facing, 2) }
  action hop "hop" { do at = cell(at.x + 2 * dx(facing), at.y + 2 * dy(facing)) }
  action goto(c: cell) "goto {c}" { when c in neighbours(at)  do at = c }
  observe "{at} ({at.x}, {at.y}, #{index(at)}) facing {facing}; next to {neighbours(at)}"
  done when at == cell(w - 1, 2)
}
""")


def test_enums_and_entities_are_indexed_and_sliced_by_position() -> None:
    s = check("""\
world e {
  enum light { red, amber, green }
  entity slot[4]
  state { now: light = light[0]  at: slot = slot[-1] }
  action cycle "cycle" { do now = light[(index(now) + 1) % count(light)] }
  observe "{light[1..]} {light[..-1]} {light[-1]} {slot[1..3]} {index(at)}"
}
""")
    assert s.state[0].init.op == "entity" and s.state[0].init.name == "light"


def test_int_ranges_first_join_each_and_for_check() -> None:
    check("""\
world q {
  param n: int in 3..5
  entity lamp[n]
  state { on: set<lamp> = {}  at: lamp = lamp[0]  k: int in 0..9 = 0 }
  action jump "jump" { do at = first(l: on, true) }
  action safe "safe" { do at = first(l: reverse(sorted(on)), l != at, lamp[0]) }
  action find "find" { do k = first(i: 0..n - 1, lamp[i] not in on) }
  action all_on "all on" { for l in lamp { do on += l }  for i in 1..2 { do k += i } }
  observe "{join(y: 0..1, join(x: 0..n - 1, if lamp[x] in on then '*' else '.', ''), '/')} {each(l: on, '#{index(l)}')} {count(i: 1..n, lamp[i - 1] in on)} {filter(i: 0..n, i % 2 == 0)}"
}
""")


def test_lists_map_literals_nested_maps_and_closure_check() -> None:
    s = check("""\
world r {
  enum town { ash, birch, cedar }
  entity disc[3]
  state {
    road: rel<town, town> = {}
    toll: map<town, int in 1..9> = {birch: 3}
    trips: map<town, map<town, int in 0..3>> = {ash: {birch: 1}}
    stops: map<town, list<town> max 3> = {ash: [birch, cedar]}
    stack: list<disc> max 3 = reverse(sorted(disc))
  }
  action build(a: town, b: town) "build {a} {b}" { when not road(a, b)  do road(a, b) = true, trips[a][b] += 1 }
  action take "take" { when len(stack) > 0  do stack = pop(stack) }
  action put(d: disc) "put {d}" { when d not in stack and len(stack) < 3  do stack = push(stack, d) }
  action flip "flip" { do stack = reverse(rest(stack)) + [stack[0]] }
  action clear "clear" { do toll = {cedar: 2} }
  observe "{closure(road, ash)} {closure(road, {ash, birch})} {stops[ash]} {trips[ash][birch]} {stack[1..]} {top(stack)}"
}
""")
    toll = next(v for v in s.state if v.name == "toll")
    assert toll.init.op == "maplit" and toll.init.type == toll.type  # unlisted keys get the declared type's zero


def test_text_building_and_triple_quoted_strings_check() -> None:
    s = check('''\
world t {
  state { hp: int in 0..9 = 5  rich: bool = false }
  def label(k: int in 0..9): text = "hp " + k
  action hit "hit" { when hp > 0  do hp -= 1  say "{'Ouch! ' + hp + ' left'}" }
  observe """
    Status: {label(hp) + (if rich then ", rich" else "")}
      {text(rich)}"""
}
''')
    assert [p.text for p in s.observe.parts if p.text is not None] == ["Status: ", "\n  "]


def test_def_and_let_check_in_every_position() -> None:
    check("""\
world d {
  param n: int in 3..5
  entity slot[n]
  def half(k: int in 0..10) = k / 2
  const mid = half(n)
  state { fill: map<slot, int in 0..9> = 0  at: slot = slot[mid] }
  def here() = fill[at]
  def room_in(s: slot): int in 0..9 = 9 - fill[s]
  action pour(k: int in 1..9) "pour {k}" {
    let room = room_in(at)
    when room > 0 else "{at} is full."
    let amount = min(k, room)
    when amount > 0
    do fill[at] += amount
    let left = room_in(at)
    say "{amount} in, {left} left"
  }
  every step { let t = sum(s: slot, fill[s])  if t > 40 { do fill[at] = 0 } }
  observe "{here()} {let t = sum(s: slot, fill[s]); if t > 9 then 'Heavy.' else 'Light.'}"
  reward 1 when here() == 9
  invariant all(s: slot, room_in(s) >= 0)
  require here() == 0
}
""")


def test_a_def_may_declare_the_int_result_it_would_infer() -> None:
    """A result is computed, never listed as a command nor stored, so it needs no range: writing
    the type inference gives (`int`) must not be refused as an unranged argument would be."""
    s = check(edit("def filled() = count(seen)", "def filled(): int = count(seen)"))
    assert s.functions[1].body.type.kind == "int"


def test_a_dynamics_replacement_and_an_interface_rename_of_one_action_compose() -> None:
    s = check(edit("  every step", """\
  axis dynamics { plain {}  strict { action put(c: colour) "put {c}" { when len(pile) < 2  do pile += c } } }
  axis interface { long {}  short { rename put "p {c}" } }
  every step"""))
    assert [a.name for a in s.axes] == ["dynamics", "interface"]


def test_an_interface_alternative_may_change_the_instruction() -> None:
    s = check(edit("  every step", """\
  instruction "Mark every slot."
  axis interface { plain {}  terse { rename mark "m {s}"  instruction "m SLOT marks a slot; {n} to go." } }
  every step"""))
    terse = s.axes[0].alternatives[1]
    assert terse.instruction is not None and terse.instruction.parts[0].text == "m SLOT marks a slot; "


# --------------------------------------------------------------------------- what does not

CASES = [
    (
        "recursive_def",
        edit("def full(s: slot): bool = s in seen", "def full(s: slot): bool = s in seen or full(slot[0])"),
        "w.wg:10:42: error: 'full' calls itself; functions may not be recursive (a quantifier or first(i: 1..n, ...) bounds a search) [WG206]",
    ),
    (
        "state_reading_def_in_an_initial_value",  # it must follow the state it reads, so it is not declared yet
        edit("clock: int in 0..9 = 0", "clock: int in 0..9 = filled()"),
        "w.wg:8:26: error: 'filled' is used before it is declared (line 11) [WG202]",
    ),
    (
        "state_reading_def_in_an_init",
        edit("  every step", "  axis dynamics { plain {}  busy { init clock = filled() } }\n  every step"),
        "w.wg:17:49: error: 'filled' reads the state, so it cannot be used while the world is being built (in consts, initial values, bounds and amounts) [WG401]",
    ),
    (
        "state_reading_def_in_a_const",
        edit("  action put", "  const start = filled()\n  action put"),
        "w.wg:12:17: error: 'filled' reads the state, so it cannot be used while the world is being built (in consts, initial values, bounds and amounts) [WG401]",
    ),
    (
        "def_body_of_the_wrong_type",  # and the calls of the broken def report nothing more
        edit("def filled() = count(seen)", "def filled(): bool = count(seen)"),
        "w.wg:11:24: error: 'filled' is declared to give a bool, but its body is an int [WG301]",
    ),
    (
        "def_body_with_an_unknown_name",
        edit("def filled() = count(seen)", "def filled() = count(sen)"),
        "w.wg:11:24: error: unknown name 'sen'; did you mean 'seen'? [WG201]",
    ),
    (
        "def_too_many_arguments",
        edit("when not full(s)", "when not full(s, s)"),
        "w.wg:16:46: error: full(s: a slot) takes 1 argument, not 2 [WG303]",
    ),
    (
        "def_too_few_arguments",
        edit("when not full(s)", "when not full()"),
        "w.wg:16:46: error: full(s: a slot) takes 1 argument, not 0 [WG303]",
    ),
    (
        "def_argument_of_the_wrong_type",
        edit("when not full(s)", "when not full(red)"),
        "w.wg:16:51: error: argument 's' of full must be a slot, but this is a colour value [WG301]",
    ),
    (
        "first_over_a_value",
        edit('observe "Pile {pile};', 'observe "{first(x: clock, x > 0)} Pile {pile};'),
        "w.wg:18:22: error: 'first' ranges over an entity, a set, a list or lo..hi, not an int [WG301]",
    ),
    (
        "join_over_an_element",
        edit('observe "Pile {pile};', "observe \"{join(x: pile[0], 'a')} Pile {pile};"),
        "w.wg:18:21: error: 'join' ranges over an entity, a set, a list or lo..hi, not a colour value [WG301]",
    ),
    (
        "list_literal_of_two_types",
        edit("= [red]", "= [red, slot[0]]"),
        "w.wg:6:38: error: a list of colour cannot also hold a slot [WG301]",
    ),
    (
        "push_of_the_wrong_type",
        edit("do pile += c", "do pile += slot[0]"),
        "w.wg:14:16: error: '+=' on a list of colour adds one item or a list of them, not a slot [WG301]",
    ),
    (
        "push_call_of_the_wrong_type",
        edit("do pile += c", "do pile = push(pile, slot[0])"),
        "w.wg:14:26: error: a list of colour cannot hold a slot [WG301]",
    ),
    (
        "every_step_twice",
        edit("  every step { do clock += 1 }", "  every step { do clock += 1 }\n  every step { do clock -= 1 }"),
        "w.wg:18:3: error: 'every step' is declared twice (first at line 17) [WG403]",
    ),
    (
        "when_in_every_step",
        edit("every step { do clock += 1 }", "every step { when clock < 9  do clock += 1 }"),
        "w.wg:17:16: error: 'when' may only open an action, not a branch or 'every step'; use 'if' [WG408]",
    ),
    (
        "require_an_int",
        edit("require filled() == 0", "require filled()"),
        "w.wg:25:11: error: a requirement must be a bool, but this is an int [WG301]",
    ),
    (
        "for_each_amount_reads_the_state",  # `when` and `on` amounts may (tests/verify/test_live_amounts.py)
        edit("reward 0.1 for each", "reward (clock / n) for each"),
        "w.wg:20:11: error: 'clock' is not known before the world is built; only params, consts and numbers may appear here [WG401]",
    ),
    (
        "for_each_amount_calls_a_state_reading_def",
        edit("reward 0.1 for each", "reward (filled()) for each"),
        "w.wg:20:11: error: 'filled' reads the state, so it cannot be used while the world is being built (in consts, initial values, bounds and amounts) [WG401]",
    ),
    (
        "horizon_reads_the_state",
        edit("horizon 4 * n", "horizon 4 * clock"),
        "w.wg:23:15: error: 'clock' is not known before the world is built; only params, consts and numbers may appear here [WG401]",
    ),
    (
        "fraction_in_the_horizon",
        edit("horizon 4 * n", "horizon 4 * n + 0.5"),
        "w.wg:23:19: error: fractional numbers are only allowed in reward amounts and chance(...) [WG302]",
    ),
    (
        "fraction_in_a_guard",
        edit("when len(pile) < 3", "when len(pile) < 2.5"),
        "w.wg:13:22: error: fractional numbers are only allowed in reward amounts and chance(...) [WG302]",
    ),
    (
        "reward_for_each_over_a_set",
        edit("for each s in slot", "for each s in seen"),
        "w.wg:20:28: error: 'reward ... for each' ranges over an entity or an enum (one payment each), not a set of slot [WG301]",
    ),
    (
        "reward_for_each_over_an_int",
        edit("for each s in slot", "for each s in n"),
        "w.wg:20:28: error: 'reward ... for each' ranges over an entity or an enum (one payment each), not an int [WG301]",
    ),
    (
        "two_dynamics_axes_replace_one_action",
        edit("  every step", """\
  axis dynamics { plain {}  strict { action put(c: colour) "put {c}" { when len(pile) < 2  do pile += c } } }
  axis pace: dynamics { slow {}  fast { action put(c: colour) "put {c}" { do pile += c } } }
  every step"""),
        "w.wg:18:48: error: pace=fast and dynamics=strict both replace action 'put'; a world that draws both would silently keep one: move them into one axis or change different things [WG416]",
    ),
    (
        "two_interface_axes_set_the_instruction",
        edit("  every step", """\
  axis interface { plain {}  terse { instruction "Be brief." } }
  axis hints: interface { none {}  some { instruction "Mark every slot." } }
  every step"""),
        "w.wg:18:43: error: hints=some and interface=terse both set the instruction; a world that draws both would silently keep one: move them into one axis or change different things [WG416]",
    ),
    (
        "unclosed_string",
        edit('observe "Pile {pile}; seen {seen}."', 'observe "Pile {pile}; seen {seen}.'),
        "w.wg:18:11: error: this string is not closed on its line; a string cannot span lines: write \\n for a line break, "
        'or use triple quotes ("""...""") for text over several lines [WG101]',
    ),
    (
        "unclosed_triple_quoted_string",
        edit('observe "Pile {pile}; seen {seen}."', 'observe """\n    Pile {pile};\n    seen {seen}.'),
        "w.wg:18:13: error: this string is not closed on its line; a string cannot span lines: write \\n for a line break, "
        'or use triple quotes ("""...""") for text over several lines [WG101]',
    ),
    (
        "plus_of_two_enum_values",
        edit('observe "Pile {pile};', 'observe "{red + blue} Pile {pile};'),
        "w.wg:18:13: error: the left side of '+' must be an int, but this is a colour value [WG301]",
    ),
    (
        "plus_of_a_list_and_an_item",
        edit('observe "Pile {pile};', 'observe "{pile + red} Pile {pile};'),
        "w.wg:18:13: error: the left side of '+' must be an int, but this is a list of colour [WG301]",
    ),
    (
        "plus_of_two_lists_of_different_types",
        edit('observe "Pile {pile};', 'observe "{pile + [slot[0]]} Pile {pile};'),
        "w.wg:18:18: error: cannot join a list of colour and a list of slot [WG301]",
    ),
    (
        "plus_of_text_and_a_map",
        edit("  observe", "  def label() = 'seen: ' + seen + pile + {red: 1}\n  observe"),
        "w.wg:18:42: error: a map from colour to an int cannot be shown in text [WG304]",
    ),
    (
        "let_reuses_a_state_name",
        edit("when not full(s)  do seen += s", "let clock = 1  when not full(s)  do seen += s"),
        "w.wg:16:37: error: 'clock' is already a state variable here; give the let another name [WG212]",
    ),
    (
        "for_over_an_element",
        edit("every step { do clock += 1 }", "every step { for c in pile[0] { do clock += 1 } }"),
        "w.wg:17:25: error: 'for' runs over an entity, a set, a list or lo..hi, not a colour value [WG301]",
    ),
]


def test_the_base_world_is_valid() -> None:
    check(BASE)


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_one_precise_diagnostic(name: str, source: str, expected: str) -> None:
    found = diagnostics(source)
    assert [d.format().splitlines()[0] for d in found] == [expected]


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_the_caret_points_at_the_column(name: str, source: str, expected: str) -> None:
    first = diagnostics(source)[0]
    _, line, caret = first.format().splitlines()[:3]
    assert line == source.splitlines()[first.span.line - 1]
    assert caret.index("^") == first.span.col - 1


def test_indexing_a_set_says_what_can_be_indexed_and_how_to_pick_from_a_set() -> None:
    found = diagnostics(edit('observe "Pile {pile};', 'observe "{seen[0]} Pile {pile};'))
    assert len(found) == 1
    lines = found[0].format().splitlines()
    assert lines[0] == ("w.wg:18:13: error: a set of slot cannot be indexed with [...]; only maps (m[key]), lists (xs[0], "
                        "xs[-1]), entities and enums (room[0]) and content lists can [WG301]")
    assert lines[-1] == "note: to pick from a set use first(x: S, COND) or sorted(S)[i]"


def test_a_failed_sum_is_one_diagnostic_however_deep_it_sits() -> None:
    found = diagnostics(edit('observe "Pile {pile};', 'observe "{(red + blue) * 2 + 1 + clock} Pile {pile};'))
    assert [d.format().splitlines()[0] for d in found] == [
        "w.wg:18:14: error: the left side of '+' must be an int, but this is a colour value [WG301]"]


def test_each_side_of_a_sum_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """'+' may join text or lists or add ints; deciding which must not check its sides twice, or a
    chain of n terms is checked 2^n times (40 terms would never finish)."""
    from worldgen.check.exprs import ExprChecker

    checked: list[int] = []
    name = ExprChecker._name

    def spy(self, node, ctx):  # type: ignore[no-untyped-def]
        checked.append(node.span.line)
        return name(self, node, ctx)

    monkeypatch.setattr(ExprChecker, "_name", spy)
    terms = " + ".join(["clock"] * 12)
    check(edit('observe "Pile {pile};', f'observe "{{{terms}}} Pile {{pile}};'))
    assert checked.count(18) == 12 + 2  # the twelve terms, then {pile} and {seen}


def test_independent_unknown_names_on_both_sides_are_both_reported() -> None:
    found = diagnostics(edit('observe "Pile {pile};', 'observe "{zz - yy} Pile {pile};'))
    assert [d.message for d in found] == ["unknown name 'zz'", "unknown name 'yy'"]
