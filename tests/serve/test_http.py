"""`worldgen serve --http`: keep-alive, pipelined bodies, streamed replies, concurrent clients, transport errors."""

from __future__ import annotations

import http.client
import json
import socket
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import urlsplit

from tests.serve.conftest import check_reply
from tests.worldfiles import example_worlds
from worldgen.serve.lines import BATCH_LINES
from worldgen.serve.limits import MAX_LINE


class Client:
    """One keep-alive connection; fails if the server ever closes it."""

    def __init__(self, url: str):
        parts = urlsplit(url)
        self.conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        self.conn.connect()
        self.sock = self.conn.sock

    def post(self, body: bytes, path: str = "/", headers: dict[str, str] | None = None) -> tuple[int, list[dict]]:
        self.conn.request("POST", path, body=body, headers=headers or {})
        response = self.conn.getresponse()
        payload = response.read().decode()
        return response.status, [json.loads(line) for line in payload.splitlines()]

    def ask(self, *requests: dict[str, Any]) -> list[dict]:
        status, replies = self.post("".join(json.dumps(r) + "\n" for r in requests).encode())
        assert status == 200 and len(replies) == len(requests)
        assert self.conn.sock is self.sock, "the server closed a keep-alive connection"
        for request, reply in zip(requests, replies):
            check_reply(request, reply)
        return replies


def test_an_episode_over_one_keep_alive_connection(http_url: str) -> None:
    client = Client(http_url)
    world = example_worlds()[2]
    reply = client.ask({"id": 0, "op": "reset", "world": world.id, "seed": 9})[0]
    session, steps = reply["session"], 0
    while not (reply.get("terminated") or reply.get("truncated")):
        command = reply["info"]["admissible"][0] if reply["info"]["admissible"] else "look"
        reply = client.ask({"id": steps, "op": "step", "session": session, "command": command})[0]
        steps += 1
    assert steps > 1
    assert client.ask({"op": "close", "session": session})[0]["closed"] is True


def test_one_body_may_carry_many_request_lines_including_bad_ones(http_url: str) -> None:
    client = Client(http_url)
    huge = b'{"id": 9, "op": "step", "command": "' + b"x" * MAX_LINE + b'"}'
    status, replies = client.post(b'{"id": 1, "op": "list"}\nnot json\n\n' + huge + b'\n{"id": 2, "op": "fly"}\n')
    assert status == 200
    assert [(r["id"], r.get("error", {}).get("code")) for r in replies] == [
        (1, None), (None, "parse_error"), (None, "line_too_long"), (2, "unknown_op")]
    assert client.ask({"id": 3, "op": "list"})[0]["id"] == 3


def test_concurrent_clients_each_with_sessions(http_url: str) -> None:
    """Eight connections at once, each playing its own episode; each matches the runtime's."""
    worlds = example_worlds()

    def play(n: int) -> tuple[list[str], list[str]]:
        world = worlds[n % len(worlds)]
        client = Client(http_url)
        reply = client.ask({"op": "reset", "world": world.id, "seed": n})[0]
        env = world.env()
        obs, info = env.reset(seed=n)
        got, expected = [reply["observation"]], [obs]
        for _ in range(25):
            command = info["admissible"][-1] if info["admissible"] else "look"
            got.append(client.ask({"op": "step", "session": reply["session"], "command": command})[0]["observation"])
            obs, _, terminated, truncated, info = env.step(command)
            expected.append(obs)
        return got, expected

    with ThreadPoolExecutor(8) as pool:
        for got, expected in pool.map(play, range(8)):
            assert got == expected


def raw_exchange(url: str, request: bytes) -> tuple[int, bytes, bool]:
    """Send raw bytes; the status, the body, and whether the server closed the connection after."""
    parts = urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        return int(head.split()[1]), body, b"connection: close" in head.lower()


def test_transport_errors_are_json_and_close_the_connection(http_url: str) -> None:
    cases = [
        (b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", 405, "method_not_allowed"),
        (b"POST /other HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}", 404, "not_found"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n", 411, "length_required"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999\r\n\r\n", 413, "body_too_large"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}", 400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}", 400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
         400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nX-Folded: a\r\n b\r\nContent-Length: 2\r\n\r\n{}", 400, "bad_http"),
        (b"POST / HTTP/1.1\nHost: x\nContent-Length: 2\n\n{}", 400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2, 3\r\n\r\n{}", 400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", 400, "bad_http"),
        (b"not http\r\n\r\n", 400, "bad_http"),
        (b"POST / HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 80_000, 431, "bad_http"),  # still arriving
        (b"POST / HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 80_000 + b"\r\nContent-Length: 2\r\n\r\n{}", 431, "bad_http"),
    ]
    for request, status, code in cases:
        got, body, closed = raw_exchange(http_url, request)
        reply = json.loads(body)
        check_reply(None, reply)
        assert (got, reply["error"]["code"], closed) == (status, code, True), request[:60]


def test_a_reply_too_big_for_one_batch_streams_in_chunks_in_order(http_url: str) -> None:
    """Many replies are built and sent a batch at a time (chunked), never all at once in memory;
    a reply that fits in one batch keeps its Content-Length."""
    client = Client(http_url)
    count = 3 * BATCH_LINES + 5
    client.conn.request("POST", "/", body="".join(f'{{"id": {n}, "op": "list"}}\n' for n in range(count)).encode())
    response = client.conn.getresponse()
    replies = [json.loads(line) for line in response.read().splitlines()]
    assert response.getheader("Transfer-Encoding") == "chunked"
    assert [r["id"] for r in replies] == list(range(count)) and all(r["worlds"] for r in replies)
    client.conn.request("POST", "/", body=b'{"id": 1, "op": "list"}\n')
    response = client.conn.getresponse()
    assert response.getheader("Content-Length") == str(len(response.read()))
    assert client.conn.sock is client.sock


def test_a_request_head_within_the_limit_is_served(http_url: str) -> None:
    """The head cap refuses only heads over 64 KiB: a 60 KB header still reaches the protocol."""
    padding = b"a" * 60_000
    status, body, closed = raw_exchange(http_url, b"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nX-Padding: " + padding +
                                        b"\r\nContent-Length: 14\r\n\r\n" + b'{"op":"list"}\n')
    assert status == 200 and json.loads(body)["worlds"] and closed
