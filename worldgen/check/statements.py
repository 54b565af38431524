"""Checking what actions and ``every step`` do: effects, say, if, chance, let and for.

Statements run in order; a ``let`` names a value for the statements after it, a ``for`` runs
its body once per element of a set, a list or an int range (all finite, so every step ends).
"""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.check.exprs import ExprChecker
from worldgen.check.nodes import is_error, show_type
from worldgen.check.scope import Ctx, Scope, Symbol
from worldgen.check.templates import check_template
from worldgen.errors import DiagnosticSink
from worldgen.ir import types as T
from worldgen.ir.models import Expr, Stmt, Type
from worldgen.syntax import ast

KIND_WORDS = {"member": "an enum value", "const": "a const", "state": "a state variable", "param": "a param",
              "entity": "an entity", "enum": "an enum", "arg": "an argument", "local": "a bound variable",
              "function": "a function", "variant": "a union tag"}


def kind_word(kind: str) -> str:
    return KIND_WORDS.get(kind, kind)


@dataclass
class StatementChecker:
    sink: DiagnosticSink
    scope: Scope
    exprs: ExprChecker

    def clauses(self, clauses: list[ast.Clause], ctx: Ctx) -> list[Stmt]:
        out: list[Stmt] = []
        for c in clauses:
            match c:
                case ast.When():
                    self.sink.error("WG408", "'when' may only open an action, not a branch or 'every step'; use 'if'", c.span)
                case ast.Do(effects=effects):
                    out.extend(s for s in (self.effect(e, ctx) for e in effects) if s)
                case ast.Say(text=text):
                    out.append(Stmt(kind="say", template=check_template(self.exprs, text, ctx), line=c.span.line))
                case ast.Chance(prob=p, then=then, otherwise=otherwise):
                    out.append(self.chance(c, p, ctx, then, otherwise))
                case ast.If(cond=cond, then=then, otherwise=otherwise):
                    e = self.exprs.check_bool(cond, ctx, "an 'if' condition")
                    out.append(Stmt(kind="if", cond=e, then=tuple(self.clauses(then, ctx)),
                                    otherwise=tuple(self.clauses(otherwise, ctx)), line=c.span.line))
                case ast.LetClause(var=var, value=value):
                    e, ctx = self.let(var, value, c, ctx)
                    if e is not None:
                        out.append(Stmt(kind="let", var=var, value=e, line=c.span.line))
                case ast.For(var=var, domain=domain, body=body):
                    d = self.exprs.check(domain, ctx)
                    if is_error(d):
                        continue
                    if d.type.kind not in ("set", "list") or d.type.elem is None:
                        self.sink.error("WG301", f"'for' runs over an entity, a set, a list or lo..hi, not {show_type(d.type)}", domain.span)
                        continue
                    inner = ctx.bind(Symbol(var, "local", d.type.elem, c.span))
                    out.append(Stmt(kind="for", var=var, domain=d, then=tuple(self.clauses(body, inner)), line=c.span.line))
        return out

    def let(self, var: str, value: ast.Expr, c: ast.Node, ctx: Ctx) -> tuple[Expr | None, Ctx]:
        """Check ``let var = value``; returns its value (None if it failed) and the context after it."""
        e = self.exprs.check(value, ctx)
        if ctx.local(var) is not None or (var in self.scope.symbols and self.scope.symbols[var].kind in ("state", "const", "param")):
            sym = ctx.local(var) or self.scope.symbols[var]
            self.sink.error("WG212", f"'{var}' is already {kind_word(sym.kind)} here; give the let another name", c.span)
        return (None if is_error(e) else e), ctx.bind(Symbol(var, "local", T.ERROR if is_error(e) else e.type, c.span))

    def chance(self, c: ast.Chance, p: ast.Expr, ctx: Ctx, then: list[ast.Clause], otherwise: list[ast.Clause]) -> Stmt:
        prob = self.exprs.check_number(p, "a chance")
        fields: dict[str, object] = {}
        if prob.op == "lit" and isinstance(prob.value, (int, float)):
            if not 0 < prob.value < 1:
                self.sink.error("WG305", f"chance({prob.value:g}) must be strictly between 0 and 1", c.span)
            fields["prob"] = float(prob.value)
        elif not is_error(prob):
            fields["prob_expr"] = prob
        return Stmt(kind="chance", then=tuple(self.clauses(then, ctx)), otherwise=tuple(self.clauses(otherwise, ctx)),
                    line=c.span.line, **fields)  # type: ignore[arg-type]

    def effect(self, e: ast.Effect, ctx: Ctx) -> Stmt | None:
        target = self.target(e.target, ctx)
        if target is None:
            return None
        value = self.exprs.check(e.value, ctx)
        if is_error(value):
            return None
        t = target.type
        if e.op == "=":
            if not assignable(t, value.type) or (value.type.kind == "list" and t.kind != "list"):
                self.sink.error("WG301", f"cannot assign {show_type(value.type)} to {show_type(t)}", e.value.span)
                return None
            value = fit_map_literal(value, t)
        elif t.kind == "int":
            if value.type.kind != "int":
                self.sink.error("WG301", f"'{e.op}' on an int needs an int, not {show_type(value.type)}", e.value.span)
                return None
        elif t.kind == "set":
            if not (T.compatible(t.elem, value.type) or T.compatible(t, value.type)):  # type: ignore[arg-type]
                self.sink.error("WG301", f"'{e.op}' on {show_type(t)} needs a {t.elem.name if t.elem else '?'} or a set of them, not {show_type(value.type)}", e.value.span)
                return None
        elif t.kind == "list" and e.op == "+=":
            if not (T.compatible(t.elem, value.type) or (value.type.kind == "list" and T.compatible(t, value.type))):  # type: ignore[arg-type]
                self.sink.error("WG301", f"'+=' on {show_type(t)} adds one item or a list of them, not {show_type(value.type)}", e.value.span)
                return None
        else:
            self.sink.error("WG301", f"'{e.op}' works on ints, sets and ('+=' only) lists, not on {show_type(t)}", e.span)
            return None
        return Stmt(kind="assign", target=target, op=e.op, value=value, line=e.span.line)  # type: ignore[arg-type]

    def target(self, node: ast.Expr, ctx: Ctx) -> Expr | None:
        root = node
        while isinstance(root, ast.Index):
            root = root.obj
        if isinstance(node, ast.Call):
            root = ast.Name(node.span, node.func)
        if not isinstance(root, ast.Name):
            self.sink.error("WG307", "only a state variable, a map entry m[k] (or m[a][b]) or a relation pair r(a, b) can be assigned", node.span)
            return None
        sym = self.scope.symbols.get(root.id)
        if ctx.local(root.id) is not None or sym is None or sym.kind != "state":
            local = ctx.local(root.id)
            what = kind_word(local.kind) if local else (kind_word(sym.kind) if sym else "not declared")
            self.sink.error("WG307", f"'{root.id}' cannot be assigned: it is {what}; only state variables change", root.span)
            return None
        if isinstance(node, ast.Call) and (sym.type.kind != "rel" or len(node.args) != 2):
            self.sink.error("WG307", f"only a relation pair like {root.id}(a, b) can be assigned this way", node.span)
            return None
        if isinstance(node, ast.Index):
            t: Type | None = sym.type
            depth = 0
            inner = node
            while isinstance(inner, ast.Index):
                depth += 1
                inner = inner.obj  # type: ignore[assignment]
            for _ in range(depth):
                if t is None or t.kind != "map":
                    self.sink.error("WG307", f"'{root.id}' is {show_type(sym.type)}; only map entries can be assigned by index", node.span)
                    return None
                t = t.value
        target = self.exprs.check(node, ctx)
        return None if is_error(target) else target


def fit_map_literal(e: Expr, target: Type) -> Expr:
    """A map literal takes the type of the map it fills, so the keys it does not list get that
    type's zero: an int's lower bound (not 0), and the same for the inner maps of a map of maps."""
    if e.op != "maplit" or target.kind != "map" or target.value is None:
        return e
    pairs = tuple(p.model_copy(update={"args": (p.args[0], fit_map_literal(p.args[1], target.value))}) for p in e.args)
    return e.model_copy(update={"type": target, "args": pairs})


def assignable(target: Type, value: Type) -> bool:
    """Initial values may be converted: a sampled list fills a set or a map, a scalar fills a map."""
    if T.compatible(target, value):
        return True
    if value.kind == "list" and value.elem is not None:
        if target.kind == "set":
            return T.compatible(target.elem, value.elem)  # type: ignore[arg-type]
        if target.kind == "map":
            return T.compatible(target.value, value.elem)  # type: ignore[arg-type]
    if target.kind == "map" and target.value is not None:
        return T.compatible(target.value, value)
    return target.kind == "rel" and value == T.EMPTY_SET  # `{}`: no pairs
