"""A small Wadler-style layout engine: a document of text, optional line breaks and groups, laid
out in a given width. A group is printed on one line when it fits, else its breaks become
newlines; the printer builds expressions as documents so that long ones wrap where they read well
(after a comma, before ``and``/``or``) instead of at a fixed column."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Text:
    """Text over several lines: a triple-quoted string. Its lines after the first start at the
    indentation the layout began at (the statement's), plus their own leading spaces."""

    lines: tuple[str, ...]


@dataclass(frozen=True)
class Break:
    """A space (or nothing) when its group is flat, a newline at the current indentation otherwise."""

    flat: str = " "


@dataclass(frozen=True)
class LineComment:
    """A ``# comment`` from inside an expression: it ends its line (closing punctuation that follows
    moves before it), so no group around it can be flat. ``own_line``: it stood on a line of its
    own in the source, and does so again."""

    text: str
    own_line: bool = False


@dataclass(frozen=True)
class Group:
    parts: tuple[Doc, ...]


@dataclass(frozen=True)
class Nest:
    indent: int
    parts: tuple[Doc, ...]


Doc = str | Text | Break | LineComment | Group | Nest | tuple  # a str is literal text; a tuple, its parts in a row


def group(*parts: Doc) -> Group:
    return Group(parts)


def nest(indent: int, *parts: Doc) -> Nest:
    return Nest(indent, parts)


_FLAT, _BROKEN = 0, 1  # how a group's breaks print
_CLOSING = frozenset(",;)]}")  # punctuation that stays on a commented line, before the comment


def _children(doc: Doc) -> tuple[Doc, ...]:
    return doc.parts if isinstance(doc, (Group, Nest)) else doc


def _fits(width: int, doc: Doc, rest: list[tuple[int, int, Doc]]) -> bool:
    """Whether ``doc`` laid out flat, and the text after it up to the next possible break, fit in
    ``width`` (what comes after that break can move to a line of its own)."""
    stack: list[tuple[bool, Doc]] = [(False, d) for _, _, d in rest] + [(True, doc)]
    while stack and width >= 0:
        inside, d = stack.pop()
        if isinstance(d, str):
            width -= len(d)
        elif isinstance(d, Text):
            width -= len(d.lines[0])
            if len(d.lines) > 1:
                return width >= 0
        elif isinstance(d, Break):
            if not inside:
                return True
            width -= len(d.flat)
        elif isinstance(d, LineComment):
            return not inside and width >= 0
        else:
            stack.extend((inside, c) for c in reversed(_children(d)))
    return width >= 0


def render(doc: Doc, width: int, indent: int = 0) -> list[str]:
    """Lay ``doc`` out in ``width`` columns, starting at column ``indent``; returns its lines."""
    return render_lines(doc, width, indent)[0]


def render_lines(doc: Doc, width: int, indent: int = 0) -> tuple[list[str], set[int]]:
    """``render``, and which of the lines end inside a triple-quoted string (nothing may be
    appended to those: it would become part of the string)."""
    lines: list[str] = [" " * indent]
    inside: set[int] = set()
    base = " " * indent
    stack: list[tuple[int, int, Doc]] = [(indent, _BROKEN, doc)]
    pending: list[LineComment] = []  # comments due once the current line's closing punctuation is out

    def end_line(at: int) -> None:
        """End the current line with its comments, put own-line comments under it, start a new line."""
        lines[-1] = "  ".join([lines[-1].rstrip(" "), *(c.text for c in pending if not c.own_line)])
        lines.extend(" " * at + c.text for c in pending if c.own_line)
        pending.clear()
        lines.append(" " * at)

    while stack:
        indent, mode, d = stack.pop()
        if pending and not isinstance(d, (Group, Nest, tuple, LineComment)):
            if isinstance(d, str) and set(d.strip()) <= _CLOSING and d.strip():
                lines[-1] = lines[-1].rstrip(" ") + d.strip()
                continue
            end_line(indent)
            if isinstance(d, Break):
                continue
            d = d.lstrip(" ") if isinstance(d, str) else d
        if isinstance(d, LineComment):
            pending.append(d)
        elif isinstance(d, str):
            lines[-1] += d
        elif isinstance(d, Text):
            lines[-1] += d.lines[0]
            for more in d.lines[1:]:  # a triple-quoted string: its lines under the statement
                inside.add(len(lines) - 1)
                lines.append(base + more if more else "")
        elif isinstance(d, Break):
            if mode == _FLAT:
                lines[-1] += d.flat
            else:
                lines[-1] = lines[-1].rstrip(" ")
                lines.append(" " * indent)
        elif isinstance(d, Group):
            flat = mode == _FLAT or _fits(width - len(lines[-1]), d, stack)
            stack.extend((indent, _FLAT if flat else _BROKEN, c) for c in reversed(d.parts))
        elif isinstance(d, Nest):
            stack.extend((indent + d.indent, mode, c) for c in reversed(d.parts))
        else:
            stack.extend((indent, mode, c) for c in reversed(d))
    if pending:  # pragma: no cover - a comment inside an expression has code after it
        end_line(0)
        lines.pop()
    return lines, inside
