"""Expressions, types and literals of the AST as layout documents (worldgen/syntax/layout.py).

Parentheses are not in the AST, so they are put back exactly where the grammar's precedence needs
them; a number keeps the author's spelling (``1_000``, ``0x1f``) when the source is at hand, and a
string keeps its raw text, so its escapes and template holes are printed as written."""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from worldgen.errors import Span
from worldgen.syntax import ast
from worldgen.syntax.layout import Break, Doc, LineComment, Text, group, nest
from worldgen.syntax.source_map import Comment, Pos, start
from worldgen.syntax.strings import indentation
from worldgen.syntax.transform import number_value
from worldgen.syntax.unions_ast import IsTest

INDENT = 4  # continuation lines of a wrapped expression

# Binding strength of each grammar level (higher binds tighter); see grammars/worldgen.lark.
EXPR, OR, AND, NOT, COMPARE, SUM, PRODUCT, UNARY, POWER, POSTFIX, ATOM = range(11)
_LEVEL = {"or": OR, "and": AND, "+": SUM, "-": SUM, "*": PRODUCT, "/": PRODUCT, "%": PRODUCT, "^": POWER}
_NUMBER = re.compile(r"-?(0o[0-7]+|0x[0-9a-fA-F]+|[0-9][0-9_]*(\.[0-9]+)?)")

Spelling = Callable[[Span], str | None]  # the source text a span covers, when the source is known


def _chain(e: ast.Binary, level: int) -> list[tuple[str, ast.Expr]]:
    """The operands of a left-associative chain at ``level``, each with the operator before it
    (the first with ""). ``and``/``or`` are associative, so their right operands of the same
    operator join the chain too (syntax/chains.py groups long chains as balanced trees)."""
    out: list[tuple[str, ast.Expr]] = []
    todo: list[tuple[str, ast.Expr, bool]] = [("", e, True)]  # (operator before, operand, on the left edge)
    while todo:
        op, node, left_edge = todo.pop()
        associative = node.op in ("and", "or") if isinstance(node, ast.Binary) else False
        if isinstance(node, ast.Binary) and _LEVEL.get(node.op) == level and (left_edge or associative):
            todo += [(node.op, node.right, False), (op, node.left, True)]
        else:
            out.append((op, node))
    return out


def _no_spelling(span: Span) -> str | None:
    return None


def number(value: int | float, spelled: str | None = None) -> str:
    """A number literal: the author's spelling when it still means ``value``, else canonical."""
    if spelled is not None:
        compact = "".join(spelled.split())
        if _NUMBER.fullmatch(compact):
            magnitude = number_value(compact.lstrip("-"))
            parsed = -magnitude if compact.startswith("-") else magnitude
            if parsed == value and type(parsed) is type(value):
                return compact
    if isinstance(value, int):
        return str(value)
    out = format(Decimal(repr(value)), "f")  # never an exponent: the grammar has none
    return out if "." in out else out + ".0"


def string(s: ast.Str) -> Doc:
    """A string literal as written: its raw text between quotes. A triple-quoted string's lines are
    re-indented two columns under the statement that holds it (its margin is not part of its value)."""
    if s.quote == 3:
        return _triple(s.raw)
    if _unescaped(s.raw, '"'):
        return "'" + s.raw + "'"  # only a single-quoted string holds a bare "
    return '"' + s.raw + '"'


def _unescaped(raw: str, quote: str) -> bool:
    return re.search(r"(?<!\\)(\\\\)*" + quote, raw) is not None


def _triple(raw: str) -> Text:
    lines = raw.split("\n")
    if len(lines) == 1:
        return Text(('"""' + raw + '"""',))
    if not any(line.strip() for line in lines[1:]):  # no margin to re-indent: keep it as written
        return Text(('"""' + raw + '"""',))
    margin = indentation(raw)
    out = ['"""' + lines[0]]
    for i, line in enumerate(lines[1:], start=1):
        rest = line[margin:] if line[:margin].strip() == "" else line.lstrip(" ")
        last = i == len(lines) - 1
        if last and not rest.strip() and len(line) <= margin:
            out.append('"""')  # the closing quotes on their own line, under the statement
        else:
            out.append(("  " + rest if rest else "") + ('"""' if last else ""))
    return Text(tuple(out))


