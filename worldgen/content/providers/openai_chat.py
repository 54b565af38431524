"""The ``openai`` provider: Chat Completions on any OpenAI-compatible endpoint via ``AsyncOpenAI``.

Per record: build the prompt (with its diversity hint), ask, validate; on violations feed them back
and ask again, up to ``repairs`` times; then keep or reject with the reason. Transport failures
(429, 5xx, timeouts, dropped connections) are retried here with exponential backoff, honouring
``Retry-After``; the client's own retries are off so every retry is counted. Structured outputs
(``response_format`` json_schema, strict) are used where the server accepts them; a server that
rejects them is asked in JSON mode, then with no response format at all, with the schema spelled
out in the prompt. Errors no retry can fix (bad key, unknown model) stop the run.
"""

from __future__ import annotations

import asyncio
import email.utils
import time
from dataclasses import dataclass
from typing import Any

import openai
from openai import AsyncOpenAI

from worldgen.content.cache import ContentCache
from worldgen.content.pricing import Price
from worldgen.content.prompt import Message, PromptBuilder, json_schema_format, prompt_hash, repair_messages
from worldgen.content.providers.base import Outcome, record_id
from worldgen.content.rng import Stream
from worldgen.content.validate import Validator
from worldgen.errors import WorldgenError
from worldgen.ir.models import Scaffold
from worldgen.llm import Endpoint, UnreadableAnswer, answer_text, answer_tokens, chat_completion, describe_error
from worldgen.reach import check_reachable

FORMATS = ("json_schema", "json_object", "none")
MAX_RETRY_AFTER_S = 300.0


@dataclass(frozen=True)
class ChatSettings(Endpoint):
    repairs: int = 2
    backoff_s: float = 0.5
    backoff_cap_s: float = 30.0
    response_format: str = "auto"  # auto (json_schema, falling back) or one of FORMATS
    price: Price | None = None


class _GaveUp(Exception):
    """Transport failures outlasted the retries for one request."""

    def __init__(self, message: str, retries: int = 0):
        super().__init__(message)
        self.retries = retries


@dataclass
class _Answer:
    text: str
    prompt_tokens: int
    completion_tokens: int
    retries: int
    cached: bool


