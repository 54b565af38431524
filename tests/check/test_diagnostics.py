"""Malformed scaffolds: each reports the exact file, line, column, message and code.

Every case edits one line of a small valid world, so the diagnostic is the first one printed.
"""

from __future__ import annotations

import pytest

import worldgen

BASE = """\
world w {
  param n: int in 2..3
  content { thing: list(n) of { name: word(unique) "a name" } }
  entity thing[n] named content.thing.name
  state { at: thing = thing[0]  seen: set<thing> = {} }
  action go(t: thing) "go {t}" { when t != at  do at = t, seen += t }
  observe "At {at}."
  done when count(seen) == n
}
"""

CASES = [
    (
        "missing_brace",
        BASE.replace("  done when count(seen) == n\n}", "  done when count(seen) == n\n"),
        "w.wg:8:29: error: unexpected end of file; a closing '}' is missing [WG101]",
    ),
    (
        "unexpected_token",
        BASE.replace("param n: int in 2..3", "param n: int in 2...3"),
        "w.wg:2:22: error: unexpected '.'; expected '-', an integer [WG101]",
    ),
    (
        "bad_char",
        BASE.replace('observe "At {at}."', 'observe "At {at}." @'),
        "w.wg:7:22: error: unexpected character '@' [WG101]",
    ),
    (
        "unknown_name",
        BASE.replace("when t != at", "when t != att"),
        "w.wg:6:44: error: unknown name 'att'; did you mean 'at'? [WG201]",
    ),
    (
        "unknown_type",
        BASE.replace("seen: set<thing>", "seen: set<thingy>"),
        "w.wg:5:43: error: unknown type 'thingy'; did you mean 'thing'? [WG207]",
    ),
    (
        "unbounded_int",
        BASE.replace("seen: set<thing> = {}", "seen: set<thing> = {}  steps: int = 0"),
        "w.wg:5:63: error: an int in the state must be bounded so the state space is finite: int in 0..10 [WG405]",
    ),
    (
        "str_state",
        BASE.replace("seen: set<thing> = {}", "seen: set<thing> = {}  label: str = 'x'"),
        "w.wg:5:63: error: 'str' values are unbounded, so they cannot be state; use an enum or a bounded int [WG405]",
    ),
    (
        "type_mismatch_and",
        BASE.replace("when t != at", "when t and at"),
        "w.wg:6:39: error: the left side of 'and' must be a bool, but this is a thing [WG301]",
    ),
    (
        "compare_types",
        BASE.replace("when t != at", "when t == 3"),
        "w.wg:6:41: error: cannot compare a thing with an int [WG301]",
    ),
    (
        "assign_type",
        BASE.replace("do at = t", "do at = true"),
        "w.wg:6:56: error: cannot assign a bool to a thing [WG301]",
    ),
    (
        "assign_param",
        BASE.replace("do at = t", "do n = 3"),
        "w.wg:6:51: error: 'n' cannot be assigned: it is a param; only state variables change [WG307]",
    ),
    (
        "duplicate_state",
        BASE.replace("seen: set<thing> = {}", "seen: set<thing> = {}  at: bool = false"),
        "w.wg:5:56: error: 'at' is already declared (as a state variable at line 5) [WG212]",
    ),
    (
        "unknown_content",
        BASE.replace('observe "At {at}."', 'observe "At {content.place}."'),
        "w.wg:7:16: error: no content slot named 'place' [WG204]",
    ),
    (
        "unknown_field",
        BASE.replace('observe "At {at}."', 'observe "At {content.thing[at].title}."'),
        "w.wg:7:16: error: content.thing[i] has no field 'title' [WG204]",
    ),
    (
        "generator_in_rule",
        BASE.replace("do at = t", "do at = choice(thing)"),
        "w.wg:6:56: error: choice() draws at build time, so it may only initialise state or consts; rules run every step and must use chance(p) instead [WG402]",
    ),
    (
        "pattern_missing_arg",
        BASE.replace('"go {t}"', '"go there"'),
        "w.wg:6:23: error: pattern \"go there\" does not mention argument 't'; every argument appears exactly once [WG407]",
    ),
    (
        "pattern_unknown_arg",
        BASE.replace('"go {t}"', '"go {x} {t}"'),
        "w.wg:6:23: error: pattern mentions '{x}', which is not an argument of this action [WG208]",
    ),
    (
        "ambiguous_patterns",
        BASE.replace('observe', 'action visit(u: thing) "go {u}" { do at = u }\n  observe'),
        "w.wg:7:26: error: command pattern \"go {u}\" (action visit) can match the same command as \"go {t}\" (action go, line 6) [WG415]",
    ),
    (
        "duplicate_pattern",
        BASE.replace('"go {t}"', '"go {t}" | "go {t}"'),
        "w.wg:6:34: error: duplicate command pattern \"go {t}\" [WG415]",
    ),
    (
        "axis_wrong_component",
        BASE.replace('  done when', '  axis feedback { a {} b { observe "x" } }\n  done when'),
        "w.wg:8:28: error: a feedback alternative cannot contain 'observe': it changes the observation component [WG413]",
    ),
    (
        "axis_unknown_kind",
        BASE.replace('  done when', '  axis flavour { a {} b {} }\n  done when'),
        "w.wg:8:8: error: 'flavour' is not a component; an axis varies one of: interface, dynamics, observation, feedback; name the component: axis flavour: dynamics { ... } [WG412]",
    ),
    (
        "rename_outside_axis",
        BASE.replace('  done when', '  rename go "walk {t}"\n  done when'),
        "w.wg:8:10: error: 'rename' only makes sense inside an axis alternative [WG404]",
    ),
    (
        "chance_range",
        BASE.replace("do at = t, seen += t", "chance(1.5) { do at = t }"),
        "w.wg:6:48: error: chance(1.5) must be strictly between 0 and 1 [WG305]",
    ),
    (
        "fraction_in_expr",
        BASE.replace("when t != at", "when count(seen) > 0.5"),
        "w.wg:6:53: error: fractional numbers are only allowed in reward amounts and chance(...) [WG302]",
    ),
    (
        "when_after_do",
        BASE.replace("{ when t != at  do at = t, seen += t }", "{ do at = t  when t != at }"),
        "w.wg:6:45: error: 'when' must come before 'do', 'say', 'if', 'chance' and 'for' in an action [WG408]",
    ),
    (
        "template_unclosed",
        BASE.replace('observe "At {at}."', 'observe "At {at."'),
        "w.wg:7:15: error: unclosed '{' in text; write '{{' for a literal brace [WG102]",
    ),
    (
        "template_bad_expr",
        BASE.replace('observe "At {at}."', 'observe "At {at +}."'),
        "w.wg:7:20: error: unexpected end of '{...}'; expected '(', '-', '[', 'false', 'true', '{', a name, a number, a string [WG101]",
    ),
    (
        "solvable_without_done",
        BASE.replace("  done when count(seen) == n\n", "  expect solvable within 5\n"),
        "w.wg:8:10: error: 'expect solvable' needs a goal: add 'done when <condition>' (to the world, or to every alternative of an axis) [WG411]",
    ),
    (
        "list_size_not_param",
        BASE.replace("list(n)", "list(m)"),
        "w.wg:3:20: error: list size 'm' must be a number or an int param declared above [WG210]",
    ),
    (
        "unknown_slot_type",
        BASE.replace("word(unique)", "wrd(unique)"),
        "w.wg:3:39: error: unknown content type 'wrd'; use text, word, int, enum, list(N) of ..., or { fields } [WG209]",
    ),
    (
        "empty_param_range",
        BASE.replace("int in 2..3", "int in 3..2"),
        "w.wg:2:9: error: param 'n' has an empty range 3..2 [WG410]",
    ),
    (
        "duplicate_action",
        BASE.replace('observe', 'action go(t: thing) "walk {t}" { do at = t }\n  observe'),
        "w.wg:7:10: error: action 'go' is declared twice (first at line 6) [WG211]",
    ),
    (
        "map_key_int",
        BASE.replace("seen: set<thing> = {}", "seen: set<thing> = {}  m: map<int in 0..3, bool> = false"),
        "w.wg:5:63: error: map keys must be entities or enum values, not an int [WG306]",
    ),
    (
        "not_a_set",
        BASE.replace("when t != at", "when t in at"),
        "w.wg:6:44: error: the right side of 'in' must be a set or a list, but this is a thing [WG301]",
    ),
    (
        "entity_not_named_from_content",
        BASE.replace("named content.thing.name", "named thing"),
        "w.wg:4:25: error: entity 'thing' must be named from content, e.g. named content.thing.name [WG216]",
    ),
    (
        "no_actions",
        "world w {\n  state { x: bool = false }\n  observe \"hi\"\n}\n",
        "w.wg:1:7: error: world 'w' has no actions; an agent needs at least one command [WG409]",
    ),
    (
        "duplicate_title",
        BASE.replace("world w {", 'world w {\n  title "a"\n  title "b"'),
        "w.wg:3:3: error: 'title' is declared twice (first at line 2) [WG403]",
    ),
    (
        "reward_on_unknown_action",
        BASE.replace("  done when", "  reward 1 on jump\n  done when"),
        "w.wg:8:15: error: no action named 'jump' [WG217]",
    ),
    (
        "index_non_map",
        BASE.replace("when t != at", "when seen[t]"),
        "w.wg:6:39: error: a set of thing cannot be indexed with [...]; only maps (m[key]), lists (xs[0], xs[-1]), entities and enums (room[0]) and content lists can [WG301]",
    ),
    (
        "check_within_zero",
        BASE.replace("  done when", "  check within 0 states\n  done when"),
        "w.wg:8:16: error: 'check within' must be in 1..100_000_000 states, not 0 [WG410]",
    ),
    (
        "horizon_over_the_cap",
        BASE.replace("  done when", "  horizon 1001\n  done when"),
        "w.wg:8:11: error: horizon must be in 1..1_000, not 1001 (verify computes returns exactly, one pass over the "
        "world's states per step of the horizon) [WG410]",
    ),
    (
        "beats_by_more_than_all",
        BASE.replace("  done when count(seen) == n", "  done when count(seen) == n\n  expect beats random by 2"),
        "w.wg:9:26: error: 'beats ... by' takes a share of the best return between 0 and 1, e.g. by 0.1 [WG410]",
    ),
    (
        "quantifier_over_int",
        BASE.replace("when t != at", "when all(x: n, true)"),
        "w.wg:6:46: error: 'all' ranges over an entity, a set, a list or lo..hi, not an int [WG301]",
    ),
]


