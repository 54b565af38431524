"""A chatty model that plays the oracle's walkthrough: each command wrapped the way models wrap
commands, as a plain reply (SkyRL, TRL) or as a loopback Chat Completions script (tests/content/chat_server.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.content.chat_server import Reply

NOISE = ("{}", "> {}", "```\n{}\n```", "I will {}.", "Command: `{}`")  # ways models wrap a command


def chatty(command: str, turn: int) -> str:
    """Turn ``turn``'s reply carrying ``command``, in one of the wrappings of NOISE."""
    return NOISE[turn % len(NOISE)].format(command)


def walkthrough_script(commands: list[str]) -> Callable[[dict[str, Any], int], Reply]:
    """Answers each turn of a conversation with the next command of ``commands``, wrapped in noise."""

    def script(body: dict[str, Any], n: int) -> Reply:
        turn = sum(m["role"] == "assistant" for m in body["messages"])
        return Reply(content=chatty(commands[turn], turn))

    return script
