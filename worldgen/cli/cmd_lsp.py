"""`worldgen lsp`: the language server for scaffolds, speaking LSP over stdin and stdout.

Diagnostics as you type (the checker's, with their WGxxx codes), hover, go to definition, find
references, completion and formatting (`fmt`); docs/editor.md shows how to set up VS Code, Neovim
and Helix. Needs the `lsp` extra: pip install 'worldgen[lsp]'.
"""

from __future__ import annotations

import argparse
import importlib.util

from worldgen.errors import UsageError


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("lsp", help="run the language server (LSP over stdio)", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("pygls") is None:
        raise UsageError("worldgen lsp needs pygls: pip install 'worldgen[lsp]'")
    from worldgen.lsp.server import build_server

    build_server().start_io()
    return 0
