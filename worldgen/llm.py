"""What every OpenAI-compatible caller needs alike (content providers, LLM policies): the API
key, one Chat Completions request read as plain JSON, a short description of a failed request,
and a cap on how much of a reply is kept."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Any

from openai import AsyncOpenAI

try:  # the client's HTTP library: httpx2 from openai 3.x, httpx before
    import httpx2 as httpx
except ImportError:  # pragma: no cover - depends on the installed openai
    import httpx  # type: ignore[no-redef]

from worldgen.errors import WorldgenError


@dataclass(frozen=True)
class Endpoint:
    """An OpenAI-compatible endpoint (OpenAI, vLLM, Ollama, llama.cpp) and how to call it; the
    settings of content providers and LLM policies extend it."""

    model: str
    base_url: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    retries: int = 6
    timeout_s: float = 120.0
    temperature: float = 1.0

    def api_key(self) -> str:
        return api_key(self.api_key_env, self.base_url)


def api_key(env_var: str, base_url: str | None) -> str:
    """The key from ``$env_var``; local servers (vLLM, Ollama, llama.cpp) take any key."""
    key = os.environ.get(env_var)
    if key:
        return key
    if base_url:
        return "EMPTY"
    raise WorldgenError(f"no API key: set ${env_var} (or name another variable with --api-key-env)")


class UnreadableAnswer(Exception):
    """The server answered with a body that is not a JSON object."""


async def chat_completion(client: AsyncOpenAI, request: dict[str, Any]) -> dict[str, Any]:
    """POST one Chat Completions request with the client; the answer as plain JSON.

    ``client.post`` (the client's documented way to reach any endpoint) keeps its auth, base URL,
    timeouts, retries and typed errors, but skips ``chat.completions.create``'s walk of every
    parameter against its TypedDicts (~0.2 ms of CPU per message of a conversation, 12 ms at 60
    messages; ~0.5 ms per large JSON Schema) and the pydantic models it builds of the answer.
    """
    response = await client.post("/chat/completions", body=request, cast_to=httpx.Response)
    try:
        body = json.loads(response.content)
    except json.JSONDecodeError as err:
        raise UnreadableAnswer(f"the server answered {response.status_code} with a body that is not JSON") from err
    if not isinstance(body, dict):
        raise UnreadableAnswer(f"the server answered {response.status_code} with JSON that is not an object")
    return body


def answer_text(answer: dict[str, Any]) -> str:
    """The first choice's message text; a missing, refused or empty one is ""."""
    choices = answer.get("choices")
    first = choices[0] if isinstance(choices, list) and choices else None
    message = first.get("message") if isinstance(first, dict) else None
    content = message.get("content") if isinstance(message, dict) else None
    return content if isinstance(content, str) else ""


def answer_tokens(answer: dict[str, Any]) -> tuple[int, int]:
    """(prompt, completion) tokens from the answer's ``usage``; what is absent or not a count is 0."""
    usage = answer.get("usage")
    if not isinstance(usage, dict):
        return 0, 0
    return _count(usage.get("prompt_tokens")), _count(usage.get("completion_tokens"))


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def describe_error(err: Exception) -> str:
    """One line for a failed request: the error's kind, HTTP status and message (cut to 200)."""
    status = getattr(err, "status_code", None)
    kind = type(err).__name__
    message = str(getattr(err, "message", err))
    if len(message) > 200:
        message = message[:197] + "..."
    return f"{kind} ({status}): {message}" if status else f"{kind}: {message}"


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, with a marker saying how much was cut: a model (or a
    server ignoring ``max_tokens``) that answers megabytes per turn must not make a rollout file,
    or the next turn's prompt, megabytes too."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... [truncated: {len(text) - limit:,} more characters]"
