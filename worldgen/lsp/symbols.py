"""The names of a scaffold: where each is declared and everywhere it is used.

Built from the AST, not the IR: a scaffold with type errors still parses, and the editor must
still jump around it. Global names (params, consts, enums and their members, entities, state
variables, defs, actions, axes) live in one table; names a construct binds (action and def
parameters, `let`, `for`, quantifier and comprehension variables) are resolved innermost first,
so a local that shadows a global is found as the local. Template holes (``"{at}"``) are parsed as
the checker parses them, so a name used only in text is a reference too. Positions are offsets
into the text the AST was parsed from.
"""

from __future__ import annotations

import bisect
import copy
import dataclasses
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

from worldgen.check.templates import hole_position, split_holes, unescape_hole
from worldgen.errors import DiagnosticSink, Span
from worldgen.lsp.documents import Document
from worldgen.syntax import ast, files_ast
from worldgen.syntax.parser import parse_expr, shift_spans

GLOBAL_KINDS = ("param", "const", "enum", "member", "entity", "state", "def", "action", "axis")
LOCAL = "local"


@dataclass(frozen=True)
class Symbol:
    name: str
    kind: str  # one of GLOBAL_KINDS, or LOCAL
    start: int  # where the name is first declared
    signature: str  # the declaring line as written, for hover
    scope: tuple[int, int] | None = None  # a local: the text it is visible in


@dataclass(frozen=True)
class Occurrence:
    symbol: Symbol
    start: int
    end: int
    declaration: bool


@dataclass
class Index:
    """Every occurrence of a symbol, sorted by position."""

    symbols: dict[str, Symbol] = field(default_factory=dict)  # globals (actions under "action NAME")
    locals: list[Symbol] = field(default_factory=list)
    occurrences: list[Occurrence] = field(default_factory=list)

    def at(self, offset: int) -> Occurrence | None:
        """The occurrence under ``offset`` (a cursor just after a name still counts)."""
        i = bisect.bisect_right([o.start for o in self.occurrences], offset) - 1
        if i >= 0 and self.occurrences[i].start <= offset <= self.occurrences[i].end:
            return self.occurrences[i]
        return None

    def of(self, symbol: Symbol) -> list[Occurrence]:
        return [o for o in self.occurrences if o.symbol == symbol]

    def visible(self, offset: int) -> list[Symbol]:
        """The names usable at ``offset``: globals and the locals whose scope holds it."""
        inner = [s for s in self.locals if s.scope and s.scope[0] <= offset <= s.scope[1]]
        return [s for s in self.symbols.values() if s.kind != "action"] + inner


def build_index(world: ast.World, text: str) -> Index:
    return _Indexer(Document("", text)).run(world)


_ARGUMENT_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")  # an argument in a command pattern ("go {to}")
# a declaration's span starts after its keyword (the parser drops keywords): hover puts it back
KEYWORD = {"param": "param", "const": "const", "enum": "enum", "member": "enum", "entity": "entity",
           "state": "state", "def": "def", "action": "action", "axis": "axis"}
_COMMENT = re.compile(r"\s+#[^\"']*$")
_LOCAL_SIGNATURE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\s*:\s*[^,)=\n{]*[^,)=\n{\s])?")


