"""JSON lines over HTTP/1.1: ``POST /`` with one or more request lines, one reply line each.

The server is uvicorn (httptools, asyncio) with the limits in ``guard``; ``ProtocolApp`` is the ASGI
application. Everything runs on one event loop thread, so sessions need no lock, and a big body
cannot hold the others up: its replies are built and sent a bounded batch at a time
(``lines.reply_batches``), and the loop turns to other connections between batches. A reply that
fits in one batch goes out with a ``Content-Length``; a longer one streams in chunks
(``Transfer-Encoding: chunked``), so it never sits in memory whole.

Transport problems are answered with an HTTP status, a protocol error body and the end of that
connection: 404 for other paths, 405 for other methods, 411 without a Content-Length, 413 for a
body over the limit, 503 beyond the connection cap, 400 for malformed HTTP (with llhttp's reason:
a second ``Content-Length``, one beside a ``Transfer-Encoding``, ...) and 431 for a request head
over the limit.
"""

from __future__ import annotations

import asyncio
import functools
import socket
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import uvicorn

from worldgen.serve.guard import GuardedHttpTools, error_body
from worldgen.serve.limits import Limits
from worldgen.serve.lines import body_lines, reply_batches
from worldgen.serve.messages import ErrorCode
from worldgen.serve.protocol import Protocol

Receive = Callable[[], Awaitable[dict[str, Any]]]
Send = Callable[[dict[str, Any]], Awaitable[None]]
NDJSON = (b"content-type", b"application/x-ndjson")


class ProtocolApp:
    """The ASGI application: checks the request, reads its body, streams the replies."""

    def __init__(self, protocol: Protocol, max_body: int):
        self.protocol = protocol
        self.max_body = max_body

    async def __call__(self, scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        refusal = self._refusal(scope)
        if refusal is not None:
            return await _refuse(send, *refusal)
        body = await _read_body(receive)
        if body is not None:
            await _stream(send, reply_batches(self.protocol, body_lines(body)))

    def _refusal(self, scope: dict[str, Any]) -> tuple[int, ErrorCode, str] | None:
        """Why this request cannot reach the protocol, if it cannot. (llhttp has already refused a
        second Content-Length and Content-Length with Transfer-Encoding, so there is at most one of
        them here.)"""
        if scope["path"] != "/":
            return 404, "not_found", f"no endpoint {scope['path']!r}; POST request lines to /"
        if scope["method"] != "POST":
            return 405, "method_not_allowed", "POST request lines to /"
        length = dict(scope["headers"]).get(b"content-length")
        if length is None:  # a chunked body, or none
            return 411, "length_required", "send the request lines with a Content-Length header and no Transfer-Encoding"
        if int(length) > self.max_body:
            return 413, "body_too_large", f"body of {int(length)} bytes is over the limit of {self.max_body} bytes; send fewer lines per POST"
        return None


async def _read_body(receive: Receive) -> bytes | None:
    """The whole body (at most ``max_body`` bytes, as checked), or None if the client left."""
    parts = []
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        parts.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(parts)


async def _stream(send: Send, batches: Iterator[bytes]) -> None:
    """One batch: a plain response. More: a chunked one, a batch per chunk, letting the other
    connections run between batches (``send`` itself waits while the client is slow to read)."""
    first = next(batches, b"")
    second = next(batches, None)
    if second is None:
        await send({"type": "http.response.start", "status": 200,
                    "headers": [NDJSON, (b"content-length", str(len(first)).encode())]})
        return await send({"type": "http.response.body", "body": first})
    await send({"type": "http.response.start", "status": 200, "headers": [NDJSON]})
    await send({"type": "http.response.body", "body": first, "more_body": True})
    await send({"type": "http.response.body", "body": second, "more_body": True})
    for batch in batches:
        await asyncio.sleep(0)
        await send({"type": "http.response.body", "body": batch, "more_body": True})
    await send({"type": "http.response.body", "body": b""})


async def _refuse(send: Send, status: int, code: ErrorCode, message: str) -> None:
    """An error reply, then the connection closes: its unread body must not be taken for a request."""
    body = error_body(code, message)
    await send({"type": "http.response.start", "status": status,
                "headers": [NDJSON, (b"content-length", str(len(body)).encode()), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


def listen(host: str, port: int, limits: Limits) -> socket.socket:
    """The listening socket (bound now, so a busy port is reported before serving starts)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=limits.backlog)


def serve_http(protocol: Protocol, sock: socket.socket, limits: Limits) -> None:
    """Serve on ``sock`` until SIGINT (raised again as KeyboardInterrupt) or SIGTERM."""
    config = uvicorn.Config(
        ProtocolApp(protocol, limits.max_body), http=functools.partial(GuardedHttpTools, limits=limits),  # type: ignore[arg-type]
        interface="asgi3", lifespan="off", ws="none", loop="asyncio", proxy_headers=False, backlog=limits.backlog,
        timeout_keep_alive=limits.idle_timeout,  # type: ignore[arg-type] - typed int, any delay works
        server_header=False, date_header=False, access_log=False, log_level="error")
    uvicorn.Server(config).run(sockets=[sock])
