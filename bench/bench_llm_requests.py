"""LLM request benchmark: what one Chat Completions turn costs worldgen's side, by conversation length.

Run by hand:  .venv/bin/python bench/bench_llm_requests.py [--requests N]

A chat policy (``worldgen rollout --policy openai:``, the verifiers harness) sends the whole
conversation every turn. Against a loopback server that answers at once, in the same run and in
this process's CPU time (the server's thread included, the same for both): ``llm.chat_completion``
(the client's own ``post`` of the conversation as it is) beside the typed
``chat.completions.create``, which walks every message against its TypedDicts first. Then whole
openai-policy rollouts on a vault suite (episodes played to the horizon: the model never names a
command), in turns per CPU-second.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from integrations import ROOT, bench_suite
from openai import AsyncOpenAI

from worldgen.llm import chat_completion
from worldgen.rollouts.policies.openai_agent import OpenAIPolicy, OpenAISettings
from worldgen.rollouts.runner import run
from worldgen.rollouts.sources import open_entries

sys.path.insert(0, str(ROOT))
from tests.content.chat_server import ChatServer, Reply  # noqa: E402


def conversation(messages: int) -> list[dict[str, str]]:
    turns = [{"role": "user" if i % 2 == 0 else "assistant", "content": "You are in the hall. Doors: north, east."}
             for i in range(messages - 1)]
    return [{"role": "system", "content": "Rules of play. " * 100}, *turns]


async def cpu_ms(ask: Callable[[], Awaitable[Any]], requests: int) -> float:
    await ask()  # warm-up
    start = time.process_time()
    for _ in range(requests):
        await ask()
    return 1000 * (time.process_time() - start) / requests


async def requests_by_length(base_url: str, requests: int) -> None:
    async with AsyncOpenAI(base_url=base_url, api_key="loopback", max_retries=0) as client:
        for n in (2, 16, 60):
            request = {"model": "bench", "messages": conversation(n)}
            posted = await cpu_ms(lambda: chat_completion(client, request), requests)
            typed = await cpu_ms(lambda: client.chat.completions.create(**request), requests)  # type: ignore[call-overload]
            print(f"  {n:3d} messages: chat_completion {posted:6.2f} ms   chat.completions.create {typed:6.2f} ms "
                  f"({typed / posted:.1f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=40, help="requests per contender and length (default 40)")
    args = parser.parse_args()
    with ChatServer(lambda body, n: Reply(content="I look around.")) as server:
        print("one Chat Completions request against an instant loopback model, CPU ms (client and server):")
        asyncio.run(requests_by_length(server.base_url, args.requests))
        with tempfile.TemporaryDirectory() as tmp:
            entries = open_entries(bench_suite(Path(tmp), "vault"))
            policy = OpenAIPolicy(OpenAISettings(model="bench", base_url=server.base_url, retries=0, timeout_s=10))
            before, start = len(server.requests), time.process_time()
            asyncio.run(run(entries, policy, Path(tmp) / "rollouts.jsonl", 2, concurrency=8))
            turns = len(server.requests) - before
            print(f"openai-policy rollouts, {len(entries)} vault worlds x 2 episodes to the horizon: "
                  f"{turns / (time.process_time() - start):,.0f} turns per CPU-second ({turns} turns)")


if __name__ == "__main__":
    main()
