"""What every OpenAI-compatible caller needs alike (content providers, LLM policies): the API
key and a short description of a failed request."""

from __future__ import annotations

import os

from worldgen.errors import WorldgenError


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
