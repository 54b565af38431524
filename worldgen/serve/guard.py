"""The connection limits uvicorn's HTTP/1.1 protocol lacks, so slow or hostile clients cannot pin
the server: a connection cap, a deadline for each request to arrive whole (and for a client to
read its replies), and JSON refusals.

uvicorn already brings the listen backlog, the idle (keep-alive) timeout, the header-size limit
and h11's strict parsing (conflicting ``Content-Length`` headers, bad chunking and the like are
malformed requests). What it does not do: close a connection that opens and sends nothing, or
sends its request a byte at a time (its keep-alive timer stops at the first byte), or stops reading
its replies, and refuse connections beyond a cap; and it answers malformed requests in plain text. ``GuardedH11`` adds
those, so every refusal is a protocol error reply a client can read.
"""

from __future__ import annotations

import asyncio
import socket
import sys
from http import HTTPStatus
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from worldgen.serve.messages import ErrorBody, ErrorCode, ErrorReply, dump
from worldgen.serve.limits import Limits


def error_body(code: ErrorCode, message: str) -> bytes:
    """A transport refusal as a protocol error reply line (no request was read, so no id)."""
    return (dump(ErrorReply(id=None, error=ErrorBody(code=code, message=message))) + "\n").encode("utf-8")


def raw_refusal(status: int, code: ErrorCode, message: str) -> bytes:
    """A whole HTTP response that ends the connection, for refusals made outside any request cycle."""
    body = error_body(code, message)
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nContent-Type: application/x-ndjson\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    return head.encode("latin-1") + body


class GuardedH11(H11Protocol):
    """One client connection: uvicorn's h11 protocol under ``Limits``."""

    def __init__(self, *args: Any, limits: Limits, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.limits = limits
        self._deadline: asyncio.TimerHandle | None = None  # armed while a request is arriving
        self._stalled: asyncio.TimerHandle | None = None  # armed while the client does not read its replies

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(_Coalescing(transport, self.loop))  # type: ignore[arg-type]
        # asyncio turns Nagle's algorithm off only for sockets made with proto=IPPROTO_TCP, and a
        # socket handed to uvicorn has proto 0: without this, every reply waits ~40 ms for an ACK.
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if len(self.connections) > self.limits.max_connections:
            transport.write(raw_refusal(503, "too_many_connections",
                                        f"the server has {self.limits.max_connections} connections open (its limit); "
                                        "retry later, or reuse one keep-alive connection for many requests"))
            transport.close()
            return
        self._arm()  # a new connection must send its first request in time, like any request

    def data_received(self, data: bytes) -> None:
        if self._deadline is None:
            self._arm()
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):  # the request has arrived whole (or failed)
            self._disarm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        self._reading()
        super().connection_lost(exc)

    def pause_writing(self) -> None:
        """The client has stopped reading its replies: it gets the request deadline to start again."""
        super().pause_writing()
        self._stalled = self.loop.call_later(self.limits.request_timeout, self._expire)

    def resume_writing(self) -> None:
        super().resume_writing()
        self._reading()

    def send_400_response(self, msg: str) -> None:
        """Malformed HTTP (uvicorn calls this while handling h11's error): h11's own reason and status."""
        err = sys.exception()
        status = getattr(err, "error_status_hint", 400)
        self.transport.write(raw_refusal(status, "bad_http", f"malformed HTTP request: {err or msg}"))
        self.transport.close()

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.limits.request_timeout, self._expire)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _reading(self) -> None:
        if self._stalled is not None:
            self._stalled.cancel()
            self._stalled = None

    def _expire(self) -> None:
        """The request did not arrive, or the reply was not read, in time: the client is gone or too
        slow to be worth a connection."""
        self._disarm()
        self._reading()
        if not self.transport.is_closing():
            self.transport.close()


class _Coalescing:
    """A transport whose writes go out together at the end of the event loop's turn. uvicorn
    writes a response as three pieces (head, body, end); as three sends they would cost three
    system calls and up to three wake-ups of the client for every small reply."""

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop):
        self._transport = transport
        self._loop = loop
        self._pending: list[bytes] = []

    def write(self, data: bytes) -> None:
        if data:
            if not self._pending:
                self._loop.call_soon(self.flush)
            self._pending.append(data)

    def flush(self) -> None:
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
