"""TRL plays worlds through ``WorldgenEnv``: TRL's own tool extraction, reset(**row), tool loop and rewards.

Everything runs against the installed TRL (the ``trl`` extra) and offline: the tokenizer and the
tiny model are made on the spot (tests/integrations/tiny_chat.py), and a scripted policy (the
oracle's walkthrough, in chatty sentences) stands in for the model's generation.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("trl")
os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")  # environment_factory is marked experimental

from transformers.utils import get_json_schema  # noqa: E402
from trl import GRPOConfig, GRPOTrainer  # noqa: E402
from trl.chat_template_utils import add_response_schema, parse_response  # noqa: E402

import worldgen  # noqa: E402
from tests.integrations.tiny_chat import qwen3_tokenizer, tiny_model  # noqa: E402
from worldgen.agent import Episode  # noqa: E402
from worldgen.errors import WorldgenError  # noqa: E402
from worldgen.integrations.trl import ENDED, OVER, TOOL_RULES, WorldgenEnv, trl_dataset, world_success  # noqa: E402


def oracle(suite: Path) -> dict[str, list[str]]:
    """The oracle's walkthrough of each world of ``suite``, by world id."""
    return {e.id: [step.command for step in e.report.oracle.steps] for e in worldgen.load_suite(suite)}


def test_act_is_the_only_tool_and_its_schema_comes_from_its_docstring() -> None:
    env = WorldgenEnv()
    schema = get_json_schema(env.act)["function"]  # what transformers renders into the chat template
    assert schema["name"] == "act"
    assert schema["description"] == "Send one command to the text world and read what happens."
    assert schema["parameters"]["required"] == ["command"]
    command = schema["parameters"]["properties"]["command"]
    assert command["type"] == "string" and "command syntax" in command["description"]
    assert schema["return"]["type"] == "string"


def test_reset_takes_a_dataset_row_and_returns_the_first_observation(vault_suite: Path) -> None:
    dataset = trl_dataset(vault_suite, seeds=range(2), root=vault_suite.parent)
    entries = worldgen.load_suite(vault_suite)
    assert len(dataset) == 2 * len(entries)
    for row, (entry, seed) in zip(dataset, [(e, s) for e in entries for s in range(2)]):
        assert (row["world_id"], row["seed"], row["suite"]) == (entry.id, seed, "suite")  # relative to the root
        assert json.loads(row["params"]) == entry.params and json.loads(row["axes"]) == entry.axes
        system, user = row["prompt"]
        assert system == {"role": "system", "content": row["system_prompt"]}
        assert system["content"].startswith(TOOL_RULES) and "Commands" in system["content"]
        assert user == {"role": "user", "content": ""}  # TRL appends reset()'s observation here
        env = WorldgenEnv(root=vault_suite.parent)
        assert env.reset(**row) == Episode(entry.world, seed).observation == row["observation"]


@pytest.mark.parametrize("suite_name", ["vault_suite", "flaky_suite"])
def test_the_oracle_plays_through_act_in_chatty_replies_and_the_reward_is_the_world_return(
        suite_name: str, request: pytest.FixtureRequest) -> None:
    suite: Path = request.getfixturevalue(suite_name)
    walkthroughs = oracle(suite)
    for row in trl_dataset(suite, seeds=3, root=suite.parent):
        env = WorldgenEnv(root=suite.parent)
        env.reset(**row)
        plain = Episode(env.episode.world, row["seed"])
        for command in walkthroughs[row["world_id"]]:
            answer = env.act(f"Sure! I'll `{command}` now.")  # parsed as the openai: rollout policy parses replies
            assert answer.startswith(plain.act(command))
            if env.episode.done:
                break
        assert env.get_reward() == plain.total_return
        assert world_success([env]) == [float(plain.success)]
        if suite_name == "vault_suite":  # deterministic: the walkthrough always wins
            assert plain.success and answer.endswith(ENDED)
        if env.episode.done:
            steps = env.episode.steps
            assert env.act(walkthroughs[row["world_id"]][0]) == OVER and env.episode.steps == steps


