"""JSON lines over HTTP/1.1: ``POST /`` with one or more request lines, one reply line each.

Keep-alive is on (HTTP/1.1, every response has a Content-Length), so a client reuses one
connection for a whole episode. Each connection gets a thread; sessions are shared between
connections, and requests run one at a time under a lock (the runtime is plain Python, so
parallel threads would not step faster anyway). Transport problems are answered with an HTTP
status, a protocol error body and the end of that connection: 404 for other paths, 405 for other
methods, 411 without a Content-Length, 413 for a body over the limit, and http.server's own
codes (400, 414, 431, 501, ...) for malformed HTTP.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from worldgen.serve.messages import ErrorBody, ErrorReply, dump
from worldgen.serve.protocol import MAX_LINE, Protocol

MAX_BODY = 64 * MAX_LINE  # bytes per POST: many pipelined lines, each within MAX_LINE


class ProtocolServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, address: tuple[str, int], protocol: Protocol):
        super().__init__(address, _Handler)
        self.protocol = protocol
        self.lock = threading.Lock()

    def answer(self, body: bytes) -> bytes:
        """Replies to every request line of a body, in order."""
        protocol = self.protocol
        with self.lock:
            replies = [protocol.too_long(len(line)) if len(line) > MAX_LINE else protocol.handle(line)
                       for line in body.split(b"\n") if line.strip()]
        return ("\n".join(replies) + "\n").encode("utf-8") if replies else b""


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # replies are small; send each at once
    server: ProtocolServer

    def do_POST(self) -> None:  # noqa: N802 - http.server's naming
        if self.path != "/":
            return self._refuse(404, "not_found", f"no endpoint {self.path!r}; POST request lines to /")
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            return self._refuse(411, "length_required", "send the request lines with a Content-Length header")
        size = int(length)
        if size > MAX_BODY:
            return self._refuse(413, "body_too_large", f"body of {size} bytes is over the limit of {MAX_BODY} bytes")
        self._send(200, self.server.answer(self.rfile.read(size)))

    def do_GET(self) -> None:  # noqa: N802
        self._refuse(405, "method_not_allowed", "POST request lines to /")

    do_PUT = do_DELETE = do_PATCH = do_GET  # noqa: N815

    def _refuse(self, status: int, code: str, message: str) -> None:
        """An error reply, then the connection closes: its unread body must not be taken for a request."""
        reply = dump(ErrorReply(id=None, error=ErrorBody(code=code, message=message)))
        self.close_connection = True
        self._send(status, (reply + "\n").encode("utf-8"))

    def _send(self, status: int, payload: bytes) -> None:
        """Status line, headers and body in one write: two small writes would cost the client a
        second wake-up (and, with Nagle's algorithm, a delayed ACK) on every request."""
        head = [f"HTTP/1.1 {status} {self.responses[status][0]}", "Content-Type: application/x-ndjson",
                f"Content-Length: {len(payload)}"]
        if self.close_connection:
            head.append("Connection: close")
        self.wfile.write(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + payload)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a malformed request line or header, an unknown method) as JSON too."""
        self._refuse(code, "bad_http", message or self.responses.get(code, ("error",))[0])

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        """Quiet: refusals are answered to the client, which is the one that can fix them."""

