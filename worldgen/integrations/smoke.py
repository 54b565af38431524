"""One real GRPO step on a CPU: does a suite train under TRL before anyone pays for a GPU?

``smoke_trl`` builds TRL's own ``GRPOTrainer`` around ``WorldgenEnv`` exactly as a training run
would (``trl_dataset`` rows, ``environment_factory``, the world's return as the reward, success
logged at weight 0), but with a tiny model made on the spot (``tiny_chat``: no download) and
generation scripted from the oracle's walkthroughs, so every rollout plays its world to the goal
through TRL's tool loop. One optimiser step later it returns what TRL logged. What it proves: the
rows, the prompts, the tool schema, the tool-call parsing, the reset/act/get_reward protocol and
the reward columns all fit the installed TRL. What it cannot prove: that a real model learns.

    >>> from worldgen.integrations.smoke import smoke_trl
    >>> run = smoke_trl("out/vault", seeds=range(2))
    >>> run.metrics["rewards/world_success/mean"]
    1.0
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from worldgen.errors import UsageError

INSTALL_HINT = "worldgen smoke trl: error: TRL is not installed here; pip install 'worldgen[trl]'"


@dataclass(frozen=True)
class SmokeRun:
    """What one smoke run did: TRL's logged metrics of its last step, its rollouts and its cost."""

    metrics: dict[str, float]
    rollouts: int
    worlds: int
    seconds: float
    environments: list[Any]


def oracle_walkthroughs(suite: str | Path) -> dict[str, list[str]]:
    """The oracle's walkthrough of each world of ``suite``, by world id (the script generation plays)."""
    from worldgen.rollouts.sources import open_entries

    return {e.id: [step.command for step in e.report.oracle.steps] for e in open_entries(suite, False)}


def scripted_generation(tokenizer: Any, rows: Sequence[dict[str, Any]], walkthroughs: dict[str, list[str]]) -> Callable[..., Any]:
    """A stand-in for ``GRPOTrainer._generate_single_turn``: for each conversation so far, the next
    oracle command as a chatty ``act`` tool call, and a plain reply once the walkthrough is done.

    The conversation's row is recognised by its system prompt and first observation; the number
    of tool responses already in it says how far through the walkthrough it is.
    """

    def generate(prompt_ids: list[list[int]], *args: Any, **kwargs: Any) -> tuple[list[list[int]], None]:
        out = []
        for ids in prompt_ids:
            text = tokenizer.decode(ids)
            row = next(r for r in rows if r["system_prompt"] in text and r["observation"] in text)
            commands = walkthroughs[row["world_id"]]
            done = text.count("<tool_response>")
            if done < len(commands):
                call = json.dumps({"name": "act", "arguments": {"command": f"I will {commands[done]}."}})
                reply = f"Sure, next step.\n<tool_call>\n{call}\n</tool_call><|im_end|>"
            else:
                reply = "The goal is reached.<|im_end|>"
            out.append(tokenizer(reply, add_special_tokens=False)["input_ids"])
        return out, None

    return generate


def smoke_trl(suite: str | Path, seeds: range = range(2), steps: int = 1, output_dir: str | Path | None = None) -> SmokeRun:
    """Run ``steps`` GRPO steps of TRL on ``suite`` with a tiny local model and scripted generation.

    Each step takes 4 rollouts (2 prompts, 2 generations each), the smallest batch GRPO compares
    within a group. Raises ``UsageError`` when TRL is not installed.
    """
    try:
        from trl import GRPOConfig, GRPOTrainer
    except ImportError:
        raise UsageError(INSTALL_HINT) from None
    os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")  # environment_factory is marked experimental in TRL 1.16
    from worldgen.integrations.tiny_chat import qwen3_tokenizer, tiny_model
    from worldgen.integrations.trl import WorldgenEnv, trl_dataset, world_success

    root = Path(suite).resolve().parent  # rows name the suite relative to a root: its own folder
    dataset = trl_dataset(suite, seeds=seeds, root=root)
    tokenizer = qwen3_tokenizer()
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="worldgen-smoke-") as scratch:
        args = GRPOConfig(output_dir=str(output_dir or scratch), per_device_train_batch_size=4, num_generations=2,
                          max_steps=steps, max_completion_length=8000, max_tool_calling_iterations=64, use_cpu=True,
                          report_to=[], save_strategy="no", logging_steps=1, disable_tqdm=True, seed=0,
                          reward_weights=[0.0])  # the return is the reward; success is logged beside it, unpaid
        trainer = GRPOTrainer(model=tiny_model(tokenizer), reward_funcs=[world_success], args=args, train_dataset=dataset,
                              processing_class=tokenizer, environment_factory=functools.partial(WorldgenEnv, root=root))
        trainer._generate_single_turn = scripted_generation(tokenizer, list(dataset), oracle_walkthroughs(suite))
        trainer.train()
    logged = [entry for entry in trainer.state.log_history if "reward" in entry]
    return SmokeRun(metrics={k: float(v) for k, v in logged[-1].items() if isinstance(v, (int, float))},
                    rollouts=4 * steps, worlds=len({row["world_id"] for row in dataset}),
                    seconds=time.perf_counter() - started, environments=list(trainer.environments))
