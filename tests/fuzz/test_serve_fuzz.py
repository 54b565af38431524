"""`worldgen serve` on hostile requests. Over stdio (in this process): any bytes on stdin get
exactly one reply line per request line, each a JSON object valid against the protocol's
schemas, and the command exits 0. Over HTTP (one server for the module, on 127.0.0.1): hostile
request heads and bodies get a 200, a refusal (4xx, or 501 for an unknown transfer coding) or a
closed connection, never a crash; the server keeps answering and never logs a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.fuzz.inputs import mutate, request_lines
from tests.fuzz.test_cli_fuzz import QUICK, fast_cli
from tests.serve.conftest import check_reply
from tests.serve.load import http_server
from tests.worldfiles import example_worlds, write_suite
from worldgen.cli.main import main
from worldgen.serve.lines import body_lines

WORLDS = sorted(world.id for world in example_worlds())


@pytest.fixture(scope="module")
def suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_suite(tmp_path_factory.mktemp("serve"), example_worlds())


def serve_stdio(suite: Path, data: bytes) -> tuple[int, bytes, str]:
    """``worldgen serve SUITE --stdio`` in this process: exit code, stdout bytes, stderr."""
    stdin, stdout, err = io.TextIOWrapper(io.BytesIO(data)), io.TextIOWrapper(io.BytesIO()), io.StringIO()
    with fast_cli() as patch, contextlib.redirect_stderr(err):
        patch.setattr(sys, "stdin", stdin)
        patch.setattr(sys, "stdout", stdout)
        code = main(["serve", str(suite), "--stdio"])
    stdout.flush()
    return code, stdout.buffer.getvalue(), err.getvalue()  # type: ignore[attr-defined]


def assert_one_valid_reply_per_line(body: bytes, replies: bytes) -> None:
    lines = [line for line in body_lines(body) if isinstance(line, int) or line.strip()]
    answers = [json.loads(reply) for reply in replies.decode("utf-8").splitlines()]
    assert len(answers) == len(lines), (body, replies)
    for line, reply in zip(lines, answers):
        check_reply(None if "error" in reply else json.loads(line), reply)  # type: ignore[arg-type]


def stdio_is_clean(suite: Path, body: bytes) -> None:
    code, replies, err = serve_stdio(suite, body)
    assert code == 0 and "Traceback" not in err and "internal error" not in err, err
    assert_one_valid_reply_per_line(body, replies)


@settings(QUICK, max_examples=60)
@given(data=st.data())
def test_stdio_answers_every_hostile_request_line(suite: Path, data: st.DataObject) -> None:
    stdio_is_clean(suite, data.draw(request_lines(WORLDS)))


@pytest.fixture(scope="module")
def server(suite: Path) -> Iterator[tuple[subprocess.Popen, int]]:
    """One HTTP server for the module; its stderr must hold no traceback when it stops."""
    with http_server(suite, "--request-timeout", "2") as running:
        yield running
    log = running[0].stderr.read() if running[0].stderr else ""
    assert "Traceback" not in log and "Exception" not in log, log


REFUSALS = {200, 400, 404, 405, 411, 413, 431, 501}  # 501: a transfer coding h11 does not implement
HEADERS = (b"Content-Length: 5", b"Content-Length: -1", b"Content-Length: 99999999999999999999", b"Content-Length: 1e3",
           b"Transfer-Encoding: chunked", b"Host: a", b"Connection: close", b"Expect: 100-continue", b" folded",
           b"X: \xff\xfe", b"Content-Type: text/plain", b":", b"Content-Length:")


@st.composite
def http_request(draw: st.DrawFn) -> tuple[bytes, bytes, bool]:
    """(head, body, whether the head was left as a client would write it)."""
    body = draw(request_lines(WORLDS))
    method, path = draw(st.sampled_from(((b"POST", b"/"), (b"GET", b"/"), (b"POST", b"/x"), (b"PUT", b"/"), (b"POST", b"*"))))
    head = [method + b" " + path + b" HTTP/1.1", b"Host: x", b"Connection: close", b"Content-Length: %d" % len(body)]
    honest = method == b"POST" and path == b"/"
    for _ in range(draw(st.integers(0, 2))):
        head.insert(draw(st.integers(1, len(head))), draw(st.sampled_from(HEADERS)))
        honest = False
    raw = b"\r\n".join(head) + b"\r\n\r\n"
    if draw(st.booleans()):
        raw, honest = mutate(draw, raw), False
    return raw, body, honest


def exchange(port: int, data: bytes, hang_up: bool = True) -> bytes:
    """Send ``data`` on a fresh connection, end the sending side (unless the request asks the
    server to close), and read until the server closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        sock.sendall(data)
        if hang_up:  # a client gone before its reply: the server may drop the request
            sock.shutdown(socket.SHUT_WR)
        received = b""
        while chunk := sock.recv(1 << 16):
            received += chunk
    return received


def dechunk(body: bytes) -> bytes:
    out = b""
    while body:
        size, _, rest = body.partition(b"\r\n")
        length = int(size, 16)
        out, body = out + rest[:length], rest[length + 2:]
    return out


def http_is_clean(port: int, server: subprocess.Popen, request: tuple[bytes, bytes, bool]) -> None:
    head, body, honest = request
    received = exchange(port, head + body, hang_up=not honest)
    assert server.poll() is None, "the server died"
    while received.startswith(b"HTTP/1.1 100 "):  # the interim reply to "Expect: 100-continue"
        received = received.partition(b"\r\n\r\n")[2]
    if received:
        status_line, _, rest = received.partition(b"\r\n")
        assert status_line.startswith(b"HTTP/1.1 ") and int(status_line.split()[1]) in REFUSALS, received[:300]
        if honest:
            assert status_line == b"HTTP/1.1 200 OK", received[:300]
            headers, _, payload = rest.partition(b"\r\n\r\n")
            assert_one_valid_reply_per_line(body, dechunk(payload) if b"transfer-encoding: chunked" in headers.lower() else payload)
    else:
        assert not honest, "an honest request got no reply"
    assert exchange(port, b'POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 14\r\n\r\n{"op":"list"}\n',
                    hang_up=False).startswith(b"HTTP/1.1 200")


@settings(QUICK, max_examples=300)
@given(request=http_request())
def test_http_refuses_hostile_requests_and_keeps_serving(server: tuple[subprocess.Popen, int],
                                                                   request: tuple[bytes, bytes, bool]) -> None:
    http_is_clean(server[1], server[0], request)


@pytest.mark.long
@settings(QUICK, max_examples=1_000, derandomize=False)
@given(data=st.data())
def test_stdio_answers_a_thousand_hostile_conversations(suite: Path, data: st.DataObject) -> None:
    stdio_is_clean(suite, data.draw(request_lines(WORLDS)))


@pytest.mark.long
@settings(QUICK, max_examples=10_000, derandomize=False)
@given(request=http_request())
def test_http_answers_thousands_of_hostile_requests(server: tuple[subprocess.Popen, int],
                                                    request: tuple[bytes, bytes, bool]) -> None:
    http_is_clean(server[1], server[0], request)
