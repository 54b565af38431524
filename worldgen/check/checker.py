"""AST -> IR: name resolution, typing, boundedness, command patterns and axis discipline.

Every problem becomes a located diagnostic; checking goes on after an error so one run reports
as many independent mistakes as it can.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from worldgen.check.axes import AxisChecks
from worldgen.check.files import desugar, terminal_ir
from worldgen.check.exprs import Ctx, ExprChecker, is_error, show_type
from worldgen.check.freeargs import check_free_arguments
from worldgen.check.patterns import check_patterns
from worldgen.check.scope import Scope, Symbol
from worldgen.check.compass import uses_compass
from worldgen.check.grids import COMPASS, DIRECTION
from worldgen.check.limits import check_limits
from worldgen.check.mapsizes import check_map_lists
from worldgen.check.payonce import check_pay_once
from worldgen.check.signals import SignalChecker
from worldgen.check.verification import VerificationChecker
from worldgen.check.statements import StatementChecker, assignable, fit_map_literal, kind_word
from worldgen.check.composition import check_composition
from worldgen.check.templates import check_template
from worldgen.check.types import TypeResolver, quiet_type
from worldgen.check.words import DECL_WORDS
from worldgen.check.unions import declare_unions
from worldgen.errors import DiagnosticSink, Span
from worldgen.ir import types as T
from worldgen.ir.models import (
    Action,
    ActionParam,
    Const,
    Entity,
    EnumDecl,
    Expr,
    Guard,
    Invariant,
    Param,
    Scaffold,
    Slot,
    StateVar,
    Stmt,
    Template,
    TemplatePart,
    Type,
)
from worldgen.syntax import ast
from worldgen.syntax.unions_ast import UnionDecl

SINGLETONS = (ast.Title, ast.Instruction, ast.InvalidDecl, ast.ObserveDecl, ast.HorizonDecl, ast.ContentDecl, ast.StateDecl,
              ast.EveryDecl)
DEFAULT_INVALID = "Nothing happens."
DEFAULT_HORIZON = 100
SLOT_KINDS = ("text", "word", "int", "enum")
DEFAULT_LENGTHS = {"text": (1, 400), "word": (2, 24)}


def check(world: ast.World, sink: DiagnosticSink) -> Scaffold | None:
    """Check a parsed world; returns the IR, or None after reporting diagnostics into ``sink``."""
    world, files = desugar(world, sink)
    scaffold = _Checker(sink, case_sensitive=files is not None).run(world)
    if files is not None and not sink.diagnostics:
        scaffold = scaffold.model_copy(update={"terminal": terminal_ir(files, scaffold, sink)})
    if not sink.diagnostics:
        check_limits(world, scaffold, sink)
        check_pay_once(world, scaffold, sink)
        check_map_lists(world, scaffold, sink)
    return None if sink.diagnostics else scaffold


@dataclass
class _Checker(AxisChecks):
    sink: DiagnosticSink
    scope: Scope = field(default_factory=Scope)
    case_sensitive: bool = False  # a terminal world: its shell takes commands as typed

    def __post_init__(self) -> None:
        self.exprs = ExprChecker(self.sink, self.scope)
        self.types = TypeResolver(self.sink, self.scope, self.exprs)
        self.stmts = StatementChecker(self.sink, self.scope, self.exprs)
        self.action_decls: dict[str, ast.ActionDecl] = {}
        self.signals = SignalChecker(self.sink, self.scope, self.exprs, self._types_of_action)
        self.declared_order: list[str] = []  # consts and state variables, in source order
        self.params: dict[str, Param] = {}

    # ---------------------------------------------------------------------------------- run
    def run(self, world: ast.World) -> Scaffold:
        decls = world.decls
        self._singletons(decls)
        for d in decls:
            if isinstance(d, (ast.RenameDecl, ast.AlsoDecl, ast.InitDecl)):
                word = DECL_WORDS[type(d)]
                self.sink.error("WG404", f"'{word}' only makes sense inside an axis alternative", d.span)

        for d in decls:  # so a name used too early is told apart from a misspelt one
            if isinstance(d, ast.ConstDecl):
                self.scope.declared.setdefault(d.name, d.span.line)
            elif isinstance(d, ast.StateDecl):
                for v in d.vars:
                    self.scope.declared.setdefault(v.name, v.span.line)
            elif isinstance(d, ast.FuncDecl):
                self.scope.declared.setdefault(d.name, d.span.line)
        params = [self._param(d) for d in decls if isinstance(d, ast.ParamDecl)]
        enums = [self._enum(d) for d in decls if isinstance(d, ast.EnumDecl)]
        grid = any(isinstance(d, ast.EntityDecl) and d.width is not None for d in decls)
        if (grid or uses_compass(world)) and DIRECTION not in self.scope.symbols:
            enums.append(self._enum(ast.EnumDecl(world.span, DIRECTION, list(COMPASS))))  # built in with grids, or when used
        enums = [e for e in enums if e] + [
            EnumDecl(name=p.name, members=p.choices) for p in params if p and p.kind == "choice"
        ]
        content = next((d for d in decls if isinstance(d, ast.ContentDecl)), None)
        slots = self._content(content) if content else ()
        entities = [e for e in (self._entity(d) for d in decls if isinstance(d, ast.EntityDecl)) if e]
        entities += declare_unions([d for d in decls if isinstance(d, UnionDecl)], entities, self.scope, self.sink, self._define)

        consts: list[Const] = []
        state: list[StateVar] = []
        order: list[tuple[str, str]] = []
        for d in decls:
            if isinstance(d, ast.ConstDecl):
                c = self._const(d)
                if c:
                    consts.append(c)
                    order.append(("const", c.name))
            elif isinstance(d, ast.StateDecl):
                for v in d.vars:
                    sv = self._var(v)
                    if sv:
                        state.append(sv)
                        order.append(("state", sv.name))
            elif isinstance(d, ast.FuncDecl):
                self._function(d)
        if not any(isinstance(d, ast.StateDecl) for d in decls):
            self.sink.error("WG409", f"world '{world.name}' has no state block; declare what changes as the agent acts", world.span)

        action_decls = [d for d in decls if isinstance(d, ast.ActionDecl)]
        for d in action_decls + [a for ax in decls if isinstance(ax, ast.AxisDecl) for alt in ax.alternatives for a in alt.decls if isinstance(a, ast.ActionDecl)]:
            self.scope.actions.setdefault(d.name, d.span)
            self.action_decls.setdefault(d.name, d)
        actions = [a for a in map(self._action, self._distinct(action_decls, "WG211", "action")) if a]
        if not action_decls:
            self.sink.error("WG409", f"world '{world.name}' has no actions; an agent needs at least one command", world.span)

        rule = Ctx("rule")
        title = next((d.text.value for d in decls if isinstance(d, ast.Title)), world.name)
        instruction = self._template(next((d.text for d in decls if isinstance(d, ast.Instruction)), None), rule)
        invalid = self._template(next((d.text for d in decls if isinstance(d, ast.InvalidDecl)), None), rule, DEFAULT_INVALID)
        observe = self._template(next((d.text for d in decls if isinstance(d, ast.ObserveDecl)), None), rule)
        horizon, horizon_expr = next((self.signals.steps(d.steps, "horizon", 1) for d in decls if isinstance(d, ast.HorizonDecl)),
                                     (DEFAULT_HORIZON, None))
        rewards = [self.signals.reward(d) for d in decls if isinstance(d, ast.RewardDecl)]
        every = next((self.stmts.clauses(d.body, rule) for d in decls if isinstance(d, ast.EveryDecl)), [])
        requires = [self.signals.require(d) for d in decls if isinstance(d, ast.RequireDecl)]
        done = [self.exprs.check_bool(d.cond, rule, "a done condition") for d in decls if isinstance(d, ast.DoneDecl)]
        fail = [self.exprs.check_bool(d.cond, rule, "a fail condition") for d in decls if isinstance(d, ast.FailDecl)]
        invariants = [
            Invariant(label=d.label, cond=self.exprs.check_bool(d.cond, rule, "an invariant"), line=d.span.line)
            for d in decls if isinstance(d, ast.InvariantDecl)
        ]
        goal_per_axis = any(ax.alternatives and all(any(isinstance(x, ast.DoneDecl) for x in alt.decls) for alt in ax.alternatives)
                            for ax in decls if isinstance(ax, ast.AxisDecl))  # every alternative of one axis adds a goal
        expects = self.signals.expects([d for d in decls if isinstance(d, ast.ExpectDecl)], bool(done) or goal_per_axis)
        verification = VerificationChecker(self.sink, self.exprs)
        declared = [v.name for d in decls if isinstance(d, ast.StateDecl) for v in d.vars]  # checked or not
        hidden_decls = [d for d in decls if isinstance(d, ast.HiddenDecl)]
        hidden = verification.hidden(hidden_decls, declared)
        drawn = tuple(n for d in hidden_decls if d.drawn for n, _ in d.names if n in hidden)
        max_states = verification.max_states([d for d in decls if isinstance(d, ast.CheckDecl)])
        axis_decls = [d for d in decls if isinstance(d, ast.AxisDecl)]
        axes = self._axes(axis_decls, action_decls)
        self._check_ambiguity(action_decls, axis_decls)
        check_composition(self.sink, axis_decls)

        return Scaffold(
            name=world.name, title=title, instruction=instruction,
            params=tuple(p for p in params if p), enums=tuple(enums), content=slots,
            entities=tuple(entities), init_order=tuple(order), consts=tuple(consts), state=tuple(state),
            actions=tuple(actions), invalid=invalid, observe=observe, rewards=tuple(rewards),
            done=tuple(done), fail=tuple(fail), horizon=horizon, horizon_expr=horizon_expr, invariants=tuple(invariants),
            expects=tuple(expects), axes=tuple(axes), functions=tuple(s.ir for s in self.scope.functions.values()),
            every=tuple(every), requires=tuple(requires), hidden=hidden, hidden_drawn=drawn,
            max_states=max_states,
        )

    # ----------------------------------------------------------------------------- helpers
    def _singletons(self, decls: list[ast.Decl]) -> None:
        first: dict[type, ast.Decl] = {}
        for d in decls:
            if isinstance(d, SINGLETONS):
                if type(d) in first:
                    word = DECL_WORDS[type(d)]
                    self.sink.error("WG403", f"'{word}' is declared twice (first at line {first[type(d)].span.line})", d.span)
                else:
                    first[type(d)] = d

    def _distinct(self, items: list, code: str, what: str) -> list:
        """Keep the first of same-named declarations, reporting the others."""
        first: dict[str, Span] = {}
        out = []
        for item in items:
            if item.name in first:
                self.sink.error(code, f"{what} '{item.name}' is declared twice (first at line {first[item.name].line})", item.span)
            else:
                first[item.name] = item.span
                out.append(item)
        return out

    def _define(self, name: str, kind: str, type_: Type, span: Span, index: int = 0) -> bool:
        prev = self.scope.symbols.get(name)
        if prev is not None:
            self.sink.error("WG212", f"'{name}' is already declared (as {kind_word(prev.kind)} at line {prev.span.line})", span)
            return False
        if name == "content":
            self.sink.error("WG212", "'content' is reserved for content slots", span)
            return False
        self.scope.symbols[name] = Symbol(name, kind, type_, span, index)  # type: ignore[arg-type]
        return True

    def _template(self, s: ast.Str | None, ctx: Ctx, default: str = "") -> Template:
        if s is None:
            return Template(parts=(TemplatePart(text=default),) if default else ())
        return check_template(self.exprs, s, ctx)

    # ----------------------------------------------------------------------- declarations
    def _param(self, d: ast.ParamDecl) -> Param | None:
        if d.kind == "int":
            self._define(d.name, "param", T.INT, d.span)
            self.params[d.name] = Param(name=d.name, kind="int", lo=d.lo, hi=max(d.lo, d.hi))  # type: ignore[type-var]
            if d.lo is not None and d.hi is not None and d.lo > d.hi:
                self.sink.error("WG410", f"param '{d.name}' has an empty range {d.lo}..{d.hi}", d.span)
                return None
            return self.params[d.name]
        if d.kind == "bool":
            self._define(d.name, "param", T.BOOL, d.span)
            return Param(name=d.name, kind="bool")
        if not self._define(d.name, "param", T.enum(d.name), d.span):
            return None
        members = self._members(d.choices, d.name, "param", d.span)
        return Param(name=d.name, kind="choice", choices=members)

    def _members(self, names: list[str], owner: str, what: str, span: Span) -> tuple[str, ...]:
        """Define an enum's (or a choice param's) values; a value listed twice is one mistake."""
        if len(set(names)) != len(names):
            twice = next(n for n in names if names.count(n) > 1)
            self.sink.error("WG213", f"{what} '{owner}' lists '{twice}' twice", span)
        members = tuple(dict.fromkeys(names))
        self.scope.enums[owner] = members
        for i, member in enumerate(members):
            self._define(member, "member", T.enum(owner), span, i)
        return members

    def _enum(self, d: ast.EnumDecl) -> EnumDecl | None:
        # an enum's name, like an entity's, stands for the set of all its values
        if d.name in self.scope.enums or not self._define(d.name, "enum", T.enum(d.name), d.span):
            return None
        return EnumDecl(name=d.name, members=self._members(d.members, d.name, "enum", d.span))

    def _content(self, d: ast.ContentDecl) -> tuple[Slot, ...]:
        slots = []
        for s in self._distinct(d.slots, "WG214", "content slot"):
            slot = self._slot(s.name, s.type, s.description)
            if slot:
                self.scope.slots[s.name] = slot
                slots.append(slot)
        return tuple(slots)

    def _slot(self, name: str, t: ast.SlotType, description: str) -> Slot | None:
        if t.kind == "record":
            fields = []
            for f in self._distinct(t.fields, "WG214", "field"):
                sub = self._slot(f.name, f.type, f.description)
                if sub:
                    fields.append(sub)
            return Slot(name=name, kind="record", description=description, fields=tuple(fields))
        if t.kind == "list":
            assert t.item is not None
            item = self._slot(name, t.item, "")
            if item is None:
                return None
            if isinstance(t.size, int):
                lo = hi = t.size
                size_param = None
            else:
                param = self.params.get(str(t.size))
                if param is None or param.kind != "int":
                    self.sink.error("WG210", f"list size '{t.size}' must be a number or an int param declared above", t.span)
                    return None
                lo = hi = param.hi
                size_param = str(t.size)
            return Slot(name=name, kind="list", description=description, item=item, size_param=size_param, min_items=lo, max_items=hi)
        if t.kind not in SLOT_KINDS:
            self.sink.error("WG209", f"unknown content type '{t.kind}'; use text, word, int, enum, list(N) of ..., or {{ fields }}", t.span)
            return None
        ranges = [a for a in t.args if isinstance(a, tuple)]
        names = [a for a in t.args if isinstance(a, str)]
        if t.kind == "enum":
            if not names or ranges:
                self.sink.error("WG215", "enum content lists its values: enum(calm, eerie, grim)", t.span)
                return None
            return Slot(name=name, kind="enum", description=description, choices=tuple(names))
        unique = "unique" in names
        bad = [n for n in names if n != "unique"]
        if bad or len(ranges) > 1:
            what = f"'{bad[0]}'" if bad else "a second range"
            self.sink.error("WG215", f"{t.kind}(...) takes a range and 'unique', not {what}", t.span)
            return None
        if t.kind == "int":
            if not ranges:
                self.sink.error("WG215", "int content needs a range: int(1..100)", t.span)
                return None
            return Slot(name=name, kind="int", description=description, lo=ranges[0][0], hi=ranges[0][1], unique=unique)
        lo, hi = ranges[0] if ranges else DEFAULT_LENGTHS[t.kind]
        if lo < 0 or lo > hi:
            self.sink.error("WG410", f"length range {lo}..{hi} is empty", t.span)
            return None
        return Slot(name=name, kind=t.kind, description=description, min_len=lo, max_len=hi, unique=unique)  # type: ignore[arg-type]

    def _entity(self, d: ast.EntityDecl) -> Entity | None:
        count = self.exprs.check_int(d.count, Ctx("count"), f"the count of '{d.name}'")
        if d.names is None:  # named after the entity (slot1, ...) or, on a grid, by position (a1, ...)
            width = self.exprs.check_int(d.width, Ctx("count"), f"the width of '{d.name}'") if d.width is not None else None
            if not self._define(d.name, "entity", T.entity(d.name), d.span) or is_error(count) or (width is not None and is_error(width)):
                return None
            if width is not None:
                self.scope.grids.add(d.name)
            return Entity(name=d.name, count=count, names_from=(), width=width, line=d.span.line)
        root = d.names
        while isinstance(root, ast.Field):
            root = root.obj
        if not (isinstance(root, ast.Name) and root.id == "content" and isinstance(d.names, ast.Field)):
            self.sink.error("WG216", f"entity '{d.name}' must be named from content, e.g. named content.{d.name}.name", d.names.span)
            self._define(d.name, "entity", T.entity(d.name), d.span)
            return None
        names = self.exprs.check(d.names, Ctx("static"))
        ok = not is_error(names)
        if ok and names.op == "content" and not names.args:
            path = str(names.value)
            base = path.split("[*]")[0]
            slot = self.scope.slots.get(base)
            good = slot is not None and slot.kind == "list" and slot.item is not None and (
                ("[*]." in path and any(f.name == path.split("[*].")[1] and f.kind in ("word", "text") for f in slot.item.fields))
                or ("[*]" not in path and slot.item.kind in ("word", "text"))
            )
            if not good:
                ok = False
                self.sink.error("WG216", f"entity '{d.name}' must be named by a list of words, e.g. content.{base}.name", d.names.span)
        elif ok:
            ok = False
            self.sink.error("WG216", f"entity '{d.name}' must be named by a list of words from content", d.names.span)
        if not self._define(d.name, "entity", T.entity(d.name), d.span) or not ok or is_error(count):
            return None
        return Entity(name=d.name, count=count, names_from=tuple(str(names.value).replace("[*]", "").split(".")), line=d.span.line)

    def _visible(self) -> frozenset[str]:
        return frozenset(self.declared_order)

    def _const(self, d: ast.ConstDecl) -> Const | None:
        value = self.exprs.check(d.value, Ctx("init", visible=self._visible()))
        if not self._define(d.name, "const", value.type, d.span) or is_error(value):
            return None
        self.declared_order.append(d.name)
        return Const(name=d.name, type=value.type, init=value)

    def _var(self, v: ast.VarDecl) -> StateVar | None:
        t = self.types.resolve(v.type)
        init = self._init(v.init, t, v.name, self._visible()) if t else None
        ok = self._define(v.name, "state", t or T.ERROR, v.span)
        self.declared_order.append(v.name)
        if t is None or init is None or not ok:
            return None
        return StateVar(name=v.name, type=t, init=init)

    def _init(self, node: ast.Expr, t: Type, var: str, visible: frozenset[str]) -> Expr | None:
        e = self.exprs.check(node, Ctx("init", visible=visible))
        if is_error(e):
            return None
        if not assignable(t, e.type):
            self.sink.error("WG301", f"'{var}' is {show_type(t)}, but its initial value is {show_type(e.type)}", node.span)
            return None
        bounds = _bounds_missed(e, t)
        if bounds is not None:  # every draw would fail to build: say so now, not in an estimate's aside
            self.sink.error("WG301", f"'{var}' is an int in {bounds[0]}..{bounds[1]}, but it starts at {e.value}", node.span)
            return None
        return fit_map_literal(e, t)

    # ---------------------------------------------------------------------------- actions
    def _action(self, d: ast.ActionDecl) -> Action | None:
        ctx = Ctx("rule")
        params = []
        for p in d.params:
            t = self.types.resolve(p.type, role="argument")
            if t is None:  # reported; bind it anyway so its uses do not cascade into more errors
                ctx = ctx.bind(Symbol(p.name, "arg", T.ERROR, p.span))
                continue
            if t.kind in ("set", "map", "rel"):
                self.sink.error("WG306", f"argument '{p.name}' must be an entity, an enum value, a union value, a bool or a bounded int", p.type.span)
                continue
            if ctx.local(p.name):
                self.sink.error("WG212", f"argument '{p.name}' is declared twice", p.span)
                continue
            ctx = ctx.bind(Symbol(p.name, "arg", t, p.span))
            params.append(ActionParam(name=p.name, type=t))
        check_free_arguments(self.sink, d, params)
        patterns = check_patterns(self.sink, d.patterns, [p.name for p in d.params], {p.name: p.type for p in params})
        guards, body = self._guarded(d.clauses, ctx)
        return Action(name=d.name, params=tuple(params), patterns=tuple(patterns), guards=tuple(guards), body=tuple(body), line=d.span.line)

    def _guarded(self, clauses: list[ast.Clause], ctx: Ctx) -> tuple[list[Guard], list[Stmt]]:
        """An action's `when`s (with the `let`s written before each) and then its body."""
        guards: list[Guard] = []
        lets: list[tuple[str, Expr]] = []
        for k, clause in enumerate(clauses):
            if isinstance(clause, ast.LetClause):
                e, ctx = self.stmts.let(clause.var, clause.value, clause, ctx)
                if e is not None:
                    lets.append((clause.var, e))
            elif isinstance(clause, ast.When):
                cond = self.exprs.check_bool(clause.cond, ctx, "a 'when' condition")
                msg = check_template(self.exprs, clause.message, ctx) if clause.message else None
                guards.append(Guard(cond=cond, message=msg, lets=tuple(lets)))
                lets = []
            else:
                rest = clauses[k:]
                for late in (c for c in rest if isinstance(c, ast.When)):
                    self.sink.error("WG408", "'when' must come before 'do', 'say', 'if', 'chance' and 'for' in an action", late.span)
                lead = [Stmt(kind="let", var=name, value=e) for name, e in lets]
                return guards, lead + self.stmts.clauses([c for c in rest if not isinstance(c, ast.When)], ctx)
        return guards, [Stmt(kind="let", var=name, value=e) for name, e in lets]

    def _types_of_action(self, name: str) -> dict[str, Type] | None:
        d = self.action_decls.get(name)
        return None if d is None else self._arg_types(d)

    def _function(self, d: ast.FuncDecl) -> None:
        params: list[tuple[ActionParam, ast.ActionParam]] = []
        for p in d.params:
            t = self.types.resolve(p.type, role="argument")
            if t is not None:
                params.append((ActionParam(name=p.name, type=t), p))
        if isinstance(d.result, ast.IntType) and d.result.lo is None and d.result.spelling is None:
            result: Type | None = T.INT  # a result is computed, not listed or stored: `: int` needs no range
        else:
            result = self.types.resolve(d.result, role="argument") if d.result is not None else None
        if len(params) != len(d.params) or (d.result is not None and result is None):
            self._define(d.name, "function", T.ERROR, d.span)
            return
        sig = self.exprs.declare_function(d, params, result)
        if self._define(d.name, "function", sig.result if sig else T.ERROR, d.span) and sig is not None:
            self.scope.functions[d.name] = sig

    def _arg_types(self, action: ast.ActionDecl) -> dict[str, Type]:
        out = {}
        for p in action.params:
            t = quiet_type(self.scope, p.type)
            if t is not None:
                out[p.name] = t
        return out


def _bounds_missed(e: Expr, t: Type) -> tuple[int, int] | None:
    """The literal bounds of an int type that a literal initial value lies outside
    (``k: int in 0..3 = 5``), or None."""
    literal = [x.value for x in (e, t.lo, t.hi) if x is not None and x.op == "lit" and type(x.value) is int]
    if t.kind != "int" or len(literal) != 3 or literal[1] <= literal[0] <= literal[2]:
        return None
    return literal[1], literal[2]
