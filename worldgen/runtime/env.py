"""Episodes: ``reset(seed) -> (observation, info)`` and ``step(command) -> 5-tuple``.

A command that does not parse, or whose preconditions fail, returns the scaffold's message and
changes nothing; it still costs a step, so the horizon bounds every episode.
"""

from __future__ import annotations

import copy
import numbers
from typing import Any

import numpy as np

from worldgen.codegen.names import RULE_ERRORS
from worldgen.codegen.fallbacks import match_fallback
from worldgen.codegen.program import Rules
from worldgen.ir.patterns import find_unpadded
from worldgen.ir.world import World
from worldgen.runtime.loader import load_rules
from worldgen.runtime.menu import EMPTY, Menu
from worldgen.runtime.queries import EpisodeQueries
from worldgen.terminal.episode import TerminalEpisode

OVER = "The episode is over; call reset() to play again."
MAX_SEED = 2**63 - 1  # an episode seed is a signed 64-bit int, as `worldgen serve` takes it (docs/protocol.md)


class StepInfo(dict):
    """``info`` as a dict whose "admissible" list is computed only when someone reads it.

    Listing admissible commands evaluates every action's preconditions; trainers that do not
    use the list should not pay for it on every step.
    """

    __slots__ = ("_compute",)

    @classmethod
    def of(cls, compute: Any, fields: dict[str, Any]) -> StepInfo:
        """``fields`` with a lazy "admissible" made by ``compute()`` (built without a Python
        ``__init__``: one is made per step, and keyword arguments cost a sixth of a step)."""
        info = cls(fields)
        info._compute = compute
        return info

    def _materialize(self) -> None:
        if self._compute is not None:
            dict.__setitem__(self, "admissible", self._compute())
            self._compute = None

    def __missing__(self, key: str) -> Any:
        if key == "admissible" and self._compute is not None:
            self._materialize()
            return dict.__getitem__(self, key)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return (key == "admissible" and self._compute is not None) or dict.__contains__(self, key)

    def get(self, key: str, default: Any = None) -> Any:
        return self[key] if key in self else default

    def keys(self):  # type: ignore[override]
        self._materialize()
        return dict.keys(self)

    def items(self):  # type: ignore[override]
        self._materialize()
        return dict.items(self)

    def values(self):  # type: ignore[override]
        self._materialize()
        return dict.values(self)

    def __iter__(self):  # type: ignore[override]
        self._materialize()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._materialize()
        return dict.__len__(self)

    def __repr__(self) -> str:
        self._materialize()
        return dict.__repr__(self)

    def __eq__(self, other: object) -> bool:
        self._materialize()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> dict[str, Any]:
        self._materialize()
        return dict(dict.items(self))

    def __reduce__(self) -> tuple[type, tuple[dict[str, Any]]]:
        """Pickled (e.g. by AsyncVectorEnv) as the plain dict it stands for: the lazy list is
        computed by a closure over the Env, which cannot cross processes."""
        return dict, (self.copy(),)


CACHE_STATES = 50_000  # per Env: observation, signals and admissible list of recent states


def _unpickled(world: World, episode: dict[str, Any]) -> Env:
    env = Env(world)
    env._resume(episode)
    return env


def _terminal(env: Env, shell: str) -> TerminalEpisode | None:
    """A terminal world's shell: the emulator, ``"real"`` bash over the world's files, or
    ``"remote"``: program calls from a shell elsewhere (a Harbor task's container)."""
    layout = env.rules.layout
    if shell not in ("emulated", "real", "remote"):
        raise ValueError(f"shell must be 'emulated', 'real' or 'remote', not {shell!r}")
    if layout is None:
        return None
    if shell == "real":
        from worldgen.terminal.real import RealEpisode  # only where asked for: it starts processes
        return RealEpisode(layout, env)  # type: ignore[return-value]
    if shell == "remote":
        from worldgen.terminal.remote import RemoteEpisode
        return RemoteEpisode(layout, env)  # type: ignore[return-value]
    return TerminalEpisode(layout, env)


