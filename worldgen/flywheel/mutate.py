"""The offline proposer: structural edits of a library scaffold toward the solver's band.

Where the solver wins more often than the band's top, a proposal makes the family harder; where it
wins less often than the band's bottom, easier; inside the band, it varies the family's rules.
Edits, most effective first:

* shift an int param's range past its current end (the direction the solver's results say is
  harder: success falling, or episodes lengthening, as the param grows), or back below its start;
* tighten the horizon to where the solver's own wins would have made about the band's middle (a
  quantile of the steps they took; first, as it aims best), else by 30 %; or loosen it by 50 %;
* add an axis from a catalogue of rule transformations: a terse interface (each command shortened
  to its action's shortest unique prefix), a step cost, a tighter horizon, a blind observation
  (the per-step view hidden: only the actions' own messages remain);
* fix two axes together at the values the solver finds hardest (easiest) (``flywheel.combine``);
* add an alternative of the rules from the modules of the catalogue: slippery or inverted
  dynamics (``flywheel.dynamics``), a noisy view (``flywheel.observations``), sparse or dense
  feedback or a noisy payment (``flywheel.feedback``);
* cross in an axis of another library scaffold (feedback, observation or interface) where the
  types allow: the crossed scaffold must check, else the candidate is not made.

Each candidate is a whole scaffold, renamed ``PARENT_TAG``, with one change and the reason for it;
whether it enters the library is decided by ``flywheel.accept``. Same inputs, same candidates.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from itertools import chain

from worldgen.errors import DiagnosticError, WorldgenError
from worldgen.flywheel.combine import combined
from worldgen.flywheel.dynamics import inverted, slippery
from worldgen.flywheel.edits import Change, apply, before_closing_brace, int_range_edit, span_edit
from worldgen.flywheel.feedback import dense, noisy_pay, sparse
from worldgen.flywheel.observations import noisy_view
from worldgen.flywheel.placement import free_name
from worldgen.flywheel.solver import ParamTrend, ScaffoldResult
from worldgen.frontend import compile_source
from worldgen.frontend_cache import checked
from worldgen.ir.models import Scaffold
from worldgen.ir.terminal import hook_action
from worldgen.syntax import ast
from worldgen.syntax.parser import parse
from worldgen.syntax.printer import print_world

HARDER_HORIZON, EASIER_HORIZON = 0.7, 1.5
CROSSABLE = ("feedback", "observation", "interface")  # dynamics axes name their own scaffold's actions
CROSSINGS = 2
STEP_COST = -0.05
# the coin entries (noisy_view, noisy_pay) last: a chance every step makes a world several times dearer to verify
RULES: tuple[Callable[[str, ast.World], list[Change]], ...] = (slippery, inverted, sparse, dense, noisy_view, noisy_pay)


@dataclass(frozen=True)
class Band:
    lo: float = 0.2
    hi: float = 0.8

    def __post_init__(self) -> None:
        if not 0.0 <= self.lo < self.hi <= 1.0:  # success rates: a band outside 0..1 aims at nothing
            raise WorldgenError(f"error: the band {self.lo:g}..{self.hi:g} is not a range of success rates; "
                                "expected 0 <= LO < HI <= 1")

    def aim(self, success: float | None) -> str:
        """``harder``, ``easier`` or ``vary`` for a scaffold the solver wins at rate ``success``."""
        if success is None:
            return "vary"
        return "harder" if success > self.hi else "easier" if success < self.lo else "vary"

    def distance(self, success: float | None) -> float:
        """How far ``success`` lies outside the band (0 inside it; -1 with no results: last in line)."""
        return -1.0 if success is None else max(self.lo - success, success - self.hi, 0.0)


@dataclass(frozen=True)
class Candidate:
    parent: str
    tag: str  # what kind of change, also the name suffix: rooms_up, horizon_down, terse, ...
    source: str
    change: str
    why: str


def candidates(source: str, filename: str, result: ScaffoldResult | None, band: Band,
               others: tuple[Crossable, ...] = ()) -> list[Candidate]:
    """Every proposal the catalogue makes for one scaffold, most promising first. ``others``: the
    crossable axes of the library's other scaffolds (``crossable_axes``)."""
    return list(iter_candidates(source, filename, result, band, others))


