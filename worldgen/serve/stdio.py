"""JSON lines over stdin/stdout: one reply line per request line, in order.

Input is read in chunks of whatever has arrived, every complete line in a chunk is answered, and
the replies of a chunk are written in bounded batches (``lines.reply_batches``) with one flush. A client that waits for each reply gets
it at once; a client that pipelines many requests gets them answered in batches, which is what
makes pipelining fast. A line over the limit is skipped (never held in memory) and answered with a
``line_too_long`` error; a last line without a newline is still answered at end of input. Blank
lines are not requests and get no reply.
"""

from __future__ import annotations

from typing import BinaryIO

from worldgen.serve.lines import LineSplitter, reply_batches
from worldgen.serve.protocol import Protocol

CHUNK = 1 << 16


def serve_stdio(protocol: Protocol, reader: BinaryIO, writer: BinaryIO) -> None:
    """Answer requests from ``reader`` on ``writer`` until end of input."""
    splitter = LineSplitter()
    while True:
        chunk = reader.read1(CHUNK)  # type: ignore[attr-defined] - BufferedReader: what has arrived
        wrote = False
        for batch in reply_batches(protocol, splitter.feed(chunk) if chunk else splitter.finish()):
            writer.write(batch)
            wrote = True
        if wrote:
            writer.flush()
        if not chunk:
            return
