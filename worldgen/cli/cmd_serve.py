"""`worldgen serve PATH [--stdio | --http PORT [--host HOST]]`: the JSON-lines protocol for trainers.

PATH is a suite folder (with index.jsonl), a world artifact or a world file. Requests and replies
are JSON objects, one per line; docs/protocol.md describes them, with a JSON Schema for each.
With --stdio (the default) requests come on stdin and replies go to stdout. With --http the
server listens on HOST:PORT (127.0.0.1 unless told otherwise; PORT 0 picks a free port) and
answers POST / ; the address is printed on stderr.
"""

from __future__ import annotations

import argparse
import sys

from worldgen.cli.common import trust_argument
from worldgen.runtime.sources import open_worlds
from worldgen.serve.protocol import MAX_SESSIONS, Protocol


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="serve worlds over JSON lines (stdio or HTTP)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="PATH", help="a suite folder, a world artifact or a world file")
    transport = p.add_mutually_exclusive_group()
    transport.add_argument("--stdio", action="store_true", help="requests on stdin, replies on stdout (default)")
    transport.add_argument("--http", type=_port, metavar="PORT", help="listen for HTTP on PORT (0: any free port)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on with --http (default 127.0.0.1)")
    p.add_argument("--max-sessions", type=int, default=MAX_SESSIONS, metavar="N",
                   help=f"open sessions allowed at once (default {MAX_SESSIONS})")
    trust_argument(p)
    p.set_defaults(func=run)


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"PORT must be a number from 0 to 65535, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    worlds = open_worlds(args.path, args.trust_edited)
    protocol = Protocol(worlds, max_sessions=args.max_sessions)
    if args.http is None:
        from worldgen.serve.stdio import serve_stdio

        print(f"worldgen serve: {len(worlds)} world(s), JSON lines on stdin/stdout", file=sys.stderr, flush=True)
        serve_stdio(protocol, sys.stdin.buffer, sys.stdout.buffer)
        return 0
    from worldgen.serve.http import ProtocolServer

    try:
        server = ProtocolServer((args.host, args.http), protocol)
    except OSError as err:
        print(f"worldgen serve: error: cannot listen on {args.host}:{args.http}: {err.strerror}", file=sys.stderr)
        return 1
    host, port = server.server_address[:2]
    print(f"worldgen serve: {len(worlds)} world(s) on http://{host}:{port}/", file=sys.stderr, flush=True)
    with server:
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0
