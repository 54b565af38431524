"""A real HTTP server on 127.0.0.1 speaking the OpenAI Chat Completions API, scripted per request.

Used by the openai provider tests and by bench/bench_content.py. It is a small HTTP/1.1 server on
asyncio streams (keep-alive, Content-Length bodies), run on its own event loop in a thread, or as a
separate process for the benchmark so it does not compete with the client for the GIL. One event
loop rather than a thread per connection keeps latency exact at high concurrency: a reply delayed
by 200 ms leaves after 200 ms, not after 64 threads have fought over the GIL. A *script* maps each
request to a :class:`Reply`; every request body is recorded so tests can assert what the client
sent and how often it retried.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any


@dataclass
class Reply:
    status: int = 200
    content: str | None = None  # the assistant message (status 200)
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    prompt_tokens: int = 100
    completion_tokens: int = 50
    body: bytes | None = None  # sent as it is instead of a completion (a server answering something else)


Script = Callable[[dict[str, Any], int], Reply]  # (request body, request number from 0) -> reply


class ChatServer:
    """Serves a script on 127.0.0.1:<free port> from a background thread until closed."""

    def __init__(self, script: Script):
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.loop = asyncio.new_event_loop()
        self._server = self.loop.run_until_complete(asyncio.start_server(self._connection, "127.0.0.1", 0, backlog=512))
        self.port = self._server.sockets[0].getsockname()[1]
        self.base_url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self.loop.run_forever, daemon=True)

    def start(self) -> ChatServer:
        self._thread.start()
        return self

    def close(self) -> None:
        async def stop() -> None:
            self._server.close()
            for task in asyncio.all_tasks():
                if task is not asyncio.current_task():
                    task.cancel()

        asyncio.run_coroutine_threadsafe(stop(), self.loop).result(timeout=10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=10)
        self.loop.close()

    def __enter__(self) -> ChatServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                headers = dict(
                    line.split(":", 1) for line in head.decode("latin-1").split("\r\n")[1:] if ":" in line
                )
                length = int(next((v for k, v in headers.items() if k.strip().lower() == "content-length"), "0"))
                body = json.loads(await reader.readexactly(length) or b"{}")
                number = len(self.requests)
                self.requests.append(body)
                reply = self.script(body, number)
                if reply.delay_s:
                    await asyncio.sleep(reply.delay_s)
                writer.write(_response(body, reply))
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()


def _response(body: dict[str, Any], reply: Reply) -> bytes:
    if reply.body is not None:
        data = reply.body
    elif reply.status == 200:
        data = json.dumps(completion(body.get("model", ""), reply)).encode()
    else:
        data = json.dumps({"error": {"message": f"scripted {reply.status}", "type": "scripted", "code": None}}).encode()
    lines = [f"HTTP/1.1 {reply.status} {HTTPStatus(reply.status).phrase}", "Content-Type: application/json", f"Content-Length: {len(data)}"]
    lines += [f"{k}: {v}" for k, v in reply.headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + data


def completion(model: str, reply: Reply) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [{"index": 0, "message": {"role": "assistant", "content": reply.content}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        },
    }


def record_source(scaffold_path: str, seed: int = 12345) -> Callable[[int], str]:
    """Valid, distinct answers for a scaffold: procedural records as JSON text, by number."""
    from worldgen.content.providers.procedural import ProceduralProvider
    from worldgen.content.source import load_scaffold
    from worldgen.content.validate import Validator

    scaffold = load_scaffold(scaffold_path)
    provider = ProceduralProvider(scaffold, Validator(scaffold), seed)
    return lambda n: json.dumps(provider.make(n).record)


def main() -> None:
    """Serve valid answers for a scaffold; print the port; run until stdin closes (bench use)."""
    parser = argparse.ArgumentParser()
    parser.add_argument("scaffold")
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--records", type=int, default=4000, help="distinct answers prepared in advance")
    args = parser.parse_args()
    make = record_source(args.scaffold)
    answers = [make(n) for n in range(args.records)]
    server = ChatServer(lambda body, n: Reply(content=answers[n % len(answers)], delay_s=args.latency)).start()
    print(server.port, flush=True)
    sys.stdin.read()
    server.close()


if __name__ == "__main__":
    main()
