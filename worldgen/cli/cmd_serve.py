"""`worldgen serve PATH [--stdio | --http PORT [--host HOST]]`: the JSON-lines protocol for trainers.

PATH is a suite folder (with index.jsonl), a world artifact or a world file. Requests and replies
are JSON objects, one per line; docs/protocol.md describes them, with a JSON Schema for each.
With --stdio (the default) requests come on stdin and replies go to stdout. With --http the
server listens on HOST:PORT (127.0.0.1 unless told otherwise; PORT 0 picks a free port) and
answers POST / ; the address is printed on stderr. Every HTTP limit (connections, request
deadline, idle connections, body and head size) is listed in docs/protocol.md.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from worldgen.cli.common import trust_argument
from worldgen.serve.limits import MAX_SESSIONS, Limits


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="serve worlds over JSON lines (stdio or HTTP)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="PATH", help="a suite folder, a world artifact or a world file")
    transport = p.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="requests on stdin, replies on stdout (default)")
    transport.add_argument("--http", type=_port, metavar="PORT", help="listen for HTTP on PORT (0: any free port)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on with --http (default 127.0.0.1)")
    p.add_argument("--max-sessions", type=_positive(int), default=MAX_SESSIONS, metavar="N",
                   help=f"open sessions allowed at once (default {MAX_SESSIONS})")
    http = p.add_argument_group("HTTP limits (docs/protocol.md lists them all)")
    http.add_argument("--max-connections", type=_positive(int), default=Limits.max_connections, metavar="N",
                      help=f"connections open at once; more get 503 (default {Limits.max_connections})")
    http.add_argument("--request-timeout", type=_positive(float), default=Limits.request_timeout, metavar="S",
                      help=f"seconds for a request to arrive whole, from its first byte (default {Limits.request_timeout:g})")
    http.add_argument("--idle-timeout", type=_positive(float), default=Limits.idle_timeout, metavar="S",
                      help=f"seconds a keep-alive connection may wait between requests (default {Limits.idle_timeout:g})")
    trust_argument(p)
    p.set_defaults(func=run)


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"PORT must be a number from 0 to 65535, not {text!r}")
    return int(text)


def _positive(kind: type[int] | type[float]) -> Callable[[str], int | float]:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            value = 0
        if not value > 0:  # also refuses nan
            raise argparse.ArgumentTypeError(f"expected a positive {kind.__name__}, not {text!r}")
        return value

    return parse


def run(args: argparse.Namespace) -> int:
    from worldgen.runtime.sources import open_worlds
    from worldgen.serve.protocol import Protocol

    worlds = open_worlds(args.path, args.trust_edited)
    protocol = Protocol(worlds, max_sessions=args.max_sessions)
    if args.http is None:
        from worldgen.serve.stdio import serve_stdio

        print(f"worldgen serve: {len(worlds)} world(s), JSON lines on stdin/stdout", file=sys.stderr, flush=True)
        serve_stdio(protocol, sys.stdin.buffer, sys.stdout.buffer)
        return 0
    from worldgen.serve.http import listen, serve_http

    limits = Limits(max_connections=args.max_connections, request_timeout=args.request_timeout,
                    idle_timeout=args.idle_timeout)
    try:
        sock = listen(args.host, args.http, limits)
    except OSError as err:
        print(f"worldgen serve: error: cannot listen on {args.host}:{args.http}: {err.strerror}", file=sys.stderr)
        return 1
    host, port = sock.getsockname()[:2]
    print(f"worldgen serve: {len(worlds)} world(s) on http://{host}:{port}/", file=sys.stderr, flush=True)
    try:
        serve_http(protocol, sock, limits)
    except KeyboardInterrupt:
        pass
    return 0
