"""The connection limits uvicorn's HTTP/1.1 protocol lacks, so slow or hostile clients cannot pin
the server: a cap on the request head, a connection cap, a deadline for each request to arrive
whole (and for a client to read its replies), and JSON refusals.

uvicorn's ``httptools`` protocol (llhttp, the parser of Node.js) already brings the listen
backlog, the idle (keep-alive) timeout and strict parsing: a second ``Content-Length`` (even an
identical one), ``Content-Length`` with ``Transfer-Encoding``, folded header lines, bare LFs and
bad chunking are malformed requests. What it does not do: limit the size of a request head (llhttp
has no limit), close a connection that opens and sends nothing, or sends its request a byte at a
time (the keep-alive timer stops at the first byte), or stops reading its replies, and refuse
connections beyond a cap; and it answers malformed requests in plain text. ``GuardedHttpTools``
adds those, so every refusal is a protocol error reply a client can read.

Nor does uvicorn bound pipelining: it parses every byte a read brings, queueing one request cycle
per pipelined request, and starts reading again after each reply, so a client that sends requests
without reading replies grew the server by gigabytes. ``GuardedHttpTools`` parses a slice at a
time and holds the rest of a read, unparsed, while a request is being answered; reading stays
paused until the held bytes are parsed. A connection thus costs at most one read (256 KiB) of held
bytes and the requests of one slice, and a client that stops reading its replies stops the server
reading its requests (back-pressure), until the request deadline cuts it off.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

import httptools
from uvicorn.protocols.http.flow_control import FlowControl
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from worldgen.serve.limits import Limits
from worldgen.serve.messages import ErrorBody, ErrorCode, ErrorReply, dump


def error_body(code: ErrorCode, message: str) -> bytes:
    """A transport refusal as a protocol error reply line (no request was read, so no id)."""
    return (dump(ErrorReply(id=None, error=ErrorBody(code=code, message=message))) + "\n").encode("utf-8")


def raw_refusal(status: int, code: ErrorCode, message: str) -> bytes:
    """A whole HTTP response that ends the connection, for refusals made outside any request cycle."""
    body = error_body(code, message)
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nContent-Type: application/x-ndjson\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n")
    return head.encode("latin-1") + body


SLICE = 4096  # bytes parsed at a time: the most pipelined requests one slice can queue is ~50


class HeadTooLarge(Exception):
    """Raised from a parser callback to stop parsing a head over ``Limits.max_head``."""


class GuardedHttpTools(HttpToolsProtocol):
    """One client connection: uvicorn's httptools protocol under ``Limits``."""

    def __init__(self, *args: Any, limits: Limits, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.limits = limits
        self._deadline: asyncio.TimerHandle | None = None  # armed while a request is arriving
        self._stalled: asyncio.TimerHandle | None = None  # armed while the client does not read its replies
        self._head: int | None = 0  # bytes received since a head began arriving; None once it is whole
        self._held = b""  # received bytes not parsed yet, held while a request is being answered

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(_Coalescing(transport, self.loop))  # type: ignore[arg-type]
        self.flow = _HoldingFlow(self.transport, lambda: bool(self._held))
        # asyncio turns Nagle's algorithm off only for sockets made with proto=IPPROTO_TCP, and a
        # socket handed to uvicorn has proto 0: without this, every reply waits ~40 ms for an ACK.
        transport.get_extra_info("socket").setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if len(self.connections) > self.limits.max_connections:
            self._refuse(503, "too_many_connections",
                         f"the server has {self.limits.max_connections} connections open (its limit); "
                         "retry later, or reuse one keep-alive connection for many requests")
            return
        self._arm()  # a new connection must send its first request in time, like any request

    def data_received(self, data: bytes) -> None:
        self._held += data
        self._parse_held()

    def _parse_held(self) -> None:
        """Parse held bytes a slice at a time until a request is waiting for its reply; then keep
        the rest, with reading paused, until that reply is sent (``on_response_complete``)."""
        view, start = memoryview(self._held), 0
        while start < len(view) and not self._answering() and not self.transport.is_closing():
            self._parse(bytes(view[start:start + SLICE]))
            start += SLICE
        view.release()
        self._held = b"" if self.transport.is_closing() else self._held[start:]
        if self._held:
            self.flow.pause_reading()

    def _answering(self) -> bool:
        """A request has arrived whole and its reply is not sent yet: what follows must wait."""
        cycle = self.cycle
        return bool(self.pipeline) or (cycle is not None and not cycle.more_body and not cycle.response_complete)

    def _parse(self, data: bytes) -> None:
        """Parse, answering malformed HTTP and over-long heads (one still arriving, counted in
        received bytes; one that arrived whole in this piece, measured by ``on_headers_complete``).
        Any byte stops the idle timer, so it starts the request deadline (llhttp skips blank lines
        before a request without beginning one)."""
        self._unset_keepalive_if_required()
        if self._deadline is None:
            self._arm()
        if self._head is not None:
            self._head += len(data)
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError as err:
            if isinstance(err.__context__, HeadTooLarge):  # raised in on_headers_complete
                self._head_too_large()
            else:
                self._refuse(400, "bad_http", f"malformed HTTP request: {err}")
        except httptools.HttpParserUpgrade:
            self._refuse(400, "bad_http", "malformed HTTP request: protocol upgrades are not served here")
        else:
            if self._head is not None and self._head > self.limits.max_head:
                self._head_too_large()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:  # a pipelined request, begun in the piece that ended the one before
            self._arm()

    def on_headers_complete(self) -> None:
        self._head = None
        if len(self.url) + sum(len(name) + len(value) + 4 for name, value in self.headers) > self.limits.max_head:
            raise HeadTooLarge
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._disarm()
        self._head = 0

    def on_response_complete(self) -> None:
        """After a reply, the held bytes are parsed; reading resumes once none are left (uvicorn's
        own resume came while they were held)."""
        super().on_response_complete()
        if self._held and not self.transport.is_closing():
            self._parse_held()
            if not self._held:
                self.flow.resume_reading()

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

    def _head_too_large(self) -> None:
        self._refuse(431, "bad_http", f"request head is over the limit of {self.limits.max_head} bytes")

    def _refuse(self, status: int, code: ErrorCode, message: str) -> None:
        self.transport.write(raw_refusal(status, code, message))
        self.transport.close()

    def _arm(self) -> None:
        self._deadline = self.loop.call_later(self.limits.request_timeout, self._overdue)

    def _overdue(self) -> None:
        """The request deadline passed. If the server itself stopped reading (a pipelined request
        waits for the replies to the one before it), the client is not late: it gets another term."""
        if self.flow.read_paused:
            self._arm()
        else:
            self._expire()

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


class _HoldingFlow(FlowControl):
    """uvicorn's flow control, except that reading stays paused while the protocol holds bytes
    (uvicorn resumes reading whenever a request reads its body or a reply is sent)."""

    def __init__(self, transport: asyncio.Transport, holding: Callable[[], bool]):
        super().__init__(transport)
        self._holding = holding

    def resume_reading(self) -> None:
        if not self._holding():
            super().resume_reading()


class _Coalescing:
    """A transport whose writes go out together at the end of the event loop's turn. uvicorn
    writes a response as two pieces or more (head, body, chunks); as separate sends they would
    cost a system call and a wake-up of the client each for every small reply."""

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
        """Send what was written, unless the connection is closing: then it cannot be sent, and
        asyncio would log a warning for every write (uvicorn's replies to a pipelined request go
        on being written after the connection is cut)."""
        if self._pending:
            data = b"".join(self._pending)
            self._pending.clear()
            if not self._transport.is_closing():
                self._transport.write(data)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
