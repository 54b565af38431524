"""An LLM solver over any OpenAI-compatible Chat Completions endpoint (OpenAI, vLLM, Ollama, ...).

A real multi-turn agent: the system message holds the rules of play, the world's instruction and
its command syntax (``worldgen.agent.prompt``); each observation is a user turn; each assistant
turn is parsed into exactly one command (``worldgen.agent.commands``). Token usage is summed per
episode from the server's ``usage`` field. Each turn asks for at most ``max_tokens`` tokens, and a
reply is kept (in the conversation and the rollout file) only up to ``max_reply_chars``, cut with a
marker: one verbose turn must not cost gigabytes of disk or prompt. A lone surrogate in a reply
(JSON's ``"\ud800"``, which no UTF-8 file can hold) becomes U+FFFD, so the world refuses that line
like any unknown command and the episode is stored.

Transient failures (timeouts, dropped connections, 408/409/429/5xx) are retried by the official
client itself, with exponential backoff honouring ``Retry-After``; if they outlast the retries the
episode is recorded with the error and the run goes on. Failures no retry can fix (bad key, unknown
model, a request the server rejects) stop the run with a message naming the flag to fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import openai
from openai import AsyncOpenAI

from worldgen.llm import Endpoint, UnreadableAnswer, answer_text, answer_tokens, chat_completion, clip, describe_error
from worldgen.errors import WorldgenError
from worldgen.agent.commands import parse_command
from worldgen.rollouts.policies.base import Move, PolicyError, Usage
from worldgen.agent.prompt import system_prompt
from worldgen.rollouts.sources import Entry
from worldgen.runtime.env import Env
from worldgen.reach import check_reachable
from worldgen.validtext import replace_surrogates


@dataclass(frozen=True)
class OpenAISettings(Endpoint):
    temperature: float = 0.0  # a policy plays its best move; content wants variety
    max_tokens: int = 2048  # per turn, sent to the API: a move is one short command, with room for a model that thinks first
    max_reply_chars: int = 8192  # of each reply, kept in the conversation and the rollout file (the rest is cut, with a marker)


class OpenAIPolicy:
    def __init__(self, settings: OpenAISettings):
        self.settings = settings
        self.name = f"openai:{settings.model}"
        check_reachable(settings.base_url)
        self.client = AsyncOpenAI(api_key=settings.api_key(), base_url=settings.base_url,
                                  max_retries=settings.retries, timeout=settings.timeout_s)

    def agent(self, entry: Entry, env: Env, seed: int) -> ChatAgent:
        return ChatAgent(self, entry, frozenset(env.rules.table), seed)

    async def aclose(self) -> None:
        await self.client.close()

    async def complete(self, messages: list[dict[str, str]], seed: int, usage: Usage) -> str:
        """The assistant's next message; usage is added to ``usage``."""
        s = self.settings
        try:
            answer = await chat_completion(self.client, {
                "model": s.model, "messages": messages, "temperature": s.temperature, "seed": seed, "max_tokens": s.max_tokens})
        except (openai.AuthenticationError, openai.PermissionDeniedError) as err:
            raise WorldgenError(f"{describe_error(err)}; check the API key in ${s.api_key_env}") from err
        except (openai.NotFoundError, openai.BadRequestError, openai.UnprocessableEntityError) as err:
            raise WorldgenError(f"{describe_error(err)}; check the model name ({s.model!r}) and --base-url") from err
        except openai.APIError as err:
            raise PolicyError(f"{describe_error(err)} (after {s.retries} retries)") from err
        except UnreadableAnswer as err:
            raise PolicyError(str(err)) from err
        usage.requests += 1
        prompt, completion = answer_tokens(answer)
        usage.prompt += prompt
        usage.completion += completion
        return replace_surrogates(answer_text(answer))


class ChatAgent:
    def __init__(self, policy: OpenAIPolicy, entry: Entry, known: frozenset[str], seed: int):
        self.policy = policy
        self.entry = entry
        self.known = known
        self.seed = seed
        self.messages: list[dict[str, str]] = []
        self.usage: Usage | None = Usage()

    async def act(self, observation: str, info: Mapping[str, Any]) -> Move:
        if not self.messages:
            self.messages.append({"role": "system", "content": system_prompt(self.entry.world, info.get("instruction", ""))})
        self.messages.append({"role": "user", "content": observation})
        assert self.usage is not None
        reply = await self.policy.complete(self.messages, self.seed, self.usage)
        kept = clip(reply, self.policy.settings.max_reply_chars)
        self.messages.append({"role": "assistant", "content": kept})
        command = parse_command(reply, self.known)
        return Move(command, None if reply == command else kept)