def episode_seed(seed: Any) -> int | None:
    """``seed`` as every interface takes an episode seed: None, or a whole number in
    0..2^63-1. Anything else is refused rather than converted (``"3"``, ``1.5`` and ``True``
    would play another seed, and a seed past 64 bits would replay a smaller one's episode)."""
    if seed is None:
        return None
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed must be None or a whole number in 0..2**63-1 ({MAX_SEED:_}), not {seed!r}")
    return int(seed)


def checked(command: Any) -> str:
    """A command as every runtime's ``step`` takes it: text. An id, None or bytes is refused, not
    played as a command the world does not know (a policy emitting ids would train on nothing)."""
    if not isinstance(command, str):
        raise TypeError(f"a command is text (str), not {type(command).__name__}: {command!r:.60}; "
                        "command ids step the vector env (gymnasium.make_vec(..., vectorization_mode='vector_entry_point'))")
    return command


def chance_stream(world: World, seed: int | None) -> np.random.Generator:
    """The random draws of an episode reset with ``seed`` (None: the world's own seed). Every
    runtime (rules, tables, batch) seeds it this way, so the same seed replays the same episode;
    keyed by the world too, so episode seed 0 of two worlds is not the same luck."""
    episode = world.seed if seed is None else seed
    return np.random.default_rng(np.random.SeedSequence([episode, world.seed, 0x5EED]))


