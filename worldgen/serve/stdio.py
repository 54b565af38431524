"""JSON lines over stdin/stdout: one reply line per request line, in order.

Input is read in chunks of whatever has arrived, every complete line in a chunk is answered, and
the replies of a chunk go out in one write and one flush. A client that waits for each reply gets
it at once; a client that pipelines many requests gets them answered in batches, which is what
makes pipelining fast. A line over the limit is skipped (never held in memory) and answered with a
``line_too_long`` error; a last line without a newline is still answered at end of input. Blank
lines are not requests and get no reply.
"""

from __future__ import annotations

from typing import BinaryIO

from worldgen.serve.protocol import MAX_LINE, Protocol

CHUNK = 1 << 16


class LineSplitter:
    """Bytes in, complete lines out; over-long lines come out as their size instead."""

    def __init__(self, limit: int = MAX_LINE):
        self.limit = limit
        self._buffer = bytearray()
        self._skipped = 0  # > 0 while skipping the rest of an over-long line

    def feed(self, data: bytes) -> list[bytes | int]:
        out: list[bytes | int] = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            if end < 0:
                self._keep(data[start:])
                return out
            self._keep(data[start:end])
            out.append(self._take())
            start = end + 1

    def finish(self) -> list[bytes | int]:
        """End of input: a pending last line (no newline) is still a line."""
        return [self._take()] if self._buffer or self._skipped else []

    def _keep(self, piece: bytes) -> None:
        if self._skipped:
            self._skipped += len(piece)
        elif len(self._buffer) + len(piece) > self.limit:
            self._skipped = len(self._buffer) + len(piece)
            self._buffer.clear()
        else:
            self._buffer += piece

    def _take(self) -> bytes | int:
        if self._skipped:
            size, self._skipped = self._skipped, 0
            return size
        line = bytes(self._buffer)
        self._buffer.clear()
        return line


def serve_stdio(protocol: Protocol, reader: BinaryIO, writer: BinaryIO) -> None:
    """Answer requests from ``reader`` on ``writer`` until end of input."""
    splitter = LineSplitter()
    while True:
        chunk = reader.read1(CHUNK)  # type: ignore[attr-defined] - BufferedReader: what has arrived
        lines = splitter.feed(chunk) if chunk else splitter.finish()
        replies = [protocol.too_long(item) if isinstance(item, int) else protocol.handle(item)
                   for item in lines if isinstance(item, int) or item.strip()]
        if replies:
            writer.write(("\n".join(replies) + "\n").encode("utf-8"))
            writer.flush()
        if not chunk:
            return
