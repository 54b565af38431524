"""Tagged unions (Language 3): ``type place = floor(room) | inside(box) | carried``.

A union is a finite domain like an entity: its values are the first variant's values, then the
second's, and so on (a tag without a payload is one value). Sets, maps, quantifiers, the state and
the model checker therefore take it as they take an entity; what is new is building a value
(``floor(r)``, ``carried``), testing its tag (``x is floor``) and reading its payload
(``x.floor``), each an offset into that numbering (codegen/unions.py). A union holds entities,
enums and unions declared above it, so no type contains itself and every union is finite. A
command argument may be a union: the agent types a value as it is shown (``put lamp floor(room3)``).
"""

from __future__ import annotations

from collections.abc import Callable
from difflib import get_close_matches

from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx, Scope, Symbol
from worldgen.errors import DiagnosticSink, Span
from worldgen.ir import types as T
from worldgen.ir.models import Entity, Expr, Type, Variant
from worldgen.syntax import ast
from worldgen.syntax.unions_ast import IsTest, UnionDecl

MAX_VARIANTS = 64  # enough for "where is this thing"; keeps offsets short sums
Define = Callable[[str, str, Type, Span, int], bool]


def declare_unions(decls: list[UnionDecl], entities: list[Entity], scope: Scope, sink: DiagnosticSink,
                   define: Define) -> list[Entity]:
    """Each union as an entity whose count is the sum of its variants' counts, in source order."""
    counts = {e.name: e.count for e in entities}
    declared = {d.name: d.span.line for d in decls}
    out = []
    for d in decls:
        entity = _declare(d, counts, declared, scope, sink, define)
        if entity is not None:
            counts[entity.name] = entity.count
            out.append(entity)
    return out


def _declare(d: UnionDecl, counts: dict[str, Expr], declared: dict[str, int], scope: Scope,
             sink: DiagnosticSink, define: Define) -> Entity | None:
    if d.head != "type":
        close = get_close_matches(d.head, ["type"], n=1)
        sink.error("WG433", f"unknown declaration '{d.head}'" + ("; did you mean 'type'?" if close else
                   "; a union is declared type NAME = tag(TYPE) | tag | ..."), d.head_span or d.span)
        return None
    if len(d.variants) > MAX_VARIANTS:  # reported; the first ones stand, so its uses are checked without a cascade
        sink.error("WG433", f"union '{d.name}' has {len(d.variants)} variants; a union may have at most {MAX_VARIANTS}",
                   d.variants[MAX_VARIANTS].span)
    variants: list[Variant] = []
    sizes: list[Expr] = []
    for v in d.variants[:MAX_VARIANTS]:
        payload, size = _payload(d, v, counts, declared, scope, sink)
        if size is None:
            return None
        variants.append(Variant(tag=v.tag, payload=payload))
        sizes.append(size)
    tags = [v.tag for v in variants]
    twice = next((t for t in tags if tags.count(t) > 1), None)
    if twice is not None:
        sink.error("WG433", f"union '{d.name}' lists the tag '{twice}' twice", d.span)
        return None
    if not define(d.name, "entity", T.entity(d.name), d.span, 0):
        return None
    scope.unions[d.name] = tuple(variants)
    for i, v in enumerate(d.variants[:MAX_VARIANTS]):
        define(v.tag, "variant", T.entity(d.name), v.span, i)
    return Entity(name=d.name, count=_sum(sizes), names_from=(), variants=tuple(variants), line=d.span.line)


def _payload(d: UnionDecl, v, counts: dict[str, Expr], declared: dict[str, int], scope: Scope,
             sink: DiagnosticSink) -> tuple[Type | None, Expr | None]:
    """A variant's payload type and how many values it has (an expression over params)."""
    if v.payload is None:
        return None, make("lit", T.INT, value=1)
    span = v.payload_span or v.span
    if v.payload == d.name:
        sink.error("WG433", f"union '{d.name}' holds itself in '{v.tag}'; a union holds entities, enums and "
                   "unions declared above it, so every union is finite", span)
        return None, None
    if v.payload in counts:
        return T.entity(v.payload), counts[v.payload]
    members = scope.enums.get(v.payload)
    if members is not None:
        return T.enum(v.payload), make("lit", T.INT, value=len(members))
    if v.payload in declared:
        sink.error("WG433", f"union '{v.payload}' is declared below (line {declared[v.payload]}); a union holds "
                   "unions declared above it, so no type contains itself", span)
    else:
        known = sorted(set(counts) | set(scope.enums))
        close = get_close_matches(v.payload, known, n=1, cutoff=0.6)
        sink.error("WG433", f"'{v.tag}' holds '{v.payload}', which is not an entity, an enum or a union declared above"
                   + (f"; did you mean '{close[0]}'?" if close else ""), span)
    return None, None


