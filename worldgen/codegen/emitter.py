"""The emitter the generators of a world's module share (program, signals, payments, successors):
lines of source, the state's slots, action bodies and the guard scans. Kept out of program.py,
which drives them all, so that codegen imports one way down."""

from __future__ import annotations

from worldgen.codegen.exprs import ExprCompiler, Namespace
from worldgen.codegen.guards import GuardPlan, Item
from worldgen.codegen.hoisting import Hoists
from worldgen.codegen.keyed import keyed_domain
from worldgen.codegen.names import ident
from worldgen.ir.models import Expr, Scaffold, Stmt, Type


class Emitter:
    def __init__(self, rules: Scaffold, ns: Namespace, dynamic: tuple[str, ...]):
        self.rules = rules
        self.ns = ns
        self.index = {name: i for i, name in enumerate(dynamic)}
        self.hoists = Hoists()  # closed expressions of the rules, defined at the module's top (codegen/hoisting.py)
        self.x = ExprCompiler(ns, self._state, {f.name: f for f in rules.functions}, inline=False, hoists=self.hoists)
        self.lines: list[str] = []
        self.types = {v.name: v.type for v in rules.state}

    def _state(self, name: str) -> str:
        return f"s[{self.index[name]}]" if name in self.index else f"S_{ident(name)}"

    def emit(self, depth: int, line: str) -> None:
        self.lines.append("    " * depth + line)

    def stmts(self, stmts: tuple[Stmt, ...], depth: int, quiet: bool = False) -> None:
        """Emit an action body; ``quiet`` leaves out ``say`` (the model checker needs no text)."""
        start = len(self.lines)
        for st in stmts:
            match st.kind:
                case "say" if not quiet:
                    assert st.template is not None
                    self.emit(depth, f"out.append({self.x.template(st.template)})")
                case "if":
                    assert st.cond is not None
                    self.branches(f"if {self.x.expr(st.cond)}:", st, depth, quiet)
                case "chance":
                    p = self.x.expr(st.prob_expr) if st.prob_expr is not None else repr(float(st.prob))  # type: ignore[arg-type]
                    self.branches(f"if pick({p}):", st, depth, quiet)
                case "assign":
                    self.assign(st, depth)
                case "let":
                    assert st.value is not None
                    self.emit(depth, f"l_{ident(st.var)} = {self.x.expr(st.value)}")
                case "for":
                    assert st.domain is not None
                    over = keyed_domain(st, self.x) or self.x.domain(st.domain)  # codegen/keyed.py
                    self.emit(depth, f"for l_{ident(st.var)} in {over}:")
                    self.stmts(st.then, depth + 1, quiet)
        if len(self.lines) == start:
            self.emit(depth, "pass")

    def branches(self, head: str, st: Stmt, depth: int, quiet: bool) -> None:
        """``if``/``chance``: the first branch under ``head``, the other under ``else``."""
        self.emit(depth, head)
        self.stmts(st.then, depth + 1, quiet)
        if st.otherwise:
            self.emit(depth, "else:")
            self.stmts(st.otherwise, depth + 1, quiet)

    def _bounded(self, t: Type, src: str, what: str) -> str:
        if t.kind == "int" and t.lo is not None and t.hi is not None:  # in range: no call (the hot path)
            lo, hi, name = self.x.expr(t.lo), self.x.expr(t.hi), self.ns.const(("lit", what))
            return f"(_v if {lo} <= (_v := {src}) <= {hi} else _chk(_v, {lo}, {hi}, {name}))"
        if t.kind == "list" and t.size is not None:
            return f"_chkl({src}, {self.x.expr(t.size)}, {self.ns.const(('lit', what))})"
        vt = t.value if t.kind == "map" else None
        if vt is not None and vt.kind == "int" and vt.lo is not None and vt.hi is not None:  # a whole map: map(k: K, e)
            lo, hi, name = self.x.expr(vt.lo), self.x.expr(vt.hi), self.ns.const(("lit", what))
            return f"_chkm({src}, {lo}, {hi}, {name})"
        if t.kind == "set" and t.elem is not None and t.elem.kind == "int":
            return f"_chks({src}, {t.elem.lo.value}, {t.elem.hi.value}, {self.ns.const(('lit', what))})"  # type: ignore[union-attr]
        return src

    def assign(self, st: Stmt, depth: int) -> None:
        target, value = st.target, st.value
        assert target is not None and value is not None
        v = self.x.expr(value)
        if target.op == "state":
            name = str(target.name)
            slot = self._state(name)
            new = self._combine(self.types[name], slot, st.op, v, value.type)
            self.emit(depth, f"{slot} = {self._bounded(self.types[name], new, name)}")
        elif target.op == "get" and target.args[0].op == "state":
            name = str(target.args[0].name)
            slot = self._state(name)
            vt = self.types[name].value
            assert vt is not None
            self.emit(depth, f"_k = {self.x.expr(target.args[1])}")
            new = self._combine(vt, f"{slot}[_k]", st.op, v, value.type)
            self.emit(depth, f"_t = list({slot}); _t[_k] = {self._bounded(vt, new, name)}; {slot} = tuple(_t)")  # faster than slicing
        elif target.op == "get":  # m[a][b]: one key per level of nesting
            keys: list[Expr] = []
            node = target
            while node.op == "get":
                keys.insert(0, node.args[1])
                node = node.args[0]
            name = str(node.name)
            slot = self._state(name)
            self.emit(depth, f"_ks = ({''.join(self.x.expr(k) + ', ' for k in keys)})")
            old = slot + "".join(f"[_ks[{i}]]" for i in range(len(keys)))
            new = self._combine(target.type, old, st.op, v, value.type)
            self.emit(depth, f"{slot} = _setin({slot}, _ks, {self._bounded(target.type, new, name)})")
        else:  # relation pair
            name = str(target.args[0].name)
            slot = self._state(name)
            a, b = self.x.expr(target.args[1]), self.x.expr(target.args[2])
            self.emit(depth, f"_k = {a}")
            self.emit(depth, f"_m = ({slot}[_k] | (1 << {b})) if {v} else ({slot}[_k] & ~(1 << {b}))")
            self.emit(depth, f"_t = list({slot}); _t[_k] = _m; {slot} = tuple(_t)")

    @staticmethod
    def _combine(t: Type, old: str, op: str | None, v: str, vt: Type) -> str:
        if op == "=":
            return v
        if t.kind == "int":
            return f"({old} {op[0]} {v})"  # type: ignore[index]
        if t.kind == "list":
            return f"({old} + {v})" if vt.kind == "list" else f"({old} + ({v},))"
        bit = v if vt.kind == "set" else f"_bit({v})" if vt.kind == "int" else f"(1 << {v})"
        return f"({old} | {bit})" if op == "+=" else f"({old} & ~{bit})"

    def conds(self, exprs: list[Expr]) -> str:
        return " and ".join(f"{self.x.expr(c)}" for c in exprs) or "True"

    def lets(self, depth: int, lets: tuple[tuple[str, Expr], ...]) -> None:
        for name, value in lets:
            self.emit(depth, f"l_{ident(name)} = {self.x.expr(value)}")

    def guard_items(self, depth: int, items: tuple[Item, ...], refuse: str) -> None:
        for what, name, e in items:
            if what == "let":
                self.emit(depth, f"l_{ident(str(name))} = {self.x.expr(e)}")
            else:
                self.emit(depth, f"if not {self.x.expr(e)}: {refuse}")

    def hoisted(self, ai: int, p: GuardPlan, base: int = 1) -> int:
        """Open action ``ai``'s scan at depth ``base``: skip it without live bindings, then its
        state-only guards (each an ``if``, once per state); returns the depth the binding loop
        goes at."""
        self.emit(base, f"if L{ai}:")
        depth = base + 1
        for what, name, e in p.hoisted:
            if what == "let":
                self.emit(depth, f"l_{ident(str(name))} = {self.x.expr(e)}")
            else:
                self.emit(depth, f"if {self.x.expr(e)}:")
                depth += 1
        return depth

    def scanned(self, ai: int, p: GuardPlan) -> str:
        """The bindings of action ``ai`` its scan tries: all live ones ``L{ai}``, or (a `Lookup`,
        an `Among` or an `Interval`) those whose argument has the value, one of the values, or lies
        in the range the guards ask for, from the table ``X{ai}``."""
        return f"L{ai}" if p.lookup is None else p.lookup.source(ai, self.x)