class Env(EpisodeQueries):
    """One world's episodes. Cheap to create; rules are compiled when the Env is made.

    What a state shows (observation, signals, admissible commands) depends on the state alone,
    and agents revisit states constantly, so those are memoised per state (bounded).
    """

    def __init__(self, world: World, compiled: tuple[Rules, list[Any]] | None = None,
                 memo: tuple[dict[tuple, tuple[str, tuple[int, bool, bool]]], dict[tuple, list[str]]] | None = None,
                 shell: str = "emulated"):
        self.world = world
        self.rules, self._initial = compiled if compiled is not None else load_rules(world)
        self.horizon = self.rules.horizon
        self._state: list[Any] = list(self._initial)
        self._t = 0
        self._when = 0
        self._over = True
        self._cut = False  # the episode ended at its horizon: its state is live, its admissible list kept
        self._rng: np.random.Generator | None = None  # made at the episode's first chance (seeding one costs more than a step)
        self._rng_seed: int | None = None  # what reset seeded the stream with (None: the world's own)
        self._streaming = False  # a reset has chosen the stream
        self._gain = 0.0  # this step's reward so far
        self._action: str | None = None  # the last action this step ran
        self._error: str | None = None  # a rule error this step met
        self.status = 0  # the last line's exit status (0: a valid command)
        self._terminal = _terminal(self, shell)
        # `memo`: the views and menus of another Env of this world (see ``fresh``)
        self._views, self._menus = memo if memo is not None else ({}, {})

    def _pick(self, p: float) -> bool:
        """A chance draw of the rules (a method, not a closure kept on the Env: that would make
        every Env a reference cycle, left for the garbage collector)."""
        if self._rng is None:
            self._rng = chance_stream(self.world, self._rng_seed)
        return self._rng.random() < p

    def _view(self, s: list[Any]) -> tuple[str, tuple[int, bool, bool], str | None]:
        """(observation, signals, the rule error met judging the state): a state whose `done`,
        `fail` or `reward when` breaks a rule fails, as the model checker judges it (and
        `compile` rejects such a world)."""
        key = tuple(s)
        view = self._views.get(key)
        if view is None:
            if len(self._views) >= CACHE_STATES:
                self._views.clear()
            try:
                signals, error = self.rules.signals(s), None
            except RULE_ERRORS as err:
                signals, error = (0, False, True), f"evaluating the state's signals: {err}"
            view = self._views[key] = (self.rules.observe(s), signals, error)
        return view

    def close(self) -> None:
        """Stop what the episode holds outside this process (a real shell's jail and folder)."""
        close = getattr(self._terminal, "close", None)
        if close is not None:
            close()

    _EPISODE = ("_state", "_t", "_when", "_over", "_cut", "_rng", "_rng_seed", "_streaming", "status")

    def _episode(self) -> dict[str, Any]:
        """Everything of the episode that a copy must carry (the rules are the world's)."""
        if self._terminal is not None and not isinstance(self._terminal, TerminalEpisode):
            raise TypeError("an Env whose shell is real bash (or a remote one) cannot be copied or pickled: "
                            "its episode lives in processes and files outside Python")
        episode = {name: getattr(self, name) for name in self._EPISODE}
        if self._terminal is not None:
            episode["_shell"] = self._terminal.snapshot()
        return episode

    def _resume(self, episode: dict[str, Any]) -> None:
        shell = episode.pop("_shell", None)
        for name, value in episode.items():
            setattr(self, name, value)
        if shell is not None:
            self._terminal.restore(shell)  # type: ignore[union-attr]

    def __deepcopy__(self, memo: dict[int, Any]) -> Env:
        """A copy that plays on from here on its own, sharing the compiled rules (as ``fresh``)."""
        twin = self.fresh()
        twin._resume(copy.deepcopy(self._episode(), memo))
        return twin

    def __reduce__(self) -> tuple[Any, tuple[World, dict[str, Any]]]:
        """Pickled as its world and its episode: the compiled rules are code made in this process,
        so the unpickled Env compiles them again."""
        return _unpickled, (self.world, self._episode())

    def fresh(self) -> Env:
        """Another Env on the same world, sharing the compiled rules and the memoised views and
        menus (pure functions of the state, so one Env's work serves the other): its own episode
        state and random stream, without compiling the rules again."""
        return Env(self.world, (self.rules, self._initial), (self._views, self._menus))

    # ------------------------------------------------------------------------- episodes
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[str, StepInfo]:
        obs, intro, success = self.begin(seed)
        return obs, StepInfo.of(self._admissible, {"valid": True, "action": None, "step": 0, "success": success, "instruction": intro})

    def reset_on(self, stream: np.random.Generator) -> tuple[str, StepInfo]:
        """``reset`` for an episode that draws its chance from ``stream``, shared with other Envs
        (a suite env's episodes, in whichever world, run on one stream: runtime/picks.py)."""
        self._rng, self._streaming = stream, True
        return self.reset()

    def begin(self, seed: int | None = None) -> tuple[str, str, bool]:
        """``reset`` without Gymnasium's info dict: (observation, instruction, success). Trainer
        integrations (``agent.Episode``) read two fields and need not build a dict per episode."""
        seed = episode_seed(seed)
        if seed is not None or not self._streaming:  # no episode seed yet: the world's own
            self._rng, self._rng_seed, self._streaming = None, seed, True
        self._state = list(self._initial)
        self._t = 0
        self.status = 0
        if self._terminal is not None:
            self._terminal.reset()
        text, (self._when, done, failed), _ = self._view(self._state)
        self._over = done or failed
        self._cut = False
        intro = self.rules.instruction(self._state)
        return (f"{intro}\n\n{text}" if intro and text else intro or text), intro, done

    def step(self, command: str) -> tuple[str, float, bool, bool, StepInfo]:
        obs, reward, terminated, truncated, success, valid, action, error = self.advance(checked(command))
        info = StepInfo.of(self._admissible, {"valid": valid, "action": action, "step": self._t, "success": success,
                                              "exit_status": self.status})
        if error is not None:
            info["error"] = error
        return obs, reward, terminated, truncated, info

    def keep_going(self) -> bool:
        """Let an episode that just reached its goal go on, for a task graded on its final state (a
        terminal world exported to Harbor, judged like Terminal-Bench): the next steps are taken
        until a `fail` or the horizon, and ``success`` is judged again after each. False (and
        nothing changes) unless the episode ended at its goal before the horizon."""
        _, (_, done, failed), _ = self._view(self._state)
        if not (self._over and done and not failed and self._t < self.horizon):
            return False
        self._over = self._cut = False
        return True

    def advance(self, command: str) -> tuple[str, float, bool, bool, bool, bool, str | None, str | None]:
        """``step`` without Gymnasium's info dict: (observation, reward, terminated, truncated,
        success, valid, action name, rule error). Trainer integrations step through this: the
        info dict would cost them a fifth of a step and they read two of its fields."""
        rules = self.rules
        if self._over:  # refused, as an invalid command is: exit status 1 in every world; the end as it was
            self.status = 1
            return OVER, 0.0, not self._cut, self._cut, False, False, None, None
        self._t += 1
        self._gain = rules.per_step
        self._action = self._error = None
        if self._terminal is not None:  # a terminal world: the line goes through the shell
            text, self.status = self._terminal.run(str(command))
            return self._settle([text] if text else [], self.status == 0)
        key = " ".join(str(command).lower().split())
        b = rules.table.get(key)
        if b is None:  # numbers padded otherwise than listed: 05 for 5
            b = find_unpadded(rules.table, rules.forms, key)
        if b is not None:
            binding = rules.bindings[b]
            valid, out = self._act(binding.action, binding.args)
        else:  # quoted text or a catch-all word, if the world takes any
            matched = match_fallback(rules.fallbacks, str(command)) if rules.fallbacks else None
            valid, out = self._act(*matched) if matched is not None else (False, [rules.invalid(self._state)])
        self.status = 0 if valid else 1
        return self._settle(out, valid)

    def _act(self, ai: int, args: tuple[Any, ...]) -> tuple[bool, list[str]]:
        """Run one action of the world: (whether it happened, what it said or why not). Its
        rewards go to this step's gain; a refused or failed action changes nothing."""
        rules = self.rules
        s = self._state
        try:
            g = rules.guard[ai](s, *args)
        except RULE_ERRORS as err:  # a `when` that breaks a rule refuses the step (`compile` rejects such a world)
            self._error = str(err)
            return False, [rules.invalid(s)]
        if g >= 0:
            msg = rules.message[ai](s, *args, g)
            return False, [msg if msg is not None else rules.invalid(s)]
        new = s.copy()
        out: list[str] = []
        bonus = rules.bonus[ai]
        try:
            rules.apply[ai](new, *args, self._pick, out)
            if bonus is not None:  # `reward R on A when C`: C held as A started (a discarded step pays nothing)
                self._gain += bonus(s, *args)
        except RULE_ERRORS as err:
            self._error = str(err)
            return False, [rules.invalid(s)]
        self._gain += rules.on_amounts[ai]
        self._state = new
        self._action = rules.actions[ai].name
        return True, out

    def _settle(self, out: list[str], valid: bool) -> tuple[str, float, bool, bool, bool, bool, str | None, str | None]:
        """The step's end: what the state shows and pays now, and whether the episode is over."""
        reward = self._gain
        text, (when, done, failed), error = self._view(self._state)
        self._error = self._error or error
        newly = when & ~self._when  # `reward R when C` pays once: the first time C holds
        self._when |= when
        if newly:
            amounts = self.rules.when_amounts
            reward += sum(amounts[i] for i in range(len(amounts)) if newly >> i & 1)
            reward += self._live_pay(newly)
        terminated = done or failed
        truncated = not terminated and self._t >= self.horizon
        self._over, self._cut = terminated or truncated, truncated
        if text:
            out.append(text)
        return "\n".join(out), reward, terminated, truncated, done, valid, self._action, self._error

    def _live_pay(self, newly: int) -> float:
        """What the newly met `reward when`s whose amount reads the state pay in this state. An
        amount that cannot be computed pays nothing and is the step's error (the model checker
        rejects a world where that can happen: verify/arrays.py)."""
        total = 0.0
        for bit, _, pay in self.rules.live:
            if newly >> bit & 1:
                try:
                    total += pay(self._state)
                except RULE_ERRORS as err:
                    self._error = str(err)
        return total

    # ------------------------------------------------------------------------- queries
    def _admissible(self) -> Menu:
        if self._over and not self._cut:  # a terminal state admits nothing; a truncated one what it did
            return EMPTY
        key = tuple(self._state)
        menu = self._menus.get(key)
        if menu is None:
            if len(self._menus) >= CACHE_STATES:
                self._menus.clear()
            menu = self._menus[key] = Menu(self.rules.admissible(self._state))
        return menu

    def _state_values(self) -> list[Any]:
        return self._state
