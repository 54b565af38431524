"""Expression checking: AST expressions -> typed IR expressions, with located diagnostics.

An expression that fails to check becomes an IR node of type ``ERROR``; operations on such nodes
report nothing more, so one mistake gives one diagnostic instead of a cascade.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import get_close_matches

from worldgen.check.compass import COMPASS_BUILTINS, LAYOUTS, CompassChecks
from worldgen.check.comprehensions import ComprehensionChecks
from worldgen.check.sequences import SEQUENCE_BUILTINS, SequenceChecks
from worldgen.check.functions import FRACTIONAL, FunctionChecks
from worldgen.check.generators import GENERATORS, GeneratorChecks
from worldgen.check.repair import RepairChecks
from worldgen.check.grids import GRID_BUILTINS, GridChecks
from worldgen.check.nodes import is_error, make, path_text, show_type
from worldgen.check.scope import Ctx, Scope, Symbol
from worldgen.check.textfuncs import TEXT_BUILTINS, TextChecks
from worldgen.check.unions import UnionChecks
from worldgen.errors import DiagnosticSink
from worldgen.ir import types as T
from worldgen.ir.models import Expr, Slot, Type
from worldgen.syntax import ast

RENDERABLE = ("str", "int", "real", "bool", "entity", "enum", "set", "list")
QUANTIFIERS = ("all", "any", "count", "sum", "min", "max", "filter", "each", "first", "join")
BUILTINS = ("count", "join", "min", "max", "abs")


@dataclass
class ExprChecker(SequenceChecks, GridChecks, FunctionChecks, TextChecks, ComprehensionChecks, CompassChecks, RepairChecks,
                  UnionChecks, GeneratorChecks):
    """Typed checking of every expression form. The core forms live here; collections (lists,
    maps, text building), text functions, grids and user functions each have their own module, mixed in."""

    sink: DiagnosticSink
    scope: Scope

    # ------------------------------------------------------------------------------ helpers
    def error(self, node: ast.Node, code: str, message: str, *notes: str) -> Expr:
        self.sink.error(code, message, node.span, *notes)
        return make("lit", T.ERROR, value=None)

    def expect(self, node: ast.Expr, ctx: Ctx, want: Type, what: str) -> Expr:
        e = self.check(node, ctx)
        if not is_error(e) and not T.compatible(want, e.type):
            return self.error(node, "WG301", f"{what} must be {show_type(want)}, but this is {show_type(e.type)}")
        return e

    def check_int(self, node: ast.Expr, ctx: Ctx, what: str) -> Expr:
        return self.expect(node, ctx, T.INT, what)

    def check_bool(self, node: ast.Expr, ctx: Ctx, what: str) -> Expr:
        return self.expect(node, ctx, T.BOOL, what)

    def check_number(self, node: ast.Expr, what: str, ctx: Ctx | None = None) -> Expr:
        """A reward amount or a probability: params, consts and numbers, fractions allowed (or, in a
        ``pay`` context, an amount read from the state as it is paid: check/payments.py)."""
        e = self.check(node, ctx or Ctx("amount"))
        if not is_error(e) and e.type.kind not in ("int", "real"):
            return self.error(node, "WG301", f"{what} must be a number, but this is {show_type(e.type)}")
        return e if e.op == "lit" or is_error(e) else e.model_copy(update={"line": node.span.line})  # resolved per world

    # ------------------------------------------------------------------------------ dispatch
    def check(self, node: ast.Expr, ctx: Ctx) -> Expr:
        method = getattr(self, "_" + type(node).__name__.lower())
        return method(node, ctx)

    def _num(self, node: ast.Num, ctx: Ctx) -> Expr:
        if isinstance(node.value, float):
            if ctx.where in FRACTIONAL:
                return make("lit", T.REAL, value=node.value)
            return self.error(node, "WG302", "fractional numbers are only allowed in reward amounts and chance(...)")
        if abs(node.value) >= 2 ** 63:
            return self.error(node, "WG302", f"{node.value} is too large; numbers must fit in 64 bits")
        return make("lit", T.INT, value=node.value)

    def _bool(self, node: ast.Bool, ctx: Ctx) -> Expr:
        return make("lit", T.BOOL, value=node.value)

    def _str(self, node: ast.Str, ctx: Ctx) -> Expr:
        if "{" not in node.raw and "}" not in node.raw:
            return make("lit", T.STR, value=node.value)
        return self.text_template(node, ctx)  # "{x} of {n}" inside an expression builds text

    def _name(self, node: ast.Name, ctx: Ctx) -> Expr:
        local = ctx.local(node.id)
        if local is not None:
            return make("arg" if local.kind == "arg" else "local", local.type, name=node.id)
        if node.id == "content":
            return self.error(node, "WG203", "'content' must be followed by a slot, e.g. content.title")
        sym = self.scope.symbols.get(node.id)
        later = self.scope.declared.get(node.id)
        if ctx.where == "count" and (sym is None or sym.kind not in ("param", "member")):
            if sym is not None or later is not None:
                return self.error(node, "WG401", f"'{node.id}' is not known when entities are counted; "
                                  "an entity's count may only use params and numbers")
        elif sym is None and later is not None:
            return self.error(node, "WG202", f"'{node.id}' is used before it is declared (line {later})")
        if sym is None:
            names = [n for n, _ in ctx.locals]
            return self.error(node, "WG201", f"unknown name '{node.id}'" + did_you_mean(node.id, list(self.scope.symbols) + names))
        if ctx.where in ("static", "amount") and sym.kind not in ("param", "member", "const"):
            return self.error(node, "WG401", f"'{node.id}' is not known before the world is built; "
                              "only params, consts and numbers may appear here")
        if sym.kind in ("state", "const") and ctx.visible is not None and node.id not in ctx.visible:
            return self.error(node, "WG202", f"'{node.id}' is used before it is declared (line {sym.span.line})")
        if sym.kind == "function":
            return self.error(node, "WG301", f"'{node.id}' is a function; call it: {node.id}(...)")
        if sym.kind == "state":
            return make("state", sym.type, name=node.id)
        if sym.kind == "const":
            return make("const", sym.type, name=node.id)
        if sym.kind == "param":
            return make("param", sym.type, name=node.id)
        if sym.kind == "member":
            return make("member", sym.type, name=sym.type.name, value=sym.index)
        if sym.kind == "variant":
            return self.variant_value(node, sym)
        return make("all", T.set_of(sym.type), name=node.id)  # an entity type: the set of all of them

    def _unary(self, node: ast.Unary, ctx: Ctx) -> Expr:
        if node.op == "not":
            return make("not", T.BOOL, self.check_bool(node.operand, ctx, "the operand of 'not'"))
        operand = self._numeric(node.operand, ctx, "the operand of '-'")
        return operand if is_error(operand) else make("neg", T.REAL if operand.type == T.REAL else T.INT, operand)

    def _numeric(self, node: ast.Expr, ctx: Ctx, what: str) -> Expr:
        """An int, or (in reward amounts and probabilities) a fractional number."""
        e = self.check(node, ctx)
        if not is_error(e) and e.type.kind != "int" and not (e.type.kind == "real" and ctx.where in FRACTIONAL):
            return self.error(node, "WG301", f"{what} must be an int, but this is {show_type(e.type)}")
        return e

    def _binary(self, node: ast.Binary, ctx: Ctx) -> Expr:
        op = node.op
        if op in ("and", "or"):
            left = self.check_bool(node.left, ctx, f"the left side of '{op}'")
            right = self.check_bool(node.right, ctx, f"the right side of '{op}'")
            return make(op, T.BOOL, left, right)
        if op in ("+", "-", "*", "/", "%", "^"):
            left, right = self.check(node.left, ctx), self.check(node.right, ctx)  # each side once
            if is_error(left) or is_error(right):
                return left if is_error(left) else right
            if op == "+":
                joined = self.concat(node, left, right)  # text + anything shown, list + list
                if joined is not None:
                    return joined
            for side, e, where in ((node.left, left, "left"), (node.right, right, "right")):
                if e.type.kind != "int" and not (e.type.kind == "real" and ctx.where in FRACTIONAL):  # one mistake, one diagnostic
                    return self.error(side, "WG301", f"the {where} side of '{op}' must be an int, but this is {show_type(e.type)}")
            real = ctx.where in FRACTIONAL and (op == "/" or T.REAL in (left.type, right.type))
            return make("arith", T.REAL if real else T.INT, left, right, name=op)
        if op in ("in", "notin"):
            coll = self.check(node.right, ctx)
            if is_error(coll):
                return coll
            if coll.type.kind not in ("set", "list"):
                word = "not in" if op == "notin" else "in"
                return self.error(node.right, "WG301", f"the right side of '{word}' must be a set or a list, but this is {show_type(coll.type)}")
            elem = self.check(node.left, ctx)
            if coll.type.elem is not None and not is_error(elem) and not T.compatible(coll.type.elem, elem.type):
                return self.error(node.left, "WG301", f"{show_type(elem.type)} can never be in {show_type(coll.type)}")
            return make(op, T.BOOL, elem, coll)
        # comparisons
        left, right = self.check(node.left, ctx), self.check(node.right, ctx)
        if is_error(left) or is_error(right):
            return make("cmp", T.BOOL, left, right, name=op)
        if op in ("<", "<=", ">", ">="):
            for side, e in ((node.left, left), (node.right, right)):
                if e.type.kind not in ("int", "real"):
                    return self.error(side, "WG301", f"'{op}' compares numbers, but this is {show_type(e.type)}")
        elif not (T.compatible(left.type, right.type) or T.compatible(right.type, left.type)):
            return self.error(node, "WG301", f"cannot compare {show_type(left.type)} with {show_type(right.type)}")
        return make("cmp", T.BOOL, left, right, name=op)

    def _cond(self, node: ast.Cond, ctx: Ctx) -> Expr:
        c = self.check_bool(node.cond, ctx, "the condition of 'if'")
        a, b = self.check(node.then, ctx), self.check(node.otherwise, ctx)
        if not (is_error(a) or is_error(b)) and not T.compatible(a.type, b.type):
            return self.error(node, "WG301", f"both branches of 'if' must have one type, not {show_type(a.type)} and {show_type(b.type)}")
        return make("cond", a.type if not is_error(a) else b.type, c, a, b)

    def _let(self, node: ast.Let, ctx: Ctx) -> Expr:
        value = self.check(node.value, ctx)
        if is_error(value):
            return value
        body = self.check(node.body, ctx.bind(Symbol(node.var, "local", value.type, node.span)))
        return body if is_error(body) else make("let", body.type, value, body, value=node.var)

    def _intrange(self, node: ast.IntRange, ctx: Ctx) -> Expr:
        lo = self.check_int(node.lo, ctx, "the start of a range")
        hi = self.check_int(node.hi, ctx, "the end of a range")
        return make("span", T.list_of(T.INT), lo, hi)

    def _setlit(self, node: ast.SetLit, ctx: Ctx) -> Expr:
        items = [self.check(i, ctx) for i in node.items]
        good = [e for e in items if not is_error(e)]
        if not good:
            return make("setlit", T.EMPTY_SET if not items else T.ERROR, *items)
        elem = good[0].type
        if not T.is_finite_domain(elem) and elem.kind != "int":
            return self.error(node, "WG301", f"sets hold entities, enum values or ints, not {show_type(elem)}")
        for raw, e in zip(node.items, items):
            if not is_error(e) and not T.compatible(elem, e.type):
                return self.error(raw, "WG301", f"{show_type(T.set_of(elem))} cannot hold {show_type(e.type)}")
        return make("setlit", T.set_of(elem), *items)

    # -------------------------------------------------------------------------- postfix forms
    def _field(self, node: ast.Field, ctx: Ctx) -> Expr:
        if isinstance(node.obj, ast.Name) and node.obj.id == "content" and ctx.local("content") is None:
            slot = self.scope.slots.get(node.name)
            if slot is None:
                return self.error(node, "WG204", f"no content slot named '{node.name}'"
                                  + did_you_mean(node.name, list(self.scope.slots)))
            return _content(slot, node.name, ())
        obj = self.check(node.obj, ctx)
        if is_error(obj):
            return obj
        if obj.type.kind == "entity" and obj.type.name in self.scope.grids:
            return self.coordinate(node, obj)
        payload = self.variant_payload(node, obj)
        if payload is not None:
            return payload
        if obj.op != "content" or obj.type.kind != "content":
            return self.error(node, "WG301", f"'.{node.name}' needs a content record, but this is {show_type(obj.type)}")
        slot = slot_at(self.scope, obj.value)
        if slot.kind == "list" and slot.item is not None and slot.item.kind == "record":
            # content.room.name: the list of every room's name (used by `entity ... named`)
            sub = next((f for f in slot.item.fields if f.name == node.name), None)
            if sub is None:
                return self.error(node, "WG204", f"{path_text(obj.value)} items have no field '{node.name}'"
                                  + did_you_mean(node.name, [f.name for f in slot.item.fields]))
            return make("content", T.content(f"{obj.value}[*].{node.name}"), *obj.args, value=f"{obj.value}[*].{node.name}")
        if slot.kind != "record":
            return self.error(node, "WG301", f"{path_text(obj.value)} is not a record, it has no field '{node.name}'")
        sub = next((f for f in slot.fields if f.name == node.name), None)
        if sub is None:
            return self.error(node, "WG204", f"{path_text(obj.value)} has no field '{node.name}'"
                              + did_you_mean(node.name, [f.name for f in slot.fields]))
        return _content(sub, f"{obj.value}.{node.name}", obj.args)

    def _index(self, node: ast.Index, ctx: Ctx) -> Expr:
        # entity[i]: the i-th entity (negative counts from the end)
        if isinstance(node.obj, ast.Name) and ctx.local(node.obj.id) is None:
            sym = self.scope.symbols.get(node.obj.id)
            if sym is not None and sym.kind in ("entity", "enum"):
                idx = self.check_int(node.index, ctx, f"the index of '{sym.name}'")
                return make("entity", sym.type, idx, name=sym.name)
        obj = self.check(node.obj, ctx)
        if is_error(obj):
            return obj
        if obj.type.kind == "str":
            return self.text_index(node, obj, ctx)
        if obj.type.kind == "list":
            idx = self.check_int(node.index, ctx, "a list index")
            return make("at", obj.type.elem or T.ERROR, obj, idx)
        if obj.type.kind == "map":
            key = self.check(node.index, ctx)
            if not is_error(key) and not T.compatible(obj.type.elem, key.type):
                return self.error(node.index, "WG301", f"this map is indexed by {show_type(obj.type.elem)}, not {show_type(key.type)}")
            return make("get", obj.type.value, obj, key)
        if obj.op == "content" and obj.type.kind == "content":
            slot = slot_at(self.scope, obj.value)
            if slot.kind == "list" and slot.item is not None:
                idx = self.check(node.index, ctx)
                if not is_error(idx) and idx.type.kind not in ("int", "entity"):
                    return self.error(node.index, "WG301", f"content lists are indexed by an entity or an int, not {show_type(idx.type)}")
                return _content(slot.item, f"{obj.value}[]", obj.args + (idx,))
        return self.error(node, "WG301", f"{show_type(obj.type)} cannot be indexed with [...]; only maps (m[key]), "
                          "lists (xs[0], xs[-1]), entities and enums (room[0]) and content lists can",
                          *(["to pick from a set use first(x: S, COND) or sorted(S)[i]"] if obj.type.kind == "set" else []))

    def _slice(self, node: ast.Slice, ctx: Ctx) -> Expr:
        sym = self.scope.symbols.get(node.obj.id) if isinstance(node.obj, ast.Name) and ctx.local(node.obj.id) is None else None
        none = make("lit", T.INT, value=None)
        lo = self.check_int(node.lo, ctx, "a slice bound") if node.lo is not None else none
        hi = self.check_int(node.hi, ctx, "a slice bound") if node.hi is not None else none
        if sym is not None and sym.kind in ("entity", "enum"):
            return make("slice", T.set_of(sym.type), lo, hi, name=sym.name)
        obj = self.check(node.obj, ctx)
        if is_error(obj) or obj.type.kind in ("list", "str"):
            return obj if is_error(obj) else make("lslice", obj.type if obj.type.kind == "list" else T.STR, obj, lo, hi)
        return self.error(node, "WG301", "only an entity, an enum, a list or text can be sliced, as in room[1..], room[..-1] or xs[1..]")

    def _quantifier(self, node: ast.Quantifier, ctx: Ctx) -> Expr:
        if node.func == "map":
            return self.map_comprehension(node, ctx)
        if node.func == "until":
            return self.repair_loop(node, ctx)
        if node.func not in QUANTIFIERS:
            return self.error(node, "WG205", f"'{node.func}(x: ..., ...)' is not a quantifier; use one of " + ", ".join(QUANTIFIERS))
        domain = self.check(node.domain, ctx)
        if is_error(domain):
            return domain
        if domain.type.kind not in ("set", "list") or domain.type.elem is None:
            return self.error(node.domain, "WG301", f"'{node.func}' ranges over an entity, a set, a list or lo..hi, not {show_type(domain.type)}")
        if node.extra is not None and node.func not in ("first", "join"):
            return self.error(node.extra, "WG303", f"'{node.func}(x: ..., ...)' takes two arguments; only first and join take a third")
        elem = domain.type.elem
        inner = ctx.bind(Symbol(node.var, "local", elem, node.span))
        extra: tuple[Expr, ...] = ()
        name = node.func
        if name in ("all", "any", "count", "filter", "first"):
            body = self.check_bool(node.body, inner, f"the condition of '{name}'")
            out = {"count": T.INT, "filter": domain.type, "first": elem}.get(name, T.BOOL)
            if name == "filter" and domain.op == "span":
                out = T.list_of(T.INT)
            if name == "first" and node.extra is not None:
                extra = (self.expect(node.extra, ctx, elem, "the default of first"),)
        elif name in ("each", "join"):
            body = self.check(node.body, inner)
            if not is_error(body) and body.type.kind not in RENDERABLE:
                return self.error(node.body, "WG304", f"{show_type(body.type)} cannot be shown in text")
            out = T.STR
            if name == "join":
                extra = (self.expect(node.extra, ctx, T.STR, "the separator of join") if node.extra is not None
                         else make("lit", T.STR, value=", "),)
            elif isinstance(node.body, ast.Str) and body.op == "concat":
                name = "eachf"  # each(x: S, "{x} has {hp[x]}"): the text is the whole item
        else:
            body = self._numeric(node.body, inner, f"the body of '{name}'")
            out = T.REAL if body.type == T.REAL else T.INT
        if is_error(body):
            return body
        return make("quant", out, domain, body, *extra, name=name, value=node.var)

    def _call(self, node: ast.Call, ctx: Ctx) -> Expr:
        sym = self.scope.symbols.get(node.func)
        if sym is not None and sym.type.kind == "rel" and ctx.local(node.func) is None:
            rel = self._name(ast.Name(node.span, node.func), ctx)
            if is_error(rel):
                return rel
            if len(node.args) == 2:
                a = self.expect(node.args[0], ctx, sym.type.elem, f"the first argument of '{node.func}'")
                b = self.expect(node.args[1], ctx, sym.type.value, f"the second argument of '{node.func}'")
                return make("rel", T.BOOL, rel, a, b)
            if len(node.args) == 1:
                a = self.expect(node.args[0], ctx, sym.type.elem, f"the argument of '{node.func}'")
                return make("image", T.set_of(sym.type.value), rel, a)
            return self.error(node, "WG303", f"relation '{node.func}' takes 1 or 2 arguments, not {len(node.args)}")
        if node.func in self.scope.functions and ctx.local(node.func) is None:
            return self.call_function(node, ctx)
        if sym is not None and sym.kind == "function":  # a function whose body failed to check
            return make("lit", T.ERROR)
        if sym is not None and sym.kind == "entity" and sym.name in self.scope.grids:
            return self.cell_at(node, sym, ctx)
        if sym is not None and sym.kind == "variant" and ctx.local(node.func) is None:
            return self.variant_call(node, sym, ctx)
        if node.func in GENERATORS:
            return self._generator(node, ctx)
        if node.func in LAYOUTS:
            return self.layout_call(node, ctx)
        if node.func in GRID_BUILTINS:
            return self.grid_call(node, ctx)
        if node.func in COMPASS_BUILTINS:
            return self.compass_call(node, ctx)
        if node.func in SEQUENCE_BUILTINS:
            return self.sequence_call(node, ctx)
        if node.func == self.scope.defining:
            return self.error(node, "WG206", f"'{node.func}' calls itself; functions may not be recursive "
                              "(a quantifier or first(i: 1..n, ...) bounds a search)")
        if node.func in TEXT_BUILTINS:
            return self.text_call(node, ctx)
        if node.func == "count":
            self._arity(node, 1)
            if node.args:
                s = self.check(node.args[0], ctx)
                if not is_error(s) and s.type.kind == "list":
                    return make("call", T.INT, s, name="len")
                if not is_error(s) and s.type.kind != "set":
                    return self.error(node.args[0], "WG301", f"count needs a set or a list, not {show_type(s.type)}")
                return make("call", T.INT, s, name="count")
            return make("lit", T.ERROR)
        if node.func == "join":
            if not 1 <= len(node.args) <= 2:
                return self.error(node, "WG303", "join takes a set and an optional separator: join(s) or join(s, \" and \")")
            s = self.check(node.args[0], ctx)
            if not is_error(s) and s.type.kind not in ("set", "list"):
                return self.error(node.args[0], "WG301", f"join needs a set or list, not {show_type(s.type)}")
            rest = [self.expect(a, ctx, T.STR, "the separator of join") for a in node.args[1:]]
            return make("call", T.STR, s, *rest, name="join")
        if node.func in ("min", "max"):
            if len(node.args) < 2:
                return self.error(node, "WG303", f"{node.func} takes two or more ints, or a quantifier: {node.func}(x: set, expr)")
            args = [self._numeric(a, ctx, f"an argument of {node.func}") for a in node.args]
            real = any(a.type == T.REAL for a in args)
            return make("call", T.REAL if real else T.INT, *args, name=node.func)
        if node.func == "abs":
            self._arity(node, 1)
            if not node.args:
                return make("lit", T.ERROR)
            arg = self._numeric(node.args[0], ctx, "the argument of abs")
            return make("call", arg.type if arg.type == T.REAL else T.INT, arg, name="abs")
        later = self.scope.declared.get(node.func)
        if sym is None and later is not None:  # a def (or a name) declared further down
            return self.error(node, "WG202", f"'{node.func}' is used before it is declared (line {later})")
        if sym is not None:
            return self.error(node, "WG301", f"'{node.func}' is {show_type(sym.type)}, not a function or relation")
        known = list(GENERATORS) + list(LAYOUTS) + list(BUILTINS) + list(GRID_BUILTINS) + list(COMPASS_BUILTINS) + list(SEQUENCE_BUILTINS) + list(TEXT_BUILTINS) + list(self.scope.functions)
        return self.error(node, "WG206", f"unknown function '{node.func}'" + did_you_mean(node.func, known))

    def _arity(self, node: ast.Call, n: int) -> None:
        if len(node.args) != n:
            self.error(node, "WG303", f"{node.func} takes {n} argument{'s' if n != 1 else ''}, not {len(node.args)}")

    def _set_arg(self, node: ast.Call, i: int, ctx: Ctx, what: str) -> Expr:
        if i >= len(node.args):
            return make("lit", T.ERROR)
        e = self.check(node.args[i], ctx)
        if not is_error(e) and e.type.kind != "set":
            return self.error(node.args[i], "WG301", f"{what} needs a set, not {show_type(e.type)}")
        return e

    def _entity_arg(self, node: ast.Call, ctx: Ctx) -> Expr:
        if not node.args:
            return make("lit", T.ERROR)
        arg = node.args[0]
        sym = self.scope.symbols.get(arg.id) if isinstance(arg, ast.Name) else None
        if sym is None or sym.kind != "entity":
            return self.error(arg, "WG301", f"{node.func} needs an entity name, e.g. {node.func}(room)")
        return make("all", T.set_of(sym.type), name=sym.name)


def _content(slot: Slot, path: str, indices: tuple[Expr, ...]) -> Expr:
    if slot.kind in ("text", "word", "enum"):
        t = T.STR
    elif slot.kind == "int":
        t = T.INT
    else:
        t = T.content(path)
    return make("content", t, *indices, value=path)


def slot_at(scope: Scope, path: str) -> Slot:
    """Follow a content path such as ``room[].description`` through the slot tree."""
    parts = path.replace("[]", ".[]").split(".")
    slot = scope.slots[parts[0]]
    for part in parts[1:]:
        if part == "[]":
            assert slot.item is not None
            slot = slot.item
        else:
            slot = next(f for f in slot.fields if f.name == part)
    return slot


def did_you_mean(name: str, pool: list[str]) -> str:
    close = get_close_matches(name, pool, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
