"""The world `worldgen play PATH` plays: an artifact as it was built, or a scaffold instantiated
from the command line's seed, axes, params and content record.

The record comes from ``--content`` (a record ``.json``, a ``records.jsonl`` or a pack folder,
``--record N`` choosing one), else from the example shipped beside the scaffold, else from the
procedural provider, so a scaffold just written can be played at once.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from worldgen.cli.common import assignments, axis_values, param_values, trust_argument, whole_number
from worldgen.datafiles import default_content
from worldgen.errors import UsageError, WorldgenError

if TYPE_CHECKING:  # `worldgen --help` registers this module's arguments without loading the IR
    from worldgen.ir.world import World
    from worldgen.scaffold import Scaffold

SCAFFOLD_ONLY = ("seed", "axis", "param", "content", "record")  # what a compiled world has already fixed


def world_arguments(p: argparse.ArgumentParser) -> None:
    """PATH and the options that choose one world of it (``play``, ``export files``)."""
    p.add_argument("path", metavar="PATH", help="a scaffold .wg or a world artifact .json")
    p.add_argument("--content", metavar="RECORD_OR_PACK",
                   help="content for a scaffold: a record .json, a records.jsonl or a pack folder")
    p.add_argument("--record", type=whole_number(0), metavar="N", help="which record of --content (default 0)")
    p.add_argument("--seed", type=whole_number(0), help="world seed of a scaffold (default 0)")
    p.add_argument("--episode-seed", type=whole_number(0), default=None, help="seed of run-time chance (default: the world seed)")
    p.add_argument("--axis", action="append", metavar="NAME=VALUE", help="fix an axis alternative of a scaffold")
    p.add_argument("--param", action="append", metavar="NAME=VALUE", help="fix a param of a scaffold")
    trust_argument(p)


def open_world(args: argparse.Namespace) -> World:
    """The World of ``args.path``; options an artifact cannot honour are a usage error."""
    if args.path.endswith(".json"):
        given = [f"--{name}" for name in SCAFFOLD_ONLY if getattr(args, name) is not None]
        if given:
            raise UsageError(f"worldgen play: error: {args.path} is a compiled world: its seed, axes, params and content "
                             f"were fixed when it was built, so {', '.join(given)} cannot apply (play the scaffold .wg to "
                             "choose them; --episode-seed sets the run-time chance of either)")
        from worldgen.runtime.sources import open_worlds

        return open_worlds(args.path, args.trust_edited)[0][1]
    from worldgen import load

    try:
        scaffold = load(args.path)
    except FileNotFoundError:
        raise WorldgenError(f"{args.path}: error: no such scaffold") from None
    except OSError as err:  # a folder, a file it may not read
        raise WorldgenError(f"{args.path}: error: cannot read the scaffold: {err.strerror}") from None
    axes = axis_values(scaffold.ir, assignments(args.axis, "--axis"))
    params = param_values(scaffold.ir, args.param)
    from worldgen.compiler.playdraw import playable

    return playable(scaffold.ir, _record(args, scaffold), args.seed or 0, axes, params,
                    lambda text: print(f"{args.path}: {text}", file=sys.stderr))


def _record(args: argparse.Namespace, scaffold: Scaffold) -> dict[str, Any]:
    from worldgen.compiler.packs import check_made_for, read_pack, validate_pack

    index = args.record or 0
    path = args.content or default_content(args.path, scaffold.name)
    if path is None:
        if not scaffold.ir.content:
            return {}
        from worldgen.content.generate import procedural_record

        record = procedural_record(scaffold.ir, index)
        print(f"{args.path}: no example record (content_packs/{scaffold.name}/example.json) and no --content: "
              f"playing procedural record {index} (`worldgen content {args.path} -n N -o PACK` makes a pack)",
              file=sys.stderr)
        from worldgen.content.slotreport import kinds_line

        kinds = kinds_line(scaffold.ir)
        if kinds is not None:
            print(f"{args.path}: {kinds}", file=sys.stderr)
        return record
    check_made_for(scaffold.ir, path, args.path)
    records = read_pack(path)
    if index >= len(records):
        raise UsageError(f"worldgen play: error: --record {index}: {path} holds {len(records)} record(s), "
                         f"numbered from 0 to {len(records) - 1}")
    validate_pack(scaffold.ir, [records[index]], path)
    return records[index][1]
