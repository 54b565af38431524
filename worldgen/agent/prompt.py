"""What a language-model agent is told about a world: its instruction and its command syntax.

The help is derived from the world's effective rules (axes applied), so an agent on the ``terse``
interface is told ``g {to}``, not ``go {to}``: the interface axis is part of what is measured, and
the agent must be told the interface it actually has, exactly as a human player would be.
"""

from __future__ import annotations

import itertools
import re

from worldgen.ir.axes import apply_axes
from worldgen.ir.models import ActionParam, Type
from worldgen.ir.terminal import hook_action
from worldgen.ir.world import World
from worldgen.runtime.env import Env

RULES = (
    "You are playing a text world. Each of your replies is sent to the world as one command, "
    "so reply with exactly one command on a single line and nothing else: no explanation, and no quotes "
    "around the command (quotes belong only where a command takes quoted text). "
    "The world answers with what happened."
)


TERMINAL_RULES = (
    "You are at a Linux shell (bash) on the machine the task is about. Each of your replies is run as one "
    "command line, exactly as typed: pipes, redirects, globs, &&, here-documents, for and while loops, if, case, "
    "read, $(...), backticks and $((...)) work; subshells ( ... ) and functions do not. Reply with the command line only, no explanation. "
    "The answer is what the terminal prints."
)


SPELLED_OUT = 2  # a terminal world's program line with at most this many argument combinations is listed whole


def command_help(world: World) -> str:
    """One line per command phrasing, with the values each argument takes (a terminal world's
    file hooks left out: they are shell lines like any other, `cat`, `printf ... >`, `chmod`). A
    terminal world's program line whose arguments take few named values is spelled out, as a
    task's README would (`systemctl restart auth-api`, not `systemctl restart {d}  (d: one of auth-api)`)."""
    ir = apply_axes(world.scaffold, world.axes)
    hooks = {hook_action(f.name, h) for f in ir.terminal.files for h in f.hooks} if ir.terminal else set()
    lines = []
    for action in (a for a in ir.actions if a.name not in hooks):
        args = "; ".join(f"{p.name}: {_values(world, p.type)}" for p in action.params)
        named = _named_values(world, action.params) if ir.terminal else None
        for pattern in action.patterns:
            if named is not None:
                lines += [f"  {_filled(pattern, combo)}" for combo in named]
            else:
                lines.append(f"  {pattern}" + (f"    ({args})" if args else ""))
    return "\n".join(lines)


def _named_values(world: World, params: tuple[ActionParam, ...]) -> list[dict[str, str]] | None:
    """Every combination of the arguments' values, when all are named (entities, enums) and few."""
    choices: list[list[tuple[str, str]]] = []
    for p in params:
        if p.type.kind == "entity":
            values = world.entities.get(str(p.type.name), [])
        elif p.type.kind == "enum":
            values = list(next((e.members for e in world.scaffold.enums if e.name == p.type.name), ()))
        else:
            return None
        choices.append([(p.name, v) for v in values])
    combos = [dict(c) for c in itertools.product(*choices)]
    return combos if len(combos) <= SPELLED_OUT else None


def _filled(pattern: str, values: dict[str, str]) -> str:
    return re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: values.get(m.group(1), m.group(0)), pattern)


def system_prompt(world: World, instruction: str, rules: str = RULES) -> str:
    """The system message of an episode: rules of the game, the world's instruction, its commands.
    ``rules`` says how commands reach the world (a trainer whose model plays through a tool call
    needs other rules than a plain reply)."""
    if world.scaffold.terminal is not None:  # a shell: its own programs beside the usual tools
        rules = TERMINAL_RULES if rules is RULES else rules
        listing = "This machine's own programs, beside the usual tools ({arg} marks an argument; PROGRAM --help):\n"
    else:
        listing = "Commands ({arg} marks an argument):\n"
    parts = [rules, f"Goal: {instruction}" if instruction else "", listing + command_help(world)]
    return "\n\n".join(p for p in parts if p)


def opening_prompt(world: World, instruction: str | None = None) -> str:
    """``system_prompt`` with the world's opening instruction as the goal unless ``instruction``
    is given (what ``World.system_prompt`` returns)."""
    if instruction is None:
        instruction = str(Env(world).reset(seed=0)[1].get("instruction", ""))
    return system_prompt(world, instruction)


def _values(world: World, t: Type) -> str:
    match t.kind:
        case "entity":
            return "one of " + ", ".join(world.entities.get(str(t.name), []))
        case "enum":
            members = next((e.members for e in world.scaffold.enums if e.name == t.name), ())
            return "one of " + ", ".join(members)
        case "bool":
            return "true or false"
        case "str":
            return "any text, in double quotes" if t.name == "text" else "any word"
        case "int" if t.name == "octal":
            return "an octal number such as 750"
        case "int" if t.name == "hex":
            return "a hexadecimal number such as ff"
    return "a whole number"
