"""One Chat Completions request, read as plain JSON with the real `openai` client against the
loopback server (tests/content/chat_server.py): the conversation goes as it is, an answer that is
not a JSON object is one clear error, and odd answer shapes read as empty rather than crash."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from openai import AsyncOpenAI

from tests.content.chat_server import ChatServer, Reply
from worldgen.llm import UnreadableAnswer, answer_text, answer_tokens, chat_completion

CONVERSATION = [{"role": "system", "content": "Play."}, {"role": "user", "content": "A door."},
                {"role": "assistant", "content": "open door"}, {"role": "user", "content": "It opens."}]


def ask(reply: Reply, request: dict[str, Any]) -> tuple[dict[str, Any], ChatServer]:
    async def go(server: ChatServer) -> dict[str, Any]:
        async with AsyncOpenAI(base_url=server.base_url, api_key="loopback", max_retries=0, timeout=10) as client:
            return await chat_completion(client, request)

    with ChatServer(lambda body, n: reply) as server:
        return asyncio.run(go(server)), server


def test_the_conversation_is_sent_as_it_is_and_the_answer_read_as_json() -> None:
    request = {"model": "m", "messages": CONVERSATION, "seed": 3}
    answer, server = ask(Reply(content="go north", prompt_tokens=7, completion_tokens=2), request)
    assert server.requests == [request]
    assert answer_text(answer) == "go north" and answer_tokens(answer) == (7, 2)


@pytest.mark.parametrize(("body", "why"), [(b"<html>busy</html>", "a body that is not JSON"),
                                           (b"[1, 2]", "JSON that is not an object")])
def test_an_answer_that_is_not_a_json_object_is_one_error_naming_the_status(body: bytes, why: str) -> None:
    with pytest.raises(UnreadableAnswer, match=f"^the server answered 200 with {why}$"):
        ask(Reply(body=body), {"model": "m", "messages": CONVERSATION})


@pytest.mark.parametrize("answer", [{}, {"choices": []}, {"choices": "x"}, {"choices": [None]},
                                    {"choices": [{"message": None}]}, {"choices": [{"message": {"content": None}}]},
                                    {"choices": [{"message": {"content": ["parts"]}}]}])
def test_an_answer_without_a_text_reads_as_empty(answer: dict[str, Any]) -> None:
    assert answer_text(answer) == ""


@pytest.mark.parametrize(("usage", "tokens"), [(None, (0, 0)), ("lots", (0, 0)), ({"prompt_tokens": 5}, (5, 0)),
                                               ({"prompt_tokens": "5", "completion_tokens": -1}, (0, 0)),
                                               ({"prompt_tokens": True, "completion_tokens": 2.5}, (0, 0))])
def test_token_counts_that_are_absent_or_not_counts_read_as_zero(usage: Any, tokens: tuple[int, int]) -> None:
    assert answer_tokens({"usage": usage}) == tokens
