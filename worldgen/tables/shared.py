"""What every ``TableEnv`` of one world's tables shares: the tables read into Python lists, and the
texts, moves and menus rendered so far.

Each of these is a pure function of the world and its tables (a transition always says the same,
a state always shows the same), so a second env of the same tables (episodes in flight at once,
copies in a vector env, a new env per episode) starts where the others are instead of reading the
arrays again and rendering every text a second time. Episode state (where an env is, its step
count, its random stream) stays in each env.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

import numpy as np

from worldgen.codegen.program import Rules
from worldgen.ir.axes import apply_axes
from worldgen.ir.models import Stmt
from worldgen.ir.patterns import normalize
from worldgen.ir.world import World
from worldgen.runtime.menu import Menu
from worldgen.tables.build import Tables
from worldgen.tables.said_after import said_after

if TYPE_CHECKING:
    from worldgen.tables.line_memo import LineMemo

Move = tuple[str, int, float, str, bool, bool, int]  # see TableEnv._move


class Shared:
    """One world's tables as lists and its caches (every field is the same for every env)."""

    def __init__(self, world: World, tables: Tables, rules: Rules) -> None:
        self.world, self.tables = world, tables  # held: the registry's key is their ids
        self.edge: list[list[int]] = tables.edge.tolist()
        self.gain: list[float] = tables.gain.tolist()
        self.root: list[int] = tables.root.tolist()
        self.dst: list[int] = tables.dst.tolist()
        self.when: list[int] = tables.when.tolist()
        self.ends: list[bool] = (tables.done | tables.failed).tolist()
        self.done: list[bool] = tables.done.tolist()
        rows, cols = np.nonzero(tables.edge >= 0)
        edge_src, edge_cmd = np.empty(len(self.gain), dtype=np.int64), np.empty(len(self.gain), dtype=np.int64)
        edge_src[tables.edge[rows, cols]], edge_cmd[tables.edge[rows, cols]] = rows, cols
        # what rendering a transition reads, as lists: a numpy scalar read costs as much as a step
        self.edge_src: list[int] = edge_src.tolist()
        self.edge_cmd: list[int] = edge_cmd.tolist()
        self.trans_edge: list[int] = tables.trans_edge.tolist()
        self.path_start: list[int] = tables.path_start.tolist()
        self.path = tables.path.tobytes()
        self.node_p: list[float] = tables.node_p.tolist()
        self.node_yes: list[int] = tables.node_yes.tolist()
        self.node_no: list[int] = tables.node_no.tolist()
        self.action_of = [rules.actions[b.action].name for b in rules.bindings]
        every = apply_axes(world.scaffold, world.axes).every
        self.says = [_says(a.body + every) for a in rules.actions]  # silent actions are not run to render
        self.said_after = [said_after(a.body + every) for a in rules.actions]  # then their texts go by outcome
        # per binding: its steps' texts (silent, or said after the last change) go by outcome, so do their moves
        self.goes_by_outcome = [not self.says[x.action] or self.said_after[x.action] for x in rules.bindings]
        self.outcome_moves: dict[tuple[int, bytes, int, float], Move] = {}  # (command, decisions, new state, gain): its move
        self.parsed: dict[str, int | None] = {}  # command string -> its binding
        self.by_outcome: dict[tuple[int, bytes, int], str] = {}  # (command, decisions, new state): its text
        self.shown: dict[int, str] = {}  # per state: its observation
        self.said: list[str | None] = [None] * len(self.dst)  # per transition: its step's observation
        self.moves: list[Move | None] = [None] * len(self.dst)  # per transition: what taking it gives
        # per state: command string -> sure move (or its transition, while its text is not rendered)
        self.rows: list[dict[str, Move | int] | None] = [None] * tables.states
        self.chance_rows: list[dict[str, int] | None] = [None] * tables.states  # ... -> its chance tree's root
        self.kept = 0  # entries in ``rows`` and ``chance_rows``
        # each binding whose listed command reads back as it, with that command: a row is filled from them
        self.listed = [(b, x.command) for b, x in enumerate(rules.bindings) if rules.table.get(normalize(x.command)) == b]
        self.refused: dict[tuple[int, int], str] = {}  # per (state, command) not admissible there
        self.unknown: dict[int, str] = {}  # per state: a command the world does not know
        self.menus: list[Menu | None] = [None] * tables.states  # per state: its admissible list
        self.fixed_pay: dict[int, float] = {}  # per set of newly met pay-once conditions: their fixed amounts
        self.values: dict[int, tuple[Any, ...]] = {}  # per state: its values as the rules take them
        self.opening: tuple[str, str] | None = None  # what a reset shows, and the instruction
        self.line_memo: LineMemo | None = None  # a terminal world's lines run before (made by its first episode)

    def forget_rows(self) -> None:
        """Empty the rows in place (every env holding them sees it): they reached their bound."""
        self.rows[:] = [None] * len(self.rows)
        self.chance_rows[:] = [None] * len(self.chance_rows)
        self.kept = 0


_registry: dict[tuple[int, int], weakref.ref[Shared]] = {}


def shared(world: World, tables: Tables, rules: Rules) -> Shared:
    """The caches of ``world``'s ``tables``, made on first use and kept while an env holds them."""
    key = (id(world), id(tables))
    ref = _registry.get(key)
    got = ref() if ref is not None else None
    if got is not None and got.world is world and got.tables is tables:
        return got
    got = Shared(world, tables, rules)

    def forget(dead: weakref.ref[Shared]) -> None:
        if _registry.get(key) is dead:
            del _registry[key]

    _registry[key] = weakref.ref(got, forget)
    return got


def _says(stmts: tuple[Stmt, ...]) -> bool:
    return any(st.kind == "say" or _says(st.then) or _says(st.otherwise) for st in stmts)
