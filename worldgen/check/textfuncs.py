"""Text functions (mixed into ExprChecker): cutting, testing and laying out text.

Terminal worlds parse what files and commands hold (a line of a log, the fields of a record) and
render listings (``ls -l`` columns, ``ls -h`` sizes, ``chmod``'s octal modes), so text needs more
than building. Every function is pure and total on its argument types: what a rule may not do
(build text longer than ``MAX_TEXT``) is a rule error at run time, as an index past a list's end is.

``split``, ``lines`` and ``letters`` give a list of text: lists of text live in expressions only (text never
enters the state), so ``len``, ``xs[i]``, quantifiers, ``for`` and ``join`` work on them as on any
list. Text itself is indexed and sliced like a list (``t[i]``, ``t[i..j]``) and measured by ``len``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from worldgen.check.nodes import is_error, make, show_type
from worldgen.check.scope import Ctx
from worldgen.ir import types as T
from worldgen.ir.models import Expr, Type
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.exprs import ExprChecker

TEXT_BUILTINS = {
    "upper": "upper(t): t in capital letters",
    "lower": "lower(t): t in small letters",
    "trim": "trim(t): t without blanks (spaces, tabs, line breaks) at either end",
    "replace": "replace(t, old, new): t with every old replaced by new",
    "split": "split(t) or split(t, sep): the words of t (between runs of blanks), or the fields between each sep, as a list of text",
    "lines": "lines(t): the lines of t, as a list of text",
    "letters": "letters(v): the characters of v (a text, or a value as text shows it: an entity's name), as a list of text",
    "starts": "starts(t, prefix): bool: does t start with prefix?",
    "ends": "ends(t, suffix): bool: does t end with suffix?",
    "contains": "contains(t, part): bool: does t contain part?",
    "pad": "pad(v, width): v shown left-aligned in width columns (spaces after it)",
    "lpad": "lpad(v, width): v shown right-aligned in width columns (spaces before it)",
    "zpad": "zpad(n, width): the int n with leading zeros to width digits",
    "octal": "octal(n): the int n in octal digits",
    "human": "human(n): a size in bytes as ls -h shows it (1023, 1.0K, 10K, 1.3G)",
}

# The argument kinds of each function (text, int, or any value that can be shown) and its result.
_S, _I, _V = "text", "int", "shown"
TEXT_LIST = T.list_of(T.STR)
SIGNATURES: dict[str, tuple[tuple[str, ...], Type]] = {
    "upper": ((_S,), T.STR), "lower": ((_S,), T.STR), "trim": ((_S,), T.STR),
    "replace": ((_S, _S, _S), T.STR),
    "split": ((_S, _S), TEXT_LIST), "lines": ((_S,), TEXT_LIST), "letters": ((_V,), TEXT_LIST),
    "starts": ((_S, _S), T.BOOL), "ends": ((_S, _S), T.BOOL), "contains": ((_S, _S), T.BOOL),
    "pad": ((_V, _I), T.STR), "lpad": ((_V, _I), T.STR), "zpad": ((_I, _I), T.STR),
    "octal": ((_I,), T.STR), "human": ((_I,), T.STR),
}
OPTIONAL = {"split": 1}  # functions whose last argument may be left out: how many they need
ORDINALS = ("first", "second", "third")


class TextChecks:
    def text_call(self: ExprChecker, node: ast.Call, ctx: Ctx) -> Expr:
        f = node.func
        kinds, result = SIGNATURES[f]
        least = OPTIONAL.get(f, len(kinds))
        if not least <= len(node.args) <= len(kinds):
            wanted = f"{least} or {len(kinds)}" if least < len(kinds) else str(len(kinds))
            return self.error(node, "WG303", f"{f} takes {wanted} argument{'s' if len(kinds) > 1 else ''}, "
                              f"not {len(node.args)}: {TEXT_BUILTINS[f]}")
        args = []
        for i, (raw, kind) in enumerate(zip(node.args, kinds)):
            what = f"the {ORDINALS[i]} argument of {f}" if len(kinds) > 1 else f"the argument of {f}"
            args.append(self.text_argument(raw, kind, what, ctx))
        bad = next((a for a in args if is_error(a)), None)
        return bad if bad is not None else make("call", result, *args, name=f)

    def text_argument(self: ExprChecker, raw: ast.Expr, kind: str, what: str, ctx: Ctx) -> Expr:
        if kind == _S:
            return self.expect(raw, ctx, T.STR, what)
        if kind == _I:
            return self.check_int(raw, ctx, what)
        from worldgen.check.exprs import RENDERABLE

        e = self.check(raw, ctx)  # any value, shown as a template shows it
        if is_error(e) or e.type.kind == "str":
            return e
        if e.type.kind not in RENDERABLE:
            return self.error(raw, "WG304", f"{show_type(e.type)} cannot be shown in text")
        return make("concat", T.STR, e)

    def text_index(self: ExprChecker, node: ast.Index, text: Expr, ctx: Ctx) -> Expr:
        """``t[i]``: the character at position i (0-based; negative counts from the end)."""
        return make("at", T.STR, text, self.check_int(node.index, ctx, "a text index"))
