"""Entry point of the `worldgen` command.

Each subcommand lives in its own module ``worldgen/cli/cmd_<name>.py`` exposing
``register(subparsers)``; the module adds its parser and sets ``func(args) -> int``.
Exit codes: 0 success, 1 a user-facing failure (bad input, failed check), 2 usage error. No
traceback reaches a user: an unexpected exception is a bug, printed as one ``internal error`` line
(``WORLDGEN_DEBUG=1`` re-raises it).
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import os
import sys

from worldgen.cli.path_errors import describe
from worldgen.errors import UsageError, WorldgenError

COMMANDS = ("check", "fmt", "schema", "content", "compile", "verify", "explain", "graph", "play", "serve", "rollout", "report",
            "fidelity", "export", "propose", "loop", "split", "learn", "lsp", "smoke")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="worldgen",
        description="Verifiable scaffolds + content -> reproducible text worlds for RL agents.",
    )
    from worldgen import __version__

    parser.add_argument("--version", action="version", version=f"worldgen {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f"worldgen.cli.cmd_{name}").register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    _skip_final_collection()
    parser = build_parser()
    args = parser.parse_args(argv)  # exits 2 on usage errors
    try:
        return int(args.func(args) or 0)
    except WorldgenError as err:
        print(str(err), file=sys.stderr)
        return 2 if isinstance(err, UsageError) else 1
    except UnicodeDecodeError as err:  # a file read outside worldgen.textfile: still one line, no traceback
        print(f"error: a file is not UTF-8 text: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a reader that stopped early (`| head`): what it read was whole; exit quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's own flush cannot fail
        return 0
    except OSError as err:  # a named path that cannot be used (a folder for a file, no permission)
        message = describe(err)
        if message is None:
            return _bug(err)
        print(message, file=sys.stderr)
        return 1
    except Exception as err:
        return _bug(err)


def _skip_final_collection() -> None:
    """Make the interpreter's exit skip its last garbage collections (~0.06-0.1 s of a command:
    they walk every object the grammar, the IR and the rules made). An exit handler moves every
    object then alive to the collector's permanent generation, which it never walks. Freezing
    changes only what the collector walks: other exit handlers (temporary folders, pools, Ray)
    run as before, and modules are torn down as before, releasing what they hold. Registered once
    per process."""
    if not getattr(_skip_final_collection, "registered", False):
        atexit.register(gc.freeze)
        _skip_final_collection.registered = True  # type: ignore[attr-defined]


def _bug(err: Exception) -> int:
    """A bug in worldgen: one line for the person, the traceback on request."""
    if os.environ.get("WORLDGEN_DEBUG"):
        raise err
    detail = (str(err).splitlines() or [""])[0]
    print(f"worldgen: internal error: {type(err).__name__}: {detail} (a bug in worldgen, please report it; "
          "WORLDGEN_DEBUG=1 shows the traceback)", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
