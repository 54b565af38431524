"""The openai policy: a multi-turn chat agent, with the real `openai` client, against the loopback
Chat Completions server the content tests use (tests/content/chat_server.py)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.content.chat_server import ChatServer, Reply
from tests.walkthrough import walkthrough_script
from worldgen.cli.main import main
from worldgen.errors import WorldgenError
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries
from worldgen.rollouts.policies.openai_agent import OpenAIPolicy, OpenAISettings
from worldgen.agent.prompt import command_help

def first_world(suite: Path) -> Path:
    """The suite's world with the longest walkthrough (the first of them)."""
    lines = [json.loads(line) for line in (suite / "index.jsonl").read_text().splitlines()]
    return suite / max(lines, key=lambda line: line["solution_length"])["path"]


def oracle(world: Path) -> list[str]:
    """The commands of the world's oracle walkthrough."""
    return [s.command for s in open_entries(world)[0].report.oracle.steps]


def play(world: Path, out: Path, script: Callable[[dict[str, Any], int], Reply], episodes: int = 1,
         retries: int = 0) -> tuple[list[dict[str, Any]], ChatServer]:
    with ChatServer(script) as server:
        policy = OpenAIPolicy(OpenAISettings(model="test-model", base_url=server.base_url, retries=retries, timeout_s=10))
        try:
            asyncio.run(run(open_entries(world), policy, out, episodes, concurrency=2))
        finally:
            episodes_file = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return episodes_file, server


def test_a_chat_agent_plays_a_world_turn_by_turn(ledger_suite: Path, tmp_path: Path) -> None:
    world = first_world(ledger_suite)
    episodes, server = play(world, tmp_path / "llm.jsonl", walkthrough_script(oracle(world)), episodes=2)
    entry = open_entries(world)[0]
    n = len(entry.report.oracle.steps)
    assert len(episodes) == 2 and all(e["success"] and e["policy"] == "openai:test-model" for e in episodes)
    assert all(e["tokens"] == {"prompt": 100 * n, "completion": 50 * n, "requests": n} for e in episodes)
    assert [s["command"] for s in episodes[0]["trace"]] == [s.command for s in entry.report.oracle.steps]
    assert episodes[0]["trace"][1]["reply"] == "> " + entry.report.oracle.steps[1].command  # the raw reply is kept
    last = max(server.requests, key=lambda body: len(body["messages"]))
    roles = [m["role"] for m in last["messages"]]
    assert roles == ["system"] + ["user", "assistant"] * (n - 1) + ["user"]
    system = last["messages"][0]["content"]
    assert command_help(entry.world) in system and "exactly one command" in system
    assert last["messages"][1]["content"] == episodes[0]["observation"]
    assert last["messages"][3]["content"] == episodes[0]["trace"][0]["observation"]
    assert last["model"] == "test-model" and last["temperature"] == 0.0


def test_an_endpoint_that_keeps_failing_is_recorded_per_episode_and_retried_on_resume(ledger_suite: Path, tmp_path: Path) -> None:
    world, out = first_world(ledger_suite), tmp_path / "llm.jsonl"
    failing = lambda body, n: Reply(status=503, headers={"retry-after-ms": "1"})  # noqa: E731
    episodes, server = play(world, out, failing, episodes=2, retries=2)
    assert len(server.requests) == 2 * 3  # each episode: the request and 2 retries
    assert [e["error"]["source"] for e in episodes] == ["policy", "policy"]
    assert "503" in episodes[0]["error"]["message"] and not episodes[0]["success"]
    episodes, _ = play(world, out, walkthrough_script(oracle(world)), episodes=2)
    assert len(episodes) == 2 and all(e["success"] and e["error"] is None for e in episodes)


def test_an_answer_that_is_not_json_is_recorded_as_the_episode_s_policy_error(ledger_suite: Path, tmp_path: Path) -> None:
    episodes, _ = play(first_world(ledger_suite), tmp_path / "llm.jsonl", lambda body, n: Reply(body=b"<html>busy</html>"))
    assert [e["error"]["source"] for e in episodes] == ["policy"]
    assert episodes[0]["error"]["message"] == "the server answered 200 with a body that is not JSON"


def test_a_bad_key_stops_the_run_with_the_episode_recorded(ledger_suite: Path, tmp_path: Path) -> None:
    world, out = first_world(ledger_suite), tmp_path / "llm.jsonl"
    with pytest.raises(WorldgenError, match="API key"):
        play(world, out, lambda body, n: Reply(status=401))
    episodes = [json.loads(line) for line in out.read_text().splitlines()]
    assert episodes and episodes[0]["error"]["source"] == "policy"


def test_the_cli_runs_the_openai_policy(ledger_suite: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    world, out = first_world(ledger_suite), tmp_path / "cli.jsonl"
    with ChatServer(walkthrough_script(oracle(world))) as server:
        code = main(["rollout", str(world), "--policy", "openai:m", "--base-url", server.base_url, "-o", str(out)])
    assert code == 0 and "1 succeeded" in capsys.readouterr().out
    assert json.loads(out.read_text())["policy"] == "openai:m"


def test_replies_are_capped_in_tokens_asked_for_and_in_characters_kept(ledger_suite: Path, tmp_path: Path) -> None:
    """A model that rambles megabytes per turn still plays its command, and the rollout file and the
    next prompt keep only the first ``max_reply_chars`` of each reply, marked as cut."""
    world = first_world(ledger_suite)
    script = walkthrough_script(oracle(world))
    rambling = lambda body, n: Reply(content=script(body, n).content + "\n" + "blah " * 200_000)  # noqa: E731
    episodes, server = play(world, tmp_path / "llm.jsonl", rambling)
    limit = OpenAISettings(model="m").max_tokens
    assert episodes[0]["success"] and all(body["max_tokens"] == limit for body in server.requests)
    reply = episodes[0]["trace"][0]["reply"]
    assert len(reply) < 8300 and reply.endswith("more characters]") and "[truncated: " in reply
    last = max(server.requests, key=lambda body: len(body["messages"]))
    assert all(len(m["content"]) < 8300 for m in last["messages"] if m["role"] == "assistant")


def test_a_lone_surrogate_in_a_reply_is_replaced_and_the_world_refuses_the_line(ledger_suite: Path, tmp_path: Path) -> None:
    """JSON lets a reply carry "\\ud800", which no UTF-8 file can hold: it becomes U+FFFD, so the
    episode goes on (the world refuses that line as it would any unknown command) and is stored."""
    world = first_world(ledger_suite)
    script = walkthrough_script(oracle(world))

    def surrogate_first(body: dict[str, Any], n: int) -> Reply:
        if n == 0:
            return Reply(content="open \ud800")
        body = {**body, "messages": body["messages"][:2] + body["messages"][4:]}  # the walkthrough, one turn late
        return script(body, n)

    episodes, _ = play(world, tmp_path / "llm.jsonl", surrogate_first)
    first = episodes[0]["trace"][0]
    assert first["command"] == "open \ufffd" and not first["valid"]
    assert episodes[0]["success"] and episodes[0]["error"] is None