def iter_candidates(source: str, filename: str, result: ScaffoldResult | None, band: Band,
                    others: tuple[Crossable, ...] = ()) -> Iterator[Candidate]:
    """``candidates`` one at a time: the crossed axes, each of which must be compiled to know
    whether it fits, are only tried when the proposer gets that far."""
    tree = parse(source, filename)
    ir = checked(source, filename)[0]  # the library member checked before, kept (frontend_cache.py)
    aim = band.aim(result.success if result else None)
    why = (f"solver success {result.success:.2f} over {result.episodes} episodes; band {band.lo:g}..{band.hi:g}: {aim}"
           if result else "no solver results for this scaffold: vary it")
    found: list[Change] = []
    if aim in ("harder", "easier"):
        horizon = _horizon(source, tree, aim == "harder", result, band)
        shifts = _param_shifts(source, tree, ir, result, aim == "harder")
        aimed = bool(horizon) and "the solver won" in horizon[0][2]
        found += horizon + shifts if aimed else shifts + horizon  # a horizon read off the solver's wins aims best
    found += _axes(source, ir)
    found += combined(source, tree, result, aim == "harder") if aim in ("harder", "easier") else []
    for entry in RULES:
        found += entry(source, tree)
    for tag, edits, change in chain(found, _crossed(source, filename, ir, others)):
        yield Candidate(ir.name, tag, apply(source, edits), change, why)


def renamed(source: str, filename: str, name: str) -> str:
    """``source`` with its world renamed (a proposal is a new family member, not its parent)."""
    tree = parse(source, filename)
    return apply(source, [span_edit(source, tree.span, name)])


def _param_shifts(source: str, tree: ast.World, ir: Scaffold, result: ScaffoldResult | None,
                  harder: bool) -> list[Change]:
    trends = result.params if result else {}
    decls = {d.name: d for d in tree.decls if isinstance(d, ast.ParamDecl) and d.kind == "int"}
    ranked = sorted(decls, key=lambda n: (-(trends[n].effect() if n in trends else 0.0), list(decls).index(n)))
    out = []
    for name in ranked:
        decl = decls[name]
        assert decl.lo is not None and decl.hi is not None
        trend = trends.get(name, ParamTrend((), (), ()))
        up = trend.larger_is_harder() == harder
        width = max(1, decl.hi - decl.lo)
        lo, hi = (decl.hi, decl.hi + width) if up else (decl.lo - width, decl.lo)
        if decl.lo >= 0 and lo < 0:
            lo = 0
        if hi < lo or (lo, hi) == (decl.lo, decl.hi):
            continue
        tag = f"{name}_{'up' if up else 'down'}"
        out.append((tag, [int_range_edit(source, decl.span, lo, hi)],
                    f"param {name}: {decl.lo}..{decl.hi} -> {lo}..{hi} ({'harder' if harder else 'easier'}: "
                    f"{'larger' if trend.larger_is_harder() else 'smaller'} values are harder for the solver)"))
    return out


def _horizon(source: str, tree: ast.World, harder: bool, result: ScaffoldResult | None,
             band: Band) -> list[Change]:
    """Harder: the horizon at which the solver's own wins would have been about the band's middle
    (a quantile of the steps they took), else 30 % less; easier: 50 % more."""
    decl = next((d for d in tree.decls if isinstance(d, ast.HorizonDecl)), None)
    if decl is None or not isinstance(decl.steps, ast.Num) or not isinstance(decl.steps.value, int):
        return []  # a horizon written as an expression of params is left to the author
    old = decl.steps.value
    aimed = result.horizon_for((band.lo + band.hi) / 2) if harder and result else None
    if aimed is not None and aimed < old:
        new, how = aimed, f"the solver won {(band.lo + band.hi) / 2:.0%} of its episodes within {aimed} steps"
    else:
        new = max(1, round(old * (HARDER_HORIZON if harder else EASIER_HORIZON)))
        how = f"{'30 % fewer' if harder else '50 % more'} steps"
    if new == old:
        return []
    tag = "horizon_down" if harder else "horizon_up"
    return [(tag, [span_edit(source, decl.steps.span, str(new))], f"horizon {old} -> {new} ({how})")]


