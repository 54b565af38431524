"""Axes: each alternative checked against the component it varies, and every combination of the
axes that change commands checked for commands that would mean two things."""

from __future__ import annotations

from itertools import islice, product
from typing import TYPE_CHECKING

from worldgen.check.exprs import Ctx, did_you_mean
from worldgen.check.overrides import check_override
from worldgen.check.patterns import check_patterns, find_ambiguities
from worldgen.check.templates import check_template
from worldgen.check.words import DECL_WORDS
from worldgen.ir.models import Alternative, Axis
from worldgen.syntax import ast

if TYPE_CHECKING:
    from worldgen.check.checker import _Checker

AXIS_KINDS = {  # a `def` override (check/overrides.py) may serve any component
    "interface": (ast.RenameDecl, ast.AlsoDecl, ast.InvalidDecl, ast.Instruction, ast.FuncDecl),
    "dynamics": (ast.ActionDecl, ast.InitDecl, ast.FuncDecl),
    "observation": (ast.ObserveDecl, ast.FuncDecl),
    "feedback": (ast.RewardDecl, ast.DoneDecl, ast.FailDecl, ast.HorizonDecl, ast.FuncDecl),
}
MAX_INTERFACE_COMBINATIONS = 512  # axis alternatives whose command sets are checked together


class AxisChecks:
    """Mixed into the checker: its axes and their alternatives."""

    def _axes(self: _Checker, decls: list[ast.AxisDecl], base_actions: list[ast.ActionDecl]) -> list[Axis]:
        axes = []
        for d in self._distinct(decls, "WG218", "axis"):
            kind = d.kind or d.name
            if kind not in AXIS_KINDS:
                where = d.kind_span if d.kind else d.span
                hint = "" if d.kind else f"; name the component: axis {d.name}: dynamics {{ ... }}"
                self.sink.error("WG412", f"'{kind}' is not a component; an axis varies one of: " + ", ".join(AXIS_KINDS) + hint, where or d.span)
                continue
            alts = [self._alternative(kind, alt, base_actions) for alt in self._distinct(d.alternatives, "WG218", "alternative")]
            axes.append(Axis(name=d.name, kind=kind, alternatives=tuple(alts)))  # type: ignore[arg-type]
        return axes

    def _alternative(self: _Checker, kind: str, alt: ast.Alternative, base_actions: list[ast.ActionDecl]) -> Alternative:
        allowed = AXIS_KINDS[kind]
        fields: dict[str, object] = {"name": alt.name}
        renames, also, actions, inits, rewards, done, fail, functions = [], [], [], [], [], [], [], []
        rule = Ctx("rule")
        by_name = {a.name: a for a in base_actions}
        for d in alt.decls:
            if not isinstance(d, allowed):
                word = DECL_WORDS.get(type(d), type(d).__name__)
                owner = next((k for k, v in AXIS_KINDS.items() if isinstance(d, v)), None)
                why = f"it changes the {owner} component" if owner else "it is not part of any axis"
                article = "an" if kind[0] in "aeiou" else "a"
                self.sink.error("WG413", f"{article} {kind} alternative cannot contain '{word}': {why}", d.span)
                continue
            match d:
                case ast.RenameDecl() | ast.AlsoDecl():
                    target = by_name.get(d.action)
                    if target is None:
                        self.sink.error("WG217", f"no action named '{d.action}'" + did_you_mean(d.action, list(by_name)), d.span)
                        continue
                    pats = tuple(check_patterns(self.sink, d.patterns, [p.name for p in target.params], self._arg_types(target)))
                    (renames if isinstance(d, ast.RenameDecl) else also).append((d.action, pats))
                case ast.InvalidDecl():
                    fields["invalid"] = check_template(self.exprs, d.text, rule)
                case ast.Instruction():
                    fields["instruction"] = check_template(self.exprs, d.text, rule)
                case ast.ActionDecl():
                    a = self._action(d)
                    if a:
                        actions.append(a)
                case ast.FuncDecl():
                    f = check_override(self.sink, self.exprs, d, lambda t: self.types.resolve(t, role="argument"))
                    if f:
                        functions.append(f)
                case ast.InitDecl():
                    sym = self.scope.symbols.get(d.var)
                    if sym is None or sym.kind != "state":
                        self.sink.error("WG219", f"'init' needs a state variable, and '{d.var}' is not one", d.span)
                        continue
                    before = frozenset(self.declared_order[: self.declared_order.index(d.var)])
                    e = self._init(d.value, sym.type, d.var, before)
                    if e:
                        inits.append((d.var, e))
                case ast.ObserveDecl():
                    fields["observe"] = check_template(self.exprs, d.text, rule)
                case ast.RewardDecl():
                    rewards.append(self.signals.reward(d))
                case ast.DoneDecl():
                    done.append(self.exprs.check_bool(d.cond, rule, "a done condition"))
                case ast.FailDecl():
                    fail.append(self.exprs.check_bool(d.cond, rule, "a fail condition"))
                case ast.HorizonDecl():
                    steps, expr = self.signals.steps(d.steps, "horizon", 1)
                    fields["horizon_expr" if expr is not None else "horizon"] = expr if expr is not None else steps
        return Alternative(
            renames=tuple(renames), also=tuple(also), actions=tuple(actions), inits=tuple(inits),
            rewards=tuple(rewards), done=tuple(done), fail=tuple(fail), functions=tuple(functions),
            **fields,  # type: ignore[arg-type]
        )

    def _check_ambiguity(self: _Checker, base: list[ast.ActionDecl], axes: list[ast.AxisDecl]) -> None:
        """Check the command interface of every combination of interface and dynamics alternatives
        (the axes that change commands), as apply_axes would build it: dynamics first."""
        relevant = [a for a in axes if (a.kind or a.name) in ("interface", "dynamics") and a.alternatives]
        relevant.sort(key=lambda a: (a.kind or a.name) != "dynamics")
        combos = product(*(a.alternatives for a in relevant))
        for combo in islice(combos, MAX_INTERFACE_COMBINATIONS):
            config: dict[str, tuple[ast.ActionDecl, list[tuple[ast.Str, str | None]]]] = {
                a.name: (a, [(p, None) for p in a.patterns]) for a in base
            }
            for axis, alt in zip(relevant, combo):
                origin = f"{axis.name}={alt.name}"
                for d in alt.decls:
                    if isinstance(d, ast.ActionDecl):
                        config[d.name] = (d, [(p, origin) for p in d.patterns])
                    elif isinstance(d, ast.RenameDecl) and d.action in config:
                        config[d.action] = (config[d.action][0], [(p, origin) for p in d.patterns])
                    elif isinstance(d, ast.AlsoDecl) and d.action in config:
                        config[d.action][1].extend((p, origin) for p in d.patterns)
            find_ambiguities(self.sink, list(config.values()), self._arg_types, frozenset(self.scope.grids),
                             self.case_sensitive)
