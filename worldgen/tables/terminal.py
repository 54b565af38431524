"""A terminal world stepped from its tables: the shell still parses and runs every line, and what
changes the state (a program of the world, a write, chmod or rm of a world file) moves along the
table's edge instead of running the action's rules.

Everything a line shows is what ``Env`` shows: files are rendered from the state the table points
at, an action's `say`s are rendered once per transition (by its rules, from the transition's own
source state and decisions), refusals are the guards' messages, and rewards are added in ``Env``'s
order (per step, then each action's bonus and ``on`` amount, then pay-once rewards), so the sums
are the same floats. Chance draws come from the episode's stream as ``Env``'s do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from worldgen.runtime.env import OVER, checked
from worldgen.runtime.menu import EMPTY
from worldgen.tables.line_memo import LineMemo, Replay
from worldgen.terminal.episode import TerminalEpisode

if TYPE_CHECKING:
    from worldgen.tables.step import TableEnv

Step = tuple[str, float, bool, bool, bool, bool, str | None, str | None]


class TableEpisode(TerminalEpisode):
    """The episode's shell over the world's files, its state a row of the tables (``sid``)."""

    def __init__(self, env: TableEnv):
        self.env = env
        self.sid = 0
        self._start: tuple[Any, ...] = env.values(0)
        self._state = self._start  # what the files show: the values of ``sid``
        self._gain = 0.0
        self._action: str | None = None
        self._error: str | None = None
        self._said: dict[int, str] = {}  # per transition: what its action says
        assert env.rules.layout is not None
        super().__init__(env.rules.layout, self)
        sh = env._shared
        if sh.line_memo is None:
            sh.line_memo = LineMemo(self.fresh_session())
        self._memo: LineMemo = sh.line_memo
        self._kept = self._memo.kept  # the same dict for the memo's life (it is cleared, never replaced)
        self._clean = True  # no scratch file or directory made this episode (line_memo.py)
        self._fresh = True  # ... and the session is a fresh one's, bar its last status: lines are looked up
        self._drew = False  # the line drew a chance

    # ------------------------------------------------------------------ TerminalEpisode's runner
    def _act(self, ai: int, args: tuple[Any, ...]) -> tuple[bool, list[str]]:
        """A command reached by its action and arguments. Only typed text arrives this way, and a
        world with tables takes none, so this finds the binding (every other move is one)."""
        b = next(i for i, x in enumerate(self.env.rules.bindings) if x.action == ai and x.args == tuple(args))
        ok, said = self._binding(b)
        return ok, [said] if said else []

    def _binding(self, binding: int) -> tuple[bool, str]:
        """Take ``binding`` from the current state: its edge's transition, or its refusal."""
        env, rules = self.env, self.env.rules
        b = rules.bindings[binding]
        e = env._edge[self.sid][binding]
        if e < 0:  # refused (a tabled world meets no rule error, so its guard said no)
            return False, env.reason(self.sid, binding)
        r = env._root[e]
        if r >= 0:
            self._drew = True
        tr = -1 - (env._chance.leaf(r) if r >= 0 else r)
        bonus = rules.bonus[b.action]
        if bonus is not None:
            self._gain += bonus(self._state, *b.args)
        self._gain += rules.on_amounts[b.action]
        said = self._said.get(tr)
        if said is None:
            said = self._said[tr] = "\n".join(env.say_lines(tr)) if env._says[b.action] else ""
        self.sid = env._dst[tr]
        self._state = env.values(self.sid)
        self._action = env._action_of[binding]
        return True, said

    def _saved(self) -> tuple[Any, ...]:
        return self.sid, self._state, self._gain, self._action, self._error

    def _restore(self, saved: tuple[Any, ...]) -> None:
        self.sid, self._state, self._gain, self._action, self._error = saved

    # ------------------------------------------------------------------ episodes
    def begin(self) -> None:
        """A new episode: the world's start, a fresh session and no scratch files (an episode
        that left them as they were, bar the last status, has nothing to undo)."""
        self.sid, self._state = 0, self._start
        if self._fresh:
            self.session.status = 0
        else:
            self.reset()
        self._clean = self._fresh = True

    def step(self, line: str) -> tuple[str, float, bool, bool, dict[str, Any]]:
        """``TableEnv.step`` of a terminal world. A line kept from the same place (line_memo.py)
        whose new state meets no new pay-once condition is answered here, its info built at
        once (the hot path: ``advance``'s bookkeeping written out, as ``TableEnv.step`` does for
        a move; a kept line met no rule error); any other goes through ``advance``."""
        env = self.env
        if self._fresh and type(line) is str and not env._over:
            replay = self._kept.get((self.sid, self.session.status, line))
            if replay is not None and not replay[9] & ~env._acc:
                shown, status, s, reward, action, self.last, self._state, terminated, success, _, _ = replay
                self.session.status = env.status = status
                self.sid = env._s = s
                self._action = action
                t = env._t = env._t + 1
                truncated = not terminated and t >= env.horizon
                env._over, env._cut = terminated or truncated, truncated
                menu = env._menus[s]
                return shown, reward, terminated, truncated, {
                    "valid": status == 0, "action": action, "step": t, "success": success, "exit_status": status,
                    "admissible": EMPTY if terminated else env._menu(s) if menu is None else menu}
        return env.stepped(*self.advance(checked(line)))

    def advance(self, line: str) -> Step:
        """``Env.advance`` of a terminal world: the line through the shell (or as it ran before
        from the same place: line_memo.py), then the new state's pay-once rewards and ends."""
        env = self.env
        if env._over:  # refused, as Env refuses it: the end as it was
            env.status = 1
            return OVER, 0.0, not env._cut, env._cut, False, False, None, None
        env._t += 1
        key = replay = None
        if self._fresh and type(line) is str:
            key = (self.sid, self.session.status, line)
            replay = self._kept.get(key)
            if replay is not None:
                self.session.status = replay[1]
        if replay is None:
            replay = self._run_line(line, key)
        shown, status, s, reward, action, self.last, self._state, terminated, success, when, error = replay
        self.sid = env._s = s
        env.status, self._action = status, action
        newly = when & ~env._acc
        if newly:
            reward, live_error = env._pay_once(newly, reward)
            error = live_error or error
        truncated = not terminated and env._t >= env.horizon
        env._over, env._cut = terminated or truncated, truncated
        return shown, reward, terminated, truncated, success, status == 0, action, error

    def _run_line(self, line: str, key: tuple[int, int, str] | None) -> Replay:
        """What running ``line`` through the shell does, kept under ``key`` (the line run from a
        fresh session) when nothing else decided it: see line_memo.py."""
        env = self.env
        self._gain, self._action, self._error, self._drew = env.rules.per_step, None, None, False
        text, status = self.run(str(line))
        s = self.sid
        if self.fs.scratch.before is not None or self.fs.made:  # a scratch file or directory made
            self._clean = False
        self._fresh = self._clean and self._memo.is_home(self.session)
        replay = (env._joined([text] if text else [], s), status, s, self._gain, self._action, self.last, self._state,
                  env._ends[s], env._done[s], env._when[s], self._error)
        if key is not None and self._fresh and not self._drew and not self.last.stopped and self._error is None:
            self._memo.keep(key, replay)
        return replay
