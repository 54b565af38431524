"""Which comments sit inside a statement's expressions, and after which literal or name.

The statement printer places a comment at the end of the printed line of the construct it follows;
inside an expression wrapped over several lines that would move it to the end of the whole
expression (``when a or  # why a`` / ``b``). A comment is inside when the last literal or name
before it and the first one after it hang from one statement (the nearest node that is not an
expression: a ``when`` clause holds its condition and its message); the expression printer then
prints it right after that literal or name (``layout.LineComment``), so it stays on the line of the
code it was written beside. One the expression printer never reaches is placed as before.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import fields

from worldgen.syntax import ast
from worldgen.syntax.source_map import Comment, Pos, end, start

_LEAVES = (ast.Num, ast.Str, ast.Bool, ast.Name)


def inner_comments(world: ast.World, comments: list[Comment]) -> dict[Pos, list[Comment]]:
    """Start of a literal or name -> the comments printed after it (see the module docstring)."""
    leaves = sorted(_leaves(world, id(world)))  # (start, end, id of the statement it hangs from)
    starts = [s for s, _, _ in leaves]
    after: dict[Pos, list[Comment]] = {}
    for c in comments:
        i = bisect_left(starts, c.pos)  # leaves[i] is the first one after the comment
        if 0 < i < len(leaves) and leaves[i - 1][2] == leaves[i][2] and leaves[i - 1][1] <= c.pos:
            after.setdefault(leaves[i - 1][0], []).append(c)
    return after


def _leaves(node: object, top: int) -> Iterator[tuple[Pos, Pos, int]]:
    """Every literal and name under ``node`` written in the source, with the statement (``top``,
    or the nearest node under it that is not an expression) it hangs from."""
    if isinstance(node, _LEAVES):
        if node.span.line > 0:
            yield start(node.span), end(node.span), top
    elif isinstance(node, ast.Node):
        top = top if isinstance(node, ast.Expr) else id(node)
        for f in fields(node):
            if f.name != "span":
                yield from _leaves(getattr(node, f.name), top)
    elif isinstance(node, (list, tuple)):
        for item in node:
            yield from _leaves(item, top)
