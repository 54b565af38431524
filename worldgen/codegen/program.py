"""A world's effective rules -> one generated Python module of plain functions.

The functions (guards, effects, observation, signals, invariants, the admissible-command scan) are
generated once per world and compiled once per distinct source, so stepping a world runs straight
Python with no per-node interpretation. The runtime and the model checker both drive these.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import product
from types import CodeType
from typing import Any

from worldgen.codegen.among import Among
from worldgen.codegen.emitter import Emitter
from worldgen.codegen.exprs import Namespace, Request, WorldTables
from worldgen.codegen.fallbacks import Fallback, fallbacks_of, free_rank, spellings
from worldgen.codegen.fused import emit_explore
from worldgen.codegen.guards import GuardPlan, Lookup, live, plan
from worldgen.codegen.intervals import Interval
from worldgen.codegen.invariants import emit_invariant
from worldgen.codegen.memo import memoised
from worldgen.codegen.names import RULE_ERRORS, ident
from worldgen.codegen.numbers import amount, resolve as resolve_numbers
from worldgen.codegen.packing import Codec
from worldgen.codegen.payments import LivePay, bonus_rewards, bonus_term, emit_pays, live_pays
from worldgen.codegen.prelude import HELPERS
from worldgen.codegen.shown import shown
from worldgen.codegen.signals import emit_signals
from worldgen.codegen.successors import emit_successors
from worldgen.errors import InstantiationError
from worldgen.ir.assigned import dynamic_vars
from worldgen.ir.limits import MAX_BINDINGS
from worldgen.ir.models import Action, ActionParam, Function, Scaffold, Stmt, Type
from worldgen.ir.patterns import Forms, normalize, spaced, tokens, unpadded_forms


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
    # the checker's loop around the world's scans (codegen/fused.py), or, in a world with chance, the
    # admissible bindings of a state with where they lead, for the checker's own loop (codegen/successors.py)
    explore_run: Callable[..., str | None] | None
    successors: Callable[[Any], list[tuple[int, Any]]] | None
    observe: Callable[[list], str]  # a rule error is shown, not raised (codegen/shown.py)
    instruction: Callable[[list], str]
    invalid: Callable[[list], str]
    signals: Callable[[list], tuple[int, bool, bool]]
    invariant: Callable[[list], int]
    when_amounts: tuple[float, ...]  # per pay-once bit (0 for a bit in `live`)
    live: tuple[LivePay, ...]  # the pay-once bits whose amount is read in the state they pay in
    on_amounts: tuple[float, ...]  # per action
    bonus: tuple[Callable[..., float] | None, ...]  # per action: `reward R on A when C`, (s, *args) before A
    per_step: float
    horizon: int
    within: tuple[int | None, ...]  # per expectation: its `solvable within` bound in this world
    stochastic: tuple[bool, ...]  # per action: can its effect meet a chance() branch?
    says_only: tuple[bool, ...]  # per action: does its body only say things?
    source: str
    # tried in order when a command is not in `table`: actions with `text` arguments, then
    # catch-alls (`word` arguments); each binds the typed text (see match_fallback)
    fallbacks: tuple[Fallback, ...] = ()
    forms: Forms = field(default_factory=dict)  # a command not in `table` is read unpadded: ir.patterns.find_unpadded
    codec: Codec | None = None  # the state as one int, for the model checker (see codegen/packing.py)
    domain: Callable[[Type], list[Any]] | None = None  # a scalar type's values in this world (ints, indices)
    strict: tuple[Callable[[list], str], Callable[[list], str]] | None = None  # observe, instruction: raising, for `verify`
    defs: dict[str, Callable[..., Any]] | None = None  # `def`s by name, (s, *args): a terminal world's files read them
    layout: Any = None  # a terminal world's file tree and programs (terminal/layout.py), set by the loader


class _Program(Emitter):
    """The emitter of a world's whole module: its defs, actions and admissible-command scan."""

    def functions(self) -> None:
        """The defs: a def that reads no state becomes a cache by argument (codegen/memo.py)."""
        memo = memoised(self.rules.functions, self._body)
        self.x.memoised = frozenset(memo)
        for f in self.rules.functions:
            params = [f"l_{ident(p.name)}" for p in f.params]
            body = memo[f.name] if f.name in memo else self.x.expr(f.body)
            if f.body.type.kind == "str":  # bounded (codegen/texthelpers.py)
                body = f"_tdef({body}, {self.ns.const(('lit', f.name))})"
            if f.name in memo:
                self.emit(0, f"D_{ident(f.name)} = _memo(lambda {', '.join(params)}: {body})")
            else:
                self.emit(0, f"def D_{ident(f.name)}({', '.join(['s', *params])}): return {body}")

    def _body(self, f: Function, memo: frozenset[str]) -> str:
        """``f``'s body as source, its calls compiled as if the defs in ``memo`` were memoised."""
        self.x.memoised = memo
        return self.x.expr(f.body)

    def action(self, ai: int, action: Action) -> None:
        """An action's guard, refusal message, effects (with and without text) and bonus."""
        sig = ", ".join(["s", *(f"a_{ident(p.name)}" for p in action.params)])
        self.emit(0, f"def guard_{ai}({sig}):")
        for gi, g in enumerate(action.guards):
            self.lets(1, g.lets)
            self.emit(1, f"if not {self.x.expr(g.cond)}: return {gi}")
        self.emit(1, "return -1")
        self.emit(0, f"def message_{ai}({sig}, g):")
        for gi, g in enumerate(action.guards):
            self.lets(1, g.lets)
            if g.message is not None:
                self.emit(1, f"if g == {gi}: return {self.x.template(g.message)}")
        self.emit(1, "return None")
        lets = tuple(pair for g in action.guards for pair in g.lets)
        for fn, quiet, extra in ((f"apply_{ai}", False, "pick, out"), (f"effect_{ai}", True, "pick")):
            self.emit(0, f"def {fn}({sig}, {extra}):")
            self.lets(1, lets)
            self.stmts(action.body + self.rules.every, 1, quiet)
        bonus = bonus_rewards(self.rules, action.name)
        if bonus:
            self.emit(0, f"def bonus_{ai}({sig}):")
            self.lets(1, lets)
            amounts = " + ".join(bonus_term(self.x, r, f"V{ai}[{k}]") for k, r in enumerate(bonus))
            self.emit(1, f"return {amounts}")  # V{ai}: the amounts that are numbers, resolved per world

    def static_guards(self, ai: int, action: Action, p: GuardPlan) -> None:
        """``static_{ai}(*args)``: the guards that read no state, run once per binding as the world
        is built (``s`` is there for the ``def``s, which take it and, here, never read it); the
        values of the lets the scans take precomputed (``p.pre``), None when a guard fails."""
        params = "".join(f"a_{ident(q.name)}, " for q in action.params)
        self.emit(0, f"def static_{ai}({params}s=None):")
        self.guard_items(1, p.static, "return None")
        self.emit(1, "return (" + "".join(f"l_{ident(n)}, " for n in p.pre) + ")")

    def admissible(self, fn: str, collect: str, plans: list[GuardPlan]) -> None:
        """The admissible-command scan over each action's live bindings ``L{ai}`` (those its
        static guards admit; ``I{ai}``/``C{ai}``: their ids and commands), see codegen/guards.py."""
        self.emit(0, f"def {fn}(s):")
        self.emit(1, "out = []")
        for ai, (action, p) in enumerate(zip(self.rules.actions, plans)):
            self.emit(1, "try:")  # a guard's rule error (`compile` rejects such a world) leaves the rest of its action out
            depth = self.hoisted(ai, p, 2)
            conds = [e for what, _, e in p.scan if what == "when"]
            if not conds:
                self.emit(depth, f"out += {'C' if collect == 'c' else 'I'}{ai}")
            else:
                self.emit(depth, f"for {p.loop_vars(action)}, c, i in {self.scanned(ai, p)}:")
                if len(conds) < len(p.scan):  # lets between the guards
                    self.guard_items(depth + 1, p.scan, "continue")
                    self.emit(depth + 1, f"out.append({collect})")
                else:
                    self.emit(depth + 1, f"if {self.conds(conds)}: out.append({collect})")
            self.emit(1, "except _RULE_ERRORS:")
            self.emit(2, "pass")
        self.emit(1, "return out")


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
    lookups: tuple[Lookup | Among | Interval | None, ...]  # per action: its scan by argument value or range (codegen/guards.py)
    memoised: frozenset[str] = frozenset()  # defs called without the state (codegen/memo.py)