def test_base_world_is_valid() -> None:
    worldgen.loads(BASE, "w.wg")


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_first_diagnostic(name: str, source: str, expected: str) -> None:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    first = err.value.diagnostics[0]
    assert first.format().splitlines()[0] == expected


@pytest.mark.parametrize(("name", "source", "expected"), CASES, ids=[c[0] for c in CASES])
def test_caret_points_at_the_column(name: str, source: str, expected: str) -> None:
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    first = err.value.diagnostics[0]
    head, line, caret = first.format().splitlines()[:3]
    assert line == source.splitlines()[first.span.line - 1]
    assert caret.index("^") == first.span.col - 1


def test_several_independent_mistakes_are_reported_in_one_run() -> None:
    source = BASE.replace("when t != at", "when t != att").replace('observe "At {at}."', 'observe "At {content.place}."')
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    codes = [d.code for d in err.value.diagnostics]
    assert codes == ["WG201", "WG204"]


def test_a_failed_operand_does_not_cascade() -> None:
    source = BASE.replace("done when count(seen) == n", "done when count(sen) == n and count(sen) > 0")
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    assert [d.message for d in err.value.diagnostics] == ["unknown name 'sen'; did you mean 'seen'?"] * 2


def test_hiding_a_variable_whose_declaration_has_an_error_reports_only_that_error() -> None:
    source = BASE.replace("at: thing = thing[0]", "at: thing = thing[0]  secret: int in 0..3 = rnd(3)").replace(
        "  observe", "  hidden secret\n  observe")
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    assert [d.code for d in err.value.diagnostics] == ["WG206"]  # the unknown function, not "not a state variable"


