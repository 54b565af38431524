"""Checking lists, map literals and text built in expressions (mixed into ExprChecker).

Lists are bounded sequences (stacks, queues, histories); map literals give per-key values;
text can be concatenated and built from templates inside expressions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx
from worldgen.check.tables import check_text_table
from worldgen.ir import types as T
from worldgen.ir.models import Expr, Type
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.exprs import ExprChecker

SEQUENCE_BUILTINS = {
    "len": "len(xs): how many items a list holds (or characters a text has)",
    "push": "push(xs, v): the list with v added at the end",
    "pop": "pop(xs): the list without its last item",
    "top": "top(xs): the last item of a list",
    "rest": "rest(xs): the list without its first item (a queue's pop)",
    "sorted": "sorted(S): a set's elements (or a list's items) in ascending order, as a list",
    "reverse": "reverse(xs): the list backwards",
    "index": "index(x): the position of an entity or enum value (0 for the first)",
    "text": "text(v): any value as the text a template would show",
    "closure": "closure(r, x): everything reachable from x (an element or a set) in one or more steps of r",
}
ELEMENTS = ("entity", "enum", "int", "bool")  # what lists may hold


class SequenceChecks:
    def _listlit(self: ExprChecker, node: ast.ListLit, ctx: Ctx) -> Expr:
        items = [self.check(i, ctx) for i in node.items]
        if any(is_error(e) for e in items):
            return next(e for e in items if is_error(e))
        if not items:
            return make("listlit", Type(kind="list"))
        elem = items[0].type
        if elem.kind not in ELEMENTS:
            return self.error(node.items[0], "WG301", f"lists hold entities, enum values, ints or bools, not {show_type(elem)}")
        for raw, e in zip(node.items, items):
            if not T.compatible(elem, e.type):
                return self.error(raw, "WG301", f"{show_type(T.list_of(_plain(elem)))} cannot also hold {show_type(e.type)}")
        return make("listlit", T.list_of(_plain(elem)), *items)

    def _maplit(self: ExprChecker, node: ast.MapLit, ctx: Ctx) -> Expr:
        keys = [self.check(k, ctx) for k, _ in node.items]
        values = [self.check(v, ctx) for _, v in node.items]
        bad = next((e for e in keys + values if is_error(e)), None)
        if bad is not None:
            return bad
        key_type = keys[0].type
        if not T.is_finite_domain(key_type):
            return self.error(node.items[0][0], "WG301", f"map keys are entities or enum values, not {show_type(key_type)}")
        value_type = next((v.type for v in values if v.type.kind not in ("set", "list") or v.type.elem is not None), values[0].type)
        for (raw_key, raw_value), k, v in zip(node.items, keys, values):
            if not T.compatible(key_type, k.type):
                return self.error(raw_key, "WG301", f"a map literal's keys must all be of one type: {show_type(key_type)}, not {show_type(k.type)}")
            if not T.compatible(value_type, v.type):
                return self.error(raw_value, "WG301", f"a map literal's values must all be of one type: {show_type(value_type)}, not {show_type(v.type)}")
        if key_type.kind == "enum" and value_type.kind == "str":
            if not check_text_table(self.sink, node, keys, self.scope.enums[str(key_type.name)]):
                return make("lit", T.ERROR)
        pairs = [make("pair", v.type, k, v) for k, v in zip(keys, values)]
        return make("maplit", T.map_of(key_type, value_type), *pairs)

    def concat(self: ExprChecker, node: ast.Binary, left: Expr, right: Expr) -> Expr | None:
        """``a + b`` on text (the other side is shown as a template would) or on two lists, given
        both sides checked; None when neither side is text or a list (then ``+`` is arithmetic)."""
        kinds = {left.type.kind, right.type.kind}
        if "str" in kinds:
            from worldgen.check.exprs import RENDERABLE

            for side, e in ((node.left, left), (node.right, right)):
                if e.type.kind not in RENDERABLE:
                    return self.error(side, "WG304", f"{show_type(e.type)} cannot be shown in text")
            return make("concat", T.STR, left, right)
        if kinds == {"list"}:
            if not T.compatible(left.type, right.type):
                return self.error(node, "WG301", f"cannot join {show_type(left.type)} and {show_type(right.type)}")
            return make("lconcat", left.type if left.type.elem is not None else right.type, left, right)
        return None

    def text_template(self: ExprChecker, node: ast.Str, ctx: Ctx) -> Expr:
        """A string with holes inside an expression: the text those holes make."""
        from worldgen.check.templates import check_template

        template = check_template(self, node, ctx)
        parts = [make("lit", T.STR, value=p.text) if p.expr is None else p.expr for p in template.parts]
        if not parts:
            return make("lit", T.STR, value="")
        if len(parts) == 1 and parts[0].op == "lit":
            return parts[0]
        return make("concat", T.STR, *parts)

    def sequence_call(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        f = node.func
        arity = {"push": 2, "closure": 2}.get(f, 1)
        if len(node.args) != arity:
            return self.error(node, "WG303", f"{f} takes {arity} argument{'s' if arity > 1 else ''}, not {len(node.args)}: {SEQUENCE_BUILTINS[f]}")
        args = [self.check(a, ctx) for a in node.args]
        bad = next((a for a in args if is_error(a)), None)
        if bad is not None:
            return bad
        first = args[0]
        if f == "index":
            if first.type.kind not in ("entity", "enum"):
                return self.error(node.args[0], "WG301", f"index needs an entity or an enum value, not {show_type(first.type)}")
            return make("call", T.INT, first, name="index")
        if f == "text":
            from worldgen.check.exprs import RENDERABLE

            if first.type.kind not in RENDERABLE:
                return self.error(node.args[0], "WG304", f"{show_type(first.type)} cannot be shown in text")
            return make("concat", T.STR, first)
        if f == "sorted":
            if first.type.kind == "set" and first.type.elem is not None:
                return make("call", T.list_of(first.type.elem), first, name="sorted")
            if first.type.kind == "list":
                return make("call", first.type, first, name="sorted")
            return self.error(node.args[0], "WG301", f"sorted needs a set or a list, not {show_type(first.type)}")
        if f == "closure":
            rel = first.type
            if rel.kind != "rel" or rel.elem is None or not rel.same(T.rel_of(rel.elem, rel.elem)):
                return self.error(node.args[0], "WG301", f"closure needs a relation between one kind of thing, not {show_type(rel)}")
            start = args[1]
            if not (T.compatible(rel.elem, start.type) or T.compatible(T.set_of(rel.elem), start.type)):
                return self.error(node.args[1], "WG301", f"closure starts from {show_type(rel.elem)} or a set of them, not {show_type(start.type)}")
            return make("call", T.set_of(rel.elem), first, start, name="closure")
        if f == "len" and first.type.kind == "str":
            return make("call", T.INT, first, name="len")
        if first.type.kind != "list":
            return self.error(node.args[0], "WG301", f"{f} needs a list{' or text' if f == 'len' else ''}, not {show_type(first.type)}: {SEQUENCE_BUILTINS[f]}")
        if f == "len":
            return make("call", T.INT, first, name="len")
        if f == "top":
            return make("call", first.type.elem or T.ERROR, first, name="top")
        if f == "push":
            item = args[1]
            if first.type.elem is not None and not T.compatible(first.type.elem, item.type):
                return self.error(node.args[1], "WG301", f"{show_type(first.type)} cannot hold {show_type(item.type)}")
            if first.type.elem is None and item.type.kind not in ELEMENTS:
                return self.error(node.args[1], "WG301", f"lists hold entities, enum values, ints or bools, not {show_type(item.type)}")
            out = first.type if first.type.elem is not None else T.list_of(_plain(item.type))
            return make("call", out, first, item, name="push")
        return make("call", first.type, first, name=f)  # pop, rest, reverse


def _plain(t: Type) -> Type:
    """An element type without the bounds of the variable it came from."""
    return Type(kind=t.kind, name=t.name) if t.kind in ("int", "bool") else t
