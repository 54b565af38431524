"""Lark tree -> AST for the ``files { ... }`` block (mixed into the scaffold transformer)."""

from __future__ import annotations

from lark import Token, Transformer, v_args

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.files_ast import Block, FilesDecl, Hook, Prop, Setting


def _span(meta_or_token) -> Span:
    return Span(meta_or_token.line, meta_or_token.column, meta_or_token.end_line, meta_or_token.end_column)


@v_args(meta=True, inline=True)
class FilesTransform(Transformer):
    def files_decl(self, meta, head: Token, *items):
        settings = [i for i in items if isinstance(i, Setting)]
        blocks = [i for i in items if isinstance(i, Block)]
        return FilesDecl(_span(head), str(head), settings, blocks)

    def fs_setting(self, meta, key: Token, value: ast.Str):
        return Setting(_span(key), str(key), value)

    def fs_env(self, meta, key: Token, name: Token, value: ast.Str):
        return Setting(_span(key), str(key), value, str(name))

    def fs_block(self, meta, kind: Token, name: Token, params, string, *clauses):
        block = Block(_span(name), str(kind), _span(kind), str(name), params or [], string, [], [])
        for c in clauses:
            if isinstance(c, Prop):
                block.props.append(c)
            elif isinstance(c, Hook):
                block.hooks.append(c)
            elif isinstance(c, ast.Str):
                block.invalid = c
        return block

    def fs_quoted_block(self, meta, kind: Token, name: ast.Str, string, *clauses):
        """``program "apt-get" { ... }``: a program whose name is no identifier."""
        block = self.fs_block(meta, kind, Token("NAME", name.value, line=name.span.line, column=name.span.col,
                                                   end_line=name.span.end_line, end_column=name.span.end_col),
                              None, string, *clauses)
        block.quoted = True
        return block

    def fs_prop(self, meta, key: Token, value: ast.Expr):
        return Prop(_span(key), str(key), value)

    def fs_when(self, meta, key: Token, value: ast.Expr):
        return Prop(_span(key), str(key), value, when=True)

    def fs_invalid(self, meta, s: ast.Str):
        return s

    def fs_hook(self, meta, kind: Token, *clauses):
        return Hook(_span(kind), str(kind), [c for c in clauses if c is not None])

    def fs_write_hook(self, meta, kind: Token, patterns, params, word, regex, *clauses):
        hook = Hook(_span(kind), str(kind), [c for c in clauses if c is not None], params or [], patterns)
        if word is not None:  # `matching "REGEX"` (any other word is reported by the checker)
            hook.matching, hook.matching_word = regex, str(word)
        return hook

    def fs_value_hook(self, meta, kind: Token, params, *clauses):
        return Hook(_span(kind), str(kind), [c for c in clauses if c is not None], params)
