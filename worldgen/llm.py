"""What every OpenAI-compatible caller needs alike (content providers, LLM policies): the API
key, a short description of a failed request, and a cap on how much of a reply is kept."""

from __future__ import annotations

import os
from dataclasses import dataclass

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