def _axes(source: str, ir: Scaffold) -> list[Change]:
    taken = {a.name for a in ir.axes}
    out = []
    terse = _terse_patterns(ir)
    renames_taken = any(alt.renames for a in ir.axes for alt in a.alternatives)
    if terse and not renames_taken:
        axis = free_name("interface" if "interface" not in taken else "wording", taken, "interface")
        renames = "  ".join(f'rename {action} "{pattern}"' for action, pattern in terse)
        out.append(("terse", [before_closing_brace(source, f"\n  # proposed: a terse interface\n  axis {axis} {{\n"
                                                            f"    as_written {{}}\n    terse {{ {renames} }}\n  }}\n")],
                    f"axis {axis.split(':')[0]}: a terse interface (" + ", ".join(p for _, p in terse) + ")"))
    axis = free_name("cost", taken, "feedback")
    out.append(("cost", [before_closing_brace(source, f"\n  # proposed: a cost per step\n  axis {axis} {{\n"
                                                     f"    free {{}}\n    costly {{ reward {STEP_COST} per step }}\n  }}\n")],
                f"axis {axis.split(':')[0]}: a step cost of {STEP_COST}"))
    if not any((a.kind or a.name) == "observation" for a in ir.axes):
        axis = free_name("view", taken, "observation")
        out.append(("blind", [before_closing_brace(source, f"\n  # proposed: a blind observation\n  axis {axis} {{\n"
                                                          f"    seen {{}}\n    blind {{ observe \"\" }}\n  }}\n")],
                    f"axis {axis.split(':')[0]}: the per-step view shown or hidden (blind: the actions' messages only)"))
    horizon_set = any(alt.horizon is not None or alt.horizon_expr is not None for a in ir.axes for alt in a.alternatives)
    if ir.horizon_expr is None and not horizon_set:
        tight = max(1, round(ir.horizon * HARDER_HORIZON))
        axis = free_name("pace", taken, "feedback")
        out.append(("tight", [before_closing_brace(source, f"\n  # proposed: a tighter horizon\n  axis {axis} {{\n"
                                                          f"    relaxed {{}}\n    tight {{ horizon {tight} }}\n  }}\n")],
                    f"axis {axis.split(':')[0]}: horizon {ir.horizon} or {tight}"))
    return out


@dataclass(frozen=True)
class Crossable:
    """An axis of a library scaffold, printed under the name it takes when crossed into another."""

    scaffold: str
    axis: str
    component: str
    text: str  # ``axis SCAFFOLD_AXIS: COMPONENT { ... }`` lines, indented as inside a world

    @property
    def name(self) -> str:
        return f"{self.scaffold}_{self.axis}"


def crossable_axes(name: str, source: str) -> tuple[Crossable, ...]:
    """The axes of scaffold ``name`` that may be crossed into others (parsed and printed once per
    library, not once per scaffold they are tried on)."""
    out = []
    for axis in (d for d in parse(source, f"{name}.wg").decls if isinstance(d, ast.AxisDecl)):
        component = axis.kind or axis.name
        if component in CROSSABLE:
            renamed_axis = replace(axis, name=f"{name}_{axis.name}", kind=component)
            text = print_world(ast.World(axis.span, name, [renamed_axis]))
            out.append(Crossable(name, axis.name, component, "".join(text.splitlines(True)[1:-1])))
    return tuple(out)


def _crossed(source: str, filename: str, ir: Scaffold, others: tuple[Crossable, ...]) -> Iterator[Change]:
    """Axes of other scaffolds that check in this one, of components it does not vary yet, at most
    ``CROSSINGS`` of them."""
    taken = {a.name for a in ir.axes}
    present = {a.kind or a.name for a in ir.axes}  # a second axis of one component would override the first
    made = 0
    for other in others:
        if made >= CROSSINGS:
            return
        if other.component in present or other.name in taken:
            continue
        edit = before_closing_brace(source, f"\n  # proposed: axis {other.axis} of scaffold {other.scaffold}\n{other.text}")
        try:
            compile_source(apply(source, [edit]), filename)
        except DiagnosticError:
            continue  # it names what this scaffold does not have
        made += 1
        yield (f"cross_{other.name}", [edit], f"axis {other.name}: {other.scaffold}'s {other.component} axis {other.axis} crossed in")


def _terse_patterns(ir: Scaffold) -> list[tuple[str, str]]:
    """Per action: its shortest unique name prefix followed by its arguments (a terminal world's
    file hooks keep theirs: the shell runs them when a line touches the file; WG616)."""
    names = [a.name for a in ir.actions]
    hooks = {hook_action(f.name, kind) for f in ir.terminal.files for kind in f.hooks} if ir.terminal else set()
    out = []
    for action in (a for a in ir.actions if a.name not in hooks):
        unique = (action.name[:n] for n in range(1, len(action.name) + 1)
                  if not any(other != action.name and other.startswith(action.name[:n]) for other in names))
        prefix = next(unique, action.name)  # a name that begins another action's name stays whole
        holes = [part.split("}", 1)[0] for part in action.patterns[0].split("{")[1:]]
        pattern = " ".join([prefix, *("{" + h + "}" for h in holes)])
        if pattern != action.patterns[0]:
            out.append((action.name, pattern))
    return out
