"""One episode of a world under a fixed seed, stepped command by command.

The same stepping serves the harbor world service (live play, and restoring its state from the
journal after a restart), the harbor verifier (replaying the journal to grade it) and the
exporters (playing the oracle's walkthrough), so all three agree on what a list of commands
earned by construction. Only the runtime is imported here: this module runs inside task
containers, where worldgen's parser, content providers and rollout code are not installed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from worldgen.canonical import sha256
from worldgen.ir.world import World
from worldgen.runtime.env import Env


@dataclass(frozen=True)
class Turn:
    command: str
    observation: str
    reward: float
    valid: bool


class Session:
    """An episode in progress: ``reset(seed)`` at creation, then ``step`` until it is over.

    A terminal world's task (``shell="remote"``) is graded on the machine's final state, as a
    Terminal-Bench task is: reaching the goal does not end it (the agent may check its work, or
    undo it), only a `fail` or the horizon does, and ``success`` is whether the goal holds after
    the last command. A text world's episode ends at its goal, as a game does."""

    def __init__(self, world: World, seed: int, shell: str = "emulated"):
        self.seed = seed
        self.until_end = shell == "remote"
        self.env = world.env(shell=shell)
        self.horizon = self.env.horizon
        self.start, info = self.env.reset(seed=seed)
        self.instruction: str = info.get("instruction") or ""
        self.observation = self.start
        self.turns: list[Turn] = []
        self.ret = 0.0
        self.success = bool(info["success"])
        self.over = self.success and not (self.until_end and self.env.keep_going())
        self.outcome = "solved" if self.over else ""

    def step(self, command: str) -> Turn:
        """One command; the caller checks ``over`` first (a finished episode takes no steps)."""
        if self.over:
            raise RuntimeError("the episode is over")
        obs, reward, terminated, truncated, info = self.env.step(command)
        turn = Turn(command, obs, float(reward), bool(info["valid"]))
        self.turns.append(turn)
        self.observation = obs
        self.ret += turn.reward
        self.success = bool(info["success"])
        self.over = terminated or truncated
        if self.over and self.until_end and self.env.keep_going():
            self.over = False
        if self.over:
            self.outcome = "solved" if self.success else "failed" if terminated else "out of steps"
        return turn


def play(world: World, seed: int, commands: Iterable[str],
         watch: Callable[[Env], None] | None = None, shell: str = "emulated") -> tuple[Session, int]:
    """The episode ``commands`` make under ``seed``, and how many commands came after its end
    (a finished episode ignores them, exactly as the live service refuses them). ``watch`` sees
    the episode's environment after the reset and after every step. ``shell="remote"``: the
    commands are a Harbor container's program calls (``worldgen.terminal.remote``)."""
    session = Session(world, seed, shell)
    ignored = 0
    if watch is not None:
        watch(session.env)
    for command in commands:
        if session.over:
            ignored += 1
            continue
        session.step(command)
        if watch is not None:
            watch(session.env)
    return session, ignored


def observation_sha256(observation: str) -> str:
    """What the journal records of each observation: enough to tell a replay that disagrees."""
    return sha256(observation)
