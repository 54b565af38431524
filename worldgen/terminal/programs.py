"""A terminal world's programs (``systemctl``, ``git``, a product's CLI) as shell commands.

A program's argv is read getopt-style into its canonical form and looked up in the world's
table; a match runs that action of the world (its ``say`` text is the program's stdout, exit 0;
a refusal is its stderr, exit 1). ``--help`` lists what the program understands. A line that is
none of its commands gets the world's ``invalid`` message, or, where the program's name is also
a built-in tool (a world's own ``cat /etc/motd``), the built-in tool runs instead.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from worldgen.codegen.fallbacks import match_fallback
from worldgen.ir.terminal import ProgramSpec
from worldgen.shell.builtins.base import Builtin, Call
from worldgen.shell.builtins.core import takes_context
from worldgen.terminal.getopt import UsageError, canonical
from worldgen.terminal.layout import Layout, meaningful

_HOLE = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def programs(layout: Layout, act: Callable[[int], tuple[bool, str]], act_args: Callable[[int, tuple], tuple[bool, str]],
             tools: dict[str, Builtin], settle: Callable[[], list[str]] = list) -> dict[str, Builtin]:
    """One shell command per program of the world (``settle()``: the world's refusals of what was
    written to its files so far, said before the program runs). ``act(binding)`` and ``act_args(action,
    args)`` run the world's rules: (happened, text said or refusal)."""
    return {name: _program(layout, name, act, act_args, tools.get(name), settle) for name in layout.programs}


def _program(layout: Layout, name: str, act, act_args, tool: Builtin | None, settle: Callable[[], list[str]]) -> Builtin:
    options, spec = layout.programs[name]

    @takes_context  # a world's `find` or `xargs` falls back to a tool that runs commands itself
    def run(call: Call, *context: Any) -> int:
        for refusal in settle():  # the files written so far are judged before a program sees them
            call.stderr.append(refusal + "\n")
        argv = [name, *call.argv[1:]]
        if "--help" in argv[1:] and "--" not in argv[1:argv.index("--help")]:
            call.out(usage(layout, name, spec))
            return 0
        try:
            key = canonical(argv, options)
        except UsageError as err:
            if tool is not None:
                return _tool(tool, call, context)
            call.stderr.append(f"{err}\nTry '{name} --help' for more information.\n")
            return 1
        key = meaningful(layout, name, key)
        b = layout.commands.get(key)
        if b is None:  # numbers typed with leading zeros (kill -s 9 0042)
            b = layout.commands.get(tuple(str(int(w)) if w.isdigit() and w.isascii() else w for w in key))
        if b is not None:
            ok, text = act(b)
        else:
            matched = _fallback(layout, key) if layout.rules.fallbacks else None
            if matched is None:
                if tool is not None:
                    return _tool(tool, call, context)
                call.stderr.append(layout.rules.invalid(call_state(call)) + "\n")
                return 1
            ok, text = act_args(*matched)
        if ok:
            if text:
                call.out(text + "\n")
            return 0
        if text:  # a refusal without words is a bare exit 1 (pgrep finding nothing)
            call.stderr.append(text + "\n")
        return 1

    return run


def _tool(tool: Builtin, call: Call, context: tuple[Any, ...]) -> int:
    """The built-in tool a program's other lines fall through to, with the shell's context if it
    runs commands itself (``find -exec``, ``xargs``)."""
    return tool(call, *context) if getattr(tool, "takes_context", False) else tool(call)


def call_state(call: Call) -> list:
    """The state a program runs in: the world file system's actor holds it."""
    return call.fs.actor.state  # type: ignore[attr-defined]


def _quoted(word: str, force: bool = False) -> str:
    """An argv word as a world command writes it: text with blanks in quotes (any text if ``force``)."""
    if force or not word or any(c.isspace() for c in word):
        return f"'{word}'" if '"' in word else f'"{word}"'
    return word


def _fallback(layout: Layout, key: tuple[str, ...]) -> tuple[int, tuple] | None:
    """The typed-argument phrasing an argv matches. The shell has taken the quotes off, so a `text`
    argument typed as one word (`git commit -m wip`, `-m "..."`) is tried quoted, word by word."""
    matched = match_fallback(layout.rules.fallbacks, " ".join(_quoted(a) for a in key))
    for i in range(1, len(key)):
        if matched is not None:
            break
        if key[i] and not any(c.isspace() for c in key[i]):
            matched = match_fallback(layout.rules.fallbacks, " ".join(_quoted(a, j == i) for j, a in enumerate(key)))
    return matched


def usage(layout: Layout, name: str, spec: ProgramSpec | None) -> str:
    """``NAME --help``: the summary, every command form (arguments by their type), the options."""
    lines = [f"Usage: {name} [OPTION]... COMMAND..." if spec and (spec.flags or spec.values) else f"Usage: {name} COMMAND..."]
    if spec and spec.summary:
        lines += ["", spec.summary]
    forms: list[str] = []
    for ai, action in enumerate(layout.rules.actions):
        if ai in layout.hooks:
            continue
        types = {p.name: (p.type.name or p.type.kind).upper() for p in action.params}
        for pattern in action.patterns:
            if pattern.split()[0] == name:
                form = "  " + _HOLE.sub(lambda m: types.get(m.group(1), m.group(1).upper()), pattern)
                if form not in forms:
                    forms.append(form)
    lines += ["", "Commands:", *(forms or ["  (none in this world)"])]
    if spec and (spec.flags or spec.values):
        lines += ["", "Options:"]
        lines += ["  " + ", ".join(g) for g in spec.flags]
        lines += ["  " + ", ".join(f"{s}=VALUE" if s.startswith("--") else f"{s} VALUE" for s in g) for g in spec.values]
    return "\n".join(lines) + "\n"
