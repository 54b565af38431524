"""The ``files { ... }`` block in canonical layout, for the source printer (printer.py).

Kept apart from printer.py as its AST is (files_ast.py). One item per line (``home "/root"``,
``env EDITOR = "vi"``, ``file NAME(params) "PATH" {``, ``program NAME "summary" {``) and one
clause per line inside a file or program; a hook's body prints as an action's does. The AST keeps
settings apart from files and properties apart from hooks, so items print in source order (that is
also what keeps each comment beside the item it was written beside).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, TypeVar

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.files_ast import Block, FilesDecl, Hook, Prop, Setting
from worldgen.syntax.layout import Break, Doc, group, nest
from worldgen.syntax.print_exprs import INDENT, string
from worldgen.syntax.source_map import Pos, end, end_of, start

if TYPE_CHECKING:
    from worldgen.syntax.printer import _Printer

Item = Setting | Block
N = TypeVar("N", bound=ast.Node)
Clause = Prop | Hook | ast.Str  # a bare string: the block's `invalid "..."`


def print_files(p: _Printer, d: FilesDecl, indent: int) -> None:
    """``files {`` its settings, files and programs ``}``."""
    items: list[Item] = _in_source_order([*d.settings, *d.blocks])
    p._braced(d, indent, d.head, p._at(end(d.span)), items, partial(_item, p))


def _item(p: _Printer, item: Item, indent: int) -> None:
    if isinstance(item, Setting):
        name = " " + item.name + " =" if item.name is not None else ""
        p.item(item, indent, (item.key + name + " ", string(item.value)))
        return
    params: Doc = ("(", p._params(item.params), ")") if item.params else ""
    path: Doc = nest(INDENT, Break(), string(item.string)) if item.string is not None else ""
    clauses: list[Clause] = [*item.props, *([item.invalid] if item.invalid is not None else []), *item.hooks]
    p._braced(item, indent, group(item.kind + " " + (f"\"{item.name}\"" if item.quoted else item.name), params, path),
              p._at(_furthest(item.span, item.params, item.string)), _in_source_order(clauses),
              partial(_clause, p))


def _clause(p: _Printer, c: Clause, indent: int) -> None:
    if isinstance(c, ast.Str):
        p.item(c, indent, ("invalid ", string(c)))
    elif isinstance(c, Prop):
        head = c.key + " when" if c.when else c.key
        p.item(c, indent, group(head, nest(INDENT, Break(), p.exprs.doc(c.value))))
    else:
        params: Doc = (" (", p._params(c.params), ")") if c.params else ""
        matching: Doc = (" " + c.matching_word + " ", string(c.matching)) if c.matching is not None else ""
        head = group("when " + c.kind, nest(INDENT, *p._patterns(c.patterns), params, matching))
        p._braced(c, indent, head, p._at(_furthest(c.span, c.patterns, c.params, c.matching)), c.clauses, p.clause)


def _in_source_order(nodes: list[N]) -> list[N]:
    """``nodes`` as the source has them (a stable sort: nodes made in code keep the given order)."""
    return sorted(nodes, key=lambda n: start(n.kind_span if isinstance(n, Block) else n.span))


def _furthest(span: Span, *parts: object) -> Pos:
    """Where a head (a name, then its patterns, params or path) ends: its block's ``{`` follows."""
    return max([end(span), *(end_of(part) for part in parts)])
