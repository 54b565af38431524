"""AST -> canonical scaffold source: one declaration, slot, variable or clause per line, two-space
indentation, long expressions wrapped, comments and blank lines kept where the source had them.

``format_source`` is ``worldgen fmt``; ``print_world`` prints an AST built or edited in code (with
the source it came from, its comments survive). Comments attach by position: a comment that ends
a line of code ends the printed line of the first construct that starts on that source line (or,
if none does, of the construct that line belongs to); a comment on its own line stays above the
next construct (or above the ``}`` closing its block).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

from worldgen.syntax import ast
from worldgen.syntax.expr_comments import inner_comments
from worldgen.syntax.files_ast import FilesDecl
from worldgen.syntax.layout import Break, Doc, group, nest, render, render_lines
from worldgen.syntax.parser import parse
from worldgen.syntax.print_exprs import INDENT, POSTFIX, SUM, ExprPrinter, number, string
from worldgen.syntax.print_files import print_files
from worldgen.syntax.source_map import Pos, SourceMap, end, end_of, start
from worldgen.syntax.unions_ast import UnionDecl

WIDTH = 100  # expressions wrap to stay within this many columns (strings are never cut)
STEP = 2  # indentation of a block's contents
_ESCAPE = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t"}
_EXPECT = {"unsolved_at_start": "unsolved at start", "no_dead_ends": "no dead ends"}


def format_source(source: str, filename: str = "<string>") -> str:
    """The canonical form of a scaffold's source; raises DiagnosticError if it does not parse."""
    return print_world(parse(source, filename), source)


def print_world(world: ast.World, source: str | None = None) -> str:
    """``world`` as source text. With ``source`` (the text it was parsed from), comments, blank
    lines and number spellings come back too."""
    return _Printer(SourceMap(source) if source is not None else None).world(world)


def quote(value: str) -> str:
    """A double-quoted literal whose value is ``value`` (for text the AST keeps only decoded)."""
    return '"' + "".join(_ESCAPE.get(c, c) for c in value) + '"'


