"""`worldgen play PATH`: play a world in the terminal, or run piped commands as a transcript.

PATH is a scaffold (``.wg``) or a world artifact (``.json``). A scaffold takes its content from
--content (a record .json, a records.jsonl or a pack folder; --record N picks one), else the
example record shipped beside it, else a procedural record (said on stderr). A world whose
interface axis renames commands starts by listing its command syntax. Lines starting with ``:``
are player commands: ``:help``, ``:commands``, ``:state`` (names, not indices), ``:restart``,
``:quit``.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, TextIO

from worldgen.errors import UsageError
from worldgen.cli.common import plural
from worldgen.cli.play_setup import open_world, world_arguments

if TYPE_CHECKING:  # loaded when a world is played, not when `worldgen --help` registers the command
    from worldgen.ir.world import World
    from worldgen.runtime.env import Env

HELP = """Type a command and press Enter. Player commands:
  :help      this help, plus the commands valid right now
  :commands  every command this world understands
  :state     the world's current state (spoilers!)
  :restart   start the episode again
  :quit      leave (Ctrl-D works too)"""
PLAYER_COMMANDS = (":commands", ":help", ":quit", ":restart", ":state")
QUIT = (":q", ":quit", ":exit")
PROMPT = "> "


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("play", help="play a world in the terminal", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    world_arguments(p)
    p.add_argument("--real", action="store_true",
                   help="a terminal world in real bash over its files (a private mount namespace; docs/terminal.md)")
    p.set_defaults(func=run)


def completion_groups(line: str, admissible: list[str], commands: list[str]) -> tuple[list[str], list[str], list[str]]:
    """The commands the typed ``line`` could become, in the order a player wants them: the ones
    valid now (in the world's order), the world's other commands, then the player commands."""
    typed = line.lower()
    valid = list(dict.fromkeys(w for w in admissible if w.lower().startswith(typed)))
    other = list(dict.fromkeys(w for w in commands if w.lower().startswith(typed) and w not in valid))
    return valid, other, [w for w in PLAYER_COMMANDS if w.startswith(typed)]


def completions(line: str, text: str, admissible: list[str], commands: list[str]) -> list[str]:
    """What Tab inserts for the word ``text`` ending the typed ``line``: the commands valid now that
    match it; if none does, every command of the world that does; else the player commands."""
    for group in completion_groups(line, admissible, commands):
        if group:
            return [w[len(line) - len(text):] for w in group]
    return []


def match_listing(line: str, admissible: list[str], commands: list[str]) -> str:
    """What a second Tab lists (readline would sort it): the commands valid now first, then the
    world's other commands that match (so the player sees what is not possible yet)."""
    valid, other, player = completion_groups(line, admissible, commands)
    heads = ("valid now", "other commands", "player commands")
    return "\n".join(f"{head}: {'  '.join(group)}" for head, group in zip(heads, (valid, other, player)) if group)


def listing_hook(env: Env, line_buffer: Callable[[], str], out: TextIO) -> Callable[[str, list[str], int], None]:
    """readline's display hook: ``match_listing`` of the typed line, then the prompt and the line
    again (readline leaves redrawing them to the hook)."""

    def show(substitution: str, matches: list[str], longest: int) -> None:
        line = line_buffer()
        out.write(f"\n{match_listing(line, env.admissible, env.commands)}\n{PROMPT}{line}")
        out.flush()

    return show


def _complete_with(env: Env) -> None:
    """History, line editing and Tab completion of the world's commands (where readline exists)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return

    def complete(text: str, i: int) -> str | None:
        if i == 0:
            found[:] = completions(readline.get_line_buffer(), text, env.admissible, env.commands)
        return found[i] if i < len(found) else None

    found: list[str] = []
    readline.set_completer_delims("")
    readline.set_completer(complete)
    readline.set_completion_display_matches_hook(listing_hook(env, readline.get_line_buffer, sys.stdout))
    readline.parse_and_bind("tab: complete")


def renames_commands(world: World) -> bool:
    """Does an axis alternative of this world replace phrasings a player would guess from the
    scaffold's own actions (a terse or tool-like interface)? Added phrasings (`also`) do not count."""
    from worldgen.ir.axes import apply_axes

    own = {(a.name, p) for a in world.scaffold.actions for p in a.patterns}
    return bool(own - {(a.name, p) for a in apply_axes(world.scaffold, world.axes).actions for p in a.patterns})


def _lines(stream: TextIO, interactive: bool) -> Iterator[str]:
    """The player's command lines; a line that opens here-documents (``cat > f <<EOF``) takes
    the lines after it up to each delimiter, as bash reads them."""
    typed = (line.rstrip("\n") for line in stream) if not interactive else _typed()
    for line in typed:
        for strip, delimiter in heredocs(line):
            for body in typed:
                line += "\n" + body
                if (body.lstrip("\t") if strip else body) == delimiter:
                    break
        yield line


def _typed() -> Iterator[str]:
    while True:
        try:
            yield input(PROMPT)
        except EOFError:
            print()
            return


_HEREDOC = re.compile(r"<<(-?)[ \t]*(['\"]?)([A-Za-z_][A-Za-z0-9_]*)\2")


def heredocs(line: str) -> list[tuple[str, str]]:
    """The here-documents a line opens, as (``-`` or ``""``, delimiter): each ``<<`` outside
    quotes and comments that is not a here-string (``<<<``)."""
    found, quote, i = [], "", 0
    while i < len(line):
        c = line[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1] in " \t;|&("):
            break
        elif line.startswith("<<<", i):
            i += 3
            continue
        elif line.startswith("<<", i):
            m = _HEREDOC.match(line, i)
            if m is not None:
                found.append((m.group(1), m.group(3)))
                i = m.end()
                continue
        i += 1
    return found


