"""Every grammar construct parses into the AST node the checker expects, with its position."""

from __future__ import annotations

import pytest

from worldgen.errors import DiagnosticError
from worldgen.syntax import ast
from worldgen.syntax.parser import parse

KITCHEN_SINK = '''\
world sink {
  title "All of it"
  instruction "Do {n} things."
  param n: int in 1..3
  param fast: bool
  param mood: one of calm, grim
  content {
    blurb: text(5..50) "a blurb"
    label: word
    level: int(1..9)
    tone: enum(dry, wet)
    item: list(n) of { name: word(unique) "typed"; note: text }
    tags: list(2) of word(3..8, unique)
  }
  entity item[n] named content.item.name
  enum phase { a, b }
  const k = n + 1
  state {
    at: item = item[0]
    bag: set<item> = {}
    where: map<item, phase> = a
    link: rel<item, item> = random_tree(item)
    hp: int in 0..k = k
    on: bool = true
  }
  action go(t: item, m: int in 1..2) "go {t} {m}" | "walk {t} {m}" {
    when link(at, t) else "no"
    when not (t in bag) and t not in bag
    do at = t, bag += t, hp -= 1
    say "ok {t}"
    if hp > 0 { say "alive" } else if hp == 0 { say "zero" } else { say "?" }
    chance(0.25) { do on = false } else { do on = true }
    do where[t] = b, link(at, t) = false
  }
  invalid "Huh?"
  observe "{at}: {join(bag, ' and ')} {if on then 'on' else 'off'} {-hp * 2 % 3}"
  reward 1 when count(bag) == n
  reward -0.5 on go
  reward -0.01 per step
  done when all(x: item, x in bag)
  fail when hp <= 0
  horizon 20
  invariant hp >= 0
  invariant named: any(x: item[1..], x == at) or sum(x: item[..-1], 1) >= 0
  expect solvable within 9
  expect unsolved at start
  expect no dead ends
  axis interface { a {} b { rename go "g {t} {m}"; also go "move {t} {m}"; invalid "?" } }
  axis dynamics { a {} b { init hp = 1 } }
  axis observation { a {} b { observe "." } }
  axis feedback { a {} b { reward 1 on go; done when on; fail when not on; horizon 5 } }
  axis flavour: dynamics { a {} }
}
'''


@pytest.fixture(scope="module")
def world() -> ast.World:
    return parse(KITCHEN_SINK, "sink.wg")


def decls(world: ast.World, kind: type) -> list:
    return [d for d in world.decls if isinstance(d, kind)]


def test_world_header(world: ast.World) -> None:
    assert world.name == "sink"
    assert decls(world, ast.Title)[0].text.value == "All of it"
    assert decls(world, ast.Instruction)[0].text.raw == "Do {n} things."


def test_params(world: ast.World) -> None:
    n, fast, mood = decls(world, ast.ParamDecl)
    assert (n.kind, n.lo, n.hi) == ("int", 1, 3)
    assert fast.kind == "bool"
    assert (mood.kind, mood.choices) == ("choice", ["calm", "grim"])
    assert (n.span.line, n.span.col) == (4, 9)


def test_content_slots(world: ast.World) -> None:
    (content,) = decls(world, ast.ContentDecl)
    by_name = {s.name: s for s in content.slots}
    assert by_name["blurb"].type.kind == "text" and by_name["blurb"].type.args == [(5, 50)]
    assert by_name["blurb"].description == "a blurb"
    assert by_name["label"].type.args == []
    assert by_name["tone"].type.args == ["dry", "wet"]
    item = by_name["item"].type
    assert (item.kind, item.size) == ("list", "n")
    assert [f.name for f in item.item.fields] == ["name", "note"]
    assert by_name["tags"].type.size == 2 and by_name["tags"].type.item.args == [(3, 8), "unique"]


