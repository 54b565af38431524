"""`worldgen serve --http` under load and abuse: idle and slow connections are cut at the request
deadline, connections beyond the cap are refused, and neither holds up the clients that behave."""

from __future__ import annotations

import json
import socket
import time
from pathlib import Path

import psutil

from tests.serve.conftest import check_reply
from tests.serve.load import SlowClients, flood, http_server, run_clients
from tests.worldfiles import example_worlds


def wait_until_closed(slow: SlowClients, seconds: float) -> float:
    """Seconds until the server has closed every slow connection (or ``seconds``, if it has not)."""
    start = time.monotonic()
    while slow.open and time.monotonic() - start < seconds:
        time.sleep(0.1)
    return time.monotonic() - start


def test_connections_that_send_nothing_or_dribble_their_headers_are_closed_at_the_deadline(suite: Path) -> None:
    with http_server(suite, "--request-timeout", "1") as (_, port):
        slow = SlowClients(port, 6, interval=0.1)
        try:
            assert 0.5 < wait_until_closed(slow, 10) < 5
        finally:
            slow.close()
        assert slow.closed == 6 and max(slow.sent) > 5  # the dribblers were still sending when cut


def test_a_client_that_stops_reading_its_replies_is_cut_off_at_the_deadline(suite: Path) -> None:
    body = b'{"op": "list"}\n' * 20_000  # about 25 MB of replies: more than the socket buffers hold
    with http_server(suite, "--request-timeout", "1") as (_, port):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 16)
            sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body))
            time.sleep(4)
            received = 0
            while chunk := sock.recv(1 << 20):
                received += len(chunk)
            assert 0 < received < 20_000 * 1000  # the server gave up on the reply and closed


def test_a_keep_alive_connection_idle_past_the_idle_timeout_is_closed(suite: Path) -> None:
    with http_server(suite, "--idle-timeout", "0.5") as (_, port):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\n{"op":"list"}\n')
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
            start = time.monotonic()
            assert sock.recv(65536) == b"" and 0.3 < time.monotonic() - start < 5


def test_connections_beyond_the_cap_are_refused_with_503_and_the_others_keep_working(suite: Path) -> None:
    with http_server(suite, "--max-connections", "4") as (_, port):
        held = [socket.create_connection(("127.0.0.1", port)) for _ in range(4)]
        with socket.create_connection(("127.0.0.1", port), timeout=10) as extra:
            data = b""
            while chunk := extra.recv(65536):
                data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        reply = json.loads(body)
        check_reply(None, reply)
        assert head.startswith(b"HTTP/1.1 503") and reply["error"]["code"] == "too_many_connections"
        held[0].sendall(b'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\n{"op":"list"}\n')
        assert held[0].recv(65536).startswith(b"HTTP/1.1 200")
        for sock in held:
            sock.close()


def test_sixteen_clients_play_through_fifty_slow_ones_without_a_failure(suite: Path) -> None:
    """The small version of bench/bench_serve_load.py."""
    worlds = [w.id for w in example_worlds()]
    with http_server(suite, "--request-timeout", "3") as (_, port):
        slow = SlowClients(port, 50, interval=0.2)
        try:
            tally, seconds = run_clients(port, worlds, clients=16, requests=100)
            assert tally.failures == [] and tally.requests == 1600, tally.summary(seconds)
            assert max(tally.latencies) < 2.0, tally.summary(seconds)  # nobody waited on the slow ones
            wait_until_closed(slow, 10)
            assert slow.closed == 50
        finally:
            slow.close()


def test_a_pipelined_request_waiting_for_the_replies_before_it_is_not_cut_at_the_deadline(suite: Path) -> None:
    """The server stops reading a pipelined request until it has answered the one before; the
    deadline does not count that time against the client."""
    first = b'{"op": "list"}\n' * 20_000  # several seconds of streamed replies on a busy machine
    second = b'{"id": 7, "op": "list"}\n'
    with http_server(suite, "--request-timeout", "1") as (_, port):
        with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
            sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(first), first) +
                         b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n%s" % (len(second), second[:5]))
            start, data = time.monotonic(), b""
            while time.monotonic() - start < 2.5:  # read the first reply slowly, well past the deadline
                data += sock.recv(1 << 16)
                time.sleep(0.01)
            sock.sendall(second[5:])
            while b'{"id":7,' not in data or not data.endswith(b"\n"):
                chunk = sock.recv(1 << 20)
                assert chunk, "the server closed the connection"
                data += chunk
        assert data.count(b"HTTP/1.1 200") == 2


def test_blank_lines_before_a_request_do_not_stop_the_clock(suite: Path) -> None:
    """The parser skips empty lines before a request without starting one; the deadline (and the
    idle timeout) still close a connection that sends nothing else."""
    with http_server(suite, "--request-timeout", "1", "--idle-timeout", "1") as (_, port):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 14\r\n\r\n{"op":"list"}\n')
            assert sock.recv(65536).startswith(b"HTTP/1.1 200")
            sock.sendall(b"\r\n")
            start = time.monotonic()
            assert sock.recv(65536) == b"" and 0.5 < time.monotonic() - start < 5


def test_a_body_that_stops_arriving_is_cut_at_the_deadline(suite: Path) -> None:
    with http_server(suite, "--request-timeout", "1") as (_, port):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"op": "list"}\n')
            start = time.monotonic()
            assert sock.recv(65536) == b"" and 0.5 < time.monotonic() - start < 5


def test_a_client_pipelining_requests_without_reading_replies_is_held_back_not_buffered(suite: Path) -> None:
    """The server parses a pipelined request only once the one before it is answered, so a client
    that never reads its replies soon finds the server not reading either, and costs it no memory."""
    with http_server(suite) as (server, port):
        before = psutil.Process(server.pid).memory_info().rss
        sent, stalled = flood(port, 256 << 20, stall=2.0)
        grown = psutil.Process(server.pid).memory_info().rss - before
    assert stalled and sent < 32 << 20, f"the server took {sent:,} bytes without a reply being read"
    assert grown < 32 << 20, f"the server grew by {grown:,} bytes"
