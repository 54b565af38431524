"""Re-parsing a scaffold after an edit: only the declaration the edit falls in, when that is safe.

An editor re-checks the whole file on every keystroke, and parsing the largest shipped scaffold
takes longer than checking it. An edit inside one top-level declaration changes only that
declaration's parse tree when (1) the new declaration text parses alone as one declaration,
(2) the token after it could not continue it (so the whole-file LALR parse would end it there
too) and (3) no other declaration moves to another line or column (the AST's spans hold lines
and columns). The re-parse is then given the declaration's text preceded by as many line breaks
and spaces as put it where it is in the file, so its positions are the file's. Whenever a
condition fails, or the declaration has any problem, the whole file is parsed as ``parse``
does, so the AST and the diagnostics are exactly ``parse``'s.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cache

from lark import Token, Tree
from lark.exceptions import LarkError

from worldgen.errors import DiagnosticSink
from worldgen.syntax import ast
from worldgen.syntax.chains import balance_chains
from worldgen.syntax.limits import check_source_size, check_tree
from worldgen.syntax.parser import _lark, parse_tree, to_ast

DECL_DEPTH = 3  # a declaration's height in the file's tree: start > world > declaration
NO_BOUNDS = (-1, -1)  # a declaration without positions (a stray ";"): never re-parsed alone
_NEXT_WORD = re.compile(r"(?:\s|#[^\n]*)*([A-Za-z_]\w*|\S)")  # after blanks and comments


@dataclass(frozen=True)
class Parsed:
    """A text that parsed, with its declarations' parse trees and where each lies in the text."""

    text: str
    world: ast.World
    name: Token  # the world's name
    decls: tuple[Tree, ...]
    asts: tuple[ast.Decl | None, ...]  # each declaration's AST, shared with later versions (the checker only reads it)
    bounds: tuple[tuple[int, int], ...]  # each declaration's [start, end) offsets in ``text``


def parse_text(text: str, filename: str, previous: Parsed | None = None) -> Parsed:
    """``text`` parsed, re-using ``previous`` (an earlier version of the same file) for the
    declarations an edit did not touch; raises DiagnosticError exactly as ``parse`` does."""
    if previous is not None:
        if previous.text == text:
            return previous
        reparsed = _reparse_one(previous, text, filename)
        if reparsed is not None:
            return reparsed
    tree = parse_tree(text, filename)
    world = tree.children[0]
    name, decls = world.children[0], tuple(world.children[1:])
    bounds = tuple(NO_BOUNDS if d.meta.empty else (d.meta.start_pos, d.meta.end_pos) for d in decls)
    asts = tuple(to_ast(d) for d in decls)
    return Parsed(text, _world(name, asts), name, decls, asts, bounds)


def _world(name: Token, asts: tuple[ast.Decl | None, ...]) -> ast.World:
    """The AST ``parse`` builds: the transformer's world of these declarations."""
    return dataclasses.replace(to_ast(Tree("world", [name])), decls=[a for a in asts if a is not None])


def _reparse_one(previous: Parsed, text: str, filename: str) -> Parsed | None:
    """``text`` with only the edited declaration re-parsed, or None when that is not safe."""
    old = previous.text
    prefix = _common_prefix(old, text)
    suffix = _common_prefix(old[prefix:][::-1], text[prefix:][::-1])
    old_end = len(old) - suffix  # the edit replaced old[prefix:old_end] with text[prefix:new_end]
    hit = next((i for i, (start, end) in enumerate(previous.bounds) if start < prefix and old_end < end), None)
    if hit is None:
        return None
    start, end = previous.bounds[hit]
    shift = len(text) - len(old)
    chunk = text[start:end + shift]
    if chunk.count("\n") != old[start:end].count("\n") or (shift and _tokens_follow_on_line(text, end + shift)):
        return None  # later declarations would move: their trees' positions would be wrong
    sink = DiagnosticSink(filename, text)
    check_source_size(text, sink)
    tree = _parse_decl(chunk, text, start, end + shift)
    if tree is None or sink.diagnostics:
        return None
    check_tree(tree, sink, depth=DECL_DEPTH)
    if sink.diagnostics:
        return None  # the whole-file parse reports it, in its own order
    decls = (*previous.decls[:hit], tree, *previous.decls[hit + 1:])
    asts = (*previous.asts[:hit], to_ast(tree), *previous.asts[hit + 1:])
    bounds = (*previous.bounds[:hit], (start, end + shift),
              *((a + shift, b + shift) if (a, b) != NO_BOUNDS else NO_BOUNDS for a, b in previous.bounds[hit + 1:]))
    return Parsed(text, _world(previous.name, asts), previous.name, decls, asts, bounds)


def _parse_decl(chunk: str, text: str, start: int, end: int) -> Tree | None:
    """``chunk`` (``text[start:end]``) parsed as one declaration at its place in ``text``, or
    None if it is not one whole declaration that the next token of ``text`` could not extend."""
    line_start = text.rfind("\n", 0, start) + 1
    padding = "\n" * text.count("\n", 0, start) + " " * (start - line_start)
    try:
        parser = _lark().parse_interactive(padding + chunk, start="decl")
        parser.exhaust_lexer()
        accepted = parser.accepts()
        following = _next_token_type(text, end)
        if "$END" not in accepted or following is None or following in accepted:
            return None
        tree = parser.feed_eof()
    except LarkError:
        return None
    return balance_chains(tree) if isinstance(tree, Tree) and not tree.meta.empty else None  # as parse_tree does


def _next_token_type(text: str, at: int) -> str | None:
    """The terminal of the first token from ``at``: a declaration's keyword, ";" or "}" (None
    for anything else: the caller then parses the whole file)."""
    word = _NEXT_WORD.match(text, at)
    return _string_terminals().get(word.group(1)) if word else None


@cache
def _string_terminals() -> dict[str, str]:
    """The grammar's fixed-string terminals by their text (keywords and punctuation)."""
    return {t.pattern.value: t.name for t in _lark().terminals if t.pattern.type == "str"}


def _tokens_follow_on_line(text: str, at: int) -> bool:
    """Whether anything but blanks and a comment follows ``at`` on its line."""
    line_end = text.find("\n", at)
    rest = text[at:line_end if line_end != -1 else len(text)].lstrip(" \t")
    return bool(rest) and not rest.startswith("#")


def _common_prefix(a: str, b: str) -> int:
    """The length of the longest common prefix of ``a`` and ``b``."""
    lo, hi = 0, min(len(a), len(b))
    while lo < hi:  # binary search on slices: C-speed comparisons, not a Python loop per character
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo
