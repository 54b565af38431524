"""A world's effective rules -> one generated Python module of plain functions.

The functions (guards, effects, observation, signals, invariants, the admissible-command scan) are
generated once per world and compiled once per distinct source, so stepping a world runs straight
Python with no per-node interpretation. The runtime and the model checker both drive these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product
from types import CodeType
from typing import Any

from worldgen.codegen.exprs import ExprCompiler, Namespace, Request, RuleError, WorldTables, ident
from worldgen.errors import InstantiationError
from worldgen.ir.models import Action, Expr, Scaffold, Stmt, Type
from worldgen.ir.patterns import normalize, tokens
from worldgen.ir.values import bits, to_mask


@dataclass(frozen=True)
class Binding:
    action: int
    args: tuple[Any, ...]
    command: str  # canonical phrasing, as listed in info["admissible"]


@dataclass
class Rules:
    """Everything the runtime needs to step one world, as compiled functions and tables."""

    dynamic: tuple[str, ...]  # state variables that actions change, in state-tuple order
    actions: tuple[Action, ...]
    bindings: tuple[Binding, ...]
    table: dict[str, int]  # normalised command -> binding index
    guard: tuple[Callable[..., int], ...]
    message: tuple[Callable[..., str | None], ...]
    apply: tuple[Callable[..., None], ...]  # (s, *args, pick, out): effects, said text into out
    effect: tuple[Callable[..., None], ...]  # (s, *args, pick): the same effects, no text
    admissible: Callable[[list], list[str]]
    admissible_ids: Callable[[list], list[int]]
    observe: Callable[[list], str]
    instruction: Callable[[list], str]
    invalid: Callable[[list], str]
    signals: Callable[[list], tuple[int, bool, bool]]
    invariant: Callable[[list], int]
    when_amounts: tuple[float, ...]
    on_amounts: tuple[float, ...]  # per action
    per_step: float
    horizon: int
    stochastic: tuple[bool, ...]  # per action: can its effect meet a chance() branch?
    says_only: tuple[bool, ...]  # per action: does its body only say things?
    source: str


def dynamic_vars(rules: Scaffold) -> tuple[str, ...]:
    """State variables some effect assigns; the others are constants of the world."""
    assigned: set[str] = set()

    def walk(stmts: tuple[Stmt, ...]) -> None:
        for st in stmts:
            if st.kind == "assign" and st.target is not None:
                t = st.target
                assigned.add(str(t.name if t.op == "state" else t.args[0].name))
            walk(st.then)
            walk(st.otherwise)

    for a in rules.actions:
        walk(a.body)
    return tuple(v.name for v in rules.state if v.name in assigned)


class _Emitter:
    def __init__(self, rules: Scaffold, ns: Namespace, dynamic: tuple[str, ...]):
        self.rules = rules
        self.ns = ns
        self.index = {name: i for i, name in enumerate(dynamic)}
        self.x = ExprCompiler(ns, self._state)
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
                    self.emit(depth, f"if {self.x.expr(st.cond)}:")
                    self.stmts(st.then, depth + 1, quiet)
                    if st.otherwise:
                        self.emit(depth, "else:")
                        self.stmts(st.otherwise, depth + 1, quiet)
                case "chance":
                    self.emit(depth, f"if pick({float(st.prob)!r}):")  # type: ignore[arg-type]
                    self.stmts(st.then, depth + 1, quiet)
                    if st.otherwise:
                        self.emit(depth, "else:")
                        self.stmts(st.otherwise, depth + 1, quiet)
                case "assign":
                    self.assign(st, depth)
        if len(self.lines) == start:
            self.emit(depth, "pass")

    def _bounded(self, t: Type, src: str, what: str) -> str:
        if t.kind == "int" and t.lo is not None and t.hi is not None:
            return f"_chk({src}, {self.x.expr(t.lo)}, {self.x.expr(t.hi)}, {self.ns.const(('lit', what))})"
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
        elif target.op == "get":
            name = str(target.args[0].name)
            slot = self._state(name)
            vt = self.types[name].value
            assert vt is not None
            self.emit(depth, f"_k = {self.x.expr(target.args[1])}")
            new = self._combine(vt, f"{slot}[_k]", st.op, v, value.type)
            self.emit(depth, f"{slot} = {slot}[:_k] + ({self._bounded(vt, new, name)},) + {slot}[_k + 1:]")
        else:  # relation pair
            name = str(target.args[0].name)
            slot = self._state(name)
            a, b = self.x.expr(target.args[1]), self.x.expr(target.args[2])
            self.emit(depth, f"_k = {a}")
            self.emit(depth, f"_m = ({slot}[_k] | (1 << {b})) if {v} else ({slot}[_k] & ~(1 << {b}))")
            self.emit(depth, f"{slot} = {slot}[:_k] + (_m,) + {slot}[_k + 1:]")

    @staticmethod
    def _combine(t: Type, old: str, op: str | None, v: str, vt: Type) -> str:
        if op == "=":
            return v
        if t.kind == "int":
            return f"({old} {op[0]} {v})"  # type: ignore[index]
        bit = v if vt.kind == "set" else f"(1 << {v})"
        return f"({old} | {bit})" if op == "+=" else f"({old} & ~{bit})"

    def conds(self, exprs: list[Expr]) -> str:
        return " and ".join(f"{self.x.expr(c)}" for c in exprs) or "True"


@dataclass(frozen=True)
class Generated:
    """The part of a world's rules that depends on the rules alone: the generated source, its
    compiled code and what each name in it stands for. Worlds that share rules share this."""

    source: str
    code: CodeType
    requests: dict[str, Request]
    dynamic: tuple[str, ...]
    stochastic: tuple[bool, ...]  # per action: can its effect meet a chance() branch?
    says_only: tuple[bool, ...]  # per action: does its body only say things (never change state)?


def generate(rules: Scaffold, tables: WorldTables) -> tuple[Generated, dict[str, Any]]:
    """Generate and compile the functions of ``rules`` (a scaffold with axes applied); also returns
    the namespace values for the world ``tables`` describes."""
    dynamic = dynamic_vars(rules)
    ns = Namespace(tables)
    em = _Emitter(rules, ns, dynamic)
    for ai, action in enumerate(rules.actions):
        sig = ", ".join(["s", *(f"a_{ident(p.name)}" for p in action.params)])
        em.emit(0, f"def guard_{ai}({sig}):")
        for gi, g in enumerate(action.guards):
            em.emit(1, f"if not {em.x.expr(g.cond)}: return {gi}")
        em.emit(1, "return -1")
        em.emit(0, f"def message_{ai}({sig}, g):")
        for gi, g in enumerate(action.guards):
            if g.message is not None:
                em.emit(1, f"if g == {gi}: return {em.x.template(g.message)}")
        em.emit(1, "return None")
        em.emit(0, f"def apply_{ai}({sig}, pick, out):")
        em.stmts(action.body, 1)
        em.emit(0, f"def effect_{ai}({sig}, pick):")
        em.stmts(action.body, 1, quiet=True)

    for fn, collect in (("admissible", "c"), ("admissible_ids", "i")):
        em.emit(0, f"def {fn}(s):")
        em.emit(1, "out = []")
        for ai, action in enumerate(rules.actions):
            lhs = "(" + "".join(f"a_{ident(p.name)}, " for p in action.params) + ")"
            em.emit(1, f"for {lhs}, c, i in B{ai}:")
            em.emit(2, f"if {em.conds([g.cond for g in action.guards])}: out.append({collect})")
        em.emit(1, "return out")

    em.emit(0, f"def observe(s): return {em.x.template(rules.observe)}")
    em.emit(0, f"def instruction(s): return {em.x.template(rules.instruction)}")
    em.emit(0, f"def invalid(s): return {em.x.template(rules.invalid)}")
    whens = [r for r in rules.rewards if r.kind == "when"]
    mask = " | ".join(f"({1 << i} if {em.x.expr(r.cond)} else 0)" for i, r in enumerate(whens) if r.cond) or "0"
    done = " or ".join(em.x.expr(c) for c in rules.done) or "False"
    fail = " or ".join(em.x.expr(c) for c in rules.fail) or "False"
    em.emit(0, f"def signals(s): return ({mask}, bool({done}), bool({fail}))")
    em.emit(0, "def invariant(s):")
    for ii, inv in enumerate(rules.invariants):
        em.emit(1, f"if not {em.x.expr(inv.cond)}: return {ii}")
    em.emit(1, "return -1")

    source = "\n".join(em.lines) + "\n"
    code = compile(source, "<worldgen rules>", "exec")
    stochastic = tuple(_has_chance(a.body) for a in rules.actions)
    says_only = tuple(all(st.kind == "say" for st in a.body) for a in rules.actions)
    return Generated(source, code, dict(ns.requests), dynamic, stochastic, says_only), ns.values


def build_rules(rules: Scaffold, tables: WorldTables, constants: dict[str, Any],
                arg_domains: Callable[[Type], list[Any]], arg_text: Callable[[Type, Any], str],
                generated: Generated | None = None) -> tuple[Rules, Generated]:
    """Bind the rules of one world: generate them (or reuse ``generated``, made for the same
    rules), enumerate the command table, and run the code in this world's namespace.

    ``constants`` are the world's consts (``C_name``) and initial state values; those of state
    variables no action changes become constants (``S_name``) of the generated code."""
    if generated is None:
        generated, values = generate(rules, tables)
    else:
        values = {name: tables.resolve(request) for name, request in generated.requests.items()}
    bindings: list[Binding] = []
    table: dict[str, int] = {}
    for ai, action in enumerate(rules.actions):
        own = []
        for args in product(*(arg_domains(p.type) for p in action.params)):
            texts = {p.name: arg_text(p.type, v) for p, v in zip(action.params, args)}
            phrasings = [_fill(pattern, texts) for pattern in action.patterns]
            index = len(bindings)
            bindings.append(Binding(ai, tuple(args), phrasings[0]))
            own.append((tuple(args), phrasings[0], index))
            for ph in phrasings:
                key = normalize(ph)
                other = table.get(key)
                if other is not None and bindings[other].action != ai:
                    raise InstantiationError(
                        f"the command '{ph}' means both '{rules.actions[bindings[other].action].name}' and "
                        f"'{action.name}' in this world; the names its content gives must differ from command words")
                table.setdefault(key, index)
        values[f"B{ai}"] = tuple(own)

    env = values
    env.update({k: v for k, v in constants.items() if not (k.startswith("S_") and k[2:] in generated.dynamic)})
    env.update(HELPERS)
    exec(generated.code, env)  # noqa: S102 - code generated from the checked IR only
    n = len(rules.actions)
    on = [0.0] * n
    names = [a.name for a in rules.actions]
    for r in rules.rewards:
        if r.kind == "on" and r.action in names:
            on[names.index(r.action)] += r.amount
    whens = [r for r in rules.rewards if r.kind == "when"]
    built = Rules(
        dynamic=generated.dynamic, actions=rules.actions, bindings=tuple(bindings), table=table,
        guard=tuple(env[f"guard_{i}"] for i in range(n)),
        message=tuple(env[f"message_{i}"] for i in range(n)),
        apply=tuple(env[f"apply_{i}"] for i in range(n)),
        effect=tuple(env[f"effect_{i}"] for i in range(n)),
        admissible=env["admissible"], admissible_ids=env["admissible_ids"], observe=env["observe"],
        instruction=env["instruction"], invalid=env["invalid"], signals=env["signals"],
        invariant=env["invariant"], when_amounts=tuple(float(r.amount) for r in whens), on_amounts=tuple(on),
        per_step=float(sum(r.amount for r in rules.rewards if r.kind == "per_step")), horizon=rules.horizon,
        stochastic=generated.stochastic, says_only=generated.says_only, source=generated.source,
    )
    return built, generated


def _has_chance(body: tuple[Stmt, ...]) -> bool:
    return any(st.kind == "chance" or _has_chance(st.then) or _has_chance(st.otherwise) for st in body)


def _fill(pattern: str, texts: dict[str, str]) -> str:
    return " ".join(texts[w] if k == "arg" else w for k, w in tokens(pattern))


def _chk(v: int, lo: int, hi: int, name: str) -> int:
    if lo <= v <= hi:
        return v
    raise RuleError(f"'{name}' would become {v}, outside its range {lo}..{hi}")


def _div(a: int, b: int, mod: bool) -> int:
    if b == 0:
        raise RuleError("division by zero")
    return a % b if mod else a // b


def _join(mask: int, names: tuple[str, ...], sep: str) -> str:
    return sep.join(names[i] for i in bits(mask)) if mask else "nothing"


_bits_cache: dict[int, tuple[int, ...]] = {}


def _bits(mask: int) -> tuple[int, ...]:
    b = _bits_cache.get(mask)
    if b is None:
        b = bits(mask)
        if len(_bits_cache) < 65536:
            _bits_cache[mask] = b
    return b


HELPERS = {"_chk": _chk, "_div": _div, "_join": _join, "_B": _bits, "_mask": to_mask, "RuleError": RuleError}
