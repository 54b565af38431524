"""The scaffold AST: what the source says, with a position on every node.

The AST is untyped and unresolved; the checker (worldgen.check) turns it into the IR.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, fields, is_dataclass

from worldgen.errors import Span


@dataclass
class Node:
    span: Span


# ---------------------------------------------------------------------------------- expressions


class Expr(Node):
    pass


@dataclass
class Num(Expr):
    value: int | float


@dataclass
class Str(Expr):
    """A string literal. ``raw`` is the source text between the quotes (escapes intact), which
    template parsing needs to map hole offsets back to source columns."""

    value: str
    raw: str
    quote: int = 1  # length of the opening quote: 3 for a """multi-line""" string


@dataclass
class Bool(Expr):
    value: bool


@dataclass
class Name(Expr):
    id: str


@dataclass
class Call(Expr):
    func: str
    args: list[Expr]


@dataclass
class Quantifier(Expr):
    func: str  # all / any / count / sum / min / max / filter / each / first / join
    var: str
    domain: Expr
    body: Expr
    extra: Expr | None = None  # first: the default; join: the separator


@dataclass
class PairQuantifier(Expr):
    """``filter(a: A, b: B, cond)``: a quantifier over pairs (Language 3: a relation comprehension)."""

    func: str
    var: str
    domain: Expr
    var2: str
    domain2: Expr
    body: Expr


@dataclass
class Fixpoint(Expr):
    """``closure(x, d -> e: cond)``: what steps ``d -> e`` satisfying ``cond`` reach from ``x``."""

    func: str
    start: Expr
    var: str
    var2: str
    body: Expr


@dataclass
class IntRange(Expr):
    """``lo..hi`` where a quantifier or a ``for`` ranges over ints (both ends included)."""

    lo: Expr
    hi: Expr


@dataclass
class Let(Expr):
    """``let x = value; body``: names a value inside an expression."""

    var: str
    value: Expr
    body: Expr


@dataclass
class Index(Expr):
    obj: Expr
    index: Expr


@dataclass
class Slice(Expr):
    obj: Expr
    lo: Expr | None
    hi: Expr | None


@dataclass
class Field(Expr):
    obj: Expr
    name: str


@dataclass
class Unary(Expr):
    op: str  # "not" | "-"
    operand: Expr


@dataclass
class Binary(Expr):
    op: str  # or and == != < <= > >= in notin + - * / %
    left: Expr
    right: Expr


@dataclass
class Cond(Expr):
    cond: Expr
    then: Expr
    otherwise: Expr


@dataclass
class SetLit(Expr):
    items: list[Expr]


@dataclass
class ListLit(Expr):
    items: list[Expr]


@dataclass
class MapLit(Expr):
    items: list[tuple[Expr, Expr]]


# ---------------------------------------------------------------------------------------- types


class TypeExpr(Node):
    pass


@dataclass
class BoolType(TypeExpr):
    pass


@dataclass
class IntType(TypeExpr):
    lo: Expr | None  # None: written without a range (the checker reports it as unbounded)
    hi: Expr | None
    spelling: str | None = None  # `as octal`: how an argument is written in commands


@dataclass
class NamedType(TypeExpr):
    name: str


@dataclass
class SetType(TypeExpr):
    elem: TypeExpr


@dataclass
class MapType(TypeExpr):
    key: TypeExpr
    value: TypeExpr


@dataclass
class RelType(TypeExpr):
    left: TypeExpr
    right: TypeExpr


@dataclass
class ListType(TypeExpr):
    elem: TypeExpr
    size: Expr  # the most items it may hold


# ----------------------------------------------------------------------------------------- decls


class Decl(Node):
    pass


@dataclass
class Title(Decl):
    text: Str


@dataclass
class Instruction(Decl):
    text: Str


@dataclass
class ParamDecl(Decl):
    name: str
    kind: str  # int | bool | choice
    lo: int | None = None
    hi: int | None = None
    choices: list[str] = field(default_factory=list)


@dataclass
class SlotType(Node):
    kind: str  # the written kind: text/word/int/enum/... or "list" / "record"
    args: list[object] = field(default_factory=list)  # (lo, hi) tuples or names
    size: str | int | None = None  # list size: param name or literal
    item: SlotType | None = None
    fields: list[SlotDecl] = field(default_factory=list)


@dataclass
class SlotDecl(Node):
    name: str
    type: SlotType
    description: str


@dataclass
class ContentDecl(Decl):
    slots: list[SlotDecl]


@dataclass
class EntityDecl(Decl):
    name: str
    count: Expr
    names: Expr | None  # None: named after the entity (slot1, slot2, ...)
    width: Expr | None = None  # a grid entity: `entity cell grid(W, H)` has count W * H
    height: Expr | None = None


@dataclass
class EnumDecl(Decl):
    name: str
    members: list[str]


@dataclass
class ConstDecl(Decl):
    name: str
    value: Expr


@dataclass
class FuncDecl(Decl):
    """``def name(a: T, ...) [: R] = body``: a pure function of its arguments and the state."""

    name: str
    params: list[ActionParam]
    result: TypeExpr | None
    body: Expr


@dataclass
class VarDecl(Node):
    name: str
    type: TypeExpr
    init: Expr


@dataclass
class StateDecl(Decl):
    vars: list[VarDecl]


@dataclass
class ActionParam(Node):
    name: str
    type: TypeExpr


class Clause(Node):
    pass


@dataclass
class When(Clause):
    cond: Expr
    message: Str | None


@dataclass
class Effect(Node):
    target: Expr
    op: str
    value: Expr


@dataclass
class Do(Clause):
    effects: list[Effect]


@dataclass
class Say(Clause):
    text: Str


@dataclass
class Chance(Clause):
    prob: Expr
    then: list[Clause]
    otherwise: list[Clause]


@dataclass
class LetClause(Clause):
    var: str
    value: Expr


@dataclass
class For(Clause):
    var: str
    domain: Expr
    body: list[Clause]


@dataclass
class If(Clause):
    cond: Expr
    then: list[Clause]
    otherwise: list[Clause]


@dataclass
class ActionDecl(Decl):
    name: str
    params: list[ActionParam]
    patterns: list[Str]
    clauses: list[Clause]


@dataclass
class InvalidDecl(Decl):
    text: Str


@dataclass
class ObserveDecl(Decl):
    text: Str


@dataclass
class RewardDecl(Decl):
    amount: Expr
    kind: str  # when | on | per_step | each
    cond: Expr | None = None
    action: str | None = None
    action_span: Span | None = None
    var: str | None = None  # each: the bound element ...
    domain: Expr | None = None  # ... and what it ranges over


@dataclass
class DoneDecl(Decl):
    cond: Expr


@dataclass
class FailDecl(Decl):
    cond: Expr


@dataclass
class HorizonDecl(Decl):
    steps: Expr


@dataclass
class EveryDecl(Decl):
    """``every step { ... }``: effects that run after every action that happens."""

    body: list[Clause]


@dataclass
class RequireDecl(Decl):
    """``require COND [else "why"]``: a world is re-drawn at build time unless COND holds."""

    cond: Expr
    message: Str | None


@dataclass
class InvariantDecl(Decl):
    label: str | None
    cond: Expr


@dataclass
class ExpectDecl(Decl):
    kind: str  # solvable | unsolved_at_start | no_dead_ends | beats_random | beats_doing_nothing
    within: Expr | None = None
    observing: bool = False  # `solvable within N observing`: decided on what the agent sees
    margin: Expr | None = None  # `beats random by 0.2`


@dataclass
class HiddenDecl(Decl):
    """`hidden a, b`: state the agent cannot see, unknown to the observation-fair checks."""

    names: list[tuple[str, Span]]
    drawn: bool = False  # `hidden a, b from draws`: their candidates are what the generator draws


@dataclass
class CheckDecl(Decl):
    """`check within N states`: the scaffold's own model-checking bound."""

    states: Expr


@dataclass
class RenameDecl(Decl):
    action: str
    patterns: list[Str]


@dataclass
class AlsoDecl(Decl):
    action: str
    patterns: list[Str]


@dataclass
class InitDecl(Decl):
    var: str
    value: Expr


@dataclass
class Alternative(Node):
    name: str
    decls: list[Decl]


@dataclass
class AxisDecl(Decl):
    name: str
    kind: str | None
    kind_span: Span | None
    alternatives: list[Alternative]


@dataclass
class World(Node):
    name: str
    decls: list[Decl]


def walk(node: object) -> Iterator[object]:
    """``node`` and every node, list and value under it, in the order written (depth first;
    iterative, so a deeply nested scaffold cannot exhaust the stack here)."""
    stack = [node]
    while stack:
        item = stack.pop()
        yield item
        if is_dataclass(item) and not isinstance(item, type):
            stack.extend(reversed([getattr(item, f.name) for f in fields(item)]))
        elif isinstance(item, (list, tuple)):
            stack.extend(reversed(item))
