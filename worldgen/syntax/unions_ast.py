"""AST nodes of tagged unions (Language 3): ``type place = floor(room) | inside(box) | carried``
and ``x is floor``. Kept apart from ast.py so the construct reads in one place."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.errors import Span
from worldgen.syntax.ast import Decl, Expr, Node


@dataclass
class VariantDecl(Node):
    """One alternative of a union: a tag, and the entity, enum or union it holds (None: nothing)."""

    tag: str
    payload: str | None
    payload_span: Span | None = None


@dataclass
class UnionDecl(Decl):
    """``type NAME = v1 | v2 ...``; ``head`` is the first word, which must be ``type``."""

    head: str
    name: str
    variants: list[VariantDecl]
    head_span: Span | None = None


@dataclass
class IsTest(Expr):
    """``x is tag``: whether a union value is of that variant."""

    operand: Expr
    tag: str
    tag_span: Span