class _Indexer:
    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.index = Index()
        self._extents: dict[int, tuple[ast.Node, tuple[int, int]]] = {}  # id(node) -> (node, the text it covers)
        self._pending: list[tuple[str, str, int, int]] = []  # (namespace key, name, start, end): resolved last

    # ------------------------------------------------------------------ positions and declarations

    def _find(self, name: str, span: Span) -> int:
        """Where ``name`` is written as a whole word at or after the start of ``span``."""
        return self._find_from(name, self.doc.span_start(span))

    def _find_from(self, name: str, start: int) -> int:
        match = re.compile(rf"\b{re.escape(name)}\b").search(self.doc.text, start)
        return match.start() if match else start

    def _scope(self, node: ast.Node) -> tuple[int, int]:
        """The text a node covers: many nodes record only their name's span, so the extent is
        taken over everything inside them."""
        known = self._extents.get(id(node), (None, None))[1]
        if known is None:
            start, end = self.doc.span_start(node.span), self._end(node.span)
            for f in dataclasses.fields(node):  # type: ignore[arg-type]
                for child in _children(getattr(node, f.name)):
                    inner = self._scope(child)  # type: ignore[arg-type]
                    start, end = min(start, inner[0]), max(end, inner[1])
            known = (start, end)
            self._extents[id(node)] = (node, known)  # the node kept alive: its id is not reused
        return known

    def _end(self, span: Span) -> int:
        end = self.doc.span_end(span)
        return len(self.doc.text) if end is None else end

    def _signature(self, start: int, kind: str, end: int | None = None) -> str:
        """The declaration as written from its name to the end of its line or to ``end`` (the
        next state variable written on the same line), without a closing brace of the block
        around it (a local: its name and type, if written)."""
        if kind == LOCAL:
            match = _LOCAL_SIGNATURE.match(self.doc.text, start)
            return match.group(0) if match else ""
        line = _COMMENT.sub("", self.doc.text[start:end].split("\n", 1)[0]).strip()
        while line.endswith("}") and line.count("}") > line.count("{"):  # `state { ... fixed: bool = false }`
            line = line[:-1].rstrip()
        line = line if len(line) <= 160 else line[:157] + "..."
        return f"{KEYWORD[kind]} {line}"

    def _declare(self, key: str, name: str, kind: str, start: int, line_start: int, end: int | None = None) -> None:
        """A global declaration; a second one of the same name (an axis overriding a def) is
        another declaration of the same symbol."""
        symbol = self.index.symbols.get(key)
        if symbol is None:
            symbol = Symbol(name, kind, start, self._signature(line_start, kind, end))
            self.index.symbols[key] = symbol
        self._add(symbol, start, True)

    def _local(self, name: str, search_from: int, scope: tuple[int, int],
               scopes: dict[str, Symbol]) -> dict[str, Symbol]:
        """Bind a local written at or after ``search_from``, visible in ``scope``."""
        start = self._find_from(name, search_from)
        symbol = Symbol(name, LOCAL, start, self._signature(start, LOCAL), scope)
        self.index.locals.append(symbol)
        self._add(symbol, start, True)
        return {**scopes, name: symbol}

    def _add(self, symbol: Symbol, start: int, declaration: bool) -> None:
        if self.doc.text[start:start + len(symbol.name)] != symbol.name:
            return  # a hole inside a string inside a hole: its columns are off (as the checker's are)
        self.index.occurrences.append(Occurrence(symbol, start, start + len(symbol.name), declaration))

    def _use(self, name: str, start: int, scopes: dict[str, Symbol], key: str | None = None) -> None:
        if key is None and name in scopes:
            self._add(scopes[name], start, False)
        else:  # globals are resolved once all are declared (a def may use a later state variable)
            self._pending.append((key or name, name, start, start + len(name)))

    # ------------------------------------------------------------------------------- the walk

    def run(self, world: ast.World) -> Index:
        for decl in world.decls:
            self._declaration(decl)
        for decl in world.decls:
            self._decl(decl, {})
        for key, name, start, _ in self._pending:
            symbol = self.index.symbols.get(key)
            if symbol is not None and symbol.name == name:
                self._add(symbol, start, False)
        self.index.occurrences.sort(key=lambda o: (o.start, not o.declaration))
        return self.index

    def _declaration(self, decl: ast.Decl) -> None:
        """Record what ``decl`` declares (before any use is resolved)."""
        line = self.doc.span_start(decl.span)
        match decl:
            case ast.ParamDecl() | ast.ConstDecl() | ast.EntityDecl() | ast.FuncDecl():
                kind = {ast.ParamDecl: "param", ast.ConstDecl: "const", ast.EntityDecl: "entity",
                        ast.FuncDecl: "def"}[type(decl)]
                self._declare(decl.name, decl.name, kind, self._find(decl.name, decl.span), line)
            case ast.EnumDecl():
                at = self._find(decl.name, decl.span)
                self._declare(decl.name, decl.name, "enum", at, line)
                for member in decl.members:
                    at = self._find_from(member, at + 1)
                    self._declare(member, member, "member", at, line)
            case ast.StateDecl():
                starts = [self.doc.span_start(var.span) for var in decl.vars]
                for var, start, following in zip(decl.vars, starts, [*starts[1:], None]):
                    self._declare(var.name, var.name, "state", start, start, following)
            case ast.ActionDecl():
                self._declare(f"action {decl.name}", decl.name, "action",
                              self._find(decl.name, decl.span), line)
            case ast.AxisDecl():
                self._declare(f"axis {decl.name}", decl.name, "axis", self._find(decl.name, decl.span), line)
                for alt in decl.alternatives:
                    for inner in alt.decls:
                        if isinstance(inner, ast.FuncDecl):  # an axis overriding a def
                            self._declaration(inner)

    def _decl(self, decl: ast.Decl, scopes: dict[str, Symbol]) -> None:
        match decl:
            case ast.FuncDecl():
                inner = scopes
                for p in decl.params:
                    self._type(p.type, scopes)
                    inner = self._local(p.name, self.doc.span_start(p.span), self._scope(decl), inner)
                if decl.result is not None:
                    self._type(decl.result, scopes)
                self._expr(decl.body, inner)
            case ast.ActionDecl():
                inner = scopes
                for p in decl.params:
                    self._type(p.type, scopes)
                    inner = self._local(p.name, self.doc.span_start(p.span), self._scope(decl), inner)
                for pattern in decl.patterns:  # "go {to}": each argument hole is a use of the argument
                    start = self.doc.span_start(pattern.span) + pattern.quote
                    for hole in _ARGUMENT_HOLE.finditer(pattern.raw):
                        self._use(hole.group(1), start + hole.start(1), inner)
                self._clauses(decl.clauses, inner, self._scope(decl))
            case ast.ContentDecl():
                for slot in decl.slots:
                    self._slot_type(slot.type, scopes)
            case ast.EnumDecl() | ast.ParamDecl():
                pass
            case ast.RewardDecl():
                if decl.action is not None and decl.action_span is not None:
                    self._use(decl.action, self.doc.span_start(decl.action_span), scopes, f"action {decl.action}")
                inner = scopes
                if decl.var is not None and decl.domain is not None:
                    self._expr(decl.domain, scopes)
                    each = self._find_from("each", self.doc.span_start(decl.span))
                    inner = self._local(decl.var, each + len("each"), self._scope(decl), scopes)
                self._expr(decl.amount, inner)
                if decl.cond is not None:
                    self._expr(decl.cond, inner)
            case ast.HiddenDecl():
                for name, span in decl.names:
                    self._use(name, self.doc.span_start(span), scopes)
            case ast.InitDecl():
                self._use(decl.var, self._find(decl.var, decl.span), scopes)
                self._expr(decl.value, scopes)
            case ast.RenameDecl() | ast.AlsoDecl():
                self._use(decl.action, self._find(decl.action, decl.span), scopes, f"action {decl.action}")
            case ast.AxisDecl():
                for alt in decl.alternatives:
                    for inner_decl in alt.decls:
                        self._decl(inner_decl, scopes)
            case ast.EveryDecl():
                self._clauses(decl.body, scopes, self._scope(decl))
            case files_ast.FilesDecl():
                self._files(decl, scopes)
            case _:
                self._generic(decl, scopes)

    def _slot_type(self, t: ast.SlotType, scopes: dict[str, Symbol]) -> None:
        """A content slot's type: a list sized by a param (``list(rooms)``) uses the param."""
        if isinstance(t.size, str):
            self._use(t.size, self._find_from(t.size, self.doc.span_start(t.span)), scopes)
        for inner in (t.item, *(f.type for f in t.fields)):
            if inner is not None:
                self._slot_type(inner, scopes)

    def _files(self, decl: files_ast.FilesDecl, scopes: dict[str, Symbol]) -> None:
        for setting in decl.settings:
            self._template(setting.value, scopes)
        for block in decl.blocks:
            # a block records only its name's span: its names are visible from there to the end
            scope = (self.doc.span_start(block.span), len(self.doc.text))
            inner = scopes
            for p in block.params:
                self._type(p.type, scopes)
                inner = self._local(p.name, self.doc.span_start(p.span), scope, inner)
            if block.string is not None:
                self._template(block.string, inner)
            for prop in block.props:
                self._expr(prop.value, inner)
            for hook in block.hooks:
                hooked = inner
                for p in hook.params:
                    self._type(p.type, inner)
                    hooked = self._local(p.name, self.doc.span_start(p.span), scope, hooked)
                self._clauses(hook.clauses, hooked, scope)
            if block.invalid is not None:
                self._template(block.invalid, inner)

    def _clauses(self, clauses: list[ast.Clause], scopes: dict[str, Symbol], owner: tuple[int, int]) -> None:
        for clause in clauses:
            match clause:
                case ast.LetClause():
                    self._expr(clause.value, scopes)
                    scopes = self._local(clause.var, self.doc.span_start(clause.span), owner, scopes)
                case ast.For():
                    self._expr(clause.domain, scopes)
                    scope = self._scope(clause)
                    inner = self._local(clause.var, scope[0], scope, scopes)
                    self._clauses(clause.body, inner, scope)
                case ast.If() | ast.Chance():
                    self._expr(clause.cond if isinstance(clause, ast.If) else clause.prob, scopes)
                    self._clauses(clause.then, scopes, owner)
                    self._clauses(clause.otherwise, scopes, owner)
                case _:
                    self._generic(clause, scopes)

    def _type(self, t: ast.TypeExpr, scopes: dict[str, Symbol]) -> None:
        if isinstance(t, ast.NamedType):
            self._use(t.name, self.doc.span_start(t.span), {})
        else:
            self._generic(t, scopes)

    def _expr(self, e: ast.Expr | None, scopes: dict[str, Symbol]) -> None:
        match e:
            case None:
                return
            case ast.Name():
                self._use(e.id, self.doc.span_start(e.span), scopes)
            case ast.Call():
                self._use(e.func, self.doc.span_start(e.span), {})
                for arg in e.args:
                    self._expr(arg, scopes)
            case ast.Str():
                self._template(e, scopes)
            case ast.Quantifier():
                scope = self._scope(e)
                self._expr(e.domain, scopes)
                self._expr(e.extra, scopes)
                self._expr(e.body, self._local(e.var, scope[0] + len(e.func), scope, scopes))
            case ast.PairQuantifier():
                scope = self._scope(e)
                self._expr(e.domain, scopes)
                inner = self._local(e.var, scope[0] + len(e.func), scope, scopes)
                self._expr(e.domain2, inner)
                inner = self._local(e.var2, self._end(e.domain.span), scope, inner)
                self._expr(e.body, inner)
            case ast.Fixpoint():
                scope = self._scope(e)
                self._expr(e.start, scopes)
                inner = self._local(e.var, self._end(e.start.span), scope, scopes)
                inner = self._local(e.var2, inner[e.var].start + len(e.var), scope, inner)
                self._expr(e.body, inner)
            case ast.Let():
                scope = self._scope(e)
                self._expr(e.value, scopes)
                self._expr(e.body, self._local(e.var, scope[0], scope, scopes))
            case _:
                self._generic(e, scopes)

    def _template(self, s: ast.Str, scopes: dict[str, Symbol]) -> None:
        for node in _holes(s):
            self._expr(node, scopes)

    def _generic(self, node: object, scopes: dict[str, Symbol]) -> None:
        """Every field of a node without bindings of its own: expressions, types, nested nodes."""
        for f in dataclasses.fields(node):  # type: ignore[arg-type]
            if f.name in ("span", "patterns", "matching"):  # command patterns and regexes are not templates
                continue
            for child in _children(getattr(node, f.name)):
                if isinstance(child, ast.Expr):
                    self._expr(child, scopes)
                elif isinstance(child, ast.TypeExpr):
                    self._type(child, scopes)
                elif isinstance(child, ast.Node):
                    self._generic(child, scopes)


def _children(value: object) -> Iterator[object]:
    if isinstance(value, (list, tuple)):
        for item in value:
            yield from _children(item)
    elif isinstance(value, ast.Node):
        yield value


def _holes(s: ast.Str) -> Iterator[ast.Expr]:
    """The expressions in a string's ``{...}`` holes, positioned in the file (bad holes are the
    checker's to report: here they are skipped)."""
    try:
        pieces = split_holes(s.raw)
    except ValueError:
        return
    for kind, text, offset in pieces:
        if kind == "hole" and text.strip():
            node = _hole(unescape_hole(text))
            if node is not None:
                node = copy.deepcopy(node)
                shift_spans(node, hole_position(s, offset))
                yield node


@lru_cache(maxsize=4096)
def _hole(text: str) -> ast.Expr | None:
    """A hole's expression with spans relative to the hole: an edit re-parses only the holes it
    changed (each hole is a parser run, most of the index's time)."""
    return parse_expr(text, Span(1, 1), DiagnosticSink("", ""))