class _Printer:
    def __init__(self, source: SourceMap | None) -> None:
        self.src = source
        self.exprs = ExprPrinter(source.spelling) if source else ExprPrinter()
        self.out: list[list[str]] = []  # [code, trailing comment]
        self.comments = deque(source.comments if source else ())
        self.anchor: int | None = None  # out line of the construct printed last
        self.anchor_last = 0  # and its last out line (a wrapped expression may print over several)
        self.in_string: set[int] = set()  # out lines that end inside a triple-quoted string
        self.first_on: dict[int, int] = {}  # source line -> out line of the first construct on it
        self.last_line = 0  # source line the previous element ended on
        self.fresh = True  # nothing printed yet in the current block

    # ------------------------------------------------------------------------------ lines and comments

    def _flush(self, before: Pos | None, indent: int) -> None:
        """Place the comments that come before ``before`` in the source."""
        while self.comments and before is not None and self.comments[0].pos < before:
            c = self.comments.popleft()
            if id(c) in self.exprs.printed:  # printed inside its expression
                continue
            self.exprs.printed.add(id(c))
            if not c.own_line and self.anchor is not None:  # it joins the line of code it ends
                at = self.first_on.get(c.pos[0], self.anchor_last)
                while at in self.in_string:  # not inside a string: after it
                    at += 1
                row = self.out[at]
                row[1] = f"{row[1]}  {c.text}" if row[1] else c.text
                continue
            self._blank_before(c.pos[0])
            self.out.append([" " * indent + c.text, ""])
            self.last_line, self.fresh = c.pos[0], False

    def _blank_before(self, line: int) -> None:
        if self.src and not self.fresh and self.src.blank_between(self.last_line, line):
            self.out.append(["", ""])

    def item(self, node: ast.Node | None, indent: int, doc: Doc, opens: bool = False) -> None:
        """Print one construct starting at ``node``'s position (its header, if it ``opens`` a block)."""
        at = self._at(start(node.span)) if node is not None else None
        self._flush(at, indent)
        if at is not None:
            self._blank_before(at[0])
        self.anchor = len(self.out)
        lines, in_string = render_lines(doc, WIDTH, indent)
        self.in_string.update(self.anchor + i for i in in_string)
        self.out.extend([line, ""] for line in lines)
        self.anchor_last = len(self.out) - 1
        if at is not None:
            self.first_on.setdefault(at[0], self.anchor)
            self.last_line = at[0] if opens else end_of(node)[0]
        self.fresh = opens

    def close(self, closing: Pos | None, indent: int, text: str = "}", opens: bool = False) -> None:
        """Print the ``}`` (or ``} else {``) that closes a block at ``closing`` in the source."""
        self._flush(closing, indent + STEP)
        self.anchor = len(self.out)
        self.out.append([" " * indent + text, ""])
        self.anchor_last = self.anchor
        if closing is not None:
            self.first_on.setdefault(closing[0], self.anchor)
            self.last_line = closing[0]
        self.fresh = opens

    def _at(self, pos: Pos) -> Pos | None:
        """``pos`` if it is a place in the source (a node made in code has none: line 0)."""
        return pos if self.src and pos[0] > 0 else None

    def _block(self, after: Pos | None) -> tuple[Pos, Pos] | None:
        return self.src.block_after(after) if self.src and after is not None else None

    def _inner_comments(self, block: tuple[Pos, Pos] | None) -> bool:
        return block is not None and any(block[0] < c.pos < block[1] for c in self.comments)

    def _braced(self, node: ast.Node | None, indent: int, head: Doc, after: Pos | None, children: list[Any],
                print_child: Callable[[Any, int], None], tail: str = "") -> None:
        """``head {`` children ``}tail``; ``{}`` on the head's line when empty (and no comment inside)."""
        block = self._block(after)
        if not children and not self._inner_comments(block):
            self.item(node, indent, (head, " {}" + tail))
            self.last_line = block[1][0] if block else self.last_line
            return
        self.item(node, indent, (head, " {"), opens=True)
        for child in children:
            print_child(child, indent + STEP)
        self.close(block[1] if block else None, indent, "}" + tail)

    # ------------------------------------------------------------------------------------------ world

    def world(self, w: ast.World) -> str:
        if self.src is not None:
            self.exprs.after = inner_comments(w, list(self.comments))
        self._braced(w, 0, "world " + w.name, self._at(end(w.span)), w.decls, self.decl)
        self._flush((10**9, 0), 0)
        _align_comments(self.out)
        return "\n".join(code + ("  " + c if c and code.strip() else c) for code, c in self.out) + "\n"

    def decl(self, d: ast.Decl, indent: int) -> None:
        match d:
            case ast.StateDecl(vars=vars_):
                self._braced(d, indent, "state", self._at(start(d.span)), vars_, self.var)
            case ast.ContentDecl(slots=slots):
                self._braced(d, indent, "content", self._at(start(d.span)), slots, self.slot)
            case ast.EveryDecl(body=body):
                self._braced(d, indent, "every step", self._at(start(d.span)), body, self.clause)
            case ast.ActionDecl():
                self._braced(d, indent, self._action_head(d), self._at(end_of(d.patterns)), d.clauses, self.clause)
            case ast.AxisDecl():
                self._braced(d, indent, "axis " + d.name + (": " + d.kind if d.kind else ""),
                             self._at(end(d.kind_span or d.span)), d.alternatives, self.alternative)
            case FilesDecl():
                print_files(self, d, indent)
            case _:
                self.item(d, indent, self.simple(d))

    def simple(self, d: ast.Decl) -> Doc:
        """A declaration that is not a block, as one (wrappable) line."""
        e = self.exprs
        match d:
            case ast.Title(text=s) | ast.Instruction(text=s) | ast.InvalidDecl(text=s) | ast.ObserveDecl(text=s):
                return (_KEYWORD[type(d)] + " ", string(s))
            case ast.ParamDecl(kind="int"):
                return f"param {d.name}: int in {number(d.lo)}..{number(d.hi)}"
            case ast.ParamDecl(kind="choice"):
                return f"param {d.name}: one of {', '.join(d.choices)}"
            case ast.ParamDecl():
                return f"param {d.name}: bool"
            case ast.EntityDecl(width=w, height=h) if w is not None and h is not None:
                return ("entity " + d.name + " grid(", e.doc(w), ", ", e.doc(h), ")")
            case ast.EntityDecl(count=count, names=names):
                named = (" named ", e.doc(names)) if names is not None else ""
                return ("entity " + d.name + "[", e.doc(count), "]", named)
            case ast.EnumDecl(name=name, members=members):
                return f"enum {name} {{ {', '.join(members)} }}"
            case ast.ConstDecl(name=name, value=value):
                return _assign("const " + name + " =", e.doc(value))
            case ast.FuncDecl():
                head: Doc = ("def " + d.name + "(", self._params(d.params), ")",
                             (": ", e.type_doc(d.result)) if d.result is not None else "", " =")
                return _assign(head, e.doc(d.body))
            case ast.RewardDecl():
                return ("reward ", self._amount(d.amount), " ", self._trigger(d))
            case ast.DoneDecl(cond=c) | ast.FailDecl(cond=c):
                return _assign(("done" if isinstance(d, ast.DoneDecl) else "fail") + " when", e.doc(c))
            case ast.HorizonDecl(steps=steps):
                return ("horizon ", e.doc(steps, SUM))
            case ast.RequireDecl(cond=c, message=m):
                return _guard("require ", e.doc(c), m)
            case ast.InvariantDecl(label=label, cond=c):
                return _assign("invariant" + (" " + label + ":" if label else ""), e.doc(c))
            case ast.ExpectDecl():
                return ("expect ", self._expect(d))
            case ast.HiddenDecl(names=names, drawn=drawn):
                return "hidden " + ", ".join(n for n, _ in names) + (" from draws" if drawn else "")
            case ast.CheckDecl(states=n):
                return ("check within ", e.doc(n, SUM), " states")
            case ast.RenameDecl() | ast.AlsoDecl():
                word = "rename " if isinstance(d, ast.RenameDecl) else "also "
                return group(word + d.action, nest(INDENT, *self._patterns(d.patterns)))
            case ast.InitDecl(var=var, value=value):
                return _assign("init " + var + " =", e.doc(value))
            case UnionDecl(head=head, name=name, variants=variants):
                shown = [v.tag + (f"({v.payload})" if v.payload is not None else "") for v in variants]
                return group(f"{head} {name} = {shown[0]}", nest(INDENT, *((Break(), "| " + v) for v in shown[1:])))
        raise TypeError(f"cannot print {type(d).__name__} here")  # pragma: no cover - blocks go through decl()

    def _action_head(self, a: ast.ActionDecl) -> Doc:
        params = ("(", self._params(a.params), ")") if a.params else ""
        return group("action " + a.name, params, nest(INDENT, *self._patterns(a.patterns)))

    def _params(self, params: list[ast.ActionParam]) -> Doc:
        parts: list[Doc] = []
        for i, p in enumerate(params):
            parts += ([", "] if i else []) + [p.name + ": ", self.exprs.type_doc(p.type)]
        return tuple(parts)

    @staticmethod
    def _patterns(patterns: list[ast.Str]) -> list[Doc]:
        out: list[Doc] = []
        for i, p in enumerate(patterns):
            out += [Break(), "| " if i else "", string(p)]
        return out

    def _amount(self, amount: ast.Expr) -> Doc:
        if isinstance(amount, (ast.Num, ast.Name)):
            return self.exprs.doc(amount)
        return ("(", self.exprs.doc(amount), ")")

    def _trigger(self, r: ast.RewardDecl) -> Doc:
        e = self.exprs
        when: Doc = (" when ", e.doc(r.cond)) if r.cond is not None else ""
        match r.kind:
            case "when":
                return ("when ", e.doc(r.cond))
            case "on":
                return ("on " + str(r.action), when)
            case "each":
                return ("for each " + str(r.var) + " in ", e.doc(r.domain), when)
        return "per step"

    def _expect(self, x: ast.ExpectDecl) -> Doc:
        e = self.exprs
        by: Doc = (" by ", e.doc(x.margin, SUM)) if x.margin is not None else ""
        match x.kind:
            case "solvable":
                return ("solvable within ", e.doc(x.within, SUM), " observing" if x.observing else "")
            case "beats_random":
                return ("beats random", by)
            case "beats_doing_nothing":
                return ("beats doing nothing", by)
        return _EXPECT[x.kind]

    # ------------------------------------------------------------------------------- block contents

    def var(self, v: ast.VarDecl, indent: int) -> None:
        self.item(v, indent, _assign((v.name + ": ", self.exprs.type_doc(v.type), " ="), self.exprs.doc(v.init)))

    def slot(self, s: ast.SlotDecl, indent: int) -> None:
        desc = " " + quote(s.description) if s.description else ""
        record = s.type.item if s.type.kind == "list" and s.type.item is not None else s.type
        head = (s.name + ": " + _slot_head(s.type)).rstrip()
        if record.kind != "record":
            self.item(s, indent, head + desc)
            return
        self._braced(s, indent, head, self._at(start(record.span)), record.fields, self.slot, desc)

    def alternative(self, alt: ast.Alternative, indent: int) -> None:
        """``name { decl  decl }`` on one line when its declarations are one-liners and it fits."""
        block = self._block(self._at(end(alt.span)))
        flat = [render(self.simple(d), 10**9) for d in alt.decls if not isinstance(d, _BLOCKS)]
        line = f"{alt.name} {{ {'  '.join(lines[0] for lines in flat)} }}"
        if (alt.decls and len(flat) == len(alt.decls) and all(len(lines) == 1 for lines in flat)
                and indent + len(line) <= WIDTH and not self._inner_comments(block)):
            self.item(alt, indent, line)
            self.last_line = block[1][0] if block else self.last_line
            return
        self._braced(alt, indent, alt.name, self._at(end(alt.span)), alt.decls, self.decl)

    def clause(self, c: ast.Clause, indent: int) -> None:
        e = self.exprs
        match c:
            case ast.When(cond=cond, message=m):
                self.item(c, indent, _guard("when ", e.doc(cond), m))
            case ast.Do(effects=effects):
                parts: list[Doc] = []
                for i, f in enumerate(effects):
                    parts += ([",", Break()] if i else []) + [e.doc(f.target, POSTFIX), " " + f.op + " ", e.doc(f.value)]
                self.item(c, indent, group("do ", nest(INDENT, *parts)))
            case ast.Say(text=s):
                self.item(c, indent, ("say ", string(s)))
            case ast.LetClause(var=var, value=value):
                self.item(c, indent, _assign("let " + var + " =", e.doc(value)))
            case ast.For(var=var, domain=domain, body=body):
                self._braced(c, indent, ("for " + var + " in ", e.doc(domain)), self._at(end_of(domain)), body,
                             self.clause)
            case ast.If() | ast.Chance():
                self._branches(c, indent)

    def _branches(self, c: ast.If | ast.Chance, indent: int, lead: str = "") -> None:
        """``if``/``chance`` with its ``else`` branch; an ``else`` holding just an ``if`` prints as
        ``} else if ... {`` (the two spellings parse to the same AST)."""
        e = self.exprs
        test = c.cond if isinstance(c, ast.If) else c.prob
        head: Doc = ("if ", e.doc(test)) if isinstance(c, ast.If) else ("chance(", e.doc(test), ")")
        self.item(c, indent, (lead, head, " {"), opens=True)
        block = self._block(self._at(end_of(test)))
        for child in c.then:
            self.clause(child, indent + STEP)
        closing = block[1] if block else None
        if not c.otherwise:
            self.close(closing, indent)
        elif isinstance(c, ast.If) and len(c.otherwise) == 1 and isinstance(c.otherwise[0], ast.If):
            nested = c.otherwise[0]
            self._flush(self._at(start(nested.span)), indent + STEP)  # up to `else if`: inside the block it closes
            self.fresh = True  # no blank line before a closing brace
            self._branches(nested, indent, "} else ")
        else:
            self.close(closing, indent, "} else {", opens=True)
            for child in c.otherwise:
                self.clause(child, indent + STEP)
            else_block = self._block(closing)
            self.close(else_block[1] if else_block else None, indent)


