"""The limits of the HTTP transport, apart from the server so the command line can show their
defaults without importing uvicorn."""

from __future__ import annotations

from dataclasses import dataclass

from worldgen.serve.protocol import MAX_LINE


@dataclass(frozen=True)
class Limits:
    """Every limit of the HTTP transport (docs/protocol.md lists them)."""

    max_connections: int = 4096  # open at once; the next ones get 503 and are closed
    backlog: int = 1024  # connections the kernel queues before the server accepts them
    request_timeout: float = 30.0  # s from a request's first byte (or a new connection) until it has all arrived
    idle_timeout: float = 300.0  # s a kept-alive connection may wait between requests
    max_head: int = 64 << 10  # bytes of request line and headers
    max_body: int = 64 * MAX_LINE  # bytes per POST: many pipelined lines, each within MAX_LINE