class OpenAIChatProvider:
    """Records from an OpenAI-compatible Chat Completions endpoint."""

    name = "openai"

    def __init__(self, scaffold: Scaffold, validator: Validator, seed: int, settings: ChatSettings, cache: ContentCache):
        self.scaffold = scaffold
        self.validator = validator
        self.seed = seed
        self.config = settings
        self.model = settings.model
        self.cache = cache
        self.prompts = PromptBuilder(scaffold, seed)
        if settings.response_format not in ("auto", *FORMATS):
            raise WorldgenError(f"--response-format must be auto, {', '.join(FORMATS)}; not {settings.response_format!r}")
        self._format = FORMATS.index("json_schema" if settings.response_format == "auto" else settings.response_format)
        check_reachable(settings.base_url)
        self.client = AsyncOpenAI(
            api_key=settings.api_key(),
            base_url=settings.base_url,
            max_retries=0,
            timeout=settings.timeout_s,
        )

    def settings(self) -> dict[str, Any]:
        return {"temperature": self.config.temperature}

    async def aclose(self) -> None:
        await self.client.close()

    async def produce(self, index: int) -> Outcome:
        rid = record_id(self.scaffold.name, self.seed, index)
        messages = self.prompts.messages(index, include_schema=FORMATS[self._format] != "json_schema")
        outcome = Outcome(index, prompt_hash(messages, self.model), attempts=0)
        for _ in range(1 + self.config.repairs):
            try:
                answer = await self._ask(messages, index)
            except _GaveUp as err:
                outcome.reject, outcome.reason = "error", str(err)
                outcome.retries += err.retries
                return outcome
            outcome.attempts += 1
            outcome.retries += answer.retries
            if answer.cached:
                outcome.cache_hits += 1
            else:
                cost = self.config.price.cost(answer.prompt_tokens, answer.completion_tokens) if self.config.price else None
                outcome.usage.add(answer.prompt_tokens, answer.completion_tokens, cost)
            record, violations = self.validator.check_json(answer.text, rid)
            if not violations:
                outcome.record = record
                return outcome
            outcome.violations = violations
            messages = repair_messages(messages, answer.text, violations)
        first = outcome.violations[0]
        outcome.reject = "invalid"
        outcome.reason = f"invalid after {self.config.repairs} repair(s): {first.pointer or '/'}: {first.rule}"
        return outcome

    # ------------------------------------------------------------------------------ one request

    async def _ask(self, messages: list[Message], index: int) -> _Answer:
        """One answer to ``messages``: from the cache, or from the server with retries."""
        retries = 0
        while True:
            fmt = self._format
            request = self._request(messages, fmt)
            cached = self.cache.get(request)
            if cached is not None:
                return _Answer(cached["text"], cached["prompt_tokens"], cached["completion_tokens"], retries, True)
            try:
                response = await chat_completion(self.client, request)
            except UnreadableAnswer as err:
                raise _GaveUp(str(err), retries) from err
            except (openai.BadRequestError, openai.UnprocessableEntityError) as err:
                if fmt == self._format and fmt + 1 < len(FORMATS) and self.config.response_format == "auto":
                    self._format = fmt + 1  # the server does not take this response_format: step down
                    continue
                if fmt != self._format:
                    continue  # another request already stepped down; ask again in the new format
                raise WorldgenError(f"the server rejected the request: {describe_error(err)}") from err
            except (openai.AuthenticationError, openai.PermissionDeniedError, openai.NotFoundError) as err:
                raise WorldgenError(
                    f"{describe_error(err)}; check --model, --base-url and the API key in ${self.config.api_key_env}"
                ) from err
            except (openai.APITimeoutError, openai.APIConnectionError, openai.APIStatusError) as err:
                if not _retryable(err) or retries >= self.config.retries:
                    raise _GaveUp(f"{describe_error(err)} (after {retries} retries)", retries) from err
                await asyncio.sleep(self._delay(err, retries, index))
                retries += 1
                continue
            answer = _Answer(answer_text(response), *answer_tokens(response), retries, False)
            self.cache.put(request, {"text": answer.text, "prompt_tokens": answer.prompt_tokens, "completion_tokens": answer.completion_tokens})
            return answer

    def _request(self, messages: list[Message], fmt: int) -> dict[str, Any]:
        request: dict[str, Any] = {"model": self.model, "messages": messages, "temperature": self.config.temperature}
        match FORMATS[fmt]:
            case "json_schema":
                request["response_format"] = json_schema_format(self.scaffold.name, self.prompts.schema)
            case "json_object":
                request["response_format"] = {"type": "json_object"}
        return request

    def _delay(self, err: Exception, retries: int, index: int) -> float:
        """Retry-After when the server gives one, else capped exponential backoff with seeded jitter."""
        told = _retry_after(err)
        if told is not None:
            return min(told, MAX_RETRY_AFTER_S)
        base = min(self.config.backoff_cap_s, self.config.backoff_s * 2**retries)
        jitter = Stream(self.seed, f"content/backoff/{retries}", index).below(1000) / 1000
        return base * (0.75 + 0.25 * jitter)


def _retryable(err: Exception) -> bool:
    if isinstance(err, (openai.APITimeoutError, openai.APIConnectionError)):
        return True
    status = getattr(err, "status_code", 0)
    return status in (408, 409, 429) or status >= 500


def _retry_after(err: Exception) -> float | None:
    response = getattr(err, "response", None)
    if response is None:
        return None
    headers = response.headers
    try:
        if "retry-after-ms" in headers:
            return float(headers["retry-after-ms"]) / 1000
        value = headers.get("retry-after")
        if value is None:
            return None
        try:
            return max(0.0, float(value))
        except ValueError:
            when = email.utils.parsedate_to_datetime(value)
            return max(0.0, when.timestamp() - time.time())
    except (TypeError, ValueError):
        return None