def generate(rules: Scaffold, tables: WorldTables) -> tuple[Generated, dict[str, Any]]:
    """Generate and compile the functions of ``rules`` (a scaffold with axes applied); also returns
    the namespace values for the world ``tables`` describes."""
    dynamic = dynamic_vars(rules)
    ns = Namespace(tables)
    em = _Program(rules, ns, dynamic)
    em.functions()
    functions = {f.name: f for f in rules.functions}
    plans = [plan(action, frozenset(dynamic), functions) for action in rules.actions]
    for ai, action in enumerate(rules.actions):
        em.action(ai, action)
        em.static_guards(ai, action, plans[ai])
    em.admissible("admissible", "c", plans)
    stochastic = tuple(_has_chance(a.body + rules.every) for a in rules.actions)
    says_only = tuple(all(st.kind == "say" for st in a.body + rules.every) for a in rules.actions)
    if not emit_explore(em, plans, stochastic, says_only):
        emit_successors(em, plans, stochastic, says_only)

    em.emit(0, f"def observe(s): return {em.x.template(rules.observe)}")
    em.emit(0, f"def instruction(s): return {em.x.template(rules.instruction)}")
    em.emit(0, f"def invalid(s): return {em.x.template(rules.invalid)}")
    emit_signals(em)
    emit_pays(em)
    emit_invariant(em, frozenset(dynamic), functions)

    body = "\n".join(em.lines)
    source = "\n".join([*em.hoists.lines(body), body]) + "\n"  # hoisted names first: module-level code may call them
    code = compile(source, "<worldgen rules>", "exec")
    lookups = tuple(p.lookup for p in plans)
    return Generated(source, code, dict(ns.requests), dynamic, stochastic, says_only, lookups, em.x.memoised), ns.values


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
    fallbacks: list[tuple[int, int, Fallback]] = []
    # a terminal world's commands are shell lines, case-sensitive as in bash (-g is not -G, paths
    # keep their capitals); other worlds' commands are matched in any case
    fill, key_of = (_fill_cased, spaced) if rules.terminal is not None else (_fill, normalize)
    for ai, action in enumerate(rules.actions):
        own = []
        domains = [_domain(action, p, arg_domains) for p in action.params]
        if math.prod(map(len, domains)) > MAX_BINDINGS:
            raise InstantiationError(f"action '{action.name}' (line {action.line}) has {math.prod(map(len, domains)):_} "
                                     f"argument combinations in this world; at most {MAX_BINDINGS:_} are allowed")
        for args in product(*domains):
            spelt = [spellings(p.type, v, arg_text(p.type, v)) for p, v in zip(action.params, args)]
            phrasings = [fill(pattern, {p.name: s[0] for p, s in zip(action.params, spelt)}) for pattern in action.patterns]
            index = len(bindings)
            bindings.append(Binding(ai, tuple(args), phrasings[0]))
            own.append((tuple(args), phrasings[0], index))
            if any(len(s) > 1 for s in spelt):  # an int or a bool written two ways: every spelling is a command
                phrasings = [fill(pattern, {p.name: text for p, text in zip(action.params, choice)})
                             for pattern in action.patterns for choice in product(*spelt)]
            for ph in phrasings:
                key = key_of(ph)
                other = table.get(key)
                if other is not None and bindings[other].action != ai:
                    raise InstantiationError(
                        f"the command '{ph}' means both '{rules.actions[bindings[other].action].name}' and "
                        f"'{action.name}' in this world; names from its content and a union's values must differ from command words")
                table.setdefault(key, index)
        values[f"B{ai}"] = tuple(own)
        rank = free_rank(action)
        if rank:
            fallbacks.extend((rank, ai, f) for f in fallbacks_of(ai, action, arg_domains, arg_text))

    env = values
    env.update({k: v for k, v in constants.items() if not (k.startswith("S_") and k[2:] in generated.dynamic)})
    env.update(HELPERS)
    numbers = resolve_numbers(rules, tables, constants)
    for ai, action in enumerate(rules.actions):
        env[f"V{ai}"] = tuple(0.0 if r.live_amount is not None else amount(r, tables, constants, rules)
                              for r in bonus_rewards(rules, action.name))
    exec(generated.code, env)  # noqa: S102 - code generated from the checked IR only
    n = len(rules.actions)
    for ai in range(n):
        own = env[f"L{ai}"] = live(env[f"static_{ai}"], env[f"B{ai}"], RULE_ERRORS)
        env[f"I{ai}"], env[f"C{ai}"] = [i for _, _, i in own], [c for _, c, _ in own]
        lookup = generated.lookups[ai]
        if lookup is not None:
            env[f"X{ai}"] = lookup.table(own)
    hexed = {ai for ai, a in enumerate(rules.actions) if any(p.type.kind == "int" and p.type.name == "hex" for p in a.params)}
    built = Rules(
        dynamic=generated.dynamic, actions=rules.actions, bindings=tuple(bindings), table=table,
        guard=tuple(env[f"guard_{i}"] for i in range(n)),
        message=tuple(shown(env[f"message_{i}"]) for i in range(n)),
        apply=tuple(env[f"apply_{i}"] for i in range(n)),
        effect=tuple(env[f"effect_{i}"] for i in range(n)),
        admissible=env["admissible"], explore_run=env.get("explore_run"), successors=env.get("successors"), observe=shown(env["observe"]),
        instruction=shown(env["instruction"]), invalid=shown(env["invalid"]), signals=env["signals"],
        invariant=env["invariant"], when_amounts=numbers.when_amounts, live=live_pays(rules, env), on_amounts=numbers.on_amounts,
        bonus=tuple(env.get(f"bonus_{i}") for i in range(n)), per_step=numbers.per_step, horizon=numbers.horizon,
        within=numbers.within, stochastic=generated.stochastic, says_only=generated.says_only, source=generated.source,
        fallbacks=tuple(f for _, _, f in sorted(fallbacks, key=lambda r: r[:2])),
        forms=unpadded_forms(table, lambda b: bindings[b].action not in hexed),
        strict=(env["observe"], env["instruction"]),
        defs={f.name: _with_state(env[f"D_{ident(f.name)}"], f.name in generated.memoised)
              for f in rules.functions} if rules.terminal is not None else None,
    )
    return built, generated


