"""awk's program as a tree of frozen nodes: what ``awk_parse`` builds and ``awk_run`` walks.
Expressions, statements, rules (pattern and action, ``BEGIN``/``END``, ranges) and the program."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True, frozen=True)
class Num:
    value: float


@dataclass(slots=True, frozen=True)
class Str:
    value: str


@dataclass(slots=True, frozen=True)
class Regex:
    """``/re/``: on its own it matches ``$0``; beside ``~`` or in ``sub`` it is the pattern."""

    source: str


@dataclass(slots=True, frozen=True)
class Var:
    name: str


@dataclass(slots=True, frozen=True)
class Field:
    index: Expr


@dataclass(slots=True, frozen=True)
class Index:
    """``name[subscripts]``; several subscripts join with SUBSEP."""

    name: str
    subscripts: tuple[Expr, ...]


@dataclass(slots=True, frozen=True)
class Assign:
    target: Var | Field | Index
    op: str  # "=", "+=", ...
    value: Expr


@dataclass(slots=True, frozen=True)
class IncDec:
    target: Var | Field | Index
    delta: int
    prefix: bool


@dataclass(slots=True, frozen=True)
class Binary:
    op: str  # + - * / % ^ concat < <= > >= == != ~ !~
    left: Expr
    right: Expr


@dataclass(slots=True, frozen=True)
class Logical:
    op: str  # && ||
    left: Expr
    right: Expr


@dataclass(slots=True, frozen=True)
class Unary:
    op: str  # - + !
    operand: Expr


@dataclass(slots=True, frozen=True)
class Cond:
    test: Expr
    yes: Expr
    no: Expr


@dataclass(slots=True, frozen=True)
class In:
    subscripts: tuple[Expr, ...]
    name: str


@dataclass(slots=True, frozen=True)
class Call:
    name: str
    args: tuple[Expr, ...]


@dataclass(slots=True, frozen=True)
class Group:
    """A parenthesised list ``(a, b)``: only before ``in`` or as ``print``'s arguments."""

    items: tuple[Expr, ...]


Expr = Num | Str | Regex | Var | Field | Index | Assign | IncDec | Binary | Logical | Unary | Cond | In | Call | Group


@dataclass(slots=True, frozen=True)
class Print:
    args: tuple[Expr, ...]
    dest: tuple[str, Expr] | None  # (">" or ">>", file name)


@dataclass(slots=True, frozen=True)
class Printf:
    args: tuple[Expr, ...]
    dest: tuple[str, Expr] | None


@dataclass(slots=True, frozen=True)
class ExprStmt:
    expr: Expr


@dataclass(slots=True, frozen=True)
class If:
    test: Expr
    yes: Stmt
    no: Stmt | None


@dataclass(slots=True, frozen=True)
class While:
    test: Expr
    body: Stmt
    do: bool  # do ... while: the body runs first


@dataclass(slots=True, frozen=True)
class For:
    init: Expr | None
    test: Expr | None
    step: Expr | None
    body: Stmt


@dataclass(slots=True, frozen=True)
class ForIn:
    var: Var | Field | Index
    name: str
    body: Stmt


@dataclass(slots=True, frozen=True)
class Block:
    body: tuple[Stmt, ...]


@dataclass(slots=True, frozen=True)
class Jump:
    kind: str  # next exit break continue
    value: Expr | None = None


@dataclass(slots=True, frozen=True)
class Delete:
    name: str
    subscripts: tuple[Expr, ...] | None  # None: the whole array


Stmt = Print | Printf | ExprStmt | If | While | For | ForIn | Block | Jump | Delete


@dataclass(slots=True, frozen=True)
class Rule:
    """``pattern { action }``; ``kind`` is BEGIN, END, or "" for a main rule. A range rule has
    ``end``; a rule without action (``action is None``) prints ``$0``."""

    kind: str
    pattern: Expr | None
    end: Expr | None
    action: Block | None


@dataclass(slots=True, frozen=True)
class Program:
    begin: tuple[Block, ...]
    rules: tuple[Rule, ...]
    end: tuple[Block, ...]