def test_entities_enums_consts(world: ast.World) -> None:
    (entity,) = decls(world, ast.EntityDecl)
    assert entity.name == "item" and isinstance(entity.names, ast.Field)
    assert decls(world, ast.EnumDecl)[0].members == ["a", "b"]
    assert isinstance(decls(world, ast.ConstDecl)[0].value, ast.Binary)


def test_state_types(world: ast.World) -> None:
    (state,) = decls(world, ast.StateDecl)
    types = {v.name: type(v.type) for v in state.vars}
    assert types == {"at": ast.NamedType, "bag": ast.SetType, "where": ast.MapType, "link": ast.RelType,
                     "hp": ast.IntType, "on": ast.BoolType}


def test_action_parts(world: ast.World) -> None:
    (go,) = decls(world, ast.ActionDecl)
    assert [p.name for p in go.params] == ["t", "m"]
    assert [s.value for s in go.patterns] == ["go {t} {m}", "walk {t} {m}"]
    kinds = [type(c).__name__ for c in go.clauses]
    assert kinds == ["When", "When", "Do", "Say", "If", "Chance", "Do"]
    assert go.clauses[0].message.value == "no"
    assert [e.op for e in go.clauses[2].effects] == ["=", "+=", "-="]
    chained = go.clauses[4]
    assert isinstance(chained.otherwise[0], ast.If)  # else if
    assert go.clauses[5].prob.value == 0.25
    assert isinstance(go.clauses[6].effects[1].target, ast.Call)  # relation pair


def test_signals_and_checks(world: ast.World) -> None:
    rewards = decls(world, ast.RewardDecl)
    assert [(r.amount.value, r.kind) for r in rewards] == [(1, "when"), (-0.5, "on"), (-0.01, "per_step")]
    assert rewards[1].action == "go"
    assert len(decls(world, ast.DoneDecl)) == 1 and len(decls(world, ast.FailDecl)) == 1
    assert decls(world, ast.HorizonDecl)[0].steps.value == 20
    assert [i.label for i in decls(world, ast.InvariantDecl)] == [None, "named"]
    assert [(e.kind, e.within and e.within.value) for e in decls(world, ast.ExpectDecl)] == [
        ("solvable", 9), ("unsolved_at_start", None), ("no_dead_ends", None)]


def test_axes(world: ast.World) -> None:
    axes = decls(world, ast.AxisDecl)
    assert [(a.name, a.kind) for a in axes] == [
        ("interface", None), ("dynamics", None), ("observation", None), ("feedback", None), ("flavour", "dynamics")]
    b = axes[0].alternatives[1]
    assert [type(d).__name__ for d in b.decls] == ["RenameDecl", "AlsoDecl", "InvalidDecl"]
    assert [type(d).__name__ for d in axes[3].alternatives[1].decls] == ["RewardDecl", "DoneDecl", "FailDecl", "HorizonDecl"]


@pytest.mark.parametrize(("text", "shape"), [
    ("a or b and not c", "or(a, and(b, not(c)))"),
    ("a + b * c - d", "-(+(a, *(b, c)), d)"),
    ("x in s or y not in s", "or(in(x, s), notin(y, s))"),
    ("m[k].f", "field(index(m, k), f)"),
    ("r(a, b) == r(a)", "==(r(a, b), r(a))"),
    ("if a then b else c", "cond(a, b, c)"),
    ("all(x: s, x == y)", "all[x](s, ==(x, y))"),
    ("room[1..]", "slice(room, 1, _)"),
    ("room[..-1]", "slice(room, _, -1)"),
    ("{a, b}", "set(a, b)"),
])
def test_expression_shapes(text: str, shape: str) -> None:
    from worldgen.syntax.parser import _lark, _TRANSFORMER

    node = _TRANSFORMER.transform(_lark().parse(text, start="expr"))
    assert _shape(node) == shape