def _sum(terms: list[Expr]) -> Expr:
    """``terms`` added up, the literal ones folded into one number."""
    k = sum(int(t.value) for t in terms if t.op == "lit")  # type: ignore[arg-type]
    rest = [t for t in terms if t.op != "lit"]
    total = rest[0] if rest and k == 0 else make("lit", T.INT, value=k)
    for t in rest[1:] if rest and k == 0 else rest:
        total = make("arith", T.INT, total, t, name="+")
    return total


def _size(v: Variant) -> Expr:
    """How many values a variant has, read when the world is built."""
    if v.payload is None:
        return make("lit", T.INT, value=1)
    return make("size", T.INT, name=v.payload.name)


class UnionChecks:
    """Building, testing and opening union values (mixed into ExprChecker)."""

    sink: DiagnosticSink
    scope: Scope

    def _variant(self, union: str, index: int) -> tuple[Variant, Expr, Expr]:
        """Variant ``index`` of ``union``, the offset of its first value and its number of values."""
        variants = self.scope.unions[union]
        return variants[index], _sum([_size(v) for v in variants[:index]]), _size(variants[index])

    def variant_value(self, node: ast.Name, sym: Symbol) -> Expr:
        """A tag without a payload (``carried``) is a value of its union (where names of state may stand)."""
        v, offset, _ = self._variant(str(sym.type.name), sym.index)
        if v.payload is not None:
            return self._fail(node.span, "WG301", f"'{v.tag}' holds {show_type(v.payload)}; build it as {v.tag}(...)")
        return make("variant", sym.type, offset, name=sym.type.name, value=v.tag)

    def variant_call(self, node: ast.Call, sym: Symbol, ctx: Ctx) -> Expr:
        """``floor(r)``: the union value holding ``r``."""
        v, offset, _ = self._variant(str(sym.type.name), sym.index)
        if v.payload is None:
            return self._fail(node.span, "WG303", f"'{v.tag}' holds nothing; write it without parentheses: {v.tag}")
        if len(node.args) != 1:
            return self._fail(node.span, "WG303", f"{v.tag}(...) holds one {show_type(v.payload)}, not {len(node.args)} values")
        arg = self.check(node.args[0], ctx)  # type: ignore[attr-defined]
        if is_error(arg):
            return arg
        if not T.compatible(v.payload, arg.type):
            return self._fail(node.args[0].span, "WG301", f"'{v.tag}' holds {show_type(v.payload)}, not {show_type(arg.type)}")
        return self._built(node.span, ctx) or make("variant", sym.type, offset, arg, name=sym.type.name, value=v.tag)

    def _istest(self, node: IsTest, ctx: Ctx) -> Expr:
        """``x is floor``: whether ``x`` is one of the variant's values."""
        x = self.check(node.operand, ctx)  # type: ignore[attr-defined]
        if is_error(x):
            return x
        index = self._tag_index(x.type, node.tag, node.tag_span, node.operand.span)
        if index is None:
            return make("lit", T.ERROR, value=None)
        _, offset, size = self._variant(str(x.type.name), index)
        return make("is", T.BOOL, x, offset, size, name=x.type.name, value=node.tag)

    def variant_payload(self, node: ast.Field, obj: Expr) -> Expr | None:
        """``x.floor``: the room a ``floor(...)`` value holds (a rule error if ``x`` is not one);
        None when ``obj`` is not a union value."""
        if obj.type.kind != "entity" or obj.type.name not in self.scope.unions:
            return None
        index = self._tag_index(obj.type, node.name, node.span, node.obj.span)
        if index is None:
            return make("lit", T.ERROR, value=None)
        v, offset, size = self._variant(str(obj.type.name), index)
        if v.payload is None:
            return self._fail(node.span, "WG301", f"'{v.tag}' holds nothing to read; test it with 'is {v.tag}'")
        return make("payload", v.payload, obj, offset, size, name=obj.type.name, value=v.tag)

    def _tag_index(self, t: Type, tag: str, tag_span: Span, operand_span: Span) -> int | None:
        variants = self.scope.unions.get(str(t.name)) if t.kind == "entity" else None
        if variants is None:
            self.sink.error("WG301", f"'is' tests a union value's tag, but this is {show_type(t)}", operand_span)
            return None
        tags = [v.tag for v in variants]
        if tag not in tags:
            close = get_close_matches(tag, tags, n=1, cutoff=0.6)
            self.sink.error("WG201", f"union '{t.name}' has no tag '{tag}' (its tags: {', '.join(tags)})"
                            + (f"; did you mean '{close[0]}'?" if close else ""), tag_span)
            return None
        return tags.index(tag)

    def _built(self, span: Span, ctx: Ctx) -> Expr | None:
        """Union values are numbered when a world is built, so counts, bounds and amounts cannot hold them."""
        if ctx.where in ("static", "amount", "count"):
            return self._fail(span, "WG401", "a union value is not known before the world is built; "
                              "only params, consts and numbers may appear here")
        return None

    def _fail(self, span: Span, code: str, message: str) -> Expr:
        self.sink.error(code, message, span)
        return make("lit", T.ERROR, value=None)
