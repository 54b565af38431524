"""TRL: worlds as ``GRPOTrainer(environment_factory=WorldgenEnv)`` environments.

    >>> from trl import GRPOConfig, GRPOTrainer
    >>> from worldgen.integrations.trl import WorldgenEnv, trl_dataset, world_success
    >>> trainer = GRPOTrainer(model, args=GRPOConfig(max_tool_calling_iterations=40, ...),
    ...                       train_dataset=trl_dataset("out/vault", seeds=8),
    ...                       environment_factory=WorldgenEnv, reward_funcs=[world_success])

How TRL 1.16 drives it (``GRPOTrainer._generate_and_score_completions`` and ``_tool_call_loop``):
it makes environments with ``WorldgenEnv()`` and keeps them in a pool; before each rollout it
calls ``reset(**row)`` with every column of the dataset row and appends what ``reset`` returns
(the world's first observation) to the row's last prompt message, which ``trl_dataset`` leaves
empty for it. Every public method except ``reset`` and ``get_reward`` becomes a tool, described
to the model from its type hints and Google-style docstring: here only ``act``. Each ``act``
call is one step of the world, the command parsed as ``worldgen rollout --policy openai:`` parses
replies. After the rollout TRL calls ``get_reward()`` (the world's return) as one reward column
named ``WorldgenEnv``, with weight 1; ``world_success`` adds success as another column, which
``GRPOConfig.reward_weights`` should weigh 0 (log it only): the return already holds the goal's
reward, so weighing success too pays the goal twice.

How an episode ends: TRL stops a rollout when the model answers without a tool call, after
``GRPOConfig.max_tool_calling_iterations`` tool-calling turns (unlimited by default), or when the
completion reaches ``max_completion_length`` tokens (a tool answer that would pass it is dropped).
The world cannot stop TRL's loop, so when it ends (goal reached, or its horizon) ``act`` says so
in its answer, and later calls change nothing and say the episode is over. Reward and success are
the world's own, whatever ended the rollout.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from worldgen.agent.episode import Episode
from worldgen.errors import WorldgenError
from worldgen.exporters.dataset import dataset_rows
from worldgen.exporters.dataset_files import typed_row
from worldgen.integrations.suites import episode_for
from worldgen.seed_ranges import SeedsLike

if TYPE_CHECKING:
    from datasets import Dataset

TOOL_RULES = (
    "You are playing a text world through the `act` tool. Call `act` with exactly one command at a time, "
    "written in the world's command syntax below; the world answers with what happened. Keep calling `act` "
    "until the goal is reached or the world says the episode is over: a reply without a tool call ends your turn."
)
ENDED = "The episode is over."
OVER = "The episode is over: stop calling act."
NOT_RESET = "WorldgenEnv: error: act() before reset(): TRL resets each environment with a dataset row"


class WorldgenEnv:
    """One episode of a suite's world per rollout, named by the dataset row (suite, world id, seed).

    Public methods are TRL's tools, so this class has exactly one: ``act``. ``episode`` (the
    ``worldgen.agent.Episode`` being played) is a property, which TRL does not offer as a tool.
    """

    def __init__(self, root: str | Path | None = None) -> None:
        """``root``: the suite root the rows' ``suite`` paths are relative to (default
        ``$WORLDGEN_SUITE_ROOT``, else the current directory); with TRL, pass
        ``environment_factory=lambda: WorldgenEnv(root=...)``."""
        self._episode: Episode | None = None
        self._root = root

    def reset(self, suite: str, world_id: str, seed: int = 0, **row: Any) -> str:
        """Start episode ``seed`` of world ``world_id`` of ``suite`` (keys of a ``trl_dataset`` row;
        the row's other columns are ignored); the world's first observation, for the prompt."""
        self._episode = episode_for(suite, world_id, int(seed), self._root)
        return self._episode.observation

    def act(self, command: str) -> str:
        """Send one command to the text world and read what happens.

        Args:
            command: Exactly one command, written in the world's command syntax given in the instructions.

        Returns:
            The world's answer: what the command did and what can be seen now.
        """
        episode = self._episode  # attributes, not properties: this runs once per step of training
        if episode is None:
            raise WorldgenError(NOT_RESET)
        if episode.terminated or episode.truncated:
            return OVER
        answer = episode.act(command)
        return f"{answer}\n\n{ENDED}" if episode.terminated or episode.truncated else answer

    def get_reward(self) -> float:
        """The world's return for this episode (TRL calls this once per finished rollout)."""
        return self._episode.total_return if self._episode is not None else 0.0

    @property
    def episode(self) -> Episode:
        """The episode being played (``success``, ``steps``, ``metrics()`` ...)."""
        if self._episode is None:
            raise WorldgenError(NOT_RESET)
        return self._episode


def world_success(environments: list[WorldgenEnv], **kwargs: Any) -> list[float]:
    """A TRL reward function: 1.0 for each rollout whose world reached its goal, else 0.0.

    ``GRPOTrainer`` passes its environments as ``environments``; weigh it 0 in
    ``GRPOConfig.reward_weights`` to log success without paying the goal a second time (the
    ``WorldgenEnv`` column, the return, already holds the goal's reward).
    """
    return [float(env.episode.success) for env in environments]


def trl_rows(suite: str | Path, seeds: SeedsLike = 1, trust_edited: bool = False,
             root: str | Path | None = None) -> list[dict[str, Any]]:
    """``worldgen export dataset`` rows as TRL wants them: the system prompt tells the model to play
    through the ``act`` tool, and the ``prompt``'s user turn is empty, because TRL appends what
    ``reset`` returns (the first observation) to it. ``params`` and ``axes`` are JSON text, as in
    the Parquet export, so that rows of any scaffold make one ``datasets`` schema. ``seeds``:
    ``A:B``, a count, a range or a list (``worldgen.seed_ranges``); ``root``: the suite root."""
    return [typed_row({**row, "prompt": [{"role": "system", "content": row["system_prompt"]}, {"role": "user", "content": ""}]})
            for row in dataset_rows(suite, seeds, trust_edited, TOOL_RULES, root)]


def trl_dataset(suite: str | Path, seeds: SeedsLike = 1, trust_edited: bool = False,
                root: str | Path | None = None) -> Dataset:
    """The rows of ``trl_rows`` as a ``datasets.Dataset`` for ``GRPOTrainer(train_dataset=...)``."""
    from datasets import Dataset

    return Dataset.from_list(trl_rows(suite, seeds, trust_edited, root))