def test_the_caret_stands_under_its_column_as_a_terminal_shows_wide_characters() -> None:
    """Each CJK character or emoji takes two columns on screen: the caret counted them as one."""
    source = 'world w {\n  state { n: int in 0..3 = 0 }\n  action a "a" { do n += 1 }\n  observe "日本語 🎲 {nn}"\n}\n'
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    head, line, caret = err.value.diagnostics[0].format().splitlines()[:3]
    assert head.startswith("w.wg:4:19: error: unknown name 'nn'")
    assert caret == " " * 22 + "^~"  # 11 columns, 3 x 2 for the kanji, 1, 2 for the die, 1, 1 for "{"


@pytest.mark.parametrize(("init", "said"), [("5", "'k' is an int in 0..3, but it starts at 5"),
                                            ("-1", "'k' is an int in 0..3, but it starts at -1")])
def test_a_literal_start_outside_its_range_is_an_error_not_an_estimates_aside(init: str, said: str) -> None:
    """`check` said ok (every draw then failed to build): the reason was only in the estimate line."""
    source = f'world w {{\n  state {{ k: int in 0..3 = {init} }}\n  action a "a" {{ when k < 3  do k += 1 }}\n  done when k == 3\n}}\n'
    with pytest.raises(worldgen.DiagnosticError) as err:
        worldgen.loads(source, "w.wg")
    assert [(d.code, d.message) for d in err.value.diagnostics] == [("WG301", said)]


def test_expect_solvable_takes_its_goal_from_every_alternative_of_one_axis() -> None:
    """Misère Nim: each alternative of a feedback axis has its own goal, so every world has one."""
    both = BASE.replace("  done when count(seen) == n\n", "  expect solvable within 5\n  axis goal: feedback {\n"
                        "    all { done when count(seen) == n }\n    one { done when count(seen) >= 1 }\n  }\n")
    assert worldgen.loads(both, "w.wg").ir.expects[0].kind == "solvable"
    with pytest.raises(worldgen.DiagnosticError, match=r"needs a goal: add 'done when <condition>' \(to the world, or to "
                                                       r"every alternative of an axis\) \[WG411\]"):
        worldgen.loads(both.replace("    one { done when count(seen) >= 1 }\n", "    one { }\n"), "w.wg")