def _shape(n: object) -> str:
    match n:
        case ast.Name(id=i):
            return i
        case ast.Num(value=v):
            return str(v)
        case ast.Binary(op=op, left=a, right=b):
            return f"{op}({_shape(a)}, {_shape(b)})"
        case ast.Unary(op=op, operand=a):
            return f"{op}({_shape(a)})"
        case ast.Field(obj=o, name=f):
            return f"field({_shape(o)}, {f})"
        case ast.Index(obj=o, index=i):
            return f"index({_shape(o)}, {_shape(i)})"
        case ast.Call(func=f, args=args):
            return f"{f}({', '.join(_shape(a) for a in args)})"
        case ast.Cond(cond=c, then=a, otherwise=b):
            return f"cond({_shape(c)}, {_shape(a)}, {_shape(b)})"
        case ast.Quantifier(func=f, var=v, domain=d, body=b):
            return f"{f}[{v}]({_shape(d)}, {_shape(b)})"
        case ast.Slice(obj=o, lo=lo, hi=hi):
            return f"slice({_shape(o)}, {_shape(lo) if lo else '_'}, {_shape(hi) if hi else '_'})"
        case ast.SetLit(items=items):
            return f"set({', '.join(_shape(i) for i in items)})"
    raise AssertionError(n)


def test_comments_and_semicolons_are_ignored() -> None:
    world = parse('world w { # a comment\n ; title "t" ; }', "w.wg")
    assert [type(d).__name__ for d in world.decls] == ["Title"]


def test_string_escapes() -> None:
    world = parse('world w { title "a \\"quoted\\" \\\\ line\\n" }', "w.wg")
    assert world.decls[0].text.value == 'a "quoted" \\ line\n'


def test_syntax_errors_are_diagnostics_not_tracebacks() -> None:
    with pytest.raises(DiagnosticError) as err:
        parse("world w { title }", "w.wg")
    assert str(err.value).splitlines()[0] == "w.wg:1:17: error: unexpected '}'; expected a string [WG101]"


def test_hidden_state_may_take_its_candidates_from_the_draws() -> None:
    world = parse("world w {\n  state { a: bool = false  b: bool = true }\n  hidden a\n  hidden b from draws\n}\n")
    plain, drawn = [d for d in world.decls if isinstance(d, ast.HiddenDecl)]
    assert ([n for n, _ in plain.names], plain.drawn) == (["a"], False)
    assert ([n for n, _ in drawn.names], drawn.drawn) == (["b"], True)


def test_a_triple_quoted_text_is_the_same_whatever_the_files_line_endings() -> None:
    """A scaffold saved with CRLF showed the agent '\\r\\nRow 0\\r\\nend' where LF showed 'Row 0\\nend'."""
    lf = 'world tq {\n  state { n: int in 0..3 = 0 }\n  action inc "inc" { do n += 1 }\n  observe """\n    Row {n}\n    end"""\n}\n'
    texts = [next(d for d in parse(text).decls if isinstance(d, ast.ObserveDecl)) for text in (lf, lf.replace("\n", "\r\n"))]
    assert texts[0] == texts[1] and "\\r" not in repr(texts[1])


def test_a_byte_order_mark_is_named_with_what_to_do() -> None:
    with pytest.raises(DiagnosticError) as err:
        parse("\ufeffworld w { }", "w.wg")
    assert err.value.diagnostics[0].message == ("unexpected character '\\ufeff'; the file starts with a byte-order mark: "
                                                "save it as UTF-8 without BOM")


@pytest.mark.parametrize(("typed", "meant"), [("sett", "set"), ("lst", "list"), ("mapp", "map")])
def test_a_misspelt_generic_type_is_named_with_the_one_meant(typed: str, meant: str) -> None:
    """`sett<bool>` said only "unexpected '<'; expected ')', ',', '=', '>'"."""
    with pytest.raises(DiagnosticError) as err:
        parse(f"world w {{ state {{ bag: {typed}<bool> = {{}} }} }}", "w.wg")
    assert err.value.diagnostics[0].message == (f"unexpected '<'; unknown type '{typed}'; did you mean '{meant}'? "
                                                "(set<T>, list<T>, map<K, V>, rel<A, B>)")