_KEYWORD = {ast.Title: "title", ast.Instruction: "instruction", ast.InvalidDecl: "invalid", ast.ObserveDecl: "observe"}
_BLOCKS = (ast.StateDecl, ast.ContentDecl, ast.EveryDecl, ast.ActionDecl, ast.AxisDecl, FilesDecl)


def _assign(head: Doc, value: Doc) -> Doc:
    """``head value``, the value moving under the head when the line is too long."""
    return group(head, nest(INDENT, Break(), value))


def _guard(keyword: str, cond: Doc, message: ast.Str | None) -> Doc:
    """``when``/``require``: the condition, then ``else "why"`` on its own line if it does not fit."""
    if message is None:
        return (keyword, cond)
    return group(keyword, cond, nest(INDENT, Break(), "else ", string(message)))


def _slot_head(t: ast.SlotType) -> str:
    """A slot's type up to its record braces (a record prints as a block of its own)."""
    if t.kind == "record":
        return ""
    if t.kind == "list":
        inner = _slot_head(t.item) if t.item is not None else ""
        return f"list({t.size}) of {inner}".rstrip()
    args = [f"{a[0]}..{a[1]}" if isinstance(a, tuple) else str(a) for a in t.args]
    return t.kind + (f"({', '.join(args)})" if args else "")


def _align_comments(out: list[list[str]]) -> None:
    """Line up the comments that end consecutive lines of one block, as authors do by hand."""
    i = 0
    while i < len(out):
        j = i
        indent = len(out[i][0]) - len(out[i][0].lstrip())
        while j < len(out) and out[j][0].strip() and len(out[j][0]) - len(out[j][0].lstrip()) == indent:
            j += 1
        run = [row for row in out[i:j] if row[1] and len(row[0]) <= WIDTH]  # a long line keeps its own
        if len(run) > 1:
            column = max(len(row[0]) for row in run)
            for row in run:
                row[0] = row[0].ljust(column)
        i = max(j, i + 1)
