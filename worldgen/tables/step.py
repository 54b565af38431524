"""Episodes stepped from a world's tables: ``Env``'s interface and traces, without running rules.

A step parses the command as ``Env`` does, reads the edge of (state, command), walks the edge's
chance tree with the episode's random draws (the same draws ``Env`` makes) and moves to the
transition's state. Texts are rendered by the world's rules the first time a state, transition or
refusal is shown, then cached (once per new state, command and decisions where the `say`s read
only the new state: ``said_after``). What a sure move gives is kept per transition and, under the
command string, in its state's row (filled with every listed command the first time a string is
typed in the state), so a step taken before costs one dict read and the info dict, whose
admissible list is the state's kept read-only ``Menu`` (a chance edge's string keeps its chance
tree in the state's chance row: one read, then the walk): bench/bench_tables.py holds it to a
quarter of a trivial Python env's speed. All of that is shared by every env of the same tables
(``shared.py``); an env holds only its episode.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from worldgen.codegen.names import RULE_ERRORS
from worldgen.ir.patterns import find_unpadded
from worldgen.ir.world import World
from worldgen.runtime.env import OVER, checked, episode_seed
from worldgen.runtime.loader import load_rules
from worldgen.runtime.menu import EMPTY, Menu
from worldgen.runtime.queries import EpisodeQueries
from worldgen.tables.build import Tables
from worldgen.tables.chance_walk import ChanceWalk
from worldgen.tables.shared import Move, shared
from worldgen.tables.store import load
from worldgen.tables.terminal import TableEpisode


PARSED_KEPT = 100_000  # command strings whose binding is remembered
ROWS_KEPT = 1_000_000  # (state, command string) pairs whose sure move is remembered
UNPARSED = -2


class TableEnv(EpisodeQueries):
    """One world's episodes from its tables (``Env``'s reset/step/advance and queries)."""

    def __init__(self, world: World, tables: Tables):
        self.world = world
        self.tables = tables
        self.rules, _ = load_rules(world)
        self.horizon = self.rules.horizon
        # the tables as lists and every text rendered so far, shared by this world's table envs
        # (aliased here: a step reads each as one attribute)
        sh = self._shared = shared(world, tables, self.rules)
        self._edge, self._gain, self._root, self._dst = sh.edge, sh.gain, sh.root, sh.dst
        self._when, self._ends, self._done = sh.when, sh.ends, sh.done
        self._edge_src, self._edge_cmd, self._trans_edge = sh.edge_src, sh.edge_cmd, sh.trans_edge
        self._path_start, self._path, self._action_of = sh.path_start, sh.path, sh.action_of
        self._parsed, self._by_outcome, self._shown, self._said = sh.parsed, sh.by_outcome, sh.shown, sh.said
        self._moves, self._rows, self._refused, self._unknown = sh.moves, sh.rows, sh.refused, sh.unknown
        self._chance_rows = sh.chance_rows
        self._menus, self._fixed_pay, self._values = sh.menus, sh.fixed_pay, sh.values
        self._says, self._said_after = sh.says, sh.said_after
        self._goes_by_outcome, self._outcome_moves = sh.goes_by_outcome, sh.outcome_moves
        self._live_bits = sum(1 << bit for bit, _, _ in self.rules.live)
        self._s = 0
        self._t = 0
        self._acc = 0  # pay-once conditions met this episode
        self._over = True
        self._cut = False  # ended at the horizon (Env._cut)
        self._chance = ChanceWalk(world, sh.node_p, sh.node_yes, sh.node_no)
        self.status = 0
        self._terminal = TableEpisode(self) if self.rules.layout is not None else None  # lines through its shell

    def draw_from(self, source: Callable[[], float]) -> None:
        """Draw chance from ``source`` from now on (a batch env's stream: ChanceWalk.draw_from)."""
        self._chance.draw_from(source)

    @classmethod
    def open(cls, world: World, path: Path) -> TableEnv:
        """Step ``world`` from the tables file at ``path`` (TableError if it must not be)."""
        return cls(world, load(path, world.id))

    # ------------------------------------------------------------------------- episodes
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, dict[str, Any]]:
        """As ``Env.reset``; ``info`` is a plain dict, as ``step``'s is."""
        obs, intro, success = self.begin(seed)
        return obs, {"valid": True, "action": None, "step": 0, "success": success, "instruction": intro,
                     "admissible": self._admissible()}

    def begin(self, seed: int | None = None) -> tuple[str, str, bool]:
        self._chance.begin(episode_seed(seed))
        self._s = self._t = self.status = 0
        if self._terminal is not None:
            self._terminal.begin()
        self._acc = self._when[0]
        self._over, self._cut = self._ends[0], False
        obs, intro = self._shared.opening or self.opening()
        return obs, intro, self._done[0]

    def opening(self) -> tuple[str, str]:
        """What a reset shows (instruction, blank line, observation) and the instruction alone,
        rendered once: every episode starts in state 0."""
        sh = self._shared
        if sh.opening is None:
            s = self.values(0)
            text, intro = self.rules.observe(s), self.rules.instruction(s)
            sh.opening = ((f"{intro}\n\n{text}" if intro and text else intro or text), intro)
        return sh.opening

    def step(self, command: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """As ``Env.step``; ``info`` is a plain dict: its admissible list is the state's ``Menu``,
        put in now rather than computed when read. A string met before in this state, whose move
        meets no new pay-once condition (most steps of a long run), is stepped here without
        ``advance``: the step is a row read and the info dict (a terminal world's line met before
        likewise, in ``TableEpisode.step``)."""
        if self._terminal is not None:
            return self._terminal.step(command)
        if type(command) is str and not self._over:
            row = self._rows[self._s]
            move = row.get(command) if row is not None else None
            if type(move) is int:  # a transition whose text is not rendered yet
                move = row[command] = self._moves[move] or self._move(move)  # type: ignore[index]
            if move is not None and not move[6] & ~self._acc:
                text, s, reward, action, terminated, success, _ = move
                t = self._t = self._t + 1
                self._s, self.status = s, 0
                truncated = not terminated and t >= self.horizon
                self._over, self._cut = terminated or truncated, truncated
                menu = self._menus[s]
                return text, reward, terminated, truncated, {
                    "valid": True, "action": action, "step": t, "success": success, "exit_status": 0,
                    "admissible": EMPTY if terminated else self._menu(s) if menu is None else menu}
        return self.stepped(*self.advance(checked(command)))

    def stepped(self, obs: str, reward: float, terminated: bool, truncated: bool, success: bool, valid: bool,
                action: str | None, error: str | None) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """``step``'s answer to what ``advance`` returned."""
        info = {"valid": valid, "action": action, "step": self._t, "success": success, "exit_status": self.status,
                "admissible": self._admissible()}
        if error is not None:
            info["error"] = error
        return obs, reward, terminated, truncated, info

    def advance(self, command: str) -> tuple[str, float, bool, bool, bool, bool, str | None, str | None]:
        """As ``Env.advance``: (observation, reward, terminated, truncated, success, valid, action
        name, rule error)."""
        if self._terminal is not None:  # a terminal world: the line goes through the shell
            return self._terminal.advance(command)
        if self._over:  # refused, as Env refuses it
            self.status = 1
            return OVER, 0.0, not self._cut, self._cut, False, False, None, None
        t = self._t = self._t + 1
        move = None
        if type(command) is str:
            row = self._rows[self._s]
            if row is None:
                row = self._fill_row(self._s)
            move = row.get(command)
            if type(move) is int:  # a transition whose text is not rendered yet
                move = row[command] = self._moves[move] or self._move(move)
            elif move is None:
                chance = self._chance_rows[self._s]
                r = chance.get(command) if chance is not None else None
                if r is not None:  # a chance edge under this string: its tree, walked
                    move = self._chance_move(r)
        if move is None:
            b = self._parsed.get(command, UNPARSED) if type(command) is str else self.parse(command)
            if b is UNPARSED:
                b = self.parse(command)
            e = -1 if b is None else self._edge[self._s][b]
            if e < 0:  # refused: the state stays, so no pay-once condition is newly met and it does not end
                self.status, truncated = 1, t >= self.horizon
                self._over = self._cut = truncated
                return self.refusal(self._s, b), self.rules.per_step, False, truncated, False, False, None, None
            move = self._take(e, command)
        text, self._s, reward, action, terminated, success, when = move
        self.status, error = 0, None
        newly = when & ~self._acc
        if newly:  # `reward R when C` pays once, as Env._settle adds it
            reward, error = self._pay_once(newly, reward)
        truncated = not terminated and t >= self.horizon
        self._over, self._cut = terminated or truncated, truncated
        return text, reward, terminated, truncated, success, True, action, error

    def _fill_row(self, state: int) -> dict[str, Move | int]:
        """The row of ``state``, filled the first time a string is typed there: each listed
        command with an edge gets its transition (a sure edge: the move replaces it when first
        taken) or its chance tree's root (in the chance row)."""
        sh = self._shared
        if sh.kept + len(sh.listed) > ROWS_KEPT:
            sh.forget_rows()
        row: dict[str, Move | int] = {}
        chance: dict[str, int] = {}
        edges, root, moves = self._edge[state], self._root, self._moves
        for b, command in sh.listed:
            e = edges[b]
            if e >= 0:
                r = root[e]
                if r >= 0:
                    chance[command] = r
                else:
                    row[command] = moves[-1 - r] or -1 - r
        self._rows[state], self._chance_rows[state] = row, chance
        sh.kept += len(row) + len(chance)
        return row

    def _take(self, e: int, command: Any) -> Move:
        """The move edge ``e`` makes now. A sure edge's is kept in its state's row under
        ``command``, so the next time the same string comes the step reads one dict; a chance
        edge's tree is kept in the state's chance row (its move depends on the step's draws)."""
        r = self._root[e]
        if r >= 0:  # a chance edge: its move depends on this step's draws
            move = self._chance_move(r)
            rows: list[Any] = self._chance_rows
            value: Any = r
        else:
            move = self._moves[-1 - r] or self._move(-1 - r)
            rows, value = self._rows, move
        if type(command) is str:
            sh = self._shared
            if sh.kept >= ROWS_KEPT:
                sh.forget_rows()
            row = rows[self._s]
            if row is None:
                row = rows[self._s] = {}
            row[command] = value
            sh.kept += 1
        return move

    def _chance_move(self, root: int) -> Move:
        """The move of the transition this step's draws reach down the chance tree at ``root``."""
        tr = -1 - self._chance.leaf(root)
        return self._moves[tr] or self._move(tr)

    def _move(self, tr: int) -> Move:
        """What taking transition ``tr`` always gives (its text rendered now), kept for the next
        time: (text, new state, reward before pay-once rewards, action name, ends, goal, pay-once
        conditions holding)."""
        e, new = self._trans_edge[tr], self._dst[tr]
        b = self._edge_cmd[e]
        key = None
        if self._goes_by_outcome[b]:  # its text goes by the outcome (said_after.py), so does the whole move
            key = (b, self._path[self._path_start[tr]:self._path_start[tr + 1]], new, self._gain[e])
            move = self._outcome_moves.get(key)
            if move is not None:
                self._moves[tr] = move
                return move
        move = self._moves[tr] = (self.transition_text(tr), new, self._gain[e], self._action_of[b],
                                  self._ends[new], self._done[new], self._when[new])
        if key is not None:
            self._outcome_moves[key] = move
        return move

    def _pay_once(self, newly: int, reward: float) -> tuple[float, str | None]:
        """``reward`` plus the pay-once rewards whose conditions are ``newly`` met in the new
        state, and the rule error of a live amount that failed."""
        self._acc |= newly
        fixed = self._fixed_pay.get(newly)
        if fixed is None:
            amounts = self.rules.when_amounts
            fixed = self._fixed_pay[newly] = sum(amounts[i] for i in range(len(amounts)) if newly >> i & 1)
        reward += fixed
        if not newly & self._live_bits:
            return reward, None
        live, error = self.live_pay(newly, self._s)
        return reward + live, error

    def parse(self, command: Any) -> int | None:
        """The command's binding as Env reads it (None: the world does not know it), kept for
        the next time the same string comes (agents repeat the admissible list's strings)."""
        rules = self.rules
        key = " ".join(str(command).lower().split())
        b = rules.table.get(key)
        if b is None:
            b = find_unpadded(rules.table, rules.forms, key)
        if type(command) is str:
            if len(self._parsed) >= PARSED_KEPT:
                self._parsed.clear()
            self._parsed[command] = b
        return b

    def live_pay(self, newly: int, state: int) -> tuple[float, str | None]:
        """What the newly met pay-once rewards whose amount reads the state pay in ``state``, and
        the rule error of one that failed (as Env._live_pay)."""
        total, error = 0.0, None
        for bit, _, pay in self.rules.live:
            if newly >> bit & 1:
                try:
                    total += pay(self.values(state))
                except RULE_ERRORS as err:
                    error = str(err)
        return total, error

    # ------------------------------------------------------------------------- texts, rendered once
    def values(self, state: int) -> tuple[Any, ...]:
        """State ``state``'s values as the rules take them (read from the tables' JSON)."""
        got = self._values.get(state)
        if got is None:
            a, b = self.tables.state_start[state], self.tables.state_start[state + 1]
            got = self._values[state] = _tuples(json.loads(self.tables.state_json[a:b].tobytes()))
        return got

    def _joined(self, out: list[str], state: int) -> str:
        """``out`` then the state's observation, as Env joins a step's texts."""
        text = self._shown.get(state)
        if text is None:
            text = self._shown[state] = self.rules.observe(self.values(state))
        return "\n".join([*out, text] if text else out)

    def transition_text(self, tr: int) -> str:
        """What transition ``tr``'s step says (rendered once, then cached)."""
        text = self._said[tr]
        if text is None:
            text = self._said[tr] = self._render(tr)
        return text

    def _render(self, tr: int) -> str:
        """What transition ``tr``'s step says: the action's `say`s on its decision path, then the
        new state's observation."""
        e, new = self._trans_edge[tr], self._dst[tr]
        b = self._edge_cmd[e]
        binding = self.rules.bindings[b]
        if not self._says[binding.action]:
            return self._joined([], new)
        path = self._path[self._path_start[tr]:self._path_start[tr + 1]]
        by_outcome = self._said_after[binding.action]  # then transitions with the same outcome say the same
        text = self._by_outcome.get((b, path, new)) if by_outcome else None
        if text is None:
            text = self._joined(self.say_lines(tr), new)
            if by_outcome:
                self._by_outcome[(b, path, new)] = text
        return text

    def say_lines(self, tr: int) -> list[str]:
        """What transition ``tr``'s action says: run by its rules from the transition's own source
        state along its decision path."""
        e = self._trans_edge[tr]
        binding = self.rules.bindings[self._edge_cmd[e]]
        out: list[str] = []
        decisions = map(bool, self._path[self._path_start[tr]:self._path_start[tr + 1]])
        self.rules.apply[binding.action](list(self.values(self._edge_src[e])), *binding.args, lambda p: next(decisions), out)
        return out

    def refusal(self, state: int, b: int | None) -> str:
        """What a command not admissible in ``state`` gets (``reason``), then the state's
        observation (rendered once per state and command)."""
        cache = self._unknown if b is None else self._refused
        key: Any = state if b is None else (state, b)
        text = cache.get(key)
        if text is None:
            text = cache[key] = self._joined([self.reason(state, b)], state)
        return text

    def reason(self, state: int, b: int | None) -> str:
        """Why binding ``b`` is refused in ``state``: its guard's message, else the world's
        ``invalid`` text (a command the world does not know, ``b`` None, gets that too)."""
        s, rules = self.values(state), self.rules
        if b is not None:
            binding = rules.bindings[b]
            g = rules.guard[binding.action](s, *binding.args)
            msg = rules.message[binding.action](s, *binding.args, g) if g >= 0 else None
            if msg is not None:
                return msg
        return rules.invalid(s)

    # ------------------------------------------------------------------------- queries
    def _admissible(self) -> Menu:
        if self._over and not self._cut:
            return EMPTY
        menu = self._menus[self._s]
        return self._menu(self._s) if menu is None else menu

    def _menu(self, state: int) -> Menu:
        """The admissible list of ``state`` (computed by the rules once, then kept and handed out
        read-only)."""
        menu = self._menus[state] = Menu(self.rules.admissible(list(self.values(state))))
        return menu

    @property
    def state_id(self) -> int:
        return self._s

    def _state_values(self) -> tuple[Any, ...]:
        return self.values(self._s)

    def close(self) -> None:
        """Nothing to stop: tables hold nothing outside this process."""


def _tuples(values: list[Any]) -> tuple[Any, ...]:
    """JSON's lists back to the tuples the rules use for lists and maps (called on lists only: a
    call per number costs a tenth of a render)."""
    return tuple([_tuples(x) if type(x) is list else x for x in values])
