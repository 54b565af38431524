"""Which runtime plays an episode: the world's step tables when its suite has them (emulated
shell), else its rules. Both give the same traces (tests/tables/test_step.py), so the choice
changes only speed; the episode record names it (``runtime``, absent for the rules, as in files
written before tables existed) so a report can say which one ran.

A table env is worth keeping between episodes (building one reads the tables into lists, and its
rendered texts are cached), and every reset with a seed starts it afresh, so a closed one waits in
its entry for the next episode; episodes in flight at once each get their own.
"""

from __future__ import annotations

from typing import Any

from worldgen.ir.world import World
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.tables.build import Tables
from worldgen.tables.step import TableEnv

TABLES, RULES = "tables", "rules"


class _KeptTableEnv(TableEnv):
    """A table env that goes back to its entry's idle list when the episode closes it."""

    def __init__(self, world: World, tables: Tables, idle: list[Any]):
        super().__init__(world, tables)
        self._idle = idle

    def close(self) -> None:
        self._idle.append(self)


def open_env(entry: Entry, shell: str = "emulated") -> tuple[Env | TableEnv, str]:
    """An env for one episode of ``entry`` (reset it with a seed) and the name of its runtime.
    A terminal world's tables run its emulated shell; real bash needs the rules, so
    ``shell="real"`` always runs the rules."""
    tables = entry.step_tables() if shell == "emulated" else None
    if tables is None:
        return entry.world.env(shell=shell), RULES
    if entry.idle_envs:
        return entry.idle_envs.pop(), TABLES
    return _KeptTableEnv(entry.world, tables, entry.idle_envs), TABLES


def runtime_of(record: dict[str, Any]) -> str:
    """The runtime an episode record says it ran on (the rules when it says none)."""
    return record.get("runtime", RULES)


def runtimes_of(records: list[dict[str, Any]]) -> str:
    """The runtimes some episodes ran on, for a report: "tables", "rules" or "rules+tables"."""
    return "+".join(sorted({runtime_of(r) for r in records}))
