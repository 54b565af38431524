"""Size limits on scaffold source, checked before anything recurses over it.

The parser is iterative, but the AST transformer, the checker and the code generator walk trees
recursively, and memory grows with literal sizes: a megabyte-long file, a string literal longer
than any instruction, or an expression nested hundreds deep would cost gigabytes or blow
Python's recursion limit; an integer literal thousands of digits long is past Python's int-to-text
digit limit (4,300), so even saying that it is too large would fail (a float that long is only
read as inf or 0, which the checker judges as any other value). These limits are far above
what a scaffold needs (the shipped ones nest at most 20 deep), and crossing one is a located WG103
diagnostic, not a crash.
"""

from __future__ import annotations

from lark import Token, Tree

from worldgen.errors import DiagnosticSink, Span

MAX_SOURCE_CHARS = 1_000_000
MAX_STRING_CHARS = 10_000
MAX_INTEGER_CHARS = 100  # a 64-bit integer has at most 19 digits; room for '_' and leading zeros
_NUMBERS = ("INT", "NUMBER")  # the grammar's numeric terminals (a NUMBER with '.' is a float)
MAX_NESTING = 100  # parse-tree height: statements, blocks and expressions together


def check_source_size(source: str, sink: DiagnosticSink) -> None:
    """Refuse a file over MAX_SOURCE_CHARS, pointing at where it crosses the limit (``source`` may
    be only the file's first MAX_SOURCE_CHARS + 1 characters: see textfile.read_text)."""
    if len(source) <= MAX_SOURCE_CHARS:
        return
    head = source[:MAX_SOURCE_CHARS]
    line = head.count("\n") + 1
    col = MAX_SOURCE_CHARS - (head.rfind("\n") + 1) + 1
    sink.error("WG103", f"the file has more than {MAX_SOURCE_CHARS:_} characters; a scaffold may have at most "
               f"{MAX_SOURCE_CHARS:_}",
               Span(line, col))


def check_tree(tree: Tree, sink: DiagnosticSink, at: Span | None = None, depth: int = 1) -> None:
    """Report nesting deeper than MAX_NESTING (once, at the first node too deep) and over-long
    string literals. Iterative, so a pathological tree cannot exhaust the stack here.
    ``at``: where a template hole's text starts in the file (its positions are relative);
    ``depth``: the height of ``tree``'s root in the file's tree (a re-parsed declaration's is 3)."""
    stack: list[tuple[Tree | Token, int]] = [(tree, depth)]
    too_deep = False
    while stack:
        node, depth = stack.pop()
        if isinstance(node, Token):
            if node.type == "STRING" and len(node) > MAX_STRING_CHARS:
                sink.error("WG103", f"this string has {len(node):_} characters; a string may have at most "
                           f"{MAX_STRING_CHARS:_}", _where(node.line, node.column, at))
            elif node.type in _NUMBERS and "." not in node and len(node) > MAX_INTEGER_CHARS:
                sink.error("WG103", f"this integer has {len(node):_} characters; an integer may have at most "
                           f"{MAX_INTEGER_CHARS} (integers must fit in 64 bits)", _where(node.line, node.column, at))
            continue
        if depth > MAX_NESTING and not too_deep:
            too_deep = True
            line, col = _first_position(node)
            sink.error("WG103", f"this is nested more than {MAX_NESTING} levels deep; split the expression with "
                       "'let' or a 'def'", _where(line, col, at))
        stack.extend((child, depth + 1) for child in node.children if child is not None)


def _first_position(node: Tree) -> tuple[int, int]:
    meta = node.meta
    if not meta.empty:
        return meta.line, meta.column
    return 1, 1  # pragma: no cover - every tree with a token has a position


def _where(line: int | None, col: int | None, at: Span | None) -> Span:
    line, col = line or 1, col or 1
    if at is None:
        return Span(line, col)
    return Span(at.line + line - 1, at.col + col - 1 if line == 1 else col)
