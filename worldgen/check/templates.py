"""Templates: ``"You are in the {at}."`` -> literal text and typed holes.

Holes hold expressions in the scaffold language; ``{{`` and ``}}`` are literal braces. Holes are
found in the raw source text of the string, so a diagnostic inside a hole points at its column.
"""

from __future__ import annotations

from worldgen.check.exprs import RENDERABLE, Ctx, ExprChecker, is_error, show_type
from worldgen.errors import Span
from worldgen.ir.models import Template, TemplatePart
from worldgen.syntax import ast
from worldgen.syntax.parser import parse_expr
from worldgen.syntax.transform import unescape
from worldgen.syntax.strings import dedent_piece, indentation



def split_holes(raw: str) -> list[tuple[str, str, int]]:
    """-> [("text", raw_text, offset) | ("hole", source, offset)] or raises ValueError(offset)."""
    parts: list[tuple[str, str, int]] = []
    buf_start, i = 0, 0
    text = []
    while i < len(raw):
        ch = raw[i]
        if ch == "\\" and i + 1 < len(raw):
            text.append(raw[i : i + 2])
            i += 2
            continue
        if ch in "{}" and raw[i + 1 : i + 2] == ch:
            text.append(ch)
            i += 2
            continue
        if ch == "}":
            raise ValueError(i, "unmatched '}' in text; write '}}' for a literal brace")
        if ch == "{":
            if text:
                parts.append(("text", "".join(text), buf_start))
                text = []
            depth, j, quote = 1, i + 1, ""
            while j < len(raw) and depth:
                c = raw[j]
                if quote:
                    quote = "" if c == quote else quote
                elif c in "'\"":
                    quote = c
                elif c == "{":
                    depth += 1
                elif c == "}":
                    depth -= 1
                j += 1
            if depth:
                raise ValueError(i, "unclosed '{' in text; write '{{' for a literal brace")
            parts.append(("hole", raw[i + 1 : j - 1], i + 1))
            i = j
            buf_start = i
            continue
        text.append(ch)
        i += 1
    if text:
        parts.append(("text", "".join(text), buf_start))
    return parts


def unescape_hole(hole: str) -> str:
    """Inside a hole, \\" and \\' are quotes of the hole's own strings (the enclosing literal needed
    them escaped). Columns after such a quote shift by one in diagnostics; nothing else changes."""
    return hole.replace('\\"', '"').replace("\\'", "'")


def check_template(checker: ExprChecker, s: ast.Str, ctx: Ctx) -> Template:
    """Check a template string; ``ctx`` decides which names the holes may use."""
    try:
        pieces = split_holes(s.raw)
    except ValueError as err:
        offset, message = err.args
        checker.sink.error("WG102", message, hole_position(s, offset))
        return Template()
    margin = indentation(s.raw) if s.quote == 3 else None
    parts: list[TemplatePart] = []
    for kind, text, offset in pieces:
        if kind == "text":
            if margin is not None:
                text = dedent_piece(text, offset, margin)
            if text:
                parts.append(TemplatePart(text=unescape(text)))
            continue
        at = hole_position(s, offset)
        if not text.strip():
            checker.sink.error("WG102", "empty '{}' in text; write '{{}}' for literal braces", at)
            continue
        node = parse_expr(unescape_hole(text), at, checker.sink)
        if node is None:
            continue
        expr = checker.check(node, ctx)
        if is_error(expr):
            continue
        if expr.type.kind not in RENDERABLE:
            checker.sink.error("WG304", f"{show_type(expr.type)} cannot be shown in text", node.span)
            continue
        parts.append(TemplatePart(expr=expr))
    return Template(parts=tuple(parts))


def hole_position(s: ast.Str, offset: int) -> Span:
    """Where character ``offset`` of a string's raw text is in the file (strings may span lines)."""
    newlines = s.raw.count("\n", 0, offset)
    if not newlines:
        return Span(s.span.line, s.span.col + s.quote + offset)
    return Span(s.span.line + newlines, offset - s.raw.rfind("\n", 0, offset))
