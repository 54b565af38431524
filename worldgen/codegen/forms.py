"""Python source for Language 2 forms (mixed into ExprCompiler): lists, map literals, text,
grids, user functions and ``let``.

Lists are tuples, grids number cells row by row, functions are module-level ``D_name(s, ...)``
in a world's rules (or inline lambdas where a world is being built, where there is no ``s``).
"""

from __future__ import annotations

from worldgen.codegen.inlining import ATOM, inlinable
from worldgen.codegen.names import Compiler, UnsafeIR, ident
from worldgen.ir.models import Expr, Type



class FormsCode:
    # -- functions and locals
    def _fn(self: Compiler, e: Expr) -> str:
        f = self.functions.get(str(e.name))
        if f is None:
            raise UnsafeIR(f"call of an unknown function {e.name!r}")
        sources = [self.expr(a) for a in e.args]
        args = ", ".join(sources)
        if self.inline:
            params = ", ".join(f"l_{ident(p.name)}" for p in f.params)
            return f"(lambda {params}: {self.expr(f.body)})({args})"
        if inlinable(f, sources, self.functions):  # written out in place (codegen/inlining.py)
            outer, self.subst = self.subst, {p.name: a for p, a in zip(f.params, sources)}
            try:
                return f"({self.expr(f.body)})"
            finally:
                self.subst = outer
        if f.name in self.memoised:  # a cache by argument (codegen/memo.py): the state is not passed
            return f"D_{ident(f.name)}({args})"
        return f"D_{ident(f.name)}({', '.join(['s', args]) if args else 's'})"

    def _let(self: Compiler, e: Expr) -> str:
        return f"(lambda l_{ident(e.value)}: {self.expr(e.args[1])})({self.expr(e.args[0])})"

    # -- sequences
    def domain(self: Compiler, e: Expr) -> str:
        """What a quantifier or a `for` iterates: an int range, a list's items or a set's elements."""
        if e.op == "span":
            return f"range({self.expr(e.args[0])}, ({self.expr(e.args[1])}) + 1)"
        if e.type.kind == "list":
            return self.expr(e)
        return f"_B[{self.expr(e)}]"

    def _span(self: Compiler, e: Expr) -> str:
        return f"tuple({self.domain(e)})"

    def _listlit(self: Compiler, e: Expr) -> str:
        return "(" + "".join(f"{self.expr(a)}, " for a in e.args) + ")"

    def _maplit(self: Compiler, e: Expr) -> str:
        key = e.type.elem
        assert key is not None and e.type.value is not None
        n = self.ns.const(("count", key.name))
        pairs = "".join(f"({self.expr(p.args[0])}, {self.expr(p.args[1])}), " for p in e.args)
        return f"_maplit({n}, ({pairs}), {self.default(e.type.value)})"

    def default(self: Compiler, t: Type) -> str:
        """The value a map literal gives the keys it does not list."""
        match t.kind:
            case "bool":
                return "False"
            case "int":
                return self.expr(t.lo) if t.lo is not None else "0"
            case "list":
                return "()"
            case "map":
                assert t.elem is not None and t.value is not None
                return f"(({self.default(t.value)},) * {self.ns.const(('count', t.elem.name))})"
        return "0"  # sets (empty), entities and enum values (the first)

    def _at(self: Compiler, e: Expr) -> str:
        xs, i = self.expr(e.args[0]), self.expr(e.args[1])
        if ATOM.fullmatch(xs) and ATOM.fullmatch(i):  # cheap to repeat: index inline, check the rest in _at
            return f"({xs}[{i}] if 0 <= {i} < len({xs}) else _at({xs}, {i}))"
        if ATOM.fullmatch(xs) and i[:1] == "-" and i[1:].isascii() and i[1:].isdigit() and int(i[1:]) > 0:  # xs[-1]
            return f"({xs}[{i}] if len({xs}) >= {i[1:]} else _at({xs}, {i}))"
        return f"_at({xs}, {i})"

    def _lslice(self: Compiler, e: Expr) -> str:
        return f"{self.expr(e.args[0])}[{self.expr(e.args[1])}:{self.expr(e.args[2])}]"

    def _lconcat(self: Compiler, e: Expr) -> str:
        return f"({self.expr(e.args[0])} + {self.expr(e.args[1])})"

    def _concat(self: Compiler, e: Expr) -> str:
        shown = [self.render(a) for a in e.args]
        return shown[0] if len(shown) == 1 else "(" + " + ".join(shown) + ")"

    def sequence_call(self: Compiler, e: Expr, args: list[str]) -> str | None:
        match e.name:
            case "index":  # an entity's or enum value's position is the value itself
                return args[0] if ATOM.fullmatch(args[0]) else f"({args[0]})"
            case "len":
                return f"len({args[0]})"
            case "push":
                return f"({args[0]} + ({args[1]},))"
            case "pop" | "top" | "rest":
                return f"_{e.name}({args[0]})"
            case "sorted":
                return f"_B[{args[0]}]" if e.args[0].type.kind == "set" else f"tuple(sorted({args[0]}))"
            case "reverse":
                return f"{args[0]}[::-1]"
            case "closure":
                start = args[1] if e.args[1].type.kind == "set" else f"(1 << {args[1]})"
                return f"_closure({args[0]}, {start})"
            case "dx" | "dy":
                return f"{(0, 1, 0, -1) if e.name == 'dx' else (-1, 0, 1, 0)}[{args[0]}]"
        return None

    # -- grids
    def _coord(self: Compiler, e: Expr) -> str:
        width = self.ns.const(("gridw", e.value))
        c = self.expr(e.args[0])
        return f"({c} % {width})" if e.name == "x" else f"({c} // {width})"

    def _cellat(self: Compiler, e: Expr) -> str:
        w, h = self.ns.const(("gridw", e.name)), self.ns.const(("gridh", e.name))
        return f"_cell({self.expr(e.args[0])}, {self.expr(e.args[1])}, {w}, {h})"

    def _grid(self: Compiler, e: Expr) -> str:
        args = [self.expr(a) for a in e.args]
        if e.name == "neighbours":
            return f"{self.ns.const(('nbrs', e.value))}[{args[0]}]"
        if len(args) == 2:
            return f"{self.ns.const(('steps', e.value))}[{args[0]}][{args[1]}]"
        w, h = self.ns.const(("gridw", e.value)), self.ns.const(("gridh", e.value))
        return f"_stepk({args[0]}, {args[1]}, {args[2]}, {w}, {h})"