def _with_state(fn: Callable[..., Any], memo: bool) -> Callable[..., Any]:
    """A def as ``(s, *args)`` (a terminal world's files call them so), memoised or not."""
    return (lambda s, *args: fn(*args)) if memo else fn


def _has_chance(body: tuple[Stmt, ...]) -> bool:
    return any(st.kind == "chance" or _has_chance(st.then) or _has_chance(st.otherwise) for st in body)


def _fill(pattern: str, texts: dict[str, str]) -> str:
    """A phrasing with every argument written out, inside words too ("cat /var/log/{s}.log")."""
    return " ".join(
        (texts[w] if k == "arg" else w) if k != "mixed" else "".join(texts[n] if pk == "arg" else n for pk, n in w)
        for k, w in tokens(pattern)
    )


def _fill_cased(pattern: str, texts: dict[str, str]) -> str:
    """``_fill`` keeping the pattern's own letters as written (``cat /srv/app/Makefile``)."""
    return " ".join(_HOLE.sub(lambda m: texts[m.group(1)], pattern).split())


_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def _domain(action: Action, param: ActionParam, arg_domains: Callable[[Type], list[Any]]) -> list[Any]:
    """The values of one argument in this world; a domain over the limit names its argument."""
    try:
        return arg_domains(param.type)
    except InstantiationError as err:
        raise InstantiationError(f"argument '{param.name}' of action '{action.name}' (line {action.line}): {err}") from None
