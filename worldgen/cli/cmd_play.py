"""`worldgen play PATH`: play a world in the terminal, or run piped commands as a transcript.

PATH is a scaffold (``.wg``, with ``--content`` or the example record shipped beside it) or a
world artifact (``.json``). Lines starting with ``:`` are player commands: ``:help``,
``:state``, ``:restart``, ``:quit``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from worldgen.cli.common import assignments, default_content, plural, read_json, trust_argument, typed_params, whole_number
from worldgen.errors import WorldgenError
from worldgen.ir.world import World

HELP = """Type a command and press Enter. Player commands:
  :help      this help, plus the commands valid right now
  :commands  every command this world understands
  :state     the world's current state (spoilers!)
  :restart   start the episode again
  :quit      leave (Ctrl-D works too)"""


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a world in the terminal", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("path", metavar="PATH", help="a scaffold .wg or a world artifact .json")
    p.add_argument("--content", metavar="RECORD.json", help="content record for a scaffold")
    p.add_argument("--seed", type=whole_number(0), default=0, help="world seed (default 0)")
    p.add_argument("--episode-seed", type=whole_number(0), default=None, help="seed of run-time chance (default: the world seed)")
    p.add_argument("--axis", action="append", metavar="NAME=VALUE", help="fix an axis alternative")
    p.add_argument("--param", action="append", metavar="NAME=VALUE", help="fix a param")
    trust_argument(p)
    p.set_defaults(func=run)


def open_world(args: argparse.Namespace) -> World:
    """A World from PATH: an artifact as is, or a scaffold instantiated with content and seed."""
    if args.path.endswith(".json"):
        from worldgen.runtime.sources import open_worlds

        return open_worlds(args.path, args.trust_edited)[0][1]
    from worldgen import load

    try:
        scaffold = load(args.path)
    except FileNotFoundError:
        raise WorldgenError(f"{args.path}: error: no such scaffold") from None
    content_path = args.content or default_content(args.path, scaffold.name)
    if content_path is None and scaffold.ir.content:
        raise WorldgenError(f"{args.path}: error: no content record; pass --content RECORD.json")
    record = read_json(content_path, "content record") if content_path else {}
    if content_path:
        from worldgen.compiler.packs import validate_pack

        validate_pack(scaffold.ir, [(Path(content_path).stem, record)], content_path)
    try:
        axes = assignments(getattr(args, "axis", None), "--axis")
        params = typed_params(assignments(getattr(args, "param", None), "--param"))
    except argparse.ArgumentTypeError as err:
        print(f"worldgen play: error: {err}", file=sys.stderr)
        raise SystemExit(2) from None
    return scaffold.instantiate(record, seed=args.seed, axes=axes, params=params)


def _complete_with(commands: list[str]) -> None:
    """History, line editing and Tab completion of the world's commands (where readline exists)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    words = sorted(set(commands) | {":help", ":commands", ":state", ":restart", ":quit"})

    def complete(text: str, i: int) -> str | None:
        line = readline.get_line_buffer().lower()
        matches = [w[len(line) - len(text):] for w in words if w.startswith(line)]
        return matches[i] if i < len(matches) else None

    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.parse_and_bind("tab: complete")


def _lines(stream: TextIO, interactive: bool) -> Iterator[str]:
    if not interactive:
        yield from (line.rstrip("\n") for line in stream)
        return
    while True:
        try:
            yield input("> ")
        except EOFError:
            print()
            return


def _steps(n: int) -> str:
    return plural(n, "step")


def run(args: argparse.Namespace) -> int:
    world = open_world(args)
    env = world.env()
    interactive = sys.stdin.isatty()
    seed = args.episode_seed if args.episode_seed is not None else world.seed
    obs, info = env.reset(seed=seed)
    title = world.scaffold.title
    drawn = "".join(f", {k}={v}" for k, v in {**world.params, **world.axes}.items())
    print(f"== {title} ==  (world {world.scaffold.name}, seed {world.seed}{drawn})")
    if interactive:
        _complete_with(env.commands)
        print("Type :help for help; Tab completes commands.")
    print(obs)
    total, over = 0.0, False
    for line in _lines(sys.stdin, interactive):
        command = line.strip()
        if not command:
            continue
        if not interactive:
            print(f"> {command}")
        if command.startswith(":") or (command.lower() == "help" and "help" not in env.rules.table):
            word = command.lstrip(":").lower()
            if word in ("q", "quit", "exit"):
                break
            if word == "restart":
                obs, info = env.reset(seed=seed)
                total, over = 0.0, False
                print(obs)
            elif word == "state":
                print(json.dumps(env.state(), indent=2))
            elif word == "commands":
                print("\n".join(env.commands))
            else:
                print(HELP)
                print("Valid now: " + (", ".join(env.admissible) or "nothing"))
            continue
        if over:
            print("The episode is over. :restart to play again, :quit to leave.")
            continue
        obs, reward, terminated, truncated, info = env.step(command)
        total += reward
        print(obs)
        if reward:
            print(f"  [reward {reward:+g}, return {total:+g}, step {info['step']}/{env.horizon}]")
        if terminated or truncated:
            over = True
            if info.get("success"):
                print(f"*** Solved in {_steps(info['step'])}. Return {total:+g}. ***")
            elif terminated:
                print(f"*** The episode ended without success after {_steps(info['step'])}. Return {total:+g}. ***")
            else:
                print(f"*** Out of steps ({env.horizon}). Return {total:+g}. ***")
    return 0