class ExprPrinter:
    """Builds documents for expressions; ``spelling`` recovers number spellings from the source."""

    def __init__(self, spelling: Spelling = _no_spelling) -> None:
        self.spelling = spelling
        self.after: dict[Pos, list[Comment]] = {}  # comments inside statements (expr_comments.py)
        self.printed: set[int] = set()  # ids of the comments printed so far, here or by the statement printer

    def doc(self, e: ast.Expr, least: int = EXPR) -> Doc:
        """``e`` printed where the grammar needs at least binding strength ``least``."""
        level, doc = self._doc(e)
        doc = group("(", doc, ")") if level < least else doc
        leaf = isinstance(e, (ast.Num, ast.Str, ast.Bool, ast.Name))
        comments = self.after.pop(start(e.span), []) if leaf else []
        comments = [c for c in comments if id(c) not in self.printed]
        self.printed.update(id(c) for c in comments)
        return (doc, *(LineComment(c.text, c.own_line) for c in comments)) if comments else doc

    def _doc(self, e: ast.Expr) -> tuple[int, Doc]:
        match e:
            case ast.Num(value=value):
                spelled = number(value, self.spelling(e.span))
                return (UNARY if spelled.startswith("-") else ATOM), spelled
            case ast.Str():
                return ATOM, string(e)
            case ast.Bool(value=value):
                return ATOM, "true" if value else "false"
            case ast.Name(id=name):
                return ATOM, name
            case ast.Call(func=func, args=args):
                return POSTFIX, self._bracketed(func + "(", [self.doc(a) for a in args], ")")
            case ast.Quantifier():
                return POSTFIX, self._quantifier(e)
            case ast.PairQuantifier(func=func, var=var, domain=domain, var2=var2, domain2=domain2, body=body):
                return POSTFIX, group(func + "(" + var + ": ", self.doc(domain), ", " + var2 + ": ", self.doc(domain2), ",",
                                      nest(INDENT, Break(), self.doc(body)), ")")
            case ast.Fixpoint(func=func, start=start, var=var, var2=var2, body=body):
                return POSTFIX, group(func + "(", self.doc(start), ", " + var + " -> " + var2 + ":",
                                      nest(INDENT, Break(), self.doc(body)), ")")
            case ast.IntRange(lo=lo, hi=hi):
                return EXPR, (self.doc(lo, SUM), "..", self.doc(hi, SUM))
            case ast.Let(var=var, value=value, body=body):
                return EXPR, group("let " + var + " = ", self.doc(value), ";", nest(INDENT, Break(), self.doc(body)))
            case ast.Cond():
                return EXPR, self._cond(e)
            case ast.Index(obj=obj, index=index):
                return POSTFIX, (self.doc(obj, POSTFIX), "[", self.doc(index), "]")
            case ast.Slice(obj=obj, lo=lo, hi=hi):
                ends = [self.doc(x) if x is not None else "" for x in (lo, hi)]
                return POSTFIX, (self.doc(obj, POSTFIX), "[", ends[0], "..", ends[1], "]")
            case ast.Field(obj=obj, name=name):
                return POSTFIX, (self.doc(obj, POSTFIX), "." + name)
            case IsTest(operand=operand, tag=tag):
                return COMPARE, (self.doc(operand, SUM), " is " + tag)
            case ast.Unary(op="not", operand=operand):
                return NOT, ("not ", self.doc(operand, NOT))
            case ast.Unary(operand=operand):
                return UNARY, ("-", self.doc(operand, UNARY))
            case ast.Binary():
                return self._binary(e)
            case ast.SetLit(items=items):
                return ATOM, self._bracketed("{", [self.doc(i) for i in items], "}")
            case ast.ListLit(items=items):
                return ATOM, self._bracketed("[", [self.doc(i) for i in items], "]")
            case ast.MapLit(items=items):
                return ATOM, self._bracketed("{", [(self.doc(k), ": ", self.doc(v)) for k, v in items], "}")
        raise TypeError(f"not an expression: {type(e).__name__}")  # pragma: no cover - the AST has no other kinds

    def _binary(self, e: ast.Binary) -> tuple[int, Doc]:
        if e.op in ("and", "or", "+", "-", "*", "/", "%"):  # left-associative: a chain wraps before its operators
            level = _LEVEL[e.op]
            (_, first), *rest = _chain(e, level)
            wrapped = ((Break(), op + " ", self._operand(term, level + 1, level)) for op, term in rest)
            return level, group(self._operand(first, level, level), nest(INDENT, *wrapped))
        if e.op == "^":
            return POWER, (self.doc(e.left, POSTFIX), "^", self.doc(e.right, UNARY))
        op = "not in" if e.op == "notin" else e.op
        return COMPARE, (self.doc(e.left, SUM), " " + op + " ", self.doc(e.right, SUM))

    def _cond(self, e: ast.Cond) -> Doc:
        """``if c then a else b``; a chain of ``else if`` wraps as one ``else`` per line."""
        parts: list[Doc] = ["if ", self.doc(e.cond), " then ", self.doc(e.then)]
        while isinstance(e.otherwise, ast.Cond):
            e = e.otherwise
            parts += [Break(), "else if ", self.doc(e.cond), " then ", self.doc(e.then)]
        return group(*parts, Break(), "else ", self.doc(e.otherwise))

    def _operand(self, e: ast.Expr, least: int, level: int) -> Doc:
        """An operand of a chain; ``a and b`` inside ``or`` keeps parentheses for the reader."""
        if level == OR and isinstance(e, ast.Binary) and e.op == "and":
            return group("(", self.doc(e), ")")
        return self.doc(e, least)

    def _quantifier(self, q: ast.Quantifier) -> Doc:
        parts: list[Doc] = [Break(), self.doc(q.body)]
        if q.extra is not None:
            parts += [",", Break(), self.doc(q.extra)]
        return group(q.func + "(" + q.var + ": ", self.doc(q.domain), ",", nest(INDENT, *parts), ")")

    @staticmethod
    def _bracketed(opening: str, items: list[Doc], closing: str) -> Doc:
        if not items:
            return opening + closing
        body: list[Doc] = [Break("")]
        for i, item in enumerate(items):
            body += [item] if i == 0 else [",", Break(), item]
        return group(opening, nest(INDENT, *body), closing)

    # ---------------------------------------------------------------------------------------- types

    def type_doc(self, t: ast.TypeExpr) -> Doc:
        match t:
            case ast.BoolType():
                return "bool"
            case ast.IntType(lo=lo, hi=hi, spelling=spelling):
                rng: Doc = (" in ", self.doc(lo, SUM), "..", self.doc(hi, SUM)) if lo is not None and hi is not None else ""
                return ("int", rng, " as " + spelling if spelling else "")
            case ast.NamedType(name=name):
                return name
            case ast.SetType(elem=elem):
                return ("set<", self.type_doc(elem), ">")
            case ast.MapType(key=key, value=value):
                return ("map<", self.type_doc(key), ", ", self.type_doc(value), ">")
            case ast.RelType(left=left, right=right):
                return ("rel<", self.type_doc(left), ", ", self.type_doc(right), ">")
            case ast.ListType(elem=elem, size=size):
                return ("list<", self.type_doc(elem), "> max ", self.doc(size, SUM))
        raise TypeError(f"not a type: {type(t).__name__}")  # pragma: no cover - the AST has no other kinds
