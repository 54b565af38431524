"""`worldgen schema FILE.wg [--strict]`: print the content JSON Schema a scaffold implies."""

from __future__ import annotations

import argparse
import json


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="print the content JSON Schema (Draft 2020-12) a scaffold implies",
        description="Print the JSON Schema (Draft 2020-12) of one content record of a scaffold.",
    )
    parser.add_argument("file", help="scaffold source (.wg) or scaffold IR (.json)")
    parser.add_argument(
        "--strict",
        action="store_true",
        help="print the variant for OpenAI structured outputs (strict mode) instead",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from worldgen.content import content_schema, strict_schema
    from worldgen.content.source import load_scaffold

    scaffold = load_scaffold(args.file)
    schema = strict_schema(scaffold) if args.strict else content_schema(scaffold)
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0
