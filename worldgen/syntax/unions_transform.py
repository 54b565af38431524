"""Lark tree -> AST for tagged unions (mixed into the scaffold transformer)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from worldgen.syntax import ast
from worldgen.syntax.files_transform import _span
from worldgen.syntax.unions_ast import IsTest, UnionDecl, VariantDecl


@v_args(meta=True, inline=True)
class UnionsTransform(Transformer):
    def union_decl(self, meta, head: Token, name: Token, *variants: VariantDecl) -> UnionDecl:
        return UnionDecl(_span(name), str(head), str(name), list(variants), _span(head))

    def variant(self, meta, tag: Token, payload: Token | None) -> VariantDecl:
        if payload is None:
            return VariantDecl(_span(tag), str(tag), None)
        return VariantDecl(_span(meta), str(tag), str(payload), _span(payload))

    def is_test(self, meta, operand: ast.Expr, tag: Token) -> IsTest:
        return IsTest(_span(meta), operand, str(tag), _span(tag))
