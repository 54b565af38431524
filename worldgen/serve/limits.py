"""The limits of the protocol and its HTTP transport, apart from the server and the protocol so the
command line can show their defaults without importing uvicorn or the runtime."""

from __future__ import annotations

from dataclasses import dataclass

MAX_LINE = 1 << 20  # bytes per request line; far above any real request
MAX_SESSIONS = 10_000  # open sessions of one server


@dataclass(frozen=True)
class Limits:
    """Every limit of the HTTP transport (docs/protocol.md lists them)."""

    max_connections: int = 4096  # open at once; the next ones get 503 and are closed
    backlog: int = 1024  # connections the kernel queues before the server accepts them
    request_timeout: float = 30.0  # s from a request's first byte (or a new connection) until it has all arrived
    idle_timeout: float = 300.0  # s a kept-alive connection may wait between requests
    max_head: int = 64 << 10  # bytes of request line and headers
    max_body: int = 64 * MAX_LINE  # bytes per POST: many pipelined lines, each within MAX_LINE
