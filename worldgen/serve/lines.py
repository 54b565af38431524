"""Framing shared by both transports: request bytes into lines, replies into bounded batches.

A transport never holds all the replies to what a client sent: ``reply_batches`` hands them out a
batch at a time (at most ``BATCH_LINES`` replies or about ``BATCH_BYTES`` bytes), and the
transport writes each batch before the next is built. So a request stream asking for huge
replies (a 64 MiB body of ``list`` requests) costs one batch of memory, not gigabytes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from worldgen.serve.limits import MAX_LINE
from worldgen.serve.protocol import Protocol

BATCH_LINES = 64  # replies per batch: also how often the HTTP server turns to other connections
BATCH_BYTES = 1 << 20  # a batch is written once its replies reach this size
SPLIT_CHUNK = 1 << 16  # bytes split at a time, so splitting never lists a whole body's lines (<= MAX_LINE)


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


def body_lines(body: bytes) -> Iterator[bytes | int]:
    """The lines of a whole request body (the last one may lack its newline), split lazily. A
    body of one chunk (most: a step request each) is split at once, since no line in it can be
    over the limit; the splitter would cost more than the request's own reply."""
    if len(body) <= SPLIT_CHUNK:
        yield from body.split(b"\n")
        return
    splitter = LineSplitter()
    view = memoryview(body)
    for start in range(0, len(body), SPLIT_CHUNK):
        yield from splitter.feed(bytes(view[start:start + SPLIT_CHUNK]))
    yield from splitter.finish()


def reply_batches(protocol: Protocol, lines: Iterable[bytes | int]) -> Iterator[bytes]:
    """The replies to ``lines`` in order, as newline-terminated UTF-8 batches; blank lines get no
    reply, and an over-long line (given as its size) gets ``line_too_long``."""
    batch: list[str] = []
    size = 0
    for line in lines:
        if isinstance(line, int):
            reply = protocol.too_long(line)
        elif line.strip():
            reply = protocol.handle(line)
        else:
            continue
        batch.append(reply)
        size += len(reply) + 1
        if len(batch) >= BATCH_LINES or size >= BATCH_BYTES:
            yield _encode(batch)
            batch, size = [], 0
    if batch:
        yield _encode(batch)


def _encode(replies: list[str]) -> bytes:
    return ("\n".join(replies) + "\n").encode("utf-8")
