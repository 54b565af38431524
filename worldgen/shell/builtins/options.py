"""getopt-style option parsing shared by the built-ins, with GNU's messages.

GNU tools permute: options may follow operands (``ls dir -l``) until ``--``. A tool describes
its options once (``Options("laR", {"all": "a"})``, compiled at import) and each call parses
argv against it; a bad option is reported as GNU does and the tool exits with its usage status.
"""

from __future__ import annotations

from worldgen.shell.builtins.base import Call

Parsed = tuple[list[tuple[str, str | None]], list[str]]


class Options:
    """``short``: letters, a letter followed by ``:`` takes an argument (``"n:v"``). ``long``:
    long name -> key reported for it (usually its short letter); a name ending in ``=`` takes an
    argument (``{"lines=": "n", "all": "a"}``)."""

    def __init__(self, short: str, long: dict[str, str] | None = None):
        self.short: dict[str, bool] = {}
        for i, ch in enumerate(short):
            if ch != ":":
                self.short[ch] = short[i + 1 : i + 2] == ":"
        self.long: dict[str, tuple[str, bool]] = {}
        for name, key in (long or {}).items():
            self.long[name.rstrip("=")] = (key, name.endswith("="))

    def parse(self, call: Call, args: list[str] | None = None) -> Parsed | None:
        """(options in order as (key, argument or None), operands) of ``args`` (by default
        ``call.argv[1:]``); None after printing GNU's complaint (``ls: invalid option -- 'Z'``
        and the ``Try`` line)."""
        opts: list[tuple[str, str | None]] = []
        operands: list[str] = []
        args = call.argv[1:] if args is None else args
        i = 0
        while i < len(args):
            arg = args[i]
            i += 1
            if arg == "--":
                operands.extend(args[i:])
                break
            if arg.startswith("--"):
                problem, i = self._long(arg[2:], args, i, opts)
            elif arg.startswith("-") and arg != "-":
                problem, i = self._short(arg, args, i, opts)
            else:
                operands.append(arg)
                continue
            if problem:
                usage(call, problem)
                return None
        return opts, operands

    def _long(self, text: str, args: list[str], i: int, opts: list) -> tuple[str, int]:
        name, eq, value = text.partition("=")
        if name in self.long:
            matches = [name]
        else:
            matches = [n for n in self.long if n.startswith(name)]
            if len({self.long[n] for n in matches}) > 1:
                listed = " ".join(f"'--{n}'" for n in matches)
                return f"option '--{name}' is ambiguous; possibilities: {listed}", i
        if not matches:
            return f"unrecognized option '--{text}'", i
        full = matches[0]
        key, takes = self.long[full]
        if not takes:
            if eq:
                return f"option '--{full}' doesn't allow an argument", i
            opts.append((key, None))
        elif eq:
            opts.append((key, value))
        elif i < len(args):
            opts.append((key, args[i]))
            i += 1
        else:
            return f"option '--{full}' requires an argument", i
        return "", i

    def _short(self, arg: str, args: list[str], i: int, opts: list) -> tuple[str, int]:
        for j in range(1, len(arg)):
            ch = arg[j]
            if ch not in self.short:
                return f"invalid option -- '{ch}'", i
            if not self.short[ch]:
                opts.append((ch, None))
            elif j + 1 < len(arg):
                opts.append((ch, arg[j + 1 :]))
                break
            elif i < len(args):
                opts.append((ch, args[i]))
                i += 1
            else:
                return f"option requires an argument -- '{ch}'", i
        return "", i


def usage(call: Call, problem: str) -> None:
    """GNU's two lines for a command line it cannot use."""
    call.err(problem)
    call.stderr.append(f"Try '{call.name} --help' for more information.\n")


def decimal(text: str) -> int | None:
    """An option's unsigned decimal argument (ASCII digits only, as GNU reads them), or None.
    A number too long to matter comes back as 10**20, so a tool can say it is out of range
    without converting a megabyte of digits."""
    if not text or not text.isascii() or not text.isdigit():
        return None
    digits = text.lstrip("0") or "0"
    return 10**20 if len(digits) > 20 else int(digits)
