"""`worldgen fmt FILE.wg ... [--check] [--diff]`: rewrite scaffolds in canonical form.

One declaration, slot, variable or clause per line, two-space indentation, long expressions
wrapped; comments, blank lines and number spellings kept. A file is rewritten in place (same
inode, links and permissions; a backup copy beside it until the new text is on disk) and only
if it changes; one that does not parse is reported (FILE:LINE:COL: error: ...) and left alone.
``-`` formats stdin to stdout. ``--check`` lists the files that would change and exits 1 if any
would; ``--diff`` prints what would change as a unified diff. Exit 2 when a file cannot be read
or written, or does not parse.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from worldgen.errors import WorldgenError
from worldgen.files import write_in_place
from worldgen.syntax.limits import MAX_SOURCE_CHARS
from worldgen.textfile import decode, read_text

STDIN = "-"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("fmt", help="rewrite scaffolds in canonical form", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+", metavar="FILE.wg", help="scaffolds to format; - reads stdin, writes stdout")
    p.add_argument("--check", action="store_true", help="change nothing; list files that would change, exit 1 if any")
    p.add_argument("--diff", action="store_true", help="change nothing; print a unified diff of what would change")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.syntax.printer import format_source

    code = 0
    for name in args.files:
        try:
            source = decode(sys.stdin.buffer.read(), "<stdin>") if name == STDIN else read_text(name, MAX_SOURCE_CHARS)
            formatted = format_source(source, "<stdin>" if name == STDIN else name)
        except OSError as err:
            print(f"{name}: error: cannot read: {err.strerror}", file=sys.stderr)
            code = 2
            continue
        except WorldgenError as err:  # not UTF-8, or does not parse: the file is left as it is
            print(str(err), file=sys.stderr)
            code = 2
            continue
        if args.diff and formatted != source:
            sys.stdout.writelines(difflib.unified_diff(source.splitlines(keepends=True),
                                                       formatted.splitlines(keepends=True), name, name))
        if args.check:
            if formatted != source:
                print(f"would reformat {name}")
                code = max(code, 1)
        elif name == STDIN and not args.diff:
            sys.stdout.write(formatted)
        elif formatted != source and not args.diff:
            try:
                write_in_place(Path(name).resolve(), formatted)  # a symlink's target, not the link
            except OSError as err:
                print(f"{name}: error: cannot write: {err.strerror}", file=sys.stderr)
                code = 2
                continue
            print(f"reformatted {name}", file=sys.stderr)
    return code