def _player_command(command: str, terminal: bool, table: dict[str, int]) -> bool:
    """Is the line one of play's own commands? In a terminal world only their exact words are
    (``: > log`` and ``help`` are shell lines there); in other worlds any ``:word`` is, and ``help``
    when the world has no such command."""
    if terminal:
        return command.lower() in PLAYER_COMMANDS or command.lower() in QUIT
    return command.startswith(":") or (command.lower() == "help" and "help" not in table)


def _steps(n: int) -> str:
    return plural(n, "step")


def run(args: argparse.Namespace) -> int:
    world = open_world(args)
    if args.real and world.scaffold.terminal is None:
        raise UsageError(f"worldgen play: error: --real runs a terminal world in real bash; {world.scaffold.name} has no files block")
    env = world.env(shell="real" if args.real else "emulated")
    try:
        return _play(world, env, args)
    finally:
        env.close()


def _play(world: World, env: Env, args: argparse.Namespace) -> int:
    from worldgen.agent.prompt import command_help
    from worldgen.runtime.named import named_state

    interactive = sys.stdin.isatty()
    seed = args.episode_seed if args.episode_seed is not None else world.seed
    obs, info = env.reset(seed=seed)
    title = world.scaffold.title
    drawn = "".join(f", {k}={v}" for k, v in {**world.params, **world.axes}.items())
    print(f"== {title} ==  (world {world.scaffold.name}, seed {world.seed}{drawn})")
    if world.scaffold.terminal is not None:
        programs = ", ".join(sorted(env.rules.layout.programs)) or "none"
        face = "real bash over the world's files (a private mount namespace)" if args.real else \
            "shell commands over the world's files (pipes, globs, redirects)"
        print(f"A terminal: {face}; its programs: {programs} (PROGRAM --help lists what each understands).")
    elif renames_commands(world):
        print("This interface has its own commands ({arg} marks an argument):\n" + command_help(world))
    if interactive:
        _complete_with(env)
        print("Type :help for help; Tab completes commands.")
    print(obs)
    total, over = 0.0, False
    for line in _lines(sys.stdin, interactive):
        command = line.strip()
        if not command:
            continue
        if not interactive:
            print(f"> {command}")
        if _player_command(command, world.scaffold.terminal is not None, env.rules.table):
            word = command.lstrip(":").lower()
            if f":{word}" in QUIT:
                break
            if word == "restart":
                obs, info = env.reset(seed=seed)
                total, over = 0.0, False
                print(obs)
            elif word == "state":
                print(json.dumps(named_state(world, env.state()), indent=2, ensure_ascii=False))
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
        terminal = world.scaffold.terminal is not None  # a game's invalid command is no shell's exit 1
        if obs or not terminal:
            print(obs)
        status = f", exit {info['exit_status']}" if info["exit_status"] and terminal else ""
        if reward:
            print(f"  [reward {reward:+g}, return {total:+g}, step {info['step']}/{env.horizon}{status}]")
        elif status:
            print(f"  [{status[2:]}]")
        if terminated or truncated:
            over = True
            if info.get("success"):
                print(f"*** Solved in {_steps(info['step'])}. Return {total:+g}. ***")
            elif terminated:
                print(f"*** The episode ended without success after {_steps(info['step'])}. Return {total:+g}. ***")
            else:
                print(f"*** Out of steps ({env.horizon}). Return {total:+g}. ***")
    return 0
