"""Lark parse tree -> AST dataclasses: purely structural (no name resolution or typing), with a
source position on every node."""

from __future__ import annotations

import re

from lark import Token, v_args

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.files_transform import FilesTransform
from worldgen.syntax.strings import dedent_value
from worldgen.syntax.unions_transform import UnionsTransform

_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "'": "'", "\\": "\\"}


def number_value(text: str) -> int | float:
    """A numeric literal's value: decimal (``5_000_000``, ``0.25``), ``0o750`` or ``0xff``."""
    if text[:2] in ("0o", "0x"):
        return int(text, 0)
    return float(text) if "." in text else int(text)


def _span(meta_or_token) -> Span:
    if isinstance(meta_or_token, Token):
        end_col = meta_or_token.end_column
        return Span(meta_or_token.line, meta_or_token.column, meta_or_token.end_line, end_col)
    return Span(meta_or_token.line, meta_or_token.column, meta_or_token.end_line, meta_or_token.end_column)


def unescape(raw: str) -> str:
    """Decode a string literal's escapes (\\n, \\t, \\", \\', \\\\)."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), raw)


@v_args(meta=True, inline=True)
class _ToAst(FilesTransform, UnionsTransform):
    """Lark tree -> AST dataclasses. Purely structural: no name resolution or typing here."""

    # -- tokens & atoms
    def STRING(self, tok: Token) -> ast.Str:  # noqa: N802 (Lark terminal callback)
        quote = 3 if str(tok).startswith('"""') else 1
        raw = str(tok)[quote:-quote]
        if quote == 3:  # a line break in the text is "\n" whatever the file's line endings (CRLF)
            raw = raw.replace("\r\n", "\n")
        value = unescape(dedent_value(raw) if quote == 3 else raw)
        return ast.Str(Span(tok.line, tok.column, tok.end_line, tok.end_column), value, raw, quote)

    def number(self, meta, tok):
        return ast.Num(_span(tok), number_value(str(tok)))

    def string(self, meta, s):
        return s

    def true(self, meta):
        return ast.Bool(_span(meta), True)

    def false(self, meta):
        return ast.Bool(_span(meta), False)

    def name(self, meta, tok):
        return ast.Name(_span(tok), str(tok))

    def set_literal(self, meta, *items):
        return ast.SetLit(_span(meta), [i for i in items if i is not None])

    def list_literal(self, meta, *items):
        return ast.ListLit(_span(meta), [i for i in items if i is not None])

    def map_literal(self, meta, *items):
        return ast.MapLit(_span(meta), list(items))

    def map_item(self, meta, key, value):
        return (key, value)

    def let_expr(self, meta, var, value, body):
        return ast.Let(_span(meta), str(var), value, body)

    def int_range_expr(self, meta, lo, hi):
        return ast.IntRange(_span(meta), lo, hi)

    # -- expressions
    def call(self, meta, func, args):
        return ast.Call(_span(meta), str(func), list(args) if args else [])

    def call_args(self, meta, *args):
        return list(args)

    def quantifier(self, meta, func, var, domain, body, extra=None):
        return ast.Quantifier(_span(meta), str(func), str(var), domain, body, extra)

    def pair_quantifier(self, meta, func, var, domain, var2, domain2, body):
        return ast.PairQuantifier(_span(meta), str(func), str(var), domain, str(var2), domain2, body)

    def fixpoint(self, meta, func, start, var, var2, body):
        return ast.Fixpoint(_span(meta), str(func), start, str(var), str(var2), body)

    def index(self, meta, obj, idx):
        if isinstance(idx, tuple):
            return ast.Slice(_span(meta), obj, idx[0], idx[1])
        return ast.Index(_span(meta), obj, idx)

    def slice(self, meta, lo, hi):
        return (lo, hi)

    def field(self, meta, obj, name):
        return ast.Field(_span(meta), obj, str(name))

    def neg(self, meta, operand):
        if isinstance(operand, ast.Num):
            return ast.Num(_span(meta), -operand.value)
        return ast.Unary(_span(meta), "-", operand)

    def not_(self, meta, operand):
        return ast.Unary(_span(meta), "not", operand)

    def or_(self, meta, left, right):
        return ast.Binary(_span(meta), "or", left, right)

    def and_(self, meta, left, right):
        return ast.Binary(_span(meta), "and", left, right)

    def compare(self, meta, left, op, right):
        return ast.Binary(_span(op), str(op), left, right)

    def in_(self, meta, left, right):
        return ast.Binary(_span(meta), "in", left, right)

    def not_in(self, meta, left, right):
        return ast.Binary(_span(meta), "notin", left, right)

    def arith(self, meta, left, op, right):
        return ast.Binary(_span(op), str(op), left, right)

    def cond(self, meta, c, a, b):
        return ast.Cond(_span(meta), c, a, b)

    # -- types
    def bool_type(self, meta):
        return ast.BoolType(_span(meta))

    def int_type(self, meta, lo, hi, spelling=None):
        return ast.IntType(_span(meta), lo, hi, str(spelling) if spelling is not None else None)

    def named_type(self, meta, tok):
        return ast.NamedType(_span(tok), str(tok))

    def set_type(self, meta, elem):
        return ast.SetType(_span(meta), elem)

    def map_type(self, meta, key, value):
        return ast.MapType(_span(meta), key, value)

    def rel_type(self, meta, left, right):
        return ast.RelType(_span(meta), left, right)

    def list_type(self, meta, elem, size):
        return ast.ListType(_span(meta), elem, size)

    # -- header, params
    def title(self, meta, s):
        return ast.Title(_span(meta), s)

    def instruction(self, meta, s):
        return ast.Instruction(_span(meta), s)

    def signed_int(self, meta, *parts):
        value = int(number_value(str(parts[-1])))
        return -value if len(parts) == 2 else value

    def int_range(self, meta, lo, hi):
        return (lo, hi)

    def name_list(self, meta, *names):
        return [str(n) for n in names]

    def int_param(self, meta, rng):
        return ("int", rng)

    def bool_param(self, meta):
        return ("bool", None)

    def choice_param(self, meta, names):
        return ("choice", names)

    def param(self, meta, name, ptype):
        kind, data = ptype
        if kind == "int":
            return ast.ParamDecl(_span(name), str(name), "int", lo=data[0], hi=data[1])
        if kind == "choice":
            return ast.ParamDecl(_span(name), str(name), "choice", choices=data)
        return ast.ParamDecl(_span(name), str(name), "bool")

    # -- content
    def content(self, meta, *slots):
        return ast.ContentDecl(_span(meta), list(slots))

    def slot(self, meta, name, stype, desc=None):
        return ast.SlotDecl(_span(name), str(name), stype, desc.value if desc else "")

    def slot_simple(self, meta, kind, args=None):
        return ast.SlotType(_span(kind), str(kind), args or [])

    def slot_args(self, meta, *args):
        return list(args)

    def arg_range(self, meta, rng):
        return rng

    def arg_name(self, meta, tok):
        return str(tok)

    def slot_size(self, meta, tok):
        return int(number_value(str(tok))) if tok.type == "INT" else str(tok)

    def slot_list(self, meta, size, item):
        return ast.SlotType(_span(meta), "list", size=size, item=item)

    def slot_record(self, meta, *fields):
        return ast.SlotType(_span(meta), "record", fields=list(fields))

    # -- entities, enums, consts, state
    def entity(self, meta, name, count, names=None):
        return ast.EntityDecl(_span(name), str(name), count, names)

    def grid_entity(self, meta, name, width, height):
        count = ast.Binary(_span(meta), "*", width, height)
        return ast.EntityDecl(_span(name), str(name), count, None, width, height)

    def def_decl(self, meta, name, params, result, body):
        return ast.FuncDecl(_span(name), str(name), params or [], result, body)

    def def_params(self, meta, *params):
        return list(params)

    def enum_decl(self, meta, name, members):
        return ast.EnumDecl(_span(name), str(name), members)

    def const_decl(self, meta, name, value):
        return ast.ConstDecl(_span(name), str(name), value)

    def state(self, meta, *vars_):
        return ast.StateDecl(_span(meta), list(vars_))

    def var(self, meta, name, type_, init):
        return ast.VarDecl(_span(name), str(name), type_, init)

    # -- actions
    def action(self, meta, name, params, patterns, *clauses):
        return ast.ActionDecl(
            _span(name), str(name), params or [], patterns, [c for c in clauses if c is not None]
        )

    def action_params(self, meta, *params):
        return list(params)

    def action_param(self, meta, name, type_):
        return ast.ActionParam(_span(name), str(name), type_)

    def patterns(self, meta, *strings):
        return list(strings)

    def when(self, meta, cond, message=None):
        return ast.When(_span(meta), cond, message)

    def assign_op(self, meta, tok):
        return tok

    compare_op = add_op = mul_op = pow_op = assign_op

    def effect(self, meta, target, op, value):
        return ast.Effect(_span(op), target, str(op), value)

    def do(self, meta, *effects):
        return ast.Do(_span(meta), list(effects))

    def say(self, meta, s):
        return ast.Say(_span(meta), s)

    def block(self, meta, *clauses):
        return [c for c in clauses if c is not None]

    def chance(self, meta, prob, then, otherwise=None):
        return ast.Chance(_span(meta), prob, then, otherwise or [])

    def let_clause(self, meta, var, value):
        return ast.LetClause(_span(meta), str(var), value)

    def for_clause(self, meta, var, domain, body):
        return ast.For(_span(meta), str(var), domain, body)

    def if_(self, meta, cond, then, otherwise=None):
        if isinstance(otherwise, ast.If):
            otherwise = [otherwise]
        return ast.If(_span(meta), cond, then, otherwise or [])

    def empty(self, meta):
        return None

    def invalid(self, meta, s):
        return ast.InvalidDecl(_span(meta), s)

    def observe(self, meta, s):
        return ast.ObserveDecl(_span(meta), s)

    # -- signals and verification
    def reward_amount(self, meta, *parts):
        inner = next((p for p in parts if isinstance(p, ast.Expr)), None)
        if inner is not None:  # "(" expr ")"
            return inner
        last = parts[-1]
        if last.type == "NAME":
            return ast.Name(_span(last), str(last))
        value = number_value(str(last))
        return ast.Num(_span(meta), -value if len(parts) == 2 else value)

    def reward_when(self, meta, cond):
        return ("when", cond)

    def reward_on(self, meta, tok, cond=None):
        return ("on", (tok, cond))

    def reward_each(self, meta, var, domain, cond):
        return ("each", (str(var), domain, cond))

    def reward_per_step(self, meta):
        return ("per_step", None)

    def reward(self, meta, amount, trigger):
        kind, data = trigger
        if kind == "when":
            return ast.RewardDecl(_span(meta), amount, "when", cond=data)
        if kind == "on":
            tok, cond = data
            return ast.RewardDecl(_span(meta), amount, "on", cond=cond, action=str(tok), action_span=_span(tok))
        if kind == "each":
            var, domain, cond = data
            return ast.RewardDecl(_span(meta), amount, "each", cond=cond, var=var, domain=domain)
        return ast.RewardDecl(_span(meta), amount, "per_step")

    def done(self, meta, cond):
        return ast.DoneDecl(_span(meta), cond)

    def fail(self, meta, cond):
        return ast.FailDecl(_span(meta), cond)

    def horizon(self, meta, n):
        return ast.HorizonDecl(_span(meta), n)

    def every(self, meta, body):
        return ast.EveryDecl(_span(meta), body)

    def require(self, meta, cond, message=None):
        return ast.RequireDecl(_span(meta), cond, message)

    def invariant(self, meta, *parts):
        label = str(parts[0]) if len(parts) == 2 else None
        return ast.InvariantDecl(_span(meta), label, parts[-1])

    def expect(self, meta, kind):
        return kind

    def expect_solvable(self, meta, n):
        return ast.ExpectDecl(_span(meta), "solvable", n)

    def expect_solvable_observing(self, meta, n):
        return ast.ExpectDecl(_span(meta), "solvable", n, observing=True)

    def expect_beats_random(self, meta, margin=None):
        return ast.ExpectDecl(_span(meta), "beats_random", margin=margin)

    def expect_beats_nothing(self, meta, margin=None):
        return ast.ExpectDecl(_span(meta), "beats_doing_nothing", margin=margin)

    def hidden_decl(self, meta, *names):
        return ast.HiddenDecl(_span(meta), [(str(n), _span(n)) for n in names])

    def hidden_drawn(self, meta, *names):
        return ast.HiddenDecl(_span(meta), [(str(n), _span(n)) for n in names], drawn=True)

    def check_decl(self, meta, n):
        return ast.CheckDecl(_span(meta), n)

    def expect_unsolved(self, meta):
        return ast.ExpectDecl(_span(meta), "unsolved_at_start")

    def expect_no_dead_ends(self, meta):
        return ast.ExpectDecl(_span(meta), "no_dead_ends")

    # -- axes
    def axis(self, meta, name, *rest):
        kind_tok = rest[0] if rest and isinstance(rest[0], Token) else None
        alts = [r for r in rest if isinstance(r, ast.Alternative)]
        return ast.AxisDecl(
            _span(name), str(name), str(kind_tok) if kind_tok else None,
            _span(kind_tok) if kind_tok else None, alts,
        )

    def alternative(self, meta, name, *decls):
        return ast.Alternative(_span(name), str(name), [d for d in decls if d is not None])

    def rename(self, meta, name, patterns):
        return ast.RenameDecl(_span(name), str(name), patterns)

    def also(self, meta, name, patterns):
        return ast.AlsoDecl(_span(name), str(name), patterns)

    def init(self, meta, name, value):
        return ast.InitDecl(_span(name), str(name), value)

    # -- top
    def world(self, meta, name, *decls):
        return ast.World(_span(name), str(name), [d for d in decls if d is not None])

    def start(self, meta, world):
        return world


TRANSFORMER = _ToAst()
