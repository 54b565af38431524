"""TRL plays worlds through ``WorldgenEnv``: TRL's own tool extraction, reset(**row), tool loop and rewards.

Everything runs against the installed TRL (the ``trl`` extra) and offline: the tokenizer and the
tiny model are made on the spot (worldgen/integrations/tiny_chat.py), and a scripted policy (the
oracle's walkthrough, in chatty sentences) stands in for the model's generation.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("trl")
os.environ.setdefault("TRL_EXPERIMENTAL_SILENCE", "1")  # environment_factory is marked experimental

from transformers.utils import get_json_schema  # noqa: E402
from trl.chat_template_utils import add_response_schema, parse_response  # noqa: E402

import worldgen  # noqa: E402
from worldgen.agent import Episode  # noqa: E402
from worldgen.errors import WorldgenError  # noqa: E402
from worldgen.integrations.smoke import oracle_walkthroughs  # noqa: E402
from worldgen.integrations.tiny_chat import qwen3_tokenizer  # noqa: E402
from worldgen.integrations.trl import ENDED, OVER, TOOL_RULES, WorldgenEnv, trl_dataset, world_success  # noqa: E402


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
    walkthroughs = oracle_walkthroughs(suite)
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
    first = oracle_walkthroughs(vault_suite)[row["world_id"]][0]
    reply = 'Let me look around first.\n<tool_call>\n{"name": "act", "arguments": {"command": "I will %s."}}\n</tool_call><|im_end|>' % first
    parsed = parse_response(tokenizer, tokenizer(reply, add_special_tokens=False)["input_ids"], prefix=prompt_ids, tools=[env.act])
    (call,) = parsed["tool_calls"]
    assert call["function"]["name"] == "act"
    answer = getattr(env, call["function"]["name"])(**call["function"]["arguments"])  # as TRL's tool loop calls it
    assert env.episode.commands == [first] and answer == env.episode.observation