def test_act_before_reset_is_a_clear_error() -> None:
    with pytest.raises(WorldgenError, match=r"act\(\) before reset\(\)"):
        WorldgenEnv().act("look")


def test_trl_parses_a_tool_call_of_the_model_into_a_step_of_the_world(vault_suite: Path) -> None:
    tokenizer = add_response_schema(qwen3_tokenizer())
    row = trl_dataset(vault_suite, root=vault_suite.parent)[0]
    env = WorldgenEnv(root=vault_suite.parent)
    prompt = [row["prompt"][0], {"role": "user", "content": env.reset(**row)}]
    prompt_ids = tokenizer.apply_chat_template(prompt, tools=[env.act], add_generation_prompt=True, tokenize=True,
                                               return_dict=True)["input_ids"]
    assert '"name": "act"' in tokenizer.decode(prompt_ids)  # the tool, described to the model
    first = oracle(vault_suite)[row["world_id"]][0]
    reply = 'Let me look around first.\n<tool_call>\n{"name": "act", "arguments": {"command": "I will %s."}}\n</tool_call><|im_end|>' % first
    parsed = parse_response(tokenizer, tokenizer(reply, add_special_tokens=False)["input_ids"], prefix=prompt_ids, tools=[env.act])
    (call,) = parsed["tool_calls"]
    assert call["function"]["name"] == "act"
    answer = getattr(env, call["function"]["name"])(**call["function"]["arguments"])  # as TRL's tool loop calls it
    assert env.episode.commands == [first] and answer == env.episode.observation


def scripted_generation(tokenizer: Any, rows: list[dict], walkthroughs: dict[str, list[str]]) -> Any:
    """A stand-in for ``GRPOTrainer._generate_single_turn``: for each conversation so far, the next
    oracle command as a chatty ``act`` tool call, and a plain reply once the walkthrough is done."""

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


def test_a_grpo_training_step_plays_each_rollout_through_the_environment(vault_suite: Path, tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    tokenizer = qwen3_tokenizer()
    monkeypatch.setenv("WORLDGEN_SUITE_ROOT", str(vault_suite.parent))  # rows and environments read the same root
    dataset = trl_dataset(vault_suite, seeds=range(2))
    args = GRPOConfig(output_dir=str(tmp_path), per_device_train_batch_size=4, num_generations=2, max_steps=1,
                      max_completion_length=8000, max_tool_calling_iterations=40, use_cpu=True, report_to=[],
                      save_strategy="no", logging_steps=1, disable_tqdm=True, seed=0,
                      reward_weights=[0.0])  # world_success logged, not paid: the return already holds the goal
    trainer = GRPOTrainer(model=tiny_model(tokenizer), reward_funcs=[world_success], args=args, train_dataset=dataset,
                          processing_class=tokenizer, environment_factory=WorldgenEnv)
    assert [tool.__name__ for tool in trainer._env_tools[None]] == ["act"]  # TRL's own pick of public methods
    walkthroughs = oracle(vault_suite)
    trainer._generate_single_turn = scripted_generation(tokenizer, list(dataset), walkthroughs)
    trainer.train()
    envs = trainer.environments
    assert len(envs) == 4 and all(isinstance(env, WorldgenEnv) for env in envs)
    for env in envs:
        plain = Episode(env.episode.world, env.episode.seed)
        for command in walkthroughs[env.episode.world.id]:
            plain.act(command)
        assert env.episode.success and env.episode.commands == plain.commands
        assert env.get_reward() == plain.total_return
    (logged, _) = trainer.state.log_history
    assert logged["rewards/world_success/mean"] == 1.0
    assert logged["rewards/WorldgenEnv/mean"] == pytest.approx(sum(env.get_reward() for env in envs) / 4)
    assert logged["reward"] == pytest.approx(logged["rewards/WorldgenEnv/mean"])  # the goal paid once
    assert logged["tools/failure_frequency"] == 0.0
